"""One thread that owns a speech engine and runs every job on it, in order.

Speech engines keep global state (eSpeak-NG one voice and one callback per
process, SAPI5 its COM apartment, pyttsx3 its driver), so the engine is made
and used on one daemon thread; callers hand jobs over and wait for them.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

from sniff.output.speech.base import SpeechError

__all__ = ["RENDER_TIMEOUT", "JobThread"]

_T = TypeVar("_T")

#: Generous: a long sentence renders in well under a second, but a machine under
#: load must not drop speech for nothing.
RENDER_TIMEOUT = 20.0


class JobThread:
    """Runs jobs on one daemon thread; *opener* runs there once, before the first job.

    If *opener* fails, that failure is raised to the caller of every job (the
    engine cannot start); a job that takes longer than its timeout marks the
    engine stuck, and every later job fails at once.
    """

    def __init__(self, name: str, *, opener: Callable[[], None] | None = None) -> None:
        self._name = name
        self._opener = opener
        self._opened = False
        self._jobs: queue.Queue[tuple[Callable[[], Any], Future[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._stuck = False
        self.on_start: Callable[[], None] | None = None  # run first on the thread

    def run(self, job: Callable[[], _T], timeout: float = RENDER_TIMEOUT) -> _T:
        """Run *job* on the thread and return its result (or raise its exception)."""
        if self._stuck:
            raise SpeechError("the speech synthesiser stopped responding")
        self._ensure_thread()
        future: Future[Any] = Future()
        self._jobs.put((job, future))
        try:
            result: _T = future.result(timeout)
        except FutureTimeout as error:
            self._stuck = True
            raise SpeechError("the speech synthesiser stopped responding") from error
        return result

    def _ensure_thread(self) -> None:
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()

    def _loop(self) -> None:
        if self.on_start is not None:
            self.on_start()
        while True:
            job, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                if not self._opened and self._opener is not None:
                    self._opener()  # raises again for every job until it works
                self._opened = True
                future.set_result(job())
            except BaseException as error:  # handed to the waiting caller, not lost
                future.set_exception(error)
