"""The memory of a real ``sniff serve`` over many whole games: does it level off?

    python benchmarks/bench_memory.py              # 1,000 games, about 10 to 20 minutes
    python benchmarks/bench_memory.py --smoke      # 20 games, sampled every 10
    python benchmarks/bench_memory.py --games 3000 --every 250 --lanes 8

Everything runs on 127.0.0.1. The server is ``sniff serve`` in a process of its
own (:func:`server_process.sniff_serve`, its data folder a temporary one);
``--lanes`` tables play at once, each a new table once its game is over: 2 to 4
seats of the presets in turn (``tests/dropgame.py``'s mix: terminal seats, page
seats in English and German, quick bots), a page spectator at every fifth
table, to 30 to 60 points, the people playing the first legal action as soon as
they may (``tests/netplay.py``), and leaving once the game is over. Every
``--every`` games the server's resident memory (``VmRSS`` of
``/proc/PID/status``; its bots' worker processes apart) is read.

Figures (one JSON line each):

- ``memory_rss_mb``: the server's resident memory after the last game, with the
  curve (games, MB) in the details;
- ``memory_growth_second_half_mb``: how much it grew over the second half of the
  games (goal: about 0; a server that keeps something of every game grows as
  much in the second half as in the first);
- ``memory_server_errors``: tracebacks in the server's log (goal: 0).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from dropgame import NAMES, PRESETS, plan_seats
from figures import emit
from netplay import Player, free_port
from server_process import sniff_serve

#: Seconds one game may take at most (its players give up then, and it counts).
GAME_WITHIN = 180.0


class Quick(Player):
    """A person who plays at once, and tries again a moment after a refusal for going
    faster than the server's budget of messages (a person is never that fast)."""

    refused = 0  # such refusals, over every game

    async def _take(self, frame: dict[str, Any]) -> None:
        await super()._take(frame)
        if frame["type"] == "error" and frame["code"] == "rate":
            Quick.refused += 1
            await asyncio.sleep(0.5)
            await self.act_if_due()


def rss_mb(pid: int) -> float:
    """The resident memory of process *pid*, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _where(people: list[Player]) -> list[str]:
    """Where each person of a game that did not end stands: its last frames, its view."""
    out = []
    for player in people:
        view = player.view or {}
        last = [f"{f['type']}:{f.get('code') or f.get('kind') or ''}" for f in player.frames[-4:]]
        out.append(
            f"{player.name} seat {player.seat} at {player.at} phase {view.get('phase')} "
            f"current {view.get('current')} legal {len(view.get('legal', []))} {last}"
        )
    return out


async def _game(url: str, rng: random.Random) -> bool:
    """One whole game at a new table; whether it ended within its time."""
    preset = PRESETS[rng.randrange(len(PRESETS))]
    plan = plan_seats(preset, rng, pages=0.4)
    seats = ["person" if s.startswith("page") else s for s in plan]
    people: list[Player] = []
    for index, kind in enumerate(plan):
        if kind in seats and kind != "person":
            continue  # (a bot)
        page = kind.startswith("page")
        people.append(Quick(url, NAMES[index], language=kind[5:] if page else "en", words=page))
    first = people[0]
    over = False
    watchers: list[Player] = []
    try:
        await first.open()
        await first.send({"type": "create", "name": first.name, "preset": preset,
                          "seats": seats, "target": rng.choice((30, 60))})  # fmt: skip
        await first.wait_for(lambda: first.code is not None)
        if rng.random() < 0.2:
            watcher = Player(url, "Zoe", language="de", plays=False, words=True)
            await watcher.open()
            await watcher.send({"type": "watch", "code": first.code})
            watchers.append(watcher)
        for player in people[1:]:
            await player.open()
            await player.send({"type": "join", "code": first.code, "name": player.name})
        await first.wait_for(lambda: all(p.over for p in people), timeout=GAME_WITHIN)
        over = True
    except TimeoutError:
        print(f"not over within {GAME_WITHIN} s: {preset} {plan} {_where(people)}",
              file=sys.stderr, flush=True)  # fmt: skip
    finally:
        for player in people + watchers:
            await player.close()
    return over


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="sniff-bench-memory-") as folder:
        data, home, port = Path(folder) / "server", Path(folder) / "home", free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        server, log = await asyncio.to_thread(
            sniff_serve, data, port, home, "--bot-workers", "1", "--max-tables", "5000"
        )
        curve: list[tuple[int, float]] = [(0, round(rss_mb(server.pid), 1))]
        begun = played = unfinished = 0
        started = time.perf_counter()
        rng = random.Random(args.seed)

        async def lane(seed: int) -> None:
            nonlocal begun, played, unfinished
            own = random.Random(seed)
            while begun < args.games:
                begun += 1
                if not await _game(url, own):
                    unfinished += 1
                played += 1
                if played % args.every == 0:
                    curve.append((played, round(rss_mb(server.pid), 1)))
                    print(f"{played} games: {curve[-1][1]} MB", file=sys.stderr, flush=True)

        try:
            await asyncio.gather(*(lane(rng.randrange(2**32)) for _ in range(args.lanes)))
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(server.pid, signal.SIGTERM)
            await asyncio.to_thread(server.wait, 60)
    half = next((mb for games, mb in curve if games >= args.games // 2), curve[0][1])
    tracebacks = [line for line in log if line.startswith("Traceback")]
    common = {"games": played, "unfinished": unfinished, "lanes": args.lanes,
              "rate_refusals": Quick.refused,
              "seconds": round(time.perf_counter() - started)}  # fmt: skip
    emit("memory_rss_mb", curve[-1][1], "MB", curve=curve, **common)
    emit("memory_growth_second_half_mb", round(curve[-1][1] - half, 1), "MB", goal="about 0",
         **common)  # fmt: skip
    emit("memory_server_errors", len(tracebacks), "tracebacks", goal="0",
         log=[line.rstrip() for line in log[-20:]])  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description="sniff serve's memory over many games")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100, help="games between samples")
    parser.add_argument("--lanes", type=int, default=6, help="tables playing at once")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--smoke", action="store_true", help="20 games, sampled every 10")
    args = parser.parse_args()
    if args.smoke:
        args.games, args.every, args.lanes = 20, 10, 4
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
