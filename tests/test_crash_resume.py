"""A real ``sniff play`` killed with SIGKILL at random moments loses nothing done.

The game is saved atomically after every action, before the action is written
to the record and before it is spoken. So after any kill: the save loads and
replays, and the record holds exactly the first events of the saved game (it
may lack the last action's lines, never hold more). Resuming continues from
there, and the next kill finds the same. The game runs in a pseudo-terminal,
as for a player, and is driven by keys.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from sniff.storage import load_game, restore, save_path
from sniff.storage.records import read_record, verify

SNIFF = Path(sys.executable).parent / "sniff"
KEYS = ["\r", "\r", "\r", "d", "p", "\x1b[C", "\x1b[B", "h", "e", "\r"]

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")


class Game:
    """``sniff play`` in a pseudo-terminal."""

    def __init__(self, home: Path, record: Path, seed: int) -> None:
        master, slave = os.openpty()
        env = {**os.environ, "SNIFF_HOME": str(home), "TERM": "xterm", "LANG": "en_US.UTF-8"}
        command = [str(SNIFF), "play", "--speech", "text", "--screen", "line", "--no-sound"]
        command += ["--pace", "0", "--bots", "random", "--seed", str(seed)]
        command += ["--record", str(record)]
        self.process = subprocess.Popen(
            command, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.master = master
        self.output = bytearray()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        os.close(self.master)


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
    kills = 0
    for _ in range(12):
        game = Game(home, record, seed=7)
        time.sleep(0.6)  # started (and, after the first run, the resume question asked)
        for _ in range(rng.randrange(4, 14)):
            game.send(rng.choice(KEYS))
            time.sleep(rng.uniform(0.0, 0.06))
        time.sleep(rng.uniform(0.0, 0.2))
        game.kill()
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
    assert kills == 12 and saved_before > 10
