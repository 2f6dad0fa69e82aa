"""Every practice question can be answered by ear.

The spoken question is read back into facts (which ends are open, what lies
at each, the sniff's pips, the tiles in hand, the scoring) without looking at
the question's layout; a layout is rebuilt from those facts alone, move by
move through the engine, and the answer it gives must be the one the drill
accepts. If a question ever left out what an end holds, the rebuilt layout
would count differently, or would not be buildable at all, and the test fails.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pytest

from sniff.announce.menu import MenuWords
from sniff.announce.practice import PracticeWords
from sniff.announce.words import Words
from sniff.engine import (
    ARM_ENDS,
    Combination,
    End,
    Layout,
    Move,
    SpinnerMode,
    Tile,
    fitting_ends,
    play_points,
    what_if,
)
from sniff.i18n import Translator, translator
from sniff.practice import LEVELS, Drill, PracticeSession, Question, judge
from sniff.practice.drills import level_rules

QUESTIONS_PER_CASE = (
    20  # per drill and scoring: 4 x 5 x 20 = 400 per level and language, 4000 in all
)


# -- the facts a question can say about an end ------------------------------------------


@dataclass(frozen=True)
class Fact:
    """What the question says lies at one end.

    *kind*: ``plain`` (an end showing *pips*), ``double`` (a double across the
    end), ``lengthwise`` (a double along it), ``sniff`` (the sniff ends the
    line there), ``sniff-uncounted`` (it does, and is said not to count yet),
    ``sniff-lengthwise``, ``empty`` (an arm of the sniff with nothing on it,
    said not to count), ``exposed`` (such an arm, said to show the sniff's
    half), ``closed`` (an arm that takes no more tiles, and counts *pips*).
    """

    kind: str
    pips: int


@dataclass
class Heard:
    """Everything read back from one spoken question."""

    ends: dict[End, Fact] = field(default_factory=dict)
    lone: str | None = None  # "lead", "sniff" or "sniff-uncounted": a double alone in the line
    lone_tile: Tile | None = None
    hand: list[Tile] = field(default_factory=list)
    combination: Combination | None = None
    asks: str = ""  # "count", "score" or "tile"


# The sentence patterns an end may be said with, and what each means.
END_PATTERNS: dict[str, str] = {
    "{end} {pips}": "plain",
    "{end} {tile}": "double",
    "{end} {tile} lengthwise": "lengthwise",
    "{end} {tile}, the sniff": "sniff",
    "{end} {tile}, the sniff, not counted yet": "sniff-uncounted",
    "{end} {tile}, the sniff, lengthwise": "sniff-lengthwise",
    "{ends} open on {pips}, not counted yet": "empty",
    "{end}: the sniff's open half, {pips}": "exposed",
    "{end} closed, {pips}": "closed",
    "only the lead, {tile}": "lone-lead",
    "the sniff, {tile}, with nothing west or east of it": "lone-sniff",
    "the sniff, {tile}, with nothing west or east of it, not counted there": (
        "lone-sniff-uncounted"
    ),
}


class Listener:
    """Reads spoken practice questions of one language back into :class:`Heard`.

    It knows the language's words (end names, tile names, scorings) and the
    sentence patterns a question may use, each with its meaning written here;
    it knows nothing of how the drill chose them.
    """

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        words = Words(tr)
        menu = MenuWords(tr)
        self.end_names = {words.end(end): end for end in ARM_ENDS}
        self.tile_names = {name: tile for tile, name in words.all_tile_names().items()}
        assert len(self.tile_names) == len(words.all_tile_names()), "two tiles share a name"
        self.combinations = {menu.combination(c.value): c for c in Combination}
        self.and_word = tr._("{items} and {last}").format(items="", last="").strip()
        self.patterns = [
            (self._regex(tr._(msgid)), meaning) for msgid, meaning in END_PATTERNS.items()
        ]
        self.count_ask = tr._("the count?")
        self.score_ask = self._regex(tr._("scoring {combination}: how many points?"))
        self.tile_ask = self._regex(
            tr._("your tiles: {tiles}. Which one scores {combination}, and where?")
        )

    def _alternatives(self, names: object) -> str:
        return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))  # type: ignore[attr-defined]

    def _regex(self, template: str) -> re.Pattern[str]:
        ends = self._alternatives(self.end_names)
        tiles = self._alternatives(self.tile_names)
        more = f"(?:, | {re.escape(self.and_word)} )"
        groups = {
            "end": f"(?P<end>{ends})",
            "ends": f"(?P<ends>(?:{ends})(?:{more}(?:{ends}))*)",
            "pips": r"(?P<pips>\d+)",
            "tile": f"(?P<tile>{tiles})",
            "tiles": f"(?P<tiles>(?:{tiles})(?:{more}(?:{tiles}))*)",
            "combination": f"(?P<combination>{self._alternatives(self.combinations)})",
        }
        pieces = re.split(r"(\{\w+\})", template)
        body = "".join(groups[p[1:-1]] if p.startswith("{") else re.escape(p) for p in pieces)
        return re.compile(body, re.IGNORECASE)

    def _list(self, text: str, names: dict[str, object]) -> list[object]:
        """A spoken list ("north and south", "six-four, five-one and double two") of known
        names, each once; anything else in it is an error."""
        found = re.findall(self._alternatives(names), text, re.IGNORECASE)
        rest = re.sub(self._alternatives(names), "", text, flags=re.IGNORECASE)
        leftover = rest.replace(",", " ").replace(self.and_word, " ").split()
        assert not leftover, f"unknown words {leftover} in {text!r}"
        by_fold = {name.casefold(): value for name, value in names.items()}
        return [by_fold[name.casefold()] for name in found]

    # -- whole questions --------------------------------------------------------------------

    def hear(self, text: str) -> Heard:
        heard = Heard()
        ends_text, _, ask = text.partition(". ")
        self._hear_ask(ask, heard)
        items = re.split(r"(?:; |, )", ends_text)
        assert self._read_items(items, heard), f"cannot read the ends of {text!r}"
        return heard

    def _hear_ask(self, ask: str, heard: Heard) -> None:
        if ask.casefold() == self.count_ask.casefold():
            heard.asks = "count"
            return
        match = self.score_ask.fullmatch(ask) or self.tile_ask.fullmatch(ask.rstrip("."))
        assert match is not None, f"unknown question {ask!r}"
        heard.combination = self.combinations[
            next(k for k in self.combinations if k.casefold() == match["combination"].casefold())
        ]
        if "tiles" in match.groupdict():
            heard.asks = "tile"
            heard.hand = self._list(match["tiles"], self.tile_names)  # type: ignore[assignment]
        else:
            heard.asks = "score"

    def _read_items(self, fragments: list[str], heard: Heard) -> bool:
        """Read the comma-separated fragments as items: an item's own commas make the
        split ambiguous, so the fragments are grouped every way that reads."""
        if not fragments:
            return True
        for size in range(1, len(fragments) + 1):
            item = ", ".join(fragments[:size]).rstrip(".")
            for pattern, meaning in self.patterns:
                match = pattern.fullmatch(item)
                if match is None:
                    continue
                trial = Heard(dict(heard.ends), heard.lone, heard.lone_tile)
                if self._take(match, meaning, trial) and self._read_items(fragments[size:], trial):
                    heard.ends, heard.lone, heard.lone_tile = (
                        trial.ends,
                        trial.lone,
                        trial.lone_tile,
                    )
                    return True
        return False

    def _take(self, match: re.Match[str], meaning: str, heard: Heard) -> bool:
        """Add one item's facts; False if it contradicts what was heard before."""
        groups = match.groupdict()
        tile = self._named(self.tile_names, groups["tile"]) if groups.get("tile") else None
        if meaning.startswith("lone-"):
            if heard.lone is not None or heard.ends or tile is None or not tile.is_double:
                return False
            heard.lone, heard.lone_tile = meaning.removeprefix("lone-"), tile
            return True
        if meaning == "empty":
            ends = self._list(groups["ends"], self.end_names)
            facts = {end: Fact("empty", int(groups["pips"])) for end in ends}  # type: ignore[misc]
        else:
            end = self._named(self.end_names, groups["end"])
            if tile is not None:
                if not tile.is_double:
                    return False
                facts = {end: Fact(meaning, tile.high)}
            else:
                facts = {end: Fact(meaning, int(groups["pips"]))}
        if any(end in heard.ends for end in facts):
            return False
        heard.ends.update(facts)  # type: ignore[arg-type]
        return True

    @staticmethod
    def _named(names: dict[str, object], said: str) -> object:
        return next(v for k, v in names.items() if k.casefold() == said.casefold())


# -- a layout built from the facts alone, through the engine ------------------------------------


def _road(layout: Layout, end: End, start: int, target: int) -> Layout:
    """Tiles on *end* from *start* out to a plain end showing *target* (never a double)."""
    if start != target:
        return layout.place(Tile.of(start, target), end)
    step = 1 if start == 0 else 0
    return layout.place(Tile.of(start, step), end).place(Tile.of(step, target), end)


def rebuild(heard: Heard, mode: SpinnerMode) -> Layout:
    """A layout that has exactly the heard ends (any tiles inside the line will do)."""
    ends = heard.ends
    if heard.lone == "lead":
        assert mode is SpinnerMode.NONE and heard.lone_tile is not None and not ends
        return Layout.empty(mode).place(heard.lone_tile, End.LEAD)
    if mode is SpinnerMode.NONE:
        assert set(ends) == {End.WEST, End.EAST}, ends
        layout = Layout.empty(mode).place(Tile.of(1, 0), End.LEAD)
        for end, start in ((End.WEST, 1), (End.EAST, 0)):
            layout = _grow(layout, end, start, ends[end])
        return layout
    # A sniff in the game: the sniff is made the lead, and every heard end grows out of it.
    named = {f.pips for f in ends.values() if f.kind in ("sniff", "sniff-uncounted", "empty")}
    named |= {f.pips for f in ends.values() if f.kind in ("exposed", "sniff-lengthwise")}
    if heard.lone_tile is not None:
        named.add(heard.lone_tile.high)
    assert len(named) <= 1, f"the sniff's pips are said differently: {named}"
    pip = named.pop() if named else 3  # a sniff hidden inside the line: any pips will do
    layout = Layout.empty(mode).place(Tile.of(pip, pip), End.LEAD)
    wanted = {End.NORTH, End.SOUTH} | (set() if heard.lone else {End.WEST, End.EAST})
    assert set(ends) == wanted, f"ends said: {sorted(ends)}; open: {sorted(wanted)}"
    for end, fact in ends.items():
        if fact.kind in ("sniff", "sniff-uncounted", "sniff-lengthwise"):
            assert end in (End.WEST, End.EAST)
            continue  # the sniff ends the line here: nothing laid on this side
        if fact.kind in ("empty", "exposed"):
            assert end in (End.NORTH, End.SOUTH)
            continue
        layout = _grow(layout, end, pip, fact)
    if heard.lone is None:
        sniff_sides = [e for e, f in ends.items() if f.kind.startswith("sniff")]
        assert len(sniff_sides) <= 1, "the sniff ends the line on both sides but was not said alone"
    return layout


def _grow(layout: Layout, end: End, start: int, fact: Fact) -> Layout:
    layout = _road(layout, end, start, fact.pips)
    if fact.kind == "double":
        return layout.place(Tile.of(fact.pips, fact.pips), end)
    if fact.kind == "lengthwise":
        return layout.place(Tile.of(fact.pips, fact.pips), end, endwise=True)
    assert fact.kind == "plain", fact
    return layout


def check_claims(heard: Heard, layout: Layout) -> None:
    """What the question says counts or does not, the rebuilt layout's count agrees with."""
    parts = {p.end: p for p in layout.parts()}
    for end, fact in heard.ends.items():
        if fact.kind in ("empty", "sniff-uncounted"):
            assert end not in parts, f"{end} is said not to count"
        if fact.kind == "exposed":
            assert parts[end].kind == "exposed" and parts[end].pips == fact.pips
    if heard.lone == "sniff-uncounted":
        assert End.LEAD not in parts


# -- the test ------------------------------------------------------------------------------------


def answer_by_ear(question: Question, text: str, listener: Listener) -> None:
    """Answer *question* from *text* alone, and check the drill accepts exactly that."""
    heard = listener.hear(text)
    rules = level_rules(question.level)
    layout = rebuild(heard, rules.spinner)
    check_claims(heard, layout)
    drill = question.drill
    if drill is Drill.COUNT:
        assert heard.asks == "count"
        assert judge(question, str(layout.count)).correct, text
        return
    assert heard.combination is not None
    rules = rules.with_changes(scoring=heard.combination)
    if drill is Drill.SCORE:
        assert heard.asks == "score"
        points = play_points(layout.count, heard.combination)
        assert judge(question, str(points)).correct, text
        return
    assert heard.asks == "tile" and heard.hand
    right = {
        (tile, end)
        for tile in heard.hand
        for end in fitting_ends(layout, tile)
        if what_if(layout, Move(tile, end), rules).points
    }
    assert right, f"nothing scores in {text!r}"
    for tile in heard.hand:
        for end in ARM_ENDS:
            typed = f"{tile.high}{tile.low} {end.value}"
            assert judge(question, typed).correct == ((tile, end) in right), (text, typed)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_question_can_be_answered_from_what_is_said(language: str, level: int) -> None:
    tr = translator(language)
    words = PracticeWords(tr)
    listener = Listener(tr)
    asked = 0
    for d, drill in enumerate(Drill):
        for c, combination in enumerate(Combination):
            seed = 1000 * level + 100 * d + 10 * c + (language == "de")
            session = PracticeSession(drill, level, combination, rng=random.Random(seed))
            for _ in range(QUESTIONS_PER_CASE):
                question = session.next_question()
                answer_by_ear(question, words.question(question), listener)
                asked += 1
    assert asked == len(Drill) * len(Combination) * QUESTIONS_PER_CASE


def test_the_question_of_the_report_says_the_sniff() -> None:
    """``sniff practice --lang de --drill count --level 3 --seed 40`` asked a count
    without the sniff's pips: the sniff alone in the line is said now."""
    session = PracticeSession(Drill.COUNT, 3, rng=random.Random(40))
    question = session.next_question()
    text = PracticeWords(translator("de")).question(question)
    assert question.layout.lead == question.layout.sniff == Tile.of(1, 1)
    assert "Einser" in text
    answer_by_ear(question, text, Listener(translator("de")))
