"""Scripted players for the server's tests: real WebSocket clients on 127.0.0.1.

A :class:`Player` connects, says hello (as a words client, the web page, with
``words=True``), creates or joins a table, and plays by
a simple rule (the first legal action) whenever its view says it is to act,
acknowledging every step as heard, as the real client does. It keeps every
frame it got, so a test can look for what a seat must never see. A
:func:`server` context runs a real :class:`~sniff.server.app.SniffServer` in
the test's event loop on a free loopback port. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from sniff.engine import RuleSet, preset
from sniff.net.codec import action_json, read_view
from sniff.server.app import ServerOptions, SniffServer
from sniff.server.limits import ServerLimits
from sniff.session.table import InlineThinker

TIMEOUT = 20.0


@contextlib.asynccontextmanager
async def server(
    data: Path, *, seed: int | None = 1, limits: ServerLimits | None = None, **options: Any
) -> AsyncIterator[SniffServer]:
    """A real server on 127.0.0.1 (a free port), bots deciding in this process."""
    thinker = options.pop("thinker", None) or InlineThinker()
    clock = options.pop("clock", None)
    opts = ServerOptions(
        data, host="127.0.0.1", port=0, seed=seed, limits=limits or ServerLimits(), **options
    )
    running = SniffServer(opts, thinker=thinker, clock=clock)
    await running.start()
    try:
        yield running
    finally:
        await running.close()


class Player:
    """One scripted person at a table (see the module docstring)."""

    def __init__(
        self, url: str, name: str, *, language: str = "en", plays: bool = True, words: bool = False
    ) -> None:
        self.url = url
        self.name = name
        self.language = language
        self.plays = plays
        self.words = words  # a words client (the web page): a ``say`` after each frame
        self.frames: list[dict[str, Any]] = []
        self.ws: ClientConnection | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.rules: RuleSet | None = None
        self.players = 0
        self.at = 0
        self.view: dict[str, Any] | None = None
        self.over = False
        self._reader: asyncio.Task[None] | None = None
        self.changed = asyncio.Event()

    async def __aenter__(self) -> Player:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self, *, origin: str | None = None) -> None:
        headers = {"Origin": origin} if origin else None
        self.ws = await connect(self.url, additional_headers=headers, max_size=2**22)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        hello = {"type": "hello", "version": 1, "lang": self.language}
        await self.send({**hello, "words": True} if self.words else hello)
        await self.wait_for(lambda: any(f["type"] == "welcome" for f in self.frames))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._reader, 5)

    async def send(self, frame: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(frame))

    async def send_text(self, text: str | bytes) -> None:
        assert self.ws is not None
        await self.ws.send(text)

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):
            async for text in self.ws:
                frame = json.loads(text)
                self.frames.append(frame)
                await self._take(frame)
                self.changed.set()
        self.changed.set()

    async def _take(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "table":
            self.code = frame["code"]
            self.rules = preset(frame["preset"]).with_changes(
                **{k: v for k, v in frame["rules"].items() if k != "preset"}
            )
            self.players = len(frame["players"])
            self.over = frame["over"]
        elif kind == "seated":
            self.seat, self.token = frame["seat"], frame["token"]
        elif kind in ("state", "step"):
            self.at = frame["at"]
            self.view = frame["view"]
            if kind == "step" and self.plays:
                await self.send({"type": "heard", "at": self.at})
            await self.act_if_due()
        elif kind == "notice" and frame["kind"] in ("over", "ended", "round-limit"):
            self.over = True  # (the game is over; or ended by its host, or after 200 rounds)

    async def act_if_due(self) -> None:
        view = self.view
        if not self.plays or view is None or self.seat is None:
            return
        if view["phase"] == "round-over":
            await self.send({"type": "ready"})
        elif view["current"] == self.seat and view["legal"]:
            await self.send({"type": "act", "action": view["legal"][0], "at": self.at})

    async def wait_for(self, test: Callable[[], bool], timeout: float = TIMEOUT) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not test():
            rest = deadline - loop.time()
            if rest <= 0:
                raise TimeoutError(
                    f"{self.name}: waited {timeout} s; last frames {self.frames[-3:]}"
                )
            self.changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.changed.wait(), min(rest, 0.5))

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == kind]

    def told(self) -> list[dict[str, Any]]:
        """Every event of the game the player was told, in order (a state's log, then
        the steps after it)."""
        log: list[dict[str, Any]] = []
        for frame in self.frames:
            if frame["type"] == "state":
                log = list(frame["log"])
            elif frame["type"] == "step":
                log += frame["events"]
        return log

    def obs(self) -> Any:
        assert self.view is not None and self.rules is not None
        return read_view(self.view, self.rules, self.players)

    async def act(self, action: Any) -> None:
        await self.send({"type": "act", "action": action_json(action), "at": self.at})


async def seated(ada: Player, ben: Player, create: dict[str, Any]) -> None:
    """*ada* makes a table (*create*: the rest of its ``create`` frame) and *ben* joins
    it (not waiting for what comes next)."""
    await ada.open()
    await ada.send({"type": "create", "name": ada.name, **create})
    await ada.wait_for(lambda: ada.code is not None)
    await ben.open()
    await ben.send({"type": "join", "code": ada.code, "name": ben.name})


def free_port() -> int:
    """A port nothing listens on at 127.0.0.1, now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def url_of(running: SniffServer) -> str:
    return f"ws://127.0.0.1:{running.port}/ws"
