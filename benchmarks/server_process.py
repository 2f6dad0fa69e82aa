"""The server of ``bench_server.py``, in a process of its own.

    python benchmarks/server_process.py DATA [--seed N] [--rate N]

Runs the real :class:`~sniff.server.app.SniffServer` as ``sniff serve`` does
(on 127.0.0.1, its bots in a process pool, its clock the event loop's), with
the budgets per address raised: every client of the benchmark comes from
127.0.0.1, where ``sniff serve`` would allow 5 tables and 20 connections. The
per-connection message rate stays the server's own unless ``--rate`` raises it
(for scripted clients that play without a pause). ``--seed`` deals table *n*
from seed N + n, as the suite's server does, so that the leak games are the
same games in every run: ``sniff serve`` never takes a seed.

``--no-snapshots`` is a what-if for finding where the time goes: the tables
are not saved (the server as shipped saves each after every step).

It prints ``port N`` once it listens; a line ``decisions`` on its standard
input is answered with the bots' decision times since the last such line
(each as long as its table waited for it). It runs until its standard input
closes or it gets SIGTERM, then saves every table and stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import sys
import time
from pathlib import Path

from sniff.server.app import ServerOptions, SniffServer
from sniff.server.limits import ServerLimits
from sniff.server.store import TableStore
from sniff.session.game import BotTurn, GameSession
from sniff.session.table import Thinker

#: Per-address budgets high enough for a whole benchmark from one address.
MANY = 100_000


class TimedThinker:
    """The server's own thinker, each decision timed as a table waits for it (waiting
    for a free worker, sending the position, thinking, the answer back)."""

    def __init__(self, thinker: Thinker) -> None:
        self.thinker = thinker
        self.times: list[float] = []

    async def decide(self, session: GameSession) -> BotTurn:
        started = time.perf_counter()
        turn = await self.thinker.decide(session)
        self.times.append(time.perf_counter() - started)
        return turn


async def run(options: ServerOptions) -> None:
    server = SniffServer(options)
    timed = TimedThinker(server.thinker)
    server.thinker = timed
    await server.start()
    print(f"port {server.port}", flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    stdin = sys.stdin.fileno()
    said = bytearray()

    def read() -> None:
        # "decisions": the decision times since the last asking; the pipe closed: stop.
        data = os.read(stdin, 4096)
        if not data:
            stop.set()
            return
        said.extend(data)
        while b"\n" in said:
            line, _, rest = bytes(said).partition(b"\n")
            said[:] = rest
            if line.strip() == b"decisions":
                times, timed.times = timed.times, []
                print(json.dumps({"decisions": times}), flush=True)

    loop.add_reader(stdin, read)
    try:
        await stop.wait()
    finally:
        with contextlib.suppress(Exception):
            loop.remove_reader(stdin)
        await server.close()


async def _not_written(self: TableStore, host: object) -> None:
    """(``--no-snapshots``) what the server would cost if saving cost nothing."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--rate", type=float, help="messages a second per connection")
    parser.add_argument(
        "--no-snapshots",
        action="store_true",
        help="a what-if, not the server as shipped: no table is saved after its steps",
    )
    args = parser.parse_args()
    if args.no_snapshots:
        TableStore.write = _not_written  # type: ignore[method-assign]
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    own = ServerLimits()
    limits = ServerLimits(
        messages_per_second=args.rate or own.messages_per_second,
        message_burst=int(args.rate) if args.rate else own.message_burst,
        tables_per_address=MANY,
        connections_per_address=MANY,
        tables=MANY,
    )
    options = ServerOptions(args.data, host="127.0.0.1", port=0, limits=limits, seed=args.seed)
    asyncio.run(run(options))


if __name__ == "__main__":
    main()
