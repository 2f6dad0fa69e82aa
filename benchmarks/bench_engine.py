"""Engine and bot benchmarks: prints one JSON object per figure, one per line.

    python benchmarks/bench_engine.py           # full run (a few minutes)
    python benchmarks/bench_engine.py --quick   # under 30 s, fewer games

Figures:

- random 2-player ``sniff`` hands per second through the public API
  (``Game(...)``, then ``legal_actions()`` and ``apply()`` until the round
  ends), and, through the same loop in the same run, a deliberately naive
  implementation of the same hand (``naive_fives.py``), with the ratio;
- greedy playouts per second on the engine's compact core
  (``sniff.engine.playout``) and on a bare bitmask playout written for this
  benchmark (``bare_playout.py``), from the same deals, with the ratio (the
  two must reach the same scores from every deal: checked here), and the
  master's own playouts, in which the other side plays carefully;
- the cost of ``Game.copy()`` in the middle of a round;
- the memory of whole games: traced memory after every batch of games
  between greedy bots (it must stay flat);
- the master's and the expert's decision times in games against greedy.

Win rates over hundreds of games are ``tournament.py``'s job. Everything is
seeded; only the times vary. Timing figures are only as good as the
machine's quiet: each is the best of a few repeats.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bare_playout import bare_playout
from figures import emit, time_figures
from naive_fives import NaiveHand
from sniff.bots import Bot, make_bot
from sniff.engine import ACTIVE, Game, Phase, preset
from sniff.engine.playout import Round
from sniff.session.simulate import play_between
from tournament import Timed


def best_rate(run: Callable[[int], int], seconds: float, repeats: int = 3) -> tuple[float, int]:
    """The best of *repeats* runs of about *seconds* each: items per second, and items
    in that run. *run(n)* does n items and returns how many actions they took."""
    rate, actions_seen = 0.0, 0
    count = 200
    for _ in range(repeats):
        started = time.perf_counter()
        actions = run(count)
        elapsed = time.perf_counter() - started
        if count / elapsed > rate:
            rate, actions_seen = count / elapsed, actions
        count = max(200, int(count * seconds / max(elapsed, 1e-3)))
    return rate, actions_seen


# -- random hands --------------------------------------------------------------------


def engine_hands(count: int, first: int = 0) -> int:
    """Play *count* random 2-player sniff hands through the public API; the actions."""
    rules = preset("sniff")
    pick = random.Random(1).random
    actions = 0
    for seed in range(first, first + count):
        game = Game(rules, 2, seed=seed)
        legal = game.legal_actions
        apply = game.apply
        while game.phase in ACTIVE:
            choices = legal()
            apply(choices[int(pick() * len(choices))])
            actions += 1
    return actions


def naive_hands(count: int, first: int = 0) -> int:
    """The same loop over the naive implementation."""
    pick = random.Random(1).random
    actions = 0
    for seed in range(first, first + count):
        hand = NaiveHand(seed)
        legal = hand.legal_actions
        apply = hand.apply
        while not hand.over:
            choices = legal()
            apply(choices[int(pick() * len(choices))])
            actions += 1
    return actions


def bench_hands(seconds: float, warm: int = 2000) -> None:
    engine_hands(warm, first=10**6)  # fill the engine's tables of moves first
    engine, engine_actions = best_rate(engine_hands, seconds)
    naive, naive_actions = best_rate(naive_hands, seconds)
    emit(
        "hands_per_s",
        round(engine, 1),
        "hands/s",
        preset="sniff",
        players=2,
        actions_per_hand_in_best_run=engine_actions,
        loop="Game(rules, 2, seed=n); legal_actions(); apply(a uniformly random one)",
        goal=20_000,
    )
    emit("naive_hands_per_s", round(naive, 1), "hands/s", same_loop=True, actions=naive_actions)
    emit("engine_over_naive", round(engine / naive, 2), "ratio", goal=1.2)


# -- playouts ------------------------------------------------------------------------


def bench_playouts(seconds: float, deals: int = 2000) -> None:
    rules = preset("sniff")
    starts = [Round.from_game(Game(rules, 2, seed=seed)) for seed in range(deals)]
    for start in starts:  # both play the same rules the same way: same scores
        core = start.copy()
        core.playout()
        bare = bare_playout(start.hands[:], start.stock[:], start.current)
        if core.scores != bare:
            raise AssertionError(f"core and bare playouts disagree: {core.scores} {bare}")

    def core_run(count: int) -> int:
        rounds = [starts[i % len(starts)].copy() for i in range(count)]
        started = time.perf_counter()
        for rnd in rounds:
            rnd.playout()
        return int((time.perf_counter() - started) * 1e9)

    def bare_run(count: int) -> int:
        inputs = [starts[i % len(starts)] for i in range(count)]
        copies = [(s.hands[:], s.stock[:], s.current) for s in inputs]
        started = time.perf_counter()
        for hands, stock, current in copies:
            bare_playout(hands, stock, current)
        return int((time.perf_counter() - started) * 1e9)

    def rate(run: Callable[[int], int]) -> float:
        best = 0.0
        for _ in range(3):
            count = max(500, int(seconds * 10_000))
            best = max(best, count / (run(count) / 1e9))
        return best

    def careful_run(count: int) -> int:  # the master's playouts: seat 1 plays carefully
        rounds = [starts[i % len(starts)].copy() for i in range(count)]
        started = time.perf_counter()
        for rnd in rounds:
            rnd.playout(careful=0b10)
        return int((time.perf_counter() - started) * 1e9)

    core_rate, bare_rate = rate(core_run), rate(bare_run)
    emit("core_playouts_per_s", round(core_rate), "playouts/s", policy="greedy", deals=len(starts))
    emit("bare_playouts_per_s", round(bare_rate), "playouts/s", same_deals=True, same_scores=True)
    emit("core_over_bare", round(core_rate / bare_rate, 2), "ratio", goal=0.7)
    emit(
        "careful_playouts_per_s",
        round(rate(careful_run)),
        "playouts/s",
        policy="seat 0 greedy, seat 1 careful (as the master plays them)",
        deals=len(starts),
    )


# -- copying and memory -----------------------------------------------------------------


def bench_copy(repeats: int) -> None:
    game = Game(preset("sniff"), 2, seed=5)
    rng = random.Random(2)
    for _ in range(6):
        if game.phase is not Phase.PLAY:
            break
        game.apply(rng.choice(game.legal_actions()))
    best = float("inf")
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
        goal=5,
    )


def bench_memory(games: int, batches: int = 10) -> None:
    """Traced memory after each batch of whole games between greedy bots."""
    rules = preset("sniff")
    bots: list[Bot] = [make_bot("greedy", seed=1), make_bot("greedy", seed=2)]
    per_batch = max(1, games // batches)
    tracemalloc.start()
    readings = []
    for batch in range(batches):
        for number in range(batch * per_batch, (batch + 1) * per_batch):
            play_between(rules, bots, seed=number)
        gc.collect()
        readings.append(tracemalloc.get_traced_memory()[0])
    tracemalloc.stop()
    kib = [round(r / 1024) for r in readings]
    emit(
        "memory_growth_kib",
        kib[-1] - kib[len(kib) // 2],
        "KiB",
        games=per_batch * batches,
        traced_kib_after_each_batch=kib,
        note="traced memory after the second half's batches minus after the first half: "
        "flat means no growth once the engine's bounded tables are filled",
    )


# -- decisions ---------------------------------------------------------------------------


def bench_decisions(games: int, target: int | None = None) -> None:
    """The master's and the expert's decision times in games against greedy (to
    *target*: the rules' own when None)."""
    rules = preset("sniff")
    if target is not None:
        rules = rules.with_changes(targets=(target,) * 3)
    for level in ("master", "expert"):
        times: list[float] = []
        for number in range(games):
            timed = Timed(make_bot(level, seed=900 + number))
            greedy = make_bot("greedy", seed=950 + number)
            seats: list[Bot] = [timed, greedy] if number % 2 == 0 else [greedy, timed]
            play_between(rules, seats, seed=800 + number)
            times.extend(timed.times)
        p95, figures = time_figures(times, 1)
        emit(
            f"{level}_decision_p95_ms",
            p95,
            "ms",
            **figures,
            games=games,
            note="decisions with more than one legal action, one process, against greedy",
            goal_ms=250,
        )


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks (``--quick`` for a short run)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, under 30 s")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    parser.add_argument("--only", help="one part: hands, playouts, copy, memory, decisions")
    args = parser.parse_args(argv)
    size = 0 if args.smoke else 1 if args.quick else 2
    parts: dict[str, Callable[[], None]] = {
        "hands": lambda: bench_hands((0.05, 1.0, 5.0)[size], (50, 2000, 2000)[size]),
        "playouts": lambda: bench_playouts((0.05, 0.5, 3.0)[size], (100, 2000, 2000)[size]),
        "copy": lambda: bench_copy((100, 20_000, 200_000)[size]),
        "memory": lambda: bench_memory((2, 500, 10_000)[size], (2, 10, 10)[size]),
        "decisions": lambda: bench_decisions((1, 2, 12)[size], 10 if args.smoke else None),
    }
    for name, part in parts.items():
        if args.only in (None, name):
            part()
    return 0


if __name__ == "__main__":
    sys.exit(main())
