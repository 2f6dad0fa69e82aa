"""Noticing a key press while a command speaks (``sniff replay``, ``sniff stats``).

On a terminal the keyboard is read without waiting for Enter, and without
echo, for as long as the watch is open; elsewhere (a pipe) no key ever comes.
"""

from __future__ import annotations

import contextlib
import os
import sys
from types import TracebackType
from typing import Any

__all__ = ["KeyWatch"]


class KeyWatch:
    """``with KeyWatch() as keys: ... if keys.pressed(): ...``"""

    def __init__(self) -> None:
        self._fd: int | None = None
        self._saved: Any = None

    def __enter__(self) -> KeyWatch:
        if sys.platform == "win32" or not sys.stdin.isatty():
            return self
        import termios
        import tty

        fd = sys.stdin.fileno()
        with contextlib.suppress(termios.error, OSError):
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
            self._fd = fd
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._fd is not None and self._saved is not None:
            import termios

            with contextlib.suppress(termios.error, OSError):
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved)

    def pressed(self) -> bool:
        """Whether a key was pressed since the last look (the key is consumed)."""
        if sys.platform == "win32":
            import msvcrt

            if sys.stdin.isatty() and msvcrt.kbhit():
                msvcrt.getwch()
                return True
            return False
        if self._fd is None:
            return False
        import select

        ready, _, _ = select.select([self._fd], [], [], 0)
        if ready:
            with contextlib.suppress(OSError):
                os.read(self._fd, 64)
            return True
        return False
