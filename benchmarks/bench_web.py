"""The web page's figures, on loopback, with Debian's Chromium (python benchmarks/bench_web.py).

- ``page_to_first_announcement_ms``: a page opened at a table's address
  (``/t/CODE``), its name filled in and the seat taken as soon as the page is
  ready, to the first announcement in its log (the page's own clock, from the
  start of navigation). Goal: at most 500 ms.
- ``play_to_browser_log_p95_ms``: another seat's action, sent by a scripted
  player on the network, to its words in this page's log (both clocks are this
  machine's wall clock), the page's queue of words empty when it is sent (the
  page spaces the items of a burst 100 ms apart for screen readers: a play
  that comes while three items wait is shown after them, by design).
  Goal: at most 50 ms.

Bounded in count and time; ``--quick`` takes fewer samples. The load average is
printed with the figures: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from figures import emit, percentile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from netplay import Player  # noqa: E402
from sniff.server.limits import ServerLimits  # noqa: E402
from webplay import CHROMIUM, FLAGS, RECORDER, WebServer, wait_until  # noqa: E402

#: The page takes its seat as soon as it is ready (a person would type a name first).
SIT_AT_ONCE = """
document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("name").value = "Ada";
  document.getElementById("join-form").requestSubmit();
});
"""
#: (Polled from here: the page's policy allows no script made from a string in it.)
ANY_LOG = "window.__heard.slice({seen}).some((h) => h.region === 'log')"
FIRST = ANY_LOG.format(seen=0)
#: The page's gap between two items in its live regions (live.js, GAP_MS): a burst of
#: words is spread out so that a screen reader reads each one.
GAP_S = 0.1
LIMITS = ServerLimits(messages_per_second=1000.0, message_burst=1000, tables_per_address=100)


def _said(page: Any, script: str) -> Callable[[], bool]:
    """Whether *script*, run in the page, finds what it looks for."""
    return lambda: bool(page.evaluate(script))


def _figures(times: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(percentile(times, 0.5), 1),
        "p95_ms": round(percentile(times, 0.95), 1),
        "max_ms": round(max(times), 1),
        "samples": len(times),
    }


async def _table(web: WebServer, seats: list[str], target: int = 500) -> Player:
    host = Player(web.ws, "Ben", plays=False)
    await host.open()
    await host.send(
        {"type": "create", "name": "Ben", "preset": "sniff", "seats": seats, "target": target}
    )
    await host.wait_for(lambda: host.code is not None)
    return host


def first_announcement(browser: Any, web: WebServer, count: int) -> list[float]:
    """Open a page at a fresh table's address *count* times: ms to its first words."""
    times = []
    for _ in range(count):
        host = web.run(_table(web, ["person", "person"]))
        context = browser.new_context()
        page = context.new_page()
        page.add_init_script(RECORDER)
        page.add_init_script(SIT_AT_ONCE)
        page.goto(f"{web.url}/t/{host.code}")
        wait_until(_said(page, FIRST), page, 10, "the first words")
        first = page.evaluate("window.__heard.find((h) => h.region === 'log').t")
        times.append(float(first))
        context.close()
        web.run(host.close())
    return times


async def _act(player: Player) -> float | None:
    """*player*'s action now (the first legal one, or ready): the wall clock when sent
    (None: nothing for it to do after all)."""
    view = player.view
    frame: dict[str, Any]
    if view is not None and view["phase"] == "round-over":
        frame = {"type": "ready"}
    elif view is not None and view["current"] == player.seat and view["legal"]:
        frame = {"type": "act", "action": view["legal"][0], "at": player.at}
    else:
        return None
    sent = time.time() * 1000
    await player.send(frame)
    return sent


def _quiet(page: Any) -> int:
    """Wait (at most 5 s) until the page's queue of words is empty: nothing new in its
    live regions for 3 of its gaps between items. The number of items said so far."""
    seen = len(page.evaluate("window.__heard"))
    still_since = time.monotonic()
    deadline = still_since + 5.0
    while time.monotonic() - still_since < 3 * GAP_S and time.monotonic() < deadline:
        page.wait_for_timeout(20)
        now = len(page.evaluate("window.__heard"))
        if now != seen:
            seen, still_since = now, time.monotonic()
    return seen


def play_to_log(browser: Any, web: WebServer, count: int, seconds: float) -> list[float]:
    """Another seat's actions to their words in this page's log, *count* of them."""
    ben = web.run(_table(web, ["person", "person"]))
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script(RECORDER)
    page.add_init_script("localStorage.setItem('sniff-pace', '0')")
    page.add_init_script(SIT_AT_ONCE)
    page.goto(f"{web.url}/t/{ben.code}")
    page.wait_for_selector("#game:not([hidden])")
    origin = float(page.evaluate("performance.timeOrigin"))
    times: list[float] = []
    acted = -1
    unsaid = 0
    deadline = time.monotonic() + seconds
    while len(times) < count and time.monotonic() < deadline and not page.is_visible("#over"):
        view = ben.view
        if page.is_visible("#ready-button"):
            page.keyboard.press("Enter")
        if view is not None and view["phase"] == "round-over":
            web.run(_act(ben))
            page.wait_for_timeout(50)
            continue
        if view is not None and view["current"] == ben.seat and view["legal"] and ben.at > acted:
            seen = _quiet(page)  # nothing of the page's own before it in its queue
            acted = ben.at  # (its next action waits for the step that answers this one)
            sent = web.run(_act(ben))
            if sent is None:
                continue
            shown = ANY_LOG.format(seen=seen)
            try:
                wait_until(_said(page, shown), page, 5, "the words")
            except TimeoutError:
                unsaid += 1  # (refused: it acted on a view the game had left)
                continue
            heard = page.evaluate(f"window.__heard.slice({seen}).find((h) => h.region === 'log').t")
            times.append(origin + float(heard) - sent)
            continue
        playable = page.locator("#hand .playable").count()
        if page.is_visible("#play-button") and playable:
            page.keyboard.press("Enter")
        elif page.is_visible("#draw-button"):
            page.keyboard.press("d")
        elif page.is_visible("#pass-button"):
            page.keyboard.press("p")
        page.wait_for_timeout(20)
    context.close()
    web.run(ben.close())
    if unsaid:
        print(f"bench_web: {unsaid} actions refused, not counted", file=sys.stderr)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer samples")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that still measures every figure (a test runs it)",
    )
    args = parser.parse_args(argv)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("bench_web needs Playwright: pip install -e '.[test]'", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).exists():
        print("bench_web needs Chromium: apt-get install chromium", file=sys.stderr)
        return 2
    size = 0 if args.smoke else 1 if args.quick else 2
    opens, plays = ((1, 2), (5, 40), (20, 200))[size]
    load = os.getloadavg()[0]
    with (
        tempfile.TemporaryDirectory() as folder,
        WebServer(Path(folder), seed=None, limits=LIMITS) as web,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            first_announcement(browser, web, 1 if args.smoke else 2)  # the caches warm
            times = first_announcement(browser, web, opens)
            emit(
                "page_to_first_announcement_ms",
                round(percentile(times, 0.5), 1),
                "ms",
                goal_ms=500,
                load_average=round(load, 2),
                **_figures(times),
            )
            times = play_to_log(browser, web, plays, (30.0, 60.0, 180.0)[size])
            emit(
                "play_to_browser_log_p95_ms",
                round(percentile(times, 0.95), 1),
                "ms",
                goal_ms=50,
                load_average=round(os.getloadavg()[0], 2),
                **_figures(times),
            )
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    asyncio.set_event_loop_policy(None)
    sys.exit(main())
