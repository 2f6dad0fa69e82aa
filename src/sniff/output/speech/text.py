"""Announcements as plain lines on a terminal stream.

Terminal screen readers (Orca, NVDA in a console, Speakup, Fenrir) read new
lines as they appear, and a braille display follows the cursor, so writing a
line is both speech and braille here.
"""

from __future__ import annotations

import sys
import threading
from typing import TextIO

__all__ = ["TextSpeech", "one_line"]


def one_line(text: str) -> str:
    """Fold ``text`` onto one line, so one announcement is one line.

    >>> one_line("Your turn.\\nYou hold 6 tiles.")
    'Your turn. You hold 6 tiles.'
    """
    return " ".join(part.strip() for part in text.splitlines() if part.strip())


class TextSpeech:
    """Writes every announcement as a new line and flushes it at once."""

    name = "text"
    #: A written line is read at once: the game never waits for it.
    busy = False

    def __init__(self, stream: TextIO | None = None) -> None:
        # Taken now, not at each write: something else may swap sys.stdout for
        # a moment later (the voice hides the synthesiser's chatter that way).
        self._stream: TextIO = stream if stream is not None else sys.stdout
        self._lock = threading.Lock()

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Write ``text`` as one line; ``interrupt`` means nothing for a line of text."""
        line = one_line(text)
        if not line:
            return
        with self._lock:
            try:
                self._stream.write(line + "\n")
            except UnicodeEncodeError:
                # A legacy console code page must not silence the game over one
                # symbol: write what the console can show.
                encoding = getattr(self._stream, "encoding", None) or "ascii"
                safe = line.encode(encoding, "replace").decode(encoding)
                self._stream.write(safe + "\n")
            self._stream.flush()

    def braille(self, text: str) -> None:
        """Nothing extra: the spoken line already is on the braille display."""

    def silence(self) -> None:
        """Lines already written cannot be taken back."""

    def close(self) -> None:
        """Flush; the stream belongs to the caller and stays open."""
        with self._lock:
            self._stream.flush()
