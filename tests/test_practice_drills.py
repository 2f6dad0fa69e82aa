"""Practice questions come from legal layouts, and their answers are right."""

from __future__ import annotations

import random

import pytest

from sniff.engine import Combination, End, Layout, play_points, scores
from sniff.practice import Drill, PracticeSession, judge, make_question
from sniff.practice.drills import LEVELS, fits_level, level_rules, parse_tile_answer
from sniff.practice.reasons import why_it_scores


def assert_legal(layout: Layout) -> None:
    """Every tile once; each tile's inner half matches the end it was laid on."""
    tiles = layout.tiles()
    assert len(tiles) == len(set(tiles))
    assert layout.lead is not None
    for arm, placed in enumerate(layout.arms):
        if not placed:
            continue
        if arm < 2:
            start = layout.lead.high if arm == 0 else layout.lead.low
        else:
            assert layout.sniff is not None
            start = layout.sniff.high
        expected = start
        for p in placed:
            assert p.inner == expected, (layout, arm)
            assert {p.inner, p.outer} == {p.tile.high, p.tile.low}
            expected = p.outer


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("combination", list(Combination))
def test_questions_are_legal_layouts_with_the_engines_answer(
    level: int, combination: Combination
) -> None:
    rng = random.Random(level * 31 + len(combination.value))
    for drill in (Drill.COUNT, Drill.SCORE, Drill.TILE):
        for _ in range(6):
            q = make_question(drill, level, rng, combination)
            assert_legal(q.layout)
            assert fits_level(q.layout, level)
            assert q.count == sum(p.pips for p in q.layout.parts())
            expected_points = q.count if scores(q.count, combination) else 0
            assert q.points == expected_points
            if drill is Drill.SCORE:
                assert q.answer == expected_points
            if drill is Drill.TILE:
                assert q.scoring_moves
                for move, points in q.scoring_moves:
                    assert move.tile in q.hand
                    after = q.layout.place(move.tile, move.end)
                    assert points == play_points(after.count, combination) > 0


def test_level_one_has_two_plain_ends_and_level_four_exposed_halves() -> None:
    rng = random.Random(5)
    for _ in range(10):
        q1 = make_question(Drill.COUNT, 1, rng)
        assert [p.kind for p in q1.parts] == ["end", "end"]
        q4 = make_question(Drill.COUNT, 4, rng)
        assert "exposed" in {p.kind for p in q4.parts}


def test_answers_are_read_generously() -> None:
    assert parse_tile_answer("51e") is not None
    tile, end = parse_tile_answer("1-5 north")  # type: ignore[misc]
    assert str(tile) == "5-1" and end is End.NORTH
    assert parse_tile_answer("5 1 osten") is not None
    assert parse_tile_answer("hello") is None
    q = make_question(Drill.COUNT, 2, random.Random(1))
    assert judge(q, str(q.count)).correct
    assert not judge(q, str(q.count + 1)).correct
    assert not judge(q, "abc").readable


def test_session_keeps_streaks_and_times_with_an_injected_clock() -> None:
    now = [100.0]
    session = PracticeSession(Drill.COUNT, 2, rng=random.Random(2), clock=lambda: now[0])
    right = wrong = 0
    for i in range(6):
        q = session.next_question()
        now[0] += 2.0
        answer = str(q.answer) if i != 3 else str(q.answer + 1)
        result = session.answer(answer)
        assert result is not None
        right += result.verdict.correct
        wrong += not result.verdict.correct
    assert session.answer("7") is None  # no open question
    summary = session.finish()
    assert (summary.asked, summary.right, summary.best_streak) == (6, 5, 3)
    assert summary.per_answer == pytest.approx(2.0)


def test_timed_round_ends_after_sixty_seconds() -> None:
    now = [0.0]
    session = PracticeSession(Drill.TIMED, 1, rng=random.Random(3), clock=lambda: now[0])
    count = 0
    while not session.finished:
        q = session.next_question()
        now[0] += 7.5
        session.answer(str(q.answer))
        count += 1
    assert count == 8
    assert session.time_left == 0.0


@pytest.mark.parametrize("combination", list(Combination))
def test_half_the_score_questions_score(combination: Combination) -> None:
    """ "0" is never a safe guess: the drill asks scoring and non-scoring counts alike."""
    session = PracticeSession(Drill.SCORE, 3, combination, rng=random.Random(17))
    scoring = sum(bool(session.next_question().points) for _ in range(400))
    assert 160 <= scoring <= 240, scoring  # each question is a fair coin: 200 expected


def test_a_session_asks_every_two_ended_layout_before_any_again() -> None:
    """Level 1 has 48 layouts a learner can tell apart (two plain ends of 0 to 6, count
    not 0): a session hears all of them before the first comes back."""
    session = PracticeSession(Drill.COUNT, 1, rng=random.Random(23))
    first = [session.next_question().heard for _ in range(48)]
    assert len(set(first)) == 48
    assert session.next_question().heard in first


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_layouts_are_not_repeated_in_a_session(level: int) -> None:
    for drill in Drill:
        for combination in (Combination.FIVES, Combination.PRIMES):
            session = PracticeSession(drill, level, combination, rng=random.Random(level))
            heard = [session.next_question().heard for _ in range(40)]
            assert len(set(heard)) == 40, (drill, combination)


def test_the_tile_drill_takes_every_tile_in_hand_that_scores() -> None:
    """The answers are every held tile on every end it fits that scores, not only what
    the turn the layout came from allowed (a drawn tile that had to be played)."""
    rules = level_rules(3)
    for seed in range(40):
        q = make_question(Drill.TILE, 3, random.Random(seed))
        plays = {
            (tile, end)
            for tile in q.hand
            for end, pip in q.layout.open_ends()
            if tile.has(pip) and play_points(q.layout.place(tile, end).count, rules.scoring)
        }
        assert {(m.tile, m.end) for m, _ in q.scoring_moves} == plays


def test_reasons_agree_with_the_engine_for_every_count() -> None:
    for combination in Combination:
        for count in range(0, 300):
            why = why_it_scores(count, combination)
            if combination not in (Combination.PRIMES, Combination.FIBS) or count == 0:
                assert why is None
                continue
            assert why is not None and why.scores == scores(count, combination)
            if combination is Combination.PRIMES and not why.scores and count > 1:
                assert why.factors is not None
                low, high = why.factors
                assert low * high == count and 1 < low <= high
                assert all(count % d for d in range(2, low))  # the smallest factor
            if combination is Combination.FIBS and not why.scores:
                *below, above = why.around
                assert below and max(below) < count < above
                assert all(scores(f, Combination.FIBS) for f in why.around)
                assert not any(scores(n, Combination.FIBS) for n in range(max(below) + 1, above))


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_about_half_the_score_questions_do_score(level: int) -> None:
    """Otherwise "0" would nearly always be right: a score drill must score."""
    rng = random.Random(100 + level)
    answers = [make_question(Drill.SCORE, level, rng).answer for _ in range(40)]
    scoring = sum(1 for answer in answers if answer > 0)
    assert 15 <= scoring <= 35, answers
    assert all(answer >= 0 for answer in answers)
