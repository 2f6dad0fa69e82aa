"""What a player hears of online play: the table's news, chat, the connection, and
the invite code, each in the player's own language.

The server sends facts (a kind of news, a seat, a name); the words are made
here, for each listener: a German and an English player at one table hear the
same news each in their own words.

>>> from sniff.i18n import Translator
>>> OnlineWords(Translator.null()).spelled("K7QD-3MXA")
'K, 7, Q, D, dash, 3, M, X, A'
"""

from __future__ import annotations

from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.enums import Cue, NewsKind
from sniff.i18n import Translator

__all__ = ["OnlineWords"]


def _say(
    text: str,
    kind: UtteranceKind = UtteranceKind.ONLINE,
    *,
    interrupt: bool = False,
    cue: Cue | None = None,
) -> Utterance:
    return Utterance(sentences(text), interrupt=interrupt, cue=cue, kind=kind)


class OnlineWords:
    """The sentences of online play, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    # -- the code -----------------------------------------------------------------------

    def spelled(self, code: str) -> str:
        """The code letter by letter, for reading it out ("K, 7, Q, D, dash, ...")."""
        # Translators: the hyphen in the middle of a table's code, spelled out.
        dash = self.tr._("dash")
        return ", ".join(dash if c == "-" else c for c in code)

    def hosting(self, address: str, code: str) -> Utterance:
        """The host hears where the table is and its code, to pass on."""
        # Translators: after "sniff host"; {address} is where others connect, {code} the
        # table's code, {spelled} the code letter by letter.
        text = self.tr._(
            "your table is open at {address}. Its code is {code}: {spelled}. "
            "The others join with: sniff join {code} --server {address}"
        )
        return _say(
            text.format(address=address, code=code, spelled=self.spelled(code)), interrupt=True
        )

    def code_is(self, code: str) -> Utterance:
        # Translators: the key that says the table's code again; {spelled}: letter by letter.
        text = self.tr._("the table's code is {code}: {spelled}")
        return _say(text.format(code=code, spelled=self.spelled(code)), interrupt=True)

    def waiting(self, missing: int, code: str) -> Utterance:
        """Before the game: how many seats are still free."""
        # Translators: before an online game starts; {n} players still to join.
        text = self.tr.ngettext(
            "waiting for {n} more player to join with the code {code}",
            "waiting for {n} more players to join with the code {code}",
            missing,
        )
        return _say(text.format(n=missing, code=code), interrupt=True)

    def listen_question(self, address: str) -> Utterance:
        """Before the game listens beyond this computer (``sniff host --listen``)."""
        # Translators: a question before `sniff host` lets others on the network connect.
        text = self.tr._(
            "others on your network will be able to reach this game at {address}. Open it? "
            "Y: yes. N: no"
        )
        return _say(text.format(address=address), interrupt=True, kind=UtteranceKind.QUESTION)

    def connecting(self, server: str) -> Utterance:
        # Translators: while the game connects to a server.
        return _say(self.tr._("connecting to {server}").format(server=server), interrupt=True)

    # -- news ---------------------------------------------------------------------------

    def news(
        self,
        kind: NewsKind,
        name: str,
        *,
        mine: bool = False,
        text: str = "",
        count: int = 0,
        winner_side: str = "",
    ) -> Utterance | None:
        """One piece of the table's news (None: nothing to say of it).

        *name* is the player concerned, *mine* whether it is the listener."""
        tr = self.tr
        if kind is NewsKind.JOINED:
            if mine:
                return None
            # Translators: a player sat down at the online table.
            return _say(tr._("{player} joined the table").format(player=name), cue=Cue.TURN)
        if kind is NewsKind.DROPPED:
            # Translators: a player's connection dropped (said about 2 seconds later).
            return _say(tr._("{player}'s connection dropped").format(player=name), cue=Cue.INVALID)
        if kind is NewsKind.BACK:
            if mine:
                return None
            # Translators: a player whose connection dropped is back at the table.
            return _say(tr._("{player} is back").format(player=name))
        if kind is NewsKind.STAND_IN:
            if mine:
                # Translators: you were away too long: a bot plays for you until you are back.
                return _say(tr._("you were away: a bot played for you meanwhile"))
            # Translators: a player is away: a bot plays for them until they are back.
            away = tr._("{player} is away: a bot plays for them until they are back")
            return _say(away.format(player=name))
        if kind is NewsKind.TIMED_OUT:
            if mine:
                # Translators: your turn timer ran out.
                ran_out = tr._("your time ran out: a bot played this turn for you")
                return _say(ran_out, cue=Cue.INVALID)
            # Translators: another player's turn timer ran out.
            return _say(tr._("{player}'s time ran out: a bot plays this turn").format(player=name))
        if kind is NewsKind.STARTED:
            # Translators: every seat of the online table is taken: the game begins.
            return _say(tr._("everyone is here: the game begins"), cue=Cue.TURN)
        if kind is NewsKind.WAITING_READY:
            # Translators: between rounds online: how many players have not pressed Enter yet.
            text_ = tr.ngettext(
                "waiting for {n} player to be ready for the next round",
                "waiting for {n} players to be ready for the next round",
                count,
            )
            return _say(text_.format(n=count))
        if kind is NewsKind.OVER:
            # Translators: the online game is over (its record follows).
            return _say(tr._("the game is over: the table closes"))
        if kind is NewsKind.CHAT:
            if mine:
                # Translators: your own chat message, as the table heard it.
                return _say(tr._("you said: {text}").format(text=text), kind=UtteranceKind.CHAT)
            return _say(
                # Translators: a chat message from a player at the table.
                tr._("{player} says: {text}").format(player=name, text=text),
                kind=UtteranceKind.CHAT,
            )
        if kind is NewsKind.CONNECTION_LOST:
            # Translators: the connection to the server dropped; the game tries again.
            return _say(tr._("the connection to the server dropped: trying again"), cue=Cue.INVALID)
        if kind is NewsKind.RECONNECTING:
            # Translators: the player asked to try the connection again.
            return _say(tr._("trying to reach the server again"))
        if kind is NewsKind.RECONNECTED:
            # Translators: the connection to the server is back.
            return _say(tr._("connected again: you are back at your seat"), cue=Cue.TURN)
        if kind is NewsKind.GAVE_UP:
            # Translators: the connection could not be made again for 30 seconds.
            gone = tr._(
                "the server cannot be reached. Your seat is kept: Enter tries again, Q quits"
            )
            return _say(gone, cue=Cue.INVALID, interrupt=True)
        if kind is NewsKind.NOT_CONNECTED:
            # Translators: an acting key while the connection is being made again.
            return _say(tr._("not connected yet: wait a moment"), cue=Cue.INVALID, interrupt=True)
        if kind is NewsKind.TABLE_GONE:
            # Translators: the server no longer keeps this table.
            return _say(tr._("this table has ended on the server"), cue=Cue.INVALID)
        if kind is NewsKind.ERROR:
            return self.refused(text)
        if kind is NewsKind.BAD_FRAME:
            # Translators: the server sent something the game cannot read; it was ignored.
            return _say(tr._("the server sent something this game cannot read; it was ignored"))
        return None

    def refused(self, code: str) -> Utterance:
        """Why the server refused what the player sent (its code)."""
        tr = self.tr
        texts = {
            # Translators: the server refused: too many messages at once.
            "rate": tr._("too many keys at once: the server asks you to slow down"),
            # Translators: the server refused a chat message: one at a time.
            "chat-rate": tr._("one chat message at a time: wait a moment"),
            # Translators: the online game has not started yet.
            "not-started": tr._("not yet: the game starts when every seat is taken"),
            # Translators: a spectator tried to act.
            "spectator": tr._("you are watching: a spectator cannot play"),
            # Translators: the record is only given after the game.
            "not-over": tr._("the game's record comes after the game"),
        }
        # Translators: the server refused what was sent; {code} names why.
        text = texts.get(code) or tr._("the server refused that ({code})").format(code=code)
        return _say(text, cue=Cue.INVALID, interrupt=True)

    def cannot_sit(self, code: str, detail: str) -> Utterance:
        """Why the game could not sit down at the table."""
        tr = self.tr
        texts = {
            # Translators: the server could not be reached; {detail} is the system's reason.
            "unreachable": tr._("the server cannot be reached ({detail})"),
            # Translators: the server speaks another version of the protocol.
            "version": tr._("the server is of another version: update the game ({detail})"),
            # Translators: no table has this code.
            "no-table": tr._("no table has this code: check it letter by letter"),
            # Translators: every seat of the table is taken.
            "table-full": tr._("every seat of this table is taken: you can watch it instead"),
            # Translators: the seat kept for this player is gone (the table ended).
            "no-seat": tr._("your seat is no longer kept: the table has ended"),
            # Translators: too many wrong codes from this computer.
            "rate": tr._("too many wrong codes: wait a minute and try again"),
            # Translators: the server holds all the tables it can.
            "full": tr._("the server holds all the tables it can: try again later"),
            # Translators: this computer has opened enough tables on the server.
            "too-many-tables": tr._("you have enough tables open on this server"),
            # Translators: the table's rules could not be played.
            "bad-rules": tr._("these rules cannot be played: {detail}"),
            # Translators: the name chosen has no letter or digit.
            "bad-name": tr._("a name needs at least one letter or digit"),
            # Translators: sniff host, while another game on this computer is hosting tables
            # from the same data folder; {detail} is that folder.
            "data-in-use": tr._(
                "another game is hosting tables from the data folder {detail}: end it first"
            ),
        }
        # Translators: the server refused to seat the player; {detail} says why.
        text = texts.get(code) or tr._("the server said no: {detail}")
        return _say(text.format(detail=detail), cue=Cue.INVALID, interrupt=True)

    def record_kept(self, path: str) -> Utterance:
        """After an online game: where its record was kept."""
        # Translators: after an online game; {file} is where its record was written.
        text = self.tr._("the game's record is kept as {file}; sniff replay replays it")
        return _say(text.format(file=path))

    def record_not_kept(self, detail: str) -> Utterance:
        # Translators: the online game's record could not be written; {detail} says why.
        text = self.tr._("the game's record could not be kept: {detail}")
        return _say(text.format(detail=detail), cue=Cue.INVALID)

    # -- keys -------------------------------------------------------------------------------

    def code_key(self) -> str:
        # Translators: help for the key that says the table's code again.
        return self.tr._("the table's code, letter by letter")

    def waiting_key(self) -> str:
        # Translators: help for the key that says who is still missing before the game.
        return self.tr._("how many players are still missing")

    def chat_key(self) -> str:
        # Translators: help for the chat key at an online table.
        return self.tr._("say something to the table")

    # -- chat -------------------------------------------------------------------------------

    def chat_prompt(self) -> Utterance:
        # Translators: the chat key: what to do now.
        return _say(self.tr._("say to the table: type, then Enter; Escape: cancel"), interrupt=True)

    def space(self) -> str:
        # Translators: the echo of the space key while typing a chat message.
        return self.tr._("space")

    def chat_cancelled(self) -> Utterance:
        # Translators: the chat was left without sending.
        return _say(self.tr._("nothing said"), interrupt=True)
