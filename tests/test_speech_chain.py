"""FallbackSpeech: a failing backend is dropped and the next one takes over."""

from __future__ import annotations

import pytest

from sniff.enums import SpeechProblem
from sniff.output.speech import (
    FallbackEvent,
    FallbackSpeech,
    NullSpeech,
    RecordingSpeech,
    SpeechError,
)


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
    speech = FallbackSpeech([first, second], lambda e: notices.append((e.old, e.new, e.detail)))

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
    speech = FallbackSpeech([first, second], lambda e: calls.append(e.new))
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
    speech = FallbackSpeech([Flaky("a"), Flaky("b")], lambda e: calls.append((e.old, e.new)))
    speech.speak("nobody hears this")
    speech.speak("nor this")
    speech.braille("x")
    speech.silence()
    speech.close()
    assert isinstance(speech.active, NullSpeech)
    assert calls == [("a", "none")]


def test_on_fallback_may_speak_its_notice_through_the_chain() -> None:
    second = RecordingSpeech()

    def announce(event: FallbackEvent) -> None:
        speech.speak(f"{event.old} failed, now {event.new}")

    speech = FallbackSpeech([Flaky("voice"), second], announce)
    speech.speak("Round two.")
    assert second.texts == ["Round two.", "voice failed, now recording"]


def test_a_faulty_callback_does_not_stop_the_game() -> None:
    def broken(event: FallbackEvent) -> None:
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


class Revivable(Flaky):
    """A backend that went away and can be reached again (Speech Dispatcher restarted)."""

    def __init__(self) -> None:
        super().__init__("speechd", good_calls=1)
        self.label = "Speech Dispatcher"
        self.back = False

    def reconnect(self) -> None:
        if not self.back:
            raise OSError("still away")
        self.good_calls = 100

    def close(self) -> None:
        self.closed = True


def test_a_backend_that_comes_back_takes_over_again_with_a_notice() -> None:
    now = [0.0]
    first, second = Revivable(), RecordingSpeech()
    events: list[FallbackEvent] = []
    speech = FallbackSpeech([first, second], events.append, clock=lambda: now[0])
    speech.speak("one")  # said by Speech Dispatcher
    speech.speak("two")  # it has gone: the next backend says it
    assert second.texts == ["two"] and events[-1].old == "speechd" and not events[-1].revived
    now[0] += 10
    speech.speak("three")  # tried again: still away
    assert second.texts == ["two", "three"]
    first.back = True
    now[0] += 10
    speech.speak("four")  # back: it takes over, and the player is told
    assert first.texts == ["one", "four"]
    assert events[-1].revived and events[-1].new_label == "Speech Dispatcher"


def test_what_a_failing_backend_had_queued_is_said_by_the_next() -> None:
    class Queued(Flaky):
        def speak(self, text: str, *, interrupt: bool = False) -> None:
            error = SpeechError("gone", SpeechProblem.GONE)
            error.unsaid = ["queued one", "queued two"]
            raise error

    second = RecordingSpeech()
    speech = FallbackSpeech([Queued("speechd"), second])
    speech.speak("now")
    assert second.texts == ["queued one", "queued two", "now"]
