"""Pings only for a connection that has gone quiet.

The server pings a connection to learn that it is still there (a player whose
network went away without a word) and to keep proxies from closing it. A connection
that has sent anything lately, a frame or a ping of its own (the terminal game pings
every 20 seconds), is known to be there: pinging it as well doubled the frames that
keep connections alive, a quarter of all frames at a table of people, each read,
written and timed like any other. :class:`QuietPings` is the server's connection
(``serve(create_connection=...)``): it pings after :data:`PING_EVERY` seconds without
anything from the other side, and closes a connection that does not answer within
:data:`PING_TIMEOUT` seconds, as the library's own keepalive does (1011).
"""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode

__all__ = ["PING_EVERY", "PING_TIMEOUT", "QuietPings"]

#: Seconds without a frame from the other side before it is pinged: a little longer than
#: the 20 s between the pings of a client's WebSocket library (the terminal game's), so
#: that a client that pings by itself is heard before the server would ping it.
PING_EVERY = 25.0
#: Seconds a ping may wait for its answer before the connection is closed.
PING_TIMEOUT = 20.0


class QuietPings(ServerConnection):
    """A server connection that pings the other side only when it has gone quiet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.heard_at = self.loop.time()  # when something last came from the other side

    def data_received(self, data: bytes) -> None:
        self.heard_at = self.loop.time()
        super().data_received(data)

    async def keepalive(self) -> None:
        """Ping once nothing came for ``ping_interval`` seconds; close a connection
        whose answer does not come within ``ping_timeout``."""
        every, limit = self.ping_interval, self.ping_timeout
        assert every is not None
        try:
            while True:
                quiet = self.loop.time() - self.heard_at
                if quiet < every:
                    await asyncio.sleep(every - quiet)
                    continue
                answered = await self.ping()
                if limit is None:
                    await asyncio.sleep(every)
                    continue
                try:
                    # (a close meanwhile cancels this task: it ends here)
                    await asyncio.wait_for(asyncio.shield(answered), limit)
                except asyncio.TimeoutError:
                    async with self.send_context():
                        self.protocol.fail(CloseCode.INTERNAL_ERROR, "keepalive ping timeout")
                    return
        except Exception:
            self.logger.error("keepalive ping failed", exc_info=True)
