"""The terminal game's seat at a table on a server: a :class:`~sniff.session.link.SeatLink`
over a WebSocket.

:class:`RemoteLink` is to the game screen what a local seat is: it answers
with the seat's view, sends the player's actions, and tells each step. It
keeps nothing the server did not send, and trusts nothing it sends either:
every frame is read by the same strict reader as on the server.

A dropped connection is tried again with growing waits (:data:`RETRY_WAITS`)
for about 30 seconds, then the player is told and any acting key tries
again. Back at the seat (the resume token), the steps missed meanwhile are
told as one catch-up, through the same path as any other player's turn.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from sniff.engine import (
    PRESETS,
    Action,
    Event,
    Observation,
    Reason,
    Refusal,
    RulesError,
    RuleSet,
    Tile,
)
from sniff.net.codec import action_json, read_event, read_view, round_history
from sniff.net.messages import PROTOCOL
from sniff.net.wire import FrameError, Limits, read_frame
from sniff.session.link import News, Spawn
from sniff.session.table import SeatFeed, Update
from sniff.storage.records import PlayerInfo

__all__ = ["RETRY_WAITS", "ConnectError", "RemoteLink", "Request"]

#: The waits between tries after a dropped connection (about 30 s in all).
RETRY_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
#: What a frame from the server may be (a whole game's state is the largest).
FROM_SERVER = Limits(size=4 * 1024 * 1024, depth=8, digits=12, items=200_000)
#: Seconds to wait for the server's answer when sitting down.
ANSWER_SECONDS = 10.0


class ConnectError(Exception):
    """The server could not be reached, or refused the seat: *code* says why
    (``unreachable``, ``version``, ``no-table``, ``table-full``, ``no-seat``...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Request:
    """How to sit down: ``{"type": "create"|"join"|"watch"|"resume", ...}``."""

    frame: dict[str, Any]


class _NewsFeed(Protocol):
    def news(self, item: News) -> None: ...


Opener = Callable[[str], Awaitable[ClientConnection]]


async def _open(url: str) -> ClientConnection:
    return await connect(url, max_size=FROM_SERVER.size, open_timeout=ANSWER_SECONDS)


class RemoteLink:
    """A seat (or a spectator's place) at a table on a server (see the module docstring)."""

    def __init__(
        self,
        url: str,
        *,
        language: str = "en",
        verbosity: str = "normal",
        opener: Opener = _open,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        on_seated: Callable[[RemoteLink], None] | None = None,
    ) -> None:
        self.url = url
        self.language = language
        self.verbosity = verbosity
        self.opener = opener
        self.sleep = sleep
        self.on_seated = on_seated
        self.ws: ClientConnection | None = None
        self.token: str | None = None
        self.code = ""
        self.table: dict[str, Any] = {}
        self._seat: int | None = None
        self._rules: RuleSet = PRESETS["sniff"]
        self._players: tuple[PlayerInfo, ...] = ()
        self._log: list[Event] = []
        self._last_move_at = 0
        self._view: Observation | None = None
        self._feed: SeatFeed | None = None
        self._closed = False
        self.connected = False
        self.gave_up = False
        self.started = False
        self._heard_sent = 0
        self._acting: Action | None = None
        self._reader: asyncio.Task[None] | None = None
        self._spawn: Spawn | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self._waiters: list[
            tuple[Callable[[dict[str, Any]], bool], asyncio.Future[dict[str, Any]]]
        ] = []

    # -- sitting down --------------------------------------------------------------------

    async def open(self, request: Request) -> None:
        """Connect, say hello, and sit down as *request* asks; raises :class:`ConnectError`."""
        await self._connect()
        await self._sit(request.frame)

    async def _connect(self) -> None:
        try:
            self.ws = await self.opener(self.url)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as error:
            raise ConnectError("unreachable", str(error) or type(error).__name__) from None
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self.connected = True
        welcome = self._expect("welcome")
        hello = {"type": "hello", "version": PROTOCOL, "lang": self.language,
                 "verbosity": self.verbosity, "client": "sniff-terminal"}  # fmt: skip
        await self._send(hello)
        await self._answer(welcome)

    async def _sit(self, frame: dict[str, Any]) -> None:
        # Every answer is waited for from before the request goes: they come together.
        seated = None if frame["type"] == "watch" else self._expect("seated")
        state = self._expect("state")
        await self._send(frame)
        if seated is not None:
            await self._answer(seated)
        await self._answer(state)

    def _expect(self, kind: str) -> asyncio.Future[dict[str, Any]]:
        """A future for the next frame of *kind* (an error frame first fails it)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiters.append((lambda f: f["type"] == kind, future))
        # (a refusal fails every waiting answer; those not awaited any more must not warn)
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        return future

    async def _answer(self, future: asyncio.Future[dict[str, Any]]) -> dict[str, Any]:
        """The frame *future* waits for; ConnectError when refused or not answered."""
        try:
            return await asyncio.wait_for(future, ANSWER_SECONDS)
        except asyncio.TimeoutError:
            raise ConnectError("unreachable", "the server did not answer") from None
        finally:
            self._waiters = [(w, f) for w, f in self._waiters if f is not future]

    # -- SeatLink ------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self._seat if self._seat is not None else -1

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self._players

    @property
    def rules(self) -> RuleSet:
        return self._rules

    @property
    def position(self) -> int:
        return len(self._log)

    @property
    def closed(self) -> bool:
        return self._closed

    def view(self) -> Observation:
        if self._view is None:
            raise RuntimeError("no view yet: sit down first")
        return self._view

    def events(self) -> Sequence[Event]:
        return self._log

    def since_my_move(self) -> Sequence[Event]:
        return self._log[self._last_move_at :]

    def attach(self, feed: SeatFeed) -> None:
        self._feed = feed

    def start(self, spawn: Spawn) -> None:
        self._spawn = spawn

    def act(self, action: Action) -> None:
        if not self._usable():
            return
        self._acting = action
        self._post({"type": "act", "action": action_json(action), "at": self.position})

    def next_round(self) -> None:
        if self._usable():
            self._post({"type": "ready"})

    def heard(self, position: int) -> None:
        # (a table where no bot plays waits for nobody: it is not told)
        paces = self.table.get("paces", True) is not False
        if position > self._heard_sent and self.connected and paces:
            self._heard_sent = position
            self._post({"type": "heard", "at": position})

    def chat(self, text: str) -> None:
        if self._usable():
            self._post({"type": "chat", "text": text})

    def ask_record(self) -> None:
        if self._usable():
            self._post({"type": "record"})

    def close(self) -> None:
        self._closed = True
        if self.ws is not None:
            self._run(self.ws.close())

    # -- frames ----------------------------------------------------------------------------

    def _usable(self) -> bool:
        """Connected: yes. Not (yet) back: the player is told, and given up means try again."""
        if self.connected:
            return True
        if self.gave_up:
            self.gave_up = False
            self._news(News("reconnecting"))
            self._run(self._reconnect())
        else:
            self._news(News("not-connected"))
        return False

    def _post(self, frame: dict[str, Any]) -> None:
        self._run(self._send(frame))

    async def _send(self, frame: dict[str, Any]) -> None:
        if self.ws is None:
            return
        with contextlib.suppress(ConnectionClosed):
            await self.ws.send(json.dumps(frame, ensure_ascii=False))

    def _run(self, coroutine: Coroutine[Any, Any, Any]) -> None:
        if self._spawn is not None:
            self._spawn(coroutine)
            return
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _read(self) -> None:
        ws = self.ws
        assert ws is not None
        try:
            async for data in ws:
                try:
                    frame = read_frame(data, FROM_SERVER)
                    self._take(frame)
                except (FrameError, ValueError, KeyError, TypeError, RulesError) as error:
                    # A frame this client cannot read is dropped, and said: never a crash.
                    self._news(News("bad-frame", text=str(error)[:200]))
        except ConnectionClosed:
            pass
        finally:
            if ws is self.ws:
                self.connected = False
                if not self._closed:
                    self._run(self._reconnect())

    def _take(self, frame: dict[str, Any]) -> None:
        for wanted, future in list(self._waiters):
            if frame["type"] == "error" and not future.done():
                future.set_exception(
                    ConnectError(str(frame.get("code")), str(frame.get("message")))
                )
                return
            if wanted(frame) and not future.done():
                future.set_result(frame)
                break
        kind = frame["type"]
        if kind == "table":
            self._table(frame)
        elif kind == "seated":
            self._seat = frame["seat"] if type(frame["seat"]) is int else None
            self.token = str(frame["token"])
            if self.on_seated is not None:
                self.on_seated(self)
        elif kind == "state":
            self._state(frame)
        elif kind == "step":
            self._step(frame)
        elif kind == "refused":
            self._refused(frame)
        elif kind in ("notice", "chat", "error", "record"):
            self._notice(frame)

    def _table(self, frame: dict[str, Any]) -> None:
        preset = PRESETS.get(str(frame.get("preset")))
        rules_data = frame.get("rules")
        if preset is None or not isinstance(rules_data, dict):
            raise FrameError("bad-table", "the table's rules are not readable")
        self._rules = RuleSet.from_json(rules_data)
        people = frame.get("players")
        if not isinstance(people, list) or not 2 <= len(people) <= 4:
            raise FrameError("bad-table", "a table seats 2 to 4 players")
        self._players = tuple(_player(item) for item in people)
        self.code = str(frame.get("code", ""))[:12]
        self.table = frame
        started = frame.get("started") is True
        if started and not self.started:
            self.started = True
        self._news(News("table"))

    def _state(self, frame: dict[str, Any]) -> None:
        players = len(self._players)
        log = [read_event(item, self._rules, players) for item in frame["log"]]
        view = None if frame["view"] is None else read_view(frame["view"], self._rules, players)
        known = len(self._log)
        first = self._view is None and not self._log
        self._log = log
        self._view = view
        if first:
            self._last_move_at = 0
            self._heard_sent = len(log)
            return
        missed = tuple(log[known:])
        if missed and view is not None and self._feed is not None:
            # Back after a drop: what happened meanwhile, as one step of the others.
            self._feed.update(Update(missed, view, None, True, len(log)))

    def _step(self, frame: dict[str, Any]) -> None:
        players = len(self._players)
        events = tuple(read_event(item, self._rules, players) for item in frame["events"])
        if frame["view"] is None:
            self._log += events
            self._news(News("step", count=len(events)))
            return
        history = round_history(self._view.history if self._view else (), events)
        view = read_view(frame["view"], self._rules, players, history)
        actor = frame.get("actor")
        actor = actor if type(actor) is int and 0 <= actor < players else None
        by_bot = frame.get("bot") is True
        self._log += events
        self._view = view
        if actor == self._seat and not by_bot:
            self._last_move_at = len(self._log)
        if self._feed is not None:
            self._feed.update(Update(events, view, actor, by_bot, len(self._log)))

    def _refused(self, frame: dict[str, Any]) -> None:
        try:
            reason = Reason(frame.get("reason"))
        except ValueError:
            reason = Reason.WRONG_PHASE
        tiles = tuple(
            Tile.of(t[0], t[1])
            for t in frame.get("tiles", [])[:4]
            if isinstance(t, list) and len(t) == 2 and all(type(v) is int for v in t)
            and all(0 <= v <= self._rules.max_pip for v in t)
        )  # fmt: skip
        refusal = Refusal(reason, str(frame.get("message", ""))[:200], self._acting, tiles)
        self._acting = None
        if self._feed is not None and self._view is not None:
            self._feed.refused(refusal, self._view)

    def _notice(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        seat = frame.get("seat")
        seat = seat if type(seat) is int and 0 <= seat < len(self._players) else None
        name = str(frame.get("name", ""))[:40]
        if kind == "chat":
            self._news(News("chat", seat, name, str(frame.get("text", ""))[:200]))
        elif kind == "error":
            self._news(News("error", text=str(frame.get("code", ""))[:40]))
        elif kind == "record":
            self._news(News("record", text=json.dumps(frame.get("lines", []))))
        else:
            count = frame.get("count")
            winner = frame.get("winner")
            self._news(
                News(
                    str(frame.get("kind", ""))[:20],
                    seat,
                    name,
                    count=count if type(count) is int else 0,
                    winner=winner if type(winner) is int else None,
                )
            )
            if frame.get("kind") == "started":
                self.started = True

    def _news(self, item: News) -> None:
        feed = self._feed
        news = getattr(feed, "news", None)
        if callable(news):
            news(item)

    # -- coming back -----------------------------------------------------------------------

    async def _reconnect(self) -> None:
        """Try again with growing waits; say when it is back, or that it gave up."""
        if self._closed or self.token is None:
            return
        self._news(News("connection-lost"))
        for wait in RETRY_WAITS:
            await self.sleep(wait)
            if self.closed:
                return
            try:
                await self._connect()
                await self._sit({"type": "resume", "token": self.token})
            except ConnectError as error:
                if error.code in ("no-seat", "version"):
                    self._news(News("table-gone", text=error.code))
                    self.gave_up = True
                    return
                continue
            self._news(News("reconnected"))
            return
        self.gave_up = True
        self._news(News("gave-up"))


def _player(item: Any) -> PlayerInfo:
    if not isinstance(item, dict):
        raise FrameError("bad-table", "a player is an object")
    name = str(item.get("name", ""))[:40]
    kind = "bot" if item.get("kind") == "bot" else "human"
    level = item.get("level") if kind == "bot" and isinstance(item.get("level"), str) else None
    return PlayerInfo(name or "?", kind, level)  # type: ignore[arg-type]
