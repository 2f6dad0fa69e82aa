"""Questions about a layout that hints, previews, practice, bots and the
announcer all ask: where does a tile fit, what would a play count and score,
what is the best the next player could make. The answers come from here only.

>>> from sniff.engine.rules import SpinnerMode, preset
>>> lay = Layout.empty(SpinnerMode.SNIFF).place(Tile.of(6, 4), End.LEAD)
>>> fitting_ends(lay, Tile.of(4, 1)), what_if(lay, Move(Tile.of(4, 1), End.EAST), preset("sniff"))
([<End.EAST: 'east'>], WhatIf(count=7, points=0))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sniff.engine import compact
from sniff.engine.events import Move
from sniff.engine.layout import End, Layout
from sniff.engine.rules import RuleSet
from sniff.engine.scoring import play_points
from sniff.engine.tables import points_table
from sniff.engine.tiles import Tile

_MODE = compact.MODE_CODE

__all__ = [
    "WhatIf",
    "best_reply",
    "count_after",
    "fitting_ends",
    "move_fits",
    "plays_again",
    "tile_moves",
    "what_if",
]


@dataclass(frozen=True, slots=True)
class WhatIf:
    """What a play would make: the count after it and the points it would earn."""

    count: int
    points: int


def fitting_ends(layout: Layout, tile: Tile) -> list[End]:
    """The open ends *tile* could go on (the lead when the table is empty)."""
    if layout.lead is None:
        return [End.LEAD]
    return [end for end, pip in layout.open_ends() if tile.has(pip)]


def tile_moves(layout: Layout, tile: Tile, rules: RuleSet) -> list[Move]:
    """Every move *tile* could make on *layout* under *rules*, laid-along doubles
    (the ``double_endwise`` house rule) after the plain ones.

    This is where a tile *could* go; whose turn it is and what the rules
    force (a drawn tile, a required lead) are the game's to say.
    """
    moves = [Move(tile, end) for end in fitting_ends(layout, tile)]
    if (
        rules.double_endwise
        and tile.is_double
        and layout.lead is not None
        and not layout.becomes_sniff(tile)
    ):
        moves += [Move(tile, m.end, True) for m in list(moves)]
    return moves


def move_fits(layout: Layout, move: Move) -> bool:
    """Whether *move*'s tile matches its end (the lead only on an empty table)."""
    if layout.lead is None:
        return move.end is End.LEAD
    if move.end is End.LEAD:
        return False
    pip = layout.open[move.end.arm]
    return pip >= 0 and move.tile.has(pip)


def what_if(layout: Layout, move: Move, rules: RuleSet) -> WhatIf:
    """The count and points *move* would make (it must fit: see :func:`move_fits`)."""
    high, low = move.tile
    count = count_after(layout, high, low, move.end.arm, move.endwise)
    return WhatIf(count, play_points(count, rules.scoring, rules.points_unit))


def plays_again(move: Move, rules: RuleSet) -> bool:
    """Whether whoever makes *move* plays again straight after it, so that no other
    player answers it: the leader's second turn (``leader_second_turn``, alle-fuenfe).

    >>> from sniff.engine.rules import preset
    >>> lead = Move(Tile.of(6, 6), End.LEAD)
    >>> plays_again(lead, preset("alle-fuenfe")), plays_again(lead, preset("sniff"))
    (True, False)
    """
    return move.end is End.LEAD and rules.leader_second_turn


def best_reply(layout: Layout, tiles: Iterable[Tile], rules: RuleSet) -> int:
    """The most points one play of any of *tiles* can earn on *layout*.

    >>> from sniff.engine.rules import SpinnerMode, preset
    >>> lay = Layout.empty(SpinnerMode.SNIFF).place(Tile.of(6, 4), End.LEAD)
    >>> best_reply(lay, [Tile.of(4, 1), Tile.of(6, 1)], preset("sniff"))
    5
    """
    best = 0
    table = points_table(rules.scoring, rules.points_unit)
    tiles = tuple(tiles)
    for arm, pip in layout.open_arms:
        for high, low in tiles:
            if high == pip or low == pip:
                points = table[count_after(layout, high, low, arm)]
                if points > best:
                    best = points
    return best


def count_after(layout: Layout, high: int, low: int, arm: int, endwise: bool = False) -> int:
    """The count if tile *high*-*low* were laid on *arm* (-1: led), *layout* unchanged."""
    return compact.count_after(layout._state, _MODE[layout.mode], high, low, arm, endwise)
