"""Writing files so that a crash leaves the old file or the new one, never half.

Also: putting a file the game cannot read out of the way (``set_aside``)
without ever deleting or overwriting one, and :class:`Problem`, the short
report a loader gives when it had to do so.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import NamedTuple

StrPath = str | os.PathLike[str]


class Problem(NamedTuple):
    """What was wrong with a file: a short *code* the UI translates
    (``corrupt``, ``invalid``, ``unreadable``, ``version``, ``replay``...) and
    a *detail* in plain English for logs and bug reports."""

    code: str
    detail: str

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"


def write_atomic(path: StrPath, data: bytes | str) -> None:
    """Replace the file at *path* with *data* (text is written as UTF-8).

    The data goes to a temporary file in the same folder, is flushed and
    synced to the disk, and only then renamed over *path*: the rename is
    atomic, so a crash or a full disk at any point leaves the previous file
    whole. The folder is created if needed.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        # Whatever stopped us (a full disk, Ctrl+C), the temporary file must go;
        # the old file was never touched.
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(target.parent)


def sync_folder(folder: StrPath) -> None:
    """Make a rename in *folder* durable (POSIX); a no-op where that is not possible."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        # Some file systems refuse to sync a folder; the rename stands anyway.
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def set_aside(path: StrPath) -> Path:
    """Rename a file the game cannot use to ``<name>.bad`` and return the new path.

    If ``<name>.bad`` exists, ``<name>.bad.1``, ``<name>.bad.2``... are tried:
    a bad file is kept for the player (or a bug report) and never deleted or
    overwritten. Raises :class:`OSError` if the file cannot be moved.
    """
    source = Path(path)
    number = 0
    while True:
        suffix = ".bad" if number == 0 else f".bad.{number}"
        candidate = source.with_name(source.name + suffix)
        if not os.path.lexists(candidate) and _move_without_overwrite(source, candidate):
            sync_folder(source.parent)
            return candidate
        number += 1


def _move_without_overwrite(source: Path, target: Path) -> bool:
    """Move *source* to *target* unless *target* exists (then False).

    ``os.rename`` overwrites on POSIX, so a hard link (which refuses an existing
    name) is made first; where links are not supported, fall back on rename,
    which on Windows refuses an existing name by itself.
    """
    try:
        os.link(source, target)
    except FileExistsError:
        return False
    except OSError:
        if os.path.lexists(target):
            return False
        try:
            os.rename(source, target)
        except FileExistsError:
            return False
        return True
    os.unlink(source)
    return True
