"""What players do (actions) and what happens (events), as small frozen values.

Events are what the UI, the announcer and the record writer read; they never
look at the engine's internals. Each event maps onto one line of a
``sniff-record/1`` file (shared/RECORD.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from sniff.engine.layout import End
from sniff.engine.tiles import Tile

# -- actions -------------------------------------------------------------------


class Move(NamedTuple):
    """Play *tile* on *end*; *endwise* lays a double along the line (house rule)."""

    tile: Tile
    end: End
    endwise: bool = False

    def __str__(self) -> str:
        suffix = " endwise" if self.endwise else ""
        return f"{self.tile} on {self.end.value}{suffix}"


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


class Dealt(NamedTuple):
    """A round was dealt (again, after a throw-in, with the same number)."""

    round: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None  # None: nobody held a double, the hands are thrown in
    redeal: bool = False


class Played(NamedTuple):
    """A tile went on the table; *count* is the count after it, *points* what it earned."""

    player: int
    tile: Tile
    end: End
    count: int  # type: ignore[assignment]  # the count, as RECORD.md calls it
    points: int
    endwise: bool = False


class Drew(NamedTuple):
    """A player drew a tile. In another seat's observation *tile* is None."""

    player: int
    tile: Tile | None


class Passed(NamedTuple):
    player: int


class Claimed(NamedTuple):
    player: int
    points: int
    correct: bool


class MugginsCalled(NamedTuple):
    player: int
    points: int


class RoundEnded(NamedTuple):
    """*reason* is ``domino``, ``blocked`` or ``target``; *points* per side."""

    round: int
    reason: str
    hands: tuple[tuple[Tile, ...], ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    went_out: int | None = None


class GameEnded(NamedTuple):
    winner: int
    scores: tuple[int, ...]


Event = Dealt | Played | Drew | Passed | Claimed | MugginsCalled | RoundEnded | GameEnded


class IllegalMove(ValueError):
    """An action the rules do not allow now. The message says why."""

    def __init__(self, message: str, action: object = None) -> None:
        super().__init__(message)
        self.action = action
