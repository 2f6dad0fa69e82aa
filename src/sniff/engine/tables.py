"""Tables the game works out once and then looks up on every move.

:func:`setup_for` gives what a rule set and a player count fix for a whole
game (who scores together, the target, what each count earns, who plays next);
:func:`fits_for` gives, for one set of open ends, the moves every tile of the
set that fits makes there. Both are kept in small bounded caches, so that a
long run of games holds a fixed amount of memory.
"""

from __future__ import annotations

from functools import lru_cache

from sniff.engine import compact
from sniff.engine.events import Drew, Move, Played
from sniff.engine.layout import ARM_ENDS, End
from sniff.engine.leading import next_seat
from sniff.engine.rules import Combination, RuleSet
from sniff.engine.scoring import play_points
from sniff.engine.tiles import Tile, full_set

__all__ = [
    "CORE_LEAVES",
    "CORE_READS",
    "LEAD_MOVES",
    "MOVES",
    "Setup",
    "fits_for",
    "fits_table",
    "points_table",
    "setup_for",
]

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
#: How many shared events a :class:`Setup` keeps (a double-six game between two meets
#: a few thousand).
EVENTS_KEPT = 32768


@lru_cache(maxsize=16)
def points_table(combination: Combination, unit: int) -> tuple[int, ...]:
    """What a play earns for every count a layout can reach."""
    return tuple(play_points(count, combination, unit) for count in range(MAX_COUNT + 1))


#: The rules the fast core (this module's :class:`Setup`, :mod:`~sniff.engine.compact`,
#: :mod:`~sniff.engine.playout`, :mod:`~sniff.engine.threats`) plays by: each
#: :class:`~sniff.engine.rules.RuleSet` field it reads, with the attributes of
#: :class:`Setup` that carry it there (the core reads the rules through them only).
CORE_READS: dict[str, tuple[str, ...]] = {
    "tile_set": ("max_pip",),
    "spinner": ("mode",),
    "scoring": ("points",),
    "points_unit": ("points", "unit"),
    "draw_limit": ("draw_limit",),
    "draw_while_playable": ("draw_while_playable",),
    "must_play_drawn": ("must_play_drawn",),
    "leader_second_turn": ("second_turn",),
    "round_scoring": ("round_scoring",),
    "targets": ("target",),
    "partnerships": ("sides", "side_of"),
    "direction": ("after",),
    "double_endwise": ("double_endwise",),
}
#: The fields the fast core knowingly does without, and why. Every field of
#: ``RuleSet`` is in one of the two (tests/test_engine_core_rules.py names a new
#: field that is in neither): a new rule is taught to the core, or left out here.
CORE_LEAVES: dict[str, str] = {
    "preset": "a name: the other fields are the rules",
    "hand_sizes": "the core plays on from hands already dealt",
    "lead": "the tile the rules name to lead comes with the position (Round.required)",
    "no_double": "as lead: the deal and its leader are given",
    "first_leader": "the core plays one round, whose leader is given",
    "next_leader": "as first_leader: the core never deals the next round",
    "muggins": "the look-ahead takes every claim as right: the points count at once",
}


class Setup:
    """What a rule set and a player count fix for a whole game (shared: only its
    tables of events grow)."""

    __slots__ = (
        "after",
        "double_endwise",
        "draw_limit",
        "draw_while_playable",
        "drew",
        "fits",
        "lead_keys",
        "max_pip",
        "mode",
        "muggins",
        "must_play_drawn",
        "played",
        "points",
        "round_scoring",
        "rules",
        "second_turn",
        "shared",
        "side_of",
        "sides",
        "target",
        "unit",
    )

    def __init__(self, rules: RuleSet, players: int) -> None:
        rules.check_players(players)
        self.rules = rules
        self.sides = tuple(tuple(side) for side in rules.sides(players))
        self.side_of = tuple(
            next(i for i, side in enumerate(self.sides) if seat in side) for seat in range(players)
        )
        self.target = rules.target(players)
        self.unit = rules.points_unit
        self.points = points_table(rules.scoring, self.unit)
        self.round_scoring = rules.round_scoring
        self.mode = compact.MODE_CODE[rules.spinner]
        #: For each tile (by id), what leading it earns times 64 plus its pips: the
        #: greedy lead is the tile with the largest.
        self.lead_keys = tuple(
            self.points[count] * 64 + compact.PIPS[tid]
            for tid, count in enumerate(compact.lead_counts(self.mode))
        )
        #: The seat that plays after each seat, in the rules' direction.
        self.after = tuple(next_seat(seat, players, rules.direction) for seat in range(players))
        self.muggins = rules.muggins
        self.must_play_drawn = rules.must_play_drawn
        self.draw_limit = rules.draw_limit
        self.draw_while_playable = rules.draw_while_playable
        self.double_endwise = rules.double_endwise
        self.second_turn = rules.leader_second_turn
        self.max_pip = rules.max_pip
        #: The tables of fits of this set (see :func:`fits_table`).
        self.fits = fits_table(self.max_pip)
        # The two events made on nearly every action are values (frozen, compared by
        # their fields), so equal ones can be one object: these tables hand out the
        # one made before (making a frozen event costs a third of an action in a
        # look-ahead), reached by indexing rather than by hashing a tuple of fields.
        #: The Played events, by seat, then the count after the play (which fixes
        #: the points), then the move.
        self.played: list[list[dict[Move, Played]]] = [
            [{} for _ in range(MAX_COUNT + 1)] for _ in range(players)
        ]
        #: The Drew events, by seat, then the tile.
        self.drew: list[dict[Tile, Drew]] = [{} for _ in range(players)]
        self.shared = 0  # events in both tables

    def new_played(self, seat: int, move: Move, count: int) -> Played:
        """The event of *seat* making *move* to leave *count*, kept in :attr:`played`.

        >>> setup = setup_for(RuleSet(), 2)
        >>> move = MOVES[Tile.of(6, 4)][1]
        >>> event = setup.new_played(1, move, 15)
        >>> event == Played(1, Tile.of(6, 4), End.EAST, 15, 15), setup.played[1][15][move] is event
        (True, True)
        """
        self._make_room()
        tile, end, endwise = move
        event = self.played[seat][count][move] = Played(
            seat, tile, end, count, self.points[count], endwise
        )
        return event

    def new_drew(self, seat: int, tile: Tile) -> Drew:
        """The event of *seat* drawing *tile*, kept in :attr:`drew`."""
        self._make_room()
        event = self.drew[seat][tile] = Drew(seat, tile)
        return event

    def _make_room(self) -> None:
        """Count one more shared event; empty both tables once :data:`EVENTS_KEPT` are kept."""
        if self.shared >= EVENTS_KEPT:
            for by_count in self.played:
                for by_move in by_count:
                    by_move.clear()
            for by_tile in self.drew:
                by_tile.clear()
            self.shared = 0
        self.shared += 1


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


#: Every tile of a set that fits somewhere, with the plain moves it makes on one
#: set of open ends. (The tiles that fit nowhere are left out: a game reads one of
#: these tables on every turn, and a smaller table is found in the cache more often.)
Fits = dict[Tile, tuple[Move, ...]]
#: The tables of fits of one set size, by the pips open west and east, then by those
#: open north and south, each pair as ``16 * first + second`` (the pips, -1..12, span
#: fewer than 16 values, so no two pairs share a number). Two small numbers are the
#: cheapest key to make, and a game looks one up after every play.
FitsTable = dict[int, dict[int, Fits]]
_FITS: dict[int, FitsTable] = {}
_FITS_FOUND: dict[int, int] = {}  # how many sets of open ends each table holds
#: How many sets of open ends to remember for each set size (a double-six game
#: between two meets a few hundred, and all of them are under 3,200).
FITS_KEPT = 4096


def fits_table(max_pip: int) -> FitsTable:
    """The tables of fits of the double-*max_pip* set found so far (shared; on a miss,
    ask :func:`fits_for`).

    >>> fits = fits_for(6, 4, -1, -1, 6)
    >>> fits_table(6)[16 * 6 + 4][16 * -1 + -1] is fits
    True
    """
    table = _FITS.get(max_pip)
    if table is None:
        table = _FITS[max_pip] = {}
    return table


def fits_for(o0: int, o1: int, o2: int, o3: int, max_pip: int) -> Fits:
    """Every tile of the double-*max_pip* set that fits open ends *o0*..*o3* (west,
    east, north, south; -1: closed), with the plain moves it makes there, in that order.

    >>> fits = fits_for(6, 4, -1, -1, 6)
    >>> [str(m) for m in fits[Tile.of(6, 4)]], Tile.of(1, 0) in fits
    (['6-4 west', '6-4 east'], False)
    """
    table = fits_table(max_pip)
    sides = table.get(16 * o0 + o1)
    fits = None if sides is None else sides.get(16 * o2 + o3)
    if fits is None:
        opens = (o0, o1, o2, o3)
        fits = {}
        for tile in full_set(max_pip):
            arms = sum(1 << arm for arm, pip in enumerate(opens) if pip >= 0 and pip in tile)
            if arms:
                fits[tile] = _ON_ARMS[tile][arms]
        found = _FITS_FOUND.get(max_pip, 0)
        if found >= FITS_KEPT:
            table.clear()  # (in place: every Setup holds the table)
            found = 0
        _FITS_FOUND[max_pip] = found + 1
        table.setdefault(16 * o0 + o1, {})[16 * o2 + o3] = fits
    return fits
