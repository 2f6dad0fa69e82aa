"""Keystroke fuzz: thousands of random keys against the real app with bots.

No key may raise, and after every burst the engine's invariants hold: every
tile is in a hand, the boneyard or on the table, once; the scores are the sum
of the events. Quitting is left out (it would end the run).
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from sniff.engine import full_set
from test_ui_game_harness import Driver, scores_from_log

KEYS = (
    ["left", "right", "up", "down", "home", "end", "enter", "space", "escape", "backspace"] * 6
    + ["f1", "f2", "c-s", "[", "]", "?", "+", "-"]
    + [c for c in "abcdefghijklmnoprstuvwxyz"]  # not q: that would ask to quit
    + [str(d) for d in range(10)] * 2
)
TOTAL = 6_000
BURST = 40


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def check_invariants(d: Driver) -> None:
    game = d.game
    tiles = [t for hand in game.hands for t in hand] + list(game.boneyard)
    tiles += game.layout.tiles()
    assert sorted(tiles) == sorted(full_set(game.rules.max_pip))
    assert scores_from_log(game) == game.scores


@pytest.mark.parametrize(
    ("argv", "seed"),
    [
        (["--bots", "random,greedy", "--players", "3", "--rule", "muggins=on"], 1),
        (["--bots", "greedy", "--preset", "sniff-us", "--rule", "double_endwise=on"], 2),
    ],
)
def test_random_keys_never_break_the_game(argv: list[str], seed: int) -> None:
    rng = random.Random(seed)

    async def go() -> None:
        started = time.monotonic()
        async with Driver([*argv, "--seed", str(seed)], hint_playouts=8) as d:
            d.cursor.digit_timeout = 0.01
            sent = 0
            games = set()
            while sent < TOTAL // 2:
                keys = [rng.choice(KEYS) for _ in range(BURST)]
                await d.burst(keys)
                sent += len(keys)
                games.add(id(d.session))
                assert not d.task.done(), "the app ended"
                assert not d.app.errors, d.app.errors
                check_invariants(d)
            assert d.app.handled > TOTAL // 4
        assert time.monotonic() - started < 60

    asyncio.run(go())
