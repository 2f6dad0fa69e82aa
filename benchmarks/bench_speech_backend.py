"""Benchmark the built-in voice: time to first audio and interrupt latency.

Prints one JSON object per line. Uses the sound layer's real mixer on
miniaudio's null backend (real-time callback, no sound card) when it is
available, else a fake real-time sink.

    python benchmarks/bench_speech_backend.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from typing import Any

from sniff.output.speech.voice import VoiceSpeech

UTTERANCES = [
    "Your turn.",
    "You play five three on the left.",
    "Bot two plays the double five: fifteen points.",
    "You hold six tiles.",
    "The boneyard has four tiles left.",
    "Round over. You score twenty.",
    "Double six opens the spinner.",
    "Ends: five, three, six and four. Count eighteen.",
    "Bot one draws a tile.",
    "Pass.",
]
PERIOD_S = 0.010  # the mixer's period: a stopped stream is silent after at most this


class TimedSink:
    """Wraps a player and time-stamps the calls the voice makes."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.lock = threading.Lock()
        self.plays: list[float] = []
        self.stops: list[float] = []

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        self.inner.play_pcm(pcm, sample_rate=sample_rate, channels=channels, stream=stream)
        with self.lock:
            self.plays.append(time.perf_counter())

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        self.inner.append_pcm(pcm, sample_rate=sample_rate, channels=channels, stream=stream)

    def stop(self, stream: str = "speech") -> None:
        self.inner.stop(stream)
        with self.lock:
            self.stops.append(time.perf_counter())

    def is_playing(self, stream: str = "speech") -> bool:
        return bool(self.inner.is_playing(stream))

    def close(self) -> None:
        self.inner.close()


class FakeRealTimeSink:
    """Stands in for the mixer when the sound layer is not usable."""

    def __init__(self) -> None:
        self._until = 0.0

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        self._until = time.monotonic() + len(pcm) / (2 * channels * sample_rate)

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        self._until = max(self._until, time.monotonic()) + len(pcm) / (2 * channels * sample_rate)

    def stop(self, stream: str = "speech") -> None:
        self._until = 0.0

    def is_playing(self, stream: str = "speech") -> bool:
        return time.monotonic() < self._until

    def close(self) -> None:
        pass


def open_player() -> tuple[Any, str]:
    try:
        from sniff.output.sound import create_player

        player = create_player(backend="null")
        if hasattr(player, "monitor"):
            return player, "miniaudio-null"
        player.close()
    except Exception:  # any failure: measure against the fake sink instead
        pass
    return FakeRealTimeSink(), "fake-realtime"


def wait_until(condition: Any, timeout: float = 5.0) -> bool:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            return False
        time.sleep(0.0005)
    return True


def summary(name: str, values_s: list[float], **extra: Any) -> str:
    ms = sorted(v * 1000 for v in values_s)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    record = {
        "bench": name,
        "n": len(ms),
        "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(p95, 2),
        "max_ms": round(ms[-1], 2),
        **extra,
    }
    return json.dumps(record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer rounds (under 30 s)")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    args = parser.parse_args(argv)
    rounds = 1 if args.smoke else 10 if args.quick else 20

    player, sink_name = open_player()
    sink = TimedSink(player)
    monitor = getattr(player, "monitor", None)
    speech = VoiceSpeech(sink, language="en")
    speech.speak("Warming up.")  # the first call starts the synthesiser thread
    wait_until(lambda: sink.plays)
    speech.silence()

    call_times: list[float] = []
    first_audio: list[float] = []
    silence_latency: list[float] = []
    interrupt_latency: list[float] = []

    for i in range(rounds):
        text = UTTERANCES[i % len(UTTERANCES)]
        wait_until(lambda: not speech.busy)
        before = len(sink.plays)
        start = time.perf_counter()
        speech.speak(text)
        call_times.append(time.perf_counter() - start)
        wait_until(lambda n=before: len(sink.plays) > n)
        first_audio.append(sink.plays[before] - start)

        # silence(): call -> the mixer's last audible period has ended.
        time.sleep(0.03)
        called = time.monotonic()
        speech.silence()
        if monitor is not None:
            time.sleep(0.05)
            last = monitor.last_audible.get("speech", called)
            silence_latency.append(max(0.0, last + PERIOD_S - called))
        else:
            wait_until(lambda: not sink.is_playing())
            silence_latency.append(time.monotonic() - called)

        # Interrupting speak(): call -> the old sentence's stream is stopped.
        speech.speak("This is a longer sentence that the next key press interrupts at once.")
        wait_until(lambda: sink.is_playing())
        time.sleep(0.02)
        stops = len(sink.stops)
        called_pc = time.perf_counter()
        speech.speak(text, interrupt=True)
        wait_until(lambda s=stops: len(sink.stops) > s)
        interrupt_latency.append(sink.stops[stops] - called_pc + PERIOD_S)
        speech.silence()

    speech.close()
    player.close()
    print(summary("speech_speak_call", call_times, sink=sink_name))
    print(summary("speech_time_to_first_pcm", first_audio, sink=sink_name, engine="espeak-ng"))
    print(summary("speech_silence_to_silent", silence_latency, sink=sink_name, goal_ms=30))
    print(
        summary(
            "speech_interrupt_to_silent",
            interrupt_latency,
            sink=sink_name,
            goal_ms=30,
            note="stop handed to the mixer + one 10 ms period of fade",
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
