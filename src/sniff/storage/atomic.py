"""Writing files so that a crash leaves the old file or the new one, never half.

Also: putting a file the game cannot read out of the way (``set_aside``)
without ever deleting or overwriting one, and :class:`Problem`, the short
report a loader gives when it had to do so.

A write goes to a temporary file in the same folder (a rename never crosses
file systems), which is flushed and synced before it is renamed over the old
file; the folder is synced after the rename, so the new name survives a power
cut too.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

StrPath = str | os.PathLike[str]


class Problem(NamedTuple):
    """What was wrong with a file: a short *code* the UI translates
    (``corrupt``, ``invalid``, ``unreadable``, ``version``, ``replay``...) and
    a *detail* in plain English for logs and bug reports; *cause*, when kept,
    is the error itself, whose reason code the player is told in their
    language (a ``DataError`` or an ``OSError``)."""

    code: str
    detail: str
    cause: BaseException | None = None

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"


def write_atomic(path: StrPath, data: bytes | str, *, sync: bool = True) -> None:
    """Replace the file at *path* with *data* (text is written as UTF-8).

    The data goes to a temporary file in the same folder, is flushed and
    synced to the disk, and only then renamed over *path*: the rename is
    atomic, so a crash or a full disk at any point leaves the previous file
    whole. The folder is created if needed. Raises :class:`NotARegularFile`
    if a device, pipe or folder is at *path*.

    *sync* False leaves the syncing to the caller (a server that syncs many
    files at once): the rename is still atomic, so a killed process leaves
    the old file or the new one; only a power cut before the sync may not.
    """
    target = writable_target(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(temp, target)
    except BaseException:
        # Whatever stopped us (a full disk, Ctrl+C), the temporary file must go;
        # the old file was never touched.
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if sync:
        sync_folder(target.parent)


class NotARegularFile(OSError):
    """Something other than a regular file (a device, a pipe, a folder) is where
    the game would write: it is never replaced."""

    def __init__(self, path: StrPath) -> None:
        super().__init__(errno.EINVAL, "not a regular file", str(path))


def writable_target(path: StrPath) -> Path:
    """The file that writing *path* replaces: a symbolic link is followed (the
    link stays, its file is replaced), and anything but a regular file there
    raises :class:`NotARegularFile` (``--record /dev/full`` must not replace
    the device)."""
    target = Path(os.path.realpath(path))
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return target
    if not stat.S_ISREG(info.st_mode):
        raise NotARegularFile(path)
    return target


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


def set_aside(
    path: StrPath,
    *,
    now: datetime | None = None,
    name: Callable[[str, datetime, int], str] | None = None,
) -> Path:
    """Rename a file the game cannot use to ``<name>.<date>-<time>.bad``; return the new path.

    The time in the name (local time, to the second) tells the player which
    bad file is which; a second one in the same second gets ``-2``, ``-3``...
    A bad file is kept for the player (or a bug report), never deleted or
    overwritten. *name* gives another name for the same stamp and number (a
    good file kept out of the way is not called bad). Raises
    :class:`OSError` if the file cannot be moved.

    >>> aside_name("settings.toml", datetime(2026, 11, 24, 9, 5, 0))
    'settings.toml.20261124-090500.bad'
    """
    source = Path(path)
    stamp = now or datetime.now()
    naming = name or aside_name
    number = 1
    while True:
        candidate = source.with_name(naming(source.name, stamp, number))
        if not os.path.lexists(candidate) and _move_without_overwrite(source, candidate):
            sync_folder(source.parent)
            return candidate
        number += 1


def aside_name(name: str, when: datetime, number: int = 1) -> str:
    """The name a bad file *name* gets when set aside at *when* (see :func:`set_aside`)."""
    suffix = "" if number == 1 else f"-{number}"
    return f"{name}.{when:%Y%m%d-%H%M%S}{suffix}.bad"


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
