"""The server keeps each table in its record, the table's journal: a step is appended
before it is told, snapshots come seldom, a slow or full disk holds nobody up, and a
table comes back from its snapshot and the whole steps of its journal after it (a
step cut short, or a record of a server before journals, included)."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import shutil
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from netplay import Player, server, url_of
from sniff.engine import Dealt
from sniff.net.frames import ServerFrame, StepFrame
from sniff.server.app import SniffServer
from sniff.server.connection import Connection
from sniff.server.journals import SLOW_WRITE, SLOW_WRITES, THREADED_FOR
from sniff.server.store import _replace as replace
from sniff.storage.records import STEP_KEY, read_record, verify

BOTS = ["person", "greedy", "greedy"]


def _events_on_disk(path: Path) -> int:
    return path.read_bytes().count(b"\n") - 1


async def _table(running: SniffServer, seats: list[str] = BOTS, **more: Any) -> Player:
    ada = Player(url_of(running), "Ada")
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "seats": seats, **more})
    await ada.wait_for(lambda: ada.code is not None)
    return ada


def test_each_step_is_in_the_journal_before_it_is_told_and_snapshots_come_seldom(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[tuple[int, int]] = []  # (the step's position, events on disk when sent)
    send = Connection.send

    def watched(self: Connection, frame: ServerFrame) -> None:
        if isinstance(frame, StepFrame) and self.table is not None:
            record = self.table.store.record_path(self.table.code)  # type: ignore[attr-defined]
            told.append((frame.at, _events_on_disk(record)))
        send(self, frame)

    monkeypatch.setattr(Connection, "send", watched)

    async def go() -> None:
        async with server(tmp_path, seed=31) as running:
            ada = await _table(running, target=150)
            await ada.wait_for(lambda: ada.over, timeout=60)
            host = next(iter(running.tables.values()))
            log = host.session.game.log
            assert list(read_record(running.store.record_path(host.code)).events) == log
            deals = sum(isinstance(e, Dealt) for e in log)
            assert len(told) > 40 and all(on_disk >= at for at, on_disk in told)
            # A snapshot when the table changed, at each deal, at the end: not every step.
            assert running.store.writes <= deals + 6 < len(told) / 3
            await ada.close()

    asyncio.run(go())


def test_journals_are_written_on_the_loop_and_in_threads_while_the_disk_is_slow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Appends are written on the event loop, many tables' at once; a few batches in a
    row that take too long (a slow disk, here the real write made slow) send the next
    ones to the store's threads, and the game goes on, every step on disk before it is
    told."""
    threads: list[str] = []
    slow = [True]
    write = __import__("os").write

    def slowly(fd: int, data: memoryview) -> int:
        threads.append(threading.current_thread().name)
        if slow[0]:
            time.sleep(SLOW_WRITE * 2)
        return write(fd, data)

    monkeypatch.setattr("sniff.server.journals._os_write", slowly)

    async def go() -> None:
        async with server(tmp_path, seed=24) as running:
            ada = await _table(running, ["person", "greedy"])
            await ada.wait_for(lambda: len(threads) > SLOW_WRITES + 2)
            pace = running.store.pace
            main = threading.main_thread().name
            assert threads[:SLOW_WRITES] == [main] * SLOW_WRITES  # on the loop, slow
            assert pace.threaded_until > time.monotonic() + THREADED_FOR / 2
            rest = threads[SLOW_WRITES:]
            assert rest and all(t.startswith("sniff-store") for t in rest)
            slow[0] = False
            pace.threaded_until = 0.0  # (the minute past)
            # (and however busy the machine running this test, no write counts as slow)
            monkeypatch.setattr("sniff.server.journals.SLOW_WRITE", 5.0)
            written = len(threads)
            await ada.wait_for(lambda: len(threads) > written + 3)
            # (one batch may have been under way in a thread when the disk came back)
            assert set(threads[written + 1 :]) == {main}
            host = next(iter(running.tables.values()))
            events = read_record(running.store.record_path(host.code)).events
            assert 6 < len(events) <= len(host.session.game.log)
            await ada.close()

    asyncio.run(go())


def test_a_table_that_cannot_be_kept_plays_on_and_is_kept_once_it_can(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A full disk (every write refused with ENOSPC, after half of it went in) must not
    leave the players in silence: the steps still reach them, the log says it once, no
    part of a step is left in the journal, and the table is kept again at the first step
    after the disk has room."""
    full = [False]
    write = __import__("os").write

    def half(fd: int, data: memoryview) -> int:
        if full[0]:
            write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(fd, data)

    def snapshot(path: Path, text: str) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        replace(path, text)

    monkeypatch.setattr("sniff.server.journals._os_write", half)
    monkeypatch.setattr("sniff.server.store._replace", snapshot)

    async def go() -> None:
        async with server(tmp_path, seed=24) as running:
            ada = await _table(running, ["person", "greedy"])
            await ada.wait_for(lambda: ada.at > 3)
            host = next(iter(running.tables.values()))
            record = running.store.record_path(host.code)
            full[0] = True
            at = ada.at
            await ada.wait_for(lambda: ada.at > at + 8)  # the game goes on, told to Ada
            on_disk = read_record(record).events  # whole: no half of a step in it
            assert len(on_disk) < ada.at
            full[0] = False
            at = ada.at
            await ada.wait_for(lambda: ada.at > at + 2 and _events_on_disk(record) > at)
            assert list(read_record(record).events) == host.session.game.log[: ada.at]
            await ada.close()

    with caplog.at_level(logging.WARNING, logger="sniff.server.hosted"):
        asyncio.run(go())
    said = [r.getMessage() for r in caplog.records if r.name == "sniff.server.hosted"]
    assert sum("cannot be saved" in m for m in said) == 1
    assert any("is saved again" in m for m in said)


async def _crashed_copy(running: SniffServer, ada: Player, folder: Path, at: int) -> str:
    """The server's folder as a crash at this moment would leave it (copied between two
    passes of its loop, when no write is under way), once Ada has heard *at* events."""
    await ada.wait_for(lambda: ada.at >= at)
    shutil.copytree(running.options.data, folder)
    (folder / "sniff.lock").unlink(missing_ok=True)
    assert ada.code is not None
    return ada.code.replace("-", "")


def test_a_table_comes_back_from_its_snapshot_and_its_journals_whole_steps(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A server killed in the middle of a step's write (its last line half written): the
    table comes back at its last whole step, later than its snapshot (the journal's
    lines after it, through the engine), and the half line is cut, never read."""
    copy = tmp_path / "crashed"

    async def before() -> tuple[str, str, int]:
        async with server(tmp_path / "data", seed=33) as running:
            ada = await _table(running, target=100)
            code = await _crashed_copy(running, ada, copy, 12)
            token = ada.token
            await ada.close()
        assert token is not None
        snapshot = json.loads((copy / "tables" / f"{code}.json").read_text())
        return code, token, snapshot["check"]["events"]

    code, token, snapshotted = asyncio.run(before())
    record = copy / "records" / f"{code}.jsonl"
    whole = read_record(record).events
    assert snapshotted < len(whole)  # (the journal is ahead of the snapshot)
    size = record.stat().st_size
    with record.open("a", encoding="utf-8") as stream:
        stream.write('{"type": "play", "player": 1, "tile": [6, ')

    async def after() -> None:
        async with server(copy, seed=None) as running:
            host = running.tables[code]
            assert host.session.game.log == list(whole)
            assert record.stat().st_size == size  # the half line cut
            ada = Player(url_of(running), "Ada")
            await ada.open()
            await ada.send({"type": "resume", "token": token})
            await ada.wait_for(lambda: ada.over, timeout=60)
            assert verify(read_record(record)).phase.value == "game-over"
            await ada.close()

    with caplog.at_level(logging.WARNING, logger="sniff.server.store"):
        asyncio.run(after())
    assert any("not a whole step" in r.getMessage() for r in caplog.records)


def test_a_table_saved_by_a_server_before_journals_still_comes_back(tmp_path: Path) -> None:
    """Such a server saved a snapshot at every step and wrote its record without marks,
    a line ahead of the snapshot at times (never told): the table comes back as its
    snapshot, the line beyond it cut, and its record goes on as a journal."""
    copy = tmp_path / "old"

    async def before() -> tuple[str, str, list[str]]:
        async with server(tmp_path / "data", seed=34) as running:
            ada = await _table(running, target=100)
            await ada.wait_for(lambda: ada.at >= 10)
            host = next(iter(running.tables.values()))
            await running.store.write(host, whole=True)  # (as that server did: every step)
            code = await _crashed_copy(running, ada, copy, 10)
            live = running.store.record_path(code)
            known = _events_on_disk(copy / "records" / f"{code}.jsonl")
            await ada.wait_for(lambda: _events_on_disk(live) > known)
            ahead = live.read_text(encoding="utf-8").splitlines()[known + 1]
            token = ada.token
            await ada.close()
        assert token is not None
        return code, token, [ahead]

    code, token, ahead = asyncio.run(before())
    record = copy / "records" / f"{code}.jsonl"
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    lines += [json.loads(line) for line in ahead]
    old = "".join(
        json.dumps({k: v for k, v in line.items() if k != STEP_KEY}, ensure_ascii=False) + "\n"
        for line in lines
    )
    record.write_text(old, encoding="utf-8")
    snapshot = json.loads((copy / "tables" / f"{code}.json").read_text())
    position = snapshot["check"]["events"]
    assert position == len(lines) - 2  # (the line beyond it)

    async def after() -> None:
        async with server(copy, seed=None) as running:
            host = running.tables[code]
            assert len(host.session.game.log) == position
            assert len(read_record(record).events) == position  # the line beyond, cut
            ada = Player(url_of(running), "Ada")
            await ada.open()
            await ada.send({"type": "resume", "token": token})
            await ada.wait_for(lambda: ada.at > position + 3)
            assert list(read_record(record).events) == host.session.game.log[: ada.at]
            await ada.close()

    asyncio.run(after())
