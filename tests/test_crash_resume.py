"""A real ``sniff play`` killed with SIGKILL at random moments loses nothing done.

The game is saved atomically after every action, before the action is written
to the record and before it is spoken. So after any kill: the save loads and
replays, and the record holds exactly the first events of the saved game (it
may lack the last action's lines, never hold more). Resuming continues from
there, appending to the record without cutting it, and the next kill finds the
same. The game runs in a pseudo-terminal,
as for a player, and is driven by keys.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from damaged_files import set_aside_files
from ptyplay import SNIFF, Pty
from sniff.storage import load_game, restore, save_path
from sniff.storage.records import read_record, verify

KEYS = ["\r", "\r", "\r", "d", "p", "\x1b[C", "\x1b[B", "h", "e", "\r"]

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")


#: Kills in one run (each a whole start, keys and a SIGKILL; about 1.5 s each).
KILLS = 8


def _game(home: Path, record: Path, seed: int) -> Pty:
    """``sniff play`` in a pseudo-terminal, as a player starts it."""
    command = ["play", "--speech", "text", "--screen", "line", "--no-sound"]
    command += ["--pace", "0", "--bots", "random", "--seed", str(seed)]
    return Pty(*command, "--record", str(record), env={"SNIFF_HOME": str(home)})


def _kill(game: Pty) -> None:
    game.process.send_signal(signal.SIGKILL)
    game.process.wait(timeout=10)
    game.close()


def test_a_game_killed_at_random_moments_resumes_with_nothing_done_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    rng = random.Random(20261124)
    home = tmp_path / "home"
    record = tmp_path / "game.jsonl"
    monkeypatch.setenv("SNIFF_HOME", str(home))
    save = save_path()
    saved_before = 0
    recorded_before = b""
    kills = 0
    for _ in range(KILLS):
        game = _game(home, record, seed=7)
        # Started (and, after the first run, the resume question asked): keys go in once
        # the game reads them (Pty.send waits for that).
        for _ in range(rng.randrange(4, 14)):
            game.send(rng.choice(KEYS))
            time.sleep(rng.uniform(0.0, 0.06))
        time.sleep(rng.uniform(0.0, 0.2))
        _kill(game)
        kills += 1
        assert save.is_file(), "the game is saved from its first action on"
        snap = load_game(save)  # never damaged: written atomically
        state, _, _ = restore(snap)
        log = state.log
        assert len(log) >= saved_before, "a resumed game never goes back"
        saved_before = len(log)
        rec = read_record(record)
        # The record holds the first events of the saved game: never more.
        assert list(rec.events) == list(log[: len(rec.events)])
        assert len(rec.events) <= len(log)
        verify(rec)
        # And it only ever grew: what a run wrote, the next kept, byte for byte.
        written = record.read_bytes()
        kept = [p.read_bytes() for p in set_aside_files(record)]
        assert written.startswith(recorded_before) or recorded_before in kept
        recorded_before = written
    assert kills == KILLS and saved_before > 10
