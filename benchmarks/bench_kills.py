"""kill -9 of a real ``sniff serve`` at random moments, again and again: nothing a
seat was told is ever lost, and no step cut short is ever read as one.

    python benchmarks/bench_kills.py              # 50 kills, about 2 to 4 minutes
    python benchmarks/bench_kills.py --smoke      # 2 kills
    python benchmarks/bench_kills.py --kills 200 --tables 8

Everything runs on 127.0.0.1. The server is ``sniff serve`` in a process of its
own (its data folder a temporary one); ``--tables`` tables of two scripted people
(``tests/netplay.py``) play as fast as the server answers, so that a kill finds
the server in the middle of steps, appends and snapshots. Each round: a random
wait (0.05 to 0.5 s), SIGKILL, what each seat was told taken down, the journals
looked at (a last line cut short: a torn tail), the server started again on the
same folder, every seat resumed with its token, and its ``state`` compared with
what it was told. A finished game is replaced by a new table. At the end every
table's record is read back by the record reader and replayed through the engine.

Figures (one JSON line each):

- ``kills_told_events_lost``: events a seat had been told that its state after
  the restart did not hold as told, over every kill. Goal: 0.
- ``kills_torn_steps_read``: records that the reader refuses (a torn line read
  as a step would break its JSON or its game), and torn tails still there after
  the restart (the server cuts a step not whole back). Goal: 0. The details say
  how many torn tails the kills left (the cases that were checked).
"""

from __future__ import annotations

import argparse
import asyncio
import json
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

from figures import emit, percentile
from netplay import Player, free_port
from server_process import sniff_serve
from sniff.storage.records import STEP_KEY, read_record, verify

#: Seconds the server has to resume a seat, at most.
RESUME_WITHIN = 20.0


async def _new_table(url: str) -> list[Player]:
    ada, bo = Player(url, "Ada"), Player(url, "Bo")
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"],
                    "target": 150})  # fmt: skip
    await ada.wait_for(lambda: ada.code is not None)
    await bo.open()
    await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
    await bo.wait_for(lambda: bo.view is not None)
    return [ada, bo]


async def _resume(url: str, name: str, token: str) -> Player | None:
    """The seat back, or None when its table has ended (its game's end was kept, and
    the server killed before the seat heard it)."""
    player = Player(url, name)
    await player.open()
    await player.send({"type": "resume", "token": token})
    await player.wait_for(
        lambda: player.view is not None or bool(player.of("error")), timeout=RESUME_WITHIN
    )
    if player.view is None:
        assert player.of("error")[0]["code"] == "no-seat", player.frames[-1]
        await player.close()
        return None
    return player


#: The events every seat is told as they are (a deal and a draw hide others' tiles).
PUBLIC = ("play", "pass", "claim", "muggins", "round_end", "game_end")


def _kept_public(record: Path) -> list[dict[str, Any]]:
    """The public events of a table's record (its journal), without the journal's keys."""
    events = []
    for line in record.read_text(encoding="utf-8").splitlines():
        event = json.loads(line)
        if event.get("type") in PUBLIC:
            event.pop(STEP_KEY, None)
            events.append(event)
    return events


def _missing(told: list[dict[str, Any]], kept: list[dict[str, Any]], *, wire: bool = False) -> int:
    """How many of the *told* events *kept* does not begin with, as told. *wire*: the
    told events as the wire says them and *kept* as a record does (the wire adds keys
    for the listener, such as ``went_out``): each record key the same."""

    def same_event(one: dict[str, Any], other: dict[str, Any]) -> bool:
        return all(one.get(k) == v for k, v in other.items()) if wire else one == other

    same = 0
    while same < min(len(told), len(kept)) and same_event(told[same], kept[same]):
        same += 1
    return len(told) - same


class _Seat:
    """What one seat was told when the server was killed, and how to come back."""

    def __init__(self, player: Player) -> None:
        self.name, self.token, self.over = player.name, player.token or "", player.over
        self.events = player.told()
        self.record = f"{(player.code or '').replace('-', '')}.jsonl"


def _torn(records: Path) -> set[Path]:
    """The journals whose last line is cut short."""
    torn = set()
    for path in records.glob("*.jsonl"):
        data = path.read_bytes()
        if data and not data.endswith(b"\n"):
            torn.add(path)
    return torn


async def run(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="sniff-bench-kills-") as folder:
        data, home, port = Path(folder) / "server", Path(folder) / "home", free_port()
        url = f"ws://127.0.0.1:{port}/ws"
        server, _log = await asyncio.to_thread(sniff_serve, data, port, home)
        tables = [await _new_table(url) for _ in range(args.tables)]
        lost = compared = torn_seen = torn_left = finished = 0
        restarts: list[float] = []
        try:
            for _ in range(args.kills):
                await asyncio.sleep(rng.uniform(0.05, 0.5))
                os.killpg(server.pid, signal.SIGKILL)  # in the middle of whatever it does
                await asyncio.to_thread(server.wait, 10)
                await asyncio.sleep(0.05)  # (what was on its way has come)
                told = [[_Seat(p) for p in table] for table in tables]
                for table in tables:
                    for player in table:
                        await player.close()
                torn = _torn(data / "records")
                torn_seen += len(torn)
                started = time.perf_counter()
                server, _log = await asyncio.to_thread(sniff_serve, data, port, home)
                restarts.append(time.perf_counter() - started)
                torn_left += len(torn & _torn(data / "records"))
                tables = []
                for seats in told:
                    back = []
                    for seat in seats:
                        seated = None if seat.over else await _resume(url, seat.name, seat.token)
                        compared += len(seat.events)
                        if seated is not None:
                            lost += _missing(seat.events, seated.of("state")[0]["log"])
                            back.append(seated)
                            continue
                        # Ended: what the seat was told is in its table's record.
                        public = [e for e in seat.events if e.get("type") in PUBLIC]
                        kept = _kept_public(data / "records" / seat.record)
                        lost += _missing(public, kept, wire=True)
                    if len(back) == len(seats):
                        tables.append(back)
                        continue
                    finished += 1
                    for player in back:
                        await player.close()
                    tables.append(await _new_table(url))
        finally:
            for table in tables:
                for player in table:
                    await player.close()
            os.killpg(server.pid, signal.SIGTERM)
            await asyncio.to_thread(server.wait, 60)
        unreadable = 0
        records = sorted((data / "records").glob("*.jsonl"))
        for path in records:
            try:
                verify(read_record(path))
            except Exception:  # (any refusal: the record is not whole steps)
                unreadable += 1
        common = {"kills": args.kills, "tables": args.tables, "events_compared": compared,
                  "games_finished": finished,
                  "restart_s_p50": round(percentile(restarts, 0.5), 2),
                  "restart_s_max": round(max(restarts, default=0.0), 2)}  # fmt: skip
        emit("kills_told_events_lost", lost, "events", goal="0", **common)
        emit("kills_torn_steps_read", unreadable + torn_left, "records", goal="0",
             torn_tails_left_by_kills=torn_seen, torn_tails_after_restart=torn_left,
             records_read=len(records), records_refused=unreadable, **common)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description="kill -9 of sniff serve, many times")
    parser.add_argument("--kills", type=int, default=50)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seed", type=int, default=30, help="the waits before each kill")
    parser.add_argument("--smoke", action="store_true", help="2 kills, 2 tables")
    args = parser.parse_args()
    if args.smoke:
        args.kills, args.tables = 2, 2
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
