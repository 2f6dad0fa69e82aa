"""One seat's presenter: what a seat hears and has selected, built once.

A :class:`SeatPresenter` has no transport and keeps no game: it is handed the
seat's updates, refusals and news (and its view, for each key) and returns
the utterances that seat hears, in its language and verbosity. It keeps what
is the seat's own rather than the game's: the selected tile and end, the
digits typed (:class:`~sniff.announce.selection.Selection`), the pages of
the unseen tiles, what the seat has been told (for "since my last move"),
whether the muggins rule's help was said, and the hints used.

The terminal game (at home and online) and the server's words for a web page
both use it, fed from the update itself, so a sentence, a key or a rule of
who hears what changed here changes for every client. Each client adds only
what its transport needs: the terminal says the words and keeps what was not
heard (``ui/game/owed.py``); the server sends them in a ``say`` frame.

>>> from sniff.engine import Game, preset, observe
>>> from sniff.i18n import Translator
>>> from sniff.storage.records import PlayerInfo
>>> game = Game(preset("sniff"), 2, seed=1)
>>> seat = SeatPresenter(Translator.null(), 0, (PlayerInfo("Ada", "human"),
...                      PlayerInfo("Anna", "bot", "expert")), game.rules)
>>> told = seat.opening(observe(game, 0), game.log)
>>> told.events[0].text
'New game: You and Anna (expert); Sniff, to 200 points.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from sniff.announce.announcer import Announcer
from sniff.announce.answers import Answers
from sniff.announce.catchup import CatchUpWords
from sniff.announce.commands import FACTS, PUBLIC_FACTS, Command
from sniff.announce.events import EventWords, Scene
from sniff.announce.game_ui import GameTexts
from sniff.announce.hints import HintWords
from sniff.announce.menu import MenuWords
from sniff.announce.online import OnlineWords
from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.selection import DIGIT_WAIT, Selection, refusal
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.announce.web import WebWords
from sniff.engine import (
    ACTIVE,
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    Claimed,
    Dealt,
    Drew,
    Event,
    Layout,
    Move,
    MugginsCalled,
    Observation,
    Passed,
    Phase,
    Played,
    Refusal,
    RuleSet,
)
from sniff.enums import NewsKind, SeatKind, Verbosity
from sniff.i18n import Translator
from sniff.session.game import bot_name
from sniff.session.hints import Hint
from sniff.session.link import News
from sniff.session.table import Update
from sniff.storage.records import PlayerInfo

__all__ = ["AfterGame", "Reply", "SeatPresenter", "Told"]

#: The seat's own actions (what "since your last move" counts from).
_OWN = (Played, Passed, Drew, Claimed, MugginsCalled)


class AfterGame(str, Enum):
    """What Enter does once the game is over, where the seat plays."""

    NEW_GAME = "new-game"  # the terminal at home: another game (Q quits)
    LEAVE = "leave"  # the terminal online: nothing; Q leaves the table
    START_PAGE = "start-page"  # the web page: back to its start page

    def __str__(self) -> str:
        return self.value


@dataclass
class Told:
    """What a seat hears of one step (or of sitting down): *events*, what happened;
    *prompt*, what it is to do now; *waits*, whether the game waits for it now (its
    turn, or between rounds); *own*, whether the step was its own action; *recap*,
    the others' last play, said in the prompt instead of on its own (its utterance
    among the events keeps only its sound)."""

    events: list[Utterance]
    prompt: list[Utterance]
    waits: bool
    own: bool = False
    recap: str | None = None

    @property
    def said(self) -> list[Utterance]:
        return [*self.events, *self.prompt]


@dataclass
class Reply:
    """What a key of the seat comes to: words to say, and what the client does.

    *action* goes to the table; *ready*: the seat is ready for the next round;
    *after_game*: Enter after the game (the client's own next step); *wait*:
    call :meth:`SeatPresenter.digit_alone` with *token* after that many seconds;
    *hint*: start the hint's search; *handled*: False when the key did nothing
    here (the client may say so)."""

    said: list[Utterance] = field(default_factory=list)
    action: Action | None = None
    ready: bool = False
    after_game: bool = False
    wait: float | None = None
    token: int = 0
    hint: bool = False
    handled: bool = True


class SeatPresenter:
    """What one seat (None: a spectator) hears and has selected (see the module
    docstring)."""

    #: The seat's selected tile and end, and the digits typed.
    selection: Selection

    def __init__(
        self,
        tr: Translator,
        seat: int | None,
        players: Sequence[PlayerInfo],
        rules: RuleSet,
        *,
        verbosity: Verbosity | str = Verbosity.NORMAL,
        after_game: AfterGame = AfterGame.NEW_GAME,
    ) -> None:
        self.seat = seat
        self.players = tuple(players)
        self.rules = rules
        self.after_game = after_game
        self._verbosity = Verbosity(verbosity)
        self.claim_help_given = False
        self.muggins_help_given = False
        self.unseen_page = 0
        self.hints_used = 0
        self.hint_limit: int | None = None  # hints a game may use (None: no limit)
        self.hinting = False
        self.last: list[Utterance] = []  # what R says again (the page's)
        self.log: list[Event] = []  # everything the seat was told, as it may see it
        self._mine_at = 0  # where the seat's own last action ends in the log
        self._history: list[Event] = []  # a spectator's round so far
        self._layout = Layout.empty(rules.spinner)  # a spectator's layout
        self.set_translator(tr)

    # -- who is who, in which words ------------------------------------------------------

    def set_translator(self, tr: Translator) -> None:
        """Speak *tr*'s language from now on (the selection is kept)."""
        self.tr = tr
        self.texts = GameTexts(tr)
        self.online = OnlineWords(tr)
        self.names = self._names()
        sides = self.rules.sides(len(self.players))
        if self.seat is None:
            self.book = Phrasebook(
                tr, seat=None, player_names=self.names, sides=sides, verbosity=self._verbosity
            )
            self.spectating = EventWords(self.book)
            answers = Answers(self.book)  # the public facts (a spectator selects nothing)
        else:
            self.announcer = Announcer(
                self.seat, tr, player_names=self.names, verbosity=self._verbosity
            )
            self.book = self.announcer.book
            self.announcer.set_sides(sides)
            self.hints = HintWords(self.book)
            answers = self.announcer.answers
        self.answers = answers
        if "selection" not in vars(self):  # (made once: kept across languages)
            self.selection = Selection(self.texts, answers)
        self.selection.texts, self.selection.answers = self.texts, answers
        self.catchup = CatchUpWords(self.book)

    def set_players(self, players: Sequence[PlayerInfo]) -> None:
        """Who sits where changed (an online table filled up, the bots were named)."""
        players = tuple(players)
        if players != self.players:
            self.players = players
            self.set_translator(self.tr)

    @property
    def verbosity(self) -> Verbosity:
        return self._verbosity

    @verbosity.setter
    def verbosity(self, value: Verbosity | str) -> None:
        self._verbosity = Verbosity(value)
        self.book.verbosity = self._verbosity

    def _names(self) -> list[str]:
        """ "You" (in the seat's language) for this seat, the others by their names."""
        return [
            self.texts.you() if index == self.seat else (player.name or bot_name(index))
            for index, player in enumerate(self.players)
        ]

    def new_game_words(self, obs: Observation) -> Utterance:
        """ "New game: you and Anna (expert); Sniff, to 200 points", the partner, the
        muggins rule."""
        texts = self.texts
        introduced: list[str] = []
        for index, player in enumerate(self.players):
            # (after the first name the seat is "you", "du": never "Ed, Du und Anna")
            mid = index == self.seat and introduced
            name = self.book.side_label_you() if mid else self.names[index]
            level = player.level if player.kind is SeatKind.BOT else None
            introduced.append(texts.with_level(name, level) if level else name)
        partner = next((self.names[s] for s in obs.sides[obs.side] if s != self.seat), None)
        return texts.new_game(
            self.book.words.join(introduced),
            self.preset_name(),
            obs.target,
            partner=partner,
            muggins=obs.rules.muggins,
        )

    def preset_name(self) -> str:
        """The rules' name as the player knows it ("Sniff, US rules")."""
        return MenuWords(self.tr).preset(self.rules.preset)

    # -- the table tells -----------------------------------------------------------------

    def waits(self, obs: Observation) -> bool:
        """Whether the game waits for this seat now (its turn, or between rounds)."""
        return obs.current == self.seat if obs.phase in ACTIVE else True

    def opening(
        self,
        obs: Observation,
        log: Sequence[Event],
        *,
        resumed: bool | None = None,
        missed: Sequence[Event] = (),
    ) -> Told:
        """The first words at the table: a new game's (who plays, the deal, what to
        do), or a game taken up again (the round and scores, *missed* in one
        catch-up, the open ends). *resumed* None: a game nobody has played in yet
        is new."""
        self._told(log, away_from=len(log) - len(missed))
        if resumed is None:
            resumed = any(isinstance(event, Played) for event in log)
        if not resumed:
            events = [self.new_game_words(obs)]
            events += self.announcer.on_events(log, obs, prompt=False)
        else:
            events = [self.texts.resumed(obs.round, self.book.scores_list(obs.scores))]
            caught = self.catchup.catch_up(missed, obs.rules, away=True) if missed else None
            if caught is not None:
                events.append(caught)
            if obs.phase in ACTIVE and obs.layout.lead is not None:
                events.append(self.announcer.answers.ends(obs))
        self.selection.keep(obs)
        waits = self.waits(obs)
        return self._remember(Told(events, self.prompt(obs) if waits else [], waits))

    def _told(self, log: Sequence[Event], *, away_from: int | None = None) -> None:
        """The seat was told *log*; its own last move is the last of its actions before
        *away_from* (from there on it was away: a bot played for it)."""
        self.log = list(log)
        end = len(self.log) if away_from is None else away_from
        self._mine_at = next(
            (
                index + 1
                for index in range(end - 1, -1, -1)
                if isinstance(self.log[index], _OWN)
                and getattr(self.log[index], "player", None) == self.seat
            ),
            0,
        )

    def step(self, update: Update) -> Told:
        """One step of the game as this seat hears it: its words, then (when the
        game waits for the seat) what to do now."""
        obs = update.obs
        if update.missed:
            return self._caught_up(update)
        own = update.actor == self.seat and not update.by_bot
        self.log += update.events
        if own:
            self._mine_at = len(self.log)
        events: list[Utterance] = []
        if not update.events and update.actor is not None:
            # Letting a wrong claim go is no event (the only step without one): said here,
            # by whoever let it go ("you let it go", "Ada lets it go").
            events.append(self.announcer.events.muggins_let_go(update.actor))
        events += self.announcer.on_events(update.events, obs, prompt=False)
        if own:
            self.selection.end_index = 0
        self.selection.keep(obs)
        waits = self.waits(obs)
        prompt: list[Utterance] = []
        recap = None
        if waits:
            # After the seat's own draw its words say what to do next ("no fit, draw
            # again", "it fits east: play it"): the turn prompt would only repeat them.
            drew = own and bool(update.events) and isinstance(update.events[0], Drew)
            recap = self._recap(update, obs, events)
            prompt = self.prompt(obs, turn=not drew, recap=recap)
            if recap is not None and prompt:
                # Said once, in the prompt: alone as well, a reader reads it twice (its
                # sound stays where it was, with the play).
                events[-1] = replace(events[-1], text="", short=None)
        return self._remember(Told(events, prompt, waits, own, recap))

    def _caught_up(self, update: Update) -> Told:
        """Back at the table: what the seat missed as one catch-up (its own turns among
        it a bot's), then what to do now."""
        obs = update.obs
        self.log += update.events
        caught = self.catchup.catch_up(update.events, obs.rules, away=True)
        self.selection.keep(obs)
        waits = self.waits(obs)
        events = [] if caught is None else [caught]
        return self._remember(Told(events, self.prompt(obs) if waits else [], waits))

    def _recap(self, update: Update, obs: Observation, said: Sequence[Utterance]) -> str | None:
        """The others' last play, briefly, for the turn prompt after it: a key that
        cut the play off (a screen reader stops at any key) cannot lose it."""
        last = update.events[-1] if update.events else None
        if not isinstance(last, Played | Passed) or last.player == self.seat or not said:
            return None
        if obs.phase is not Phase.PLAY or obs.current != self.seat:
            return None
        return said[-1].text  # whole: it is said here only

    def prompt(
        self, obs: Observation, *, turn: bool = True, recap: str | None = None
    ) -> list[Utterance]:
        """What the seat is to do now (*turn*: False when the words just said already
        told it), after *recap*, the play that gave it the turn."""
        if obs.phase is Phase.ROUND_OVER:
            return [self.texts.next_round_prompt()]
        if obs.phase is Phase.GAME_OVER:
            if self.after_game is AfterGame.START_PAGE:
                return [WebWords(self.tr).game_over_prompt()]
            return [self.texts.game_over_prompt(new_game=self.after_game is AfterGame.NEW_GAME)]
        said = (
            self.announcer.turn_prompt(obs, selected=self.selection.chosen(obs)) if turn else None
        )
        if said is None:
            return []
        if recap:
            said = replace(
                said,
                text=sentences(recap, said.text),
                short=sentences(recap, said.short or said.text),
            )
        out = [said]
        answers = self.announcer.answers
        if obs.phase is Phase.CLAIM and not self.claim_help_given:
            out.append(Utterance(sentences(answers.claim_help()), kind=UtteranceKind.PROMPT))
            self.claim_help_given = True
        elif obs.phase is Phase.MUGGINS and not self.muggins_help_given:
            out.append(Utterance(sentences(answers.muggins_help()), kind=UtteranceKind.PROMPT))
            self.muggins_help_given = True
        return out

    def refused(self, refused: Refusal, obs: Observation) -> Utterance:
        """Why the table refused the seat's action (nothing changed)."""
        said = refusal(self.announcer.refusals.refusal(refused, obs))
        self.last = [said]
        return said

    def news(self, item: News) -> Utterance | None:
        """The table's news in the seat's words (None: nothing to say of it)."""
        if item.kind in (NewsKind.TABLE, NewsKind.RECORD):
            return None
        seat = item.seat
        name = self.names[seat] if seat is not None and 0 <= seat < len(self.names) else ""
        said = self.online.news(
            item.kind,
            item.name or name,
            mine=seat is not None and seat == self.seat,
            text=item.text,
            count=item.count,
        )
        if said is not None:
            self.last = [said]
        return said

    def watched(
        self, events: Sequence[Event], *, quiet: bool = False, actor: int | None = None
    ) -> list[Utterance]:
        """A spectator's words for *events*, in the third person: each said against
        the table as it left it (the spectator keeps the round's public history).
        *quiet*: what came before the spectator sat down, kept and not said (and "what
        happened" counts from after it). A step of *actor* with no event lets a wrong
        claim go (muggins rule)."""
        if quiet:
            self.watched(events)
            self._mine_at = len(self.log)
            return []
        if not events and actor is not None:
            return [self.spectating.muggins_let_go(actor)]
        out = []
        run = 0  # another player's draws in a row, said as one line at the run's end
        for index, event in enumerate(events):
            if isinstance(event, Drew):
                run += 1
                following = events[index + 1] if index + 1 < len(events) else None
                if isinstance(following, Drew) and following.player == event.player:
                    self._history.append(event)
                    self.log.append(event)
                    continue
            if isinstance(event, Dealt):
                if event.leader is not None:
                    self._history, self._layout = [], Layout.empty(self.rules.spinner)
                else:
                    continue  # a thrown-in deal is no part of the round
            if isinstance(event, Played):
                self._layout = self._layout.place(event.tile, event.end, endwise=event.endwise)
            self._history.append(event)
            self.log.append(event)
            scene = Scene(self.rules, self._layout, tuple(self._history))
            if isinstance(event, Drew):
                said, run = self.spectating.draws(event.player, run), 0
            else:
                said = self.spectating.describe(event, scene)
            if said.text:
                out.append(said)
        return out

    def _remember(self, told: Told) -> Told:
        if told.said:
            self.last = told.said
        return told

    # -- the seat's keys -----------------------------------------------------------------

    def command(self, command: Command, obs: Observation) -> Reply:
        """What *command* (a key of the seat) comes to now, said in the seat's words."""
        selection = self.selection
        selection.cancel_digit()
        selection.against(obs)
        if command is not Command.UNSEEN:
            self.unseen_page = 0
        if command is Command.REPEAT:
            return Reply([replace(u, interrupt=True) for u in self.last])
        if self.seat is None and command not in PUBLIC_FACTS:
            # A spectator asks the public facts; everything else is a player's.
            return Reply([refusal(self.online.refused("spectator"))])
        reply = self._command(command, obs)
        if reply.said:
            self.last = list(reply.said)
        return reply

    def _command(self, command: Command, obs: Observation) -> Reply:
        selection = self.selection
        moves = {
            Command.PREVIOUS_TILE: (-1, None),
            Command.NEXT_TILE: (1, None),
            Command.FIRST_TILE: (0, 0),
            Command.LAST_TILE: (0, -1),
        }
        if command in moves:
            delta, to = moves[command]
            return Reply([selection.move(obs, delta, to=to)])
        if command in (Command.PREVIOUS_END, Command.NEXT_END):
            return Reply([selection.cycle_end(obs, -1 if command is Command.PREVIOUS_END else 1)])
        if command is Command.ENTER:
            return self._enter(obs)
        if command is Command.DRAW:
            return Reply(action=DRAW)
        if command is Command.PASS:
            return Reply(action=PASS)
        if command in (Command.MUGGINS_YES, Command.MUGGINS_NO):
            if obs.phase is not Phase.MUGGINS or not obs.my_turn:
                return Reply([refusal(self.texts.not_claiming())])
            return Reply(action=CallMuggins(command is Command.MUGGINS_YES))
        if command in FACTS:
            return Reply([self.fact(command, obs)])
        if command is Command.HINT:
            refused = self.hint_refused(obs)
            return Reply([refused]) if refused is not None else Reply(hint=True)
        said = selection.backspace(obs) if command is Command.BACKSPACE else selection.clear_claim()
        return Reply([said], handled=True) if said is not None else Reply(handled=False)

    def _enter(self, obs: Observation) -> Reply:
        """Enter: play, claim, call muggins, ready for the next round, after the game."""
        if obs.phase is Phase.ROUND_OVER:
            return Reply(ready=True)
        if obs.phase is Phase.GAME_OVER:
            if self.after_game is AfterGame.LEAVE:
                return Reply([refusal(self.texts.game_over_prompt(new_game=False))])
            return Reply(after_game=True)
        if obs.phase is Phase.CLAIM and obs.my_turn:
            return Reply(action=Claim(self.selection.take_claim()))
        if obs.phase is Phase.MUGGINS and obs.my_turn:
            return Reply(action=CallMuggins(True))
        move = self.selection.probe(obs)
        if move is None:
            return Reply([refusal(self.texts.empty_hand())])
        return Reply(action=move)

    def digit(self, char: str, obs: Observation, *, timer: bool = True) -> Reply:
        """A digit key (*timer*: the client can call back after a wait)."""
        selection = self.selection
        self.unseen_page = 0
        said = selection.digit(obs, int(char), waits=timer)
        waiting = selection.pending is not None
        reply = Reply([said] if said is not None else [], wait=DIGIT_WAIT if waiting else None,
                      token=selection.token)  # fmt: skip
        if said is not None:
            self.last = [said]
        return reply

    def digit_alone(self, token: int, obs: Observation) -> list[Utterance]:
        """The wait for a second digit is over (nothing, if another key came)."""
        said = self.selection.digit_alone(obs, token)
        if said is None:
            return []
        self.last = [said]
        return [said]

    def fact(self, command: Command, obs: Observation, *, page: int | None = None) -> Utterance:
        """The answer of an information key (*page*: of the unseen tiles, where the
        client keeps the page itself)."""
        answers = self.answers
        if command is Command.UNSEEN:
            said, more = answers.unseen(obs, self.unseen_page if page is None else page)
            self.unseen_page = (self.unseen_page + 1) if more else 0
            return said
        if command is Command.SINCE:
            if self.seat is None:  # a spectator: what happened since they last asked
                since = self.since_my_move()
                self._mine_at = len(self.log)
                return self.catchup.since_my_move(since, obs.rules, spectator=True)
            return self.catchup.since_my_move(self.since_my_move(), obs.rules)
        if command is Command.TURN:
            if self.seat is None:
                return answers.turn(obs)
            return answers.turn(obs, help=True, selected=self.selection.chosen(obs))
        if command is Command.ROUND:
            return answers.round_info(obs, self.preset_name())
        simple = {
            Command.HAND: answers.hand,
            Command.ENDS: answers.ends,
            Command.COUNT: answers.count,
            Command.LAYOUT: answers.layout,
            Command.SCORES: answers.scores,
            Command.BONEYARD: answers.boneyard,
            Command.HISTORY: answers.history,
        }
        return simple[command](obs)

    def since_my_move(self) -> list[Event]:
        """What the seat was told since its own last action (or the start)."""
        return self.log[self._mine_at :]

    # -- hints ---------------------------------------------------------------------------

    def hint_refused(self, obs: Observation) -> Utterance | None:
        """Why no hint now (None: the search may start; :attr:`hinting` is set)."""
        limit = self.hint_limit
        if not obs.my_turn:
            return refusal(self.texts.hint_not_now())
        if limit is not None and self.hints_used >= limit:
            return refusal(self.texts.hints_used_up(limit))
        if self.hinting:
            return WebWords(self.tr).no_hint_now()
        self.hinting = True
        return None

    def hint_seed(self, position: int) -> int:
        """The seed of the hint's search at *position* (the same hint for the same
        question)."""
        return position * 7919 + self.hints_used

    def hinted(self, hint: Hint, obs: Observation) -> Utterance:
        """The hint found: it selects its tile and end (Enter then plays it)."""
        self.hinting = False
        self.hints_used += 1
        action = hint.action
        if isinstance(action, Move) and action.tile in obs.hand:
            self.selection.chose(obs, action)
        said = self.hints.hint(hint, muggins=obs.rules.muggins)
        self.last = [said]
        return said
