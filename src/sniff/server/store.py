"""Where the server keeps its tables: each table's record as its journal, a snapshot
now and then, and every table read back after a restart.

``DATA/records/CODE.jsonl`` is the game's ``sniff-record/1`` record, and the
table's journal (:mod:`sniff.storage.journal`): from the game's start, the lines
of each step are appended to it before the step is told to anyone
(:meth:`TableStore.write`, awaited by :meth:`HostedTable.flush`), the appends
of many tables gathered into one batch (:mod:`sniff.server.journals`). A
server killed at any moment restarts with every table as its players last
heard it. The files written are synced to the disk together every
:data:`SYNC_EVERY` seconds, in a worker thread (one sync per file and step
would cap the server at a few hundred steps a second), so a power cut may lose
the last seconds, a crash nothing.

``DATA/tables/CODE.json`` is a saved game (:mod:`sniff.storage.savegame`) whose
``ui`` part holds the table itself (its code, seats, hashed tokens, timer): what a
record does not hold. It is written atomically when the table itself changes (a
seat taken, the game begun), at every step before the game begins or while its
journal cannot be written, after each deal (the game's random generator moves
only there), every :data:`SNAPSHOT_EVERY` steps, and when the server stops. A
snapshot (about 10 KB) is written on the event loop: without a sync that is a
copy into the system's cache, a fraction of a millisecond. While writes are slow
(:class:`~sniff.server.journals.DiskPace`: a slow or network disk) they go to
the worker threads, so that a slow disk never holds up every table.

A finished table's snapshot moves to ``DATA/finished/``. Reading is bounded: a
damaged snapshot is set aside with one line in the log, never a crash; a
journal that is not the snapshot's game is kept aside and written anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sniff.engine import Dealt, Event
from sniff.server.codes import normal_code
from sniff.server.journals import DiskPace, Journals
from sniff.server.seats import seat_json
from sniff.storage.atomic import set_aside, sync_folder
from sniff.storage.journal import (
    JournalError,
    continue_snapshot,
    journal_text,
    read_journal,
    step_lines,
)
from sniff.storage.limits import DataError
from sniff.storage.record_types import RecordError
from sniff.storage.records import keep_aside
from sniff.storage.savegame import (
    GameSnapshot,
    SaveError,
    load_or_set_aside,
    restore,
    rng_state_to_json,
    snapshot_to_json,
)

if TYPE_CHECKING:
    from sniff.server.hosted import HostedTable

__all__ = ["SNAPSHOT_EVERY", "SYNC_EVERY", "Kept", "TableStore"]

_log = logging.getLogger(__name__)

#: Seconds between the syncs of the files written meanwhile.
SYNC_EVERY = 2.0
#: Steps of a game between two snapshots of its table, at the most.
SNAPSHOT_EVERY = 64
#: Where a random state's text goes in a snapshot's text.
_HOLE = "\u0000sniff-state\u0000"
_HOLE_TEXT = '"\\u0000sniff-state\\u0000"'


@dataclass(frozen=True)
class Kept:
    """A table read back: its snapshot brought up to its journal's last whole step, and
    how many events its journal holds (None: it has none, the game not begun)."""

    code: str
    snapshot: GameSnapshot
    table: dict[str, Any]
    journaled: int | None = None


@dataclass
class _Keeping:
    """What the store knows of one table between its saves."""

    journaled: int | None  # events in its journal (None: none yet)
    ends: list[int] = field(default_factory=list)  # the steps ended since (positions)
    actions: int = 0  # the game's actions at the last step's end
    due: bool = True  # a snapshot is due
    steps: int = 0  # steps journaled since the last snapshot
    #: The table part of the last snapshot, without what moves at every step (_standing)
    standing: dict[str, Any] | None = None

    def stepped(self, position: int, actions: int) -> None:
        """A step of the game has ended at *position*."""
        if position > (self.ends[-1] if self.ends else 0):
            self.ends.append(position)
        elif actions != self.actions:
            self.due = True  # (an action without a line: a muggins call let go)
        self.actions = actions


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
        self._keeping: dict[str, _Keeping] = {}
        self.pace = DiskPace()
        self.journals = Journals(self._pool, self.pace, self._unsynced.add)
        self.writes = 0  # snapshots written

    def path(self, code: str) -> Path:
        return self.tables / f"{code}.json"

    def record_path(self, code: str) -> Path:
        return self.records / f"{code}.jsonl"

    # -- keeping a table -----------------------------------------------------------------

    def watch(self, host: HostedTable, journaled: int | None = None) -> None:
        """Keep *host* from now on; *journaled*: the events its journal holds (a table
        read back), None for a table without one yet."""
        keeping = _Keeping(journaled, actions=len(host.session.state.actions))
        self._keeping[host.code] = keeping
        actions = host.session.state.actions
        game = host.session.game
        host.table.after_step.append(lambda: keeping.stepped(len(game.log), len(actions)))

    def begin(self, host: HostedTable) -> None:
        """The game begins: its journal is written with the game so far (the first deal).
        A journal that cannot be written is tried again at each step, and meanwhile
        each step is kept by a snapshot."""
        keeping = self._keeping[host.code]
        keeping.journaled, keeping.ends = None, []
        self._journal_whole(host, keeping)

    def _journal_whole(self, host: HostedTable, keeping: _Keeping) -> bool:
        """The journal written whole, with the game so far; False if it cannot be."""
        session = host.session
        text = journal_text(session.game, session.seed, session.players)
        try:
            self.journals.create(host.code, self.record_path(host.code), text)
        except OSError as error:
            _log.warning("the record of table %s cannot be written: %s", host.code, error)
            return False
        keeping.journaled = len(session.game.log)
        keeping.ends = [end for end in keeping.ends if end > keeping.journaled]
        return True

    async def write(self, host: HostedTable, *, whole: bool = False) -> None:
        """Keep what *host* did since the last time: its steps appended to its journal,
        then its snapshot if one is due (or *whole*). Raises :class:`OSError` when either
        cannot be written (the next call tries again)."""
        code = host.code
        keeping = self._keeping.get(code)
        if keeping is None:
            return  # (finished: its files are closed)
        if host.started:
            await self._append(host, keeping)
        table = table_part(host)
        standing = _standing(table)
        changed = standing != keeping.standing
        due = keeping.due or whole or keeping.steps >= SNAPSHOT_EVERY or changed
        if due or keeping.journaled is None:
            await self.snapshot(host, table)
            keeping.due, keeping.steps, keeping.standing = False, 0, standing

    async def _append(self, host: HostedTable, keeping: _Keeping) -> None:
        code, log = host.code, host.session.game.log
        if self.journals.needs_whole(code) or not self.journals.holds(code):
            keeping.journaled = None
            if not self._journal_whole(host, keeping):
                raise OSError(f"the record of table {code} cannot be written")
            keeping.due = True
            return
        done = keeping.journaled
        assert done is not None
        position = len(log)
        if position <= done:
            return
        events = log[done:position]
        data = step_lines(events, done, keeping.ends).encode("utf-8")
        await self.journals.append(code, data)
        keeping.journaled = position
        keeping.ends = [end for end in keeping.ends if end > position]
        keeping.steps += 1
        keeping.due = keeping.due or _deals(events)

    async def snapshot(self, host: HostedTable, table: dict[str, Any] | None = None) -> None:
        """Write *host*'s snapshot atomically: on the loop, or in a worker thread while
        the disk is slow (see the module docstring)."""
        path = self.path(host.code)
        text = self.text_of(host, table)
        if self.pace.threaded:
            await asyncio.get_running_loop().run_in_executor(self._pool, _replace, path, text)
        else:
            started = time.monotonic()
            _replace(path, text)
            self.pace.took(started)
        self.writes += 1
        self._unsynced.add(path)
        if self._syncing is None or self._syncing.done():
            self._syncing = asyncio.get_running_loop().create_task(self._sync_later())

    def text_of(self, host: HostedTable, table: dict[str, Any] | None = None) -> str:
        """The table's snapshot as text (built on the event loop: it reads the game).

        The random generators' states are most of a snapshot (625 numbers each, the
        game's and every bot's) and change only at a deal or a bot's decision: each
        state's text is kept and put in as it is, not written again every time."""
        snap = host.session.snapshot({"table": table or table_part(host)})
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

    async def _sync_later(self) -> None:
        await asyncio.sleep(SYNC_EVERY)
        await self.sync()

    async def sync(self) -> None:
        """Sync every file written since the last sync (and their folder)."""
        paths = set(self._unsynced)
        self._unsynced.clear()
        if paths:
            await asyncio.get_running_loop().run_in_executor(self._pool, _sync, paths)

    def finish(self, host: HostedTable) -> None:
        """A finished (or idle) table: its journal closed, its snapshot (written whole)
        out of the tables to restore."""
        code = host.code
        self._keeping.pop(code, None)
        self.journals.close(code)
        source = self.path(code)
        try:
            _replace(source, self.text_of(host))
            os.replace(source, self.finished / source.name)
        except OSError as error:
            _log.warning("could not move %s aside: %s", source, error)
        # (after the last snapshot, which keeps them again: each is some 25 kB)
        for key in [key for key in self._states if key[0] == code]:
            del self._states[key]
        self._unsynced.discard(source)
        self._unsynced.add(self.finished / source.name)

    # -- reading back --------------------------------------------------------------------

    def load(self) -> list[Kept]:
        """Every table to restore, each brought up to its journal; a damaged file is set
        aside and said in the log."""
        kept = []
        for path in sorted(self.tables.glob("*.json")):
            snap, problem, aside = load_or_set_aside(path, replay=False, people=16)
            if snap is None:
                _log.warning("table %s set aside as %s: %s", path.name, aside, problem)
                continue
            table = snap.ui.get("table")
            code = table.get("code") if isinstance(table, dict) else None
            if not isinstance(table, dict) or code != path.stem or normal_code(str(code)) != code:
                _log.warning("table %s is not a table of this server: left as it is", path.name)
                continue
            try:
                kept.append(self._read_back(code, snap, table))
            except SaveError as error:
                with contextlib.suppress(OSError):
                    aside = set_aside(path)
                _log.warning("table %s set aside as %s: %s", path.name, aside, error)
        return kept

    def _read_back(self, code: str, snap: GameSnapshot, table: dict[str, Any]) -> Kept:
        """Table *code* from its snapshot and journal (see :mod:`sniff.storage.journal`).
        Raises :class:`SaveError` when the snapshot does not replay."""
        if table.get("started") is not True:
            restore(snap)  # (checked: a table that will not come back is set aside)
            return Kept(code, snap, table)
        path = self.record_path(code)
        try:
            journal = read_journal(path)
            continued = continue_snapshot(snap, journal)
        except FileNotFoundError:
            return self._journal_anew(code, snap, table, None)
        except (RecordError, DataError, JournalError) as error:
            return self._journal_anew(code, snap, table, error)
        if journal.cut:
            _log.warning(
                "table %s: the last %d bytes of its record were not a whole step: cut",
                code,
                journal.cut,
            )
        try:
            self.journals.keep(code, path, continued.size, continued.append)
        except OSError as error:
            _log.warning("the record of table %s cannot be continued: %s", code, error)
            return Kept(code, continued.snapshot, table)
        return Kept(code, continued.snapshot, table, continued.journaled)

    def _journal_anew(
        self, code: str, snap: GameSnapshot, table: dict[str, Any], why: Exception | None
    ) -> Kept:
        """A journal that cannot be continued (or none) is kept aside whole and written
        anew from the snapshot's game."""
        path = self.record_path(code)
        game, _, _ = restore(snap)
        if why is not None:
            try:
                kept = (
                    set_aside(path)
                    if isinstance(why, (RecordError, DataError))
                    else keep_aside(path)
                )
            except OSError as error:
                _log.warning("the record of table %s cannot be moved aside: %s", code, error)
                return Kept(code, snap, table)
            _log.warning("the record of table %s kept aside as %s: %s", code, kept.name, why)
        try:
            self.journals.create(code, path, journal_text(game, snap.seed, snap.players))
        except OSError as error:
            _log.warning("the record of table %s cannot be written: %s", code, error)
            return Kept(code, snap, table)
        return Kept(code, snap, table, len(game.log))

    def close(self) -> None:
        self.journals.close_all()
        _sync(self._unsynced)
        self._unsynced.clear()
        self._pool.shutdown(wait=True)


def table_part(host: HostedTable) -> dict[str, Any]:
    """The table itself, as its snapshot keeps it (the ``ui`` part)."""
    return {
        "code": host.code,
        "seats": [seat_json(seat) for seat in host.seats],
        "timer": host.timer,
        "started": host.started,
        "owner": host.owner,
    }


def _standing(table: dict[str, Any]) -> dict[str, Any]:
    """The table without where each seat was told up to: that moves at every step, and
    a snapshot for it alone would be a snapshot a step (the one kept may lag: a seat
    back after a restart then hears a little more than it missed, never less)."""
    seats = [{k: v for k, v in seat.items() if k != "told"} for seat in table["seats"]]
    return {**table, "seats": seats}


def _deals(events: Sequence[Event]) -> bool:
    return any(isinstance(event, Dealt) for event in events)


def _replace(path: Path, text: str) -> None:
    """Replace the snapshot at *path* with *text*, atomically and unsynced (the store
    syncs the files written every :data:`SYNC_EVERY` seconds).

    :func:`~sniff.storage.atomic.write_atomic` without what a table's snapshot does
    not need: its temporary file has one fixed name (a table's saves never overlap:
    :meth:`HostedTable.flush` writes one at a time), and its folder is the store's
    own, made when the store was."""
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
