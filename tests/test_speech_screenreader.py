"""The screen reader backends on a machine without a screen reader: prismatoid,
and accessible-output2 where prismatoid has no wheel."""

from __future__ import annotations

import pytest

from sniff.output.speech import SpeechUnavailable, screenreader
from sniff.output.speech.prism_reader import ENGINES, PrismSpeech, running_readers
from sniff.output.speech.screenreader import ScreenReaderSpeech


def test_prismatoid_lists_its_backends_and_finds_no_reader_here(
    capfd: pytest.CaptureFixture[str],
) -> None:
    prism = pytest.importorskip("prism")
    context = prism.Context()
    names = {context.id_of(i).name for i in range(context.backends_count)}
    assert names  # Orca and Speech Dispatcher on Linux; NVDA, JAWS, SAPI... elsewhere
    assert running_readers() == []
    with pytest.raises(SpeechUnavailable) as caught:
        PrismSpeech(language="de")
    assert caught.value.reason == "no-screen-reader"
    assert "SPEECH_DISPATCHER" in ENGINES  # the game's own client serves Speech Dispatcher
    assert capfd.readouterr() == ("", "")


def test_constructor_works_or_is_unavailable_without_printing(
    capfd: pytest.CaptureFixture[str],
) -> None:
    try:
        speech = ScreenReaderSpeech()
    except SpeechUnavailable as error:
        assert str(error)  # says what is missing
    else:
        speech.speak("hello")
        speech.close()
    assert capfd.readouterr() == ("", "")


def test_linux_hint_names_python3_speechd(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screenreader, "_platform", lambda: "linux")
    monkeypatch.setattr(screenreader, "_load_output", lambda name: None)
    with pytest.raises(SpeechUnavailable, match="python3-speechd"):
        ScreenReaderSpeech()


class FakeOutput:
    """Shaped like an accessible-output2 output that supports braille (NVDA)."""

    name = "NVDA"

    def __init__(self) -> None:
        self.active = True
        self.calls: list[tuple[str, str, bool]] = []

    def is_active(self) -> bool:
        return self.active

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.calls.append(("speak", text, interrupt))

    def braille(self, text: str, **options: object) -> None:
        self.calls.append(("braille", text, False))

    def silence(self) -> None:
        self.calls.append(("silence", "", False))

    def output(self, text: str, **options: object) -> None:
        raise AssertionError("output() raises on NVDA; speak and braille are separate")


def test_speak_and_braille_are_separate_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeOutput()
    monkeypatch.setattr(screenreader, "_platform", lambda: "win32")
    monkeypatch.setattr(screenreader, "_load_output", lambda name: fake if name == "nvda" else None)
    speech = ScreenReaderSpeech()
    assert speech.name == "screenreader" and speech.label == "NVDA"
    assert speech.has_braille
    speech.speak("Dein Zug", interrupt=True)
    speech.braille("Dein Zug")
    speech.silence()
    assert fake.calls == [
        ("speak", "Dein Zug", True),
        ("braille", "Dein Zug", False),
        ("silence", "", False),
    ]


def test_screen_reader_that_quits_raises_for_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = FakeOutput()
    monkeypatch.setattr(screenreader, "_platform", lambda: "win32")
    monkeypatch.setattr(screenreader, "_load_output", lambda name: fake)
    monkeypatch.setattr(screenreader, "_RECHECK_SECONDS", 0.0)
    speech = ScreenReaderSpeech()
    fake.active = False
    with pytest.raises(screenreader.SpeechError):
        speech.speak("anyone there?")
