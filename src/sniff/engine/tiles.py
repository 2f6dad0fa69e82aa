"""Tiles and tile sets.

A tile is an immutable pair of pip values, always written with the higher half
first (``6-4``, never ``4-6``), so that every tile has exactly one spelling.
Tiles are interned: ``Tile.of(4, 6) is Tile.of(6, 4)``.
"""

from __future__ import annotations

from typing import NamedTuple

#: The highest pip of each supported set, by the set's name.
SET_SIZES: dict[str, int] = {"double-six": 6, "double-nine": 9, "double-twelve": 12}


class Tile(NamedTuple):
    """A domino tile; ``high >= low``.

    >>> Tile.parse("3-5")
    Tile(high=5, low=3)
    >>> str(Tile.of(6, 6)), Tile.of(6, 6).pips, Tile.of(6, 6).is_double
    ('6-6', 12, True)
    """

    high: int
    low: int

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The interned tile with halves *a* and *b*, in either order."""
        if a < b:
            a, b = b, a
        try:
            return _TILES[a][b]
        except IndexError:
            raise ValueError(f"no tile {a}-{b}") from None

    @staticmethod
    def parse(text: str) -> Tile:
        """Read ``"5-3"``, ``"5 3"``, ``"53"`` or ``"[5, 3]"``."""
        cleaned = text.strip().strip("[]()")
        for sep in ("-", ",", " ", "|", ":"):
            if sep in cleaned:
                parts = [p for p in cleaned.split(sep) if p.strip()]
                break
        else:
            parts = list(cleaned) if len(cleaned) == 2 else [cleaned]
        if len(parts) != 2:
            raise ValueError(f"not a tile: {text!r}")
        try:
            a, b = int(parts[0]), int(parts[1])
        except ValueError:
            raise ValueError(f"not a tile: {text!r}") from None
        if a < 0 or b < 0:
            raise ValueError(f"not a tile: {text!r}")
        return Tile.of(a, b)

    @property
    def pips(self) -> int:
        """The sum of both halves."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def has(self, pip: int) -> bool:
        """Whether one of the halves shows *pip*."""
        return self.high == pip or self.low == pip

    def other(self, pip: int) -> int:
        """The half opposite the half showing *pip* (which must be on the tile)."""
        if self.high == pip:
            return self.low
        if self.low == pip:
            return self.high
        raise ValueError(f"{self} has no {pip}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


_MAX_PIP = 12
_TILES: list[list[Tile]] = [
    [tuple.__new__(Tile, (a, b)) for b in range(a + 1)] for a in range(_MAX_PIP + 1)
]


_SETS = [
    tuple(_TILES[a][b] for a in range(top + 1) for b in range(a + 1)) for top in range(_MAX_PIP + 1)
]


def full_set(max_pip: int = 6) -> list[Tile]:
    """Every tile of a double-*max_pip* set, in a fixed order.

    >>> len(full_set(6)), len(full_set(9)), len(full_set(12))
    (28, 55, 91)
    """
    if not 0 <= max_pip <= _MAX_PIP:
        raise ValueError(f"no double-{max_pip} set")
    return list(_SETS[max_pip])


def pip_total(tiles: list[Tile] | tuple[Tile, ...]) -> int:
    """The pips of a hand."""
    return sum(t.high + t.low for t in tiles)
