"""The server pings a connection only when it has gone quiet: one that keeps sending
(frames, or pings of its own) is never pinged; a quiet one is pinged every interval
and stays; one that stops answering is closed (1011) after the ping's time-out. Real
sockets on 127.0.0.1, with intervals of a tenth of a second."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from sniff.server.keepalive import QuietPings

EVERY = 0.1


class Counted(QuietPings):
    """The server's connection, counting the pings it sends."""

    pings = 0

    async def ping(self, data: Any = None) -> Any:
        Counted.pings += 1
        return await super().ping(data)


async def _echo(ws: ServerConnection) -> None:
    async for _ in ws:
        pass


async def _pings_while(client: Any, every: float = EVERY) -> int:
    """The pings the server sends during one connection of *client* (pinging after
    *every* seconds of quiet)."""
    Counted.pings = 0
    async with serve(
        _echo, "127.0.0.1", 0, create_connection=Counted, ping_interval=every,
        ping_timeout=every,
    ) as server:  # fmt: skip
        port = next(iter(server.sockets)).getsockname()[1]
        await client(f"ws://127.0.0.1:{port}")
    return Counted.pings


def test_a_connection_that_keeps_sending_is_never_pinged() -> None:
    async def chatty(url: str) -> None:
        async with connect(url, ping_interval=None) as ws:
            for _ in range(40):  # 0.8 s, a frame every 20 ms (quiet for 0.5 s: never)
                await ws.send('{"type": "heard", "at": 1}')
                await asyncio.sleep(0.02)

    assert asyncio.run(_pings_while(chatty, every=0.5)) == 0


def test_a_connection_that_pings_by_itself_is_not_pinged_as_well() -> None:
    async def pinging(url: str) -> None:
        async with connect(url, ping_interval=0.05) as ws:
            await asyncio.sleep(0.8)
            await ws.send("still here")

    assert asyncio.run(_pings_while(pinging, every=0.5)) == 0


def test_a_quiet_connection_is_pinged_and_stays() -> None:
    async def quiet(url: str) -> None:
        async with connect(url, ping_interval=None) as ws:
            await asyncio.sleep(0.65)
            await ws.send("still here")  # (the pings were answered: it is open)

    assert 2 <= asyncio.run(_pings_while(quiet)) <= 7  # (one a tenth of a second)


def test_a_connection_that_does_not_answer_is_closed_with_1011() -> None:
    closed: list[int | None] = []

    async def deaf(url: str) -> None:
        async with connect(url, ping_interval=None) as ws:
            ws.transport.pause_reading()  # (its pings are never read, never answered)
            await asyncio.sleep(4 * EVERY)
            ws.transport.resume_reading()
            try:
                await asyncio.wait_for(ws.recv(), 2)
            except ConnectionClosed as error:
                closed.append(None if error.rcvd is None else error.rcvd.code)

    assert asyncio.run(_pings_while(deaf)) >= 1
    assert closed == [1011]
