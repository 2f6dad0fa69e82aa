"""Coming back to a table: a person whose connection dropped and who returns (a new
window, a page reopened, a terminal's ``sniff join``) hears only what they missed, as
one catch-up, with the turns a bot played for them said as a bot's ("a bot played
five-one west for you"), never the whole game from its start; the state frame says
where the seat was told up to (``seen``). The server's waits run on a fake clock."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from netplay import Player, server, url_of
from sniff.announce.presenter import SeatPresenter
from sniff.engine import Played
from sniff.i18n import translator
from sniff.net.client import RemoteLink, Request
from sniff.server.limits import ServerLimits
from sniff.session.clock import FakeClock
from sniff.session.link import News
from sniff.session.policy import DROP_NOTICE, GRACE
from sniff.session.table import Update
from test_web_words import Listener

FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)


async def _away_while_a_bot_plays(
    url: str, clock: FakeClock, running: Any
) -> tuple[Player, str, int]:
    """Ada and Ben sit at a table of two; Ben's connection drops; after the grace a bot
    plays his turns while Ada plays hers, until the bot has played at least once and it
    is Ada's turn again. Gives Ada, Ben's token and the position Ben was told up to."""
    ada, ben = Player(url, "Ada", plays=False), Player(url, "Ben", plays=False)
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"],
                    "target": 300})  # fmt: skip
    await ada.wait_for(lambda: ada.code is not None)
    await ben.open()
    await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
    await ben.wait_for(lambda: ben.view is not None)
    await ada.wait_for(lambda: any(n["kind"] == "started" for n in ada.of("notice")))
    token, told = ben.token, ben.at
    host = next(iter(running.tables.values()))
    await ben.close()
    await ada.wait_for(lambda: not host.seats[1].present)
    clock.advance(DROP_NOTICE + GRACE)
    for _ in range(40):  # bounded: a few turns each
        await asyncio.sleep(0.02)
        view = ada.view
        assert view is not None
        bot_played = any(f.get("actor") == 1 and f.get("bot") for f in ada.of("step"))
        if view["phase"] != "round-over" and view["current"] == 0 and view["legal"]:
            if bot_played:
                break
            await ada.act(_first(ada))
    assert any(f.get("actor") == 1 and f.get("bot") for f in ada.of("step"))
    return ada, token, told


def _first(player: Player) -> Any:
    obs = player.obs()
    return obs.legal[0]


def test_a_page_that_comes_back_hears_only_what_it_missed_in_german_too(
    tmp_path: Path,
) -> None:
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=21, clock=clock, limits=FAST) as running:
            url = url_of(running)
            ada, token, _told = await _away_while_a_bot_plays(url, clock, running)
            back = Listener(url, "Ben", plays=False, language="de")
            await back.open()
            await back.send({"type": "resume", "token": token})
            await back.wait_for(lambda: bool(back.of("say")))
            said = " ".join(back.said())
            assert "Neues Spiel" not in said and "für dich" in said, said
            assert "for you" not in said
            await back.close()
            await ada.close()

    asyncio.run(go())


def test_a_page_that_comes_back_hears_only_what_it_missed(tmp_path: Path) -> None:
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=21, clock=clock, limits=FAST) as running:
            url = url_of(running)
            ada, token, told = await _away_while_a_bot_plays(url, clock, running)
            back = Listener(url, "Ben", plays=False)
            await back.open()
            await back.send({"type": "resume", "token": token})
            await back.wait_for(lambda: bool(back.of("say")))
            (state,) = back.of("state")
            assert state["seen"] == told and state["at"] > told
            said = " ".join(back.said())
            assert "New game" not in said  # not the whole game again
            assert "for you" in said, said  # the bot's turns, said as the bot's
            assert "You played" not in said and "you played" not in said
            assert "No fit" not in said  # (a draw is not judged against a later table)
            await back.close()
            await ada.close()

    asyncio.run(go())


def test_a_terminal_that_comes_back_hears_only_what_it_missed(tmp_path: Path) -> None:
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=22, clock=clock, limits=FAST) as running:
            url = url_of(running)
            ada, token, told = await _away_while_a_bot_plays(url, clock, running)
            link = RemoteLink(url)
            await link.open(Request({"type": "resume", "token": token}))
            host = next(iter(running.tables.values()))
            log = host.session.game.log
            assert link.resumed and len(link.missed) == len(log) - told > 0
            assert any(isinstance(e, Played) and e.player == 1 for e in link.missed)
            presenter = SeatPresenter(translator("en"), 1, link.players, link.rules)
            told_words = presenter.opening(
                link.view(), link.events(), resumed=link.resumed, missed=link.missed
            )
            said = " ".join(u.text for u in told_words.events)
            assert "New game" not in said and "for you" in said, said
            link.close()
            await ada.close()

    asyncio.run(go())


def test_a_return_within_one_connection_is_one_catch_up(tmp_path: Path) -> None:
    """The client's own reconnection (the same window) tells the feed what was missed
    as one update marked *missed*, which the presenter says as a bot's turns."""
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=23, clock=clock, limits=FAST) as running:
            url = url_of(running)
            updates: list[Update] = []

            class Ears:
                def update(self, update: Update) -> None:
                    updates.append(update)

                def refused(self, refusal: Any, obs: Any) -> None:
                    pass

                def news(self, item: News) -> None:
                    pass

            ada = Player(url, "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"],
                            "target": 300})  # fmt: skip
            await ada.wait_for(lambda: ada.code is not None)
            link = RemoteLink(url)
            link.attach(Ears())  # type: ignore[arg-type]
            await link.open(Request({"type": "join", "code": ada.code, "name": "Ben"}))
            host = next(iter(running.tables.values()))
            before = len(link.events())
            # The server drops the line (as a network would) and a bot plays meanwhile.
            channel = host.channels[1]
            channel.close(1011, "gone")
            for _ in range(100):
                await asyncio.sleep(0.02)
                if not host.seats[1].present:
                    break
            clock.advance(DROP_NOTICE + GRACE)
            for _ in range(40):
                await asyncio.sleep(0.02)
                view = ada.view
                if view and view["phase"] != "round-over" and view["current"] == 0 \
                        and view["legal"]:  # fmt: skip
                    if any(f.get("actor") == 1 and f.get("bot") for f in ada.of("step")):
                        break
                    await ada.act(_first(ada))
            for _ in range(200):
                await asyncio.sleep(0.02)
                if link.connected and any(u.missed for u in updates):
                    break
            (missed,) = [u for u in updates if u.missed]
            assert len(missed.events) == len(host.session.game.log) - before
            link.close()
            await ada.close()

    asyncio.run(go())
