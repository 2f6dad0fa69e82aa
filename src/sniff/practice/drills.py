"""Practice questions built from real layouts that the engine plays out.

A question is never made of random numbers: a short game is played with
random legal moves under the level's rules, and a position along the way that
fits the level becomes the question. So every layout a learner hears could
happen at the table, and its answer is the engine's own count.
"""

from __future__ import annotations

import random
from collections.abc import Container, Hashable, Sequence
from dataclasses import dataclass
from enum import Enum

from sniff.engine import (
    Combination,
    End,
    Game,
    Layout,
    Move,
    Part,
    PartKind,
    Phase,
    RuleSet,
    Tile,
    play_points,
    preset,
    tile_moves,
    what_if,
)


class Drill(str, Enum):
    COUNT = "count"  # type the count
    SCORE = "score"  # type what the count scores (0 if nothing)
    TILE = "tile"  # which of your tiles scores, and where
    TIMED = "timed"  # counts, as many as you can in 60 seconds

    @property
    def uses_scoring(self) -> bool:
        """Whether the scoring system changes the answers (a count is a count under any)."""
        return self is Drill.SCORE or self is Drill.TILE

    @property
    def asks(self) -> Drill:
        """The kind of question the drill asks (the timed drill asks counts)."""
        return Drill.COUNT if self is Drill.TIMED else self


#: Levels, from two plain ends up to four ends on larger sets.
LEVELS: dict[int, str] = {
    1: "two-ends",
    2: "doubles",
    3: "sniff",
    4: "exposed",
    5: "large-sets",
}

#: Games played out to find a question never heard before in the session; after
#: that a level whose every layout has been asked may ask one again.
FRESH_GAMES = 120
#: Games played out in all before giving up (never reached: every level has layouts).
ALL_GAMES = 500


def level_rules(level: int) -> RuleSet:
    """The rules a level's layouts are played under."""
    if level == 1 or level == 2:
        return preset("muggins").with_changes(lead="any")
    if level == 3:
        return preset("sniff")
    if level == 4:
        return preset("sniff-us")
    if level == 5:
        return preset("sniff").with_changes(tile_set="double-nine", hand_sizes=(9, 9, 9))
    raise ValueError(f"no practice level {level}")


def fits_level(layout: Layout, level: int) -> bool:
    """Whether *layout* is a good question for *level*."""
    parts = layout.parts()
    if not parts or layout.count == 0:
        return False
    kinds = {p.kind for p in parts}
    if level == 1:
        return kinds == {PartKind.END} and len(parts) == 2
    if level == 2:
        return bool(kinds & {PartKind.DOUBLE, PartKind.LEAD})
    if level == 3:
        return layout.sniff is not None and (
            bool(layout.arms[2] or layout.arms[3]) or PartKind.SNIFF in kinds
        )
    if level == 4:
        return PartKind.EXPOSED in kinds and len(parts) >= 3
    return len(parts) >= 3 and layout.sniff is not None


@dataclass(frozen=True)
class Question:
    """One drill question and everything needed to judge and explain the answer."""

    drill: Drill
    level: int
    combination: Combination
    layout: Layout
    hand: tuple[Tile, ...] = ()
    scoring_moves: tuple[tuple[Move, int], ...] = ()  # for TILE: the right answers, with points

    @property
    def parts(self) -> list[Part]:
        return self.layout.parts()

    @property
    def count(self) -> int:
        return self.layout.count

    @property
    def points(self) -> int:
        return play_points(self.layout.count, self.combination)

    @property
    def answer(self) -> int:
        """The number to type for COUNT, TIMED and SCORE questions."""
        return self.points if self.drill is Drill.SCORE else self.count

    @property
    def heard(self) -> Hashable:
        """What the learner hears: two questions alike in this sound alike.

        The count's terms and the open ends with their pips (what the ends
        list says), the tiles in hand, and the scoring where it matters; not
        the tiles hidden inside the line.
        """
        layout = self.layout
        combination = self.combination if self.drill.uses_scoring else None
        return (
            self.drill,
            combination,
            tuple(layout.parts()),
            tuple(layout.open_ends()),
            self.hand,
        )


def _positions(rules: RuleSet, rng: random.Random) -> list[Game]:
    """Every position of one round of random legal play."""
    game = Game(rules, 2, rng=rng)
    seen: list[Game] = []
    steps = 0
    while game.phase is Phase.PLAY and steps < 200:
        seen.append(game.copy())
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return seen


def scoring_plays(layout: Layout, hand: Sequence[Tile], rules: RuleSet) -> list[tuple[Move, int]]:
    """Every play of a tile in *hand* on an open end of *layout* that scores, with its points.

    Any tile on any end it fits, as the question says it: not only what the
    game's turn would allow (a tile just drawn that must be played).
    """
    out = []
    for tile in hand:
        for move in tile_moves(layout, tile, rules):
            points = what_if(layout, move, rules).points
            if points:
                out.append((move, points))
    return out


def _question_at(
    game: Game, drill: Drill, level: int, rules: RuleSet, want_score: bool | None
) -> Question | None:
    """The question *game*'s position makes for *drill*, or None if it does not fit."""
    layout = game.layout
    if not fits_level(layout, level):
        return None
    combination = rules.scoring
    if want_score is not None and bool(play_points(layout.count, combination)) != want_score:
        return None
    if drill is not Drill.TILE:
        return Question(drill, level, combination, layout)
    hand = tuple(game.hands[game.current])
    moves = scoring_plays(layout, hand, rules)
    if not moves:
        return None
    return Question(drill, level, combination, layout, hand, tuple(moves))


def make_question(
    drill: Drill,
    level: int,
    rng: random.Random,
    combination: Combination = Combination.FIVES,
    *,
    heard: Container[Hashable] = frozenset(),
) -> Question:
    """A fresh question for *drill* at *level* (always succeeds).

    A question that sounds like one in *heard* (see :attr:`Question.heard`)
    is asked again only when the level has no new one left to find.
    """
    rules = level_rules(level).with_changes(scoring=combination)
    # The score drill asks as many counts that score as counts that do not: otherwise
    # "0" would be right most of the time (with fives, four counts in five score nothing).
    want_score = rng.random() < 0.5 if drill is Drill.SCORE else None
    again: Question | None = None
    for games in range(1, ALL_GAMES + 1):
        positions = _positions(rules, rng)
        rng.shuffle(positions)
        for game in positions:
            question = _question_at(game, drill, level, rules, want_score)
            if question is None:
                continue
            if question.heard not in heard:
                return question
            again = again or question
        if again is not None and games >= FRESH_GAMES:
            return again
    raise RuntimeError(f"no layout found for level {level}")  # pragma: no cover


# -- reading answers -------------------------------------------------------------

_END_WORDS = {
    "w": End.WEST, "west": End.WEST, "westen": End.WEST,
    "e": End.EAST, "east": End.EAST, "o": End.EAST, "ost": End.EAST, "osten": End.EAST,
    "n": End.NORTH, "north": End.NORTH, "norden": End.NORTH,
    "s": End.SOUTH, "south": End.SOUTH, "süd": End.SOUTH, "sued": End.SOUTH,
    "süden": End.SOUTH, "sueden": End.SOUTH,
}  # fmt: skip


def parse_number(text: str) -> int | None:
    """A typed whole number, or None."""
    text = text.strip()
    if not text or not text.isdigit():
        return None
    return int(text)


def parse_tile_answer(text: str) -> tuple[Tile, End] | None:
    """Read "51e", "5-1 east", "5 1 o", "1-5 north" as (tile, end); None if unreadable."""
    cleaned = text.strip().lower().replace("-", " ").replace(",", " ")
    digits = [c for c in cleaned if c.isdigit()]
    words = [w for w in "".join(c if c.isalpha() else " " for c in cleaned).split()]
    if len(digits) != 2 or len(words) != 1 or words[0] not in _END_WORDS:
        return None
    try:
        tile = Tile.of(int(digits[0]), int(digits[1]))
    except ValueError:
        return None
    return tile, _END_WORDS[words[0]]


@dataclass(frozen=True)
class Verdict:
    """How an answer was judged."""

    correct: bool
    readable: bool  # False: the answer could not be read at all (nothing is counted)
    given: str


def judge(question: Question, text: str) -> Verdict:
    """Judge a typed answer to *question*."""
    if question.drill is Drill.TILE:
        parsed = parse_tile_answer(text)
        if parsed is None:
            return Verdict(False, False, text)
        tile, end = parsed
        right = any(m.tile == tile and m.end is end for m, _ in question.scoring_moves)
        return Verdict(right, True, text)
    number = parse_number(text)
    if number is None:
        return Verdict(False, False, text)
    return Verdict(number == question.answer, True, text)
