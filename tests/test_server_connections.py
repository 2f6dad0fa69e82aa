"""Connections come and go: a dropped player is told to the others after about 2 s, a
bot plays for them after the grace time, they come back to their seat and hear what
they missed, a second connection with the same token replaces the first, an action
decided on an old position is refused, and the client tries again, then gives up.
The server's waits run on a fake clock the test moves by hand."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from netplay import Player, server, url_of
from sniff.engine import DRAW
from sniff.net.client import RETRY_WAITS, ConnectError, RemoteLink, Request
from sniff.session.clock import FakeClock
from sniff.session.link import News
from sniff.session.table import Update


async def _two_people(url: str, **create: Any) -> tuple[Player, Player]:
    """Ada creates a table of two people and a bot; Ben joins. Neither plays by itself."""
    ada, ben = Player(url, "Ada", plays=False), Player(url, "Ben", plays=False)
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "preset": "sniff",
                    "seats": ["person", "person", "greedy"], **create})  # fmt: skip
    await ada.wait_for(lambda: ada.code is not None)
    await ben.open()
    await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
    await ben.wait_for(lambda: ben.seat == 1 and ben.view is not None)
    await ada.wait_for(lambda: any(n.get("kind") == "started" for n in ada.of("notice")))
    return ada, ben


def _notices(player: Player, kind: str) -> list[dict[str, Any]]:
    return [f for f in player.of("notice") if f["kind"] == kind]


async def _settle(*players: Player) -> None:
    """Let every frame in flight arrive (the loop runs; nothing is timed)."""
    for _ in range(20):
        await asyncio.sleep(0.01)


def test_a_dropped_player_is_told_after_two_seconds_and_a_bot_plays_after_the_grace(
    tmp_path: Path,
) -> None:
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=3, clock=clock) as running:
            ada, ben = await _two_people(url_of(running))
            token, at = ben.token, ben.at
            host = next(iter(running.tables.values()))
            await ben.close()
            await ada.wait_for(lambda: not host.seats[1].present)  # the server noticed
            clock.advance(1.5)
            await _settle(ada)
            assert _notices(ada, "dropped") == []  # not yet: a blink is not a drop
            clock.advance(1.0)
            await _settle(ada)
            assert [n["name"] for n in _notices(ada, "dropped")] == ["Ben"]
            # Ada plays on; when Ben is to act, nothing happens until the grace is over.
            ada.plays = True
            await ada.act_if_due()
            await _settle(ada)
            clock.advance(60.0)
            await ada.wait_for(lambda: bool(_notices(ada, "stand-in")))
            await ada.wait_for(
                lambda: any(f.get("actor") == 1 and f.get("bot") for f in ada.of("step"))
            )
            # Ben comes back with his token: the seat is his, with what he missed.
            back = Player(url_of(running), "Ben", plays=False)
            await back.open()
            await back.send({"type": "resume", "token": token})
            await back.wait_for(lambda: back.view is not None)
            (state,) = back.of("state")
            assert len(state["log"]) > at  # the steps made while he was away
            assert back.seat == 1
            await ada.wait_for(lambda: bool(_notices(ada, "back")))
            assert 1 not in host.session.bots  # the bot has left his seat
            for player in (ada, back):
                await player.close()

    asyncio.run(go())


def test_a_second_connection_with_the_same_token_replaces_the_first(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=4, clock=FakeClock()) as running:
            ada, ben = await _two_people(url_of(running))
            second = Player(url_of(running), "Ben again", plays=False)
            await second.open()
            await second.send({"type": "resume", "token": ben.token})
            await second.wait_for(lambda: second.view is not None)
            assert ben.ws is not None
            await asyncio.wait_for(ben.ws.wait_closed(), 5)
            assert ben.ws.close_code == 4000
            assert second.seat == 1
            # The seat answers to the new connection only.
            await ada.wait_for(lambda: ada.view is not None)
            for player in (ada, second):
                await player.close()

    asyncio.run(go())


def test_an_action_decided_on_an_old_position_is_refused_and_changes_nothing(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=5, clock=FakeClock()) as running:
            ada, ben = await _two_people(url_of(running))
            players = {0: ada, 1: ben}
            host = next(iter(running.tables.values()))
            game = host.session.game
            mover = players.get(game.current)
            if mover is None:  # the bot leads: let it
                await ada.wait_for(lambda: game.current in players)
                mover = players[game.current]
            await mover.wait_for(lambda m=mover: m.view is not None and bool(m.view["legal"]))
            assert mover.view is not None
            action = mover.view["legal"][0]
            before = len(game.log)
            await mover.send({"type": "act", "action": action, "at": mover.at - 1})
            await mover.wait_for(lambda m=mover: bool(m.of("refused")))
            assert mover.of("refused")[-1]["reason"] == "stale"
            assert len(game.log) == before
            for player in (ada, ben):
                await player.close()

    asyncio.run(go())


def test_the_client_tries_again_with_growing_waits_then_gives_up(tmp_path: Path) -> None:
    """Against a server that went away: each wait longer than the last, about 30 s in all,
    then the player is told, and an acting key tries again."""
    waits: list[float] = []

    async def no_wait(seconds: float) -> None:
        waits.append(seconds)

    async def go() -> None:
        async with server(tmp_path, seed=6, clock=FakeClock()) as running:
            url = url_of(running)
            ada, _ben = await _two_people(url)
            link = RemoteLink(url, sleep=no_wait)
            heard: list[str] = []

            class Ears:
                def update(self, update: Update) -> None:
                    pass

                def refused(self, refusal: Any, obs: Any) -> None:
                    pass

                def news(self, item: News) -> None:
                    if item.kind != "table":  # (the table's frame, not news of the line)
                        heard.append(item.kind)

            link.attach(Ears())  # type: ignore[arg-type]
            await link.open(Request({"type": "resume", "token": ada.token}))
            opened = link.opener

            async def refuse(address: str) -> Any:
                raise OSError("connection refused")

            link.opener = refuse
            assert link.ws is not None
            await link.ws.close()
            for _ in range(100):
                await asyncio.sleep(0.01)
                if "gave-up" in heard:
                    break
            assert heard[:1] == ["connection-lost"] and heard[-1] == "gave-up"
            assert waits == list(RETRY_WAITS) and sorted(waits) == waits
            assert 25 <= sum(waits) <= 35
            # The server is back: an acting key tries again, and the seat is there.
            link.opener = opened
            link.act(DRAW)
            for _ in range(200):
                await asyncio.sleep(0.01)
                if "reconnected" in heard:
                    break
            assert "reconnecting" in heard and "reconnected" in heard
            link.close()

    asyncio.run(go())


def test_a_seat_that_is_not_kept_is_a_clear_refusal(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=7, clock=FakeClock()) as running:
            link = RemoteLink(url_of(running))
            with pytest.raises(ConnectError) as refused:
                await link.open(Request({"type": "resume", "token": "x" * 22}))
            assert refused.value.code == "no-seat"
            link.close()

    asyncio.run(go())


def test_a_window_whose_seat_another_took_lets_it_be(tmp_path: Path) -> None:
    """Two windows on one seat: the first hears that the seat is open elsewhere and
    does not take it back (no reconnecting), so the second keeps it."""

    async def no_wait(seconds: float) -> None:
        pass

    async def go() -> None:
        async with server(tmp_path, seed=7, clock=FakeClock()) as running:
            url = url_of(running)
            ada, _ben = await _two_people(url)
            heard: list[str] = []

            class Ears:
                def update(self, update: Update) -> None:
                    pass

                def refused(self, refusal: Any, obs: Any) -> None:
                    pass

                def news(self, item: News) -> None:
                    if item.kind != "table":
                        heard.append(item.kind)

            first, second = RemoteLink(url, sleep=no_wait), RemoteLink(url, sleep=no_wait)
            first.attach(Ears())  # type: ignore[arg-type]
            await first.open(Request({"type": "resume", "token": ada.token}))
            await second.open(Request({"type": "resume", "token": ada.token}))
            for _ in range(200):
                await asyncio.sleep(0.01)
                if "taken-over" in heard:
                    break
            await asyncio.sleep(0.1)
            assert heard == ["taken-over"] and first.taken_over and not first.connected
            first.act(DRAW)  # a key in the first window says so again, and takes nothing
            await asyncio.sleep(0.1)
            assert heard == ["taken-over", "taken-over"] and second.connected
            host = next(iter(running.tables.values()))
            assert len([c for c in host.channels.values() if c is not None]) == 2
            first.close()
            second.close()

    asyncio.run(go())
