"""Text lines, the transcript, the recording backend, and create_speech's chains."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from sniff.announce import Utterance
from sniff.announce.notices import NoticeWords
from sniff.i18n import translator
from sniff.output.lines import WIDTH, braille_lines
from sniff.output.router import Output
from sniff.output.setup import SpeechStarter
from sniff.output.sound import NullPlayer
from sniff.output.speech import (
    MODES,
    FallbackEvent,
    RecordingSpeech,
    TextSpeech,
    create_speech,
)
from sniff.output.transcript import Transcript


def test_text_writes_flushed_lines_per_announcement() -> None:
    stream = io.StringIO()
    speech = TextSpeech(stream)
    speech.speak("Du bist dran.")
    # The cursor waits at the end of the newest line (a terminal reader reads text that
    # ends where the cursor stands); the next announcement starts a line of its own.
    assert stream.getvalue() == "Du bist dran."
    speech.speak("Fünferpasch: zehn Punkte.\nNoch 3 Steine.", interrupt=True)
    assert stream.getvalue() == "Du bist dran.\nFünferpasch: zehn Punkte. Noch 3 Steine."
    speech.braille("Fünferpasch")  # already on the display as a line
    speech.speak("   ")
    speech.silence()
    speech.close()
    assert stream.getvalue() == "Du bist dran.\nFünferpasch: zehn Punkte. Noch 3 Steine.\n"


def test_long_announcements_are_split_at_sentence_ends_for_braille() -> None:
    text = (
        "Domino! Anna went out. Anna scores 23. Score: you 55, Anna 78, Ben 24. "
        "You hold 6 pips: double three and double blank. Ben holds 17 pips: six-five, four-two."
    )
    lines = braille_lines(text)
    assert all(len(line) <= WIDTH for line in lines)
    assert " ".join(lines) == text
    assert all(line[-1] in ".:;!?," for line in lines)  # broken where the sentence pauses
    one = braille_lines("x" * 200 + " end")
    assert all(len(line) <= WIDTH for line in one) and "".join(one).startswith("x" * 200)
    assert braille_lines("bell\x07 and escape\x1b[31m") == ["bell  and escape [31m"]


def test_text_survives_a_console_without_umlauts() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    speech = TextSpeech(stream)
    speech.speak("Fünf")
    speech.close()
    assert raw.getvalue() == b"F?nf\n"


def test_text_defaults_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    speech = TextSpeech()
    speech.speak("Runde zwei")
    speech.close()
    assert capsys.readouterr().out == "Runde zwei\n"


def test_the_transcript_keeps_what_was_said_readable_during_the_game(tmp_path: Path) -> None:
    path = tmp_path / "transcript.txt"
    speech = RecordingSpeech()
    output = Output(speech, NullPlayer(), transcript=Transcript(path))
    output.say(Utterance("Du legst die Fünf-Drei."))
    assert path.read_text(encoding="utf-8") == "Du legst die Fünf-Drei.\n"  # flushed already
    output.say(Utterance("Nur im Verlauf."), quiet=True)  # not said, so not in the transcript
    output.say(Utterance("Größte Zahl: 15 Punkte", interrupt=True))
    assert path.read_bytes().decode("utf-8").splitlines() == [
        "Du legst die Fünf-Drei.",
        "Größte Zahl: 15 Punkte",
    ]
    assert speech.spoken[1] == ("Größte Zahl: 15 Punkte", True)


def test_a_transcript_that_cannot_be_written_never_silences_the_game() -> None:
    """/dev/full: every write fails as on a full disk. Speech goes on, and the
    player hears once why the transcript stopped."""
    full = Path("/dev/full")
    if not full.exists():
        pytest.skip("no /dev/full here")
    speech = RecordingSpeech()
    starter = SpeechStarter(
        line_mode=False, line_stream=None, audio_out=None, translator=translator("en")
    )
    output = Output(
        speech,
        NullPlayer(),
        transcript=Transcript(full),
        on_problem=starter.side_output_failed,
    )
    output.say(Utterance("Your turn."))
    output.say(Utterance("Anna plays."))
    assert speech.texts[0] == "Your turn."
    # The system's error itself reaches the words: its reason, not its "[Errno 28]".
    assert speech.texts[1] == (
        "The transcript could not be written (No space left on device); "
        "the game goes on without it."
    )
    assert speech.texts[2] == "Anna plays."
    assert len(speech.texts) == 3  # the notice is said once


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


def test_none_mode_is_silent(capfd: pytest.CaptureFixture[str]) -> None:
    speech = create_speech("none")
    speech.speak("nothing")
    speech.close()
    assert capfd.readouterr() == ("", "")


def test_no_screen_reader_falls_back_to_text_with_one_true_notice(
    capfd: pytest.CaptureFixture[str],
) -> None:
    stream = io.StringIO()
    events: list[FallbackEvent] = []
    speech = create_speech("screenreader", text_stream=stream, on_fallback=events.append)
    speech.speak("hello")
    speech.close()
    assert capfd.readouterr() == ("", "")  # nothing printed behind the game's back
    assert [(e.old, e.new, e.started) for e in events] == [("screenreader", "text", False)]
    assert events[0].reason == "no-speechd"  # on Linux: Speech Dispatcher is not running
    notice = NoticeWords(translator("en")).fallback(events[0]).text
    assert notice == "Speech Dispatcher is not running; speaking as text lines instead."
    assert stream.getvalue() == "hello\n"


def test_the_voice_without_a_sound_device_says_so_and_text_takes_over() -> None:
    stream = io.StringIO()
    events: list[FallbackEvent] = []
    speech = create_speech(
        "voice", sound=NullPlayer(), text_stream=stream, on_fallback=events.append
    )
    assert speech.name == "text"
    assert events and events[0].reason == "no-audio-device" and not events[0].started
    german = NoticeWords(translator("de")).fallback(events[0]).text
    assert german == "Die eingebaute Stimme hat kein Audiogerät; stattdessen jetzt: Textzeilen."


def test_auto_without_a_reader_or_a_device_speaks_text() -> None:
    stream = io.StringIO()
    speech = create_speech("auto", sound=NullPlayer(), text_stream=stream)
    assert speech.name == "text"
    speech.speak("Willkommen")
    speech.close()
    assert stream.getvalue() == "Willkommen\n"
