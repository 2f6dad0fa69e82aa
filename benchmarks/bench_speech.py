"""Every speech figure in one command.

    python benchmarks/bench_speech.py           # a few minutes
    python benchmarks/bench_speech.py --quick   # about a minute

Prints one JSON line per measurement (milliseconds):

- the announcer: event -> utterances and the information keys (goal: p95 <= 5 ms);
- the built-in voice on its own (``bench_speech_backend.py``);
- from a key to the ear through the real game (``bench_speech_keys.py``): key ->
  screen-reader call (goal p95 <= 10 ms), key -> first voice sample (goal p95
  <= 25 ms), interrupt -> silence (goal p95 <= 30 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sniff.announce import Announcer
from sniff.engine import PRESETS, Event, Game, Observation, Phase, observe
from sniff.i18n import translator

MAX_ROUNDS = 8


def _percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered) * 1000, 4),
        "p95_ms": round(p95 * 1000, 4),
        "max_ms": round(ordered[-1] * 1000, 4),
    }


def run(games: int, seed: int) -> list[dict[str, object]]:
    """Play *games* random games; time every on_event and the queries on the way."""
    rng = random.Random(seed)
    event_times: dict[str, list[float]] = {"brief": [], "verbose": []}
    query_times: dict[str, list[float]] = {"count": [], "hand": [], "layout": []}
    names = sorted(PRESETS)
    for number in range(games):
        players = rng.randint(2, 4)
        game = Game(PRESETS[names[number % len(names)]], players, seed=rng.randrange(10**6))
        language = "de" if number % 2 else "en"
        seat_names = [f"P{i}" for i in range(players)]
        announcers = {
            v: Announcer(0, translator(language), player_names=seat_names, verbosity=v)
            for v in event_times
        }

        def feed(
            events: list[Event], obs: Observation, announcers: dict[str, Announcer] = announcers
        ) -> None:
            for verbosity, ann in announcers.items():
                for event in events:
                    start = time.perf_counter()
                    ann.on_events([event], obs)
                    event_times[verbosity].append(time.perf_counter() - start)

        feed(list(game.log), observe(game, 0))
        # Random play under subtract-own scoring can wander for ever: cap the rounds.
        while game.phase is not Phase.GAME_OVER and game.round_no <= MAX_ROUNDS:
            if game.phase is Phase.ROUND_OVER:
                events: list[Event] = [game.next_round()]
            else:
                events = game.apply(rng.choice(game.legal_actions()))
            obs = observe(game, 0)
            feed(events, obs)
            ann = announcers["verbose"]
            queries: dict[str, Callable[[Observation], object]] = {
                "count": ann.answers.count,
                "hand": ann.answers.hand,
                "layout": ann.answers.layout,
            }
            for name, query in queries.items():
                start = time.perf_counter()
                query(obs)
                query_times[name].append(time.perf_counter() - start)
    out: list[dict[str, object]] = []
    for verbosity, samples in event_times.items():
        out.append({"bench": "event_to_utterance", "verbosity": verbosity, **_percentiles(samples)})
    for name, samples in query_times.items():
        out.append({"bench": f"query_{name}", "verbosity": "verbose", **_percentiles(samples)})
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="announcer timings")
    parser.add_argument("--quick", action="store_true", help="fewer games (under 30 s)")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-voice", action="store_true", help="skip the voice backend (eSpeak-NG) figures"
    )
    args = parser.parse_args(argv)
    games = args.games or (2 if args.smoke else 60 if args.quick else 300)
    size = ["--smoke"] if args.smoke else ["--quick"] if args.quick else []
    started = time.perf_counter()
    for record in run(games, args.seed):
        print(json.dumps({**record, "games": games}), flush=True)
    status = 0
    if not args.no_voice:
        # Time to first audio and interrupt latency of the built-in voice live in
        # their own script; run it here so one command gives every speech figure.
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import bench_speech_backend

        status = bench_speech_backend.main(size)
        import bench_speech_keys

        status = status or bench_speech_keys.main(size)
    print(json.dumps({"bench": "total", "seconds": round(time.perf_counter() - started, 2)}))
    return status


if __name__ == "__main__":
    raise SystemExit(main())
