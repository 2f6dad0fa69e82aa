"""Announcements as plain lines for terminal screen readers and braille displays.

``--screen line`` writes each announcement as lines of at most
:data:`WIDTH` characters, split at sentence ends (then at commas or spaces),
with no escape codes. A terminal narrower than that gets lines as wide as it
is, so that it never wraps a word in two itself.

Each announcement starts on a new line and the cursor stays at the end of its
last line: the line break comes before the next announcement, or when the
game ends. Measured with Orca reading a GNOME terminal: Orca speaks new text
that ends where the cursor stands, so every announcement is read once and in
order, also while no key was pressed (the others' plays); a Left or Right key
is answered with the game's words and not with "blank" (the character at a
cursor waiting on an empty line); and a braille display, which shows the
line of the cursor, shows the newest announcement. An announcement is
written at once, so a reader takes its lines as one message.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
import weakref
from typing import TYPE_CHECKING, Any, TextIO

from sniff.enums import SpeechOutput

if TYPE_CHECKING:  # (the speech package writes its text lines with this module)
    from sniff.output.speech.base import SpeechBackend

__all__ = [
    "WIDTH",
    "Discard",
    "LineEcho",
    "LineWriter",
    "braille_lines",
    "is_terminal",
    "line_width",
    "one_line",
    "write_lines",
    "writer_for",
]

#: The longest line written (a braille display has 40 or 80 cells).
WIDTH = 80
#: The narrowest lines written, however narrow the terminal says it is.
NARROWEST = 20
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+")
#: The speech outputs that write the lines themselves (the line echo does not).
_WRITE_THEMSELVES = frozenset({SpeechOutput.TEXT, SpeechOutput.READER})


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


#: Announcements that come within this time of one another go out in one write.
GATHER_SECONDS = 0.04
#: The least time between two writes to a terminal.
SPACING_SECONDS = 0.2
#: The longest an announcement waits to be gathered with others.
LONGEST_WAIT = 0.4
#: On a terminal the line break before an announcement goes out this long before its
#: words. At the bottom of a full terminal a line break adds a line, and the terminal
#: reports the break and the words as one piece of new text that begins on the line
#: before: Orca then reads that line again (measured: once the terminal had filled,
#: every announcement came with the one before it).
NEWLINE_GAP = 0.05


class LineWriter:
    """Writes announcements to one stream as lines, the cursor left at the end of the
    newest (see the module's docstring). One writer per stream (:func:`writer_for`):
    the speech's text lines and the line echo may both write to the terminal, and
    both must know whether the cursor stands at the end of a line.

    On a terminal the writes are gathered and spaced (*gather*, by default: whether
    the stream is a terminal): announcements made together (a play and the turn
    that follows it) go out in one write, writes are at least
    :data:`SPACING_SECONDS` apart, and the line break before one goes out on its
    own (:data:`NEWLINE_GAP`). Orca reads each piece of new text when it gets
    to it; text that was followed by more before then no longer ends at the cursor,
    and Orca drops it (measured with Orca 43: the welcome was lost when the first
    four announcements came a few milliseconds apart). A failed write is raised by
    the next :meth:`write`.
    """

    def __init__(self, stream: TextIO, *, gather: bool | None = None) -> None:
        self.stream = stream
        self._gather = is_terminal(stream) if gather is None else gather
        self._state = threading.Condition()
        self._open = False  # the cursor stands at the end of a written line
        self._pending: list[str] = []
        self._first = 0.0  # when the oldest pending announcement came
        self._arrived = 0.0  # when the newest came
        self._written = 0.0  # when the last write went out
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None

    def write(self, text: str) -> None:
        """Write *text* as braille lines (as wide as :func:`line_width` allows), flushed
        (on a terminal: gathered and spaced, on its own thread); a stream that cannot
        encode a character gets a replacement instead of an error."""
        lines = braille_lines(text, line_width(self.stream))
        if not lines:
            return
        block = "\n".join(lines)
        with self._state:
            error, self._error = self._error, None
            if error is not None:
                raise error
            if not self._gather:
                self._put([block])
                return
            now = time.monotonic()
            if not self._pending:
                self._first = now
            self._pending.append(block)
            self._arrived = now
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="lines", daemon=True)
                self._thread.start()
            self._state.notify_all()

    def finish(self) -> None:
        """Write what waits, and end the newest line: the game ends, and what follows
        starts on a line of its own."""
        with self._state, contextlib.suppress(OSError, ValueError):  # a stream closed already
            if self._pending:
                blocks, self._pending = self._pending, []
                self._put(blocks)
            if self._open:
                self._open = False
                self.stream.write("\n")
                self.stream.flush()

    def _put(self, blocks: list[str]) -> None:
        """Write *blocks* at once (lock held)."""
        text = "\n".join(blocks)
        if self._open:
            text = "\n" + text
        try:
            self.stream.write(text)
        except UnicodeEncodeError:
            encoding = getattr(self.stream, "encoding", None) or "ascii"
            self.stream.write(text.encode(encoding, "replace").decode(encoding))
        self._open = True
        self.stream.flush()
        self._written = time.monotonic()

    def _run(self) -> None:
        with self._state:
            while True:
                while not self._pending:
                    self._state.wait()
                due = max(self._arrived + GATHER_SECONDS, self._written + SPACING_SECONDS)
                due = min(due, max(self._first + LONGEST_WAIT, self._written + SPACING_SECONDS))
                wait = due - time.monotonic()
                if wait > 0:
                    self._state.wait(wait)
                    continue  # more may have come meanwhile
                try:
                    if self._open:
                        # The line break alone first: see NEWLINE_GAP.
                        self._open = False
                        self.stream.write("\n")
                        self.stream.flush()
                        self._state.wait(NEWLINE_GAP)
                    blocks, self._pending = self._pending, []
                    self._put(blocks)
                except Exception as error:  # the next write raises it, for the chain
                    self._error = error


def is_terminal(stream: object) -> bool:
    """Whether *stream* is a terminal (a closed one is not)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(callable(isatty) and isatty())
    except (OSError, ValueError):  # closed
        return False


_writers: weakref.WeakKeyDictionary[Any, LineWriter] = weakref.WeakKeyDictionary()
_writers_lock = threading.Lock()


def writer_for(stream: TextIO) -> LineWriter:
    """The one :class:`LineWriter` of *stream*."""
    with _writers_lock:
        writer = _writers.get(stream)
        if writer is None:
            writer = _writers[stream] = LineWriter(stream)
        return writer


def write_lines(stream: TextIO, text: str) -> None:
    """Write *text* to *stream* as lines, through its one :func:`writer_for`."""
    writer_for(stream).write(text)


class LineEcho:
    """Every announcement also becomes lines of text, unless the speech writes them
    itself (text lines; a screen reader that reads them), so nothing is read twice."""

    def __init__(self, inner: SpeechBackend, stream: TextIO) -> None:
        self.inner = inner
        self.stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # name, label, busy, set_language...

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.inner.speak(text, interrupt=interrupt)
        if self.inner.name not in _WRITE_THEMSELVES:
            writer_for(self.stream).write(text)

    def braille(self, text: str) -> None:
        self.inner.braille(text)

    def silence(self) -> None:
        self.inner.silence()

    def close(self) -> None:
        try:
            self.inner.close()
        finally:
            writer_for(self.stream).finish()


class Discard:
    """A text stream that keeps nothing: where text lines go while the full
    screen shows the messages itself."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass
