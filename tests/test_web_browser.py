"""The web page in a real browser (Debian's Chromium, through pytest-playwright): whole games
by keys alone in English and German, against bots and with a person on the
network; a game by mouse alone; every word the server said reaching the page's
live regions once and in order; axe-core on every screen; a reload, and a closed
tab's table opened again, that come back to the seat; and the table at a phone's
width and at 200 % zoom.

Without Chromium or Playwright these tests skip with one line saying how to get
them. ``SNIFF_SCREENSHOTS=1`` also writes the table's picture to
docs/online-table.png (the one the docs show).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from netplay import Player
from sniff.announce.online import OnlineWords
from sniff.announce.web import page_words
from sniff.enums import NewsKind
from sniff.i18n import translator
from sniff.server.limits import ServerLimits
from webplay import (
    RECORDER,
    GamePage,
    WebServer,
    check_said_in_order,
    launch_chromium,
    module_playwright,
    play_by_keys,
    wait_until,
)

ROOT = Path(__file__).resolve().parents[1]
#: Bots answer at once here and the page hears each step at once: more messages a
#: second than a person sends.
FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)
SERIOUS = ("serious", "critical")


# pytest-playwright's fixtures, with Playwright and the browser for this module only
# (see webplay's docstring); its ``new_context`` makes every page (and, with
# ``--screenshot only-on-failure`` or ``--tracing retain-on-failure``, keeps what
# a failed test saw in test-results/).


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    yield from module_playwright()


@pytest.fixture(scope="module")
def browser_type(playwright: Any) -> Any:
    return playwright.chromium


@pytest.fixture(scope="module")
def browser_context_args() -> dict[str, Any]:
    return {}  # (the plugin's own is for the whole session; each page sets its size)


@pytest.fixture(scope="module")
def browser(browser_type: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    yield from launch_chromium(browser_type, browser_type_launch_args)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[WebServer]:
    with WebServer(tmp_path, seed=7, limits=FAST) as running:
        yield running


def test_a_whole_game_by_keys_alone_against_a_bot_in_english(
    new_context: Any, web: WebServer
) -> None:
    game = GamePage(new_context, web)
    game.open("/")
    game.create("Ada", ["greedy"])
    game.page.wait_for_selector("#game:not([hidden])")
    assert game.page.evaluate("document.activeElement.id") == "play"
    # The fact keys, each answered in the game's words by the seat's presenter.
    for key in ("h", "e", "c", "l", "s", "i", "b", "t", "g", "a", "w", "r", "F2"):
        game.key(key)
    answers = [f for f in game.frames if f.get("answer") == "key"]
    texts = [f["items"][0]["text"] for f in answers[:12]]
    assert texts[0].startswith("7 tiles, ") and texts[5].startswith("Round 1, a game to 10")
    assert texts[11] == texts[10]  # R: the turn's answer again
    wait_until(lambda: any(f.get("answer") == "hint" for f in game.frames), game.page)
    assert play_by_keys(game) > 0
    assert "Ada" not in game.page.inner_text("#summary")  # "You", as the seat hears itself
    check_said_in_order(game, "en")
    assert game.errors == []
    game.close()


def test_a_game_in_german_by_keys_with_a_person_on_the_network_and_a_bot(
    new_context: Any, web: WebServer
) -> None:
    game = GamePage(new_context, web)
    game.open("/?lang=de")
    assert game.page.get_attribute("html", "lang") == "de"
    game.create("Ada", ["person", "greedy"])
    game.page.wait_for_selector("#waiting:not([hidden])")
    code = game.page.inner_text("#code-shown")
    ben = Player(web.ws, "Ben")

    async def join() -> None:
        await ben.open()
        await ben.send({"type": "join", "code": code, "name": "Ben"})

    web.run(join())
    game.page.wait_for_selector("#game:not([hidden])")
    # A line to the table: the chat line and back to the game.
    game.page.keyboard.press("/")
    assert game.page.evaluate("document.activeElement.id") == "chat"
    game.page.keyboard.type("Hallo")
    game.key("Enter")
    assert game.page.evaluate("document.activeElement.id") == "play"
    play_by_keys(game)
    log, _ = game.said()
    chat = OnlineWords(translator("de")).news(NewsKind.CHAT, "Ada", mine=True, text="Hallo")
    assert chat is not None and chat.text in log
    assert any(line.startswith("Neues Spiel: Du, Ben und ") for line in log), log[:6]
    assert any(line.startswith("Ben legt ") or line.startswith("Ben spielt ") for line in log)
    assert game.page.inner_text("#over-h") == page_words(translator("de"))["over_heading"]
    check_said_in_order(game, "de")
    assert game.errors == []
    web.run(ben.close())
    game.close()


def test_a_whole_game_by_mouse_alone(new_context: Any, web: WebServer) -> None:
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    page.fill("#name", "Ada")
    page.select_option("#seat-2", "greedy")
    page.fill("#target", "10")
    page.click("#create")
    page.wait_for_selector("#game:not([hidden])")
    deadline = time.monotonic() + 40
    while not game.over():
        assert time.monotonic() < deadline, "the game did not end"
        count = len(game.frames)
        playable = page.locator("#hand .playable")
        if game.visible("#ready-button"):
            page.click("#ready-button")
        elif game.visible("#play-button") and playable.count():
            playable.first.click()
            page.wait_for_selector("#ends-choice:not([hidden]) button")
            page.locator("#end-buttons button").first.click()
        elif game.visible("#draw-button"):
            page.click("#draw-button")
        elif game.visible("#pass-button"):
            page.click("#pass-button")
        else:
            page.wait_for_timeout(15)
            continue
        game.wait_for_frames(count)
        page.wait_for_timeout(20)
    refused = [f for f in game.frames if f["type"] == "refused"]
    assert refused == []
    check_said_in_order(game, "en")
    game.close()


def test_axe_finds_nothing_serious_on_any_screen(new_context: Any, web: WebServer) -> None:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    axe = axe_module.Axe()
    game = GamePage(new_context, web)
    page = game.page

    def check(screen: str) -> None:
        page.wait_for_timeout(50)
        violations = axe.run(page).response["violations"]
        serious = [
            (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in violations
            if v["impact"] in SERIOUS
        ]
        assert serious == [], screen

    game.open("/")
    check("start")
    game.create("Ada", ["person", "greedy"])
    page.wait_for_selector("#waiting:not([hidden])")
    check("waiting")
    code = page.inner_text("#code-shown")
    ben = Player(web.ws, "Ben")

    async def join() -> None:
        await ben.open()
        await ben.send({"type": "join", "code": code, "name": "Ben"})

    web.run(join())
    page.wait_for_selector("#game:not([hidden])")
    play_by_keys(game, stop_after=4)
    check("game")
    page.focus("#play")
    page.keyboard.press("F1")
    page.wait_for_selector("#help:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "help-h"
    check("help")
    page.keyboard.press("Escape")
    page.wait_for_selector("#game:not([hidden])")
    assert page.evaluate("document.activeElement.id") == "play"
    play_by_keys(game)
    check("game over")
    web.run(ben.close())
    game.close()


def test_a_reload_in_the_middle_of_a_game_comes_back_to_the_seat(
    new_context: Any, web: WebServer
) -> None:
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    game.create("Ada", ["greedy"], target=60)
    page.wait_for_selector("#game:not([hidden])")
    play_by_keys(game, stop_after=3)
    count = len(game.frames)
    page.reload()
    page.wait_for_selector("#game:not([hidden])")
    wait_until(lambda: any(h["text"].startswith("Game resumed: ") for h in game.heard()), page)
    resumed = [f for f in game.frames[count:] if f["type"] == "seated"]
    assert resumed and resumed[0]["seat"] == 0
    assert page.evaluate("document.activeElement.id") == "play"
    # Another language is the same seat again, heard in that language.
    page.select_option("#lang", "de")
    page.wait_for_selector("#game:not([hidden])")
    wait_until(lambda: any(h["text"].startswith("Spiel fortgesetzt: ") for h in game.heard()), page)
    assert page.get_attribute("html", "lang") == "de"
    play_by_keys(game)
    game.close()


def test_a_closed_tab_gets_its_seat_back_from_the_tables_address(
    new_context: Any, web: WebServer
) -> None:
    """The seat key is kept per browser for each table: the tab closed, the table's
    address opened again in a new tab is the same seat, with what was missed."""
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    game.create("Ada", ["greedy"], target=60)
    page.wait_for_selector("#game:not([hidden])")
    play_by_keys(game, stop_after=2)
    code = next(f["code"] for f in game.frames if f["type"] == "table")
    page.close()
    again = game.context.new_page()
    again.on("websocket", game._socket)
    again.add_init_script(RECORDER)
    count = len(game.frames)
    again.goto(game.web.url + "/t/" + code)
    again.wait_for_selector("#game:not([hidden])")
    seated = [f for f in game.frames[count:] if f["type"] == "seated"]
    assert seated and seated[0]["seat"] == 0
    wait_until(lambda: any(h["text"].startswith("Game resumed: ")
                           for h in again.evaluate("window.__heard")), again)  # fmt: skip
    game.close()


def test_a_spectator_from_the_page_watches_under_its_name(new_context: Any, web: WebServer) -> None:
    """Watch on the start page sends the name (the spectator's chat is signed with it)."""
    host = GamePage(new_context, web)
    host.open("/")
    host.create("Ada", ["person"])
    wait_until(lambda: any(f["type"] == "table" for f in host.frames), host.page)
    code = next(f["code"] for f in host.frames if f["type"] == "table")
    eve = GamePage(new_context, web)
    sent: list[dict[str, Any]] = []
    eve.page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    eve.open("/t/" + code)
    eve.page.fill("#name", "Eve")
    eve.page.click("#watch")
    wait_until(lambda: any(f["type"] == "table" for f in eve.frames), eve.page)
    watch = next(f for f in sent if f["type"] == "watch")
    assert watch["name"] == "Eve" and not eve.errors
    eve.close()
    host.close()


def test_a_button_pressed_from_the_keyboard_leaves_the_focus_in_the_game(
    new_context: Any, web: WebServer
) -> None:
    """Play, Draw, Pass or Next round pressed with Enter on the button itself goes away
    with the redraw: the focus comes back to the game area, never the page's body."""
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    game.create("Ada", ["greedy"], target=20)
    page.wait_for_selector("#game:not([hidden])")
    pressed = 0
    deadline = time.monotonic() + 40
    while not game.over() and pressed < 12 and time.monotonic() < deadline:
        button = next((b for b in ("#play-button", "#ready-button", "#draw-button",
                                   "#pass-button") if game.visible(b)), None)  # fmt: skip
        if button is None or (button == "#play-button"
                              and not page.locator("#hand .playable").count()):  # fmt: skip
            page.wait_for_timeout(15)
            continue
        page.focus(button)
        page.keyboard.press("Enter")
        pressed += 1
        page.wait_for_timeout(300)
        focused = page.evaluate("document.activeElement && document.activeElement.id")
        assert focused not in ("", None), f"the focus fell to the body after {button}"
    assert pressed >= 3
    game.close()


def test_no_hint_stays_for_you_after_the_game(new_context: Any, web: WebServer) -> None:
    """F2 before every play: the last thing "For you" showed was a hint; once the game is
    over it is gone (it was for a turn)."""
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    game.create("Ada", ["greedy"], target=10)
    page.wait_for_selector("#game:not([hidden])")
    deadline = time.monotonic() + 60
    while not game.over() and time.monotonic() < deadline:
        playable = game.visible("#play-button") and page.locator("#hand .playable").count()
        if playable:
            hints = sum(1 for f in game.frames if f.get("answer") == "hint")
            game.key("F2")
            wait_until(lambda h=hints: sum(1 for f in game.frames
                                           if f.get("answer") == "hint") > h, page)  # fmt: skip
            game.key("Enter")
        elif game.visible("#ready-button"):
            game.key("Enter")
        elif game.visible("#draw-button"):
            game.key("d")
        elif game.visible("#pass-button"):
            game.key("p")
        page.wait_for_timeout(30)
    assert game.over()
    wait_until(lambda: not page.locator("#alert .said-hint").count(), page, 8, "no hint")
    game.close()


def test_help_opened_again_starts_at_its_first_part(new_context: Any, web: WebServer) -> None:
    game = GamePage(new_context, web)
    page = game.page
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    game.open("/")
    game.create("Ada", ["greedy"], target=60)
    page.wait_for_selector("#game:not([hidden])")
    for key in ("F1", "F1", "F1", "Escape", "F1"):
        page.keyboard.press(key)
        page.wait_for_timeout(100)
    pages = [f["page"] for f in sent if f["type"] == "ask" and f.get("what") == "help"]
    assert pages == [0, 1, 2, 0], pages
    game.close()


def test_the_skip_link_and_a_change_of_language_keep_to_what_is_shown(
    new_context: Any, web: WebServer
) -> None:
    """On the start page the skip link leads to its heading (not the hidden game area);
    after choosing another language the focus is on the language again."""
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    assert page.get_attribute("#skip", "href") == "#join-h"
    page.focus("#lang")
    page.select_option("#lang", "de")
    page.wait_for_load_state()
    wait_until(lambda: page.get_attribute("html", "lang") == "de", page)
    wait_until(lambda: page.evaluate("document.activeElement.id") == "lang", page, 5, "focus")
    game.create("Ada", ["greedy"], target=60)
    page.wait_for_selector("#game:not([hidden])")
    assert page.get_attribute("#skip", "href") == "#play"
    game.close()


def test_no_end_is_offered_after_the_game(new_context: Any, web: WebServer) -> None:
    game = GamePage(new_context, web)
    game.open("/")
    game.create("Ada", ["greedy"], target=10)
    game.page.wait_for_selector("#game:not([hidden])")
    play_by_keys(game)
    wait_until(lambda: not game.visible("#play-button"), game.page)
    assert not game.visible("#ends-choice") and not game.page.locator("#end-buttons button").count()
    game.close()


def test_a_player_away_is_shown_in_words_not_only_in_red(new_context: Any, web: WebServer) -> None:
    ada = GamePage(new_context, web)
    ada.open("/")
    ada.create("Ada", ["person"])
    wait_until(lambda: any(f["type"] == "table" for f in ada.frames), ada.page)
    code = next(f["code"] for f in ada.frames if f["type"] == "table")
    ben = GamePage(new_context, web)
    ben.open("/t/" + code)
    ben.page.fill("#name", "Ben")
    ben.page.click("#join")
    ada.page.wait_for_selector("#game:not([hidden])")
    ben.close()  # Ben's connection drops: after about 2 s he is away
    ada.page.wait_for_selector("#summary li.away", timeout=15000)
    away = page_words(translator("en"))["seat_away"]
    assert away in ada.page.inner_text("#summary li.away")
    ada.close()


def test_the_table_fits_a_phone_and_200_percent_zoom(new_context: Any, web: WebServer) -> None:
    """At a phone's width (360 CSS pixels), and at 200 % zoom of a 1280-pixel window
    (640 CSS pixels), nothing but the layout's own box needs a sideways scroll."""
    game = GamePage(new_context, web, width=360, height=800, scale=2.0)
    page = game.page
    game.open("/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    game.create("Ada", ["greedy"], target=60)
    page.wait_for_selector("#game:not([hidden])")
    play_by_keys(game, stop_after=3)
    # The page's own voice, switched on and off by its key, says so.
    words = page_words(translator("en"))
    for said in (words["voice_on"], words["voice_off"]):
        page.keyboard.press("v")
        wait_until(lambda s=said: page.inner_text("#alert") == s, page, 5, said)
    assert page.evaluate("localStorage.getItem('sniff-voice')") == "0"
    for width in (360, 640):
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        for selector in ("#hand", "#play", "#log", "#fact-buttons", "#summary"):
            box = page.locator(selector).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    game.close()


def test_a_dropped_connection_is_tried_again_and_hears_what_it_missed(
    new_context: Any, web: WebServer
) -> None:
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    page.select_option("#pace", "4")  # 3 seconds after each of the others' turns
    game.create("Ada", ["greedy", "greedy"], target=100)
    page.wait_for_selector("#game:not([hidden])")
    assert web.server is not None
    host = web.call(lambda: next(iter(web.server.tables.values())))  # type: ignore[union-attr]

    def waiting_for_me() -> bool:
        # A bot's step came and the page is still hearing it: the next bot waits.
        last = next((f for f in reversed(game.frames) if f["type"] == "step"), None)
        return bool(last and last["actor"] == 1 and last["view"]["current"] == 2)

    deadline = time.monotonic() + 20
    while not waiting_for_me():
        assert time.monotonic() < deadline
        play_by_keys(game, stop_after=1)
        page.wait_for_timeout(50)
    seen = len(game.heard())
    web.call(lambda: host.channels[0].ws.transport.abort())
    wait_until(lambda: any("Meanwhile: " in h["text"] for h in game.heard()[seen:]), page, 10)
    texts = " ".join(h["text"] for h in game.heard()[seen:])
    assert texts.index("Game resumed: ") < texts.index("Meanwhile: ")
    assert page.evaluate("document.activeElement.id") == "play"
    game.close()


def test_a_picture_of_the_table_for_the_docs(new_context: Any, web: WebServer) -> None:
    """The table in the middle of a game, as docs/web.md shows it (written there with
    ``SNIFF_SCREENSHOTS=1``)."""
    game = GamePage(new_context, web, width=1000, height=1000)
    page = game.page
    game.open("/")
    game.create("Ada", ["greedy", "greedy"], target=150)
    page.wait_for_selector("#game:not([hidden])")
    deadline = time.monotonic() + 20
    while page.locator("#board .domino").count() < 9 or not page.locator("#hand .playable").count():
        assert time.monotonic() < deadline and not game.over()
        play_by_keys(game, stop_after=1)
    before = len(game.frames)  # (counted before the key: its answer may come at once)
    page.keyboard.press("Home")
    game.wait_for_frames(before)
    page.wait_for_timeout(300)
    shot = page.screenshot(clip={"x": 0, "y": 0, "width": 1000, "height": 1000})
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    if os.environ.get("SNIFF_SCREENSHOTS"):
        (ROOT / "docs" / "online-table.png").write_bytes(shot)
    game.close()


def test_the_page_is_read_in_the_order_of_the_game(new_context: Any, web: WebServer) -> None:
    """What a screen reader is told, in the order it is told (the live regions and the
    focus): the target field reads its real value; the start of a game in order; no
    changing description on the game area, whose focus comes before the first word;
    a tile chosen with an arrow answers with the tile alone; and "your turn" once
    per turn, in the one stream of the game, after the play that led to it, which it
    names again."""
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    assert page.get_attribute("#target", "type") == "text" and page.input_value("#target") == ""
    # (a text box with no value: read as empty, where a number field reads "0.0")
    target = page.locator("#target").aria_snapshot()
    assert target.startswith("- textbox ") and ":" not in target.split('"')[-1], target
    game.create("Ada", ["greedy"], target=60)
    page.wait_for_selector("#game:not([hidden])")
    assert page.get_attribute("#play", "aria-describedby") is None
    wait_until(lambda: page.locator("#hand .playable").count() > 0, page, 20, "Ada's turn")
    wait_until(lambda: any("Your turn" in h["text"] for h in game.heard()), page, 5, "her turn")
    heard = game.heard()
    regions = [h["region"] for h in heard]
    first_word = next(i for i, r in enumerate(regions) if r != "focus")
    assert {"region": "focus", "text": "play"}.items() <= heard[first_word - 1].items()
    log = " ".join(h["text"] for h in heard if h["region"] == "log")
    assert log.startswith("Everyone is here: the game begins. New game: You and Anna (greedy)")
    assert log.index("New game:") < log.index("Round 1. ") < log.index("Your turn")
    # Right: the tile's own answer, alone, where answers go.
    before = len(game.heard())
    game.key("ArrowRight")
    page.wait_for_timeout(300)
    answered = [h for h in game.heard()[before:] if h["region"] != "focus"]
    assert [h["region"] for h in answered] == ["alert"]
    assert "Your turn" not in answered[0]["text"]
    game.key("ArrowLeft")  # (back to the tile the turn began on: one that fits)

    def turns_heard() -> int:
        return sum("Your turn" in h["text"] for h in game.heard() if h["region"] == "log")

    deadline = time.monotonic() + 30
    while turns_heard() < 3 and not game.over():
        assert time.monotonic() < deadline, "three turns did not come"
        play_by_keys(game, stop_after=1)
    page.wait_for_timeout(300)
    heard = game.heard()
    assert not [h for h in heard if h["region"] == "alert" and "Your turn" in h["text"]]
    stream = " ".join(h["text"] for h in heard if h["region"] == "log")
    frames = [f for f in game.frames if f["type"] == "say" and "answer" not in f]
    said = [i["text"] for f in frames for i in f["items"] if "Your turn" in i["text"]]
    assert len(said) >= 3 and stream.count("Your turn") == len(said), stream  # each once
    at = 0
    for turn in said:  # in the stream, in order
        at = stream.index(turn, at) + len(turn)
        recap, _, _ = turn.partition("Your turn")
        if recap:  # the others' play that gave the turn, said once, in the turn
            assert stream.count(recap.strip()) == 1, recap
    check_said_in_order(game, "en")
    game.close()


def test_the_help_says_to_leave_the_pages_voice_off_with_a_screen_reader(
    new_context: Any, web: WebServer
) -> None:
    game = GamePage(new_context, web)
    page = game.page
    game.open("/")
    assert "leave it off with one" in page.inner_text("label[for=voice]")
    page.keyboard.press("F1")
    page.wait_for_selector("#help:not([hidden])")
    assert "with one, leave it off" in page.inner_text("#key-list")
    game.close()
