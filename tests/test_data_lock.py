"""One game per data folder: a second window opens read-only, a folder that
cannot be written is said, and a game that is not saved is never called saved."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sniff.storage import data_dir, save_path, stats_path
from sniff.storage.lock import BUSY, HELD, LOCK_FILE, READ_ONLY, FolderLock
from test_ui_game_harness import Driver

ARGS = ["--bots", "greedy", "--seed", "6"]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[None]:
    """Make *folder* truly unwritable for this process (chmod; as root, which
    ignores permissions, the immutable attribute), or skip the test."""
    folder.mkdir(parents=True, exist_ok=True)
    if sys.platform == "win32":
        pytest.skip("no read-only folders made here on Windows")
    if os.geteuid() == 0:
        if shutil.which("chattr") is None:
            pytest.skip("root ignores permissions and chattr is missing")
        done = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, check=False)
        if done.returncode != 0:
            pytest.skip("cannot make a folder read-only here")
        undo = ["chattr", "-i", str(folder)]
    else:
        folder.chmod(0o555)
        undo = ["chmod", "755", str(folder)]
    try:
        probe = folder / "probe"
        with contextlib.suppress(OSError):
            probe.touch()
            probe.unlink()
            pytest.skip("the folder stayed writable")
        yield
    finally:
        subprocess.run(undo, check=False)


# -- the lock ---------------------------------------------------------------------------


def test_a_folder_is_locked_once_and_free_again_after_release(tmp_path: Path) -> None:
    first = FolderLock.acquire(tmp_path / "data")
    second = FolderLock.acquire(tmp_path / "data")
    assert (first.state, second.state) == (HELD, BUSY)
    assert first.writable and not second.writable
    first.release()
    third = FolderLock.acquire(tmp_path / "data")
    assert third.state == HELD
    third.release()
    assert (tmp_path / "data" / LOCK_FILE).read_text().strip().isdigit()  # who held it


def test_another_process_holding_the_lock_makes_it_busy_until_it_dies(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from sniff.storage.lock import FolderLock; "
            f"lock = FolderLock.acquire({str(folder)!r}); print(lock.state, flush=True); "
            "time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == HELD
        with FolderLock.acquire(folder) as lock:
            assert lock.state == BUSY
    finally:
        holder.kill()  # a crash: the system lets go of the lock with the process
        holder.wait()
    with FolderLock.acquire(folder) as lock:
        assert lock.state == HELD


def test_a_folder_that_cannot_be_written_is_read_only(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    with read_only(folder):
        lock = FolderLock.acquire(folder)
        assert lock.state == READ_ONLY and lock.detail
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    lock = FolderLock.acquire(blocked / "data")  # its parent is a file: it cannot exist
    assert lock.state == READ_ONLY and lock.detail


# -- a second window --------------------------------------------------------------------


def test_a_second_window_is_asked_and_escape_quits(home: Path) -> None:
    async def go() -> None:
        with FolderLock.acquire(data_dir()) as first:
            assert first.state == HELD
            async with Driver(ARGS) as d:
                assert d.texts[-1].startswith(
                    "Sniff is already open in another window, with the same saved game and "
                    "statistics. Open this one read-only? Nothing will be saved. "
                    "Y or Enter: open read-only. N or Escape: quit."
                )
                await d.press("escape")
                await asyncio.wait_for(d.task, 5)
        assert not save_path().exists()

    asyncio.run(go())


def test_a_second_window_opened_read_only_plays_and_writes_nothing(home: Path) -> None:
    async def go() -> None:
        async with Driver(ARGS) as d:
            await d.press("c-s")  # the first window's game, saved
        saved = save_path().read_bytes()
        with FolderLock.acquire(data_dir()) as first:
            assert first.state == HELD
            async with Driver(ARGS) as d:
                await d.press("y")  # open read-only
                assert "A saved game was found" in d.texts[-1]
                await d.press("enter")  # and resume it, read-only
                assert d.screen.game.keeper.read_only and d.screen.resumed
                for _ in range(6):
                    await d.play_turn()
                await d.press("c-s")
                assert d.last() == "Not saved: this game is read-only."
                await d.press("q")
                assert d.last().startswith("Quit? The game is not saved, it will be lost.")
                await d.press("n")
        assert save_path().read_bytes() == saved
        assert not stats_path().exists()

    asyncio.run(go())


def test_a_data_folder_that_cannot_be_written_is_said_and_nothing_is_called_saved(
    home: Path,
) -> None:
    async def go() -> None:
        with read_only(data_dir()):
            async with Driver(ARGS) as d:
                said = [t for t in d.texts if "cannot be written" in t]
                assert len(said) == 1 and str(data_dir()) in said[0]
                assert said[0].endswith("This game will not be saved, and no statistics are kept.")
                await d.press("c-s")
                assert d.last() == "Not saved: this game is read-only."
                await d.press("q")
                assert d.last().startswith("Quit? The game is not saved")

    asyncio.run(go())


def test_when_saving_fails_the_quit_question_says_the_game_is_not_saved(home: Path) -> None:
    async def go() -> None:
        async with Driver(ARGS) as d:
            await d.press("c-s")
            await d.press("q")
            assert d.last().startswith("Quit? The game is saved.")
            await d.press("n")
            # The save's place is taken by a folder: every later save fails.
            save_path().unlink()
            save_path().mkdir()
            await d.press("c-s")
            assert d.last().startswith("The game could not be saved")
            await d.press("q")
            assert d.last().startswith("Quit? The game is not saved, it will be lost.")
            await d.press("n")
            save_path().rmdir()
            await d.press("c-s")
            assert d.last() == "Game saved."
            await d.press("q")
            assert d.last().startswith("Quit? The game is saved.")
            await d.press("n")

    asyncio.run(go())
