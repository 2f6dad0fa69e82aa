"""Tables the game works out once and then looks up on every move.

:func:`setup_for` gives what a rule set and a player count fix for a whole
game (who scores together, the target, what each count earns, who plays next);
:func:`fits_for` gives, for one set of open ends, the moves every tile of the
set makes there. Both are kept in small bounded caches, so that a long run
of games holds a fixed amount of memory.
"""

from __future__ import annotations

from functools import lru_cache

from sniff.engine import compact
from sniff.engine.events import Move
from sniff.engine.layout import ARM_ENDS, End
from sniff.engine.leading import next_seat
from sniff.engine.rules import Combination, RuleSet
from sniff.engine.scoring import play_points
from sniff.engine.tiles import Tile, full_set

__all__ = ["LEAD_MOVES", "MOVES", "Setup", "fits_for", "points_table", "setup_for"]

#: Every plain move, made once: the game hands out these shared values.
MOVES: dict[Tile, tuple[Move, Move, Move, Move]] = {
    tile: (Move(tile, End.WEST), Move(tile, End.EAST), Move(tile, End.NORTH), Move(tile, End.SOUTH))
    for tile in full_set(12)
}
LEAD_MOVES: dict[Tile, Move] = {tile: Move(tile, End.LEAD) for tile in full_set(12)}
#: The plain moves of a tile on each set of arms (bit i: arm i), made once and shared.
_ON_ARMS: dict[Tile, tuple[tuple[Move, ...], ...]] = {
    tile: tuple(
        tuple(MOVES[tile][arm] for arm in range(4) if arms >> arm & 1) for arms in range(16)
    )
    for tile in full_set(12)
}
assert all(m.end is ARM_ENDS[i] for moves in MOVES.values() for i, m in enumerate(moves))

#: The most a count can be: four ends, each a crosswise double-twelve.
MAX_COUNT = 4 * 24


@lru_cache(maxsize=16)
def points_table(combination: Combination, unit: int) -> tuple[int, ...]:
    """What a play earns for every count a layout can reach."""
    return tuple(play_points(count, combination, unit) for count in range(MAX_COUNT + 1))


class Setup:
    """What a rule set and a player count fix for a whole game (shared, never changed)."""

    __slots__ = (
        "after",
        "double_endwise",
        "draw_limit",
        "draw_while_playable",
        "max_pip",
        "mode",
        "muggins",
        "must_play_drawn",
        "points",
        "rules",
        "second_turn",
        "side_of",
        "sides",
        "target",
    )

    def __init__(self, rules: RuleSet, players: int) -> None:
        rules.check_players(players)
        self.rules = rules
        self.sides = tuple(tuple(side) for side in rules.sides(players))
        self.side_of = tuple(
            next(i for i, side in enumerate(self.sides) if seat in side) for seat in range(players)
        )
        self.target = rules.target(players)
        self.points = points_table(rules.scoring, rules.points_unit)
        self.mode = compact.MODE_CODE[rules.spinner]
        #: The seat that plays after each seat, in the rules' direction.
        self.after = tuple(next_seat(seat, players, rules.direction) for seat in range(players))
        self.muggins = rules.muggins
        self.must_play_drawn = rules.must_play_drawn
        self.draw_limit = rules.draw_limit
        self.draw_while_playable = rules.draw_while_playable
        self.double_endwise = rules.double_endwise
        self.second_turn = rules.leader_second_turn
        self.max_pip = rules.max_pip


# Looked up by the rule set's identity: hashing a RuleSet hashes its twenty fields.
_SETUPS: dict[tuple[int, int], Setup] = {}


def setup_for(rules: RuleSet, players: int) -> Setup:
    """The :class:`Setup` of *rules* for *players* (checked: raises ``RulesError``)."""
    key = (id(rules), players)
    found = _SETUPS.get(key)
    if found is not None and found.rules is rules:
        return found
    setup = Setup(rules, players)
    if len(_SETUPS) >= 64:
        _SETUPS.clear()
    _SETUPS[key] = setup  # it holds the rules, so their id is not reused meanwhile
    return setup


#: Every tile of a set, with the plain moves it makes on one set of open ends.
Fits = dict[Tile, tuple[Move, ...]]
#: A table of fits, and the tables one play leads to, by ``16 * arm + the arm's
#: new pip``: a game finds the next table without building a key, since a play
#: changes only the arm it is on (unless a new sniff opens its sides).
FitsEntry = tuple[Fits, dict[int, "FitsEntry"]]
_FITS: dict[tuple[int, int, int, int, int], FitsEntry] = {}
#: How many sets of open ends to remember (a double-six game meets a few hundred).
FITS_KEPT = 4096


def fits_for(o0: int, o1: int, o2: int, o3: int, max_pip: int) -> FitsEntry:
    """Every tile of the double-*max_pip* set, with the plain moves it makes on
    open ends *o0*..*o3* (west, east, north, south; -1: closed), in that order;
    and the (at first empty) table of where one play leads.

    >>> fits, _after = fits_for(6, 4, -1, -1, 6)
    >>> [str(m) for m in fits[Tile.of(6, 4)]], fits[Tile.of(1, 0)]
    (['6-4 west', '6-4 east'], ())
    """
    key = (o0, o1, o2, o3, max_pip)
    entry = _FITS.get(key)
    if entry is None:
        opens = (o0, o1, o2, o3)
        fits: Fits = {}
        for tile in full_set(max_pip):
            arms = sum(1 << arm for arm, pip in enumerate(opens) if pip >= 0 and pip in tile)
            fits[tile] = _ON_ARMS[tile][arms]
        if len(_FITS) >= FITS_KEPT:
            _FITS.clear()
        entry = _FITS[key] = (fits, {})
    return entry
