"""The web page's tests: a real server in a thread of its own, and Chromium.

:class:`WebServer` runs a real :class:`~sniff.server.app.SniffServer` (bots
deciding in its loop, seeded) on 127.0.0.1 in its own thread and event loop,
so a test can drive a browser from the main thread while scripted network
players (:class:`netplay.Player`) play in the server's loop.

:func:`launch_chromium` launches Debian's ``chromium`` for pytest-playwright
(a browser cannot be downloaded here); where it or Playwright is missing, the
browser tests skip with one line saying how to get it. pytest-playwright keeps
one Playwright for the whole session; here one serves a test module and stops
at its end (:func:`module_playwright`): Playwright's synchronous API holds an
event loop in the main thread while it runs, which would stop every later test
that runs its own (``asyncio.run``).

Every page gets :data:`RECORDER` before its own script: it notes each
paragraph added to the log region and to the assertive region, in order, with
its time, as a screen reader would be told of them, and each move of the focus
(region ``focus``, the element's id), which a screen reader reads too.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from sniff.server.app import ServerOptions, SniffServer
from sniff.server.limits import ServerLimits
from sniff.session.table import InlineThinker

T = TypeVar("T")

#: Where Chromium is: ``SNIFF_CHROMIUM``, else Debian's ``chromium`` on the PATH.
CHROMIUM = os.environ.get("SNIFF_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: How it runs here: headless, without a sandbox (root in a container), and never
#: reaching any other site.
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SKIP_LINE = (
    "browser tests need Chromium and Playwright: apt-get install chromium; pip install -e '.[test]'"
)

#: Notes every paragraph the page adds to its live regions (see the module docstring).
RECORDER = """
window.__heard = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const box = change.target;
    if (!(box instanceof Element) || (box.id !== "log" && box.id !== "alert")) continue;
    for (const node of change.addedNodes) {
      if (node.nodeType === 1 && node.tagName === "P") {
        window.__heard.push({region: box.id, text: node.textContent, t: performance.now(),
                             wall: Date.now()});
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
document.addEventListener("focusin", (event) => {
  window.__heard.push({region: "focus", text: event.target.id || "", t: performance.now()});
});
"""


class WebServer:
    """A real server in a thread of its own (see the module docstring)."""

    def __init__(
        self,
        data: Path,
        *,
        seed: int | None = 1,
        limits: ServerLimits | None = None,
        **options: Any,
    ) -> None:
        self.data = data
        self.seed = seed
        self.options = options
        self.limits = limits or ServerLimits()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: SniffServer | None = None

    def __enter__(self) -> WebServer:
        self.thread.start()
        opts = ServerOptions(
            self.data, host="127.0.0.1", port=0, seed=self.seed, limits=self.limits,
            **self.options,
        )  # fmt: skip
        self.server = SniffServer(opts, thinker=InlineThinker())
        self.run(self.server.start())
        return self

    def __exit__(self, *exc: object) -> None:
        if self.server is not None:
            with contextlib.suppress(Exception):
                self.run(self.server.close())
        with contextlib.suppress(Exception):
            self.run(_cancel_the_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        """Run *coroutine* in the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def call(self, function: Callable[[], T]) -> T:
        async def call() -> T:
            return function()

        return self.run(call())

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.port}"

    @property
    def ws(self) -> str:
        assert self.server is not None
        return f"ws://127.0.0.1:{self.server.port}/ws"


async def _cancel_the_rest() -> None:
    """Every task the server left (a sync it would do later): cancelled, and awaited."""
    rest = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in rest:
        task.cancel()
    await asyncio.gather(*rest, return_exceptions=True)


def module_playwright() -> Iterator[Any]:
    """Playwright for one test module (the body of a module-scoped override of
    pytest-playwright's ``playwright`` fixture): skips with :data:`SKIP_LINE`
    without Chromium or Playwright, and stops at the module's end (see the
    module docstring)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason=SKIP_LINE)
    if not Path(CHROMIUM).exists():
        pytest.skip(SKIP_LINE)
    with sync_api.sync_playwright() as playwright:
        yield playwright


def launch_chromium(browser_type: Any, launch_args: dict[str, Any]) -> Iterator[Any]:
    """Debian's Chromium, launched by pytest-playwright's *launch_args* (``--headed``,
    ``--slowmo``) with :data:`FLAGS`; closed at the end."""
    args = [*launch_args.get("args", []), *FLAGS]
    headless = launch_args.get("headless", True)
    if not headless:
        args.remove("--headless")
    browser = browser_type.launch(
        **{**launch_args, "args": args, "headless": headless}, executable_path=CHROMIUM
    )
    try:
        yield browser
    finally:
        browser.close()


def wait_until(test: Callable[[], bool], page: Any, timeout: float = 20.0, what: str = "") -> None:
    """Wait (bounded) until *test* holds, letting the page's events in meanwhile."""
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout} s for {what or test}")
        page.wait_for_timeout(5)
