"""What the others did that the player has not surely heard to its end.

Every turn of another player is said as it happens, unless the player is
pressing keys (then it goes to the message history only). A key cuts speech
off, so a turn may be said but never heard. Each turn stays *owed* until the
speech output reports its words said to their end (:class:`~sniff.enums.Heard`).
At the next quiet moment (the keys stop, or the player's prompt comes) the
turns that were cut off or never said are said again, as one catch-up, which
is owed in turn until it is heard.

Where the output cannot tell (a screen reader that does not say when it is
done), a turn counts as heard unless a key came before its words could have
ended (by :meth:`~sniff.output.router.Output.estimate`); those are counted,
and the turn prompt says how many, with the key that says them (A).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sniff.engine import Event, Passed, Played
from sniff.enums import Heard
from sniff.output.router import Output, Said

__all__ = ["Owed"]


@dataclass
class _Turn:
    """One step of the others' (or a catch-up of several), and how it went out."""

    events: tuple[Event, ...]
    said: tuple[Said, ...]
    started: float
    estimate: float
    doubtful: bool = False  # a key came before its words could have ended

    def heard(self) -> Heard:
        """The least heard of its utterances: one cut off is the turn cut off."""
        states = [said.heard() for said in self.said] or [Heard.CUT]
        for state in (Heard.CUT, Heard.PENDING, Heard.UNKNOWN):
            if state in states:
                return state
        return Heard.END


def _plays(events: Sequence[Event]) -> int:
    """The turns in *events* (each ends with a play or a pass)."""
    return sum(isinstance(event, Played | Passed) for event in events)


class Owed:
    """The ledger of turns not surely heard (see the module docstring)."""

    def __init__(self, output: Output, clock: Callable[[], float] = time.monotonic) -> None:
        self.output = output
        self.clock = clock
        self._turns: list[_Turn] = []
        self._unheard = 0  # turns maybe cut off where the output cannot tell

    def add(self, events: Sequence[Event], said: Sequence[Said]) -> None:
        """The others' *events*, said (or kept quiet) as *said*."""
        if not events:
            return
        text = " ".join(item.utterance.text for item in said if not item.quiet)
        estimate = self.output.estimate(text)
        self._turns.append(_Turn(tuple(events), tuple(said), self.clock(), estimate))

    def key_pressed(self) -> None:
        """A key cut speech off: a turn whose words could not have ended yet, on an
        output that cannot tell, may not have been heard."""
        now = self.clock()
        for turn in self._turns:
            if now < turn.started + turn.estimate:
                turn.doubtful = True

    def due(self) -> list[Event]:
        """The events to say again now (those cut off or never said), taken out of
        the ledger. Turns heard are forgotten; turns still being said stay; turns an
        output cannot report on are counted when they may have been cut."""
        again: list[Event] = []
        kept: list[_Turn] = []
        for turn in self._turns:
            state = turn.heard()
            if state is Heard.PENDING:
                kept.append(turn)
            elif state is Heard.CUT:
                again += turn.events
            elif state is Heard.UNKNOWN and turn.doubtful:
                self._unheard += max(1, _plays(turn.events))
        self._turns = kept
        return again

    def said_again(
        self, events: Sequence[Event], said: Sequence[Said], *, settle: bool = False
    ) -> None:
        """*events* were said again as *said* (a catch-up): owed until that is heard.
        *settle*: the player asked for everything since their move (the A key), so
        nothing older is owed any more."""
        if settle:
            self._turns = []
            self._unheard = 0
            return
        self.add(events, said)

    def own_move(self) -> None:
        """The player acted: the count of turns not heard starts again."""
        self._unheard = 0

    def unheard_count(self) -> int:
        """Turns since the player's last move that may not have been heard (on an
        output that cannot tell)."""
        return self._unheard

    def __bool__(self) -> bool:
        return bool(self._turns)
