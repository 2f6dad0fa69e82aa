"""Announcements as plain lines for terminal screen readers and braille displays.

``--screen line`` writes each announcement as lines of at most
:data:`WIDTH` characters, split at sentence ends (then at commas or spaces),
with no colours. A terminal narrower than that gets lines as wide as it is,
so that it never wraps a word in two itself. How the lines go out on a
terminal is :mod:`sniff.output.terminal_lines`.
"""

from __future__ import annotations

import os
import re

__all__ = [
    "NARROWEST",
    "WIDTH",
    "Discard",
    "braille_lines",
    "is_terminal",
    "line_width",
    "one_line",
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


def is_terminal(stream: object) -> bool:
    """Whether *stream* is a terminal (a closed one is not)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(callable(isatty) and isatty())
    except (OSError, ValueError):  # closed
        return False


class Discard:
    """A text stream that keeps nothing: where text lines go while the full
    screen shows the messages itself."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
