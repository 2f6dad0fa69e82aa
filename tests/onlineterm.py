"""A terminal game at an online table, played by keys from a test: the real
``run_online`` (the screens of ``sniff host`` and ``sniff join``) in a thread of its
own, its keys through a pipe, its words recorded.

:class:`OnlineTerminal` starts it with a request (``join``, ``watch``, ``resume``,
``create``); :meth:`OnlineTerminal.wait_said` waits (bounded) until something said
holds a text; :meth:`OnlineTerminal.press` types keys; :meth:`OnlineTerminal.end`
closes its input (the terminal closed) and waits for the game to end. Every wait
is bounded.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.i18n import translator
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.storage import Settings
from sniff.ui.app import build_context
from sniff.ui.online import run_online

TIMEOUT = 20.0


class OnlineTerminal:
    """One terminal at a table (see the module docstring)."""

    def __init__(
        self,
        url: str,
        request: dict[str, Any],
        *,
        name: str = "Ada",
        language: str = "en",
        hosted: Any = None,
    ) -> None:
        self.speech = RecordingSpeech()
        self.ctx = build_context(
            Settings(pace=0), translator(language), speech=self.speech, sound=NullPlayer()
        )
        self._pipe_cm = create_pipe_input()
        self.pipe = self._pipe_cm.__enter__()
        self.result: list[int] = []
        self.error: list[BaseException] = []

        def run() -> None:
            try:
                code = run_online(
                    self.ctx, url, request, name=name, hosted=hosted, input=self.pipe,
                    output=DummyOutput(),
                )  # fmt: skip
                self.result.append(code)
            except BaseException as error:  # (a test reads it)
                self.error.append(error)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    @property
    def said(self) -> list[str]:
        return list(self.speech.texts)

    def wait(self, test: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while not test():
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout} s for {what}; said {self.said[-6:]}")
            if self.error:
                raise self.error[0]
            time.sleep(0.02)

    def wait_said(self, text: str, *, after: int = 0, timeout: float = TIMEOUT) -> str:
        """The first thing said (from index *after* on) that holds *text*."""
        found: list[str] = []

        def test() -> bool:
            found[:] = [t for t in self.said[after:] if text in t]
            return bool(found)

        self.wait(test, repr(text), timeout)
        return found[0]

    def press(self, keys: str) -> None:
        self.pipe.send_text(keys)

    def end(self, timeout: float = TIMEOUT) -> None:
        """The terminal closes: its input ends, and the game must end by itself."""
        self.pipe.close()
        self.thread.join(timeout)
        assert not self.thread.is_alive(), f"the game did not end; said {self.said[-4:]}"
        self._pipe_cm.__exit__(None, None, None)
