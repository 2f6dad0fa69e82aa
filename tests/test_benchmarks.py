"""Every benchmark runs, at its smallest, so that none rots unseen.

A benchmark is no test of speed (docs/performance.md has the figures, measured
by hand on a quiet machine); but one that no longer runs (a renamed method, an
option gone) is found only when someone needs its figures. Here each runs as
its command line does, in a process of its own, with its least settings
(``--smoke``: every part measured once, on the smallest load), and must end
well and print its figures, one JSON object a line, each a number. The helper
modules (``figures.py``, ``naive_fives.py``, ``bare_playout.py``,
``oracle.py``, ``netload.py``, ``server_process.py``, and the tests'
``dropgame.py``) run inside them.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from webplay import CHROMIUM

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"

#: (the script and its least settings, what it needs here, the figures it must print)
RUNS = [
    (["bench_engine.py", "--smoke"], None, {"hands_per_s", "master_decision_p95_ms"}),
    (["bench_files.py", "--smoke"], None, {"save after one action (atomic, synced)"}),
    (["bench_speech.py", "--smoke"], "espeak", {"key_to_screen_reader_p95"}),
    (["bench_ui.py", "--smoke"], None, {"key_to_speech_game_p95", "cold_start_median"}),
    (["bench_web.py", "--smoke"], "chromium", {"play_to_browser_log_p95_ms"}),
    (["bench_server.py", "--smoke"], None, {"server_cpu_per_action_ms", "leak_games"}),
    (["bench_kills.py", "--smoke"], None, {"kills_told_events_lost", "kills_torn_steps_read"}),
    (["bench_drops.py", "--smoke"], None, {"drops_silent_waits", "drops_server_errors"}),
    (["bench_memory.py", "--smoke"], None, {"memory_rss_mb", "memory_growth_second_half_mb"}),
    (
        ["tournament.py", "--a", "oracle", "--b", "greedy", "--games", "2", "--jobs", "1",
         "--target", "10"],
        None,
        {"win_rate_oracle_vs_greedy"},
    ),
]  # fmt: skip


def _have(need: str | None) -> bool:
    if need == "espeak":
        return shutil.which("espeak-ng") is not None or shutil.which("espeak") is not None
    if need == "chromium":
        try:
            import playwright  # noqa: F401
        except ImportError:
            return False
        return Path(CHROMIUM).exists()
    return True


@pytest.mark.parametrize(("argv", "need", "figures"), RUNS, ids=[r[0][0] for r in RUNS])
def test_every_benchmark_runs_at_its_smallest(
    tmp_path: Path, argv: list[str], need: str | None, figures: set[str]
) -> None:
    if not _have(need):
        pytest.skip(f"{argv[0]} needs {need}, which is not here")
    env = dict(os.environ, SNIFF_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, str(BENCH / argv[0]), *argv[1:]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names = set()
    for line in done.stdout.splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        name = item.get("name", item.get("bench"))
        assert isinstance(name, str), line
        value = item.get("value", item.get("median_ms", item.get("seconds")))
        assert isinstance(value, int | float), line
        names.add(name)
    assert figures <= names, sorted(names)
