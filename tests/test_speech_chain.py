"""FallbackSpeech: a failing backend is dropped and the next one takes over."""

from __future__ import annotations

import pytest

from sniff.output.speech import FallbackSpeech, NullSpeech, RecordingSpeech


class Flaky(RecordingSpeech):
    """Works for ``good_calls`` calls, then raises like a dead screen reader."""

    def __init__(self, name: str, good_calls: int = 0) -> None:
        super().__init__()
        self.name = name
        self.good_calls = good_calls

    def _maybe_fail(self) -> None:
        if self.good_calls <= 0:
            raise OSError(f"{self.name} went away")
        self.good_calls -= 1

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self._maybe_fail()
        super().speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        self._maybe_fail()
        super().braille(text)

    def silence(self) -> None:
        self._maybe_fail()
        super().silence()

    def close(self) -> None:
        super().close()
        raise RuntimeError("close fails too")


def test_next_backend_takes_over_with_the_same_utterance() -> None:
    first = Flaky("screenreader", good_calls=2)
    second = RecordingSpeech()
    notices: list[tuple[str, str, str]] = []
    speech = FallbackSpeech([first, second], lambda a, b, e: notices.append((a, b, str(e))))

    speech.speak("Your turn.")
    speech.speak("You hold six tiles.")
    speech.speak("Double five scores ten.", interrupt=True)  # the screen reader dies here
    speech.speak("Bot plays five three.")

    assert first.texts == ["Your turn.", "You hold six tiles."]
    assert second.spoken == [("Double five scores ten.", True), ("Bot plays five three.", False)]
    assert notices == [("screenreader", "recording", "screenreader went away")]
    assert first.closed
    assert speech.active is second
    assert speech.name == "recording"


def test_later_calls_go_straight_to_the_new_backend() -> None:
    first = Flaky("voice")
    second = RecordingSpeech()
    calls: list[str] = []
    speech = FallbackSpeech([first, second], lambda a, b, e: calls.append(b))
    speech.braille("5|5")
    speech.silence()
    speech.speak("hello")
    assert second.brailled == ["5|5"]
    assert second.silenced == 1
    assert second.texts == ["hello"]
    assert calls == ["recording"]
    assert first not in speech.backends


def test_all_failing_ends_in_silence_without_exception() -> None:
    calls: list[tuple[str, str]] = []
    speech = FallbackSpeech([Flaky("a"), Flaky("b")], lambda a, b, e: calls.append((a, b)))
    speech.speak("nobody hears this")
    speech.speak("nor this")
    speech.braille("x")
    speech.silence()
    speech.close()
    assert isinstance(speech.active, NullSpeech)
    assert calls == [("a", "none")]


def test_on_fallback_may_speak_its_notice_through_the_chain() -> None:
    second = RecordingSpeech()

    def announce(old: str, new: str, error: Exception) -> None:
        speech.speak(f"{old} failed, now {new}")

    speech = FallbackSpeech([Flaky("voice"), second], announce)
    speech.speak("Round two.")
    assert second.texts == ["Round two.", "voice failed, now recording"]


def test_a_faulty_callback_does_not_stop_the_game() -> None:
    def broken(old: str, new: str, error: Exception) -> None:
        raise ValueError("bug in caller")

    second = RecordingSpeech()
    speech = FallbackSpeech([Flaky("voice"), second], broken)
    speech.speak("still heard")
    assert second.texts == ["still heard"]


def test_settings_reach_every_backend_with_a_voice() -> None:
    first, second = RecordingSpeech(), RecordingSpeech()
    speech = FallbackSpeech([first, second])
    speech.set_language("de")
    speech.set_rate(250)
    speech.set_volume(0.5)
    assert (first.language, second.rate, second.volume) == ("de", 250, 0.5)


def test_null_speech_is_always_last() -> None:
    speech = FallbackSpeech([])
    assert isinstance(speech.active, NullSpeech)
    assert len(FallbackSpeech([RecordingSpeech(), NullSpeech()]).backends) == 2


def test_nothing_is_printed(capfd: pytest.CaptureFixture[str]) -> None:
    speech = FallbackSpeech([Flaky("a"), Flaky("b")])
    speech.speak("quiet")
    speech.close()
    assert capfd.readouterr() == ("", "")
