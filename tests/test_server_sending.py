"""A connection's frames go out in the order they were made: straight to the socket
while nothing waits before them, through the connection's queue and writer while the
socket holds some back, and never one past another between the two; a connection
whose queue fills is let go. A fake socket (its buffer set by hand) and a real
WebSocket protocol stand in for the network."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from websockets.protocol import State
from websockets.server import ServerProtocol

from sniff.net.frames import ChatFrame
from sniff.server.connection import CLOSE_TRY_LATER, QUEUE_MOST, Connection
from sniff.server.limits import ServerLimits


class Socket:
    """The transport: what was written to it, and how much it holds back (set by hand)."""

    def __init__(self) -> None:
        self.held = 0
        self.written = b""

    def is_closing(self) -> bool:
        return False

    def get_write_buffer_size(self) -> int:
        return self.held

    def write(self, data: bytes) -> None:
        self.written += data


class Ws:
    """The WebSocket connection: a real protocol, a fake socket, and ``send`` (the
    writer's way out) that waits until the test opens its gate."""

    def __init__(self) -> None:
        self.protocol = ServerProtocol()
        self.protocol.state = State.OPEN
        self.transport = Socket()
        self.sent: list[str] = []
        self.gate = asyncio.Event()
        self.closed: tuple[int, str] | None = None

    async def send(self, text: str) -> None:
        await self.gate.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _said(text: str) -> str:
    return str(json.loads(text)["text"])


def _written(ws: Ws) -> list[str]:
    """The chats in what went straight to the socket (a server's frames are not masked:
    each is two bytes of header, then the text)."""
    out, data = [], ws.transport.written
    while data:
        size = data[1] & 0x7F
        out.append(_said(data[2 : 2 + size].decode()))
        data = data[2 + size :]
    return out


def _connection() -> tuple[Connection, Ws]:
    ws = Ws()
    connection = Connection(None, ws, "127.0.0.1", ServerLimits())  # type: ignore[arg-type]
    connection._writer = asyncio.get_running_loop().create_task(connection._write())
    return connection, ws


def _say(connection: Connection, text: str) -> None:
    connection.send(ChatFrame(0, "Ada", text))


def test_frames_go_out_in_order_straight_or_through_the_writer() -> None:
    async def run() -> tuple[list[str], list[str], list[str]]:
        connection, ws = _connection()
        _say(connection, "one")  # nothing waits: straight to the socket
        ws.transport.held = 10  # the socket holds some back: the writer takes over
        _say(connection, "two")
        _say(connection, "three")
        ws.transport.held = 0  # ... and keeps what comes next while two and three wait
        _say(connection, "four")
        queued = list(_written(ws))
        ws.gate.set()
        for _ in range(5):
            await asyncio.sleep(0)
        _say(connection, "five")  # all sent: straight again
        return queued, [_said(text) for text in ws.sent], _written(ws)

    queued, through_writer, straight = asyncio.run(run())
    assert queued == ["one"]
    assert through_writer == ["two", "three", "four"]
    assert straight == ["one", "five"]


def test_a_connection_whose_queue_fills_is_let_go() -> None:
    async def run() -> Any:
        connection, ws = _connection()
        ws.transport.held = 1  # the other side reads nothing
        for n in range(QUEUE_MOST + 10):
            _say(connection, str(n))
        ws.gate.set()
        for _ in range(QUEUE_MOST + 20):
            await asyncio.sleep(0)
        await asyncio.wait_for(connection._close_task, 1)  # type: ignore[arg-type]
        return ws.closed, len(ws.sent)

    closed, sent = asyncio.run(run())
    assert closed == (CLOSE_TRY_LATER, "too slow to keep up")
    assert sent == QUEUE_MOST  # what was queued before it was let go, then nothing more
