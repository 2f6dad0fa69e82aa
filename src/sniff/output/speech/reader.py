"""The screen reader that reads the terminal: the game writes, the reader speaks.

Orca in a GNOME terminal, NVDA or JAWS in a Windows console, VoiceOver in the
macOS Terminal, Speakup or Fenrir on the Linux console: each reads what a
program writes, by itself, in its own voice and braille, and stops when a key
is pressed. While one does, the game writes each announcement as lines
(:mod:`sniff.output.terminal_lines`) and says nothing itself: a second voice saying the
same words would be cut off by the reader's, or cut the reader's, and every
sentence would come twice (measured with Orca: 96 of 107 sentences said twice
when the game also spoke through Speech Dispatcher).

The reader is looked for again every :data:`WATCH_SECONDS` on a thread of its
own. When it quits (Orca crashed, NVDA was closed) the backend fails at once
(:class:`~sniff.output.speech.base.FailureReporter`), so the chain falls back to
the game's own speech with a notice; the lines go on being written. When the
reader runs again, :meth:`TerminalReaderSpeech.reconnect` lets the chain take it
back. What the reader said to its end cannot be known: every text is
:attr:`~sniff.enums.Heard.UNKNOWN`.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from sniff.enums import SpeechOutput, SpeechProblem
from sniff.output.speech import probe
from sniff.output.speech.base import SpeechError, SpeechUnavailable
from sniff.output.speech.probe import ReaderSeen
from sniff.output.terminal_lines import writer_for

__all__ = ["WATCH_SECONDS", "ReaderArrival", "TerminalReaderSpeech"]

_log = logging.getLogger(__name__)

#: How often the reader is looked for while the game runs.
WATCH_SECONDS = 2.0


def _look() -> ReaderSeen | None:
    # Looked up at each call, not bound once: the tests replace it.
    return probe.terminal_reader()


class TerminalReaderSpeech:
    """Announcements as lines on *stream* for the screen reader that reads it.

    Raises :class:`SpeechUnavailable` (``no-screen-reader``) when no reader reads
    this terminal. *find* looks for the reader (tests give their own); *watch*
    False looks only when asked (no thread).
    """

    name = SpeechOutput.READER
    #: The reader reads at its own pace and cannot be asked whether it still speaks.
    busy = None

    def __init__(
        self,
        stream: TextIO | None = None,
        *,
        find: Callable[[], ReaderSeen | None] | None = None,
        watch: bool = True,
    ) -> None:
        self._stream: TextIO = stream if stream is not None else sys.stdout
        self._find = find or _look
        seen = self._find()
        if seen is None:
            raise SpeechUnavailable(
                "no screen reader reads this terminal", SpeechProblem.NO_SCREEN_READER
            )
        self.seen: ReaderSeen = seen
        self.label: str = seen.name
        self._gone = False
        self._closed = threading.Event()
        self.on_failure: Callable[[], None] | None = None
        self._watcher: threading.Thread | None = None
        if watch:
            self._watcher = threading.Thread(target=self._watch, name="reader-watch", daemon=True)
            self._watcher.start()

    # -- the SpeechBackend interface ---------------------------------------------

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Write *text* for the reader (a key already made the reader stop: *interrupt*
        needs nothing more)."""
        self.check(unsaid=text)
        writer_for(self._stream).write(text)

    def braille(self, text: str) -> None:
        """Nothing: the reader brailles the line it reads."""

    def silence(self) -> None:
        """Nothing: the reader stops speaking at a key by itself."""

    def close(self) -> None:
        self._closed.set()
        writer_for(self._stream).finish()

    # -- coming and going ---------------------------------------------------------

    def check(self, unsaid: str | None = None) -> None:
        """Raise :class:`SpeechError` (``gone``) once the reader was seen to go; the text
        not written yet (*unsaid*) goes to the next output."""
        if self._gone:
            error = SpeechError(f"{self.label} stopped reading this terminal", SpeechProblem.GONE)
            if unsaid:
                error.unsaid = [unsaid]
            raise error

    def reconnect(self) -> None:
        """Take the terminal back when the reader runs again (raises while it does not)."""
        seen = self._find()
        if seen is None:
            raise SpeechUnavailable(f"{self.label} is not running", SpeechProblem.NO_SCREEN_READER)
        self.seen, self.label, self._gone = seen, seen.name, False

    def _watch(self) -> None:
        while not self._closed.wait(WATCH_SECONDS):
            if self._gone:
                continue  # the chain reconnects when it is back
            try:
                present = self._find() is not None
            except Exception:  # looking must not end the watch
                _log.debug("looking for the screen reader failed", exc_info=True)
                continue
            if not present:
                self._gone = True
                report = self.on_failure
                if report is not None:
                    try:
                        report()
                    except Exception:  # the next speak falls back anyway
                        _log.debug("on_failure failed", exc_info=True)


class ReaderArrival:
    """Looks for a screen reader that starts after the game (every
    :data:`WATCH_SECONDS`, on a thread of its own) and tells *on_arrival* once,
    from that thread, when one reads the terminal. :meth:`stop` ends the look."""

    def __init__(
        self,
        on_arrival: Callable[[ReaderSeen], None],
        *,
        find: Callable[[], ReaderSeen | None] | None = None,
        every: float = WATCH_SECONDS,
    ) -> None:
        self._on_arrival = on_arrival
        self._find = find or _look
        self._every = every
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._look, name="reader-arrival", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()

    def _look(self) -> None:
        while not self._stopped.wait(self._every):
            try:
                seen = self._find()
            except Exception:  # looking must not end the look
                _log.debug("looking for a screen reader failed", exc_info=True)
                continue
            if seen is not None:
                self._stopped.set()
                try:
                    self._on_arrival(seen)
                except Exception:  # a faulty callback must not end the game
                    _log.debug("the arrival callback failed", exc_info=True)
                return
