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

What-ifs, for finding where the time goes (not the server as shipped):
``--saves-threaded`` writes every save in the store's worker threads (the
server writes them on the event loop unless the disk is slow);
``--gc-freeze`` freezes what lives out of the cycle collector's passes every
10 s;
``--no-snapshots`` saves no table (the server saves each after every step);
``--sync-apart`` syncs the saved files in a thread of their own, so that a
slow sync never holds up the next save (the server syncs them in the same
two threads that write them).

:func:`sniff_serve` starts the real ``sniff serve`` instead, as an operator would
(``bench_kills.py``, ``bench_memory.py``).

It prints ``port N`` once it listens; a line ``stats`` on its standard input
is answered with what it measured of itself since the last such line: the
bots' decision times (each as long as its table waited for it), how late its
loop woke (every 50 ms), how long each table's save took, and the cycle
collector's longer passes (every whole pass, and any other over 5 ms). It
runs until its standard input closes or it gets SIGTERM, then saves every
table and stops.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import resource
import signal
import subprocess
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from sniff.server import store as store_module
from sniff.server.app import ServerOptions, SniffServer
from sniff.server.limits import ServerLimits
from sniff.server.store import TableStore
from sniff.server.store import _sync as store_sync
from sniff.session.game import BotTurn, GameSession
from sniff.session.table import Thinker

#: Per-address budgets high enough for a whole benchmark from one address.
MANY = 100_000
#: Seconds ``sniff serve`` has to start listening, at most.
START_WITHIN = 30.0


def sniff_serve(
    data: Path, port: int, home: Path, *options: str
) -> tuple[subprocess.Popen[str], list[str]]:
    """``sniff serve`` on *data* at 127.0.0.1:*port* (with *options* besides), once it
    listens (bounded), in a process group of its own; and the lines it writes (its
    log: warnings, errors and their tracebacks), gathered by a thread as they come
    (a pipe nobody reads would stop the server once full)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sniff", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--data", str(data), "--per-address", "400", "--tables-per-address", "200", *options],
        env={**os.environ, "SNIFF_HOME": str(home), "LANG": "C.UTF-8"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + START_WITHIN
    assert process.stdout is not None
    line = ""
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if "listening" in line:
            lines: list[str] = []
            threading.Thread(target=lines.extend, args=(process.stdout,), daemon=True).start()
            return process, lines
        if process.poll() is not None:
            break
    process.kill()
    raise RuntimeError(f"sniff serve did not start: {line!r}")


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


class Watch:
    """How late the server's loop wakes, how long each table's save takes (from asking
    for it to its end: waiting for a worker thread, building and writing), and where
    the loop was when it did not wake for :data:`STUCK` seconds (a thread looks)."""

    STUCK = 0.2

    def __init__(self) -> None:
        self.lags: list[float] = []
        self.saves: list[float] = []
        self.journal_lines: list[float] = []  # seconds each step's lines took to make
        self.journal_batches: list[tuple[float, int]] = []  # (seconds, tables) a batch
        self.stuck: list[str] = []
        self.collections: list[tuple[int, float]] = []  # (generation, seconds)
        self.tick = time.monotonic()
        self.loop_thread = threading.get_ident()
        self._collecting = 0.0
        gc.callbacks.append(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        """The interpreter's cycle collector: how long each pass stops everything."""
        if phase == "start":
            self._collecting = time.perf_counter()
        elif info["generation"] == 2 or time.perf_counter() - self._collecting > 0.005:
            self.collections.append((info["generation"], time.perf_counter() - self._collecting))

    async def lag(self) -> None:
        loop = asyncio.get_running_loop()
        threading.Thread(target=self._look, daemon=True).start()
        while True:
            before = loop.time()
            self.tick = time.monotonic()
            await asyncio.sleep(0.05)
            self.lags.append(loop.time() - before - 0.05)

    def _look(self) -> None:
        seen = 0.0
        while True:
            time.sleep(0.05)
            tick = self.tick
            if time.monotonic() - tick > self.STUCK and tick != seen:
                seen = tick
                frame = sys._current_frames().get(self.loop_thread)
                if frame is not None:
                    stack = traceback.format_stack(frame)[-6:]
                    self.stuck.append("".join(stack)[-1200:])

    def time_saves(self) -> None:
        write = TableStore.write
        watch = self

        async def timed(store: TableStore, host: Any, *, whole: bool = False) -> None:
            started = time.perf_counter()
            await write(store, host, whole=whole)
            watch.saves.append(time.perf_counter() - started)

        TableStore.write = timed  # type: ignore[method-assign,assignment]

    def time_journal(self, store: TableStore) -> None:
        """The event loop's own time for each step's journal: its lines made (on the
        loop, at the step) and its share of the batch written (one ``write`` per table,
        all on the loop at the end of the pass), measured apart and added."""
        lines = store_module.step_lines  # type: ignore[attr-defined]
        watch = self

        def timed_lines(*args: Any) -> str:
            started = time.perf_counter()
            text = lines(*args)
            watch.journal_lines.append(time.perf_counter() - started)
            return text

        def committed(seconds: float, tables: int) -> None:
            watch.journal_batches.append((seconds, tables))

        store_module.step_lines = timed_lines  # type: ignore[attr-defined,assignment]
        store.journals.on_commit = committed

    def take(self) -> dict[str, Any]:
        out = {"loop_lags": self.lags, "saves": self.saves, "stuck": self.stuck[:5],
               "collections": self.collections, "journal_lines": self.journal_lines,
               "journal_batches": self.journal_batches}  # fmt: skip
        self.lags, self.saves, self.stuck, self.collections = [], [], [], []
        self.journal_lines, self.journal_batches = [], []
        return out


async def _freezing() -> None:
    """(``--gc-freeze``) what lives is moved out of the collector's sight every 10 s, so
    that a whole pass looks only at what was made since (the tables' games, long-lived,
    are then never walked again)."""
    while True:
        await asyncio.sleep(10)
        gc.freeze()


async def run(options: ServerOptions, *, freeze: bool = False, threaded: bool = False) -> None:
    server = SniffServer(options)
    if threaded:
        server.store.pace.threaded_until = float("inf")
    # (kept here, so that the task lives as long as the server)
    freezer = asyncio.get_running_loop().create_task(_freezing()) if freeze else None
    timed = TimedThinker(server.thinker)
    server.thinker = timed
    watch = Watch()
    watch.time_saves()
    watch.time_journal(server.store)
    lagging = asyncio.get_running_loop().create_task(watch.lag())
    await server.start()
    print(f"port {server.port}", flush=True)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    stdin = sys.stdin.fileno()
    said = bytearray()

    def read() -> None:
        # "stats": what was measured since the last asking; the pipe closed: stop.
        data = os.read(stdin, 4096)
        if not data:
            stop.set()
            return
        said.extend(data)
        while b"\n" in said:
            line, _, rest = bytes(said).partition(b"\n")
            said[:] = rest
            if line.strip() == b"stats":
                times, timed.times = timed.times, []
                print(json.dumps({"decisions": times, **watch.take()}), flush=True)

    loop.add_reader(stdin, read)
    try:
        await stop.wait()
    finally:
        with contextlib.suppress(Exception):
            loop.remove_reader(stdin)
        lagging.cancel()
        if freezer is not None:
            freezer.cancel()
        await server.close()


async def _not_written(self: TableStore, host: object, *, whole: bool = False) -> None:
    """(``--no-snapshots``) what the server would cost if saving cost nothing."""


_SYNCING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sniff-sync")


async def _sync_apart(self: TableStore) -> None:
    """(``--sync-apart``) the store's sync, in a thread the writes do not wait for."""
    paths, self._unsynced = self._unsynced, set()
    if paths:
        await asyncio.get_running_loop().run_in_executor(_SYNCING, store_sync, paths)


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
    parser.add_argument(
        "--sync-apart",
        action="store_true",
        help="a what-if: the files are synced in a thread of their own",
    )
    parser.add_argument(
        "--gc-freeze",
        action="store_true",
        help="a what-if: every 10 s, what lives is frozen out of the cycle collector's passes",
    )
    parser.add_argument(
        "--saves-threaded",
        action="store_true",
        help="a what-if: every save written in a worker thread, as if the disk were slow",
    )
    args = parser.parse_args()
    if args.no_snapshots:
        TableStore.write = _not_written  # type: ignore[method-assign]
    if args.sync_apart:
        TableStore.sync = _sync_apart  # type: ignore[method-assign]
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
    asyncio.run(run(options, freeze=args.gc_freeze, threaded=args.saves_threaded))


if __name__ == "__main__":
    main()
