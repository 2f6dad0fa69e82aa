"""Drive the real tutorial from tests: a pipe for keys, a recording voice.

Not a test module of its own (it holds one self-check): the lesson tests
import :class:`LessonDriver` from here. :meth:`LessonDriver.do_step` does what
a player who follows the coach does, by keys only.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.engine import Move, Phase
from sniff.i18n import translator
from sniff.learn import Coach, Do, Lesson, Step, first_legal, load_lessons
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.storage import Settings
from sniff.ui.app import SniffApp, build_context
from sniff.ui.game.screen import GameScreen
from sniff.ui.learn_screen import LessonListScreen, LessonScreen
from test_ui_game_harness import Driver

LESSONS = load_lessons()


class LessonDriver(Driver):
    """One run of the tutorial: ``async with LessonDriver("de", start=2) as d: ...``.

    *start*: the lesson (index) opened at once, as ``sniff learn --lesson``;
    None: the list of lessons first. Keys, settling and leaving are the game
    driver's (:class:`test_ui_game_harness.Driver`).
    """

    def __init__(self, language: str = "en", *, start: int | None = None) -> None:
        # Not the game's options: a lesson needs only a context with a recording voice.
        self.speech = RecordingSpeech()
        settings = Settings(language=language, pace=0.0, sounds=False)
        self.ctx = build_context(
            settings, translator(language), speech=self.speech, sound=NullPlayer()
        )
        self.tr = self.ctx.translator
        self.start = start
        self.sent = 0
        self.lock = None  # a lesson writes only its own progress, never the saved game

    async def __aenter__(self) -> LessonDriver:
        self._pipe_cm = create_pipe_input()
        self.pipe = self._pipe_cm.__enter__()
        self.app = SniffApp(self.ctx, input=self.pipe, output=DummyOutput())
        self.task = asyncio.create_task(
            self.app.run_async(
                lambda host: LessonListScreen(
                    host,
                    lessons=LESSONS,
                    start=self.start,
                    on_exit=host.exit,
                    goodbye=True,
                    hint_playouts=20,
                )
            )
        )
        await self.settle()
        return self

    # -- reading ------------------------------------------------------------------

    @property
    def lesson_screen(self) -> LessonScreen:
        top = self.app.top
        if not isinstance(top, LessonScreen):
            raise LookupError(f"no lesson on top, but {top!r}")
        return top

    @property
    def screen(self) -> GameScreen:
        return self.lesson_screen.game

    @property
    def coach(self) -> Coach:
        return self.lesson_screen.coach

    def my_turn(self) -> bool:
        """Whether the player (seat 0) is to act."""
        return self.screen.link.view().my_turn

    def busy(self) -> bool:
        top = self.app.top
        if not isinstance(top, LessonScreen):
            return False
        game = top.game
        table = game.game.table  # type: ignore[attr-defined]
        return table.running or game.listener.pacing or game.hinter.busy or top._waiting

    # -- acting ---------------------------------------------------------------------

    async def heard_after(self, *keys: str) -> list[str]:
        """What was said while *keys* were pressed."""
        start = len(self.speech.spoken)
        await self.press(*keys)
        return self.speech.texts[start:]

    async def select(self, move: Move) -> None:
        """Select *move*'s tile by typing its numbers, and its end by Down."""
        tile = move.tile
        if self.cursor.selected != tile:
            await self.press(str(tile.high), str(tile.low))
        assert self.cursor.selected == tile, (self.cursor.selected, tile)
        for _ in range(4):
            if self.cursor.chosen_move() == move:
                break
            await self.press("down")
        assert self.cursor.chosen_move() == move

    async def play(self, move: Move) -> None:
        await self.select(move)
        await self.press("enter")

    async def do_step(self, step: Step) -> None:
        """What a player who follows the coach does for *step*, by keys."""
        if step.do is Do.SAY:
            await self.press("enter")
        elif step.do is Do.KEY:
            await self.press(step.keys[0])
        elif step.do is Do.SELECT:
            assert step.tile is not None
            await self.press(str(step.tile.high), str(step.tile.low))
        elif step.do is Do.PLAY:
            await self.play(step.moves[0])
        elif step.do is Do.DRAW:
            await self.press("d")
        elif step.do is Do.PASS:
            await self.press("p")
        else:
            await self.play_freely()

    async def play_freely(self, limit: int = 300) -> None:
        """Free play until the coach moves on: the first legal play, else draw or pass."""
        index = self.coach.index
        for _ in range(limit):
            if self.coach.index != index:
                return
            if not self.session.observe(0).my_turn:
                await self.settle()
                continue
            action = first_legal(self.session.observe())
            if isinstance(action, Move):
                await self.play(action)
            else:
                await self.press("d" if self.session.game.can_draw() else "p")
        raise AssertionError("the free play did not end")

    async def play_lesson(self) -> None:
        """Every step of the lesson on top, then nothing left to do."""
        lesson = self.coach.lesson
        for number, step in enumerate(lesson.steps[self.coach.index :], start=self.coach.index):
            assert self.coach.index == number, (lesson.name, number, self.coach.index)
            await self.do_step(step)
        assert self.coach.finished, lesson.name


def lesson_index(name: str) -> int:
    return next(i for i, lesson in enumerate(LESSONS) if lesson.name == name)


def lesson_named(name: str) -> Lesson:
    return LESSONS[lesson_index(name)]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_the_driver_opens_a_lesson_and_leaves_it(home: Any) -> None:
    async def go() -> None:
        async with LessonDriver(start=0) as d:
            assert d.coach.lesson is LESSONS[0]
            assert d.texts[0].startswith("Lesson 1 of")
            assert d.session.game.phase is Phase.PLAY

    asyncio.run(go())
