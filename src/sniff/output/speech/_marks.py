"""What became of each text a speech output was given: the bookkeeping behind
:class:`~sniff.output.speech.base.EndReporter`.

A backend hands out one mark per text (:meth:`MarkBook.new`) and settles it
from whichever thread learns the outcome (Speech Dispatcher's reader thread,
the voice's worker); the interface's thread reads it (:meth:`MarkBook.get`)
without waiting. The book keeps the newest :data:`KEPT` marks; an older one
reads :attr:`~sniff.enums.Heard.UNKNOWN`, as the protocol allows.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from sniff.enums import Heard

__all__ = ["KEPT", "MarkBook"]

#: Marks remembered per backend: far more than a round's announcements.
KEPT = 512


class MarkBook:
    """Marks (increasing integers) and what became of their texts.

    >>> book = MarkBook()
    >>> first = book.new()
    >>> book.get(first)
    <Heard.PENDING: 'pending'>
    >>> book.settle(first, Heard.END)
    >>> book.get(first), book.get(first + 1), book.get("not a mark")
    (<Heard.END: 'end'>, <Heard.UNKNOWN: 'unknown'>, <Heard.UNKNOWN: 'unknown'>)
    """

    def __init__(self, size: int = KEPT) -> None:
        self._size = size
        self._states: OrderedDict[int, Heard] = OrderedDict()
        self._next = 0
        self._lock = threading.Lock()

    def new(self, state: Heard = Heard.PENDING) -> int:
        """A fresh mark, *state* until settled (a text with no words is born ``END``)."""
        with self._lock:
            self._next += 1
            self._states[self._next] = state
            while len(self._states) > self._size:
                self._states.popitem(last=False)
            return self._next

    def settle(self, mark: int, state: Heard) -> None:
        """Record what became of *mark*'s text (a forgotten mark is left forgotten)."""
        with self._lock:
            if mark in self._states:
                self._states[mark] = state

    def cut(self, mark: int) -> None:
        """*mark*'s text was cut off or dropped, unless it had already ended."""
        with self._lock:
            if self._states.get(mark) not in (None, Heard.END):
                self._states[mark] = Heard.CUT

    def get(self, mark: object) -> Heard:
        """What became of *mark*'s text (``UNKNOWN`` for a mark not of this book)."""
        if not isinstance(mark, int) or isinstance(mark, bool):
            return Heard.UNKNOWN
        with self._lock:
            return self._states.get(mark, Heard.UNKNOWN)
