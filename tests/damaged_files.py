"""What the data-safety tests share: the damaged-file corpus and the names of
files set aside.

Not a test module. The corpus is ``tests/data/damaged/``: one folder per kind
of file (``save``, ``settings``, ``stats``, ``record``), each file damaged in
one way (the README there lists how). Files that cannot be committed
(device nodes, named pipes, folders, files too large to keep in git) are made
at test time by :func:`made_at_test_time`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

CORPUS = Path(__file__).parent / "data" / "damaged"


def corpus(kind: str) -> list[Path]:
    """The committed damaged files of one kind, in name order."""
    return sorted(p for p in (CORPUS / kind).iterdir() if p.is_file())


def is_set_aside(aside: Path | None, original: Path) -> bool:
    """Whether *aside* is the name :func:`sniff.storage.atomic.set_aside` gives
    *original*: ``<name>.<YYYYMMDD-HHMMSS>[-N].bad`` in the same folder."""
    if aside is None or aside.parent != original.parent:
        return False
    pattern = re.escape(original.name) + r"\.\d{8}-\d{6}(-\d+)?\.bad"
    return re.fullmatch(pattern, aside.name) is not None


def set_aside_files(original: Path) -> list[Path]:
    """Every file set aside from *original*, oldest name first."""
    return sorted(
        (p for p in original.parent.iterdir() if is_set_aside(p, original)),
        key=lambda p: (p.name.split(".bad")[0].rsplit(".", 1)[-1], p.name),
    )


def made_at_test_time(folder: Path, name: str) -> Iterator[tuple[str, Path]]:
    """Things at *folder*/*name* that no file in git can be, one at a time:
    a folder, a named pipe, a symbolic link to ``/dev/zero``, and a sparse file
    far larger than any of the game's files (no disk space used). Each is
    removed before the next is made."""
    path = folder / name
    folder.mkdir(parents=True, exist_ok=True)
    path.mkdir()
    yield "a folder", path
    path.rmdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
        yield "a named pipe", path
        path.unlink()
    if Path("/dev/zero").exists():
        path.symlink_to("/dev/zero")
        yield "a link to /dev/zero", path
        path.unlink()
    with path.open("wb") as sparse:
        sparse.truncate(200 * 1024 * 1024)
    yield "a 200 MB file", path
    path.unlink()
