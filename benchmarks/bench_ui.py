"""Interface benchmarks: prints one JSON object per figure, one per line.

    python benchmarks/bench_ui.py           # full run
    python benchmarks/bench_ui.py --quick   # under 30 s

Figures:

- ``key_to_speech_ms`` (p50, p95): from a key written into the input pipe to
  the speech backend's ``speak()`` call, through the real Application (the
  game's and the setup menu's information keys, which change nothing, so no
  computer player's turn gets in the way). Goal: p95 <= 20 ms.
- ``cold_start_ms`` (median): from starting the installed ``sniff play`` in a
  pseudo-terminal to the first line of its transcript. Goal: <= 250 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from figures import emit, percentile

__all__ = ["KEYS", "TimingSpeech", "emit", "percentile"]

KEYS = {"right": "\x1b[C", "left": "\x1b[D", "up": "\x1b[A", "down": "\x1b[B"}


class TimingSpeech:
    """A speech backend that notes when each text arrives."""

    name = "timing"

    def __init__(self) -> None:
        self.calls = 0
        self.spoke = threading.Event()
        self.at = 0.0

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.at = time.perf_counter()
        self.calls += 1
        self.spoke.set()

    def braille(self, text: str) -> None:
        """Nothing to show."""

    def silence(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""


def _drive(pipe: Any, speech: TimingSpeech, keys: list[str], out: list[float]) -> None:
    """Press each key, wait for the first speak() it causes, note the time."""
    # The first announcements (welcome, new game) come before any key.
    deadline = time.perf_counter() + 10
    while speech.calls == 0 and time.perf_counter() < deadline:
        time.sleep(0.01)
    time.sleep(0.3)
    for key in keys:
        speech.spoke.clear()
        sent = time.perf_counter()
        pipe.send_text(KEYS.get(key, key))
        if speech.spoke.wait(2.0):
            out.append((speech.at - sent) * 1000)
        time.sleep(0.002)  # the key's remaining announcements, before the next key


def _session(
    pipe: Any, speech: TimingSpeech, opening: list[str], keys: list[str], times: list[float]
) -> None:
    """Open what is measured (the menu), time *keys*, then quit."""
    _drive(pipe, speech, opening, [])
    _drive(pipe, speech, keys, times)
    pipe.send_text("\x1b")  # leave the menu, if open
    time.sleep(0.1)
    pipe.send_text("qy")


def bench_keys(count: int) -> None:
    """Key to speak() through ``sniff play``'s real Application and its setup menu."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from sniff.commands.play import main_play, play_parser
    from sniff.output.sound import NullPlayer

    info_keys = ["h", "e", "c", "right", "left", "s", "l", "w"]
    menu_keys = ["up", "down", "down", "right", "left", "down"]
    game = [info_keys[i % len(info_keys)] for i in range(count)]
    menu = [menu_keys[i % len(menu_keys)] for i in range(count // 2)]
    for name, keys, opening in (("game", game, []), ("menu", menu, ["m"])):
        with tempfile.TemporaryDirectory() as home:
            os.environ["SNIFF_HOME"] = home
            speech = TimingSpeech()
            times: list[float] = []
            args = play_parser().parse_args(["play", "--seed", "1", "--pace", "0", "--lang", "en"])
            with create_pipe_input() as pipe:
                driver = threading.Thread(
                    target=_session, args=(pipe, speech, opening, keys, times), daemon=True
                )
                driver.start()
                main_play(args, input=pipe, output=DummyOutput(), speech=speech, sound=NullPlayer())
                driver.join(5)
        emit(
            f"key_to_speech_{name}_p50",
            round(percentile(times, 0.5), 3),
            "ms",
            keys=len(times),
        )
        emit(
            f"key_to_speech_{name}_p95",
            round(percentile(times, 0.95), 3),
            "ms",
            keys=len(times),
            goal=20,
        )


def bench_cold_start(runs: int, command: Path) -> None:
    """The installed ``sniff play`` in a pseudo-terminal, until its first spoken line."""
    import pty

    times: list[float] = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            transcript = Path(folder) / "t.txt"
            env = dict(os.environ, SNIFF_HOME=folder, TERM="xterm", LANG="en_US.UTF-8")
            primary, secondary = pty.openpty()
            started = time.perf_counter()
            process = subprocess.Popen(
                [
                    *(str(command), "play", "--speech", "text", "--no-sound"),
                    *("--transcript", str(transcript), "--seed", "1", "--pace", "0"),
                ],
                stdin=secondary,
                stdout=secondary,
                stderr=secondary,
                env=env,
            )
            try:
                while time.perf_counter() - started < 20:
                    if transcript.exists() and transcript.stat().st_size > 0:
                        times.append((time.perf_counter() - started) * 1000)
                        break
                    time.sleep(0.002)
            finally:
                process.terminate()
                process.wait(5)
                os.close(primary)
                os.close(secondary)
    emit(
        "cold_start_median",
        round(statistics.median(times), 1),
        "ms",
        runs=len(times),
        min=round(min(times), 1),
        max=round(max(times), 1),
        goal=250,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a shorter run (under 30 s)")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    parser.add_argument(
        "--sniff",
        type=Path,
        default=Path(sys.executable).parent / "sniff",
        help="the sniff command to start (default: the one next to this Python)",
    )
    args = parser.parse_args(argv)
    size = 0 if args.smoke else 1 if args.quick else 2
    bench_keys((10, 200, 600)[size])
    bench_cold_start((1, 5, 11)[size], args.sniff)
    return 0


if __name__ == "__main__":
    sys.exit(main())
