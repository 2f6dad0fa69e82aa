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
import socket
import ssl
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
    Played,
    RulesError,
    RuleSet,
)
from sniff.enums import NewsKind
from sniff.net.address import routed
from sniff.net.codec import action_json
from sniff.net.frames import (
    FrameType,
    TableFrame,
    read_notice,
    read_refused,
    read_state,
    read_step,
    read_table,
)
from sniff.net.messages import PROTOCOL
from sniff.net.wire import CLOSE_TAKEN_OVER, FrameError, Limits, read_frame
from sniff.session.link import News, Spawn
from sniff.session.table import SeatFeed, Update
from sniff.storage.records import PlayerInfo

__all__ = [
    "RETRY_WAITS",
    "UNREACHABLE",
    "ConnectError",
    "RemoteLink",
    "Request",
    "unreachable_code",
]

#: The waits between tries after a dropped connection (about 30 s in all).
RETRY_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)
#: What a frame from the server may be (a whole game's state is the largest).
FROM_SERVER = Limits(size=4 * 1024 * 1024, depth=8, digits=12, items=200_000)
#: Seconds to wait for the server's answer when sitting down.
ANSWER_SECONDS = 10.0


class ConnectError(Exception):
    """The server could not be reached, or refused the seat: *code* says why
    (one of :data:`UNREACHABLE`, or the server's error code: ``version``,
    ``no-table``, ``table-full``, ``no-seat``...); the message is for the log."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


#: Why a server could not be reached, each said in the player's language: nothing
#: listens at that address and port; the host's name was not found; no answer in time;
#: the secure connection failed; what answered is no Sniff server; anything else.
UNREACHABLE = ("refused", "no-such-host", "timed-out", "tls", "not-a-server", "unreachable")


def unreachable_code(error: BaseException) -> str:
    """The :data:`UNREACHABLE` code for a failure to connect.

    >>> unreachable_code(ConnectionRefusedError(111, "Connect call failed"))
    'refused'
    >>> unreachable_code(socket.gaierror(-2, "Name or service not known"))
    'no-such-host'
    """
    if isinstance(error, ssl.SSLError):
        return "tls"
    if isinstance(error, socket.gaierror):
        return "no-such-host"
    if isinstance(error, (asyncio.TimeoutError, TimeoutError)):
        return "timed-out"
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    if isinstance(error, OSError) and "Connect call failed" in str(error):
        return "refused"  # (every address of the name refused: asyncio joins them)
    if isinstance(error, (InvalidHandshake, InvalidURI)):
        return "not-a-server"
    return "unreachable"


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
        self.table: TableFrame | None = None
        self._seat: int | None = None
        self._rules: RuleSet = PRESETS["sniff"]
        self._players: tuple[PlayerInfo, ...] = ()
        self._log: list[Event] = []
        self._last_move_at = 0
        self._view: Observation | None = None
        self._feed: SeatFeed | None = None
        self._closed = False
        self.connected = False
        self.resumed = False
        self._missed: tuple[Event, ...] = ()  # what a seat taken back had missed
        self.gave_up = False
        self.taken_over = False  # another connection took the seat (close code 4000)
        self.ended = False  # the table ended before its game did: nothing to come back to
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
        frame = request.frame
        await self._connect(routed(self.url, code=frame.get("code"), token=frame.get("token")))
        await self._sit(frame)

    async def _connect(self, url: str) -> None:
        """Connect to *url* (the server's address, routed to the table's process)."""
        old, self.ws = self.ws, None
        self._waiters.clear()  # (a refusal's answers, never to come, wait no more)
        if old is not None:
            await old.close()
        try:
            self.ws = await self.opener(url)
        except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError) as error:
            detail = str(error) or type(error).__name__
            code = unreachable_code(error)
            if self.url.startswith("wss:") and isinstance(error, ConnectionResetError):
                code = "tls"  # (a server without TLS drops a secure handshake at once)
            raise ConnectError(code, detail) from None
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
        try:
            await self._send(frame)
            if seated is not None:
                await self._answer(seated)
            await self._answer(state)
        finally:
            # A refusal fails one answer: the other must not take the next try's.
            self._waiters = [(w, f) for w, f in self._waiters if f not in (seated, state)]

    def _expect(
        self, kind: str, test: Callable[[dict[str, Any]], bool] = lambda frame: True
    ) -> asyncio.Future[dict[str, Any]]:
        """A future for the next frame of *kind* that passes *test* (an error frame first
        fails it)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiters.append((lambda f: f["type"] == kind and test(f), future))
        # (a refusal fails every waiting answer; those not awaited any more must not warn)
        future.add_done_callback(lambda done: done.cancelled() or done.exception())
        return future

    async def _answer(self, future: asyncio.Future[dict[str, Any]]) -> dict[str, Any]:
        """The frame *future* waits for; ConnectError when refused or not answered."""
        try:
            return await asyncio.wait_for(future, ANSWER_SECONDS)
        except asyncio.TimeoutError:
            raise ConnectError("timed-out", "the server did not answer") from None
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

    def public_view(self) -> Observation | None:
        """A spectator's view of the table (None: not yet told)."""
        return self._view

    def events(self) -> Sequence[Event]:
        return self._log

    def since_my_move(self) -> Sequence[Event]:
        return self._log[self._last_move_at :]

    @property
    def missed(self) -> Sequence[Event]:
        return self._missed

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
        paces = self.table is None or self.table.paces
        if position > self._heard_sent and self.connected and paces:
            self._heard_sent = position
            self._post({"type": "heard", "at": position})

    def chat(self, text: str) -> None:
        if self._usable():
            self._post({"type": "chat", "text": text})

    def ask_record(self) -> None:
        if self._usable():
            self._post({"type": "record"})

    async def leave(self, *, end: bool = False) -> None:
        """Leave the seat for good (a bot plays it to the end), or, *end*, end the table
        for everyone (its host only); then close. Waits (bounded) until the server has
        told the table, so that a server stopping next has said it first."""
        if self.connected and self.ws is not None:
            told = self._expect("notice", lambda f: f.get("kind") == NewsKind.ENDED.value)
            await self._send({"type": "leave", "end": end})
            if end:  # (who leaves is told nothing more: the others hear "left")
                with contextlib.suppress(ConnectError, ConnectionClosed):
                    await self._answer(told)
            self._waiters = [(w, f) for w, f in self._waiters if f is not told]
        self.close()

    def close(self) -> None:
        self._closed = True
        if self.ws is not None:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return  # (the program's loop has ended: the socket goes with it)
            self._run(self.ws.close())

    # -- frames ----------------------------------------------------------------------------

    def _usable(self) -> bool:
        """Connected: yes. Not (yet) back: the player is told, and given up means try again."""
        if self.connected:
            return True
        if self.taken_over:
            self._news(News(NewsKind.TAKEN_OVER))
        elif self.gave_up:
            self.gave_up = False
            self._news(News(NewsKind.RECONNECTING))
            self._run(self._reconnect())
        else:
            self._news(News(NewsKind.NOT_CONNECTED))
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
                    self._news(News(NewsKind.BAD_FRAME, text=str(error)[:200]))
        except ConnectionClosed:
            pass
        finally:
            if ws is self.ws:
                self.connected = False
                if ws.close_code == CLOSE_TAKEN_OVER:
                    # Another window took the seat: this one lets it be (taking it back
                    # would take it from that one, and so on for ever).
                    self.taken_over = True
                    self._news(News(NewsKind.TAKEN_OVER))
                elif not self._closed and not self.ended:
                    self._run(self._reconnect())

    def _take(self, frame: dict[str, Any]) -> None:
        for wanted, future in list(self._waiters):
            if frame["type"] == FrameType.ERROR and not future.done():
                future.set_exception(
                    ConnectError(str(frame.get("code")), str(frame.get("message")))
                )
                return
            if wanted(frame) and not future.done():
                future.set_result(frame)
                break
        try:
            kind = FrameType(frame["type"])
        except ValueError:
            return  # a frame of a later version: passed over
        if kind is FrameType.TABLE:
            self._table(frame)
        elif kind is FrameType.SEATED:
            self._seat = frame["seat"] if type(frame["seat"]) is int else None
            self.token = str(frame["token"])
            if self.on_seated is not None:
                self.on_seated(self)
        elif kind is FrameType.STATE:
            self._state(frame)
        elif kind is FrameType.STEP:
            self._step(frame)
        elif kind is FrameType.REFUSED:
            self._refused(frame)
        elif kind in (FrameType.NOTICE, FrameType.CHAT, FrameType.ERROR, FrameType.RECORD):
            self._notice(frame)

    def _table(self, frame: dict[str, Any]) -> None:
        table = read_table(frame)
        self._rules = table.rules
        self._players = tuple(entry.player for entry in table.players)
        self.code = table.code
        self.table = table
        if table.started:
            self.started = True
        self._news(News(NewsKind.TABLE))

    def _state(self, frame: dict[str, Any]) -> None:
        state = read_state(frame, self._rules, len(self._players))
        known = len(self._log)
        first = self._view is None and not self._log
        self._log = list(state.log)
        self._view = state.view
        if first:
            self._last_move_at = 0
            self._heard_sent = len(state.log)
            # Back at a seat the server told before (a new window, after a crash): what
            # came after that is what was missed.
            self._missed = state.log[state.seen :] if state.seen is not None else ()
            # A game already played in when this client sat down is taken up again (the
            # terminal says so); one that had only its deal is a new game.
            self.resumed = bool(self._missed) or any(isinstance(e, Played) for e in state.log)
            return
        missed = state.log[known:]
        if missed and state.view is not None and self._feed is not None:
            # Back after a drop: what happened meanwhile, as one catch-up.
            update = Update(missed, state.view, None, True, len(state.log), missed=True)
            self._feed.update(update)

    def _step(self, frame: dict[str, Any]) -> None:
        history = self._view.history if self._view else ()
        step = read_step(frame, self._rules, len(self._players), history)
        self._log += step.events
        if step.view is None:
            return  # (a server before the public view: nothing to tell a spectator with)
        self._view = step.view  # (a spectator's: the public view, seat -1)
        if step.actor == self._seat and not step.bot:
            self._last_move_at = len(self._log)
        if self._feed is not None:
            update = Update(step.events, step.view, step.actor, step.bot, len(self._log))
            self._feed.update(update)

    def _refused(self, frame: dict[str, Any]) -> None:
        refused = read_refused(frame, self._rules, self._acting)
        self._acting = None
        if self._feed is not None and self._view is not None:
            self._feed.refused(refused.refusal, self._view)

    def _notice(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == FrameType.CHAT:
            seat = frame.get("seat")
            seat = seat if type(seat) is int and 0 <= seat < len(self._players) else None
            name = str(frame.get("name", ""))[:40]
            self._news(News(NewsKind.CHAT, seat, name, str(frame.get("text", ""))[:200]))
        elif kind == FrameType.ERROR:
            self._news(News(NewsKind.ERROR, text=str(frame.get("code", ""))[:40]))
        elif kind == FrameType.RECORD:
            self._news(News(NewsKind.RECORD, text=json.dumps(frame.get("lines", []))))
        else:
            notice = read_notice(frame, len(self._players))
            if notice is None:
                return  # a kind of news this client does not know: passed over
            self._news(notice.news)
            if notice.news.kind is NewsKind.STARTED:
                self.started = True
            elif notice.news.kind in (NewsKind.ENDED, NewsKind.ROUND_LIMIT):
                self.ended = True

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
        self._news(News(NewsKind.CONNECTION_LOST))
        for wait in RETRY_WAITS:
            await self.sleep(wait)
            if self.closed:
                return
            try:
                await self._connect(routed(self.url, token=self.token))
                await self._sit({"type": "resume", "token": self.token})
            except ConnectError as error:
                if error.code in ("no-seat", "version"):
                    self._news(News(NewsKind.TABLE_GONE, text=error.code))
                    self.gave_up = True
                    return
                continue
            self._news(News(NewsKind.RECONNECTED))
            return
        self.gave_up = True
        self._news(News(NewsKind.GAVE_UP))
