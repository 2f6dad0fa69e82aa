"""The practice screen driven by keys, in English and German."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sniff.announce.practice import PracticeWords
from sniff.engine import Combination
from sniff.i18n import translator
from sniff.practice import Drill, Question, make_question
from sniff.storage import load_stats
from sniff.ui.base import UiContext
from sniff.ui.practice_screen import PracticeScreen
from uihost import TestHost, make_context, sound_of, speech_of


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    return tmp_path


class Clock:
    """Each reading is one second after the one before: answers take known times."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def questions(
    drill: Drill, level: int, seed: int, n: int, combination: Combination
) -> list[Question]:
    """The questions a screen with this seed will ask, in order."""
    rng = random.Random(seed)
    kind = Drill.COUNT if drill is Drill.TIMED else drill
    return [make_question(kind, level, rng, combination) for _ in range(n)]


def drive(
    keys: list[str],
    *,
    language: str = "en",
    drill: Drill = Drill.COUNT,
    level: int = 2,
    seed: int = 7,
    combination: Combination = Combination.FIVES,
    start: bool = True,
) -> tuple[UiContext, PracticeScreen]:
    ctx = make_context(language)
    screens: list[PracticeScreen] = []

    def first(host: TestHost) -> PracticeScreen:
        screen = PracticeScreen(
            host,
            drill=drill,
            level=level,
            combination=combination,
            seed=seed,
            start=start,
            clock=Clock(),
        )
        screens.append(screen)
        return screen

    TestHost(ctx).run(first, keys)
    return ctx, screens[0]


def typed(answer: str) -> list[str]:
    return [*answer, "enter"]


@pytest.mark.parametrize("language", ["en", "de"])
def test_right_and_wrong_answers_repeat_and_summary(language: str) -> None:
    asked = questions(Drill.COUNT, 2, 7, 4, Combination.FIVES)
    words = PracticeWords(translator(language))
    keys = typed(str(asked[0].count))  # right
    keys += typed(str(asked[1].count + 1))  # wrong
    keys += ["r"]  # repeat question 3
    keys += typed(str(asked[2].count))  # right
    keys += ["i", "escape"]
    ctx, screen = drive(keys, language=language)
    texts = speech_of(ctx).texts

    assert texts[0] == words.title()
    assert texts[1] == words.question(asked[0])
    # Every typed digit is said back.
    digits = list(str(asked[0].count))
    assert texts[2 : 2 + len(digits)] == digits
    after_first = 2 + len(digits)
    assert texts[after_first] == words.feedback(screen.session.answers[0], 1)  # type: ignore[union-attr]
    assert texts[after_first + 1] == words.question(asked[1])
    # The wrong answer is told the arithmetic.
    wrong = words.feedback(screen.session.answers[1], 0)  # type: ignore[union-attr]
    assert wrong in texts
    assert str(asked[1].count) in wrong
    assert words.book.arithmetic(asked[1].layout) in wrong
    # R said question 3 again.
    third = words.question(asked[2])
    assert texts.count(third) == 2
    # The summary matches the session.
    summary = screen.last_summary
    assert summary is not None
    assert (summary.asked, summary.right, summary.best_streak) == (3, 2, 1)
    assert words.summary(summary) in texts
    assert texts[-1] == words.again()
    assert sound_of(ctx).cues == ["practice_right", "practice_wrong", "practice_right"]
    # Progress saved.
    tally = load_stats().stats.practice[("count", "2")]
    assert (tally.answers, tally.right) == (3, 2)
    assert tally.seconds == pytest.approx(sum(a.seconds for a in screen.session.answers))  # type: ignore[union-attr]


def test_english_wording() -> None:
    asked = questions(Drill.COUNT, 1, 3, 2, Combination.FIVES)
    keys = [*typed(str(asked[0].count + 1)), "escape"]
    ctx, _screen = drive(keys, level=1, seed=3)
    texts = speech_of(ctx).texts
    q = asked[0]
    ends = ", ".join(f"{end.value} {pip}" for end, pip in q.layout.open_ends())
    assert texts[1] == f"{ends[0].upper()}{ends[1:]}. The count?"
    pips = [str(pip) for _, pip in q.layout.open_ends()]
    assert f"No: ends {pips[0]} and {pips[1]} make {q.count}." in texts
    assert "Session over: 1 question, 0 right, 0 percent. Best streak 0." in texts[-2]


def test_unreadable_answer_is_not_counted_and_backspace_edits() -> None:
    asked = questions(Drill.COUNT, 1, 5, 2, Combination.FIVES)
    answer = str(asked[0].count)
    keys = ["enter", "9", "backspace", *typed(answer), "escape"]
    ctx, screen = drive(keys, level=1, seed=5)
    texts = speech_of(ctx).texts
    assert "Type a number, then Enter." in texts
    assert "empty" in texts  # Backspace deleted the only digit
    assert screen.last_summary is not None
    assert (screen.last_summary.asked, screen.last_summary.right) == (1, 1)


def test_score_drill_explains_what_the_count_scores() -> None:
    asked = questions(Drill.SCORE, 1, 11, 2, Combination.THREES)
    wrong = asked[0].points + 1
    keys = [*typed(str(wrong)), "escape"]
    ctx, _screen = drive(keys, drill=Drill.SCORE, level=1, seed=11, combination=Combination.THREES)
    texts = speech_of(ctx).texts
    assert texts[1].endswith("Scoring threes: how many points?")
    words = PracticeWords(translator("en"))
    assert texts[texts.index(texts[1]) + 1 + len(str(wrong))] == (
        "No: " + words.book.count_arithmetic(asked[0].layout, Combination.THREES) + "."
    )


def test_tile_drill_reads_tile_and_end() -> None:
    asked = questions(Drill.TILE, 1, 2, 2, Combination.FIVES)
    move, points = asked[0].scoring_moves[0]
    answer = f"{move.tile.high}{move.tile.low}{move.end.value[0]}"
    keys = [*typed(answer), "escape"]
    ctx, screen = drive(keys, drill=Drill.TILE, level=1, seed=2)
    texts = speech_of(ctx).texts
    assert "Which one scores fives, and where?" in texts[1]
    right = [t for t in texts if t.startswith("Right!")]
    assert right and f"scores {points}" in right[0]
    assert screen.last_summary is not None and screen.last_summary.right == 1


def test_menu_first_then_start_and_leave() -> None:
    asked = questions(Drill.SCORE, 3, 7, 1, Combination.FIVES)
    keys = ["right", "down", "right", "right", "left", "down", "enter", "escape", "escape"]
    ctx, _screen = drive(keys, start=False, level=1)
    texts = speech_of(ctx).texts
    assert texts[0] == "Counting practice. Enter starts, Escape leaves. Drill: the count, 1 of 4"
    assert texts[1:6] == [
        "does it score",
        "Level: level 1, two plain ends, 2 of 4",
        "level 2, doubles",
        "level 3, the sniff and its arms",
        "level 2, doubles",
    ]
    assert texts[6] == "Scoring: fives, 3 of 4"
    assert texts[7] == PracticeWords(translator("en")).question(
        questions(Drill.SCORE, 2, 7, 1, Combination.FIVES)[0]
    )
    assert asked  # the seed gives questions at every level
    assert texts[-1] == "Enter starts another round, Escape leaves."
    # No answers: nothing to save.
    assert load_stats().stats.practice == {}


def test_timed_round_ends_when_time_is_up() -> None:
    asked = questions(Drill.TIMED, 1, 4, 40, Combination.FIVES)
    keys: list[str] = []
    for question in asked[:35]:
        keys += typed(str(question.count))
    ctx, screen = drive(keys, drill=Drill.TIMED, level=1, seed=4)
    texts = speech_of(ctx).texts
    # The fake clock moves 1 s per reading, 2 readings per answer: 60 s are gone by answer 30.
    assert "Time is up." in texts
    summary = screen.last_summary
    assert summary is not None and summary.asked == summary.right < 35
    assert load_stats().stats.practice[("timed", "1")].answers == summary.asked


def test_sniff_practice_app_and_quitting_keeps_progress() -> None:
    """The game's own application with the practice as its only screen."""
    import threading
    import time

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sniff.ui.app import run_app
    from uihost import KEYS

    asked = questions(Drill.COUNT, 1, 9, 3, Combination.FIVES)
    ctx = make_context("en")
    keys = [*typed(str(asked[0].count)), *typed(str(asked[1].count + 1)), "q", "y"]

    def press(pipe: object) -> None:
        speech = speech_of(ctx)
        deadline = time.monotonic() + 10
        while not speech.texts and time.monotonic() < deadline:
            time.sleep(0.01)
        for key in keys:
            pipe.send_text(KEYS.get(key, key))  # type: ignore[attr-defined]
            time.sleep(0.02)

    with create_pipe_input() as pipe:
        thread = threading.Thread(target=press, args=(pipe,), daemon=True)
        thread.start()
        app = run_app(
            lambda host: PracticeScreen(host, level=1, seed=9, start=True, on_exit=host.exit),
            ctx,
            input=pipe,
            output=DummyOutput(),
        )
        thread.join(5)
    assert app.errors == []
    texts = speech_of(ctx).texts
    words = PracticeWords(translator("en"))
    assert words.question(asked[0]) in texts
    assert "Right!" in texts
    assert any(t.startswith("No: ") for t in texts)
    tally = load_stats().stats.practice[("count", "1")]
    assert (tally.answers, tally.right) == (2, 1)
