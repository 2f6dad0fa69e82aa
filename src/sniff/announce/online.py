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

from collections.abc import Sequence

from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.announce.words import Words
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

    def hosting_again(self, address: str, code: str) -> Utterance:
        """The host is back at the table their game keeps (it was not over)."""
        # Translators: sniff host again while the host's table was still going: the game
        # takes them back to it; {address} and {code} as when it was opened.
        text = self.tr._(
            "your table {code} is still going, and you are back in your seat. It is open "
            "at {address}; the others come back with: sniff join {code} --server {address}"
        )
        return _say(text.format(address=address, code=code), interrupt=True)

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
        if kind is NewsKind.NOT_READY:
            # Translators: between rounds online, the turn timer ran out before every
            # player pressed Enter; {n} is how many were not ready.
            text_ = tr.ngettext(
                "{n} player was not ready in time: the next round is dealt",
                "{n} players were not ready in time: the next round is dealt",
                count,
            )
            return _say(text_.format(n=count), cue=Cue.INVALID)
        if kind is NewsKind.LEFT:
            if mine:
                return None
            # Translators: a player left the online table for good.
            gone = tr._("{player} left the table: a bot plays their seat to the end")
            return _say(gone.format(player=name), cue=Cue.INVALID)
        if kind is NewsKind.ENDED:
            if mine:
                # Translators: you, the host, ended the online table for everyone.
                return _say(tr._("you ended the table; the game's record is kept"))
            # Translators: the host ended the online table for everyone.
            ended = tr._("{player} ended the table; the game's record is kept")
            return _say(ended.format(player=name), cue=Cue.INVALID)
        if kind is NewsKind.ROUND_LIMIT:
            # Translators: an online game that never reached its target ends after {n}
            # rounds (the most a table plays).
            text_ = tr._("{n} rounds played and nobody has reached the target: the game ends here")
            return _say(text_.format(n=count), cue=Cue.INVALID)
        if kind is NewsKind.CLOSING:
            # Translators: the server stops (its operator stopped it, or the host closed
            # their game); the table is kept on it.
            text_ = tr._("the server is stopping; the table is kept for when it is back")
            return _say(text_, cue=Cue.INVALID)
        if kind is NewsKind.TAKEN_OVER:
            # Translators: the same seat was opened in another window or on another
            # computer, which took it over; this one stops.
            text_ = tr._("this seat was opened somewhere else, which has it now; Q quits here")
            return _say(text_, cue=Cue.INVALID, interrupt=True)
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

    def words_failed(self) -> Utterance:
        """What a player hears where the game failed to put a step into words (a fault
        of the game, in its log): never silence."""
        # Translators: the game failed to put what just happened into words (a fault of
        # the game); the table is drawn and the fact keys still answer.
        text = self.tr._(
            "the game could not put what just happened into words; the keys still answer"
        )
        return _say(text, cue=Cue.INVALID)

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
            # Translators: a player who is not the table's host tried to end the table.
            "not-host": tr._("only the table's host can end it"),
        }
        # Translators: the server refused what was sent; {code} names why.
        text = texts.get(code) or tr._("the server refused that ({code})").format(code=code)
        return _say(text, cue=Cue.INVALID, interrupt=True)

    def cannot_sit(self, code: str, detail: str, *, terminal: bool = True) -> Utterance:
        """Why the game could not sit down at the table (*terminal*: says the command
        that does instead, where the page has its own buttons)."""
        tr = self.tr
        texts = {
            # Translators: the server could not be reached, for no reason the system named
            # (no network, no route); Enter tries again.
            "unreachable": tr._(
                "the server cannot be reached: check the network and the address, "
                "then Enter tries again"
            ),
            # Translators: nothing listens at the server's address and port (connection
            # refused).
            "refused": tr._(
                "no server answers at this address: check the address and its port, and "
                "that the server is running; Enter tries again"
            ),
            # Translators: the server's host name could not be found (DNS).
            "no-such-host": tr._(
                "there is no computer of that name: check how the address is written, and "
                "the network; Enter tries again"
            ),
            # Translators: the server did not answer in time.
            "timed-out": tr._(
                "the server did not answer in time: check the address and the network; "
                "Enter tries again"
            ),
            # Translators: the secure connection (wss://, https://) to the server failed.
            "tls": tr._(
                "the secure connection to the server failed (its certificate could not be "
                "checked): check the address, or ask whoever runs the server"
            ),
            # Translators: something answered at the address, but not a Sniff server.
            "not-a-server": tr._(
                "something answers at this address, but not a Sniff server: check the "
                "address and its port"
            ),
            # Translators: the host's own game could not listen: the port is in use.
            "port-in-use": tr._(
                "another program already listens on this port: choose another with --port"
            ),
            # Translators: the host's own game could not listen on the address asked for.
            "cannot-listen": tr._(
                "the game cannot listen for the others on this address: check --listen and --port"
            ),
            # Translators: too many connections from this computer.
            "busy": tr._("too many connections from this computer: wait a moment and try again"),
            # Translators: the server speaks another version of the protocol.
            "version": tr._("the server is of another version: update the game"),
            # Translators: no table has this code.
            "no-table": tr._("no table has this code: check it letter by letter"),
            # Translators: every seat of the table is taken.
            "table-full": tr._(
                "every seat of this table is taken: sniff join with its code and --watch "
                "listens to it instead"
            )
            if terminal
            # Translators: every seat of the table is taken (said on the web page).
            else tr._("every seat of this table is taken: you can watch it instead"),
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
            # Translators: a name or a code sent to the server was far too long.
            "too-long": tr._("too long: a name takes at most 20 characters, a table's code 9"),
        }
        # Translators: the server refused to seat the player for a reason this game does
        # not know; {detail} is the server's code for it.
        text = texts.get(code) or tr._("the server refused the seat ({detail})")
        if code not in texts:
            detail = code
        return _say(text.format(detail=detail), cue=Cue.INVALID, interrupt=True)

    # -- leaving ------------------------------------------------------------------------------

    def opening_table(self) -> Utterance:
        # Translators: sniff host, while the game opens its own table for the others.
        return _say(self.tr._("opening your table"))

    def _others(self, names: Sequence[str]) -> str:
        if not names:
            # Translators: Q at an online table where no other person is still playing.
            return self.tr._("no one else is playing now")
        # Translators: Q at an online table: who is still playing ("Ben and Anna").
        text = self.tr.ngettext("{names} is still playing", "{names} are still playing",
                                len(names))  # fmt: skip
        return text.format(names=Words(self.tr).join(list(names)))

    def leave_question(self, names: Sequence[str], code: str) -> Utterance:
        """Q at an online table, for a guest: what becomes of their seat."""
        # Translators: Q at an online table (a guest); {others} says who still plays.
        text = self.tr._(
            "Leave the table? {others}. A bot plays your seat until you come back with "
            "sniff join {code}. Y: leave. N: play on"
        )
        return _say(text.format(others=self._others(names), code=code), interrupt=True)

    def end_question(self, names: Sequence[str]) -> Utterance:
        """Q for the host of a table their own game serves: it ends with them."""
        # Translators: Q for the host whose own game serves the online table.
        text = self.tr._(
            "End the table and quit? {others}. The table lives in your game, so it ends "
            "for everyone; its record is kept. Y: end it. N: play on"
        )
        return _say(text.format(others=self._others(names)), interrupt=True)

    def host_leave_question(self, names: Sequence[str]) -> Utterance:
        """Q for the host of a table on a server: a bot for their seat, or the end."""
        # Translators: Q for the host of an online table on a server.
        text = self.tr._(
            "Leave the table? {others}. B: a bot plays your seat to the end. E: end the "
            "table for everyone; its record is kept. N: play on"
        )
        return _say(text.format(others=self._others(names)), interrupt=True)

    def bot_key(self) -> str:
        # Translators: help for B when leaving an online table: a bot takes the seat.
        return self.tr._("a bot plays your seat to the end")

    def end_key(self) -> str:
        # Translators: help for E when leaving an online table: it ends for everyone.
        return self.tr._("end the table for everyone")

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
