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

:class:`GamePage` is one tab on the page with every frame it got kept;
:func:`play_by_keys` plays its seat by keys alone, and
:func:`check_said_in_order` checks that every word the server said reached the
page's live regions once and in order.

Every page gets :data:`RECORDER` before its own script: it notes each
paragraph added to the log region and to the assertive region, in order, with
its time, as a screen reader would be told of them, and each move of the focus
(region ``focus``, the element's id), which a screen reader reads too.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from sniff.announce.web import page_words
from sniff.i18n import translator
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


class GamePage:
    """One browser tab on the server's page, with every frame it got kept."""

    def __init__(self, new_context: Any, web: WebServer, *, width: int = 1100,
                 height: int = 900, scale: float = 1.0) -> None:  # fmt: skip
        self.context = new_context(
            viewport={"width": width, "height": height}, device_scale_factor=scale
        )
        self.page = self.context.new_page()
        self.web = web
        self.frames: list[dict[str, Any]] = []
        self.errors: list[str] = []
        page = self.page
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)
        page.on("websocket", self._socket)
        page.add_init_script(RECORDER)
        page.add_init_script("localStorage.setItem('sniff-pace', '0')")

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def close(self) -> None:
        self.context.close()

    def open(self, path: str = "/") -> None:
        self.page.goto(self.web.url + path)

    def create(self, name: str, seats: list[str], *, target: int = 10) -> None:
        page = self.page
        page.fill("#name", name)
        page.select_option("#players", str(len(seats) + 1))
        for index, kind in enumerate(seats, start=2):
            page.select_option(f"#seat-{index}", kind)
        page.fill("#target", str(target))
        page.focus("#create")
        page.keyboard.press("Enter")

    def heard(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.evaluate("window.__heard")
        return result

    def said(self) -> tuple[list[str], list[str]]:
        """What the server said, split as the page must show it: (log, assertive)."""
        log: list[str] = []
        alert: list[str] = []
        for frame in self.frames:
            if frame["type"] != "say":
                continue
            for item in frame["items"]:
                if (
                    "answer" in frame
                    or item["kind"] == "refusal"
                    or (item.get("cue") == "invalid" and item["interrupt"])
                ):
                    alert.append(item["text"])
                else:
                    log.append(item["text"])
        return log, alert

    def wait_for_frames(self, count: int, timeout: float = 20.0) -> None:
        wait_until(lambda: len(self.frames) > count, self.page, timeout, "a frame")

    def visible(self, selector: str) -> bool:
        return bool(self.page.is_visible(selector))

    def over(self) -> bool:
        return self.visible("#over")

    def key(self, key: str) -> None:
        count = len(self.frames)
        self.page.keyboard.press(key)
        self.wait_for_frames(count)


def play_by_keys(game: GamePage, *, stop_after: int | None = None, timeout: float = 60.0) -> int:
    """Play the seat by keys alone until the game is over (or *stop_after* keys)."""
    page = game.page
    deadline = time.monotonic() + timeout
    keys = 0
    while not game.over():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the game did not end; last frames {game.frames[-3:]}")
        if stop_after is not None and keys >= stop_after:
            return keys
        playable = game.visible("#play-button") and page.locator("#hand .playable").count()
        if game.visible("#ready-button") or playable:
            key = "Enter"
        elif game.visible("#draw-button"):
            key = "d"
        elif game.visible("#pass-button"):
            key = "p"
        else:
            page.wait_for_timeout(15)
            continue
        assert page.evaluate("document.activeElement.id") == "play", "focus left the game"
        game.key(key)
        keys += 1
        page.wait_for_timeout(20)
    return keys


def check_said_in_order(game: GamePage, language: str) -> None:
    """Every item the server said reached its live region, once and in order."""
    log, alert = game.said()
    local = page_words(translator(language))["record_ready"]  # the page's own line

    def shown() -> str:
        # The items that came together are one element of the log (live.js gathers them).
        text = " ".join(h["text"] for h in game.heard() if h["region"] == "log")
        return " ".join(part.strip() for part in text.split(local) if part.strip())

    wait_until(lambda: len(shown()) >= len(" ".join(log)), game.page, 10, "the log to catch up")
    heard = game.heard()
    shown_alert = [h["text"] for h in heard if h["region"] == "alert"]
    assert shown() == " ".join(log)
    assert shown_alert == alert
    times = [h["t"] for h in heard]
    assert times == sorted(times)
