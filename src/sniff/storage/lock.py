"""One game at a time per data folder.

Two windows playing from the same data folder would write the same saved
game and the same record over each other. So a game takes a lock on the
folder (a lock on the file ``sniff.lock`` in it, held by the operating
system: it goes away with the process, even after a crash, so it can never
be left behind). A second game finds the folder locked and may open
read-only: it then writes nothing there.

The lock also tells when the folder cannot be written at all (a read-only
disk, no permission): then too the game runs read-only, and says so.

>>> with tempfile.TemporaryDirectory() as folder:
...     with FolderLock.acquire(folder) as first, FolderLock.acquire(folder) as second:
...         print(first.state, second.state)
held busy
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from types import TracebackType

from sniff.storage.atomic import StrPath

__all__ = ["BUSY", "HELD", "LOCK_FILE", "READ_ONLY", "FolderLock"]

LOCK_FILE = "sniff.lock"

#: This game holds the lock: it may write.
HELD = "held"
#: Another game holds it.
BUSY = "busy"
#: The folder cannot be written (*detail* says why).
READ_ONLY = "read-only"


class FolderLock:
    """The lock on one data folder: ``state`` is :data:`HELD`, :data:`BUSY` or
    :data:`READ_ONLY`. Release it with :meth:`release` (or ``with``)."""

    def __init__(self, folder: Path, state: str, fd: int | None, detail: str = "") -> None:
        self.folder = folder
        self.state = state
        self.detail = detail
        self._fd = fd

    @property
    def writable(self) -> bool:
        """Whether this game may write in the folder."""
        return self.state == HELD

    @classmethod
    def acquire(cls, folder: StrPath) -> FolderLock:
        """Try to lock *folder* (created if missing), without waiting."""
        where = Path(folder)
        try:
            where.mkdir(parents=True, exist_ok=True)
            fd = os.open(where / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            return cls(where, READ_ONLY, None, error.strerror or str(error))
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            return cls(where, BUSY, None)
        problem = _cannot_write(where)
        if problem is not None:
            os.close(fd)  # a lock on a folder nobody can write protects nothing
            return cls(where, READ_ONLY, None, problem)
        with contextlib.suppress(OSError):
            # Who holds it, for a person looking: the lock itself is the system's.
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return cls(where, HELD, fd)

    def release(self) -> None:
        """Give the lock back (closing the file releases it)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


def _lock(fd: int) -> None:
    """Lock the open file *fd* without waiting; OSError if someone else holds it."""
    if sys.platform == "win32":
        import msvcrt

        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _cannot_write(folder: Path) -> str | None:
    """Why no file can be made in *folder*, or None if one can (tried for real:
    permissions alone do not tell about a read-only disk)."""
    try:
        fd, name = tempfile.mkstemp(prefix=".sniff-", suffix=".tmp", dir=folder)
    except OSError as error:
        return error.strerror or str(error)
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(name)
    return None
