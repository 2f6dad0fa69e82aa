"""Engine and bot benchmarks: prints one JSON object per figure, one per line.

    python benchmarks/bench_engine.py           # full run (several minutes)
    python benchmarks/bench_engine.py --quick   # under 30 s, fewer games

Figures: random hands per second through the public API, the cost of
``Game.copy()``, the expert's decision time, and win rates (expert against
greedy, greedy against random) over whole 2-player ``sniff`` games, with 95 %
Wilson intervals. Everything is seeded; only the timings vary between runs.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from typing import Any

from sniff.bots import DEFAULT_PLAYOUTS, Bot, make_bot
from sniff.bots.match import play_game
from sniff.engine import Game, Observation, Phase, preset


def emit(name: str, value: float, unit: str, **details: Any) -> None:
    """Print one figure as a JSON line."""
    print(json.dumps({"name": name, "value": value, "unit": unit, "details": details}), flush=True)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % by default).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def bench_hands(seconds: float) -> None:
    """Random 2-player sniff hands (one round each) per second."""
    rules = preset("sniff")
    rng = random.Random(1)
    hands = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        game = Game(rules, 2, seed=hands)
        while game.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - started
    emit(
        "hands_per_s",
        round(hands / elapsed, 1),
        "hands/s",
        hands=hands,
        seconds=round(elapsed, 2),
        actions_per_hand=round(actions / hands, 1),
        us_per_action=round(elapsed / actions * 1e6, 2),
        players=2,
        preset="sniff",
    )


def bench_copy(repeats: int) -> None:
    """``game.copy()`` in the middle of a round."""
    game = Game(preset("sniff"), 2, seed=5)
    rng = random.Random(2)
    for _ in range(6):
        if game.phase is not Phase.PLAY:
            break
        game.apply(rng.choice(game.legal_actions()))
    best = math.inf
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(repeats):
            game.copy()
        best = min(best, (time.perf_counter() - started) / repeats)
    emit(
        "state_copy_us",
        round(best * 1e6, 3),
        "us",
        repeats=repeats,
        best_of=5,
        tiles_on_table=len(game.layout.tiles()),
    )


def bench_decisions(games: int) -> None:
    """Expert decision times over real games against greedy (single process)."""
    thinking: list[float] = []  # PLAY decisions with a real choice
    every: list[float] = []
    rules = preset("sniff")

    class Timed:
        """Wraps the expert to tell a real choice from a forced one."""

        level = "expert"

        def __init__(self, bot: Bot) -> None:
            self.bot = bot

        def choose(self, obs: Observation) -> Any:
            started = time.perf_counter()
            action = self.bot.choose(obs)
            elapsed = time.perf_counter() - started
            every.append(elapsed)
            if obs.phase is Phase.PLAY and len(obs.legal) > 1:
                thinking.append(elapsed)
            return action

    for number in range(games):
        expert = Timed(make_bot("expert", seed=900 + number))
        greedy = make_bot("greedy", seed=950 + number)
        seats: list[Bot] = [expert, greedy] if number % 2 == 0 else [greedy, expert]
        play_game(rules, seats, seed=800 + number)
    thinking.sort()
    every.sort()
    p95 = thinking[min(len(thinking) - 1, int(0.95 * len(thinking)))]
    common = {"games": games, "playouts": DEFAULT_PLAYOUTS, "preset": "sniff", "players": 2}
    emit(
        "expert_decision_median_ms",
        round(statistics.median(thinking) * 1e3, 2),
        "ms",
        decisions=len(thinking),
        note="PLAY decisions with more than one legal action",
        **common,
    )
    emit(
        "expert_decision_p95_ms",
        round(p95 * 1e3, 2),
        "ms",
        decisions=len(thinking),
        max_ms=round(thinking[-1] * 1e3, 2),
        all_decisions=len(every),
        all_p95_ms=round(every[min(len(every) - 1, int(0.95 * len(every)))] * 1e3, 2),
        goal_ms=250,
        **common,
    )


def _one_game(job: tuple[str, str, int]) -> int:
    """Play one game; 1 if the first-named level won. Seats alternate by number."""
    first, second, number = job
    a = make_bot(first, seed=10_000 + number)
    b = make_bot(second, seed=20_000 + number)
    seats = [a, b] if number % 2 == 0 else [b, a]
    game = play_game(preset("sniff"), seats, seed=30_000 + number)
    return int(game.winner == (0 if number % 2 == 0 else 1))


def bench_win_rates(games: int, quick: bool, processes: int = 2) -> None:
    """Win rates over whole games to the target, two processes."""
    pairs = (("expert", "greedy"), ("greedy", "random"))
    with multiprocessing.Pool(processes) as pool:
        for first, second in pairs:
            started = time.perf_counter()
            jobs = [(first, second, n) for n in range(games)]
            wins = sum(pool.map(_one_game, jobs, chunksize=1))
            low, high = wilson(wins, games)
            emit(
                f"win_rate_{first}_vs_{second}",
                round(wins / games, 4),
                "fraction",
                wins=wins,
                games=games,
                wilson95=[round(low, 4), round(high, 4)],
                seats="alternate who sits first (even games: first level in seat 0)",
                preset="sniff",
                players=2,
                processes=processes,
                seconds=round(time.perf_counter() - started, 1),
                quick=quick,
                note="quick mode: few games, wide interval" if quick else "full run",
            )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks (``--quick`` for a short run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, under 30 s")
    parser.add_argument("--games", type=int, help="games per win-rate pairing")
    args = parser.parse_args(argv)
    quick = bool(args.quick)
    bench_hands(2.0 if quick else 10.0)
    bench_copy(20_000 if quick else 200_000)
    bench_decisions(2 if quick else 12)
    bench_win_rates(args.games or (8 if quick else 200), quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
