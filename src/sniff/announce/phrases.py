"""Phrases shared by event announcements, queries and the replay narrator:
who is who, points, the count and its arithmetic, the open ends.

A :class:`Phrasebook` speaks for one seat (``seat=None``: a spectator, who
names every player). It knows only names, sides and the translator.
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.announce.words import Words
from sniff.engine import Combination, End, Layout, Part, PartKind, Tile, play_points
from sniff.enums import Verbosity
from sniff.i18n import Translator

__all__ = ["BookPart", "Phrasebook", "sentences"]


def sentences(*parts: str) -> str:
    """Join sentence fragments: each capitalised and ended with a full stop.

    >>> sentences("you draw five-three", "it fits west.")
    'You draw five-three. It fits west.'

    A fragment that trails off ("5…", the echo of a first digit) keeps its ellipsis
    alone: a full stop after it would be read out.
    """
    out = []
    for part in parts:
        part = part.strip()
        if not part:
            continue
        part = part[0].upper() + part[1:]
        if part[-1] not in ".!?…":
            part += "."
        out.append(part)
    return " ".join(out)


class Phrasebook:
    """Words about players, points and the layout, from one seat's point of view."""

    def __init__(
        self,
        translator: Translator,
        *,
        seat: int | None,
        player_names: Sequence[str],
        verbosity: Verbosity | str = Verbosity.BRIEF,
        sides: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.tr = translator
        self.words = Words(translator)
        self.seat = seat
        self.names = tuple(player_names)
        self.verbosity = Verbosity(verbosity)  # ValueError for a word it does not know
        self.set_sides(sides or [[s] for s in range(len(self.names))])

    # -- who is who -----------------------------------------------------------------

    def set_sides(self, sides: Sequence[Sequence[int]]) -> None:
        """Who scores together (from the rules or an observation)."""
        self.sides = tuple(tuple(side) for side in sides)
        self._side_of = {seat: i for i, side in enumerate(self.sides) for seat in side}
        self.teams = any(len(side) > 1 for side in self.sides)

    @property
    def brief(self) -> bool:
        return self.verbosity is Verbosity.BRIEF

    @property
    def verbose(self) -> bool:
        return self.verbosity is Verbosity.VERBOSE

    def is_me(self, seat: int) -> bool:
        return seat == self.seat

    def side_of(self, seat: int) -> int:
        return self._side_of.get(seat, seat)

    def my_side(self) -> int | None:
        return None if self.seat is None else self.side_of(self.seat)

    def is_partner(self, seat: int) -> bool:
        return self.seat is not None and seat != self.seat and self.side_of(seat) == self.my_side()

    def name(self, seat: int) -> str:
        """Another player as the subject of a sentence: "Anna", "your partner"."""
        if self.is_partner(seat):
            # Translators: the observer's partner as the subject ("your partner plays ...").
            return self.tr.pgettext("subject", "your partner")
        return self._plain_name(seat)

    def name_object(self, seat: int) -> str:
        """Another player after "for" ("15 points for your partner")."""
        if self.is_partner(seat):
            # Translators: the partner as an object, after "for"; German "deinen Partner".
            return self.tr.pgettext("object", "your partner")
        return self._plain_name(seat)

    def _plain_name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        # Translators: a player whose name the game was not told, by seat number.
        return self.tr._("player {number}").format(number=seat + 1)

    def side_label_you(self) -> str:
        """The observer within a sentence or a list: "you" ("du", never "Du")."""
        # Translators: the observer, as a label in the scores ("you 45, Anna 30") and in
        # lists of players ("New game: Ed, you and Anna").
        return self.tr.pgettext("label", "you")

    def side_name(self, side: int) -> str:
        """A side as a label in a list of scores: "you", "you and Ben", "Anna and Clara"."""
        if side == self.my_side():
            if len(self.sides[side]) > 1:
                partners = [self._plain_name(s) for s in self.sides[side] if not self.is_me(s)]
                # Translators: the observer's team, as a label in the scores ("you and Ben
                # 45"); {partners} are the partners' names.
                label = self.tr.pgettext("label", "you and {partners}")
                return label.format(partners=self.words.join(partners))
            return self.side_label_you()
        return self.words.join([self._plain_name(s) for s in self.sides[side]])

    def scores_list(self, scores: Sequence[int]) -> str:
        """ "you 45, Anna 30"."""
        # Translators: one side's score in a list of scores ("Anna 30").
        item = self.tr._("{side} {score}")
        return ", ".join(
            item.format(side=self.side_name(i), score=score) for i, score in enumerate(scores)
        )

    # -- points -----------------------------------------------------------------------

    def player_points(self, seat: int, points: int) -> str:
        """What a scoring play earned its player: "you score 15", "Anna scores 15"."""
        if self.is_me(seat):
            # Translators: after a scoring play of yours. German: "{points} Punkte für dich".
            return self.tr.ngettext("you score {points}", "you score {points}", points).format(
                points=points
            )
        # Translators: after another player's scoring play. German: "{points} Punkte für {player}".
        text = self.tr.ngettext("{player} scores {points}", "{player} scores {points}", points)
        return text.format(player=self.name_object(seat), points=points)

    def side_points(self, side: int, points: int) -> str:
        """What a side gains or loses at the end of a round."""
        mine = side == self.my_side()
        team = len(self.sides[side]) > 1
        names = self.side_name(side)
        n = abs(points)
        tr = self.tr
        if points >= 0:
            if mine and team:
                # Translators: round end, your team gains points; German "... für euch".
                text = tr.ngettext("your side scores {points}", "your side scores {points}", n)
            elif mine:
                # Translators: round end, you gain points. German: "{points} Punkte für dich".
                text = tr.ngettext("you score {points}", "you score {points}", n)
            elif team:
                # Translators: round end, a team of two named players gains points.
                text = tr.ngettext("{players} score {points}", "{players} score {points}", n)
            else:
                # Translators: round end, a named player gains points.
                text = tr.ngettext("{player} scores {points}", "{player} scores {points}", n)
        elif mine and team:
            # Translators: round end, your team loses points (sniff-us rules).
            text = tr.ngettext("your side loses {points}", "your side loses {points}", n)
        elif mine:
            # Translators: round end, you lose points (sniff-us rules).
            text = tr.ngettext("you lose {points}", "you lose {points}", n)
        elif team:
            # Translators: round end, a team of two named players loses points.
            text = tr.ngettext("{players} lose {points}", "{players} lose {points}", n)
        else:
            # Translators: round end, a named player loses points.
            text = tr.ngettext("{player} loses {points}", "{player} loses {points}", n)
        return text.format(points=n, player=names, players=names)

    def draws(self, player: int, count: int) -> str:
        """Another player's draws, which no one else sees: "Anna draws 3 tiles"."""
        if count == 1:
            # Translators: another player drew a tile you cannot see.
            return self.tr._("{player} draws").format(player=self.name(player))
        # Translators: another player drew several tiles you cannot see ("Anna draws 3 tiles").
        text = self.tr.ngettext("{player} draws {n} tile", "{player} draws {n} tiles", count)
        return text.format(player=self.name(player), n=count)

    def earned(self, seat: int | None, points: int) -> str:
        """What a count earns: for a player ("you score 15") or impersonally ("scores 15")."""
        if seat is None or points <= 0:
            return self.score_word(points)
        return self.player_points(seat, points)

    def score_word(self, points: int) -> str:
        """What a count earns, impersonally: "scores 15", "no score"."""
        if points <= 0:
            # Translators: a count that earns nothing ("ends 4 and 5 make 9: no score").
            return self.tr._("no score")
        # Translators: what a count earns, impersonal ("ends 4, 6 and 5 make 15: scores 15").
        return self.tr.ngettext("scores {points}", "scores {points}", points).format(points=points)

    # -- the count -----------------------------------------------------------------------

    def part_phrase(self, part: Part, layout: Layout) -> str | None:
        """One special term of the count (None for a plain end, listed apart)."""
        tr, words = self.tr, self.words
        if part.kind is PartKind.END:
            return None
        if part.kind is PartKind.DOUBLE:
            tile = words.tile(_double_at(part))
            # Translators: a term of the count: a double at an end counts both halves.
            return tr._("{tile} counts {pips}").format(tile=tile, pips=part.pips)
        if part.kind is PartKind.SNIFF or part.kind is PartKind.LEAD:
            assert layout.lead is not None
            tile = words.tile(
                layout.sniff if part.kind is PartKind.SNIFF and layout.sniff else layout.lead
            )
            if part.kind is PartKind.SNIFF:
                # Translators: a term of the count: the sniff (spinner) at the end of the line.
                return tr._("the sniff, {tile}, counts {pips}").format(tile=tile, pips=part.pips)
            # Translators: a term of the count: a lone first tile counts all its pips.
            return tr._("the lead, {tile}, counts {pips}").format(tile=tile, pips=part.pips)
        if part.kind is PartKind.HALF:
            tile = words.tile(_double_at(part, half=True))
            # Translators: a term of the count: a double lying along the line counts one half.
            return tr._("{tile} lies lengthwise and counts {pips}").format(
                tile=tile, pips=part.pips
            )
        # PartKind.EXPOSED: an uncovered half of the sniff (sniff-us rules).
        # Translators: a term of the count (sniff-us rules): an uncovered half of the sniff;
        # {end} is the short "where" form ("north").
        return tr._("the sniff's open half {end} counts {pips}").format(
            end=words.short_at(part.end), pips=part.pips
        )

    def arithmetic(self, layout: Layout) -> str:
        """How the count is made: "ends 4, 6 and 5 make 15"."""
        tr = self.tr
        parts = layout.parts()
        if not parts:
            # Translators: the count when no tile is on the table.
            return tr._("the table is empty, the count is 0")
        plain = [str(p.pips) for p in parts if p.kind is PartKind.END]
        halves = [p for p in parts if p.kind is PartKind.HALF]
        both_ends = len(halves) == 2 and halves[0].pips == halves[1].pips
        special = []
        for part in parts:
            if both_ends and part is halves[1]:
                continue  # the lone lengthwise lead: one tile, said once for both ends
            phrase = self.part_phrase(part, layout)
            if both_ends and part is halves[0]:
                # Translators: a term of the count: a double lying alone along the line (the
                # lead, stubby rules) counts one half at each end of the line.
                phrase = tr._("{tile} lies lengthwise and counts {pips} at each end").format(
                    tile=self.words.tile(_double_at(part, half=True)), pips=part.pips
                )
            if phrase:
                special.append(phrase)
        if not special:
            # Translators: the count's arithmetic when only plain ends count ("ends 4, 6 and 5
            # make 15"); {ends} is a list of numbers.
            text = tr.ngettext("end {ends} makes {count}", "ends {ends} make {count}", len(plain))
            return text.format(ends=self.words.join(plain), count=layout.count)
        terms = []
        if plain:
            # Translators: the plain ends as one term of a longer count ("ends 4 and 6, ...").
            text = tr.ngettext("end {ends}", "ends {ends}", len(plain))
            terms.append(text.format(ends=self.words.join(plain)))
        terms.extend(special)
        if len(terms) == 1 and not both_ends:
            return terms[0]
        # Translators: adds a term to the count's arithmetic ("ends 4 and 6, plus double five
        # counts 10").
        plus = tr._("{terms}, plus {term}")
        joined = terms[0]
        for term in terms[1:]:
            joined = plus.format(terms=joined, term=term)
        # Translators: the count's arithmetic with several terms, then the total ("...; 20 in all").
        return tr._("{terms}; {count} in all").format(terms=joined, count=layout.count)

    def count_arithmetic(
        self, layout: Layout, combination: Combination = Combination.FIVES, unit: int = 1
    ) -> str:
        """The count, its arithmetic and what it scores: "ends 4, 6 and 5 make 15: scores 15"."""
        points = play_points(layout.count, combination, unit)
        # Translators: the count's arithmetic, then what it earns ("... make 15: scores 15").
        return self.tr._("{arithmetic}: {score}").format(
            arithmetic=self.arithmetic(layout), score=self.score_word(points)
        )

    def ends_list(self, layout: Layout) -> str:
        """The open ends and what each adds to the count.

        The numbers said add up to the count; an open end that counts nothing
        yet (an uncovered arm of the sniff) is marked so, a closed arm that
        still counts (stubby) is named, and a lone lead is named once:
        "west 4; east double five, counts 10; north and south open on 5, not
        counted yet". Brief mode keeps to "west 4, east double five, north
        and south 5, not counted".
        """
        tr, words = self.tr, self.words
        brief = self.brief
        by_end = {p.end: p for p in layout.parts()}
        items: list[str] = []
        done: set[End] = set()
        lead = layout.lead
        if lead is not None and not layout.arms[0] and not layout.arms[1] and lead.is_double:
            # A lone double lead: one tile at both ends of the line, named once.
            done = {End.WEST, End.EAST}
            items.append(self._lone_lead(layout, lead, by_end))
        uncounted_arms = [
            end for end in (End.NORTH, End.SOUTH) if layout.open[end.arm] >= 0 and end not in by_end
        ]
        if uncounted_arms:
            done.update(uncounted_arms)
        for end in (End.WEST, End.EAST, End.NORTH, End.SOUTH):
            if end in done:
                continue
            pip = layout.open[end.arm]
            part = by_end.get(end)
            if part is None:
                if pip >= 0:
                    items.append(self._uncounted_end(layout, end, pip))
                continue
            items.append(self._counted_end(layout, end, part, closed=pip < 0))
        if uncounted_arms:
            pip = layout.open[uncounted_arms[0].arm]
            names = words.join([words.end(e) for e in uncounted_arms])
            if brief:
                # Translators: brief open ends: arms of the sniff with no tile on them yet count
                # nothing ("north and south 4, not counted").
                text = tr._("{ends} {pips}, not counted")
            else:
                # Translators: open ends: arms of the sniff with no tile on them yet count
                # nothing until a tile lies there ("north and south open on 4, not counted yet").
                text = tr._("{ends} open on {pips}, not counted yet")
            items.append(text.format(ends=names, pips=pip))
        # Items that hold commas of their own are set apart more strongly.
        apart = any("," in item or ":" in item for item in items)
        return ("; " if apart else ", ").join(items)

    def _end_tile(self, layout: Layout, end: End) -> Tile | None:
        """The tile that makes *end* (the last on its arm, else the lead for west/east)."""
        placed = layout.arms[end.arm]
        if placed:
            return placed[-1].tile
        return layout.lead if end in (End.WEST, End.EAST) else None

    def _lone_lead(self, layout: Layout, lead: Tile, by_end: dict[End, Part]) -> str:
        """A double alone on the table, at both ends of the line: named once."""
        tr, words = self.tr, self.words
        tile = words.tile(lead)
        ends = words.join([words.end(End.WEST), words.end(End.EAST)])
        part = by_end.get(End.LEAD)
        sniff = lead is layout.sniff
        west = by_end.get(End.WEST)
        if part is not None:
            if self.brief:
                # Translators: brief open ends: a lone double lead, at both ends of the line
                # ("double six west and east, counts 12").
                text = tr._("{tile} {ends}, counts {pips}")
            elif sniff:
                # Translators: open ends: the sniff alone on the table counts both halves once.
                text = tr._("the sniff, {tile}, counts {pips}, open {ends}")
            else:
                # Translators: open ends: a lone double lead counts both halves once.
                text = tr._("the lead, {tile}, counts {pips}, open {ends}")
            return text.format(tile=tile, ends=ends, pips=part.pips)
        if west is not None:
            # A lead laid lengthwise (stubby sniff, house rule): one half at each end.
            if self.brief:
                # Translators: brief open ends: a lone double lead lying lengthwise.
                text = tr._("{tile} lengthwise {ends}, {pips} each")
            else:
                # Translators: open ends: a lone double lead lying lengthwise counts one half
                # at each end ("the lead, double four, lies lengthwise: west and east count 4
                # each").
                text = tr._("the lead, {tile}, lies lengthwise: {ends} count {pips} each")
            return text.format(tile=tile, ends=ends, pips=west.pips)
        # An exposed sniff: its halves count on north and south, not on west and east.
        if self.brief:
            # Translators: brief open ends (sniff-us rules): the lone sniff counts nothing at
            # west and east ("double four west and east, not counted").
            text = tr._("{tile} {ends}, not counted")
        else:
            # Translators: open ends (sniff-us rules): the lone sniff counts nothing at west
            # and east; its open halves count at north and south instead.
            text = tr._("the sniff, {tile}, open {ends}, not counted there")
        return text.format(tile=tile, ends=ends)

    def _uncounted_end(self, layout: Layout, end: End, pip: int) -> str:
        """An open west or east end that counts nothing: an exposed sniff at the end."""
        tr, words = self.tr, self.words
        tile = self._end_tile(layout, end) or Tile.of(pip, pip)
        if self.brief:
            # Translators: brief open ends: an end that counts nothing ("east double four, not
            # counted").
            text = tr._("{end} {tile}, not counted")
        else:
            # Translators: open ends (sniff-us rules): the sniff at the end of the line counts
            # nothing while its own arms are open ("east: the sniff, double four, not counted
            # yet").
            text = tr._("{end}: the sniff, {tile}, not counted yet")
        return text.format(end=words.end(end), tile=words.tile(tile))

    def _counted_end(self, layout: Layout, end: End, part: Part, *, closed: bool) -> str:
        """An end and what it adds to the count."""
        tr, words = self.tr, self.words
        name = words.end(end)
        brief = self.brief
        if closed:
            if brief:
                # Translators: brief open ends: a stubby sniff's arm that is closed but counts.
                text = tr._("{end} closed, {pips}")
            else:
                # Translators: open ends: a stubby sniff's arm takes no more tiles but its end
                # still counts ("north closed, still counts 3").
                text = tr._("{end} closed, still counts {pips}")
            return text.format(end=name, pips=part.pips)
        tile = self._end_tile(layout, end)
        tile_name = words.tile(tile) if tile is not None else ""
        kind = part.kind
        if kind is PartKind.END or (kind is PartKind.EXPOSED and brief):
            # Translators: an open end and its pips ("west 4").
            return tr._("{end} {pips}").format(end=name, pips=layout.open[end.arm])
        if kind is PartKind.EXPOSED:
            # Translators: open ends (sniff-us rules): an arm of the sniff with no tile on it,
            # where the sniff's uncovered half counts ("north: the sniff's open half counts 4").
            return tr._("{end}: the sniff's open half counts {pips}").format(
                end=name, pips=part.pips
            )
        if brief:
            if kind is PartKind.HALF:
                # Translators: brief open ends: a double lying lengthwise at an end.
                return tr._("{end} {tile} lengthwise").format(end=name, tile=tile_name)
            # Translators: an open end whose last tile is a double ("east double five").
            return tr._("{end} {tile}").format(end=name, tile=tile_name)
        sniff = tile is not None and tile is layout.sniff
        if kind is PartKind.HALF and sniff:
            # Translators: open ends (stubby rules): the sniff lies along the line at this end
            # and counts one half ("west: the sniff, double four, lengthwise, counts 4").
            text = tr._("{end}: the sniff, {tile}, lengthwise, counts {pips}")
        elif kind is PartKind.HALF:
            # Translators: open ends: a double lying along the line counts one half ("west
            # double four lengthwise, counts 4").
            text = tr._("{end} {tile} lengthwise, counts {pips}")
        elif sniff:
            # Translators: open ends: the sniff at the end of the line counts both halves
            # ("west: the sniff, double four, counts 8").
            text = tr._("{end}: the sniff, {tile}, counts {pips}")
        else:
            # Translators: open ends: a double across an end counts both halves ("east double
            # five, counts 10").
            text = tr._("{end} {tile}, counts {pips}")
        return text.format(end=name, tile=tile_name, pips=part.pips)

    def fit_ends(self, ends: Sequence[End]) -> str:
        """Where a tile fits: "west or north"."""
        return self.words.join([self.words.short_at(e) for e in ends], choice=True)


def _double_at(part: Part, *, half: bool = False) -> Tile:
    """The double whose halves make *part* (a double counts both halves, a half one)."""
    pip = part.pips if half else part.pips // 2
    return Tile.of(pip, pip)


class BookPart:
    """A part of the announcer (events, answers, refusals...) that speaks through
    one shared :class:`Phrasebook`, so a change of verbosity reaches every part."""

    def __init__(self, book: Phrasebook) -> None:
        self.book = book
        self.tr = book.tr
        self.words = book.words
