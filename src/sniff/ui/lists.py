"""Walking a list by its first letters, as screen-reader users expect of any list.

A letter jumps to the next item that starts with it, after the current one
and round to the top. Letters match whatever their case and accents: "u"
and "Ü" both reach "Üben", "e" reaches "Étape", since a player may not know,
or be able to type, how a label is written.

>>> next_by_letter(["Spieler", "Regeln", "Üben", "Statistik"], 0, "u")
2
>>> next_by_letter(["Spieler", "Regeln", "Üben", "Statistik"], 0, "S")
3
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

__all__ = ["fold", "next_by_letter"]


def fold(text: str) -> str:
    """*text* without accents and case, for matching typed letters: "Üben" -> "uben"."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.casefold()


def next_by_letter(labels: Sequence[str], current: int, letter: str) -> int | None:
    """The index of the next label after *current* (wrapping) that starts with
    *letter*, or None if none does."""
    wanted = fold(letter)
    if not wanted:
        return None
    count = len(labels)
    for offset in range(1, count + 1):
        index = (current + offset) % count
        if fold(labels[index].lstrip()).startswith(wanted):
            return index
    return None
