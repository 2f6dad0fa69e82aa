"""A language chosen in the setup menu is the game's at once, on every screen.

The player starts in English, switches to German in the menu and goes on
playing: every key's help, the footer, a key with no use, the quit question,
the menu itself, the practice and the lessons are German from then on, and
English again after switching back. Nothing may keep the translator it was
given when it was made.

Also here: what the full screen shows (:func:`drawn`): long messages break
between words, and a question is on screen once.
"""

from __future__ import annotations

import asyncio
import errno
import os
from pathlib import Path

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import DummyOutput

from drawn import drawn
from sniff.announce.game_ui import GameTexts
from sniff.i18n import translator
from sniff.output.setup import SpeechStarter
from sniff.output.speech import FallbackEvent
from sniff.output.transcript import Transcript
from sniff.ui.messages import wrap_rows
from test_german import english_in
from test_ui_game_harness import Driver

GERMAN_FOOTER = GameTexts(translator("de")).screen_help()
ENGLISH_FOOTER = GameTexts(translator("en")).screen_help()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    return tmp_path


def _game() -> Driver:
    return Driver(["--bots", "greedy", "--seed", "3", "--lang", "en", "--screen", "full"])


async def _choose_language(d: Driver, heard: str) -> None:
    """M, down to Language, Right until *heard* is said, Escape back to the game."""
    await d.press("m", "home", *["down"] * 5)
    assert d.last().startswith(("Language:", "Sprache:")), d.last()
    for _ in range(3):
        await d.press("right")
        if d.last() == heard:
            break
    assert d.last() == heard
    await d.press("escape")


async def _said(d: Driver, *keys: str) -> list[str]:
    start = len(d.texts)
    await d.press(*keys)
    return d.texts[start:]


def test_a_language_chosen_in_the_menu_reaches_every_screen_at_once() -> None:
    async def go() -> None:
        async with _game() as d:
            assert drawn(d.app)[-1] == ENGLISH_FOOTER
            await _choose_language(d, "Sprache: Deutsch")
            heard: list[str] = []
            # Every part of the game's help, the keys every screen has among them.
            heard += await _said(d, *["f1"] * 5)
            assert heard[-1].startswith("Teil 5 von 5. F1 oder Fragezeichen: diese Hilfe.")
            assert drawn(d.app)[-1] == GERMAN_FOOTER
            heard += await _said(d, "x", "h", "w")
            assert heard[-3] == "X bewirkt hier nichts; F1 für Hilfe."
            quit_question = await _said(d, "q")
            assert quit_question[-1].startswith("Beenden?")
            heard += quit_question
            heard += await _said(d, "f1", "n")
            # The menu, its help; the practice opened from it, its help and a question.
            heard += await _said(d, "m", "f1", "f1", "f1", "end", "up", "up", "up", "enter")
            heard += await _said(d, "f1", "f1", "f1", "enter", "escape", "escape")
            # The lessons opened from the menu, their help, and back.
            heard += await _said(d, "end", *["up"] * 4, "enter", "f1", "f1", "escape", "escape")
            assert heard and english_in(heard) == []
            assert drawn(d.app)[-1] == GERMAN_FOOTER
            # And back to English: nothing stays German.
            await _choose_language(d, "Language: English")
            english = await _said(d, "f1", "x")
            assert english[0].startswith("Keys, part 1 of 5")
            assert english[1] == "X does nothing here; F1 for help."
            assert drawn(d.app)[-1] == ENGLISH_FOOTER

    asyncio.run(go())


def test_what_the_outputs_report_after_a_switch_is_in_the_new_language() -> None:
    full = Path("/dev/full")  # every write fails, as on a full disk
    if not full.exists():
        pytest.skip("no /dev/full here")

    async def go() -> None:
        async with _game() as d:
            await _choose_language(d, "Sprache: Deutsch")
            output = d.ctx.output
            # The transcript fails after the switch: its notice, and the system's reason, German.
            output.transcript = Transcript(full)
            said = await _said(d, "h")
            assert (
                "Das Protokoll konnte nicht geschrieben werden (Kein Platz mehr auf dem "
                "Datenträger); das Spiel läuft ohne Protokoll weiter." in said
            ), said
            assert english_in(said) == []
            # The --audio-out file's reason reaches the notice as the system's text only.
            assert output.on_problem is not None
            notice = output.on_problem("audio-out", os.strerror(errno.ENOSPC))
            assert notice is not None and "(Kein Platz mehr auf dem Datenträger)" in notice.text
            # A speech output failing later is told in German too.
            starter = output.starter
            assert isinstance(starter, SpeechStarter)
            fallback = starter.notices.fallback(FallbackEvent(old="speechd", new="text"))
            assert fallback.text.startswith("Speech Dispatcher funktioniert nicht mehr")
            assert english_in([fallback.text]) == []

    asyncio.run(go())


# -- what the screen shows ---------------------------------------------------------------


class _NarrowTerminal(DummyOutput):
    """A terminal of 44 columns: a large font, a magnifier, a split window."""

    def get_size(self) -> Size:
        return Size(rows=40, columns=44)


class _WideTerminal(DummyOutput):
    """A terminal of 140 columns: a few messages fit in the message area whole."""

    def get_size(self) -> Size:
        return Size(rows=40, columns=140)


def test_long_messages_break_between_words_on_a_narrow_screen() -> None:
    async def go() -> None:
        d = _game()
        async with d:
            d.app.application.output = _NarrowTerminal()
            await d.press("h", "b", "i")
            rows = drawn(d.app)
        said = " ".join(d.texts).split()
        words = set(said)
        shown = [word for row in rows for word in row.split()]
        # Every word of the messages shown is a whole word that was said.
        message_rows = rows[rows.index(next(r for r in rows if r.startswith("7 tiles"))) : -1]
        assert message_rows, rows
        for row in message_rows:
            assert len(row) <= 44
            for word in row.split():
                assert word in words, f"{word!r} is cut: {row!r}"
        assert shown

    asyncio.run(go())


def test_a_word_longer_than_a_row_is_cut_and_nothing_else_is() -> None:
    text = "/home/someone/with/a/very/long/folder/name could not be read"
    rows = [text[a:b] for a, b in wrap_rows(text, 20)]
    assert rows == ["/home/someone/with/a", "/very/long/folder/na", "me could not be read"]
    two = "Zwei  Wörter"
    assert [two[a:b] for a, b in wrap_rows(two, 5)] == ["Zwei", "Wörte", "r"]
    assert wrap_rows("", 10) == [(0, 0)]


def test_the_quit_question_is_on_screen_once() -> None:
    async def go() -> None:
        async with _game() as d:
            await d.press("q")
            question = d.last()
            shown = "\n".join(drawn(d.app))
            assert shown.count(question.split(".")[0]) == 1, shown
            await d.press("n")

    asyncio.run(go())


def test_the_resume_question_is_on_screen_once(home: Path) -> None:
    async def go() -> None:
        async with _game() as d:
            await d.press("q", "y")
        async with _game() as again:
            question = again.last()
            assert "Resume" in question or "resume" in question, question
            shown = "\n".join(drawn(again.app))
            assert shown.count(question.split("?")[0]) == 1, shown
            await again.press("escape")

    asyncio.run(go())


def test_the_practice_summary_is_on_screen_once() -> None:
    async def go() -> None:
        async with _game() as d:
            d.app.application.output = _WideTerminal()
            await d.press("m", "end", "up", "up", "up", "enter")  # the menu's Practice
            await d.press("enter", "1", "enter", "escape")  # one answer, then the summary
            summary = next(text for text in reversed(d.texts) if text.startswith("Session over"))
            shown = "\n".join(drawn(d.app))
            assert shown.count(summary[:30]) == 1, shown
            await d.press("escape", "escape")

    asyncio.run(go())


def test_the_practice_summary_breaks_between_words_on_a_narrow_screen() -> None:
    async def go() -> None:
        async with _game() as d:
            d.app.application.output = _NarrowTerminal()
            await d.press("m", "end", "up", "up", "up", "enter")  # the menu's Practice
            await d.press("enter", "1", "enter", "escape")  # one answer, then the summary
            summary = next(text for text in reversed(d.texts) if text.startswith("Session over"))
            rows = drawn(d.app)
            first = summary.split()[0]
            at = next(i for i, row in enumerate(rows) if row.startswith(first))
            shown = " ".join(" ".join(rows[at : at + len(summary) // 20 + 4]).split())
            # The summary is on screen whole, each row ending between two words.
            assert summary in shown, rows
            assert all(len(row) <= 44 for row in rows)
            await d.press("escape", "escape")

    asyncio.run(go())
