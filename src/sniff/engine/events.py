"""What players do (actions) and what happens (events), as small frozen values.

Events are what the UI, the announcer and the record writer read; they never
look at the engine's internals. Each event maps onto one line of a
``sniff-record/1`` file (shared/RECORD.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
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


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """*reason* is ``domino``, ``blocked`` or ``target``; *points* per side."""

    round: int
    reason: str
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


# The two events made on nearly every action are values (frozen, compared by
# their fields), so equal ones can be one object: a bounded table hands out the
# one made before. Making an event costs a third of an action in a look-ahead
# (the frozen dataclass sets each field through ``object.__setattr__``).
_PLAYED: dict[tuple[int, Tile, End, int, int, bool], Played] = {}
_DREW: dict[tuple[int, Tile], Drew] = {}
#: How many shared events to keep (a double-six game between two meets a few thousand).
EVENTS_KEPT = 32768


def new_played(player: int, tile: Tile, end: End, count: int, points: int, endwise: bool) -> Played:
    """``Played(player, tile, end, count, points, endwise)``, shared with equal ones.

    >>> a = new_played(0, Tile.of(6, 4), End.LEAD, 10, 10, False)
    >>> a == Played(0, Tile.of(6, 4), End.LEAD, 10, 10)
    True
    >>> a is new_played(0, Tile.of(6, 4), End.LEAD, 10, 10, False)
    True
    """
    key = (player, tile, end, count, points, endwise)
    event = _PLAYED.get(key)
    if event is None:
        if len(_PLAYED) >= EVENTS_KEPT:
            _PLAYED.clear()
        event = _PLAYED[key] = Played(player, tile, end, count, points, endwise)
    return event


def new_drew(player: int, tile: Tile) -> Drew:
    """``Drew(player, tile)``, shared with equal ones (see :func:`new_played`)."""
    key = (player, tile)
    event = _DREW.get(key)
    if event is None:
        if len(_DREW) >= EVENTS_KEPT:
            _DREW.clear()
        event = _DREW[key] = Drew(player, tile)
    return event


def event_fields(event: Event) -> dict[str, object]:
    """An event's fields by name, in their order (for comparing and explaining)."""
    return {f.name: getattr(event, f.name) for f in fields(event)}


class IllegalMove(ValueError):
    """An action the rules do not allow now. The message says why."""

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action
