"""From a key to the player's ear, through the real game: prints JSON lines.

    python benchmarks/bench_speech_keys.py           # about a minute
    python benchmarks/bench_speech_keys.py --quick   # under 30 s

Each figure drives ``sniff play``'s real Application by pipe input with the
game's information keys (which change nothing, so no bot turn gets in the way):

- ``key_to_screen_reader`` (p50, p95): from the key written into the input
  to the screen reader's own ``speak`` call, through the game's prismatoid
  layer and prismatoid's native dispatch (the reader at the end is a
  recording backend registered in prismatoid, ``tests/prism_double.py``).
  Goal: p95 <= 10 ms.
- ``key_to_first_voice_sample`` (p50, p95): from the key to the first audible
  period of the built-in voice (eSpeak-NG) in the real mixer's output, on
  miniaudio's null backend, which runs the audio callback in real time.
  Goal: p95 <= 25 ms.
- ``interrupt_to_silence`` (p50, p95): from the next key (which cuts the
  answer off) until the cut-off answer is silent in the mixer's output: the
  start of the last period it was heard in, plus the fade-out at the start of
  that period (5 ms); the new answer is told apart by the mixer, which counts a
  stream being faded out on its own. Goal: p95 <= 30 ms.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from bench_ui import KEYS, emit, percentile  # noqa: E402

INFO_KEYS = ["h", "e", "c", "right", "left", "s", "l"]


def _play(speech: Any, sound: Any, driver: Callable[[Any], None], *, language: str = "en") -> None:
    """Run ``sniff play`` with *speech* and *sound*; *driver* presses the keys, then quits."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sniff.commands.play import main_play, play_parser

    with tempfile.TemporaryDirectory() as home:
        os.environ["SNIFF_HOME"] = home
        args = play_parser().parse_args(["play", "--seed", "1", "--pace", "0", "--lang", language])
        with create_pipe_input() as pipe:

            def drive() -> None:
                time.sleep(1.0)  # the welcome and the deal come before any key
                driver(pipe)
                pipe.send_text("\x1b")
                time.sleep(0.1)
                pipe.send_text("qy")

            thread = threading.Thread(target=drive, daemon=True)
            thread.start()
            main_play(args, input=pipe, output=DummyOutput(), speech=speech, sound=sound)
            thread.join(5)


def _figure(name: str, samples: list[float], goal: float) -> None:
    emit(f"{name}_p50", round(percentile(samples, 0.5), 3), "ms", n=len(samples))
    emit(f"{name}_p95", round(percentile(samples, 0.95), 3), "ms", n=len(samples), goal=goal)


def bench_screen_reader(count: int) -> None:
    """Key -> the screen reader's speak(), through prismatoid."""
    from prism_double import ReaderLog, reader_context
    from sniff.output.sound import NullPlayer
    from sniff.output.speech import FallbackSpeech
    from sniff.output.speech.prism_reader import PrismSpeech

    log = ReaderLog()
    speech = FallbackSpeech([PrismSpeech(language="en", context=reader_context(log))])
    times: list[float] = []

    def driver(pipe: Any) -> None:
        for index in range(count):
            heard = len(log.of("speak"))
            sent = time.perf_counter()
            pipe.send_text(KEYS.get(key := INFO_KEYS[index % len(INFO_KEYS)], key))
            deadline = sent + 2.0
            while len(log.of("speak")) == heard and time.perf_counter() < deadline:
                time.sleep(0.0002)
            spoken = [t for t, c in zip(log.times, log.calls, strict=True) if c[0] == "speak"]
            if len(spoken) > heard:
                times.append((spoken[heard] - sent) * 1000)
            time.sleep(0.005)

    _play(speech, NullPlayer(), driver)
    _figure("key_to_screen_reader", times, 10)


class Periods:
    """Every period the mixer puts out, with its start time and its loudest sample."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.heard: list[tuple[float, int]] = []

    def __call__(self, frames: Any) -> None:  # the mixer's on_output hook (audio thread)
        peak = max(max(frames), -min(frames)) if len(frames) else 0
        with self.lock:
            self.heard.append((time.monotonic(), peak))
            if len(self.heard) > 2000:
                del self.heard[:1000]

    def first(self, after: float, *, loud: bool) -> float | None:
        """When the first period after *after* began that is loud (or silent)."""
        with self.lock:
            heard = list(self.heard[-500:])  # the last 5 seconds; never hold up the mixer
        for moment, peak in heard:
            if moment >= after and (peak > SILENT) == loud:
                return moment
        return None


#: The loudest sample a period may have and still count as silence (of 32767, about
#: -72 dBFS): the first sound of a word may be a quiet consonant, which counts.
SILENT = 8
#: The mixer's period (seconds).
PERIOD = 0.010


def _fade_seconds() -> float:
    from sniff.output.sound.mixer import DEVICE_RATE
    from sniff.output.sound.mixing import FADE_FRAMES

    return FADE_FRAMES / DEVICE_RATE


FADE_SECONDS = _fade_seconds()


def bench_voice(count: int) -> None:
    """Key -> first audible voice period; the next key -> the cut-off answer silent."""
    from sniff.output.sound.mixer import MiniaudioPlayer
    from sniff.output.speech import FallbackSpeech
    from sniff.output.speech.voice import VoiceSpeech

    player = MiniaudioPlayer(enabled=False, backend="null")  # earcons off: the mix is the voice
    periods = Periods()
    player.monitor.on_output = periods
    speech = FallbackSpeech([VoiceSpeech(player, language="en")])
    first: list[float] = []
    silent: list[float] = []

    def last_cut() -> float:
        return player.monitor.last_audible.get("speech:cut", 0.0)

    def wait_for(after: float, *, loud: bool, seconds: float = 3.0) -> float | None:
        deadline = time.monotonic() + seconds
        while (found := periods.first(after, loud=loud)) is None:
            if time.monotonic() > deadline:
                return None
            time.sleep(0.001)
        return found

    def driver(pipe: Any) -> None:
        for index in range(count):
            speech.silence()
            if wait_for(time.monotonic(), loud=False) is None:
                continue
            time.sleep(0.05)
            key = INFO_KEYS[index % len(INFO_KEYS)]
            sent = time.monotonic()
            pipe.send_text(KEYS.get(key, key))
            heard = wait_for(sent, loud=True)
            if heard is None:
                continue
            first.append((heard - sent) * 1000)
            time.sleep(0.2)  # the answer is being said...
            cut = time.monotonic()
            pipe.send_text("w")  # ...and the next key cuts it off (W: whose turn)
            # The cut-off answer fades out apart from the new one: the end of the
            # last period in which it was still heard is when it fell silent.
            deadline = cut + 2.0
            while time.monotonic() < deadline and (
                last_cut() < cut or time.monotonic() - last_cut() < 2 * PERIOD
            ):
                time.sleep(0.001)
            if last_cut() >= cut:
                # The cut answer fades out over the first FADE_FRAMES of that period.
                silent.append((last_cut() + FADE_SECONDS - cut) * 1000)

    try:
        _play(speech, player, driver)
    finally:
        player.close()
    _figure("key_to_first_voice_sample", first, 25)
    _figure("interrupt_to_silence", silent, 30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a shorter run (under 30 s)")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    args = parser.parse_args(argv)
    size = 0 if args.smoke else 1 if args.quick else 2
    bench_screen_reader((5, 150, 500)[size])
    bench_voice((2, 25, 80)[size])
    return 0


if __name__ == "__main__":
    sys.exit(main())
