"""The practice screen driven by keys, in English and German."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from sniff.announce.practice import PracticeWords
from sniff.engine import Combination, End, Tile, play_points
from sniff.i18n import translator
from sniff.practice import Drill, PracticeSession, Question
from sniff.storage import load_stats
from sniff.ui.app import SniffApp
from sniff.ui.base import Screen, UiContext
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
    session = PracticeSession(drill, level, combination, rng=random.Random(seed))
    return [session.next_question() for _ in range(n)]


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
    tally = load_stats().stats.practice[("count", "2", None)]
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
    assert load_stats().stats.practice[("timed", "1", None)].answers == summary.asked + later


#: A step of :func:`drive_app`: a key's name (or text), seconds to wait, or a
#: function the key thread calls (to wait for something to be said).
Step = str | float | Callable[[UiContext], None]


def drive_app(first: Callable[[SniffApp], Screen], steps: list[Step], ctx: UiContext) -> SniffApp:
    """Run the game's own application (its global keys, F1 included) with the screen
    *first* makes, pressing *steps* from a second thread as a player would."""
    import threading

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sniff.ui.app import run_app
    from uihost import KEYS

    def press(pipe: object) -> None:
        said(ctx, lambda texts: bool(texts))
        for step in steps:
            if isinstance(step, float):
                time.sleep(step)
            elif callable(step):
                step(ctx)
            else:
                pipe.send_text(KEYS.get(step, step))  # type: ignore[attr-defined]
                time.sleep(0.1 if step == "escape" else 0.02)

    with create_pipe_input() as pipe:
        thread = threading.Thread(target=press, args=(pipe,), daemon=True)
        thread.start()
        app = run_app(first, ctx, input=pipe, output=DummyOutput())
        thread.join(5)
    assert app.errors == []
    return app


def said(ctx: UiContext, check: Callable[[list[str]], bool], seconds: float = 10.0) -> None:
    """Wait until what was said passes *check* (from the key thread)."""
    deadline = time.monotonic() + seconds
    while not check(list(speech_of(ctx).texts)) and time.monotonic() < deadline:
        time.sleep(0.01)


def run_practice_app(keys: list[Step], **options: object) -> UiContext:
    """``sniff practice``: the game's own application with the practice as its only screen."""
    ctx = make_context(str(options.pop("language", "en")))
    drive_app(
        lambda host: PracticeScreen(host, on_exit=host.exit, **options),  # type: ignore[arg-type]
        keys,
        ctx,
    )
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
    tally = load_stats().stats.practice[("count", "1", None)]
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
    tally = load_stats().stats.practice[("count", "1", None)]
    assert (tally.answers, tally.right) == (1, 1)


def test_progress_is_saved_after_every_answer_once() -> None:
    asked = questions(Drill.COUNT, 1, 5, 3, Combination.FIVES)
    # No Escape and no quitting: the window could be closed now and nothing is lost.
    keys = [*typed(str(asked[0].count)), *typed(str(asked[1].count + 1))]
    _ctx, screen = drive(keys, level=1, seed=5)
    tally = load_stats().stats.practice[("count", "1", None)]
    assert (tally.answers, tally.right) == (2, 1)
    # The summary and closing add nothing more: one running tally per session.
    screen.end_session()
    screen.close()
    tally = load_stats().stats.practice[("count", "1", None)]
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


def test_a_late_answer_is_finished_judged_and_not_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The player was typing when the minute ran out: the first key typed after it says
    the answer will not count, the keys are echoed as ever, and the Enter meant for the
    answer says whether it was right (not counted) instead of starting a new round; only
    the next Enter does. Issue 22: it took three keys, the too-late notice twice."""
    monkeypatch.setattr("sniff.practice.session.TIMED_SECONDS", 0.5)
    words = PracticeWords(translator("en"))
    (question,) = questions(Drill.TIMED, 1, 20, 1, Combination.FIVES)
    assert question.answer == 11

    def time_is_up(ctx: UiContext) -> None:
        said(ctx, lambda texts: any(t.startswith("Practice menu") for t in texts))

    steps: list[Step] = ["1", time_is_up, "1", "enter"]
    ctx = run_practice_app(
        [*steps, "enter", "escape", "escape"], drill=Drill.TIMED, start=True, seed=20
    )
    texts = speech_of(ctx).texts
    up = texts.index("Time is up.")
    assert texts[up + 1].startswith("Session over")
    assert texts[up + 2].startswith("Practice menu, Start, 4 of 4.")
    assert texts[up + 3] == f"{words.late_typing()} 11"
    assert texts[up + 4] == "Too late, not counted. Right! Enter starts another round."
    questions_asked = [t for t in texts if t.endswith("The count?")]
    assert len(questions_asked) == 2  # the first round's, and the one the second Enter asked
    assert texts.index(questions_asked[1]) == up + 5
    assert load_stats().stats.practice == {}  # nothing was answered in time


def test_a_late_answer_typed_before_the_time_ran_out_takes_its_enter_only() -> None:
    """The whole answer was typed in time, its Enter came too late: that Enter judges it
    (not counted); a wrong one hears the arithmetic, as any wrong answer does."""
    ctx, screen = drive(["1", "2"], drill=Drill.TIMED, level=1, seed=20)
    assert screen.session is not None
    screen.end_session(timed_out=True)  # the minute's timer rang
    screen.enter_key()
    said_now = speech_of(ctx).texts[-1]
    assert said_now.startswith("Too late, not counted. No: ")
    assert said_now.endswith(" Enter starts another round.")
    assert not screen.asking
    screen.enter_key()
    assert screen.asking  # the next Enter starts another round


def test_enter_after_the_time_is_up_with_nothing_typed_only_says_so() -> None:
    ctx, screen = drive([], drill=Drill.TIMED, level=1, seed=20)
    screen.end_session(timed_out=True)
    screen.enter_key()
    assert speech_of(ctx).texts[-1] == PracticeWords(translator("en")).too_late()
    assert not screen.asking


def test_the_practice_menu_has_home_end_and_first_letters() -> None:
    keys = ["end", "home", "l", "s", "s", "s", "x", "d"]
    ctx, _screen = drive(keys, start=False, level=1)
    assert speech_of(ctx).texts[1:] == [
        "Start, 4 of 4",
        "Drill: the count, 1 of 4",
        "Level 1, two plain ends, 2 of 4",
        "Scoring: fives, 3 of 4",
        "Start, 4 of 4",
        "Scoring: fives, 3 of 4",  # round again to the first S
        "No item starts with X",
        "Drill: the count, 1 of 4",
    ]


@pytest.mark.parametrize("letter", ["u", "U", "ü", "Ü"])
def test_first_letters_reach_items_with_umlauts_in_any_case(letter: str) -> None:
    ctx, _screen = drive(["end", letter], start=False, level=1, language="de")
    assert speech_of(ctx).texts[-1] == "Übung: Zählwert nennen, 1 von 4"


def test_f1_in_the_practice_says_its_help_a_part_at_a_time() -> None:
    ctx = run_practice_app(["f1", "f1", "f1", "f1", "escape"], start=False)
    parts = speech_of(ctx).texts[1:5]
    assert parts[0].startswith(
        "Keys, part 1 of 3; F1 again for the next part. Up arrow: previous practice setting."
    )
    assert "Home: first practice setting." in parts[0]
    assert "A letter: the next item that starts with it." in parts[0]
    assert "Enter: start a round with these settings." in parts[0]
    assert parts[1].startswith("Part 2 of 3. Digits and letters: type your answer")
    assert "Backspace: delete the last typed character." in parts[1]
    assert parts[2].startswith("Part 3 of 3. F1 or Question mark:")
    assert parts[3] == parts[0]  # and round again


def test_f1_while_a_question_is_asked_starts_with_the_answering_keys() -> None:
    ctx = run_practice_app(["f1", "escape", "escape"], start=True, seed=3)
    help_text = speech_of(ctx).texts[1]
    assert help_text.startswith(
        "Keys, part 1 of 3; F1 again for the next part. Digits and letters: type your answer"
    )
    assert "Enter: give your answer." in help_text
    assert "Escape: end the round and hear how it went." in help_text


def test_no_question_comes_twice_across_the_rounds_of_a_sitting() -> None:
    # Level 1 has 48 two-ended layouts: two rounds of 20 answers hear 42 different ones
    # (each round's last question is left unanswered by Escape, or waits for its answer).
    asked = questions(Drill.COUNT, 1, 6, 42, Combination.FIVES)
    keys: list[str] = []
    for question in asked[:20]:
        keys += typed(str(question.count))
    keys += ["escape", "enter"]
    for question in asked[21:41]:
        keys += typed(str(question.count))
    ctx, screen = drive(keys, level=1, seed=6)
    texts = speech_of(ctx).texts
    heard = [
        t.removeprefix("Counting practice: the count, level 1, two plain ends. ") for t in texts
    ]
    spoken = [t for t in heard if t.endswith("The count?")]
    assert len(spoken) == len(set(spoken)) == 42
    assert screen.session is not None and len(screen.session.answers) == 20


@pytest.mark.parametrize("language", ["en", "de"])
def test_prime_and_fibonacci_answers_say_why(language: str) -> None:
    """Wrong and right answers of the score drill say why the count scores or not."""
    words = PracticeWords(translator(language))
    primes = questions(Drill.SCORE, 2, 5, 30, Combination.PRIMES)
    fibs = questions(Drill.SCORE, 2, 5, 30, Combination.FIBS)
    prime = next(q for q in primes if q.points)
    not_prime = next(q for q in primes if not q.points and q.count > 3)
    fib = next(q for q in fibs if q.points)
    not_fib = next(q for q in fibs if not q.points and q.count > 4)
    session = PracticeSession(Drill.SCORE, 2, Combination.PRIMES)
    for question, typed_answer in [(prime, "0"), (not_prime, "0"), (fib, "1"), (not_fib, "7")]:
        session.question = question
        answered = session.answer(typed_answer)
        assert answered is not None
        text = words.feedback(answered, 0)
        n = question.count
        if language == "en":
            if question is prime:
                assert text.endswith(f"{n} is prime.")
            elif question is not_prime:
                assert f"{n} is not prime: " in text and " times " in text
            elif question is fib:
                assert text.endswith(f"{n} is a Fibonacci number.")
            else:
                assert f"{n} is not a Fibonacci number: the row goes " in text
        else:
            expected = {
                id(prime): f"{n} ist eine Primzahl.",
                id(not_prime): f"{n} ist keine Primzahl: ",
                id(fib): f"{n} ist eine Fibonacci-Zahl.",
                id(not_fib): f"{n} ist keine Fibonacci-Zahl: Die Folge lautet hier ",
            }[id(question)]
            assert expected in text


def test_the_score_drill_says_why_through_the_keys() -> None:
    asked = questions(Drill.SCORE, 1, 12, 20, Combination.FIBS)
    index = next(i for i, q in enumerate(asked) if q.count == 14 or not q.points)
    keys: list[str] = []
    for question in asked[:index]:
        keys += typed(str(question.answer))
    question = asked[index]
    keys += typed(str(question.answer))
    ctx, _screen = drive(keys, drill=Drill.SCORE, level=1, seed=12, combination=Combination.FIBS)
    from sniff.practice.reasons import fibonacci_around

    around = ", ".join(str(f) for f in fibonacci_around(question.count))
    expected = f"Right! {question.count} is not a Fibonacci number: the row goes {around}."
    assert expected in speech_of(ctx).texts
