"""The built-in voice: real eSpeak-NG rendering played into a sound stream."""

from __future__ import annotations

import os
import shutil
import statistics
import threading
import time
from typing import Any

import pytest

from sniff.enums import Heard
from sniff.output.speech import (
    FallbackSpeech,
    RecordingSpeech,
    SpeechError,
    SpeechUnavailable,
    create_speech,
)
from sniff.output.speech.voice import VoiceSpeech

HAVE_ESPEAK = shutil.which("espeak-ng") is not None or shutil.which("espeak") is not None
needs_espeak = pytest.mark.skipif(
    not HAVE_ESPEAK and not os.environ.get("CI"),
    reason="eSpeak-NG is not installed (it must be in CI)",
)


class FakeSink:
    """A PCM sink that plays in real time and time-stamps every call."""

    audible = True  # as a device would be
    failed = False

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.plays: list[tuple[float, int, int]] = []  # (time, bytes, sample_rate)
        self.stops: list[float] = []
        self._until = 0.0
        self.closed = False

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        assert stream == "speech"
        now = time.perf_counter()
        with self._lock:
            self.plays.append((now, len(pcm), sample_rate))
            self._until = now + len(pcm) / (2 * channels * sample_rate)

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """The next piece of the sentence being played: one play grows longer."""
        with self._lock:
            at, size, rate = self.plays[-1]
            self.plays[-1] = (at, size + len(pcm), rate)
            self._until += len(pcm) / (2 * channels * sample_rate)

    def stop(self, stream: str = "speech") -> None:
        with self._lock:
            self.stops.append(time.perf_counter())
            self._until = 0.0

    def is_playing(self, stream: str = "speech") -> bool:
        with self._lock:
            return time.perf_counter() < self._until

    def close(self) -> None:
        self.closed = True


def wait_for(condition: Any, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.002)


@pytest.fixture
def sink() -> FakeSink:
    return FakeSink()


@pytest.fixture
def voice(sink: FakeSink) -> Any:
    speech = VoiceSpeech(sink, language="en")
    yield speech
    speech.close()


@needs_espeak
def test_sentence_reaches_the_speech_stream(voice: VoiceSpeech, sink: FakeSink) -> None:
    voice.speak("You play the double five.")
    wait_for(lambda: sink.plays)
    wait_for(lambda: not voice.busy)
    _, size, rate = sink.plays[0]
    assert rate > 0
    assert size / (2 * rate) > 0.5  # at least half a second of audio


@needs_espeak
def test_speak_returns_at_once(voice: VoiceSpeech, sink: FakeSink) -> None:
    voice.speak("warm up")  # the first call may still start the engine thread
    wait_for(lambda: sink.plays)
    durations = []
    for n in range(10):
        start = time.perf_counter()
        voice.speak(f"Sentence number {n}, a fairly long one about dominoes and fives.")
        durations.append(time.perf_counter() - start)
    assert statistics.median(durations) < 0.005
    assert max(durations) < 0.05


@needs_espeak
def test_interrupt_cuts_off_within_30_ms(voice: VoiceSpeech, sink: FakeSink) -> None:
    voice.speak("This is a long sentence that the player will not want to hear to the end.")
    wait_for(lambda: sink.is_playing())
    called = time.perf_counter()
    voice.speak("Your turn.", interrupt=True)
    assert sink.stops, "the first sentence was not stopped"
    assert sink.stops[0] - called < 0.030
    assert not sink.is_playing() or len(sink.plays) == 2
    wait_for(lambda: len(sink.plays) == 2)
    # The replacement is short: "Your turn." is about a second at most.
    assert sink.plays[1][1] / (2 * sink.plays[1][2]) < 2.0


@needs_espeak
def test_queued_sentences_play_one_after_another(voice: VoiceSpeech, sink: FakeSink) -> None:
    voice.speak("One.")
    voice.speak("Two.")
    wait_for(lambda: len(sink.plays) == 2)
    first_time, first_size, rate = sink.plays[0]
    second_time = sink.plays[1][0]
    assert second_time - first_time >= first_size / (2 * rate) - 0.005


@needs_espeak
def test_silence_clears_the_queue(voice: VoiceSpeech, sink: FakeSink) -> None:
    voice.speak("A first sentence that takes a while to say.")
    wait_for(lambda: sink.is_playing())
    voice.speak("A second sentence.")
    voice.speak("A third sentence.")
    voice.silence()
    assert not sink.is_playing()
    time.sleep(0.2)
    assert len(sink.plays) == 1
    assert not voice.busy


# -- what became of each sentence ------------------------------------------------------


@needs_espeak
def test_a_sentence_is_said_to_its_end_once_its_sound_has_played(
    voice: VoiceSpeech, sink: FakeSink
) -> None:
    voice.set_rate(450)  # quick: the sound plays in real time
    voice.speak("Your turn.")
    mark = voice.mark()
    assert voice.heard(mark) is Heard.PENDING
    wait_for(lambda: voice.heard(mark) is not Heard.PENDING)
    ended = time.perf_counter()
    assert voice.heard(mark) is Heard.END
    started, size, rate = sink.plays[0]
    assert ended - started >= size / (2 * rate) - 0.005  # not before its sound had played
    voice.speak("   ")
    assert voice.heard(voice.mark()) is Heard.END  # nothing to hear


@needs_espeak
def test_a_key_cuts_the_sentence_and_the_queue(voice: VoiceSpeech, sink: FakeSink) -> None:
    voice.set_rate(450)
    voice.speak("Bot two plays double six on the north, and the count is twelve.")
    cut = voice.mark()
    voice.speak("Bot three draws a tile.")
    dropped = voice.mark()
    wait_for(lambda: sink.is_playing())
    voice.speak("Six.", interrupt=True)
    answer = voice.mark()
    assert (voice.heard(cut), voice.heard(dropped)) == (Heard.CUT, Heard.CUT)
    wait_for(lambda: voice.heard(answer) is Heard.END)
    voice.silence()  # after its end: it stays said
    assert voice.heard(answer) is Heard.END


@needs_espeak
def test_a_lost_device_hands_what_was_not_heard_on_and_the_marks_follow(sink: FakeSink) -> None:
    after = RecordingSpeech()
    speech = FallbackSpeech([VoiceSpeech(sink), after])
    try:
        speech.speak("Bot one plays five-three on the east; the count is fifteen.")
        first = speech.mark()
        speech.speak("Bot two passes.")
        second = speech.mark()
        wait_for(lambda: sink.is_playing())
        sink.failed = True  # type: ignore[misc]
        speech.speak("Your turn.")
        third = speech.mark()
        assert after.texts == [
            "Bot one plays five-three on the east; the count is fifteen.",
            "Bot two passes.",
            "Your turn.",
        ]
        assert [speech.heard(m) for m in (first, second, third)] == [Heard.END] * 3
    finally:
        speech.close()


@needs_espeak
def test_language_switch_picks_the_german_voice(voice: VoiceSpeech) -> None:
    english = voice.voice
    voice.set_language("de")
    assert voice.voice is not None and "de" in voice.voice.lower()
    assert voice.voice != english
    voice.set_rate(260)
    voice.set_volume(3.0)  # clamped, not an error


@needs_espeak
def test_worker_failure_is_reported_on_next_call(sink: FakeSink) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("device gone")

    speech = VoiceSpeech(sink)
    try:
        sink.play_pcm = broken  # type: ignore[method-assign]
        speech.speak("hello")
        wait_for(lambda: not speech.busy)
        with pytest.raises(SpeechError):
            speech.speak("again")
    finally:
        speech.close()


@needs_espeak
def test_create_speech_voice_falls_back_to_text_in_the_chain(sink: FakeSink) -> None:
    speech = create_speech("voice", sound=sink)
    try:
        assert speech.name == "voice"
    finally:
        speech.close()


def test_auto_without_sound_device_does_not_pick_the_voice() -> None:
    speech = create_speech("auto", sound=None)
    assert speech.name in ("text",) or speech.name.startswith("screenreader")
    speech.close()


def test_voice_without_synthesiser_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    from sniff.output.speech import _synth

    def refuse() -> tuple[()]:
        raise SpeechUnavailable("no synthesiser")

    monkeypatch.setattr(_synth.synthesiser(), "start_engine", refuse)
    with pytest.raises(SpeechUnavailable):
        VoiceSpeech(FakeSink())


@pytest.fixture
def mixer() -> Any:
    sound = pytest.importorskip("sniff.output.sound")
    player = sound.create_player(backend="null")
    if not hasattr(player, "monitor"):
        player.close()
        pytest.skip("the sound layer's mixer cannot run on miniaudio's null backend here")
    yield player
    player.close()


@needs_espeak
def test_real_mixer_plays_speech_and_silence_cuts_it_within_30_ms(mixer: Any) -> None:
    monitor = mixer.monitor
    speech = VoiceSpeech(mixer)
    try:
        speech.speak("This sentence plays through the real mixer on the null device.")
        wait_for(lambda: monitor.audible_frames.get("speech", 0) > 4800)
        called = time.monotonic()
        speech.silence()
        time.sleep(0.1)
        assert not mixer.is_playing("speech")
        # last_audible is the start of the last period with sound in it.
        assert monitor.last_audible["speech"] - called < 0.030
    finally:
        speech.close()


@needs_espeak
def test_real_mixer_interrupting_utterance_replaces_the_first(mixer: Any) -> None:
    speech = VoiceSpeech(mixer)
    try:
        speech.speak("A long first sentence that will be cut off by the next one.")
        wait_for(lambda: mixer.is_playing("speech"))
        speech.speak("Second.", interrupt=True)
        time.sleep(0.05)
        wait_for(lambda: not mixer.is_playing("speech"), timeout=3.0)
        # "Second." is short: the long first sentence did not continue.
        assert mixer.monitor.audible_frames["speech"] < 48000 * 2.5
    finally:
        speech.close()
