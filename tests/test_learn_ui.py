"""The tutorial by keys: every lesson played to its end in English and German,
wrong keys answered, a lesson left and taken up again, F1 inside a lesson."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from damaged_files import set_aside_files
from sniff.announce import Phrasebook
from sniff.announce.coach import CoachWords
from sniff.i18n import translator
from sniff.learn import Do, Lesson
from sniff.storage import save_path, stats_path
from sniff.storage.lessons import load_progress, progress_path
from test_learn_harness import LESSONS, LessonDriver, lesson_index, lesson_named


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _heard(lesson: Lesson, texts: list[str], language: str) -> list[str]:
    """The steps' instructions that were never heard (their words before any fact)."""
    words = CoachWords(Phrasebook(translator(language), seat=0, player_names=()))
    spoken = " ".join(texts)
    missing = []
    for step in lesson.steps:
        start = words.lesson_text(step.text).split("{")[0][:40]
        if start not in spoken:
            missing.append(start)
    return missing


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", [lesson.name for lesson in LESSONS])
def test_every_lesson_plays_to_its_end_by_keys(name: str, language: str) -> None:
    async def go() -> None:
        async with LessonDriver(language, start=lesson_index(name)) as d:
            await d.play_lesson()
            lesson = d.coach.lesson
            assert not _heard(lesson, d.texts, language)
            heading = d.coach.words.lesson_text(lesson.title)
            assert any(heading in text for text in d.texts[-2:])  # "Lesson done: <title>"
            assert load_progress().progress.is_done(name)
            if not any(step.do is Do.FREE for step in lesson.steps):
                # The coach says what to do: the game's own prompts ("your turn...",
                # "nothing fits: pass") never speak over it.
                prompts = [u.text for u in d.ctx.output.history if u.kind == "turn"]
                assert prompts == []
            # Nothing of a lesson goes to the saved game or the statistics.
            assert not save_path().exists() and not stats_path().exists()

    asyncio.run(go())


def test_enter_after_a_lesson_opens_the_next_and_escape_goes_back_to_the_list() -> None:
    async def go() -> None:
        async with LessonDriver(start=0) as d:
            await d.play_lesson()
            await d.press("enter")
            assert d.coach.lesson.name == LESSONS[1].name
            assert d.texts[-1].startswith("Lesson 2 of")
            await d.press("escape")
            assert d.app.top is not None and d.app.top.__class__.__name__ == "LessonListScreen"
            assert d.texts[-1].startswith("Lesson 2 of") and "step 1 of" not in d.texts[-1]

    asyncio.run(go())


def test_a_tile_that_fits_nowhere_gets_the_engines_reason_and_the_step_stays() -> None:
    async def go() -> None:
        async with LessonDriver(start=lesson_index("matching")) as d:
            for step in d.coach.lesson.steps[:3]:
                await d.do_step(step)
            step = d.coach.step
            assert step is not None and step.do is Do.PLAY
            log = list(d.session.game.log)
            said = await d.heard_after("5", "3", "enter")
            assert "Five-three fits nowhere: the ends are 1 and 2." in said[-1]
            assert "Play two-blank: it fits the east end, which is 2." in said[-1]
            assert d.coach.step is step and list(d.session.game.log) == log
            await d.do_step(step)
            # Four-blank fits both ends; the rules allow the west end, the lesson asks for east.
            step = d.coach.step
            log = list(d.session.game.log)
            said = await d.heard_after("4", "0", "enter")
            assert said[-1] == (
                "Four-blank west: 0, no score. In this lesson, another play is wanted. Go to "
                "four-blank, press Down arrow until you hear the east end, then press Enter."
            )
            assert d.coach.step is step and list(d.session.game.log) == log
            await d.press("down", "enter")
            assert d.coach.index == 5

    asyncio.run(go())


def test_acting_before_the_step_asks_and_other_keys_get_patient_answers() -> None:
    async def go() -> None:
        async with LessonDriver("de", start=0) as d:
            await d.press("enter")  # the explanation: on to "press H"
            said = await d.heard_after("d")
            assert said[-1].startswith("Noch nicht. Du und Anna habt je sieben Steine")
            said = await d.heard_after("e")  # a fact key works, and the coach reminds
            assert said[-1].startswith("Nächster Schritt: Du und Anna")
            said = await d.heard_after("x")
            assert said[-1] == "X bewirkt in dieser Lektion nichts; F1 nennt ihre Tasten."
            said = await d.heard_after("w")
            assert said[-1].startswith("Du und Anna habt je sieben Steine")
            assert d.coach.index == 1
            await d.press("h")
            assert d.coach.index == 2

    asyncio.run(go())


def test_f1_in_a_lesson_names_the_lessons_keys_only() -> None:
    async def go() -> None:
        async with LessonDriver(start=lesson_index("count")) as d:
            said = (await d.heard_after("f1"))[-1]
            assert said.startswith("Keys of this lesson.")
            for part in ("C: the count", "S: scores", "Down arrow:", "W: what to do now"):
                assert part in said
            for other in ("T:", "G:", "F2:", "Control S", "M or F10", "B:"):
                assert other not in said
            assert d.coach.index == 0

    asyncio.run(go())


def test_every_key_a_lesson_names_is_a_key_of_the_lesson_screen() -> None:
    async def go() -> None:
        for lesson in LESSONS:
            async with LessonDriver(start=lesson_index(lesson.name)) as d:
                bound = {key for b in d.lesson_screen.bindings() for key in b.keys}
                named = set(lesson.keys) - {"digits"}
                assert named <= bound, (lesson.name, named - bound)
                assert {"m", "f10", "c-s"}.isdisjoint(bound)

    asyncio.run(go())


def test_a_lesson_left_midway_goes_on_where_it_was_with_the_same_table() -> None:
    name = "sniff"
    lesson = lesson_named(name)

    async def go() -> tuple[list[object], list[str]]:
        async with LessonDriver(start=lesson_index(name)) as d:
            for step in lesson.steps[:4]:
                await d.do_step(step)
            assert d.coach.index == 4
            log = list(d.session.game.log)
            hand = list(d.session.observe(0).hand)
            await d.press("escape")
            assert "begun, step 5 of" in d.texts[-1]
            return log, [str(t) for t in hand]

    log, hand = asyncio.run(go())
    saved = json.loads(progress_path().read_text(encoding="utf-8"))
    assert saved["places"][name] == {"step": 4, "actions": ["4-2 north", "6-2 north"]}

    async def again() -> None:
        async with LessonDriver(start=lesson_index(name)) as d:
            assert d.coach.index == 4
            assert list(d.session.game.log) == log
            assert [str(t) for t in d.session.observe(0).hand] == hand
            assert "Welcome back: step 5 of 7." in d.texts[0]
            await d.play_lesson()
            assert load_progress().progress.is_done(name)
            assert name not in load_progress().progress.places

    asyncio.run(again())


def test_backspace_in_the_list_starts_a_begun_lesson_again() -> None:
    async def go() -> None:
        async with LessonDriver(start=lesson_index("count")) as d:
            await d.do_step(d.coach.lesson.steps[0])
            await d.do_step(d.coach.lesson.steps[1])
            await d.press("escape")
            said = await d.heard_after("backspace")
            assert said[-1] == "The count, and how you score starts from the beginning."
            await d.press("enter")
            assert d.coach.index == 0 and len(d.session.game.log) == 1

    asyncio.run(go())


def test_a_damaged_progress_file_is_set_aside_with_one_sentence() -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "sniff-lessons", "version": 1, "done": [3]}', encoding="utf-8")

    async def go() -> None:
        async with LessonDriver() as d:
            warnings = [t for t in d.texts if "could not be read" in t]
            (kept,) = set_aside_files(path)
            assert warnings == [
                "Your lesson progress could not be read; it was set aside as "
                f"{kept}, and the lessons start afresh."
            ]
            assert d.texts[-1].startswith("Lessons. 0 of")
            await d.press("enter")  # lesson 1 starts as if new
            assert d.coach.index == 0

    asyncio.run(go())
    assert len(set_aside_files(path)) == 1


def test_the_round_lesson_gives_hints_without_limit() -> None:
    async def go() -> None:
        async with LessonDriver(start=lesson_index("round")) as d:
            d.ctx.settings = d.ctx.settings.with_changes(hint_limit=0)  # the game's own limit
            await d.press("enter")
            for _ in range(3):
                said = await d.heard_after("f2")
                move = d.cursor.chosen_move()  # the hint selects its tile and end
                assert move is not None
                name = d.screen.voice.announcer.words.tile(move.tile)
                assert name.lower() in said[-1].lower(), said
            assert d.screen.hinter.used == 3
            await d.press("enter")  # plays the hinted tile
            assert d.session.state.actions[0] == move

    asyncio.run(go())
