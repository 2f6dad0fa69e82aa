"""``sniff learn`` from the command line, "Learn to play" in the setup menu, and the
lessons done in the statistics."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.cli import main
from sniff.commands.learn import run_learn
from sniff.i18n import translator
from sniff.learn import LessonError, load_lessons
from sniff.learn.progress import ProgressBook
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.storage import Settings
from sniff.storage.lessons import load_progress
from sniff.ui.app import build_context, run_app
from sniff.ui.learn_screen import LessonListScreen
from test_ui_game_harness import KEYS, Driver

LESSONS = load_lessons()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    return tmp_path / "home"


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_learn_list_prints_every_lesson_with_its_state() -> None:
    book = ProgressBook()
    book.finish(LESSONS[0])
    book.keep_place(LESSONS[2], 3, ["6-4 lead", "6-3 west"])
    code, out, _ = _cli(["learn", "--list"])
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(LESSONS)
    assert lines[0] == "Lesson 1 of 12: Tiles and their names, your hand, done."
    assert lines[1] == "Lesson 2 of 12: The lead, and matching an end, new."
    assert lines[2] == "Lesson 3 of 12: The count, and how you score, begun, step 4 of 7."
    code, out, _ = _cli(["learn", "--list", "--lang", "de"])
    assert out.splitlines()[8] == "Lektion 9 von 12: Andere Regeln: Muggins, neu."


def test_learn_refuses_a_lesson_that_does_not_exist_in_one_line() -> None:
    code, _, err = _cli(["learn", "--lesson", "13"])
    assert code == 2
    assert err == "sniff: error: --lesson must be from 1 to 12\n"


def test_sniff_stats_says_how_many_lessons_are_done() -> None:
    ProgressBook().finish(LESSONS[3])
    code, out, _ = _cli(["stats"])
    assert code == 0 and out.splitlines()[-1] == "Lessons: 1 of 12 done."


def test_the_learn_command_runs_the_lessons_by_keys_until_escape() -> None:
    speech = RecordingSpeech()
    ctx = build_context(
        Settings(language="en", pace=0.0), translator("en"), speech=speech, sound=NullPlayer()
    )
    with create_pipe_input() as pipe:
        # The list, lesson 1 (Enter), the explanation (Enter), H; Escape twice: out.
        pipe.send_text(KEYS["enter"] + KEYS["enter"] + "h")
        pipe.send_text(KEYS["escape"])
        pipe.send_text(KEYS["escape"])
        status = run_learn(ctx, LESSONS, input=pipe, output=DummyOutput())
    assert status == 0
    texts = speech.texts
    assert texts[0].startswith("Lessons. 0 of 12 lessons done.")
    assert any(t.startswith("Lesson 1 of 12: Tiles and their names") for t in texts)
    assert texts[-1] == "Lessons over. Goodbye!"
    assert load_progress().progress.places["tiles"].step == 2


def test_learn_to_play_in_the_setup_menu_opens_the_lessons_and_escape_comes_back() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "2"]) as d:
            game = d.screen
            log = list(d.game.log)
            await d.press("m")
            # Up from the first item wraps to Back; four more is Learn to play.
            said = await d.said_after(lambda: d.press("up", "up", "up", "up", "up"))
            assert said[-1] == "Learn to play, 15 of 19"
            await d.press("enter")
            assert isinstance(d.app.top, LessonListScreen)
            assert d.texts[-1].startswith("Lessons. 0 of 12 lessons done.")
            await d.press("enter", "escape", "escape")
            assert d.texts[-1].startswith("Settings menu. Learn to play")
            await d.press("escape")
            assert d.app.top is game and list(d.game.log) == log

    asyncio.run(go())


def test_lessons_that_cannot_be_read_are_said_never_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def damaged() -> None:
        raise LessonError("lesson count: Expected '=' after a key (at line 3, column 7)")

    monkeypatch.setattr("sniff.ui.learn_screen.load_lessons", damaged)
    monkeypatch.setattr("sniff.learn.load_lessons", damaged)
    code, _, err = _cli(["learn", "--list"])
    assert code == 2 and err.startswith("sniff: error: the lessons cannot be read")
    speech = RecordingSpeech()
    ctx = build_context(
        Settings(language="en"), translator("en"), speech=speech, sound=NullPlayer()
    )
    with create_pipe_input() as pipe:
        pipe.send_text(KEYS["enter"] + KEYS["down"])
        pipe.send_text(KEYS["escape"])
        app = run_app(
            lambda host: LessonListScreen(host, on_exit=host.exit),
            ctx,
            input=pipe,
            output=DummyOutput(),
        )
    assert not app.errors
    said = [t for t in speech.texts if t.startswith("The lessons could not be read: lesson count")]
    assert len(said) == 3  # on opening, on Enter, on Down
