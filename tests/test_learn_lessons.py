"""The lessons as data: each one legal under the engine, its counts and scores as it
says, its texts in the catalogue in English and German; and the checks that find a
broken lesson."""

from __future__ import annotations

from string import Formatter

import pytest

from sniff.announce.coach import FACTS
from sniff.engine import Dealt, Move, full_set
from sniff.i18n import translator
from sniff.learn import Do, LessonError, lesson_session, load_lessons, rehearse
from sniff.learn.lesson import read_lesson

LESSONS = load_lessons()

#: A small lesson of our own: what an author writes to add one.
TINY = """
order = 99
title = "A tiny lesson"
rules = "sniff"
keys = ["enter", "c"]
others = [["4-1 east"]]

[deal]
hands = ["6-4 5-5 3-3 2-2 1-1 0-0 6-6", "4-1 5-4 3-2 2-1 1-0 6-5 6-3"]
boneyard = "6-2 6-1 6-0 5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-0 3-1 3-0 2-0"
leader = 0

[[steps]]
do = "play"
move = "6-4 lead"
count = 10
points = 10
text = "Lead six-four."
after = "{arithmetic}: you scored {points}."

[[steps]]
do = "key"
keys = ["c"]
text = "Press C."
"""


def test_the_lessons_come_in_the_order_the_tutorial_teaches() -> None:
    assert [lesson.name for lesson in LESSONS] == [
        "tiles",
        "matching",
        "count",
        "doubles",
        "sniff",
        "drawing",
        "round-end",
        "round",
        "muggins",
        "alle-fuenfe",
        "domino-play",
        "sniff-us",
    ]
    assert [lesson.rules.preset for lesson in LESSONS[8:]] == [
        "muggins",
        "alle-fuenfe",
        "domino-play",
        "sniff-us",
    ]


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])
def test_every_lesson_is_legal_and_counts_as_it_says(lesson: object) -> None:
    """The whole set dealt, hands of the rules' size, the leader the rules choose,
    every scripted action legal, every count and score stated the engine's own, no
    play asked for that scores less than another, every script played out."""
    assert rehearse(lesson) == []  # type: ignore[arg-type]


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])
def test_every_deal_is_the_whole_set_in_hands_of_the_rules_size(lesson: object) -> None:
    from sniff.learn import Lesson

    assert isinstance(lesson, Lesson)
    deal = lesson.deal
    tiles = [tile for hand in deal.hands for tile in hand] + list(deal.boneyard)
    assert sorted(tiles) == sorted(full_set(lesson.rules.max_pip))
    assert [len(hand) for hand in deal.hands] == [
        lesson.rules.hand_size(lesson.players)
    ] * lesson.players
    dealt = lesson_session(lesson).game.log[0]
    assert isinstance(dealt, Dealt) and dealt.leader == deal.leader


def test_every_scripted_play_states_the_count_and_points_it_makes() -> None:
    plays = [(ls.name, s) for ls in LESSONS for s in ls.steps if s.do is Do.PLAY]
    assert len(plays) >= 20
    for name, step in plays:
        assert step.count is not None and step.points is not None, (name, step.text)


def test_every_text_uses_only_known_facts_and_has_its_german() -> None:
    de = translator("de")
    for lesson in LESSONS:
        texts = [lesson.title] + [text for step in lesson.steps for _, text in step.texts()]
        for text in texts:
            fields = {f for _, f, _, _ in Formatter().parse(text) if f is not None}
            assert fields <= set(FACTS), (lesson.name, text)
            german = de.pgettext("lesson", text)
            assert german != text, f"no German for {text!r}"
            assert {f for _, f, _, _ in Formatter().parse(german) if f is not None} == fields


def test_a_new_lesson_is_a_file_and_no_code() -> None:
    lesson = read_lesson("tiny", TINY)
    assert lesson.title == "A tiny lesson" and len(lesson.steps) == 2
    assert rehearse(lesson) == []


def _broken(old: str, new: str) -> list[str]:
    assert old in TINY
    return rehearse(read_lesson("tiny", TINY.replace(old, new)))


def test_the_rehearsal_finds_a_count_the_engine_does_not_give() -> None:
    assert _broken("count = 10", "count = 12") == ["step 1: the count is 10, not 12"]
    assert _broken("points = 10", "points = 5") == ["step 1: the play earns 10, not 5"]


def test_the_rehearsal_finds_a_deal_that_is_not_the_whole_set() -> None:
    problems = _broken('"6-2 6-1', '"6-1 6-1')
    assert "the hands and the boneyard are not the whole set, each tile once" in problems


def test_the_rehearsal_finds_an_illegal_or_unplayed_script() -> None:
    assert _broken('others = [["4-1 east"]]', 'others = [["4-1 west", "2-1 east"]]') == [
        "step 1: cannot play 4-1 on west: it does not fit west, which is 6"
    ]
    assert _broken('others = [["4-1 east"]]', 'others = [["4-1 east", "2-1 east"]]') == [
        "seat 1: 1 scripted actions were never played"
    ]


def test_the_rehearsal_finds_a_weaker_play_asked_for_and_a_fact_not_known() -> None:
    problems = _broken('move = "6-4 lead"', 'move = "3-3 lead"')
    assert any("6-4 lead (10)" in problem for problem in problems), problems
    problems = _broken('text = "Press C."', 'text = "Press C: {left} pips left."')
    assert problems == ["step 2: {left} is not known when 'Press C: {left} pips left.' is said"]


def test_a_broken_lesson_file_is_refused_with_its_name() -> None:
    with pytest.raises(LessonError, match=r"lesson tiny.*unknown placeholder"):
        read_lesson("tiny", TINY.replace('"Press C."', '"Press {key}."'))
    with pytest.raises(LessonError, match="lesson tiny, step 2: no step kind"):
        read_lesson("tiny", TINY.replace('do = "key"', 'do = "dance"'))
    with pytest.raises(LessonError, match="lesson tiny"):
        read_lesson("tiny", TINY.replace('move = "6-4 lead"', 'move = "6-4 up"'))
    with pytest.raises(LessonError, match="unknown keys"):
        read_lesson("tiny", TINY.replace('keys = ["enter", "c"]', 'keys = ["f12"]'))
    with pytest.raises(LessonError, match="lesson tiny"):
        read_lesson("tiny", "order = [")


def test_every_acting_step_of_every_lesson_makes_a_move_of_the_player() -> None:
    for lesson in LESSONS:
        for step in lesson.steps:
            assert all(isinstance(m, Move) for m in step.moves)
            if step.do is Do.FREE:
                assert not lesson.scripted, lesson.name
