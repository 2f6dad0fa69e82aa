"""The tables' journals, written together: group commit on the event loop.

Each table's record (``DATA/records/CODE.jsonl``) is its journal
(:mod:`sniff.storage.journal`): the lines of a step are appended to it before
the step is told. The server asks for many such appends at once, a table or
several in the same pass of the event loop, each waiting for its own; they are
gathered and written in one go at the end of that pass, one ``write`` per table
(with every step it has waiting), kept open to append. While the disk is slow
(:class:`DiskPace`) the whole batch goes to a worker thread as one job. The
files are synced with the store's other files, every few seconds.

A write that fails (a full disk) is cut back to where the journal was, so no
part of a step is ever left behind; if even that fails, the journal is written
whole again (atomically) at the table's next step (:meth:`Journals.needs_whole`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from sniff.storage.atomic import write_atomic

__all__ = [
    "SLOW_WITHIN",
    "SLOW_WRITE",
    "SLOW_WRITES",
    "THREADED_FOR",
    "DiskPace",
    "Journals",
]

_log = logging.getLogger(__name__)

#: Writes on the event loop that take longer than :data:`SLOW_WRITE` seconds,
#: :data:`SLOW_WRITES` of them within :data:`SLOW_WITHIN` seconds (one alone may be the
#: machine, busy for a moment), send the writes to the worker threads for
#: :data:`THREADED_FOR` seconds.
SLOW_WRITE, SLOW_WRITES, SLOW_WITHIN, THREADED_FOR = 0.02, 3, 10.0, 60.0

#: Windows opens files as text unless told otherwise.
_BINARY = getattr(os, "O_BINARY", 0)
#: The system's write (a test makes the disk full or slow here).
_os_write = os.write


class DiskPace:
    """Whether the store writes on the event loop or, while the disk is slow, in its
    worker threads (see :data:`SLOW_WRITE`)."""

    def __init__(self) -> None:
        self.threaded_until = 0.0  # time.monotonic() until which writes go to the threads
        self._slow: list[float] = []  # when the last slow writes on the loop ended

    @property
    def threaded(self) -> bool:
        return time.monotonic() < self.threaded_until

    def took(self, started: float) -> None:
        """A write on the loop that began at *started* (``time.monotonic()``) has ended."""
        ended = time.monotonic()
        if ended - started <= SLOW_WRITE:
            return
        self._slow = [t for t in self._slow if t > ended - SLOW_WITHIN] + [ended]
        if len(self._slow) >= SLOW_WRITES:
            self._slow = []
            self.threaded_until = ended + THREADED_FOR
            _log.warning(
                "%d writes took over %.0f ms within %.0f s (the last %.0f ms): "
                "writing in worker threads for %.0f s",
                SLOW_WRITES,
                SLOW_WRITE * 1000,
                SLOW_WITHIN,
                (ended - started) * 1000,
                THREADED_FOR,
            )


@dataclass
class _File:
    """One table's journal: where it is, its descriptor (opened at the first append)
    and its length in whole steps."""

    path: Path
    size: int
    fd: int | None = None
    whole: bool = False  # a failed write could not be cut back: write it whole again


@dataclass
class _Waiting:
    """What a table asked to append in this pass of the loop, and its answer."""

    chunks: list[bytes]
    done: asyncio.Future[None]


class Journals:
    """The tables' journals, by code (see the module docstring). *written* is told
    each file written, for the store's syncs."""

    def __init__(
        self, pool: ThreadPoolExecutor, pace: DiskPace, written: Callable[[Path], None]
    ) -> None:
        self._pool = pool
        self._pace = pace
        self._written = written
        self._files: dict[str, _File] = {}
        self._waiting: dict[str, _Waiting] = {}
        self._committing = False
        self.commits = 0  # batches written
        self.appends = 0  # tables' appends in them
        #: For a benchmark: told the seconds each batch written on the loop took.
        self.on_commit: Callable[[float, int], None] | None = None

    def holds(self, code: str) -> bool:
        """Whether table *code* has a journal to append to."""
        return code in self._files

    def needs_whole(self, code: str) -> bool:
        """Whether table *code*'s journal must be written whole again first."""
        file = self._files.get(code)
        return file is not None and file.whole

    def create(self, code: str, path: Path, text: str) -> None:
        """Table *code*'s journal written whole (new, or again), atomically: a journal
        never exists without its ``game`` line. Raises :class:`OSError`."""
        self.close(code)
        data = text.encode("utf-8")
        write_atomic(path, data, sync=False)
        self._files[code] = _File(path, len(data))
        self._written(path)

    def keep(self, code: str, path: Path, size: int, append: str = "") -> None:
        """Table *code*'s journal as it is on disk: cut to its *size* bytes of whole steps
        (what follows them is a step not whole), then *append* written after them.
        Raises :class:`OSError`."""
        self.close(code)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | _BINARY)
        file = _File(path, size, fd)
        self._files[code] = file
        if os.fstat(fd).st_size != size:
            os.ftruncate(fd, size)
        if append:
            _write(file, append.encode("utf-8"))
        self._written(path)

    async def append(self, code: str, data: bytes) -> None:
        """Append *data* (whole steps) to table *code*'s journal, with every other append
        asked for in this pass of the loop. Raises :class:`OSError` (the journal is
        then as it was before)."""
        loop = asyncio.get_running_loop()
        waiting = self._waiting.get(code)
        if waiting is None:
            waiting = self._waiting[code] = _Waiting([], loop.create_future())
        waiting.chunks.append(data)
        if not self._committing:
            self._committing = True
            loop.call_soon(self._commit)
        await waiting.done

    def _commit(self) -> None:
        batch, self._waiting = self._waiting, {}
        if not batch:
            self._committing = False
            return
        jobs = [(self._files.get(code), b"".join(w.chunks)) for code, w in batch.items()]
        self.commits += 1
        self.appends += len(jobs)
        if self._pace.threaded:
            future = asyncio.get_running_loop().run_in_executor(self._pool, _write_all, jobs)
            future.add_done_callback(lambda done: self._done(batch, _outcome(done, len(jobs))))
            return
        started = time.monotonic()
        results = _write_all(jobs)
        self._pace.took(started)
        if self.on_commit is not None:
            self.on_commit(time.monotonic() - started, len(jobs))
        self._done(batch, results)

    def _done(self, batch: dict[str, _Waiting], results: list[OSError | None]) -> None:
        for (code, waiting), result in zip(batch.items(), results, strict=True):
            file = self._files.get(code)
            if result is None and file is not None:
                self._written(file.path)
                waiting.done.set_result(None)
            else:
                waiting.done.set_exception(result or FileNotFoundError("the journal was closed"))
        self._committing = False
        if self._waiting:
            self._committing = True
            asyncio.get_running_loop().call_soon(self._commit)

    def close(self, code: str) -> None:
        """Table *code* is done with its journal (finished, or written anew)."""
        file = self._files.pop(code, None)
        if file is not None and file.fd is not None:
            with contextlib.suppress(OSError):
                os.close(file.fd)

    def close_all(self) -> None:
        for code in list(self._files):
            self.close(code)


def _outcome(done: asyncio.Future[list[OSError | None]], count: int) -> list[OSError | None]:
    """A worker thread's results (an error it met for every journal of its batch)."""
    error = done.exception()
    if error is None:
        return done.result()
    failed = error if isinstance(error, OSError) else OSError(str(error))
    return [failed] * count


def _write_all(jobs: list[tuple[_File | None, bytes]]) -> list[OSError | None]:
    """Each journal's bytes appended (on the loop, or in a worker thread)."""
    results: list[OSError | None] = []
    for file, data in jobs:
        if file is None:
            results.append(FileNotFoundError("the table has no journal"))
            continue
        try:
            if file.fd is None:
                file.fd = os.open(file.path, os.O_WRONLY | os.O_APPEND | _BINARY)
            _write(file, data)
        except OSError as error:
            results.append(error)
        else:
            results.append(None)
    return results


def _write(file: _File, data: bytes) -> None:
    """*data* appended to *file*, whole or not at all: a write that fails part way (a full
    disk) is cut back to where the journal was."""
    assert file.fd is not None
    view = memoryview(data)
    try:
        while view:
            view = view[_os_write(file.fd, view) :]
    except OSError:
        try:
            os.ftruncate(file.fd, file.size)
        except OSError:
            file.whole = True
        raise
    file.size += len(data)
