"""The game's vocabulary in one language: tiles, pips, suits, ends, lists.

Names are looked up once per translator and cached, so announcing an event
costs a few dictionary look-ups, not gettext calls.
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.engine import End, Tile
from sniff.i18n import Translator

__all__ = ["Words"]


def _pip_words(tr: Translator) -> tuple[str, ...]:
    return (
        # Translators: the pip 0 in a tile's name ("six-blank"); German players say "Null".
        tr.pgettext("pip", "blank"),
        # Translators: the pip value 1 as part of a tile's name ("six-one").
        tr.pgettext("pip", "one"),
        # Translators: the pip value 2 as part of a tile's name ("six-two").
        tr.pgettext("pip", "two"),
        # Translators: the pip value 3 as part of a tile's name ("five-three").
        tr.pgettext("pip", "three"),
        # Translators: the pip value 4 as part of a tile's name ("six-four").
        tr.pgettext("pip", "four"),
        # Translators: the pip value 5 as part of a tile's name ("five-three").
        tr.pgettext("pip", "five"),
        # Translators: the pip value 6 as part of a tile's name ("six-four").
        tr.pgettext("pip", "six"),
        # Translators: the pip value 7 as part of a tile's name (double-nine and larger sets).
        tr.pgettext("pip", "seven"),
        # Translators: the pip value 8 as part of a tile's name (double-nine and larger sets).
        tr.pgettext("pip", "eight"),
        # Translators: the pip value 9 as part of a tile's name (double-nine and larger sets).
        tr.pgettext("pip", "nine"),
        # Translators: the pip value 10 as part of a tile's name (double-twelve set).
        tr.pgettext("pip", "ten"),
        # Translators: the pip value 11 as part of a tile's name (double-twelve set).
        tr.pgettext("pip", "eleven"),
        # Translators: the pip value 12 as part of a tile's name (double-twelve set).
        tr.pgettext("pip", "twelve"),
    )


def _double_names(tr: Translator) -> tuple[str, ...]:
    return (
        # Translators: the tile 0-0 as heard in every announcement; German: "Nullerpasch".
        tr.pgettext("tile", "double blank"),
        # Translators: the tile 1-1 as heard in every announcement.
        tr.pgettext("tile", "double one"),
        # Translators: the tile 2-2 as heard in every announcement.
        tr.pgettext("tile", "double two"),
        # Translators: the tile 3-3 as heard in every announcement.
        tr.pgettext("tile", "double three"),
        # Translators: the tile 4-4 as heard in every announcement.
        tr.pgettext("tile", "double four"),
        # Translators: the tile 5-5 as heard in every announcement.
        tr.pgettext("tile", "double five"),
        # Translators: the tile 6-6 as heard in every announcement; German: "Sechserpasch".
        tr.pgettext("tile", "double six"),
        # Translators: the tile 7-7 (double-nine and larger sets).
        tr.pgettext("tile", "double seven"),
        # Translators: the tile 8-8 (double-nine and larger sets).
        tr.pgettext("tile", "double eight"),
        # Translators: the tile 9-9 (double-nine and larger sets).
        tr.pgettext("tile", "double nine"),
        # Translators: the tile 10-10 (double-twelve set).
        tr.pgettext("tile", "double ten"),
        # Translators: the tile 11-11 (double-twelve set).
        tr.pgettext("tile", "double eleven"),
        # Translators: the tile 12-12 (double-twelve set).
        tr.pgettext("tile", "double twelve"),
    )


def _suit_names(tr: Translator) -> tuple[str, ...]:
    return (
        # Translators: heading of a group of tiles that show a 0, in the list of unseen tiles.
        tr.pgettext("suit", "blanks"),
        # Translators: heading of a group of tiles that show a 1, in the list of unseen tiles.
        tr.pgettext("suit", "ones"),
        # Translators: heading of a group of tiles that show a 2, in the list of unseen tiles.
        tr.pgettext("suit", "twos"),
        # Translators: heading of a group of tiles that show a 3, in the list of unseen tiles.
        tr.pgettext("suit", "threes"),
        # Translators: heading of a group of tiles that show a 4, in the list of unseen tiles.
        tr.pgettext("suit", "fours"),
        # Translators: heading of a group of tiles that show a 5, in the list of unseen tiles.
        tr.pgettext("suit", "fives"),
        # Translators: heading of a group of tiles that show a 6, in the list of unseen tiles.
        tr.pgettext("suit", "sixes"),
        # Translators: heading of a group of tiles that show a 7, in the list of unseen tiles.
        tr.pgettext("suit", "sevens"),
        # Translators: heading of a group of tiles that show an 8, in the list of unseen tiles.
        tr.pgettext("suit", "eights"),
        # Translators: heading of a group of tiles that show a 9, in the list of unseen tiles.
        tr.pgettext("suit", "nines"),
        # Translators: heading of a group of tiles that show a 10, in the list of unseen tiles.
        tr.pgettext("suit", "tens"),
        # Translators: heading of a group of tiles that show an 11, in the list of unseen tiles.
        tr.pgettext("suit", "elevens"),
        # Translators: heading of a group of tiles that show a 12, in the list of unseen tiles.
        tr.pgettext("suit", "twelves"),
    )


class Words:
    """Names of tiles, ends and lists in the translator's language."""

    __slots__ = (
        "_at",
        "_label",
        "_list_and",
        "_list_or",
        "_short_at",
        "_tiles",
        "doubles",
        "pips",
        "suits",
        "tr",
    )

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.pips = _pip_words(tr)
        self.doubles = _double_names(tr)
        self.suits = _suit_names(tr)
        # Translators: a tile's name made of its two halves, higher first: "five-three".
        pattern = tr.pgettext("tile", "{high}-{low}")
        self._tiles: dict[Tile, str] = {}
        for high in range(len(self.pips)):
            for low in range(high + 1):
                tile = Tile.of(high, low)
                self._tiles[tile] = (
                    self.doubles[high]
                    if high == low
                    else pattern.format(high=self.pips[high], low=self.pips[low])
                )
        self._label = {
            # Translators: the name of the west end, alone ("west 4, east 2"); German "Westen".
            End.WEST: tr.pgettext("end", "west"),
            # Translators: the name of the east end, alone ("west 4, east 2"); German "Osten".
            End.EAST: tr.pgettext("end", "east"),
            # Translators: the name of the north end (a sniff's arm), alone; German "Norden".
            End.NORTH: tr.pgettext("end", "north"),
            # Translators: the name of the south end (a sniff's arm), alone; German "Süden".
            End.SOUTH: tr.pgettext("end", "south"),
            # Translators: the first tile of a round, alone ("the lead: double four").
            End.LEAD: tr.pgettext("end", "the lead"),
        }
        self._short_at = {
            # Translators: where a tile went, short, brief mode ("Anna: five-three east").
            End.WEST: tr.pgettext("short at end", "west"),
            # Translators: where a tile went, short, brief mode ("Anna: five-three east").
            End.EAST: tr.pgettext("short at end", "east"),
            # Translators: where a tile went, short form in brief announcements.
            End.NORTH: tr.pgettext("short at end", "north"),
            # Translators: where a tile went, short form in brief announcements.
            End.SOUTH: tr.pgettext("short at end", "south"),
        }
        self._at = {
            # Translators: where a tile goes ("plays six-four on the west end"); German "im Westen".
            End.WEST: tr.pgettext("at end", "on the west end"),
            # Translators: where a tile goes ("on the east end"); German "im Osten".
            End.EAST: tr.pgettext("at end", "on the east end"),
            # Translators: where a tile goes ("on the north end"); German "im Norden".
            End.NORTH: tr.pgettext("at end", "on the north end"),
            # Translators: where a tile goes ("on the south end"); German "im Süden".
            End.SOUTH: tr.pgettext("at end", "on the south end"),
            # Translators: where the first tile goes ("as the lead").
            End.LEAD: tr.pgettext("at end", "as the lead"),
        }
        # Translators: joins the last two items of a list: "west, east and north".
        self._list_and = tr._("{items} and {last}")
        # Translators: joins the last two items of a list of choices: "fits west or east".
        self._list_or = tr._("{items} or {last}")

    def tile(self, tile: Tile) -> str:
        """The spoken name of *tile*: "five-three", "double six"."""
        return self._tiles[tile]

    def tiles(self, tiles: Sequence[Tile]) -> str:
        """Tile names as a list: "six-four, five-three and double blank"."""
        return self.join([self._tiles[t] for t in tiles])

    def end(self, end: End) -> str:
        """An end's name alone: "west"."""
        return self._label[end]

    def at(self, end: End) -> str:
        """Where a tile goes: "on the west end"."""
        return self._at[end]

    def short_at(self, end: End) -> str:
        """Where a tile goes, short: "west" (the lead has only the long form)."""
        return self._short_at.get(end) or self._at[end]

    def join(self, items: Sequence[str], *, choice: bool = False) -> str:
        """A spoken list: "a", "a and b", "a, b and c" ("or" with *choice*)."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        pattern = self._list_or if choice else self._list_and
        return pattern.format(items=", ".join(items[:-1]), last=items[-1])

    def all_tile_names(self) -> dict[Tile, str]:
        """Every tile's name (tests check that no hidden one is ever said)."""
        return dict(self._tiles)
