"""The web page for the eye, in a real browser (Debian's Chromium, through
pytest-playwright), and that it stays as good for the ear: the tiles drawn as
dominoes with their pips, for a deal the seeded server made, and hidden from
the accessibility tree while the words stay; a phone's width with no sideways
scroll and targets a finger can hit; 400 % zoom; a forced-colours (high
contrast) theme; reduced motion; a wide screen that puts the log beside the
table; the start form refusing a name the server would refuse, before sending
it; "Everyone is here" first for a page that takes the last seat; and the board,
the hand and its buttons in view together on a phone and a laptop, a hand of
twelve too.

Without Chromium or Playwright these tests skip with one line saying how to get
them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from netplay import Player
from sniff.announce.web import page_words
from sniff.i18n import translator
from sniff.server.limits import ServerLimits
from webplay import (
    GamePage,
    WebServer,
    launch_chromium,
    module_playwright,
    play_by_keys,
    wait_until,
)

FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)
#: The least size of anything a finger presses, in CSS pixels (WCAG 2.5.5).
TARGET = 44
#: Every control a finger may press.
CONTROLS = "button, select, input"


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    yield from module_playwright()


@pytest.fixture(scope="module")
def browser_type(playwright: Any) -> Any:
    return playwright.chromium


@pytest.fixture(scope="module")
def browser_context_args() -> dict[str, Any]:
    return {}


@pytest.fixture(scope="module")
def browser(browser_type: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    yield from launch_chromium(browser_type, browser_type_launch_args)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[WebServer]:
    with WebServer(tmp_path, seed=7, limits=FAST) as running:
        yield running


def _started(game: GamePage, *, target: int = 60) -> Any:
    game.open("/")
    game.create("Ada", ["greedy"], target=target)
    game.page.wait_for_selector("#game:not([hidden])")
    wait_until(lambda: game.page.locator("#hand .tile-button").count() > 0, game.page)
    return game.page


#: Each domino drawn: its tile (as data), and the pips drawn in each half.
DRAWN = """(root) => [...document.querySelectorAll(root + " .domino")].map((d) => ({
  tile: d.dataset.tile,
  pips: [...d.querySelectorAll(".half")].map((h) => h.querySelectorAll("circle").length),
}))"""


def _hand_of_the_deal(web: WebServer) -> list[str]:
    """Seat 0's hand as the seeded server dealt it, read from the server itself."""
    assert web.server is not None
    host = web.call(lambda: next(iter(web.server.tables.values())))  # type: ignore[union-attr]
    hand = web.call(lambda: host.session.observe(0).hand)
    return sorted(f"{tile.high}-{tile.low}" for tile in hand)


def test_the_tiles_are_drawn_with_their_pips(new_context: Any, web: WebServer) -> None:
    """The hand as the seeded deal gave it, each tile with as many pips on each half as
    its numbers; then the layout, every tile of it drawn with its pips (the spinner's
    arms too), and as many tiles as lie on the table."""
    game = GamePage(new_context, web)
    page = _started(game)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    dealt = _hand_of_the_deal(web)
    drawn = page.evaluate(DRAWN, "#hand")
    assert sorted(d["tile"] for d in drawn) == dealt
    assert len(dealt) == 7
    for domino in drawn:
        assert domino["pips"] == [int(n) for n in domino["tile"].split("-")], domino
    # Every hand button shows its tile upright, large enough to count its pips.
    half = page.locator("#hand .domino .half").first.bounding_box()
    assert half is not None and half["height"] >= 40
    play_by_keys(game, stop_after=6)
    page.wait_for_timeout(200)
    board = page.evaluate(DRAWN, "#board")
    assert board, "nothing drawn on the table"
    for domino in board:
        assert domino["pips"] == [int(n) for n in domino["tile"].split("-")], domino
    screen = next(f["screen"] for f in reversed(game.frames) if f.get("screen"))
    lying = screen["board"]
    count = len(lying["line"]) + len(lying["north"]) + len(lying["south"])
    assert len(board) == count
    assert game.errors == []
    game.close()


def test_the_drawing_is_hidden_from_screen_readers_and_the_words_stay(
    new_context: Any, web: WebServer
) -> None:
    """No pip reaches the accessibility tree: the hand is its buttons by their names (the
    selected one pressed, named as before), the layout one picture named in words."""
    game = GamePage(new_context, web)
    page = _started(game)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    play_by_keys(game, stop_after=2)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    # Every drawing lies inside something hidden from the accessibility tree.
    loose = page.evaluate(
        "[...document.querySelectorAll('svg, .domino')]"
        ".filter((n) => !n.closest('[aria-hidden=true]')).length"
    )
    assert loose == 0
    screen = next(f["screen"] for f in reversed(game.frames) if f.get("screen"))
    names = {"-".join(map(str, entry["tile"])): entry["name"] for entry in screen["hand"]["tiles"]}
    hand = page.locator("#hand").aria_snapshot()
    lines = [line.strip() for line in hand.splitlines() if line.strip()]
    buttons = [line for line in lines if line.startswith("- button ")]
    assert len(buttons) == len(names) and len(lines) == len(names) + 1, hand  # + the group
    for key, name in names.items():
        button = page.locator(f'#hand button[data-tile="{key}"]')
        label = button.get_attribute("aria-label") or ""
        assert label == name or label.startswith(f"{name}, "), (label, name)
    pressed = page.locator('#hand button[aria-pressed="true"]')
    assert pressed.count() == 1
    assert pressed.get_attribute("aria-label") in " ".join(buttons)
    board = page.locator("#board").aria_snapshot().strip()
    # (one line: the picture and its name, nothing drawn inside it; YAML may quote it)
    assert len(board.splitlines()) == 1 and f'img "{screen["layout"]}"' in board, board
    game.close()


def _axe_serious(page: Any) -> list[Any]:
    """What axe-core finds serious or critical on the page as it is now."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page.wait_for_timeout(50)
    violations = axe.run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]][:3])
            for v in violations if v["impact"] in ("serious", "critical")]  # fmt: skip


def _controls_too_small(page: Any) -> list[str]:
    small = []
    for control in page.locator(CONTROLS).all():
        if not control.is_visible():
            continue
        box = control.bounding_box()
        if box is not None and (box["width"] < TARGET or box["height"] < TARGET):
            small.append(f"{control.evaluate('(n) => n.outerHTML.slice(0, 60)')} {box}")
    return small


def _sideways(page: Any, width: int) -> list[str]:
    """What needs a sideways scroll or lies outside the window at *width*."""
    found = []
    if page.evaluate("document.documentElement.scrollWidth") > width:
        found.append("the page")
    for selector in ("#hand", "#play", "#log", "#fact-buttons", "#summary", ".actions"):
        box = page.locator(selector).bounding_box()
        if box is not None and (box["x"] < 0 or box["x"] + box["width"] > width + 1):
            found.append(selector)
    for button in page.locator("#hand .tile-button").all():
        box = button.bounding_box()
        if box is not None and box["x"] + box["width"] > width + 1:
            found.append(f"tile {button.get_attribute('data-tile')}")
    if page.evaluate("(() => { const h = document.getElementById('hand');"
                     " return h.scrollWidth > h.clientWidth; })()"):  # fmt: skip
        found.append("the hand scrolls")
    return found


def test_a_phone_stacks_the_table_and_every_target_takes_a_finger(
    new_context: Any, web: WebServer
) -> None:
    """At 360 CSS pixels: no sideways scroll, the layout, the hand and the buttons one
    under the other, every control at least 44 pixels each way; at 400 % zoom of a
    1280-pixel window (320 CSS pixels) the hand still needs no sideways scroll."""
    game = GamePage(new_context, web, width=360, height=780, scale=2.0)
    page = game.page
    game.open("/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert _controls_too_small(page) == []
    page = _started(game)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    assert _sideways(page, 360) == []
    assert _controls_too_small(page) == []
    tops = [page.locator(s).bounding_box()["y"] for s in ("#board", "#hand", ".actions")]
    assert tops == sorted(tops), tops  # the table, the hand, the controls: stacked
    assert _axe_serious(page) == []
    page.set_viewport_size({"width": 320, "height": 256})  # 1280 × 1024 at 400 %
    page.wait_for_timeout(100)
    assert _sideways(page, 320) == []
    assert game.errors == []
    game.close()


def test_a_wide_screen_puts_what_is_said_beside_the_table(new_context: Any, web: WebServer) -> None:
    game = GamePage(new_context, web, width=1700, height=1000)
    page = _started(game)
    board = page.locator("#board").bounding_box()
    log = page.locator("#log").bounding_box()
    assert board is not None and log is not None
    assert log["x"] >= board["x"] + board["width"], (board, log)
    assert log["y"] < board["y"] + board["height"]  # beside it, not under it
    assert page.evaluate("document.documentElement.scrollWidth") <= 1700
    game.close()


def _colour(css: str) -> tuple[int, ...]:
    inside = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return tuple(round(float(part)) for part in inside[:3])


def _luminance(rgb: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


#: The colours a domino is drawn in: its face, its pips, its edge.
PAINT = """(sel) => {
  const d = [...document.querySelectorAll(sel)].find((n) => n.querySelector("circle"));
  const s = getComputedStyle(d);
  return {face: s.backgroundColor, edge: s.borderTopColor, border: s.borderTopWidth,
          pip: getComputedStyle(d.querySelector("circle")).fill}; }"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_forced_colours_keep_the_tiles_and_their_pips_visible(
    new_context: Any, web: WebServer, scheme: str
) -> None:
    """In the page's own colours and in a forced-colours theme (Windows' contrast
    themes) the pips stand out from the tile's face, and the tile has an edge."""
    game = GamePage(new_context, web)
    page = game.page
    page.emulate_media(color_scheme=scheme)
    page = _started(game)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    play_by_keys(game, stop_after=1)
    for forced in ("none", "active"):
        page.emulate_media(forced_colors=forced, color_scheme=scheme)
        page.wait_for_timeout(50)
        for selector in ("#hand .domino", "#board .domino"):
            paint = page.evaluate(PAINT, selector)
            ratio = _contrast(_colour(paint["face"]), _colour(paint["pip"]))
            assert ratio >= 4.5, (forced, selector, paint)
            assert float(paint["border"].removesuffix("px")) >= 1, (forced, paint)
        pips = page.locator("#hand .domino circle").first.bounding_box()
        assert pips is not None and pips["width"] >= 4
        assert _axe_serious(page) == [], forced
    game.close()


def test_reduced_motion_keeps_the_chosen_tile_still(new_context: Any, web: WebServer) -> None:
    game = GamePage(new_context, web)
    page = game.page
    page.emulate_media(reduced_motion="reduce")
    page = _started(game)
    style = page.evaluate(
        "(() => { const s = getComputedStyle(document.querySelector('#hand .tile-button'));"
        " return [s.transitionDuration, s.transform]; })()"
    )
    assert style == ["0s", "none"], style
    game.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_name_without_a_letter_or_digit_is_refused_before_sending(
    new_context: Any, web: WebServer, language: str
) -> None:
    """Join by Enter in the name field, and Open the table by its button: nothing goes
    to the server; the server's own sentence is written under the field, which is
    marked invalid and has the focus, and said once (in For you where the focus was
    already in the field). A letter typed takes the error away."""
    game = GamePage(new_context, web)
    page = game.page
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    game.open(f"/?lang={language}")
    refused = page_words(translator(language))["bad_name"]
    page.fill("#name", " !?- ")
    page.fill("#code", "K7QD3MXA")
    page.focus("#name")
    page.keyboard.press("Enter")
    wait_until(lambda: page.inner_text("#alert") == refused, page, 5, "the refusal")
    assert page.inner_text("#name-error") == refused
    assert page.get_attribute("#name", "aria-invalid") == "true"
    assert page.get_attribute("#name", "aria-describedby") == "name-error"
    assert _axe_serious(page) == []
    page.evaluate("document.getElementById('alert').replaceChildren()")
    page.click("#create")
    assert page.evaluate("document.activeElement.id") == "name"
    page.wait_for_timeout(300)
    assert page.inner_text("#alert") == ""  # said by the field's description instead
    assert not [f for f in sent if f.get("type") in ("join", "create", "watch")]
    page.keyboard.type("Ada")
    assert not page.is_visible("#name-error")
    assert page.get_attribute("#name", "aria-invalid") is None
    game.close()


def test_everyone_is_here_comes_first_for_a_page_that_takes_the_last_seat(
    new_context: Any, web: WebServer
) -> None:
    """Ada opens the table from a terminal; Ben takes its last seat from the page: what
    he hears begins with "everyone is here", then the new game, then the deal."""
    ada = Player(web.ws, "Ada")

    async def create() -> None:
        await ada.open()
        await ada.send({"type": "create", "name": "Ada", "preset": "sniff",
                        "seats": ["person", "person", "greedy"], "target": 60})  # fmt: skip
        await ada.wait_for(lambda: ada.code is not None)

    web.run(create())
    ben = GamePage(new_context, web)
    page = ben.page
    ben.open(f"/t/{ada.code}")
    page.fill("#name", "Ben")
    page.click("#join")
    page.wait_for_selector("#game:not([hidden])")
    wait_until(lambda: "Round 1. " in _log(ben), page, 20, "the deal")
    log = _log(ben)
    assert log.startswith("Everyone is here: the game begins. New game: "), log[:120]
    assert log.index("New game: ") < log.index("Round 1. ")
    assert page.evaluate("document.activeElement.id") == "play"
    assert ben.errors == []
    web.run(ada.close())
    ben.close()


def _log(game: GamePage) -> str:
    return " ".join(h["text"] for h in game.heard() if h["region"] == "log")


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_board_and_the_hand_are_seen_together_without_scrolling(
    new_context: Any, web: WebServer, width: int, height: int
) -> None:
    """A sighted relative on a phone (390 × 844) or a laptop (1280 × 800) sees the
    board, the hand and the Play button at once on their turn, with no scrolling."""
    game = GamePage(new_context, web, width=width, height=height)
    page = _started(game)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    page.wait_for_timeout(200)  # (anything the turn scrolls into view)
    boxes = {s: page.locator(s).bounding_box() for s in ("#board", "#hand", ".actions")}
    assert all(box is not None for box in boxes.values()), boxes
    top = min(box["y"] for box in boxes.values() if box)
    bottom = max(box["y"] + box["height"] for box in boxes.values() if box)
    assert top >= 0 and bottom <= height, (boxes, page.evaluate("window.scrollY"))
    assert game.errors == []
    game.close()


def _hand_of_twelve(message: str | bytes) -> str | bytes:
    """A frame from the server with its hand made up to 12 tiles: tiles from neither
    the hand nor the layout, none of them playable (as after a run of draws)."""
    frame = json.loads(message)
    screen = frame.get("screen") or {}
    hand, board = screen.get("hand"), screen.get("board") or {}
    if not hand:
        return message
    lying = [*board.get("line", []), *board.get("north", []), *board.get("south", [])]
    taken = {tuple(sorted(entry["tile"])) for entry in hand["tiles"]}
    taken |= {tuple(sorted((tile["a"], tile["b"]))) for tile in lying}
    free = [(a, b) for a in range(6, -1, -1) for b in range(a, -1, -1) if (b, a) not in taken]
    for a, b in free[: max(0, 12 - len(hand["tiles"]))]:
        hand["tiles"].append({"tile": [a, b], "name": f"{a}-{b}", "playable": False, "moves": []})
    return json.dumps(frame)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_a_hand_of_twelve_keeps_the_board_and_its_first_row_in_view(
    new_context: Any, web: WebServer, width: int, height: int
) -> None:
    """A hand grown to 12 tiles by drawing (made so here by adding tiles to the frames
    the page gets): the board and the hand's first row stay in view without scrolling,
    and every tile is still a finger's target with no sideways scroll."""
    game = GamePage(new_context, web, width=width, height=height)

    def between(page_side: Any) -> None:
        server = page_side.connect_to_server()
        page_side.on_message(server.send)
        server.on_message(lambda message: page_side.send(_hand_of_twelve(message)))

    game.page.route_web_socket("**/ws", between)
    page = _started(game)
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    page.wait_for_timeout(200)
    tiles = page.locator("#hand .tile-button")
    assert tiles.count() == 12
    first = tiles.first.bounding_box()
    board = page.locator("#board").bounding_box()
    assert first is not None and board is not None
    assert board["y"] >= 0 and board["y"] + board["height"] <= height, board
    assert first["y"] + first["height"] <= height, first
    assert page.evaluate("window.scrollY") == 0
    assert _sideways(page, width) == []
    assert _controls_too_small(page) == []
    assert game.errors == []
    game.close()
