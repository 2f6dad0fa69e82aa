"""Drops and returns at random moments, over whole online games on a fake clock: every
returning person is told where they were told up to (``seen``), and their catch-up is
exactly the events the record holds after it; a table whose turn belongs to a person
nobody's connection holds never waits in silence (after the grace a bot plays); no
table fails. Real sockets on 127.0.0.1; every loop bounded."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from netplay import Player, server, url_of
from sniff.engine import Phase
from sniff.net.codec import event_json
from sniff.server.limits import ServerLimits
from sniff.session.clock import FakeClock
from sniff.session.policy import DROP_NOTICE, GRACE

FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)
GAMES = 5


async def _settle(*players: Player) -> None:
    for _ in range(5):
        await asyncio.sleep(0.01)


async def _one_game(url: str, running: Any, clock: FakeClock, rng: random.Random) -> dict[str, int]:
    figures = {"drops": 0, "returns": 0, "silent": 0, "events": 0}
    ada, ben = Player(url, "Ada", plays=False), Player(url, "Ben", plays=False)
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person", "greedy"],
                    "target": 50})  # fmt: skip
    await ada.wait_for(lambda: ada.code is not None)
    await ben.open()
    await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
    await ben.wait_for(lambda: ben.view is not None)
    host = next(t for t in running.tables.values() if not t.ended and t.code.startswith(
        ada.code.replace("-", "")[:4]))  # fmt: skip
    people: list[Player | None] = [ada, ben]
    away: dict[int, tuple[str, int]] = {}  # seat: (token, the at it last knew)
    game = host.session.game
    for _ in range(400):  # bounded: a few hundred moments of the game
        if game.phase is Phase.GAME_OVER:
            break
        roll = rng.random()
        seat = rng.randrange(2)
        player = people[seat]
        if player is not None and roll < 0.15:
            assert player.token is not None
            away[seat] = (player.token, player.at)
            await player.close()
            people[seat] = None
            figures["drops"] += 1
        elif player is None and roll < 0.5:
            token, knew = away.pop(seat)
            back = Player(url, player_name := ("Ada", "Ben")[seat], plays=False)
            await back.open()
            await back.send({"type": "resume", "token": token})
            await back.wait_for(lambda b=back: bool(b.of("state")))
            (state,) = back.of("state")
            seen = state.get("seen")
            assert seen is not None and knew <= seen <= state["at"], (player_name, knew, state)
            told = [e["type"] for e in state["log"][seen:]]
            record = [event_json(e)["type"] for e in game.log[seen : state["at"]]]
            assert told == record  # the catch-up is exactly what came after "seen"
            people[seat] = back
            figures["returns"] += 1
        elif roll < 0.8:
            # Time passes: a dropped person's turn is played by a bot after the grace.
            before = len(game.log)
            current = game.current if game.phase is not Phase.ROUND_OVER else None
            clock.advance(DROP_NOTICE + GRACE + 1)
            await _settle()
            if current is not None and current in away and game.phase is not Phase.GAME_OVER:
                for _ in range(100):
                    if len(game.log) > before or game.phase is Phase.GAME_OVER:
                        break
                    clock.advance(0.5)  # (the bots' pace between steps runs on it too)
                    for present in people:  # (and each person here hears what came)
                        if present is not None:
                            await present.send({"type": "heard", "at": present.at})
                    await asyncio.sleep(0.01)
                else:
                    figures["silent"] += 1
        for present in people:  # each person here acts once, and hears what came
            if present is not None:
                present.plays = True
                await present.act_if_due()
                present.plays = False
                await present.send({"type": "heard", "at": present.at})
        await _settle()
    figures["events"] = len(game.log)
    for present in people:
        if present is not None:
            await present.close()
    return figures


def test_drops_and_returns_at_random_moments_are_told_exactly(tmp_path: Path) -> None:
    clock = FakeClock()

    async def go() -> dict[str, int]:
        totals = {"drops": 0, "returns": 0, "silent": 0, "events": 0}
        async with server(tmp_path, seed=31, clock=clock, limits=FAST) as running:
            url = url_of(running)
            for number in range(GAMES):
                figures = await _one_game(url, running, clock, random.Random(number))
                for key, value in figures.items():
                    totals[key] += value
        return totals

    totals = asyncio.run(go())
    assert totals["silent"] == 0
    assert totals["drops"] >= 8 and totals["returns"] >= 5, totals
    print(f"\n{GAMES} games, {totals}")
