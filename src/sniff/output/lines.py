"""Announcements as plain lines for terminal screen readers and braille displays.

``--screen line`` writes each announcement as lines of at most
:data:`WIDTH` characters, split at sentence ends (then at commas or spaces),
with no escape codes and the cursor left at the start of a line: a braille
display shows a line at a time, and a terminal screen reader reads each new
line once. A terminal narrower than that gets lines as wide as it is, so
that it never wraps a word in two itself.
"""

from __future__ import annotations

import os
import re
import threading
from typing import TYPE_CHECKING, Any, TextIO

from sniff.enums import SpeechMode

if TYPE_CHECKING:  # (the speech package writes its text lines with this module)
    from sniff.output.speech.base import SpeechBackend

__all__ = [
    "WIDTH",
    "Discard",
    "LineEcho",
    "braille_lines",
    "line_width",
    "one_line",
    "write_lines",
]

#: The longest line written (a braille display has 40 or 80 cells).
WIDTH = 80
#: The narrowest lines written, however narrow the terminal says it is.
NARROWEST = 20
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")


def one_line(text: str) -> str:
    """Fold *text* onto one line.

    >>> one_line("Your turn.\\nYou hold 6 tiles.")
    'Your turn. You hold 6 tiles.'
    """
    return " ".join(part.strip() for part in text.splitlines() if part.strip())


def braille_lines(text: str, width: int = WIDTH) -> list[str]:
    """*text* as lines of at most *width* characters, broken at sentence ends
    where possible, then at commas, then at spaces.

    >>> braille_lines("Anna plays five-three. The count is 13.", 25)
    ['Anna plays five-three.', 'The count is 13.']
    """
    text = _CONTROL.sub(" ", one_line(text)).strip()
    lines: list[str] = []
    current = ""
    for sentence in _SENTENCE_END.split(text):
        for piece in _fit(sentence, width):
            if current and len(current) + 1 + len(piece) <= width:
                current = f"{current} {piece}"
            else:
                if current:
                    lines.append(current)
                current = piece
    if current:
        lines.append(current)
    return lines


def _fit(sentence: str, width: int) -> list[str]:
    """One sentence in pieces of at most *width*: at commas, else at spaces."""
    if len(sentence) <= width:
        return [sentence]
    pieces: list[str] = []
    current = ""
    for word in sentence.split(" "):
        while len(word) > width:  # a word longer than a line (a path): cut it
            if current:
                pieces.append(current)
                current = ""
            cut = _cut(word, width)
            pieces.append(word[:cut])
            word = word[cut:]
        candidate = f"{current} {word}" if current else word
        if len(candidate) <= width:
            current = candidate
            if current.endswith(","):
                pieces.append(current)
                current = ""
        else:
            pieces.append(current)
            current = word
    if current:
        pieces.append(current)
    return pieces


def _cut(word: str, width: int) -> int:
    """Where to cut a word longer than a line: after the last ``/``, ``\\``, ``-``, ``_``
    or ``.`` that fits (the parts of a path or a name), else at the width."""
    found = max(word.rfind(mark, 0, width) for mark in "/\\-_.")
    return found + 1 if found > 0 else width


def line_width(stream: object) -> int:
    """How wide the lines written to *stream* are: :data:`WIDTH`, or less on a
    terminal narrower than that (one column less than it, so that a full line
    never makes a terminal wrap by itself)."""
    fileno = getattr(stream, "fileno", None)
    isatty = getattr(stream, "isatty", None)
    try:
        if callable(fileno) and callable(isatty) and isatty():
            columns = os.get_terminal_size(fileno()).columns
            if columns > 0:  # 0: the terminal does not say
                return max(NARROWEST, min(WIDTH, columns - 1))
    except (OSError, ValueError):  # not a terminal after all, or closed
        pass
    return WIDTH


class LineEcho:
    """Every announcement also becomes lines of text, unless the speech itself is
    lines already (the text backend), so nothing is read twice."""

    def __init__(self, inner: SpeechBackend, stream: TextIO) -> None:
        self.inner = inner
        self.stream = stream
        self._lock = threading.Lock()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # name, label, busy, set_language...

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.inner.speak(text, interrupt=interrupt)
        if self.inner.name != SpeechMode.TEXT:
            write_lines(self.stream, text, self._lock)

    def braille(self, text: str) -> None:
        self.inner.braille(text)

    def silence(self) -> None:
        self.inner.silence()

    def close(self) -> None:
        self.inner.close()


def write_lines(stream: TextIO, text: str, lock: threading.Lock) -> None:
    """Write *text* as braille lines (as wide as :func:`line_width` allows), flushed;
    a stream that cannot encode a character gets a replacement instead of an error."""
    lines = braille_lines(text, line_width(stream))
    if not lines:
        return
    with lock:
        for line in lines:
            try:
                stream.write(line + "\n")
            except UnicodeEncodeError:
                encoding = getattr(stream, "encoding", None) or "ascii"
                stream.write(line.encode(encoding, "replace").decode(encoding) + "\n")
        stream.flush()


class Discard:
    """A text stream that keeps nothing: where text lines go while the full
    screen shows the messages itself."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
