"""What one seat hears is built once: the same seeded game, played by the same keys,
is heard in the same sentences at home in the terminal, in the terminal online, and
on a web page's seat.

Three runs of one game (the same deal, the same bots with the same seeds, seat 0
playing by the same keys chosen from its own view): the terminal game at home
(the real game screen over a local table), the terminal online (the real game
screen over a :class:`~sniff.net.client.RemoteLink` to a real server), and a
web page's seat (a words client that sends the page's ``key`` messages and
says ``heard`` when a ``say`` frame asks it to). Every event, key and refusal
is said in the same sentences, in the same order, in all three; only what is
each client's own differs (the welcome, the connection, the game-over prompt
that names each client's keys), and is left out by name.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from netplay import Player, server, url_of
from sniff.announce import Announcer
from sniff.announce.game_ui import GameTexts
from sniff.announce.online import OnlineWords
from sniff.announce.web import WebWords
from sniff.engine import ACTIVE, DRAW, Move, Observation, Phase
from sniff.enums import NewsKind, Verbosity
from sniff.i18n import translator
from sniff.net.client import RemoteLink, Request
from sniff.server.app import SniffServer
from sniff.server.limits import ServerLimits
from sniff.session.link import moves_for
from sniff.ui.app import SniffApp
from sniff.ui.game.screen import GameScreen
from sniff.ui.online import OnlineStart
from test_ui_game_harness import Driver

SEED = 41
TARGET = 40
ARGV = ["--players", "2", "--bots", "greedy", "--seed", str(SEED), "--target", str(TARGET)]
#: How each run hears the game: its verbosity and language.
HOW = [("brief", "en"), ("normal", "de")]
CREATE = {"type": "create", "name": "Ada", "preset": "sniff", "seats": ["person", "greedy"],
          "target": TARGET}  # fmt: skip
#: The most keys a run presses (a game to 40 takes far fewer).
MOST_KEYS = 2000
#: Keys come faster here than a person presses them.
FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)


def keys_for(obs: Observation, turn: int) -> list[str]:
    """What the player presses at one of their turns, from their view alone: a look
    along the hand and its ends, two questions, on the first turn a pass the rules
    refuse, then the last legal play chosen by its two numbers and Down, and Enter
    (or a draw, or a pass)."""
    if obs.phase is Phase.ROUND_OVER:
        return ["enter"]
    keys = ["right", "down", "w", "h"]
    moves = [a for a in obs.legal if isinstance(a, Move)]
    if turn == 0 and moves:
        keys.append("p")  # refused: a tile fits
    if moves:
        move = moves[-1]
        keys += [str(move.tile.high), str(move.tile.low)]
        keys += ["down"] * moves_for(obs, move.tile).index(move)
        keys.append("enter")
    else:
        keys.append("d" if DRAW in obs.legal else "p")
    return keys


def _own_lines(language: str) -> set[str]:
    """What each client says of itself, not of the game: left out of the comparison."""
    tr = translator(language)
    texts, online = GameTexts(tr), OnlineWords(tr)
    lines = {
        Announcer(0, tr, player_names=["", ""]).welcome().text,
        texts.menu_offer(),
        texts.game_over_prompt(new_game=True).text,
        texts.game_over_prompt(new_game=False).text,
        WebWords(tr).game_over_prompt().text,
    }
    for kind in (NewsKind.STARTED, NewsKind.OVER):
        said = online.news(kind, "")
        assert said is not None
        lines.add(said.text)
    return lines


def _game_lines(texts: list[str], language: str) -> list[str]:
    own = _own_lines(language)
    tr = translator(language)
    online = OnlineWords(tr)
    # (the connection, the table opened and the record: the words' fixed start, before
    # the address)
    prefixes = tuple(
        said.text.split("{")[0].split("X")[0][:12]
        for said in (online.connecting("X"), online.record_kept("X"), online.hosting("X", "Y"))
    )
    return [t for t in texts if t not in own and not t.startswith(prefixes)]


async def _waiting(test: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not test():
        assert loop.time() < deadline, f"waited {timeout} s for {what}"
        await asyncio.sleep(0.005)


def _table_quiet(running: SniffServer) -> bool:
    """The server's one table has no step to play and nothing waiting to go out."""
    return next(iter(running.tables.values())).settled


# -- the three clients ----------------------------------------------------------------------


def _terminal(driver: Driver, verbosity: str) -> Driver:
    """*driver* hearing the game in *verbosity*."""
    driver.ctx.settings = replace(driver.ctx.settings, verbosity=Verbosity(verbosity))
    return driver


async def _at_home(verbosity: str, language: str) -> list[str]:
    async with _terminal(Driver([*ARGV, "--lang", language]), verbosity) as d:
        turn = 0
        for _ in range(MOST_KEYS):
            await d.settle()
            obs = d.screen.link.view()
            if obs.phase is Phase.GAME_OVER:
                break
            if obs.phase is Phase.ROUND_OVER or obs.my_turn:
                await d.press(*keys_for(obs, turn))
                turn += 1
        return list(d.texts)


class OnlineDriver(Driver):
    """The terminal game online: the real game screen over a remote seat."""

    def __init__(self, url: str, language: str) -> None:
        super().__init__([*ARGV, "--lang", language])
        self.url = url
        self.language = language

    async def __aenter__(self) -> OnlineDriver:
        self._pipe_cm = create_pipe_input()
        self.pipe = self._pipe_cm.__enter__()
        self.app = SniffApp(self.ctx, input=self.pipe, output=DummyOutput())
        verbosity = str(self.ctx.settings.verbosity)
        self.link = RemoteLink(self.url, language=self.language, verbosity=verbosity)
        start = lambda host: OnlineStart(host, self.link, Request(dict(CREATE)), name="Ada")  # noqa: E731
        self.task = asyncio.create_task(self.app.run_async(start))
        await _waiting(lambda: any(isinstance(s, GameScreen) for s in self.app.stack), "the game")
        return self


async def _online_terminal(tmp: Path, verbosity: str, language: str) -> list[str]:
    driver = _terminal(OnlineDriver("", language), verbosity)
    async with server(tmp, seed=SEED, limits=FAST) as running:
        driver.url = url_of(running)
        async with driver as d:
            return await _play_online(running, d)


async def _play_online(running: SniffServer, d: OnlineDriver) -> list[str]:
    turn = 0
    link = d.link
    host = next(iter(running.tables.values()))
    for _ in range(MOST_KEYS):
        await _waiting(lambda: _table_quiet(running), "the server")
        await d.settle()
        await _waiting(lambda: link.position == host.table.position, "the steps")
        await d.settle()
        obs = link.view()
        if obs.phase is Phase.GAME_OVER:
            break
        if obs.phase is Phase.ROUND_OVER or (obs.phase in ACTIVE and obs.my_turn):
            for key in keys_for(obs, turn):
                await d.press(key)
                await _waiting(lambda: _table_quiet(running), "the server")
            turn += 1
    await _waiting(lambda: link.closed or host.ended, "the end")
    await _waiting(lambda: any(t in d.texts for t in _own_lines(d.language)), "its last words")
    return list(d.texts)


class PageSeat(Player):
    """A web page's seat as the server sees it: a words client pressing the page's keys
    and saying "heard" when a say frame asks (the page's own script, in Python)."""

    verbosity = "brief"

    async def open(self, *, origin: str | None = None) -> None:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, max_size=2**22)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        hello = {"type": "hello", "version": 1, "lang": self.language, "words": True,
                 "verbosity": self.verbosity}  # fmt: skip
        await self.send(hello)
        await self.wait_for(lambda: any(f["type"] == "welcome" for f in self.frames))

    async def _take(self, frame: dict[str, Any]) -> None:
        await super()._take(frame)
        if frame["type"] == "say" and "pace" in frame:
            await self.send({"type": "heard", "at": frame["at"]})

    def said(self) -> list[str]:
        return [item["text"] for frame in self.of("say") for item in frame["items"]]


async def _page_seat(tmp: Path, verbosity: str, language: str) -> list[str]:
    async with server(tmp, seed=SEED, limits=FAST) as running:
        page = PageSeat(url_of(running), "Ada", language=language, plays=False)
        page.verbosity = verbosity
        await page.open()
        await page.send(dict(CREATE))
        await page.wait_for(lambda: page.code is not None and page.seat == 0)
        turn = 0
        for _ in range(MOST_KEYS):
            await _waiting(lambda: _table_quiet(running), "the server")
            host = next(iter(running.tables.values()))
            obs = host.table.observe(0)
            if obs.phase is Phase.GAME_OVER:
                break
            if obs.phase is Phase.ROUND_OVER or (obs.phase in ACTIVE and obs.my_turn):
                for key in keys_for(obs, turn):
                    count = len(page.of("say"))
                    await page.send({"type": "key", "key": key, "at": host.table.position})
                    await page.wait_for(lambda c=count: len(page.of("say")) > c)
                    await _waiting(lambda: _table_quiet(running), "the server")
                turn += 1
            else:
                await asyncio.sleep(0.01)
        closes = OnlineWords(translator(language)).news(NewsKind.OVER, "")
        await page.wait_for(lambda: closes is not None and closes.text in page.said())
        await page.close()
        return page.said()


@pytest.mark.parametrize(("verbosity", "language"), HOW)
def test_a_game_is_heard_alike_at_home_online_and_on_a_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, verbosity: str, language: str
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    # The server seeds its bots as the game at home does: the same bots, the same game.
    monkeypatch.setattr("sniff.server.app.bot_seed", lambda seed, seat: seed * 10 + seat)

    async def go() -> list[list[str]]:
        return [
            await _at_home(verbosity, language),
            await _online_terminal(tmp_path / "online", verbosity, language),
            await _page_seat(tmp_path / "page", verbosity, language),
        ]

    home, online, page = (_game_lines(lines, language) for lines in asyncio.run(go()))
    assert online == home
    assert page == home
    # (what was compared holds every kind of sentence: the events, the keys' answers,
    # a refusal, the recap of the others' play in the turn prompt)
    new_game = "New game: You and Anna (greedy)" if language == "en" else "Neues Spiel: Du und Anna"
    assert home[0].startswith(new_game)
    assert len(home) > 60
    turn = "Your turn" if language == "en" else "Du bist dran"
    # The recap: the others' play that gave the turn, said once, in the turn prompt.
    assert any(t.startswith("Anna") and turn in t and not t.startswith(turn) for t in home)
    assert len(set(home)) > 40  # many sentences, not one said again and again
    lead_first = translator(language)._("lead a tile first: any tile of your hand")
    assert any(t.lower().startswith(lead_first.lower()) for t in home)  # P refused
