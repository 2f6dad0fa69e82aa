"""What players do (actions) and what happens (events), as small frozen values.

Events are what the UI, the announcer and the record writer read; they never
look at the engine's internals. Each event maps onto one line of a
``sniff-record/1`` file (shared/RECORD.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import Enum
from typing import NamedTuple

from sniff.engine.layout import End
from sniff.engine.tiles import Tile

# -- actions -------------------------------------------------------------------


class Move(NamedTuple):
    """Play *tile* on *end*; *endwise* lays a double along the line (house rule).

    Written as the rulebook writes it: ``6-4 east``, ``4-4 lead``,
    ``5-5 west endwise``.

    >>> Move.parse("4-6 East")
    Move(tile=Tile(high=6, low=4), end=<End.EAST: 'east'>, endwise=False)
    >>> str(Move.parse("5-5 west endwise"))
    '5-5 west endwise'
    """

    tile: Tile
    end: End
    endwise: bool = False

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"6-4 east"`` (any case), with ``" endwise"`` for a double laid along."""
        words = text.split()
        if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != "endwise"):
            raise ValueError(f"not a move: {text!r}")
        try:
            end = End(words[1].lower())
        except ValueError:
            raise ValueError(f"not a move: {text!r} (no end called {words[1]!r})") from None
        return Move(Tile.parse(words[0]), end, len(words) == 3)

    def __str__(self) -> str:
        suffix = " endwise" if self.endwise else ""
        return f"{self.tile} {self.end.value}{suffix}"


# The other actions are dataclasses, not tuples, so that ``Draw() != Pass()``.


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the next tile of the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the points the last play earned (the muggins rule)."""

    points: int


@dataclass(frozen=True, slots=True)
class CallMuggins:
    """Take the points a player failed to claim (``call=True``), or let them go."""

    call: bool = True


Action = Move | Draw | Pass | Claim | CallMuggins
DRAW = Draw()
PASS = Pass()


# -- events --------------------------------------------------------------------
#
# Frozen, slotted dataclasses: equal when their fields are equal, hashable,
# and nothing else (an event is not a tuple, so ``Played.count`` is the count).


@dataclass(frozen=True, slots=True)
class Dealt:
    """A round was dealt (again, after a throw-in, with the same number)."""

    round: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None  # None: nobody held a double, the hands are thrown in
    redeal: bool = False


@dataclass(frozen=True, slots=True)
class Played:
    """A tile went on the table; *count* is the count after it, *points* what it earned."""

    player: int
    tile: Tile
    end: End
    count: int
    points: int
    endwise: bool = False

    @property
    def move(self) -> Move:
        """The move that made this play."""
        return Move(self.tile, self.end, self.endwise)


@dataclass(frozen=True, slots=True)
class Drew:
    """A player drew a tile. In another seat's observation *tile* is None."""

    player: int
    tile: Tile | None


@dataclass(frozen=True, slots=True)
class Passed:
    """A player passed the turn."""

    player: int


@dataclass(frozen=True, slots=True)
class Claimed:
    """Muggins rule: the player who just played claimed *points*."""

    player: int
    points: int
    correct: bool


@dataclass(frozen=True, slots=True)
class MugginsCalled:
    """Muggins rule: an opponent took the points a wrong claim left."""

    player: int
    points: int


class RoundEnd(str, Enum):
    """Why a round ended. A ``str``: records keep the plain word.

    >>> RoundEnd("blocked") is RoundEnd.BLOCKED, RoundEnd.DOMINO == "domino"
    (True, True)
    """

    DOMINO = "domino"  # a player played their last tile
    BLOCKED = "blocked"  # nobody could play or draw
    TARGET = "target"  # a play reached the target: the game ends at once

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """Why the round ended; *points* it gave per side, *scores* after them, and who
    went out (a domino)."""

    round: int
    reason: RoundEnd
    hands: tuple[tuple[Tile, ...], ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    went_out: int | None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is won: *winner* is a side."""

    winner: int
    scores: tuple[int, ...]


Event = Dealt | Played | Drew | Passed | Claimed | MugginsCalled | RoundEnded | GameEnded


# A frozen dataclass's __init__ sets each field through object.__setattr__, at
# twice the cost of the field's own slot setter: the two events every round
# makes are built through those setters instead (2 % of a random hand's cost).
_new = object.__new__


def _slot_setters(cls: type) -> tuple[Callable[[object, object], None], ...]:
    """The setters of a slotted event's fields, in the fields' order."""
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


_DEALT_SETTERS = _slot_setters(Dealt)
_ROUND_ENDED_SETTERS = _slot_setters(RoundEnded)


def new_dealt(
    round: int,
    hands: tuple[tuple[Tile, ...], ...],
    boneyard: tuple[Tile, ...],
    leader: int | None,
    redeal: bool,
) -> Dealt:
    """``Dealt(round, hands, boneyard, leader, redeal)``, made faster.

    >>> hands = ((Tile.of(6, 6),), ())
    >>> new_dealt(1, hands, (), 0, False) == Dealt(1, hands, (), 0)
    True
    """
    event = _new(Dealt)
    set_round, set_hands, set_boneyard, set_leader, set_redeal = _DEALT_SETTERS
    set_round(event, round)
    set_hands(event, hands)
    set_boneyard(event, boneyard)
    set_leader(event, leader)
    set_redeal(event, redeal)
    return event


def new_round_ended(
    round: int,
    reason: RoundEnd,
    hands: tuple[tuple[Tile, ...], ...],
    points: tuple[int, ...],
    scores: tuple[int, ...],
    went_out: int | None,
) -> RoundEnded:
    """``RoundEnded(round, reason, hands, points, scores, went_out)``, made faster.

    >>> new_round_ended(1, RoundEnd.DOMINO, ((), ()), (3, 0), (3, 0), 0) == RoundEnded(
    ...     1, RoundEnd.DOMINO, ((), ()), (3, 0), (3, 0), 0
    ... )
    True
    """
    event = _new(RoundEnded)
    set_round, set_reason, set_hands, set_points, set_scores, set_went_out = _ROUND_ENDED_SETTERS
    set_round(event, round)
    set_reason(event, reason)
    set_hands(event, hands)
    set_points(event, points)
    set_scores(event, scores)
    set_went_out(event, went_out)
    return event


def event_fields(event: Event) -> dict[str, object]:
    """An event's fields by name, in their order (for comparing and explaining)."""
    return {f.name: getattr(event, f.name) for f in fields(event)}


class IllegalMove(ValueError):
    """An action the rules do not allow now. The message says why."""

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action
