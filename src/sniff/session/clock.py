"""A shared table's sense of time, so that tests can move it on by hand.

Every wait of a table people share (the 2 seconds before a dropped player is
told, the grace before a bot plays for an absent one, the turn timer, 30 idle
minutes: :mod:`sniff.session.policy`) is a :meth:`Clock.call_later`.
:class:`LoopClock` is the event loop's own (the server's); :class:`FakeClock`
fires timers only when a test calls :meth:`FakeClock.advance`, with no event
loop at all.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from typing import Protocol

__all__ = ["Clock", "FakeClock", "LoopClock", "Timer"]


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...


class LoopClock:
    """The running event loop's time and timers."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)


class _FakeTimer:
    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """Time that stands still until :meth:`advance` moves it (tests)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.time = start
        self._timers: list[tuple[float, int, _FakeTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        timer = _FakeTimer()
        heapq.heappush(self._timers, (self.time + delay, next(self._order), timer, callback))
        return timer

    def advance(self, seconds: float) -> None:
        """Move time on by *seconds*, firing every timer due on the way, in order."""
        end = self.time + seconds
        while self._timers and self._timers[0][0] <= end:
            when, _, timer, callback = heapq.heappop(self._timers)
            self.time = max(self.time, when)
            if not timer.cancelled:
                callback()
        self.time = end
