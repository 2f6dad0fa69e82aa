"""Announcements as plain lines on a terminal stream.

Terminal screen readers (Orca, NVDA in a console, Speakup, Fenrir) read new
lines as they appear, and a braille display follows the cursor, so writing a
line is both speech and braille here.
"""

from __future__ import annotations

import sys
from typing import TextIO

from sniff.enums import SpeechOutput
from sniff.output.lines import one_line
from sniff.output.terminal_lines import writer_for

__all__ = ["TextSpeech", "one_line"]  # one_line: kept here for its old importers


class TextSpeech:
    """Writes every announcement as new lines and flushes them at once (the cursor
    stays at the end of the newest: :mod:`sniff.output.terminal_lines`)."""

    name = SpeechOutput.TEXT
    #: A written line is read at once: the game never waits for it.
    busy = False

    def __init__(self, stream: TextIO | None = None) -> None:
        # Taken now, not at each write: something else may swap sys.stdout for
        # a moment later (the voice hides the synthesiser's chatter that way).
        self._stream: TextIO = stream if stream is not None else sys.stdout

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Write *text* as lines of at most 80 characters, split at sentence ends
        (see :func:`sniff.output.lines.braille_lines`); *interrupt* means nothing
        for lines already written."""
        writer_for(self._stream).write(text)

    def braille(self, text: str) -> None:
        """Nothing extra: the spoken line already is on the braille display."""

    def silence(self) -> None:
        """Lines already written cannot be taken back."""

    def close(self) -> None:
        """End the last line; the stream belongs to the caller and stays open."""
        writer_for(self._stream).finish()
