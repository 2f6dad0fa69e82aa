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


def test_a_spectator_from_before_the_start_hears_every_name_and_the_end(
    tmp_path: Path,
) -> None:
    """A spectator who came before the others hears each player by name (never "?"),
    and hears it when the host ends the table."""

    async def go() -> None:
        async with server(tmp_path, seed=6) as running:
            url = url_of(running)
            ada = Player(url, "Ada", plays=True)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"],
                            "target": 300})  # fmt: skip
            await ada.wait_for(lambda: ada.code is not None)
            eve = OnlineTerminal(url, {"type": "watch", "code": ada.code, "name": "Eve"},
                                 name="Eve")  # fmt: skip
            try:
                await asyncio.to_thread(eve.wait_said, "code is")
                ben = Player(url, "Ben", plays=True)
                await ben.open()
                await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
                await asyncio.to_thread(eve.wait_said, "Ben: ")
                await ada.send({"type": "leave", "end": True})
                await asyncio.to_thread(eve.wait_said, "Ada ended the table")
                assert not any(t.startswith("?") or " ? " in t for t in eve.said), eve.said
                await ben.close()
            finally:
                await asyncio.to_thread(eve.end)
            assert not eve.error, eve.error
            await ada.close()

    asyncio.run(go())


def test_help_says_enter_means_ready_at_an_online_table() -> None:
    """Online, Enter between rounds says the player is ready (the next round is dealt
    when everyone is): the terminal's help and the page's say so, in both languages."""
    from sniff.announce.commands import Command
    from sniff.announce.keys import KeyTexts
    from sniff.announce.web import web_key_groups
    from sniff.i18n import translator

    for language, ready in (("en", "ready"), ("de", "bereit")):
        keys = KeyTexts(translator(language))
        assert ready in keys.of(Command.ENTER, online=True)
        assert ready not in keys.of(Command.ENTER)
        page = [text for group in web_key_groups(translator(language), muggins=False)
                for _, text in group]  # fmt: skip
        assert keys.of(Command.ENTER, online=True) in page
