"""Compact forms for the hot paths: tile ids, bitmasks, and the layout as integers.

A tile is also a small integer, its *id*: ``high * (high + 1) // 2 + low``,
which is its index in :func:`~sniff.engine.tiles.full_set` for every set
size. A hand is then a bitmask of ids, and "which tiles show pip 4" is one
mask from :data:`PIP_MASK`.

The layout's state is a list of integers (:data:`SLOTS` of them, named by the
constants below): the open pip of each arm, how many tiles lie on it, what
its end counts, the count, the lead and the sniff. :func:`place` updates it
for one tile and keeps the count; :class:`~sniff.engine.layout.Layout`, the
game and the playouts all count through it, so the counting rules of
RULES.md ("What counts, by spinner mode") live in this one place, besides
:meth:`~sniff.engine.layout.Layout.parts`, which explains the same count
term by term (the tests hold the two equal).

>>> s = empty_layout()
>>> place(s, SNIFF, 4, 4, LEAD_ARM), place(s, SNIFF, 4, 2, 1), place(s, SNIFF, 4, 1, 0)
(8, 10, 3)
"""

from __future__ import annotations

from sniff.engine.rules import SpinnerMode
from sniff.engine.tiles import Tile, full_set

__all__ = [
    "ALL_TILES",
    "HIGH",
    "ID_OF",
    "LOW",
    "MODE_CODE",
    "PIPS",
    "PIP_MASK",
    "TILE_OF",
    "count_after",
    "empty_layout",
    "full_count",
    "lead_counts",
    "mask_of",
    "place",
    "set_mask",
    "tile_id",
]

#: Spinner modes as small integers (:data:`MODE_CODE` maps the enum onto them).
NONE, SNIFF, EXPOSED, STUBBY = 0, 1, 2, 3
MODE_CODE: dict[SpinnerMode, int] = {
    SpinnerMode.NONE: NONE,
    SpinnerMode.SNIFF: SNIFF,
    SpinnerMode.SNIFF_EXPOSED: EXPOSED,
    SpinnerMode.STUBBY: STUBBY,
}

#: The arms, and -1 for the lead.
W, E, N, S = 0, 1, 2, 3
LEAD_ARM = -1

# -- tiles as ids ---------------------------------------------------------------------

#: Every tile of the largest set, by id.
TILE_OF: tuple[Tile, ...] = tuple(full_set(12))
ID_OF: dict[Tile, int] = {tile: i for i, tile in enumerate(TILE_OF)}
HIGH: tuple[int, ...] = tuple(t.high for t in TILE_OF)
LOW: tuple[int, ...] = tuple(t.low for t in TILE_OF)
PIPS: tuple[int, ...] = tuple(t.high + t.low for t in TILE_OF)
#: The tiles (as a mask of ids) showing each pip.
PIP_MASK: tuple[int, ...] = tuple(
    sum(1 << i for i, t in enumerate(TILE_OF) if pip in t) for pip in range(13)
)
#: Every tile, as a mask.
ALL_TILES = (1 << len(TILE_OF)) - 1


def tile_id(tile: Tile) -> int:
    """The id of *tile*.

    >>> tile_id(Tile.of(0, 0)), tile_id(Tile.of(6, 6)), tile_id(Tile.of(6, 4))
    (0, 27, 25)
    """
    return ID_OF[tile]


def mask_of(tiles: object) -> int:
    """The bitmask of an iterable of tiles."""
    mask = 0
    for tile in tiles:  # type: ignore[attr-defined]
        mask |= 1 << ID_OF[tile]
    return mask


def set_mask(max_pip: int) -> int:
    """Every tile of a double-*max_pip* set, as a mask."""
    return (1 << ((max_pip + 1) * (max_pip + 2) // 2)) - 1


# -- the layout as integers -------------------------------------------------------------

# Indices into a layout state list.
OPEN = 0  # 0..3: the open pip of each arm, -1 where nothing may be played
NUM = 4  # 4..7: tiles on each arm
VAL = 8  # 8..11: what the last tile of each arm counts while it is the end
COUNT = 12
LEAD_HI = 13  # -1 while the table is empty
LEAD_LO = 14
LEAD_CROSS = 15  # 1: the lead lies across (a double, and not endwise)
SNIFF_PIP = 16  # -1: no sniff yet
SNIFF_ARM = 17  # -1: the sniff is the lead; else W or E
SNIFF_POS = 18  # tiles on SNIFF_ARM up to and with the sniff: it is the end while NUM equals it
SLOTS = 19

_EMPTY = (-1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, -1, -1, 0)


def empty_layout() -> list[int]:
    """The state of an empty table."""
    return list(_EMPTY)


def full_count(s: list[int], mode: int) -> int:
    """The count of layout state *s*, worked out from scratch.

    The lead lies with its high half west. A crosswise double alone on the
    main line counts once; the sniff at an end of the line counts both halves
    (one in ``stubby``, none while an ``sniff-exposed`` sniff has an open
    side, whose halves count instead); north and south count once covered.
    """
    # Written out branch by branch (no loops): this runs after many plays.
    lead_hi = s[LEAD_HI]
    if lead_hi < 0:
        return 0
    lead_lo = s[LEAD_LO]
    n_w = s[NUM + W]
    n_e = s[NUM + E]
    cross = s[LEAD_CROSS]
    sniff = s[SNIFF_PIP]
    if sniff < 0:  # the main line only: north and south are not open
        if not cross:
            return (s[VAL + W] if n_w else lead_hi) + (s[VAL + E] if n_e else lead_lo)
        whole = lead_hi + lead_lo
        if not n_w and not n_e:
            return whole
        return (s[VAL + W] if n_w else whole) + (s[VAL + E] if n_e else whole)
    n_n = s[NUM + N]
    n_s = s[NUM + S]
    exposed = mode == EXPOSED and not (n_n and n_s)
    side = sniff if exposed else 0  # an open side of an exposed sniff counts its half
    total = (s[VAL + N] if n_n else side) + (s[VAL + S] if n_s else side)
    if cross and not n_w and not n_e:
        return total if exposed else total + lead_hi + lead_lo
    at_end = sniff if mode == STUBBY else 0 if exposed else 2 * sniff
    sniff_arm = s[SNIFF_ARM]
    if sniff_arm == LEAD_ARM:  # the sniff led: it is the end of each empty side
        return total + (s[VAL + W] if n_w else at_end) + (s[VAL + E] if n_e else at_end)
    pos = s[SNIFF_POS]
    if sniff_arm == W and n_w == pos:
        west = at_end
    else:
        west = s[VAL + W] if n_w else lead_hi + lead_lo if cross else lead_hi
    if sniff_arm == E and n_e == pos:
        east = at_end
    else:
        east = s[VAL + E] if n_e else lead_hi + lead_lo if cross else lead_lo
    return total + west + east


def place(s: list[int], mode: int, high: int, low: int, arm: int, endwise: bool = False) -> int:
    """Lay tile *high*-*low* on *arm* (or lead it: :data:`LEAD_ARM`); return the count.

    The caller has checked that it fits. *endwise* lays a double that is not
    the sniff along the line (the ``double_endwise`` house rule).
    """
    # Every play of every look-ahead comes here: the indices are written out
    # (OPEN + arm is arm, NUM + arm is 4 + arm, VAL + arm is 8 + arm, COUNT 12,
    # SNIFF_PIP 16, SNIFF_ARM 17, SNIFF_POS 18), and a tile that is not a double,
    # most plays, asks nothing about the sniff.
    if arm < 0:
        return _lead(s, mode, high, low, endwise, high == low and s[16] < 0 and mode != NONE)
    inner = s[arm]
    placed = s[4 + arm]
    if high != low:
        value = outer = low if high == inner else high
    elif s[16] < 0 and mode != NONE:
        return _sniff(s, mode, high, arm, placed)
    else:
        outer = high
        value = high if endwise else 2 * high
    # end_base() of an end that is a tile other than the sniff, written out (a
    # side of the sniff is never the sniff's own arm, SNIFF_ARM being W or E).
    if placed and not (s[17] == arm and s[18] == placed):
        base = s[12] - s[8 + arm]
    else:
        base = end_base(s, mode, arm)
    s[4 + arm] = placed + 1
    s[arm] = -1 if arm >= N and mode == STUBBY else outer
    s[8 + arm] = value
    count = s[12] = base + value if base >= 0 else full_count(s, mode)
    return count


def _sniff(s: list[int], mode: int, pip: int, arm: int, placed: int) -> int:
    """:func:`place` for the first double, which becomes the sniff, on *arm*."""
    s[NUM + arm] = placed + 1
    s[OPEN + arm] = pip
    s[SNIFF_PIP] = pip
    s[SNIFF_ARM] = arm
    s[SNIFF_POS] = placed + 1
    s[OPEN + N] = s[OPEN + S] = pip
    s[VAL + arm] = pip if mode == STUBBY else 2 * pip
    count = s[COUNT] = full_count(s, mode)
    return count


def _lead(s: list[int], mode: int, high: int, low: int, endwise: bool, sniff_now: bool) -> int:
    """:func:`place` for the lead."""
    s[LEAD_HI] = high
    s[LEAD_LO] = low
    s[OPEN] = high
    s[OPEN + 1] = low
    if sniff_now:
        s[SNIFF_PIP] = high
        s[SNIFF_ARM] = LEAD_ARM
        s[LEAD_CROSS] = int(mode != STUBBY)
        s[OPEN + 2] = s[OPEN + 3] = high
    else:
        s[LEAD_CROSS] = int(high == low and not endwise)
    count = s[COUNT] = full_count(s, mode)
    return count


def end_base(s: list[int], mode: int, arm: int) -> int:
    """The count without what the end of *arm* counts now, when a tile laid there
    (one that does not become the sniff) changes only that term; -1 when it changes
    others too, which is only when it covers a side of an exposed sniff and so ends
    its exposure. The count after the tile is then this plus what the tile counts.

    :func:`place` and :func:`count_after` count every ordinary play this way;
    :func:`full_count` is the reference (the tests hold them equal).
    """
    count = s[COUNT]
    placed = s[NUM + arm]
    if arm >= N:  # a side of the sniff
        if placed:
            return count - s[VAL + arm]
        if mode != EXPOSED:
            return count  # an open side counts nothing until covered
        # An exposed sniff's open side counts its half; covering the last one
        # makes the sniff count as a sniff again, on the main line too.
        return count - s[SNIFF_PIP] if not s[NUM + (S if arm == N else N)] else -1
    sniff = s[SNIFF_PIP]
    exposed = mode == EXPOSED and not (s[NUM + N] and s[NUM + S])
    # What the sniff counts while it is an end of the main line.
    at_end = sniff if mode == STUBBY else 0 if exposed else 2 * sniff
    if placed:
        if s[SNIFF_ARM] == arm and s[SNIFF_POS] == placed:
            return count - at_end  # the sniff is this end
        return count - s[VAL + arm]
    # The end is the lead's.
    lead_pips = s[LEAD_HI] + s[LEAD_LO]
    alone = not s[NUM + (E if arm == W else W)]
    if sniff >= 0 and s[SNIFF_ARM] == LEAD_ARM:
        if s[LEAD_CROSS] and alone:  # a lone sniff lead, counted once: now at the other end
            return count - (0 if exposed else lead_pips) + at_end
        return count - at_end
    if s[LEAD_CROSS]:  # a crosswise double lead: counted once while alone
        return count if alone else count - lead_pips
    return count - (s[LEAD_HI] if arm == W else s[LEAD_LO])


def count_after(
    s: list[int], mode: int, high: int, low: int, arm: int, endwise: bool = False
) -> int:
    """The count if tile *high*-*low* were laid on *arm* (or led: :data:`LEAD_ARM`),
    *s* unchanged."""
    if arm >= 0 and (high != low or s[SNIFF_PIP] >= 0 or mode == NONE):
        base = end_base(s, mode, arm)
        if base >= 0:
            outer = low if high == s[arm] else high
            return base + (2 * outer if high == low and not endwise else outer)
    return place(s[:], mode, high, low, arm, endwise)


def lead_counts(mode: int) -> tuple[int, ...]:
    """The count after leading each tile (by id, laid the usual way) in spinner *mode*.

    >>> lead_counts(SNIFF)[tile_id(Tile.of(6, 4))], lead_counts(SNIFF)[tile_id(Tile.of(5, 5))]
    (10, 10)
    """
    pairs = zip(HIGH, LOW, strict=True)
    return tuple(place(empty_layout(), mode, high, low, LEAD_ARM) for high, low in pairs)
