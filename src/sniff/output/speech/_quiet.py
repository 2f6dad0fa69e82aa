"""Keep third-party chatter off the terminal.

accessible-output2 prints from constructors ("Cannot find Speech Dispatcher")
and pyttsx3's eSpeak driver prints "Audio saved to ..." for every rendered
file. On a screen-reader user's terminal such text is read aloud and garbles
the interface, so it is swallowed here.
"""

from __future__ import annotations

import contextlib
import io
import sys
import threading
from collections.abc import Iterator
from typing import TextIO

__all__ = ["quiet", "quiet_thread"]


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """Swallow everything written to ``sys.stdout``/``sys.stderr`` inside the block.

    For short calls on the caller's own thread (imports, constructors).
    """
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        yield


class _ThreadFilter(io.TextIOBase):
    """Drops writes made by one thread and passes every other thread's through."""

    def __init__(self, inner: TextIO, muted_thread: int) -> None:
        super().__init__()
        self.inner = inner
        self._muted = muted_thread

    def _is_muted(self) -> bool:
        # Threads started by C code (eSpeak's synthesis callback) show up as
        # dummy threads; only the synthesiser has such threads here.
        return threading.get_ident() == self._muted or isinstance(
            threading.current_thread(), threading._DummyThread
        )

    def write(self, text: str) -> int:
        if self._is_muted():
            return len(text)
        return self.inner.write(text)

    def flush(self) -> None:
        if not self._is_muted():
            self.inner.flush()

    def isatty(self) -> bool:
        return self.inner.isatty()

    def fileno(self) -> int:
        return self.inner.fileno()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.inner.encoding


@contextlib.contextmanager
def quiet_thread() -> Iterator[None]:
    """Swallow what *this* thread (and threads started from C) print.

    The synthesiser runs on a worker thread while the UI thread may be writing;
    a plain ``redirect_stdout`` would swallow the UI's lines too.
    """
    ident = threading.get_ident()
    out = _ThreadFilter(sys.stdout, ident)
    err = _ThreadFilter(sys.stderr, ident)
    sys.stdout, sys.stderr = out, err
    try:
        yield
    finally:
        # Put back only what is still ours: someone may have swapped it meanwhile.
        if sys.stdout is out:
            sys.stdout = out.inner
        if sys.stderr is err:
            sys.stderr = err.inner
