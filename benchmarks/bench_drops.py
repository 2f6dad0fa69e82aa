"""Drops and returns at random moments over hundreds of whole online games: terminal
seats and page seats (words clients, English and German), a page spectator at every
other table; what goes wrong is counted.

    python benchmarks/bench_drops.py              # 200 games, about 5 to 10 minutes
    python benchmarks/bench_drops.py --smoke      # 2 games
    python benchmarks/bench_drops.py --games 500 --seed 7

Everything runs on 127.0.0.1. The server is the real
:class:`~sniff.server.app.SniffServer` in this process, on a fake clock (so that
the drop notice and the 60 s grace pass in a moment, and a silent table is
told from a slow one), its bots deciding inline. Each game is
``tests/dropgame.py``'s (the test ``tests/test_server_drops.py`` plays five):
2 to 4 seats, the presets in turn (``sniff``, the 4-seat partnership ones
``sniff-us`` and ``sniff-stubby``, and ``muggins`` and ``alle-fuenfe``, whose
rounds the highest double leads), to 50 or 100 points. Every log record of level
ERROR the server writes meanwhile (a traceback) is counted.

Figures (one JSON line each; goal 0 for all but the first):

- ``drops_games``: games played (and finished within the moments each may take),
  with the drops, returns and events;
- ``drops_silent_waits``: tables that stood still with nobody to wait for (a turn
  of a person nobody's connection holds and no bot playing it after the grace);
- ``drops_catch_up_wrong``: returns whose catch-up is not the record's events
  after where the seat was told up to;
- ``drops_server_errors``: log records of level ERROR (tracebacks) of the server;
- ``drops_words_failures``: frames told to a page not followed by their words, a
  step of another seat said with no words, and words that said they failed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from dropgame import PRESETS, ErrorLog, Figures, one_game
from figures import emit
from netplay import server, url_of
from sniff.server.limits import ServerLimits
from sniff.session.clock import FakeClock

#: Scripted people answer at once: more messages a second than a person sends.
FAST = ServerLimits(
    messages_per_second=1000.0, message_burst=1000, tables_per_address=1000,
    connections_per_address=1000,
)  # fmt: skip


async def run(args: argparse.Namespace, errors: ErrorLog) -> Figures:
    totals = Figures()
    clock = FakeClock()
    by_preset: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="sniff-bench-drops-") as folder:
        async with server(Path(folder), seed=args.seed, clock=clock, limits=FAST) as running:
            url = url_of(running)
            for number in range(args.games):
                rng = random.Random(args.seed * 100_003 + number)
                preset = PRESETS[number % len(PRESETS)]
                figures = await one_game(
                    running, url, clock, rng, preset=preset, spectator=number % 2 == 0,
                    target=rng.choice((50, 100)),
                )  # fmt: skip
                totals += figures
                by_preset[preset] = by_preset.get(preset, 0) + 1
                if figures.problems or errors.records:
                    print(f"game {number} ({preset}): {figures.problems} "
                          f"{errors.described()}", file=sys.stderr, flush=True)  # fmt: skip
                if (number + 1) % 20 == 0:
                    print(f"{number + 1} games: {totals.counts()}", file=sys.stderr, flush=True)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description="drops and returns over many online games")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=29, help="the deals and the moments")
    parser.add_argument("--smoke", action="store_true", help="2 games")
    args = parser.parse_args()
    if args.smoke:
        args.games = 2
    started = time.perf_counter()
    with ErrorLog() as errors:
        totals = asyncio.run(run(args, errors))
    seconds = round(time.perf_counter() - started, 1)
    counts = totals.counts()
    emit("drops_games", totals.games, "games", finished=totals.finished, drops=totals.drops,
         returns=totals.returns, page_returns=totals.page_returns, events=totals.events,
         presets=list(PRESETS), seconds=seconds)  # fmt: skip
    emit("drops_silent_waits", totals.silent, "tables", goal="0")
    emit("drops_catch_up_wrong", totals.catch_up_wrong, "returns", goal="0",
         returns=totals.returns)  # fmt: skip
    emit("drops_server_errors", len(errors.records), "records", goal="0",
         first=errors.described())  # fmt: skip
    failures = totals.words_missing + totals.words_empty + totals.words_failed
    emit("drops_words_failures", failures, "frames", goal="0",
         page_frames=totals.page_frames, missing=counts["words_missing"],
         empty=counts["words_empty"], said_failed=counts["words_failed"],
         problems=totals.problems)  # fmt: skip


if __name__ == "__main__":
    main()
