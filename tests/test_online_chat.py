"""The terminal's chat line takes every printable key as a letter: "r" is not "repeat"
there, "?" is not help ("hi from the terminal" arrives whole); a terminal whose input
ends (the window closed) ends the game by itself, with no traceback."""

from __future__ import annotations

import asyncio
from pathlib import Path

from netplay import Player, server, url_of
from onlineterm import OnlineTerminal


def test_the_chat_line_keeps_every_letter(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=5) as running:
            url = url_of(running)
            ada = Player(url, "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: ada.code is not None)
            ben = OnlineTerminal(url, {"type": "join", "code": ada.code, "name": "Ben"},
                                 name="Ben")  # fmt: skip
            try:
                await asyncio.to_thread(ben.wait_said, "New game")
                ben.press("/")
                await asyncio.to_thread(ben.wait_said, "Say to the table")
                ben.press("hi from the terminal, R? [r]\r")
                await ada.wait_for(lambda: bool(ada.of("chat")))
                assert ada.of("chat")[0]["text"] == "hi from the terminal, R? [r]"
            finally:
                await asyncio.to_thread(ben.end)
            assert not ben.error and ben.result == [0], (ben.error, ben.result)
            await ada.close()

    asyncio.run(go())
