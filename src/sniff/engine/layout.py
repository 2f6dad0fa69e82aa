"""The layout on the table: the lead, four arms, the sniff, open ends and the count.

The lead lies with its first (higher) half to the west. The main line grows
west and east. The first double becomes the sniff when the rules have a
spinner; its ``north`` and ``south`` sides are arms of their own. A
``Layout`` never changes: :meth:`Layout.place` returns a new one, so a copied
game state can share it.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from sniff.engine.rules import SpinnerMode
from sniff.engine.tiles import Tile


class End(str, Enum):
    """The names of the places a tile can go (RULES.md, "The layout")."""

    LEAD = "lead"
    WEST = "west"
    EAST = "east"
    NORTH = "north"
    SOUTH = "south"

    @property
    def arm(self) -> int:
        """0..3 for west, east, north, south (the arm), -1 for the lead."""
        return _END_INDEX[self]

    def __str__(self) -> str:
        return self.value


_END_INDEX = {End.LEAD: -1, End.WEST: 0, End.EAST: 1, End.NORTH: 2, End.SOUTH: 3}
ARM_ENDS: tuple[End, End, End, End] = (End.WEST, End.EAST, End.NORTH, End.SOUTH)
W, E, N, S = 0, 1, 2, 3
_NONE = SpinnerMode.NONE
_STUBBY = SpinnerMode.STUBBY
_EXPOSED = SpinnerMode.SNIFF_EXPOSED


class Placed(NamedTuple):
    """A tile on an arm: *inner* touches the layout, *outer* is the new end."""

    tile: Tile
    inner: int
    outer: int
    crosswise: bool  # a double lying across the line counts both halves at an end


class Part(NamedTuple):
    """One term of the count: what an end contributes and why.

    ``kind`` is ``"end"`` (an outer half), ``"double"`` (a double at the end,
    both halves), ``"sniff"`` (the sniff at the end of the line, both halves),
    ``"half"`` (the sniff lying lengthwise, or a lengthwise double: one half),
    ``"exposed"`` (an uncovered half of an exposed sniff) or ``"lead"`` (a lone
    lead counted whole).
    """

    end: End
    pips: int
    kind: str


class Layout:
    """An immutable layout. Build it with :meth:`empty` and :meth:`place`."""

    __slots__ = (
        "arms",
        "count",
        "lead",
        "lead_crosswise",
        "mode",
        "open",
        "open_arms",
        "sniff",
        "sniff_arm",
    )

    mode: SpinnerMode
    lead: Tile | None
    lead_crosswise: bool
    arms: tuple[tuple[Placed, ...], tuple[Placed, ...], tuple[Placed, ...], tuple[Placed, ...]]
    sniff: Tile | None
    # Where the sniff lies: -1 when it is the lead, else W or E; its position on
    # that arm is fixed by its first appearance (see _sniff_at_end_of).
    sniff_arm: int
    open: tuple[int, int, int, int]  # open pip per arm, -1 where nothing may be played
    open_arms: tuple[tuple[int, int], ...]  # (arm, pip) of the open arms only
    count: int

    @classmethod
    def empty(cls, mode: SpinnerMode) -> Layout:
        layout = object.__new__(cls)
        layout.mode = mode
        layout.lead = None
        layout.lead_crosswise = False
        layout.arms = ((), (), (), ())
        layout.sniff = None
        layout.sniff_arm = -1
        layout.open = (-1, -1, -1, -1)
        layout.open_arms = ()
        layout.count = 0
        return layout

    # -- building -------------------------------------------------------------

    def becomes_sniff(self, tile: Tile) -> bool:
        """Whether *tile*, played now, would become the sniff."""
        return self.sniff is None and tile.is_double and self.mode is not SpinnerMode.NONE

    def place(self, tile: Tile, end: End, *, endwise: bool = False) -> Layout:
        """The layout after *tile* is played on *end* (checked by the caller).

        *endwise* lays a double that is not the sniff along the line, so that
        it counts one half (the ``double_endwise`` house rule).
        """
        mode = self.mode
        new = object.__new__(Layout)
        new.mode = mode
        sniff_now = self.sniff is None and tile.high == tile.low and mode is not _NONE
        o0, o1, o2, o3 = self.open
        # Most plays only replace one ordinary end by another: then the count
        # changes by the difference of the two, and nothing else needs counting.
        # (Ends that are the sniff or the lead, a new sniff, and covering an
        # exposed sniff's arm change other terms: those are counted afresh.)
        delta: int | None = None
        if end is End.LEAD:
            new.lead = tile
            new.arms = self.arms
            o0, o1 = tile
            if sniff_now:
                new.sniff = tile
                new.sniff_arm = -1
                new.lead_crosswise = mode is not _STUBBY
                o2 = o3 = o0
            else:
                new.sniff = None
                new.sniff_arm = -1
                new.lead_crosswise = tile.high == tile.low and not endwise
        else:
            new.lead = self.lead
            new.lead_crosswise = self.lead_crosswise
            arm = _END_INDEX[end]
            inner = self.open[arm]
            outer = tile.low if tile.high == inner else tile.high
            if sniff_now:
                crosswise = mode is not _STUBBY
                new.sniff = tile
                new.sniff_arm = arm
                o2 = o3 = inner
            else:
                crosswise = tile.high == tile.low and not endwise
                new.sniff = self.sniff
                new.sniff_arm = self.sniff_arm
            placed = self.arms[arm]
            if (
                placed
                and not sniff_now
                and (arm < N or mode is not _EXPOSED)
                and placed[-1].tile != self.sniff
            ):
                last = placed[-1]
                before = 2 * last.outer if last.crosswise else last.outer
                delta = (2 * outer if crosswise else outer) - before
            arms = list(self.arms)
            arms[arm] = (*placed, Placed(tile, inner, outer, crosswise))
            new.arms = tuple(arms)  # type: ignore[assignment]
            # A stubby sniff's north and south take one tile each, then close.
            if arm == W:
                o0 = outer
            elif arm == E:
                o1 = outer
            elif arm == N:
                o2 = -1 if mode is _STUBBY else outer
            else:
                o3 = -1 if mode is _STUBBY else outer
        new.open = (o0, o1, o2, o3)
        open_arms = []
        if o0 >= 0:
            open_arms.append((W, o0))
        if o1 >= 0:
            open_arms.append((E, o1))
        if o2 >= 0:
            open_arms.append((N, o2))
        if o3 >= 0:
            open_arms.append((S, o3))
        new.open_arms = tuple(open_arms)
        new.count = new._count() if delta is None else self.count + delta
        return new

    def _count(self) -> int:
        """The count, computed as :meth:`parts` does but without explaining it.

        This runs after every play in every look-ahead, so it builds nothing;
        the tests hold it equal to ``sum(parts)`` for random layouts.
        """
        lead = self.lead
        if lead is None:
            return 0
        mode = self.mode
        arms = self.arms
        sniff = self.sniff
        exposed = mode is SpinnerMode.SNIFF_EXPOSED and not (arms[N] and arms[S])
        total = 0
        if self.lead_crosswise and not arms[W] and not arms[E]:
            if not exposed:
                total = lead.high + lead.low
        else:
            for arm in (W, E):
                placed = arms[arm]
                if sniff is not None and (
                    not placed
                    if self.sniff_arm == -1
                    else self.sniff_arm == arm and placed[-1].tile == sniff
                ):
                    if mode is SpinnerMode.STUBBY:
                        total += sniff.high
                    elif not exposed:
                        total += sniff.high + sniff.low
                elif placed:
                    last = placed[-1]
                    total += 2 * last.outer if last.crosswise else last.outer
                elif self.lead_crosswise:
                    total += lead.high + lead.low
                else:
                    total += lead.high if arm == W else lead.low
        if sniff is not None:
            for arm in (N, S):
                placed = arms[arm]
                if placed:
                    last = placed[-1]
                    total += 2 * last.outer if last.crosswise else last.outer
                elif exposed:
                    total += sniff.high
        return total

    # -- reading ----------------------------------------------------------------

    def open_ends(self) -> list[tuple[End, int]]:
        """The ends a tile may be played on, with their pips, in W, E, N, S order."""
        return [(ARM_ENDS[i], pip) for i, pip in enumerate(self.open) if pip >= 0]

    def _sniff_at_end_of(self, arm: int) -> bool:
        """Whether the sniff itself is the end of the main line on *arm* (W or E)."""
        if self.sniff is None:
            return False
        if self.sniff_arm == -1:
            return not self.arms[arm]
        placed = self.arms[arm]
        return self.sniff_arm == arm and placed[-1].tile == self.sniff

    def parts(self) -> list[Part]:
        """The terms of the count, end by end (RULES.md, "What counts").

        >>> from sniff.engine.tiles import Tile
        >>> lay = Layout.empty(SpinnerMode.SNIFF_EXPOSED).place(Tile.of(4, 4), End.LEAD)
        >>> lay.count, lay.place(Tile.of(6, 4), End.WEST).count
        (8, 14)
        """
        lead = self.lead
        if lead is None:
            return []
        mode = self.mode
        parts: list[Part] = []
        covered_ns = bool(self.arms[N]) and bool(self.arms[S])
        exposed = mode is SpinnerMode.SNIFF_EXPOSED and not covered_ns
        lone_cross_lead = self.lead_crosswise and not self.arms[W] and not self.arms[E]
        if lone_cross_lead and not exposed:
            # A crosswise double alone at both ends of the line counts once.
            kind = "sniff" if self.sniff is lead else "lead"
            parts.append(Part(End.LEAD, lead.pips, kind))
        for arm in (W, E):
            end = ARM_ENDS[arm]
            if lone_cross_lead:
                break
            if self._sniff_at_end_of(arm):
                sniff = self.sniff
                assert sniff is not None
                if mode is SpinnerMode.STUBBY:
                    parts.append(Part(end, sniff.high, "half"))
                elif not exposed:
                    parts.append(Part(end, sniff.pips, "sniff"))
                continue
            placed = self.arms[arm]
            if placed:
                last = placed[-1]
                if last.crosswise:
                    parts.append(Part(end, 2 * last.outer, "double"))
                else:
                    kind = "half" if last.tile.is_double else "end"
                    parts.append(Part(end, last.outer, kind))
            elif self.lead_crosswise:
                parts.append(Part(end, lead.pips, "double"))
            else:
                pip = lead.high if arm == W else lead.low
                parts.append(Part(end, pip, "half" if lead.is_double else "end"))
        if self.sniff is not None:
            for arm in (N, S):
                end = ARM_ENDS[arm]
                placed = self.arms[arm]
                if placed:
                    last = placed[-1]
                    pips = 2 * last.outer if last.crosswise else last.outer
                    parts.append(Part(end, pips, "double" if last.crosswise else "end"))
                elif exposed:
                    parts.append(Part(end, self.sniff.high, "exposed"))
        return parts

    def tiles(self) -> list[Tile]:
        """Every tile on the table."""
        out = [] if self.lead is None else [self.lead]
        for placed in self.arms:
            out.extend(p.tile for p in placed)
        return out

    def arm(self, end: End) -> tuple[Placed, ...]:
        """The tiles on one arm, from the centre outwards."""
        return self.arms[_END_INDEX[end]]

    def __repr__(self) -> str:
        arms = " ".join(
            f"{ARM_ENDS[i].value}={'/'.join(str(p.tile) for p in a)}"
            for i, a in enumerate(self.arms)
            if a
        )
        return f"<Layout lead={self.lead} {arms} count={self.count}>"
