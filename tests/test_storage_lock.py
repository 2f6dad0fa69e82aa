"""The data folder's lock: what it leaves on disk, and a folder where the lock file opens
but nothing new can be made (tests/test_data_lock.py follows the lock through the game)."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sniff.storage.lock import BUSY, HELD, LOCK_FILE, READ_ONLY, FolderLock


@contextlib.contextmanager
def _nothing_new_can_be_made(folder: Path) -> Iterator[None]:
    """No file can be made in *folder* (its files stay writable), or skip."""
    if sys.platform == "win32":
        pytest.skip("no such folder made here on Windows")
    if os.geteuid() == 0:  # root ignores permissions: the immutable attribute
        if shutil.which("chattr") is None:
            pytest.skip("root ignores permissions and chattr is missing")
        if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode:
            pytest.skip("cannot make a folder immutable here")
        undo = ["chattr", "-i", str(folder)]
    else:
        folder.chmod(0o555)
        undo = ["chmod", "755", str(folder)]
    try:
        yield
    finally:
        subprocess.run(undo, check=True)


def test_the_lock_file_says_who_holds_it_and_is_readable_by_all(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        with FolderLock.acquire(tmp_path / "data") as lock:
            path = tmp_path / "data" / LOCK_FILE
            assert (lock.state, lock.detail, lock.writable) == (HELD, "", True)
            assert path.read_text() == f"{os.getpid()}\n"
            assert stat.S_IMODE(path.stat().st_mode) == 0o644
            with FolderLock.acquire(tmp_path / "data") as second:
                assert (second.state, second.detail, second.writable) == (BUSY, "", False)
    finally:
        os.umask(old)


def test_a_folder_where_nothing_new_can_be_made_is_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    FolderLock.acquire(folder).release()  # the lock file is there from an earlier game
    with _nothing_new_can_be_made(folder):
        with FolderLock.acquire(folder) as lock:
            assert (lock.state, lock.writable) == (READ_ONLY, False)
            assert lock.detail in ("Operation not permitted", "Permission denied")
        assert sorted(p.name for p in folder.iterdir()) == [LOCK_FILE]  # no probe left


def test_a_file_where_the_folder_should_be_is_read_only(tmp_path: Path) -> None:
    blocked = tmp_path / "data"
    blocked.write_text("")
    lock = FolderLock.acquire(blocked)
    assert (lock.state, lock.detail) == (READ_ONLY, "File exists")
    lock.release()
    lock.release()  # twice is fine
