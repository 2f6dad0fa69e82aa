"""A screen reader that reads the terminal: found for this session only, the game
silent while it reads, lines gathered so none is lost, and its coming and going
said. (Orca itself reads the game in tests/test_orca_terminal.py.)"""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sniff.announce.doctor import DoctorWords
from sniff.announce.notices import NoticeWords
from sniff.enums import ReaderSign, SpeechOutput, SpeechProblem
from sniff.i18n import translator
from sniff.output.setup import SpeechStarter
from sniff.output.speech import FallbackEvent, FallbackSpeech, RecordingSpeech, probe, reader
from sniff.output.speech.base import SpeechError, SpeechUnavailable
from sniff.output.speech.probe import ReaderSeen
from sniff.output.speech.reader import ReaderArrival, TerminalReaderSpeech
from sniff.output.terminal_lines import PRELUDE_GAP, SPACING_SECONDS, LineWriter, key_kind
from sniff.storage.settings import Settings
from sniff.ui.app import build_context

ORCA = ReaderSeen("Orca", ReaderSign.REGISTRY)

linux_only = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")


@pytest.fixture
def an_orca(tmp_path: Path) -> Iterator[str]:
    """A process called ``orca`` (a script of that name) on display ``:77``."""
    script = tmp_path / "orca"
    script.write_text(f"#!{sys.executable}\nimport time\ntime.sleep(30)\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    env = {**os.environ, "DISPLAY": ":77", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nowhere/77"}
    process = subprocess.Popen([str(script)], env=env)
    try:
        deadline = time.monotonic() + 5
        while not probe._processes("orca") and time.monotonic() < deadline:
            time.sleep(0.02)
        yield ":77"
    finally:
        process.kill()
        process.wait()


@linux_only
def test_an_orca_process_counts_only_in_its_own_session(an_orca: str) -> None:
    # No bus answers here: the process is the sign, and only where the session is shared.
    assert probe.orca_in_session({"DISPLAY": an_orca}) == ReaderSeen("Orca", ReaderSign.PROCESS)
    assert probe.orca_in_session({"DISPLAY": ":78"}) is None  # another desktop's Orca
    assert probe.orca_in_session({}) is None  # no desktop at all (a text console, ssh)


def test_looking_never_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(env: object) -> None:
        raise OSError("the bus fell over")

    monkeypatch.setattr(probe, "_platform", lambda: "linux")
    monkeypatch.setattr(probe, "orca_in_session", broken)
    assert probe.terminal_reader({}) is None


def test_speakup_reads_the_text_console_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(probe, "_processes", lambda name: [])
    assert probe._console_reader({"TERM": "xterm"}) is None


def test_the_reader_takes_the_lines_and_the_game_says_nothing_itself() -> None:
    stream = io.StringIO()
    speech = TerminalReaderSpeech(stream, find=lambda: ORCA, watch=False)
    assert (speech.name, speech.label, speech.busy) == (SpeechOutput.READER, "Orca", None)
    speech.speak("Anna plays five-three.")
    speech.braille("five-three")  # the reader brailles the line it reads
    speech.speak("Your turn.", interrupt=True)  # the reader stops at the key by itself
    speech.close()
    assert stream.getvalue() == "Anna plays five-three.\nYour turn.\n"


def test_no_reader_no_start() -> None:
    with pytest.raises(SpeechUnavailable) as caught:
        TerminalReaderSpeech(io.StringIO(), find=lambda: None, watch=False)
    assert caught.value.reason is SpeechProblem.NO_SCREEN_READER


def test_a_reader_that_quits_hands_over_at_once_and_takes_back_when_it_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reader, "WATCH_SECONDS", 0.02)
    present = [True]
    stream = io.StringIO()
    speech = TerminalReaderSpeech(stream, find=lambda: ORCA if present[0] else None)
    voice = RecordingSpeech()
    now = [0.0]
    events: list[FallbackEvent] = []
    chain = FallbackSpeech([speech, voice], events.append, clock=lambda: now[0])
    troubles: list[int] = []
    chain.on_trouble = lambda: troubles.append(1)
    chain.speak("Round 1.")
    present[0] = False  # Orca crashed
    deadline = time.monotonic() + 5
    while not troubles and time.monotonic() < deadline:
        time.sleep(0.01)
    assert troubles, "the watch told the chain at once"
    chain.check()  # on the interface's thread
    assert chain.name == voice.name
    assert (events[0].old, events[0].new, events[0].reason) == ("reader", voice.name, "gone")
    chain.speak("Anna plays.")
    assert voice.texts[-1] == "Anna plays."
    present[0] = True  # Orca is back
    now[0] += 10.0
    chain.speak("Ben plays.")
    assert chain.name == "reader" and events[-1].revived
    assert stream.getvalue().endswith("Ben plays.")
    speech.close()


def test_a_reader_started_later_is_told_once() -> None:
    seen: list[ReaderSeen] = []
    answers = iter([None, None, ORCA, ORCA])
    arrival = ReaderArrival(seen.append, find=lambda: next(answers, ORCA), every=0.01)
    deadline = time.monotonic() + 5
    while not seen and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.05)
    arrival.stop()
    assert seen == [ORCA]


class _Terminal(io.StringIO):
    """A terminal that keeps each write with its time."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[tuple[float, str]] = []

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.writes.append((time.monotonic(), text))
        return super().write(text)


def _writes(terminal: _Terminal, count: int) -> None:
    deadline = time.monotonic() + 5
    while len(terminal.writes) < count and time.monotonic() < deadline:
        time.sleep(0.01)


def test_announcements_made_together_go_out_in_one_write_and_writes_are_spaced() -> None:
    terminal = _Terminal()
    writer = LineWriter(terminal, screen=False)
    for text in ("Welcome.", "New game.", "Round 1.", "Your turn."):
        writer.write(text)
    _writes(terminal, 1)
    writer.write("Anna plays.")
    _writes(terminal, 2)
    writer.finish()
    (first_at, first), (second_at, second) = terminal.writes[:2]
    assert first == "Welcome.\nNew game.\nRound 1.\nYour turn."
    assert second == "\nAnna plays."  # the cursor waited at the end of "Your turn."
    assert second_at - first_at >= SPACING_SECONDS * 0.9
    assert terminal.getvalue().endswith("Anna plays.\n")


class _Screen(_Terminal):
    """A terminal ten rows high."""

    def fileno(self) -> int:
        raise OSError("not a real terminal")


def test_a_full_screen_is_scrolled_up_apart_from_the_words_after_a_key_a_reader_reads_by(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sniff.output.terminal_lines._height", lambda stream: 10)
    screen = _Screen()
    writer = LineWriter(screen, screen=True)
    # The game began with Return: room is made at once, and the rows are known.
    writer.write("Welcome.")
    _writes(screen, 2)
    (prelude_at, prelude), (words_at, words) = screen.writes
    assert prelude == "\n" * 9 + "\x1b[9A" and words == "\nWelcome."
    assert words_at - prelude_at >= PRELUDE_GAP * 0.9
    # Below the rows written while they fit: the words alone, no scrolling.
    writer.key("right")
    for index in range(8):
        screen.writes.clear()
        writer.write(f"Anna plays {index}.")
        _writes(screen, 1)
        assert screen.writes[0][1] == f"\nAnna plays {index}."
    # Full, after an arrow key: the words scroll the screen (nothing else would be read).
    screen.writes.clear()
    writer.write("Double one, does not fit.")
    _writes(screen, 1)
    assert [text for _, text in screen.writes] == ["\nDouble one, does not fit."]
    # After a letter: room first, then the words.
    writer.key("e")
    screen.writes.clear()
    writer.write("West 4, east 1.")
    _writes(screen, 2)
    assert [text for _, text in screen.writes] == ["\n" * 9 + "\x1b[9A", "\nWest 4, east 1."]
    # After a letter, room is made early: once half the screen is used, though more fit.
    for index in range(3):
        writer.write(f"Ben plays {index}.")
        time.sleep(SPACING_SECONDS + 0.05)
    screen.writes.clear()
    writer.write("Ends 4 and 1 make 5.")
    _writes(screen, 1)
    assert screen.writes[0][1] == "\nEnds 4 and 1 make 5."  # row 5: half the screen
    screen.writes.clear()
    writer.write("Your turn.")
    _writes(screen, 2)
    assert [text for _, text in screen.writes] == ["\n" * 9 + "\x1b[9A", "\nYour turn."]
    writer.finish()


def test_what_each_key_is_to_a_terminal_reader() -> None:
    assert [str(key_kind(k)) for k in ("e", "5", "?", "c-m", " ", "c-i")] == ["cause"] * 6
    assert {str(key_kind(k)) for k in ("left", "right", "up", "down", "home", "pagedown")} == {
        "move"
    }
    assert [str(key_kind(k)) for k in ("f1", "escape", "c-c", "")] == ["other"] * 4


@pytest.mark.parametrize("screen", [True, False], ids=["rows kept", "plain"])
def test_a_write_that_fails_on_the_writing_thread_is_raised_by_the_next(screen: bool) -> None:
    class Broken(_Terminal):
        def write(self, text: str) -> int:
            raise OSError(5, "Input/output error")

    # (On a kept screen the first write is the room made: it fails as well.)
    writer = LineWriter(Broken(), screen=screen)
    writer.write("Anna plays.")
    time.sleep(SPACING_SECONDS + 0.2)
    with pytest.raises(OSError):
        writer.write("Ben plays.")
    # The thread did not try the lost words again and again (holding the lock: this
    # write would wait for ever); the next words go out, and their failure is raised.
    writer.write("Cleo plays.")
    time.sleep(SPACING_SECONDS + 0.2)
    with pytest.raises(OSError):
        writer.write("Dan plays.")


def test_with_a_reader_the_screen_is_lines_and_a_full_screen_asked_for_is_explained(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sniff.ui.app.reader_reads_terminal", lambda: ORCA)
    monkeypatch.setattr(
        "sniff.output.speech._terminal_reader",
        lambda stream: TerminalReaderSpeech(stream, find=lambda: ORCA, watch=False),
    )
    monkeypatch.setattr("sniff.output.speech.is_terminal", lambda stream: True)
    lines = _Terminal()
    monkeypatch.setattr(sys, "stdout", lines)
    settings = Settings(sounds=False)
    ctx = build_context(settings, translator("en"), screen_asked=True)
    assert ctx.extra["screen_mode"] == "line"
    assert ctx.output.speaks_through(SpeechOutput.READER)
    assert ctx.output.history[0].text.startswith("Orca reads this terminal, so the game writes")
    ctx.output.speech.close()
    assert "instead of drawing the table" in lines.getvalue()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_doctor_names_the_reader_and_how_it_was_seen(language: str) -> None:
    words = DoctorWords(translator(language))
    line = words._reader("Orca", ReaderSign.REGISTRY)
    assert line.startswith("Orca")
    assert ("accessibility bus" in line) if language == "en" else ("Barrierefreiheits" in line)
    notices = NoticeWords(translator(language))
    gone = notices.fallback(
        FallbackEvent(old="reader", new="speechd", reason=SpeechProblem.GONE, old_label="Orca")
    )
    assert "Orca" in gone.text and "Speech Dispatcher" in gone.text


def test_the_starter_takes_the_terminal_for_lines_when_a_reader_comes() -> None:
    starter = SpeechStarter(
        line_mode=False, line_stream=None, audio_out=None, translator=translator("en")
    )
    starter.take_lines(sys.stdout)
    assert starter.line_mode and starter.line_stream is sys.stdout


def test_a_failed_reader_says_what_it_did_not_write() -> None:
    present = [True]
    speech = TerminalReaderSpeech(
        io.StringIO(), find=lambda: ORCA if present[0] else None, watch=False
    )
    speech._gone = True
    with pytest.raises(SpeechError) as caught:
        speech.speak("Ben plays.")
    assert caught.value.unsaid == ["Ben plays."]
    present[0] = False
    with pytest.raises(SpeechUnavailable):
        speech.reconnect()
    present[0] = True
    speech.reconnect()
    speech.speak("Ben plays.")
