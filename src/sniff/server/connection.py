"""One player's (or spectator's) connection to the server, from its first frame to
its close.

Every frame is read by the strict reader (:mod:`sniff.net.wire`,
:mod:`sniff.net.messages`), checked against the connection's budgets
(:mod:`sniff.server.limits`), and either handed on (to the server for a table
to sit at, to the table for what is played there) or refused with a clear
``error`` frame; a connection that keeps sending what is refused, or cannot
keep up with its frames, is closed. Frames go straight to the socket while it
takes them, else through the connection's own queue, so a slow reader holds up
nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Protocol

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from sniff import __version__
from sniff.engine import Action
from sniff.net.codec import read_action
from sniff.net.frames import ErrorFrame, ServerFrame, WelcomeFrame
from sniff.net.messages import (
    PROTOCOL,
    Act,
    Ask,
    Chat,
    Create,
    Heard,
    Hello,
    Join,
    Key,
    Leave,
    Message,
    Ready,
    RecordWanted,
    Resume,
    Watch,
    read_message,
)
from sniff.net.texts import frame_text
from sniff.net.wire import LIMITS, ErrorCode, FrameError, read_frame
from sniff.server.hosted import HostedTable
from sniff.server.limits import Bucket, ServerLimits
from sniff.server.words import refusal_said
from sniff.session.policy import SeatState

__all__ = ["CLOSE_GOING_AWAY", "CLOSE_POLICY", "CLOSE_TRY_LATER", "Connection", "Lobby"]

#: Frames a connection may have waiting to go out before it counts as stuck.
QUEUE_MOST = 512
#: The most a chat may say: a short message, every couple of seconds.
CHAT_RATE, CHAT_BURST = 0.5, 4

#: The WebSocket close codes the server uses.
CLOSE_GOING_AWAY = 1001  # the server stops (every table is kept)
CLOSE_POLICY = 1008  # refused too often, or a budget gone
CLOSE_TRY_LATER = 1013


class Lobby(Protocol):
    """What a connection asks of the server it belongs to (:class:`~sniff.server.app.SniffServer`):
    a table to sit at, and what only the server has (the record, the words). Each
    raises :class:`~sniff.net.wire.FrameError` when it cannot."""

    def create(self, connection: Connection, message: Create) -> None: ...

    def join(self, connection: Connection, message: Join) -> None: ...

    def watch(self, connection: Connection, message: Watch) -> None: ...

    def resume(self, connection: Connection, message: Resume) -> None: ...

    def send_record(self, connection: Connection, host: HostedTable) -> None: ...

    def answer(
        self, connection: Connection, host: HostedTable, seat: SeatState | None, ask: Ask
    ) -> None:
        """A words client's question (*seat* None: a spectator's)."""

    def key(
        self, connection: Connection, host: HostedTable, seat: SeatState | None, key: Key
    ) -> None:
        """A words client's key of the game (*seat* None: a spectator's)."""


class Connection:
    """One player's (or spectator's) connection, from its first frame to its close."""

    def __init__(
        self, lobby: Lobby, ws: ServerConnection, address: str, limits: ServerLimits
    ) -> None:
        self.lobby = lobby
        self.ws = ws
        self.address = address
        self.limits = limits
        self.language = "en"
        self.verbosity = "normal"
        self.words = False
        self.greeted = False
        self.table: HostedTable | None = None
        self.seat: SeatState | None = None
        self.bucket = Bucket(limits.messages_per_second, limits.message_burst)
        self.heard_bucket = Bucket(limits.heard_per_second, limits.heard_burst)
        self.chats = Bucket(CHAT_RATE, CHAT_BURST)
        self.refused_in_row = 0
        self.acting: Action | None = None  # web: the last action sent (a refusal's words name it)
        self.name = ""  # a spectator's, for its chat (a seat's is the seat's)
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._queued = 0  # frames in the queue or being sent by the writer
        self._closing = False
        self._close_with = (1000, "")
        self._receiving = False
        self._writer: asyncio.Task[None] | None = None
        self._close_task: asyncio.Future[None] | None = None

    # -- Channel (what the table sees) -------------------------------------------------

    def send(self, frame: ServerFrame) -> None:
        if self._closing:
            return
        text = frame_text(frame)  # (a step's shared parts encoded once for its seats)
        if not self._queued and self._write_now(text):
            return
        if self._queue.qsize() >= QUEUE_MOST:
            # It cannot keep up: let it go (it resumes, and is told everything anew).
            self.close(CLOSE_TRY_LATER, "too slow to keep up")
            return
        self._queued += 1
        self._queue.put_nowait(text)

    def _write_now(self, text: str) -> bool:
        """Hand *text* to the socket at once, as ``ws.send`` would, when nothing waits
        before it and the socket takes what it is given (False: it goes through the
        queue and the writer, which waits for a socket that is full). A frame through
        the writer task cost a queue, a task's wake-up and ``send``'s context: about a
        tenth of the server's time under load."""
        ws = self.ws
        protocol, transport = getattr(ws, "protocol", None), getattr(ws, "transport", None)
        if (
            protocol is None
            or transport is None
            or protocol.state is not State.OPEN
            or transport.is_closing()
            or transport.get_write_buffer_size()
        ):
            return False
        protocol.send_text(text.encode())
        for data in protocol.data_to_send():
            if data:  # (an empty one stands for the end of the stream: never after a text)
                transport.write(data)
        return True

    def close(self, code: int, reason: str) -> None:
        """Close with *code*: after the frames already queued (the refusal that says why)."""
        if self._closing:
            return
        self._closing = True
        self._close_with = (code, reason)
        self._queue.put_nowait(None)
        if not self._receiving:
            # (while a frame is being handled, run() starts the close after it)
            self._close_task = asyncio.ensure_future(self._close_after_writer())

    async def _close_after_writer(self) -> None:
        with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
            if self._writer is not None:
                await self._writer
        code, reason = self._close_with
        await self.ws.close(code, reason)

    # -- running -----------------------------------------------------------------------

    async def run(self) -> None:
        writer = self._writer = asyncio.get_running_loop().create_task(self._write())
        try:
            async for data in self.ws:
                # Once closing, what still comes is read and dropped, so that the other
                # side's sending ends and the close can complete.
                if not self._closing:
                    self._receiving = True
                    try:
                        self.received(data)
                    finally:
                        self._receiving = False
                if self._closing and self._close_task is None:
                    self._close_task = asyncio.ensure_future(self._close_after_writer())
        except ConnectionClosed:
            pass
        finally:
            self._closing = True
            self._queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                await writer
            if self.table is not None:
                self.table.gone(self)
            if self._close_task is not None:
                with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
                    await self._close_task

    async def _write(self) -> None:
        while True:
            text = await self._queue.get()
            if text is None:
                return
            try:
                await self.ws.send(text)
            finally:
                self._queued -= 1

    def received(self, data: str | bytes) -> None:
        """One frame from the other side: read, checked, handed on, or refused.

        Every message spends from the connection's budget, except that "heard up to
        here" has its own, larger one: a client says it after every step, and a fast
        one must not lose its actions to its own acknowledgements."""
        try:
            frame = read_frame(data, LIMITS)
        except FrameError as error:
            if self._spend(self.bucket):
                self.refuse(error.code, str(error))
            return
        bucket = self.heard_bucket if frame["type"] == "heard" else self.bucket
        if not self._spend(bucket):
            return
        try:
            self.handle(read_message(frame))
        except FrameError as error:
            self.refuse(error.code, str(error))
            return
        self.refused_in_row = 0

    def _spend(self, bucket: Bucket) -> bool:
        """Take a token for a message; without one, a refusal, and a flood is closed."""
        if bucket.take():
            return True
        # (counted among the refused in a row: a steady rate a little over the budget,
        # never answered, is closed like any other run of refusals)
        self.refuse(ErrorCode.RATE, "too many messages: slow down")
        if bucket.tokens < -self.limits.message_burst:
            self.close(CLOSE_POLICY, "too many messages")
        bucket.tokens -= 1  # flooding on digs the hole deeper
        return False

    def refuse(self, code: ErrorCode, message: str, *, count: bool = True) -> None:
        """A clear answer to a frame that did nothing; too many in a row end the connection."""
        self.send(ErrorFrame(code, message))
        if self.words:  # web: a browser hears why, in its language
            self.send(refusal_said(self.language, code, message, seated=self.table is not None))
        if count:
            self.refused_in_row += 1
            if self.refused_in_row > self.limits.refusals_before_close:
                self.close(CLOSE_POLICY, "too many refused messages")

    # -- messages ----------------------------------------------------------------------

    def handle(self, message: Message) -> None:
        if isinstance(message, Hello):
            self.hello(message)
            return
        if not self.greeted:
            raise FrameError(ErrorCode.HELLO_FIRST, 'the first message is a "hello"')
        lobby = self.lobby
        if isinstance(message, Create | Join | Watch | Resume):
            if self.table is not None:
                raise FrameError(ErrorCode.SEATED, "this connection is already at a table")
            if isinstance(message, Create):
                lobby.create(self, message)
            elif isinstance(message, Join):
                lobby.join(self, message)
            elif isinstance(message, Watch):
                lobby.watch(self, message)
            else:
                lobby.resume(self, message)
            return
        table, seat = self.table, self.seat
        if table is None:
            raise FrameError(ErrorCode.NO_TABLE, "join a table first")
        if isinstance(message, Chat):
            if not self.chats.take():
                raise FrameError(ErrorCode.CHAT_RATE, "one message at a time: wait a moment")
            table.chat(seat, message.text, self.name)
            return
        if isinstance(message, RecordWanted):
            lobby.send_record(self, table)
            return
        if isinstance(message, Ask):
            lobby.answer(self, table, seat, message)  # (a spectator's: the public facts)
            return
        if isinstance(message, Key):
            lobby.key(self, table, seat, message)
            return
        if seat is None:
            raise FrameError(ErrorCode.SPECTATOR, "a spectator watches and cannot act")
        if isinstance(message, Act):
            game = table.session.game
            action = read_action(message.action, game.rules, game.players)
            self.acting = action
            table.act(seat, action, message.at)
        elif isinstance(message, Heard):
            table.heard(seat, message.at)
        elif isinstance(message, Ready):
            table.ready(seat)
        elif isinstance(message, Leave):
            if message.end and seat.index != 0:
                raise FrameError(ErrorCode.NOT_HOST, "only the table's host may end it")
            table.leave(self, end=message.end)
            if not message.end:
                self.table = self.seat = None

    def hello(self, message: Hello) -> None:
        if message.version != PROTOCOL:
            text = f"this server speaks protocol {PROTOCOL}, not {message.version}: update the game"
            self.send(ErrorFrame(ErrorCode.VERSION, text, PROTOCOL))
            self.close(CLOSE_POLICY, "protocol version")
            return
        self.greeted = True
        self.language = message.language
        self.verbosity = message.verbosity
        self.words = message.words
        self.send(WelcomeFrame(PROTOCOL, f"sniff/{__version__}"))
