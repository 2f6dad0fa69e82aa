"""Practice questions built from real layouts that the engine plays out.

A question is never made of random numbers: a short game is played with
random legal moves under the level's rules, and a position along the way that
fits the level becomes the question. So every layout a learner hears could
happen at the table, and its answer is the engine's own count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from sniff.engine import (
    Combination,
    End,
    Game,
    Layout,
    Move,
    Part,
    Phase,
    RuleSet,
    Tile,
    play_points,
    preset,
)


class Drill(str, Enum):
    COUNT = "count"  # type the count
    SCORE = "score"  # type what the count scores (0 if nothing)
    TILE = "tile"  # which of your tiles scores, and where
    TIMED = "timed"  # counts, as many as you can in 60 seconds


#: Levels, from two plain ends up to four ends on larger sets.
LEVELS: dict[int, str] = {
    1: "two-ends",
    2: "doubles",
    3: "sniff",
    4: "exposed",
    5: "large-sets",
}


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
        return kinds == {"end"} and len(parts) == 2
    if level == 2:
        return bool(kinds & {"double", "lead"})
    if level == 3:
        return layout.sniff is not None and (
            bool(layout.arms[2] or layout.arms[3]) or "sniff" in kinds
        )
    if level == 4:
        return "exposed" in kinds and len(parts) >= 3
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


def _positions(rules: RuleSet, rng: random.Random) -> list[tuple[Game, int]]:
    """Every position of one round of random legal play, with the seat to act."""
    game = Game(rules, 2, rng=rng)
    seen: list[tuple[Game, int]] = []
    steps = 0
    while game.phase is Phase.PLAY and steps < 200:
        seen.append((game.copy(), game.current))
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
        steps += 1
    return seen


def scoring_moves(game: Game, combination: Combination) -> list[tuple[Move, int]]:
    """Each legal play of the player to act that would score, with its points."""
    out = []
    for move in game.legal_moves():
        if move.end is End.LEAD:
            continue
        layout = game.layout.place(move.tile, move.end, endwise=move.endwise)
        points = play_points(layout.count, combination)
        if points:
            out.append((move, points))
    return out


def make_question(
    drill: Drill,
    level: int,
    rng: random.Random,
    combination: Combination = Combination.FIVES,
) -> Question:
    """A fresh question for *drill* at *level* (always succeeds)."""
    rules = level_rules(level)
    # Half the "does it score" questions do score: otherwise "0" would nearly always be right.
    want_score = drill is Drill.SCORE and rng.random() < 0.5
    for _ in range(500):
        positions = _positions(rules, rng)
        rng.shuffle(positions)
        for game, _seat in positions:
            layout = game.layout
            if not fits_level(layout, level):
                continue
            if want_score and not play_points(layout.count, combination):
                continue
            if drill is Drill.TILE:
                moves = scoring_moves(game, combination)
                if not moves:
                    continue
                hand = tuple(game.hands[game.current])
                return Question(drill, level, combination, layout, hand, tuple(moves))
            return Question(drill, level, combination, layout)
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
