"""The practice screen driven by keys, in English and German."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sniff.announce.practice import PracticeWords
from sniff.engine import Combination, End, Tile, play_points
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

    # Started with --drill: the first question at once, no "Enter starts" before it.
    assert texts[0] == f"{words.intro(Drill.COUNT, 2)} {words.question(asked[0])}"
    # Every typed digit is said back with the answer so far ("1", "12").
    answer = str(asked[0].count)
    digits = [answer[: i + 1] for i in range(len(answer))]
    assert texts[1 : 1 + len(digits)] == digits
    after_first = 1 + len(digits)
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
    assert texts[-1] == words.back_in_menu(words.menu.item(words.menu_label("start"), None, 4, 4))
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
    assert texts[0] == (
        f"Counting practice: the count, level 1, two plain ends. {ends[0].upper()}{ends[1:]}."
        " The count?"
    )
    pips = [str(pip) for _, pip in q.layout.open_ends()]
    assert f"No: ends {pips[0]} and {pips[1]} make {q.count}." in texts
    assert "Session over: 1 question, 0 right, 0 percent. Best streak 0." in texts[-2]
    assert texts[-1] == (
        "Practice menu, Start, 4 of 4. Enter starts another round, Up and Down reach the drill,"
        " level and scoring, Escape leaves the practice."
    )


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
    assert texts[0].endswith("Scoring threes: how many points?")
    words = PracticeWords(translator("en"))
    assert texts[1 + len(str(wrong))] == (
        "No: " + words.book.count_arithmetic(asked[0].layout, Combination.THREES) + "."
    )


def test_tile_drill_reads_tile_and_end() -> None:
    asked = questions(Drill.TILE, 1, 2, 2, Combination.FIVES)
    move, points = asked[0].scoring_moves[0]
    answer = f"{move.tile.high}{move.tile.low}{move.end.value[0]}"
    keys = [*typed(answer), "escape"]
    ctx, screen = drive(keys, drill=Drill.TILE, level=1, seed=2)
    texts = speech_of(ctx).texts
    assert "Which one scores fives, and where?" in texts[0]
    assert texts[1:4] == [answer[:1], answer[:2], answer]
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
        "Drill: does it score",
        "Level 1, two plain ends, 2 of 4",
        "Level 2, doubles",
        "Level 3, the sniff and its arms",
        "Level 2, doubles",
    ]
    assert texts[6] == "Scoring: fives, 3 of 4"
    assert texts[7] == PracticeWords(translator("en")).question(
        questions(Drill.SCORE, 2, 7, 1, Combination.FIVES)[0]
    )
    assert asked  # the seed gives questions at every level
    assert texts[-1].startswith("Practice menu, Start, 4 of 4.")
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
    # Saved after every answer: the first round, and the second one the keys went on into.
    assert screen.session is not None
    later = len(screen.session.answers)
    assert load_stats().stats.practice[("timed", "1")].answers == summary.asked + later


def run_practice_app(keys: list[str], **options: object) -> UiContext:
    """``sniff practice``: the game's own application with the practice as its only screen."""
    import threading
    import time

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sniff.ui.app import run_app
    from uihost import KEYS

    ctx = make_context("en")

    def press(pipe: object) -> None:
        speech = speech_of(ctx)
        deadline = time.monotonic() + 10
        while not speech.texts and time.monotonic() < deadline:
            time.sleep(0.01)
        for key in keys:
            pipe.send_text(KEYS.get(key, key))  # type: ignore[attr-defined]
            time.sleep(0.1 if key == "escape" else 0.02)

    with create_pipe_input() as pipe:
        thread = threading.Thread(target=press, args=(pipe,), daemon=True)
        thread.start()
        app = run_app(
            lambda host: PracticeScreen(host, on_exit=host.exit, **options),  # type: ignore[arg-type]
            ctx,
            input=pipe,
            output=DummyOutput(),
        )
        thread.join(5)
    assert app.errors == []
    return ctx


def test_sniff_practice_app_and_quitting_keeps_progress() -> None:
    asked = questions(Drill.COUNT, 1, 9, 3, Combination.FIVES)
    keys = [*typed(str(asked[0].count)), *typed(str(asked[1].count + 1)), "q", "y"]
    ctx = run_practice_app(keys, level=1, seed=9, start=True)
    texts = speech_of(ctx).texts
    words = PracticeWords(translator("en"))
    assert texts[0].endswith(words.question(asked[0]))
    assert "Right!" in texts
    assert any(t.startswith("No: ") for t in texts)
    tally = load_stats().stats.practice[("count", "1")]
    assert (tally.answers, tally.right) == (2, 1)


def test_sniff_practice_escape_twice_summary_menu_then_goodbye() -> None:
    asked = questions(Drill.COUNT, 1, 9, 3, Combination.FIVES)
    keys = [*typed(str(asked[0].count)), "escape", "down", "escape"]
    ctx = run_practice_app(keys, level=1, seed=9, start=True, goodbye=True)
    texts = speech_of(ctx).texts
    summary = next(t for t in texts if t.startswith("Session over"))
    back = texts[texts.index(summary) + 1]
    assert back.startswith("Practice menu, Start, 4 of 4.")
    # Down from Start wraps to the drill: the menu can change the drill before leaving.
    assert texts[-2] == "Drill: the count, 1 of 4"
    assert texts[-1] == "Practice over. Goodbye!"
    tally = load_stats().stats.practice[("count", "1")]
    assert (tally.answers, tally.right) == (1, 1)


def test_progress_is_saved_after_every_answer_once() -> None:
    asked = questions(Drill.COUNT, 1, 5, 3, Combination.FIVES)
    # No Escape and no quitting: the window could be closed now and nothing is lost.
    keys = [*typed(str(asked[0].count)), *typed(str(asked[1].count + 1))]
    _ctx, screen = drive(keys, level=1, seed=5)
    tally = load_stats().stats.practice[("count", "1")]
    assert (tally.answers, tally.right) == (2, 1)
    # The summary and closing add nothing more: one running tally per session.
    screen.end_session()
    screen.close()
    tally = load_stats().stats.practice[("count", "1")]
    assert (tally.answers, tally.right) == (2, 1)
    assert screen.session is not None
    assert tally.seconds == pytest.approx(sum(a.seconds for a in screen.session.answers))


def a_play_that_does_not_score(
    asked: list[Question],
) -> tuple[int, Tile, End, int]:
    """The first question with a legal play that scores nothing: index, tile, end, count."""
    for index, question in enumerate(asked):
        for tile in question.hand:
            for end, pip in question.layout.open_ends():
                if pip in (tile.high, tile.low):
                    count = question.layout.place(tile, end).count
                    if not play_points(count, question.combination):
                        return index, tile, end, count
    raise AssertionError("no question with a play that does not score")


def test_tile_drill_wrong_answer_says_what_it_made_and_lists_right_ones() -> None:
    asked = questions(Drill.TILE, 1, 2, 40, Combination.FIVES)
    words = PracticeWords(translator("en"))
    index, tile, end, count = a_play_that_does_not_score(asked)
    question = asked[index]
    keys: list[str] = []
    for earlier in asked[:index]:
        move = earlier.scoring_moves[0][0]
        keys += typed(f"{move.tile.high}{move.tile.low}{move.end.value[0]}")
    keys += typed(f"{tile.high} {tile.low} {end.value}")
    ctx, _screen = drive(keys, drill=Drill.TILE, level=1, seed=2)
    feedback = next(t for t in speech_of(ctx).texts if t.startswith("No:"))
    name = words.words.tile(tile)
    assert feedback.startswith(f"No: {name} {words.words.at(end)} makes {count}: no score.")
    rights = [
        f"{words.words.tile(m.tile)} {words.words.at(m.end)}, {p}"
        for m, p in question.scoring_moves
    ]
    assert feedback.endswith("Right: " + "; or ".join(rights) + ".")


def test_tile_drill_wrong_tile_or_end_is_named() -> None:
    question = questions(Drill.TILE, 1, 2, 1, Combination.FIVES)[0]
    words = PracticeWords(translator("en"))
    missing = next(
        t for t in (Tile.of(a, b) for a in range(7) for b in range(a + 1)) if t not in question.hand
    )
    assert words.tile_given(question, f"{missing.high}{missing.low}w") == (
        f"you do not hold {words.words.tile(missing)}"
    )
    held = question.hand[0]
    ends = dict(question.layout.open_ends())
    misfit = [e for e in (End.WEST, End.EAST) if ends.get(e) not in (held.high, held.low)]
    if misfit:
        assert words.tile_given(question, f"{held.high}{held.low}{misfit[0].value}") == (
            f"{words.words.tile(held)} does not fit {words.words.at(misfit[0])}"
        )


def test_backspace_with_nothing_typed() -> None:
    ctx, _screen = drive(["backspace"], level=1, seed=5)
    assert speech_of(ctx).texts[-1] == "nothing typed"
    assert sound_of(ctx).cues[-1] == "invalid"
