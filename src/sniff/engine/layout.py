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

from sniff.engine import compact
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
        return _END_INDEX[self._value_]

    def __str__(self) -> str:
        return self.value


# Keyed by the value: an Enum member's own hash is a Python-level call.
_END_INDEX = {"lead": -1, "west": 0, "east": 1, "north": 2, "south": 3}
ARM_ENDS: tuple[End, End, End, End] = (End.WEST, End.EAST, End.NORTH, End.SOUTH)
W, E, N, S = 0, 1, 2, 3
_NONE = SpinnerMode.NONE
_STUBBY = SpinnerMode.STUBBY
_MODE = compact.MODE_CODE


class Placed(NamedTuple):
    """A tile on an arm: *inner* touches the layout, *outer* is the new end."""

    tile: Tile
    inner: int
    outer: int
    crosswise: bool  # a double lying across the line counts both halves at an end


class PartKind(str, Enum):
    """Why an end counts what it counts (a :class:`Part` of the count)."""

    END = "end"  # the outer half of the tile at the end
    DOUBLE = "double"  # a double across the end: both halves
    SNIFF = "sniff"  # the sniff at the end of the line: both halves
    HALF = "half"  # the sniff lying lengthwise (stubby), or a double laid along: one half
    EXPOSED = "exposed"  # an uncovered side of an exposed sniff: its half
    LEAD = "lead"  # a lone lead, counted whole

    def __str__(self) -> str:
        return self.value


class Part(NamedTuple):
    """One term of the count: what an end contributes, and why (*kind*)."""

    end: End
    pips: int
    kind: PartKind


class Layout:
    """An immutable layout. Build it with :meth:`empty` and :meth:`place`."""

    __slots__ = (
        "_state",
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
    # Where the sniff lies: -1 when it is the lead, else W or E.
    sniff_arm: int
    open: tuple[int, int, int, int]  # open pip per arm, -1 where nothing may be played
    open_arms: tuple[tuple[int, int], ...]  # (arm, pip) of the open arms only
    count: int
    _state: list[int]  # the compact state (sniff.engine.compact); never changed once built

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
        layout._state = compact.empty_layout()
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
        state = self._state[:]
        high, low = tile
        arm = end.arm
        new = object.__new__(Layout)
        new.mode = mode
        sniff_now = self.sniff is None and high == low and mode is not _NONE
        new.count = compact.place(state, _MODE[mode], high, low, arm, endwise)
        new._state = state
        if arm < 0:
            new.lead = tile
            new.arms = self.arms
            new.lead_crosswise = bool(state[compact.LEAD_CROSS])
        else:
            new.lead = self.lead
            new.lead_crosswise = self.lead_crosswise
            inner = self.open[arm]
            outer = low if high == inner else high
            crosswise = mode is not _STUBBY if sniff_now else high == low and not endwise
            arms = list(self.arms)
            arms[arm] = (*arms[arm], Placed(tile, inner, outer, crosswise))
            new.arms = tuple(arms)  # type: ignore[assignment]
        new.sniff = tile if sniff_now else self.sniff
        new.sniff_arm = state[compact.SNIFF_ARM]
        new.open = opens = (state[0], state[1], state[2], state[3])
        new.open_arms = tuple((i, pip) for i, pip in enumerate(opens) if pip >= 0)
        return new

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
            kind = PartKind.SNIFF if self.sniff is lead else PartKind.LEAD
            parts.append(Part(End.LEAD, lead.pips, kind))
        for arm in (W, E):
            end = ARM_ENDS[arm]
            if lone_cross_lead:
                break
            if self._sniff_at_end_of(arm):
                sniff = self.sniff
                assert sniff is not None
                if mode is SpinnerMode.STUBBY:
                    parts.append(Part(end, sniff.high, PartKind.HALF))
                elif not exposed:
                    parts.append(Part(end, sniff.pips, PartKind.SNIFF))
                continue
            placed = self.arms[arm]
            if placed:
                last = placed[-1]
                if last.crosswise:
                    parts.append(Part(end, 2 * last.outer, PartKind.DOUBLE))
                else:
                    kind = PartKind.HALF if last.tile.is_double else PartKind.END
                    parts.append(Part(end, last.outer, kind))
            elif self.lead_crosswise:
                parts.append(Part(end, lead.pips, PartKind.DOUBLE))
            else:
                pip = lead.high if arm == W else lead.low
                parts.append(Part(end, pip, PartKind.HALF if lead.is_double else PartKind.END))
        if self.sniff is not None:
            for arm in (N, S):
                end = ARM_ENDS[arm]
                placed = self.arms[arm]
                if placed:
                    last = placed[-1]
                    if last.crosswise:
                        parts.append(Part(end, 2 * last.outer, PartKind.DOUBLE))
                    else:
                        parts.append(Part(end, last.outer, PartKind.END))
                elif exposed:
                    parts.append(Part(end, self.sniff.high, PartKind.EXPOSED))
        return parts

    def tiles(self) -> list[Tile]:
        """Every tile on the table."""
        out = [] if self.lead is None else [self.lead]
        for placed in self.arms:
            out.extend(p.tile for p in placed)
        return out

    def arm(self, end: End) -> tuple[Placed, ...]:
        """The tiles on one arm, from the centre outwards."""
        return self.arms[end.arm]

    def __repr__(self) -> str:
        arms = " ".join(
            f"{ARM_ENDS[i].value}={'/'.join(str(p.tile) for p in a)}"
            for i, a in enumerate(self.arms)
            if a
        )
        return f"<Layout lead={self.lead} {arms} count={self.count}>"
