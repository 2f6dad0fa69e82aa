"""``--transcript FILE``: every announcement the player heard, one line each."""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

from sniff.output.lines import one_line

__all__ = ["Transcript"]


class Transcript:
    """Appends each spoken text to a file as one UTF-8 line, flushed at once.

    A test, or a sighted helper, can read it while the game runs. Writing may
    fail (a full disk); the router then drops the transcript and says so once:
    speech goes on.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        # newline="\n": the same bytes on every platform, so transcripts compare.
        self._file = self.path.open("a", encoding="utf-8", newline="\n")

    def write(self, text: str) -> None:
        """Append *text* as one line; raises OSError if the file cannot take it."""
        line = one_line(text)
        if not line:
            return
        with self._lock:
            if not self._file.closed:
                self._file.write(line + "\n")
                self._file.flush()

    def close(self) -> None:
        with self._lock, contextlib.suppress(OSError):  # a full disk: nothing left to keep
            self._file.close()
