"""Text, transcript and recording backends, and create_speech's assembly."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sniff.output.speech import (
    MODES,
    FallbackSpeech,
    RecordingSpeech,
    TextSpeech,
    TranscriptSpeech,
    create_speech,
)


def test_text_writes_one_flushed_line_per_announcement() -> None:
    stream = io.StringIO()
    speech = TextSpeech(stream)
    speech.speak("Du bist dran.")
    speech.speak("Fünferpasch: zehn Punkte.\nNoch 3 Steine.", interrupt=True)
    speech.braille("Fünferpasch")  # already on the display as a line
    speech.speak("   ")
    speech.silence()
    speech.close()
    assert stream.getvalue() == "Du bist dran.\nFünferpasch: zehn Punkte. Noch 3 Steine.\n"


def test_text_survives_a_console_without_umlauts() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    TextSpeech(stream).speak("Fünf")
    assert raw.getvalue() == b"F?nf\n"


def test_text_defaults_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    TextSpeech().speak("Runde zwei")
    assert capsys.readouterr().out == "Runde zwei\n"


def test_transcript_appends_utf8_lines_readable_during_the_game(tmp_path: Path) -> None:
    path = tmp_path / "transcript.txt"
    inner = RecordingSpeech()
    speech = TranscriptSpeech(inner, path)
    speech.speak("Du legst die Fünf-Drei.")
    assert path.read_text(encoding="utf-8") == "Du legst die Fünf-Drei.\n"  # flushed already
    speech.speak("Größte Zahl: 15 Punkte", interrupt=True)
    speech.braille("not in the file")
    speech.close()
    assert path.read_bytes().decode("utf-8").splitlines() == [
        "Du legst die Fünf-Drei.",
        "Größte Zahl: 15 Punkte",
    ]
    assert inner.spoken[1] == ("Größte Zahl: 15 Punkte", True)
    assert inner.brailled == ["not in the file"]
    assert inner.closed
    assert speech.name == "recording"


def test_recording_keeps_every_call() -> None:
    speech = RecordingSpeech()
    speech.speak("a")
    speech.speak("b", interrupt=True)
    speech.braille("c")
    speech.silence()
    assert speech.spoken == [("a", False), ("b", True)]
    assert speech.texts == ["a", "b"]
    assert speech.brailled == ["c"]
    assert speech.silenced == 1


def test_modes() -> None:
    assert MODES == ("auto", "screenreader", "voice", "text", "none")
    with pytest.raises(ValueError):
        create_speech("loud")


def test_text_mode_with_transcript(tmp_path: Path) -> None:
    stream = io.StringIO()
    path = tmp_path / "t.txt"
    speech = create_speech("text", text_stream=stream, transcript=path)
    assert isinstance(speech, TranscriptSpeech)
    assert isinstance(speech.inner, FallbackSpeech)
    speech.speak("Spiel beginnt")
    speech.close()
    assert stream.getvalue() == "Spiel beginnt\n"
    assert path.read_text(encoding="utf-8") == "Spiel beginnt\n"


def test_none_mode_is_silent(capfd: pytest.CaptureFixture[str]) -> None:
    speech = create_speech("none")
    speech.speak("nothing")
    speech.close()
    assert capfd.readouterr() == ("", "")


def test_unavailable_screen_reader_falls_back_to_text_with_one_notice(
    capfd: pytest.CaptureFixture[str],
) -> None:
    stream = io.StringIO()
    notices: list[tuple[str, str]] = []
    speech = create_speech(
        "screenreader", text_stream=stream, on_fallback=lambda a, b, e: notices.append((a, b))
    )
    speech.speak("hello")
    speech.close()
    assert capfd.readouterr() == ("", "")  # ao2's own chatter is swallowed
    assert notices == [("screenreader", "text")]
    assert stream.getvalue() == "hello\n"


def test_auto_with_null_player_speaks_text() -> None:
    sound = pytest.importorskip("sniff.output.sound")
    stream = io.StringIO()
    speech = create_speech("auto", sound=sound.NullPlayer(), text_stream=stream)
    assert speech.name == "text"
    speech.speak("Willkommen")
    assert stream.getvalue() == "Willkommen\n"
