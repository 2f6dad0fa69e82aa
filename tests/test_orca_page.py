"""The web page with a real screen reader: Orca reading Chromium.

A private desktop (``tests/orca_desktop.py``) with Orca, a real server in a
thread (``tests/webplay.py``), and Debian's Chromium shown on the desktop's
screen with its accessibility on; keys go through the X server, so Orca hears
them first, as it hears a player's. The tests assert on what Orca said, in
order, against what the page put in its live regions.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from orca_desktop import OrcaDesktop
from ssip_standin import Message
from webplay import CHROMIUM, FLAGS, RECORDER, WebServer

pytestmark = [pytest.mark.slow, pytest.mark.orca, pytest.mark.xdist_group("orca")]

#: The voice's pace and the player's pause in the suite (the figures' are 25 and 1.0).
FAST = 150.0
PAUSE = 0.3


def _flat(text: str) -> str:
    return " ".join(text.split())


class PagePlayer:
    """One browser on the desktop, played by keys through the X server as a player
    who listens: before each key, Orca has said all the page said, and a moment more."""

    def __init__(self, desk: OrcaDesktop, page: Any, pause: float) -> None:
        self.desk = desk
        self.page = page
        self.pause = pause
        self.keys: list[tuple[str, int]] = []  # each key, and Orca's messages before it

    def items(self) -> list[dict[str, Any]]:
        """The paragraphs the page added to its live regions (webplay's RECORDER; its
        notes of the focus are left out), each with the wall clock it came at."""
        result: list[dict[str, Any]] = self.page.evaluate("window.__heard")
        return [item for item in result if item["region"] != "focus"]

    def listen(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            items = self.items()
            said = " ".join(_flat(m.text) for m in self.desk.orca_said())
            if not items or _flat(items[-1]["text"])[-60:] in said:
                break
            time.sleep(0.05)
        self.desk.wait_quiet()
        time.sleep(self.pause)

    def key(self, name: str) -> None:
        self.keys.append((name, len(self.desk.orca_said())))
        self.desk.key(name)
        time.sleep(0.1)

    def my_turn(self) -> str | None:
        """The key that acts now (Enter plays, D draws, P passes), or None."""
        page = self.page
        if page.is_visible("#play-button") and page.locator("#hand .playable").count():
            return "Return"
        if page.is_visible("#draw-button"):
            return "d"
        if page.is_visible("#pass-button"):
            return "p"
        return None

    def play(self, actions: int, *, limit: float) -> int:
        """Act *actions* times (a draw or a pass after Right, whose answer is heard),
        each time after hearing what the page said since the last action."""
        deadline = time.monotonic() + limit
        done = 0
        answered = 0  # the page's log paragraphs when the last action was taken
        while done < actions and time.monotonic() < deadline:
            self.listen()
            action = self.my_turn()
            logged = sum(1 for item in self.items() if item["region"] == "log")
            if action is None or logged <= answered:
                continue  # not our turn, or its words are still to come
            self.listen()
            if action != "Return":  # (Enter plays the tile the turn chose: keep it)
                self.key("Right")
                self.listen()
            answered = sum(1 for item in self.items() if item["region"] == "log")
            self.key(action)
            done += 1
        # The answer to the last action too (the game's course after it) is heard.
        self.desk.wait_until(
            lambda: sum(1 for item in self.items() if item["region"] == "log") > answered,
            max(1.0, deadline - time.monotonic()),
            "the answer to the last action",
        )
        self.listen()
        return done


@pytest.fixture
def chromium_on(tmp_path: Path) -> Iterator[tuple[OrcaDesktop, WebServer, Any]]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("needs Debian's chromium")
    with (
        OrcaDesktop(tmp_path / "desk", chars_per_second=FAST) as desk,
        WebServer(tmp_path / "data", seed=7) as web,
        sync_api.sync_playwright() as playwright,
    ):
        flags = [flag for flag in FLAGS if flag != "--headless"]
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=False,
            env=desk.env,
            args=[*flags, "--force-renderer-accessibility"],
        )
        try:
            page = browser.new_context(viewport={"width": 1100, "height": 800}).new_page()
            page.add_init_script(RECORDER)
            page.add_init_script("localStorage.setItem('sniff-pace', '0')")  # bots at once
            yield desk, web, page
        finally:
            browser.close()


def _open_table(desk: OrcaDesktop, web: WebServer, page: Any) -> int:
    """Open a table of three (the player and two experts) from the start page; the
    number of Orca's messages before the game."""
    page.goto(web.url + "/")
    page.fill("#name", "Ada")
    page.select_option("#players", "3")
    page.select_option("#seat-2", "expert")
    page.select_option("#seat-3", "expert")
    page.fill("#target", "30")
    desk.focus("Chromium")
    page.focus("#create")
    desk.wait_quiet()
    start = len(desk.orca_said())
    desk.key("Return")
    return start


def _into_focus_mode(desk: OrcaDesktop, start: int) -> bool:
    """Wait for Orca to take the game area, and for its focus mode; where it stays in
    browse mode (Orca 43 now and then does, when the focus comes as the game area is
    shown), switch as docs/web.md tells the player: Orca+A. Whether it had to."""
    desk.wait_until(
        lambda: any("The game:" in m.text for m in desk.orca_said()[start:]), 20, "the game area"
    )
    try:
        desk.wait_for_words("Focus mode", timeout=2, after=start)
        return False
    except AssertionError:
        desk.wait_quiet()  # (a key cuts the voice: the player listens to the end first)
        desk.key("Insert+a")
        desk.wait_for_words("Focus mode", timeout=5, after=start)
        return True


def _index(said: list[Message], text: str, after: int = 0) -> int | None:
    want = _flat(text)[:60]
    for index in range(after, len(said)):
        if want in _flat(said[index].text):
            return index
    return None


def _in_order(said: list[Message], texts: list[str]) -> list[int | None]:
    """Where Orca said each of *texts*: the first time after the one before it (two
    paragraphs may end alike: "... It fits west: play it."), else in the same message
    as the one before it, else anywhere before it (then out of order), else None."""
    positions: list[int | None] = []
    after = 0
    for text in texts:
        found = _index(said, text, after)
        if found is None and after > 0:
            found = _index(said, text, after - 1)
        if found is None:
            found = _index(said, text)
        positions.append(found)
        if found is not None and found >= after:
            after = found + 1
    return positions


def test_orca_reads_the_page_once_and_in_the_order_of_the_game(
    chromium_on: tuple[OrcaDesktop, WebServer, Any],
) -> None:
    desk, web, page = chromium_on
    start = _open_table(desk, web, page)
    toggled = _into_focus_mode(desk, start)
    player = PagePlayer(desk, page, PAUSE)
    played = player.play(5, limit=60)
    player.listen()
    items = player.items()
    said = desk.orca_said()[start:]
    log = [_flat(item["text"]) for item in items if item["region"] == "log"]
    turns = [text for text in log if "Your turn" in text]
    positions = _in_order(said, [text[-60:] for text in log])
    print(f"\nOrca, page: {len(log)} paragraphs of the log, {len(turns)} turns, ", end="")
    print(f"{played} keys", end="")
    print(" (Orca+A switched to focus mode first)" if toggled else "")
    assert played == 5 and len(turns) >= 2, log
    # The page's keys reach the game: Orca is in focus mode in the game area.
    assert any("Focus mode" in m.text for m in said)
    assert not any(m.text.strip() in ("T", "blank", "Browse mode") for m in said)
    # Every paragraph of the game's course said, once, in the page's order; "your turn"
    # once per turn, after the plays that led to it (they come before it in the stream).
    assert None not in positions, [t for t, p in zip(log, positions, strict=True) if p is None]
    assert positions == sorted(positions), list(zip(log, positions, strict=True))
    # Switched to focus mode by the player (Orca+A), Orca reads the focused game area
    # again, its turn line with it: the player's own key, not the page saying it twice.
    mode = next((i for i, m in enumerate(said) if "Focus mode" in m.text), None)
    reread = {mode - 1, mode + 1} - set(positions) if toggled and mode is not None else set()
    told_turns = [m.text for i, m in enumerate(said) if "Your turn" in m.text and i not in reread]
    near = [m.text for m in said[max(0, (mode or 0) - 2) : (mode or 0) + 3]]
    assert len(told_turns) == len(turns), (told_turns, turns, near)
    # The start of the game in order: everyone here, new game, the deal, who leads.
    stream = " ".join(log)
    assert stream.startswith("Everyone is here"), stream[:80]
    assert stream.index("New game:") < stream.index("Round 1.") < stream.index("Your turn")
    # Each turn (with the play that gave it) said to its end before the first key.
    cut = [said[p].text for p, text in zip(positions, log, strict=True) if p is not None
           and "Your turn" in text and said[p].state != "ended"]  # fmt: skip
    assert not cut, cut
    # A tile chosen with Right answers with the tile alone.
    for name, before in player.keys:
        if name == "Right":
            answer = next(m for m in said[before - start :] if m.text.strip() != "blank")
            assert "Your turn" not in answer.text and "fit" in answer.text, answer.text
    # Within 300 ms of the page showing a paragraph, Orca was given it (p95).
    delays = sorted(
        said[p].received_wall - item["wall"] / 1000.0
        for item, p in zip([i for i in items if i["region"] == "log"], positions, strict=True)
        if p is not None
    )
    p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
    median = delays[len(delays) // 2]
    print(f"Orca was given the page's paragraphs in {median * 1000:.0f} ms (median), ", end="")
    print(f"{p95 * 1000:.0f} ms (p95); the figure is bench_orca.py's, on a quiet machine")
    # (The suite shares the machine with other tests: bounds that catch a page or a
    # reader gone slow, not the figure; a paragraph given late by one busy moment of
    # the machine is no fault of the page.)
    assert median <= 1.0 and p95 <= 2.0, (median, p95)
