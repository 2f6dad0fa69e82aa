"""A server of several processes, one per core: each its own first characters of the
codes, its own port and its own data folder; and the process that starts them
(``sniff serve --workers N``) and starts again one that stops.

A table lives in one process from its start to its end, so processes share
nothing but the proxy in front of them, which routes each connection by the
address the client puts the table's first character in (``/ws/K``:
:func:`~sniff.net.address.routed`); a new table (plain ``/ws``) goes to any.
Worker *k* of *n* takes the *k*-th of *n* runs of the code alphabet
(:func:`share`), listens on the first port + *k* - 1 and keeps its tables in
``DATA/worker-k``. docs/online.md lists the shares, and docs/deploy/ holds the
proxies' files that route by them.

>>> share(1, 2), share(2, 2)
('0123456789ABCDEF', 'GHJKMNPQRSTVWXYZ')
>>> parse_worker("2/4")
(2, 4)
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sniff.net.address import CODE_ALPHABET

__all__ = [
    "MOST_WORKERS",
    "RESTART_WAITS",
    "Supervisor",
    "Worker",
    "parse_worker",
    "plan",
    "share",
]

_log = logging.getLogger(__name__)

#: The most processes one server runs (each holds at least one of the 32 characters).
MOST_WORKERS = 32
#: Seconds before a stopped worker is started again: longer after each stop in a row
#: (one that keeps stopping at once is tried every half minute, never given up on).
RESTART_WAITS = (1.0, 2.0, 5.0, 15.0, 30.0)
#: A worker that ran this long before it stopped is started again after the first wait.
RAN_WELL = 60.0
#: Seconds the workers have to save their tables and stop.
STOP_WITHIN = 50.0


def share(index: int, count: int) -> str:
    """The first characters of worker *index* (1 to *count*)'s codes: one run of the code
    alphabet, as long as every other's or one longer."""
    if not 1 <= index <= count <= MOST_WORKERS:
        raise ValueError(f"worker {index} of {count}")
    size, longer = divmod(len(CODE_ALPHABET), count)
    start = (index - 1) * size + min(index - 1, longer)
    return CODE_ALPHABET[start : start + size + (1 if index <= longer else 0)]


def parse_worker(text: str) -> tuple[int, int]:
    """``"K/N"`` read as worker K of N; :class:`ValueError` when it is not one."""
    index, slash, count = text.partition("/")
    if not slash or not index.isdigit() or not count.isdigit():
        raise ValueError(f"not K/N: {text!r}")
    share(int(index), int(count))
    return int(index), int(count)


@dataclass(frozen=True)
class Worker:
    """One process of a server of *count*: its place, port, data folder and codes."""

    index: int
    count: int
    port: int
    data: Path

    @property
    def codes(self) -> str:
        return share(self.index, self.count)

    @property
    def name(self) -> str:
        return f"{self.index}/{self.count}"


def plan(count: int, port: int, data: Path) -> list[Worker]:
    """The *count* workers of a server whose first port is *port* and data folder *data*."""
    return [Worker(k, count, port + k - 1, data / f"worker-{k}") for k in range(1, count + 1)]


#: Makes the command line of a worker's process.
Command = Callable[[Worker], Sequence[str]]


class Supervisor:
    """Runs every worker in a process of its own (*command* says how), starts again one
    that stops (after :data:`RESTART_WAITS`), and stops them all with SIGTERM, which
    saves every table. *started* is told each worker's process as it starts."""

    def __init__(
        self,
        workers: Sequence[Worker],
        command: Command,
        started: Callable[[Worker, int], None],
    ) -> None:
        self.workers = list(workers)
        self.command = command
        self.started = started
        self.processes: dict[int, subprocess.Popen[bytes]] = {}
        self._stopping = threading.Event()

    def stop(self, *_: object) -> None:
        """Stop every worker (from a signal handler, or another thread)."""
        self._stopping.set()

    def run(self) -> int:
        """Until :meth:`stop`: the workers running, each started again when it stops.
        The exit code is 0, or a worker's own when every worker stopped at its start
        (a data folder in use, a port taken: nothing would change by trying again)."""
        for name in ("SIGTERM", "SIGINT", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is not None and threading.current_thread() is threading.main_thread():
                signal.signal(number, self.stop)
        since: dict[int, float] = {}
        stops: dict[int, int] = {}
        due: dict[int, float] = {w.index: 0.0 for w in self.workers}
        try:
            while not self._stopping.is_set():
                now = time.monotonic()
                for worker in self.workers:
                    process = self.processes.get(worker.index)
                    if process is not None and process.poll() is not None:
                        del self.processes[worker.index]
                        ran = now - since[worker.index]
                        stops[worker.index] = 0 if ran > RAN_WELL else stops.get(worker.index, 0)
                        wait = RESTART_WAITS[min(stops[worker.index], len(RESTART_WAITS) - 1)]
                        stops[worker.index] += 1
                        due[worker.index] = now + wait
                        _log.warning(
                            "worker %s stopped (exit code %s); starting it again in %.0f s",
                            worker.name, process.returncode, wait,
                        )  # fmt: skip
                    if worker.index not in self.processes and now >= due[worker.index]:
                        self._start(worker)
                        since[worker.index] = now
                if all(stops.get(w.index, 0) >= 2 for w in self.workers) and all(
                    now - since.get(w.index, now) < 5 for w in self.workers
                ):
                    return 2  # (every worker refused to start, twice)
                self._stopping.wait(0.2)
        finally:
            self._stop_all()
        return 0

    def _start(self, worker: Worker) -> None:
        process = subprocess.Popen(list(self.command(worker)))
        self.processes[worker.index] = process
        self.started(worker, process.pid)

    def _stop_all(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_WITHIN
        for process in self.processes.values():
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


def worker_command(worker: Worker, options: Sequence[str]) -> list[str]:
    """``sniff serve`` for *worker*: this Python, the server's other *options*, and the
    worker's place, port and folder."""
    return [
        sys.executable, "-m", "sniff", "serve", *options,
        "--worker", worker.name, "--port", str(worker.port), "--data", str(worker.data),
    ]  # fmt: skip
