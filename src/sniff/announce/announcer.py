"""The announcer: one seat's ears. Events and observations in, utterances out.

It speaks only from what the seat may know: every event goes through
:func:`sniff.engine.public_event` first, and everything else comes from the
seat's :class:`~sniff.engine.Observation`. It keeps no game state: its parts
share one :class:`~sniff.announce.phrases.Phrasebook` (names, sides, the
verbosity, the language) and are handed the observation each time.

- :attr:`Announcer.events`: what happened (:mod:`sniff.announce.events`)
- :attr:`Announcer.answers`: the information keys (:mod:`sniff.announce.answers`)
- :attr:`Announcer.refusals`: why nothing happened (:mod:`sniff.announce.refusals`)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from sniff.announce.answers import Answers
from sniff.announce.events import EventWords, Scene
from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.refusals import RefusalWords
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import (
    ACTIVE,
    DRAW,
    PASS,
    Claimed,
    Dealt,
    Drew,
    Event,
    Move,
    MugginsCalled,
    Observation,
    Passed,
    Played,
    public_event,
)
from sniff.enums import Cue, Verbosity
from sniff.i18n import Translator

__all__ = ["Announcer"]

# Events after which someone new is to act: a turn prompt may follow them.
_TURN_ENDERS = (Dealt, Played, Passed, Claimed, MugginsCalled)


def _drawn_before(events: Sequence[Event], index: int) -> bool:
    """Whether events[index] is another player's draw that the next draw continues."""
    event = events[index]
    following = events[index + 1] if index + 1 < len(events) else None
    return (
        isinstance(event, Drew)
        and isinstance(following, Drew)
        and following.player == event.player
        and following.tile is None
    )


def _draw_run(events: Sequence[Event], index: int) -> int:
    """How many draws by the same player end at events[index]."""
    last = events[index]
    assert isinstance(last, Drew)
    count = 0
    for event in reversed(events[: index + 1]):
        if not (isinstance(event, Drew) and event.player == last.player):
            break
        count += 1
    return count


class Announcer:
    """Everything one seat hears.

    >>> from sniff.engine import Game, preset, observe
    >>> from sniff.i18n import Translator
    >>> game = Game(preset("sniff"), 2, seed=1)
    >>> ann = Announcer(0, Translator.null(), player_names=["Ada", "Anna"])
    >>> [str(u.kind) for u in ann.on_events(game.log, observe(game, 0))][:1]
    ['deal']
    """

    def __init__(
        self,
        seat: int,
        translator: Translator,
        *,
        player_names: Sequence[str],
        verbosity: Verbosity | str = Verbosity.BRIEF,
    ) -> None:
        self.book = Phrasebook(
            translator, seat=seat, player_names=player_names, verbosity=Verbosity(verbosity)
        )
        self.seat = seat
        self.tr = translator
        self.words = self.book.words
        self.events = EventWords(self.book, prompts_own_turn=True)
        self.answers = Answers(self.book)
        self.refusals = RefusalWords(self.book)
        # The brief words of every event, for a braille display (its short form).
        self._brief_book = Phrasebook(
            translator, seat=seat, player_names=player_names, verbosity=Verbosity.BRIEF
        )
        self._brief_events = EventWords(self._brief_book, prompts_own_turn=True)
        self._brief_answers = Answers(self._brief_book)

    @property
    def verbosity(self) -> Verbosity:
        return self.book.verbosity

    @verbosity.setter
    def verbosity(self, value: Verbosity | str) -> None:
        self.book.verbosity = Verbosity(value)

    def set_sides(self, sides: Sequence[Sequence[int]]) -> None:
        """Who scores together, for every book of this seat (the brief one too)."""
        for book in (self.book, self._brief_book):
            if tuple(tuple(side) for side in sides) != book.sides:
                book.set_sides(sides)

    # -- events ----------------------------------------------------------------------

    def on_events(
        self,
        events: Iterable[Event],
        obs: Observation,
        *,
        prompt: bool = True,
        selected: Move | None = None,
    ) -> list[Utterance]:
        """What this seat hears of *events* (all one action caused); *obs* is the
        seat's view after them. With *prompt*, "your turn" follows when the seat is
        to act after an event that passes the turn, naming the *selected* play (see
        :meth:`turn_prompt`). Each utterance carries its brief form as
        :attr:`Utterance.short`, for a braille display."""
        self.set_sides(obs.sides)
        scene = Scene.of(obs)
        out: list[Utterance] = []
        turn_passed = False
        seen_events = [e for e in (public_event(event, self.seat) for event in events) if e]
        for index, seen in enumerate(seen_events):
            if _drawn_before(seen_events, index):
                continue  # one line for a run of another player's draws, said at its end
            turn_passed = turn_passed or isinstance(seen, _TURN_ENDERS)
            said = self._event(self.events, seen_events, index, scene, obs)
            if said.text:
                short = None
                if not self.book.brief:
                    short = self._event(self._brief_events, seen_events, index, scene, obs).text
                out.append(replace(said, short=short or None))
        if prompt and turn_passed:
            turn = self.turn_prompt(obs, selected=selected)
            if turn is not None:
                out.append(turn)
        return out

    def _event(
        self,
        words: EventWords,
        seen_events: Sequence[Event],
        index: int,
        scene: Scene,
        obs: Observation,
    ) -> Utterance:
        """The words of seen_events[index] (a run of draws ending there as one)."""
        seen = seen_events[index]
        if isinstance(seen, Drew) and seen.player != self.seat:
            return words.draws(seen.player, _draw_run(seen_events, index))
        said = words.describe(seen, scene)
        if isinstance(seen, Drew) and seen.player == self.seat and seen.tile is not None:
            said = self._after_own_draw(said, seen, obs)
        return said

    def turn_prompt(self, obs: Observation, *, selected: Move | None = None) -> Utterance | None:
        """ "Your turn..." when this seat is to act, else None. It queues: it must not
        cut off the plays said just before it. *selected* is the play the cursor is on:
        when it is legal, the prompt says what Enter would play ("Your turn, 2 fit:
        five-one west, 11.")."""
        if obs.current != self.seat or obs.phase not in ACTIVE:
            return None
        text = self.answers.turn_prompt(obs, selected=selected)
        short = None if self.book.brief else self._brief_answers.turn_prompt(obs, selected=selected)
        return Utterance(text, cue=Cue.TURN, kind=UtteranceKind.TURN, short=short)

    def _after_own_draw(self, said: Utterance, event: Drew, obs: Observation) -> Utterance:
        """Your draw, and whether the drawn tile fits (and what to do if not)."""
        tr = self.tr
        assert event.tile is not None
        ends = [a.end for a in obs.legal if isinstance(a, Move) and a.tile == event.tile]
        if ends:
            if obs.forced == event.tile:
                # Translators: after your draw: the tile fits and must be played now.
                extra = tr._("it fits {ends}: play it").format(ends=self.book.fit_ends(ends))
            else:
                # Translators: after your draw: the tile fits these ends.
                extra = tr._("it fits {ends}").format(ends=self.book.fit_ends(ends))
        elif DRAW in obs.legal:
            # Translators: after your draw: the tile does not fit, draw again.
            extra = tr._("no fit, draw again")
        elif PASS in obs.legal:
            # Translators: after your draw: no fit and no more drawing: pass.
            extra = tr._("no fit, pass")
        else:
            # Translators: after your draw: the tile does not fit.
            extra = tr._("no fit")
        text = sentences(said.text.rstrip("."), extra)
        return Utterance(text, interrupt=True, cue=said.cue, kind=said.kind)

    # -- the interface ---------------------------------------------------------------

    def welcome(self) -> Utterance:
        """The first words of the game."""
        # Translators: the first words heard when the game starts.
        text = self.tr._("Welcome to Sniff. Press F1 for help at any time.")
        return Utterance(text, interrupt=True, kind=UtteranceKind.WELCOME)
