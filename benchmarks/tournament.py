"""Bot against bot over whole games: win rates with 95 % intervals, and decision times.

    python benchmarks/tournament.py --a master --b greedy --games 400 --jobs 2
    python benchmarks/tournament.py --a master --b expert --games 400 --jobs 2
    python benchmarks/tournament.py --a oracle --b expert --games 200 --jobs 2

Two-player games of a preset (``sniff`` by default) to its target, in pairs
that share their deals: games *2k* and *2k + 1* both come from seed ``30000 +
k``, with level A in seat 0 in the first and in seat 1 in the second, so that
the luck of the deal evens out within each pair. Each bot gets its own
seeded generator, so a run can be repeated exactly; only the times vary.
Prints one JSON object per figure, as the other benchmarks do: the win rate
of A with its Wilson 95 % interval, and the median, p95 and largest thinking
time of each level over the decisions where it had a real choice (more than
one legal play).

Level A may also be ``oracle`` (``oracle.py``): the master told the other
players' real hands, a measuring device for what the hidden tiles are worth.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from typing import Any

from figures import emit, time_figures
from oracle import HandSeer
from sniff.bots import LEVELS, Bot, SeededBot, make_bot
from sniff.engine import PRESETS, Game, Observation, Phase, RuleSet, preset
from sniff.session.simulate import play_between

ORACLE = "oracle"


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


class Timed:
    """A bot whose real choices (more than one legal action) are timed."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level
        assert isinstance(bot, SeededBot)
        self.rng = bot.rng  # the game loop keeps each bot's generator state
        self.times: list[float] = []

    def choose(self, obs: Observation) -> Any:
        started = time.perf_counter()
        action = self.bot.choose(obs)
        if obs.phase is Phase.PLAY and len(obs.legal) > 1:
            self.times.append(time.perf_counter() - started)
        return action


def seen_game(rules: RuleSet, seats: list[Bot], seer: HandSeer, seed: int) -> Game:
    """:func:`play_between`, with the hand-seer handed the game before each decision."""
    game = Game(rules, len(seats), seed=seed)
    seer.game = game
    return play_between(rules, seats, seed=seed, game=game)


def one_game(
    job: tuple[str, str, str, int, int | None],
) -> tuple[int, int, list[float], list[float]]:
    """Game *number*: 1 if level A won, the rounds played, and each level's times."""
    first, second, rules_name, number, target = job
    seer = HandSeer(10_000 + number) if first == ORACLE else None
    a = Timed(seer if seer is not None else make_bot(first, seed=10_000 + number))
    b = Timed(make_bot(second, seed=20_000 + number))
    seats: list[Bot] = [a, b] if number % 2 == 0 else [b, a]
    rules, seed = preset(rules_name), 30_000 + number // 2
    if target is not None:
        rules = rules.with_changes(targets=(target,) * 3)
    if seer is not None:
        game = seen_game(rules, seats, seer, seed)
    else:
        game = play_between(rules, seats, seed=seed)
    won = int(game.winner == (0 if number % 2 == 0 else 1))
    return won, game.round_no, a.times, b.times


def run(
    first: str,
    second: str,
    games: int,
    jobs: int,
    rules_name: str,
    start: int,
    target: int | None = None,
) -> None:
    """Play the games (to *target*: the rules' own when None) and print the figures."""
    started = time.perf_counter()
    numbers = range(start, start + games)
    work = [(first, second, rules_name, n, target) for n in numbers]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(one_game, work, chunksize=1)
    else:
        results = [one_game(job) for job in work]
    wins = sum(r[0] for r in results)
    low, high = wilson(wins, games)
    emit(
        f"win_rate_{first}_vs_{second}",
        round(wins / games, 4),
        "fraction",
        wins=wins,
        games=games,
        first_game=start,
        wilson95=[round(low, 4), round(high, 4)],
        rounds=sum(r[1] for r in results),
        preset=rules_name,
        players=2,
        jobs=jobs,
        seats="pairs of games share a deal; A sits first in even games",
        seconds=round(time.perf_counter() - started, 1),
    )
    times_a = [t for r in results for t in r[2]]
    times_b = [t for r in results for t in r[3]]
    for level, times in ((first, times_a), (second, times_b)):
        if not times:
            continue
        p95, figures = time_figures(times, 2)
        emit(
            f"decision_ms_{level}_p95",
            p95,
            "ms",
            **figures,
            note="decisions with more than one legal action; taken with --jobs processes",
            opponent=second if level == first else first,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--a", default="master", choices=(*LEVELS, ORACLE), help="the level measured"
    )
    parser.add_argument("--b", default="greedy", choices=LEVELS, help="its opponent")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2, help="processes (at most the cores)")
    parser.add_argument("--rules", default="sniff", choices=sorted(PRESETS))
    parser.add_argument("--start", type=int, default=0, help="number of the first game")
    parser.add_argument("--target", type=int, help="points to win (default: the rules')")
    args = parser.parse_args(argv)
    run(args.a, args.b, args.games, max(1, args.jobs), args.rules, args.start, args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
