"""The lines of ``--screen line`` as they go out, written so that a screen reader
reading the terminal reads each announcement once, whole, and nothing else.

Measured with Orca 43 reading GNOME Terminal (tests/test_orca_terminal.py and
benchmarks/bench_orca.py), Orca speaks new text in a terminal when the last key
gives it a cause (a printable key, Return, space or Tab) or, failing that, when
the new text ends where the cursor stands. So:

- Each announcement starts on a new line and the cursor stays at the end of
  its last line (the line break comes before the next announcement, or when the
  game ends). The others' plays, which come while no key is pressed, are read;
  a Left or Right key is answered with the game's words and not with "blank"
  (the character at a cursor waiting on an empty line); and a braille display,
  which shows the line of the cursor, shows the newest announcement.
- Announcements made together (a play and the turn after it) go out in one
  write, and writes are at least :data:`SPACING_SECONDS` apart: text followed
  by more before Orca took it no longer ends at the cursor, and Orca dropped it
  (the welcome was lost when the first four announcements came a few
  milliseconds apart).
- The words never scroll the terminal where it can be helped: when a full
  terminal scrolls, it reports the new text together with the line before it,
  and Orca read that line again (4 and 5 announcements of 5-turn games said
  twice). So on a terminal (Linux) the writer keeps count of the rows it wrote,
  and before the words of a key that makes Orca read any new text whatever the
  cursor does (a printable key, Return, space or Tab: :meth:`LineWriter.key`),
  once half the screen is used, it scrolls the screen up by itself (a write of
  its own: Orca reads the new empty lines as nothing) until the last line written
  is the top one, and then writes the words into the empty rows. After an arrow
  key it cannot (Orca would read the moves of the cursor: "blank"), so it makes
  room early, for the arrow keys and the others' plays that follow. Only when
  the screen is full and no such key came since do the words scroll it.

To a pipe or a file the lines go out at once, one announcement after another,
with no escape codes.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import threading
import time
import weakref
from enum import Enum
from typing import TYPE_CHECKING, Any, TextIO

from sniff.enums import SpeechOutput
from sniff.output.lines import braille_lines, is_terminal, line_width

if TYPE_CHECKING:  # (the speech package writes its text lines with this module)
    from sniff.output.speech.base import SpeechBackend

__all__ = [
    "GATHER_SECONDS",
    "LONGEST_WAIT",
    "SPACING_SECONDS",
    "KeyKind",
    "LineEcho",
    "LineWriter",
    "key_kind",
    "write_lines",
    "writer_for",
]

#: Announcements that come within this time of one another go out in one write.
GATHER_SECONDS = 0.04
#: The least time between two writes to a terminal.
SPACING_SECONDS = 0.2
#: The longest an announcement waits to be gathered with others.
LONGEST_WAIT = 0.4
#: How long the terminal may take to say where its cursor stands.
LOCATE_SECONDS = 0.25
_PLACE = re.compile(rb"\x1b\[(\d+);(\d+)R")
#: Between making room on the screen and writing the words: the terminal must report
#: them apart (it reports a scroll and the words after it as one piece, with the line
#: before, which Orca then reads again).
PRELUDE_GAP = 0.15
#: The speech outputs that write the lines themselves (the line echo does not).
_WRITE_THEMSELVES = frozenset({SpeechOutput.TEXT, SpeechOutput.READER})


class KeyKind(str, Enum):
    """What a key is to a terminal screen reader: one after which it reads any new
    text (``cause``), one that moves its cursor (``move``: it reads what the cursor
    lands on), or neither (``other``)."""

    CAUSE = "cause"
    MOVE = "move"
    OTHER = "other"

    def __str__(self) -> str:
        return self.value


_MOVES = frozenset(
    {"left", "right", "up", "down", "home", "end", "pageup", "pagedown", "s-left", "s-right"}
)
_CAUSES = frozenset({"c-m", "enter", "c-j", "c-i", "tab", "space", " "})


def key_kind(name: str) -> KeyKind:
    """The kind of the key called *name* (prompt_toolkit's names: ``"right"``,
    ``"c-m"``, or the character typed).

    >>> [str(key_kind(name)) for name in ("e", "c-m", "right", "f1")]
    ['cause', 'cause', 'move', 'other']
    """
    if name in _MOVES:
        return KeyKind.MOVE
    if name in _CAUSES or (len(name) == 1 and name.isprintable()):
        return KeyKind.CAUSE
    return KeyKind.OTHER


class LineWriter:
    """Writes announcements to one stream as lines (see the module's docstring).
    One writer per stream (:func:`writer_for`): the speech's text lines and the
    line echo may both write to the terminal, and both must know where the
    cursor stands.

    *gather* (by default: whether the stream is a terminal) gathers and spaces
    the writes, on a thread of their own; *screen* (by default: a terminal on
    Linux, where it was measured with Orca) also keeps the rows counted and
    makes room as above. The rows are known from :meth:`locate` on (the terminal
    says where its cursor stands), or from the first time room is made. A failed
    write is raised by the next :meth:`write`.
    """

    def __init__(
        self, stream: TextIO, *, gather: bool | None = None, screen: bool | None = None
    ) -> None:
        self.stream = stream
        self._gather = is_terminal(stream) if gather is None else gather
        self._screen = (self._gather and _moves_cursor()) if screen is None else screen
        self._state = threading.Condition()
        self._open = False  # the cursor stands at the end of a written line
        self._row: int | None = None  # the cursor's row, once known
        self._made_room = False  # room made: the words go on the row below the top one
        # The last key pressed: the game was started with Return, most likely.
        self._key = KeyKind.CAUSE
        self._pending: list[str] = []
        self._first = 0.0  # when the oldest pending announcement came
        self._arrived = 0.0  # when the newest came
        self._written = 0.0  # when the last write went out
        self._error: Exception | None = None
        self._thread: threading.Thread | None = None

    def locate(self, keyboard: TextIO | None = None) -> None:
        """Ask the terminal where its cursor stands (the rows are known from then on, so
        the first announcements go below what is on the screen without scrolling it).
        Call it before anything else reads the keyboard (*keyboard*: ``sys.stdin``),
        as the terminal answers there; one that does not answer within
        :data:`LOCATE_SECONDS` leaves the rows unknown."""
        if not self._screen:
            return
        keyboard = sys.stdin if keyboard is None else keyboard
        with self._state, contextlib.suppress(OSError, ValueError, AttributeError):
            place = _cursor_place(keyboard.fileno(), self.stream)
            if place is not None:
                row, column = place
                self._row = row
                self._open = column > 0

    def key(self, name: str) -> None:
        """The player pressed the key called *name* (its answer is written next)."""
        with self._state:
            self._key = key_kind(name)

    def write(self, text: str) -> None:
        """Write *text* as braille lines (as wide as :func:`line_width` allows),
        flushed; a stream that cannot encode a character gets a replacement."""
        lines = braille_lines(text, line_width(self.stream))
        if not lines:
            return
        block = "\n".join(lines)
        with self._state:
            error, self._error = self._error, None
            if error is not None:
                raise error
            if not self._gather:
                self._pending.append(block)
                self._put()
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
            self._put()
            if self._open:
                self._open = False
                self.stream.write("\n")
                self.stream.flush()

    # -- writing (lock held) -------------------------------------------------------------

    def _put(self, *, prelude_gap: float | None = None) -> None:
        """Write what waits as one announcement's lines. On a managed screen, where
        the rows below are used up and the last key lets a screen reader read any new
        text, first make room: a write of its own, *prelude_gap* seconds before the
        words (the lock is let go meanwhile; what comes meanwhile goes with them)."""
        if self._screen and not self._made_room and self._room_needed():
            height = _height(self.stream)
            _write_at_once(self.stream, "\n" * (height - 1) + f"\x1b[{height - 1}A")
            self._made_room = True
            if prelude_gap:
                self._state.wait(prelude_gap)
        blocks, self._pending = self._pending, []
        if not blocks:
            return
        text = "\n".join(blocks)
        rows = text.count("\n") + 1
        lead = "\n" if self._open or self._made_room else ""
        if self._made_room:
            self._row, self._made_room = rows, False  # below the row made the top one
        elif self._screen and self._row is not None:
            height = _height(self.stream)
            # Below the rows written while they fit; else the words scroll the screen.
            self._row = self._row + rows if self._row + rows < height else height - 1
        _write_at_once(self.stream, lead + text)
        self._open = True
        self._written = time.monotonic()

    def _room_needed(self) -> bool:
        """Whether to make room before what waits: after a key that lets a screen reader
        read any new text, once half the screen is used (early, so that the arrow keys
        and the others' plays that follow find empty rows too) or when it would not fit.
        After another key it cannot (the reader would read the cursor's moves)."""
        if self._key is not KeyKind.CAUSE:
            return False
        height = _height(self.stream)
        rows = sum(block.count("\n") + 1 for block in self._pending)
        row = self._row
        fits = row is not None and row + rows < height
        early = row is None or row >= height // 2
        return rows < height - 1 and (early or not fits)

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
                    self._put(prelude_gap=PRELUDE_GAP)
                except Exception as error:  # the next write raises it, for the chain
                    # What waited is dropped with it (else the thread would try it
                    # again at once, for ever, and hold the lock).
                    self._error, self._pending = error, []


def _cursor_place(keyboard: int, stream: TextIO) -> tuple[int, int] | None:
    """The cursor's (row, column), from 0, as the terminal answers a cursor position
    request on *keyboard*; None where it does not answer in time."""
    import select
    import termios
    import tty

    if not (os.isatty(keyboard) and stream.isatty()):
        return None
    saved = termios.tcgetattr(keyboard)
    try:
        tty.setcbreak(keyboard)  # the answer comes as typed keys: not echoed, not held
        stream.flush()
        os.write(stream.fileno(), b"\x1b[6n")
        answer = b""
        deadline = time.monotonic() + LOCATE_SECONDS
        while b"R" not in answer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([keyboard], [], [], left)[0]:
                return None
            answer += os.read(keyboard, 64)
    finally:
        termios.tcsetattr(keyboard, termios.TCSADRAIN, saved)
    found = _PLACE.search(answer)
    if found is None:
        return None
    return int(found.group(1)) - 1, int(found.group(2)) - 1


def _write_at_once(stream: TextIO, text: str) -> None:
    """Write *text* in one piece, flushed. A terminal's text stream is line-buffered
    and would hand the terminal each line apart, which a terminal reports, and a
    screen reader reads, as separate pieces; so the bytes go to its buffer at once.
    A character the stream cannot encode becomes a replacement, never an error."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    raw = getattr(stream, "buffer", None)
    if raw is None:
        try:
            stream.write(text)
        except UnicodeEncodeError:
            stream.write(text.encode(encoding, "replace").decode(encoding))
        stream.flush()
        return
    stream.flush()  # what the text layer holds goes first
    raw.write(text.replace("\n", os.linesep).encode(encoding, "replace"))
    raw.flush()


def _moves_cursor() -> bool:
    """Whether the terminal takes a cursor movement: Linux, and not a dumb terminal."""
    term = os.environ.get("TERM", "").strip().lower()
    return sys.platform.startswith("linux") and term not in ("", "dumb", "unknown")


def _height(stream: TextIO) -> int:
    """The terminal's rows (24 where it does not say)."""
    try:
        rows = os.get_terminal_size(stream.fileno()).lines
    except (OSError, ValueError, AttributeError):
        return 24
    return rows if rows > 0 else 24


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
