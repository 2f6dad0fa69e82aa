"""Where the server keeps its tables: one snapshot file per table, and records.

``DATA/tables/CODE.json`` is a saved game (:mod:`sniff.storage.savegame`)
whose ``ui`` part holds the table itself (its code, seats, hashed tokens,
timer). It is written atomically after every step, before the step is told to
anyone (:meth:`HostedTable.flush`): a server killed at any moment restarts
with every table as its players last heard it. Files written are synced to
the disk together every :data:`SYNC_EVERY` seconds, in a worker thread (one
sync per file and step would cap the server at a few hundred steps a second),
so a power cut may lose the last seconds, a crash nothing.

A snapshot (about 10 KB) is written on the event loop itself: without a sync
that is a copy into the system's cache, a fraction of a millisecond, and
handing it to a thread cost more (the thread waits for the interpreter's lock
while the loop is busy; measured in docs/performance.md). Should writes take
longer than :data:`SLOW_WRITE` again and again (a slow or network disk), the
store writes in its worker threads for the next :data:`THREADED_FOR` seconds,
so that a slow disk never holds up every table.

``DATA/records/CODE.jsonl`` is the game's ``sniff-record/1`` record, written
as the game goes; a finished table's snapshot moves to ``DATA/finished/``.
Reading is bounded: a damaged snapshot is set aside with one line in the log,
never a crash.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sniff.server.codes import normal_code
from sniff.server.seats import seat_json
from sniff.storage.atomic import sync_folder
from sniff.storage.savegame import (
    GameSnapshot,
    load_or_set_aside,
    rng_state_to_json,
    snapshot_to_json,
)

if TYPE_CHECKING:
    from sniff.server.hosted import HostedTable

__all__ = [
    "SLOW_WITHIN",
    "SLOW_WRITE",
    "SLOW_WRITES",
    "SYNC_EVERY",
    "THREADED_FOR",
    "Kept",
    "TableStore",
]

_log = logging.getLogger(__name__)

#: Seconds between the syncs of the files written meanwhile.
SYNC_EVERY = 2.0
#: Snapshots' writes on the event loop that take longer than :data:`SLOW_WRITE` seconds,
#: :data:`SLOW_WRITES` of them within :data:`SLOW_WITHIN` seconds (one alone may be the
#: machine, busy for a moment), send the writes to the worker threads for
#: :data:`THREADED_FOR` seconds.
SLOW_WRITE, SLOW_WRITES, SLOW_WITHIN, THREADED_FOR = 0.02, 3, 10.0, 60.0
#: Where a random state's text goes in a snapshot's text.
_HOLE = "\u0000sniff-state\u0000"
_HOLE_TEXT = '"\\u0000sniff-state\\u0000"'


@dataclass(frozen=True)
class Kept:
    """A table read back from its snapshot."""

    code: str
    snapshot: GameSnapshot
    table: dict[str, Any]


class TableStore:
    """The tables' files in *folder* (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tables = folder / "tables"
        self.records = folder / "records"
        self.finished = folder / "finished"
        for place in (self.tables, self.records, self.finished):
            place.mkdir(parents=True, exist_ok=True)
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="sniff-store")
        self._unsynced: set[Path] = set()
        self._syncing: asyncio.Task[None] | None = None
        self._states: dict[tuple[str, int], tuple[Any, str]] = {}  # (code, slot) -> state, JSON
        self.writes = 0
        self.threaded_until = 0.0  # time.monotonic() until which writes go to the threads
        self._slow: list[float] = []  # when the last slow writes on the loop ended

    def path(self, code: str) -> Path:
        return self.tables / f"{code}.json"

    def record_path(self, code: str) -> Path:
        return self.records / f"{code}.jsonl"

    def text_of(self, host: HostedTable) -> str:
        """The table's snapshot as text (built on the event loop: it reads the game).

        The random generators' states are most of a snapshot (625 numbers each, the
        game's and every bot's) and change only at a deal or a bot's decision: each
        state's text is kept and put in as it is, not written again at every step."""
        table = {
            "code": host.code,
            "seats": [seat_json(seat) for seat in host.seats],
            "timer": host.timer,
            "started": host.started,
            "owner": host.owner,
        }
        snap = host.session.snapshot({"table": table})
        data = snapshot_to_json(snap)
        states = [snap.rng_state, *snap.bot_rng_states]
        data["rng"], data["bots"] = _HOLE, [_HOLE if s is not None else None for s in states[1:]]
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        parts = text.split(_HOLE_TEXT)
        kept = [
            self._state_text(host.code, slot, state)
            for slot, state in enumerate(states)
            if state is not None
        ]
        if len(parts) != len(kept) + 1:  # (a name that spells the hole: write it plainly)
            return json.dumps(snapshot_to_json(snap), ensure_ascii=False, allow_nan=False)
        out = [parts[0]]
        for state_text, part in zip(kept, parts[1:], strict=True):
            out += [state_text, part]
        return "".join(out)

    def _state_text(self, code: str, slot: int, state: Any) -> str:
        """The JSON of one random state of table *code* (*slot* 0: the game's, then
        each seat's bot), kept while that state stays the same. Only the latest of
        each slot is kept; compared by value, since the game's state is a new tuple
        at every snapshot, equal to the last one until the next deal."""
        key = (code, slot)
        kept = self._states.get(key)
        if kept is not None and kept[0] == state:
            return kept[1]
        text = json.dumps(rng_state_to_json(state))
        self._states[key] = (state, text)
        return text

    async def write(self, host: HostedTable) -> None:
        """Write *host*'s snapshot atomically: on the loop, or in a worker thread while
        the disk is slow (see the module docstring)."""
        path = self.path(host.code)
        text = self.text_of(host)
        loop = asyncio.get_running_loop()
        if time.monotonic() < self.threaded_until:
            await loop.run_in_executor(self._pool, _replace, path, text)
        else:
            started = time.monotonic()
            _replace(path, text)
            ended = time.monotonic()
            if ended - started > SLOW_WRITE:
                self._slow = [t for t in self._slow if t > ended - SLOW_WITHIN] + [ended]
                if len(self._slow) >= SLOW_WRITES:
                    self._slow = []
                    self.threaded_until = ended + THREADED_FOR
                    _log.warning(
                        "%d saves took over %.0f ms within %.0f s (the last %.0f ms): "
                        "saving in worker threads for %.0f s",
                        SLOW_WRITES,
                        SLOW_WRITE * 1000,
                        SLOW_WITHIN,
                        (ended - started) * 1000,
                        THREADED_FOR,
                    )
        self.writes += 1
        self._unsynced.add(path)
        if self._syncing is None or self._syncing.done():
            self._syncing = loop.create_task(self._sync_later())

    async def _sync_later(self) -> None:
        await asyncio.sleep(SYNC_EVERY)
        await self.sync()

    async def sync(self) -> None:
        """Sync every file written since the last sync (and their folder)."""
        paths, self._unsynced = self._unsynced, set()
        if paths:
            await asyncio.get_running_loop().run_in_executor(self._pool, _sync, paths)

    def finish(self, host: HostedTable) -> None:
        """A finished (or idle) table's snapshot moves out of the tables to restore."""
        for key in [key for key in self._states if key[0] == host.code]:
            del self._states[key]
        source = self.path(host.code)
        try:
            os.replace(source, self.finished / source.name)
        except OSError as error:
            _log.warning("could not move %s aside: %s", source, error)
        self._unsynced.discard(source)

    def load(self) -> list[Kept]:
        """Every table to restore; a damaged file is set aside and said in the log."""
        kept = []
        for path in sorted(self.tables.glob("*.json")):
            snap, problem, aside = load_or_set_aside(path, people=16)
            if snap is None:
                _log.warning("table %s set aside as %s: %s", path.name, aside, problem)
                continue
            table = snap.ui.get("table")
            code = table.get("code") if isinstance(table, dict) else None
            if not isinstance(table, dict) or code != path.stem or normal_code(str(code)) != code:
                _log.warning("table %s is not a table of this server: left as it is", path.name)
                continue
            kept.append(Kept(code, snap, table))
        return kept

    def close(self) -> None:
        _sync(self._unsynced)
        self._unsynced = set()
        self._pool.shutdown(wait=True)


def _replace(path: Path, text: str) -> None:
    """Replace the snapshot at *path* with *text*, atomically and unsynced (the store
    syncs the files written every :data:`SYNC_EVERY` seconds).

    :func:`~sniff.storage.atomic.write_atomic` without what a table's snapshot does
    not need, at every step of every table: its temporary file has one fixed name
    (a table's saves never overlap: :meth:`HostedTable.flush` writes one at a time),
    and its folder is the store's own, made when the store was."""
    temp = path.with_name(f".{path.name}.tmp")
    data = text.encode("utf-8")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _BINARY, 0o644)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        # (a full disk: the snapshot before stays whole, and no half file is left)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


#: Windows opens files as text unless told otherwise.
_BINARY = getattr(os, "O_BINARY", 0)


def _sync(paths: set[Path]) -> None:
    folders = set()
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY)
        except OSError:
            continue  # moved or gone since: nothing to sync
        try:
            os.fsync(fd)
        except OSError as error:
            _log.warning("could not sync %s: %s", path, error)
        finally:
            os.close(fd)
        folders.add(path.parent)
    for folder in folders:
        sync_folder(folder)
