"""Files benchmarks: prints one JSON object per figure, one per line.

    python benchmarks/bench_files.py           # full run (about a minute; writes 200 MB to /tmp)
    python benchmarks/bench_files.py --quick   # a few seconds, 20 MB

Figures: how fast, and in how much memory, ``sniff replay`` refuses what it
must refuse (``/dev/zero``, a file of nothing but blank lines, the same
through a pipe); how long the save takes after each action (an atomic write
with its syncs) and how long a long game's save takes to read back and check.
Memory is the peak resident size of the ``sniff`` process alone, measured by
a small Python parent that runs nothing else.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import emit

SNIFF = Path(sys.executable).parent / "sniff"

# Runs one command and reports its own child's peak memory: the figure is the
# command's alone, not the benchmark's.
_MEASURE = """
import resource, subprocess, sys, time
feed = sys.argv[1]
command = sys.argv[2:]
start = time.perf_counter()
if feed == "-":
    done = subprocess.run(command, capture_output=True)
else:
    stdin = open(feed, "rb") if feed != "blank" else subprocess.PIPE
    process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if feed == "blank":
        chunk = b"\\n" * (1 << 20)
        try:
            for _ in range(200):
                process.stdin.write(chunk)
            process.stdin.close()
        except OSError:
            pass
    process.communicate()
    done = process
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(done.returncode, seconds, peak)
"""


def measure(command: list[str], feed: str = "-") -> tuple[int, float, int]:
    """(exit status, seconds, peak KiB) of *command*, its stdin from *feed*."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, feed, *command],
        capture_output=True,
        text=True,
        check=True,
    )
    status, seconds, peak = done.stdout.split()
    return int(status), float(seconds), int(peak)


def replay_refusals(megabytes: int, folder: Path) -> None:
    blank = folder / "blank.jsonl"
    with blank.open("wb") as out:
        chunk = b"\n" * (1 << 20)
        for _ in range(megabytes):
            out.write(chunk)
    cases = [
        ("replay /dev/zero", [str(SNIFF), "replay", "/dev/zero"], "-"),
        (f"replay a {megabytes} MB file of blank lines", [str(SNIFF), "replay", str(blank)], "-"),
        (
            "replay 200 MB of blank lines through a pipe",
            [str(SNIFF), "replay", "/dev/stdin"],
            "blank",
        ),
    ]
    baseline = measure([str(SNIFF), "--version"])
    emit("sniff --version (start-up, for comparison)", baseline[1], "s", peak_kib=baseline[2])
    for name, command, feed in cases:
        status, seconds, peak = measure(command, feed)
        emit(name, seconds, "s", exit_status=status, peak_kib=peak)
    blank.unlink()


def saving(actions: int, folder: Path) -> None:
    from sniff.engine import Phase, preset
    from sniff.session.game import GameSession
    from sniff.storage import load_or_set_aside, save_game

    session = GameSession.new(preset("sniff"), ["random"], seed=1)
    path = folder / "current-game.json"
    times: list[float] = []
    for _ in range(actions):
        game = session.game
        if game.phase is Phase.GAME_OVER:
            session = GameSession.new(preset("sniff"), ["random"], seed=len(times))
            continue
        if game.phase is Phase.ROUND_OVER:
            session.next_round()
        elif session.bot_to_act():
            session.apply_bot(session.decide())
        else:
            session.act(game.current, session.observe(game.current).legal[0])
        start = time.perf_counter()
        save_game(path, session.snapshot({}))
        times.append(time.perf_counter() - start)
    times.sort()
    emit(
        "save after one action (atomic, synced)",
        times[len(times) // 2],
        "s",
        p95=times[int(len(times) * 0.95)],
        actions=len(times),
        bytes=path.stat().st_size,
    )
    start = time.perf_counter()
    snap, problem, _ = load_or_set_aside(path)
    emit(
        "read and check the last save",
        time.perf_counter() - start,
        "s",
        actions=len(snap.actions) if snap else 0,
        problem=None if problem is None else problem.code,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds, 20 MB")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    args = parser.parse_args(argv)
    if not SNIFF.exists():
        sys.exit(f"the sniff command is not installed next to {sys.executable}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        size = 0 if args.smoke else 1 if args.quick else 2
        replay_refusals((1, 20, 200)[size], folder)
        saving((5, 60, 600)[size], folder)


if __name__ == "__main__":
    main()
