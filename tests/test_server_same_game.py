"""The same game online as at home: scripted players in a seeded game through the real
server produce the same record, event for event, as the same game through the local
session (the one game loop, the same engine, the same bots)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from netplay import Player, server, url_of
from sniff.bots import make_bot
from sniff.engine import Game, preset
from sniff.session.game import GameSession
from sniff.session.simulate import bot_seed
from sniff.session.table import Table
from sniff.storage import SaveState
from sniff.storage.records import PlayerInfo, read_record


def _at_home(rules_name: str, seats: list[str], seed: int) -> list[object]:
    """The game as the local session plays it: people take the first legal action."""
    rules = preset(rules_name)
    game = Game(rules, len(seats), seed=seed)
    players = tuple(
        PlayerInfo("P", "human") if kind == "person" else PlayerInfo("B", "bot", kind)
        for kind in seats
    )
    bots = {
        seat: make_bot(kind, seed=bot_seed(seed, seat))
        for seat, kind in enumerate(seats)
        if kind != "person"
    }
    session = GameSession(SaveState(game, players, seed=seed), bots, human=None)
    table = Table(session)
    while game.phase.value != "game-over":
        table.play_now()
        if game.phase.value == "round-over":
            table.next_round()
            continue
        if game.phase.value == "game-over":
            break
        seat = game.current
        table.act(seat, session.observe(seat).legal[0])
    return list(game.log)


@pytest.mark.parametrize(
    ("rules_name", "seats"),
    [
        ("sniff", ["person", "greedy", "person"]),
        ("muggins", ["person", "person", "greedy", "random"]),
    ],
)
def test_a_seeded_game_online_is_the_game_at_home(
    tmp_path: Path, rules_name: str, seats: list[str]
) -> None:
    seed = 500

    async def online() -> list[object]:
        async with server(tmp_path, seed=seed) as running:
            url = url_of(running)
            people = [Player(url, f"P{i}") for i, kind in enumerate(seats) if kind == "person"]
            first = people[0]
            await first.open()
            await first.send({"type": "create", "name": first.name, "preset": rules_name,
                              "seats": seats})  # fmt: skip
            await first.wait_for(lambda: first.code is not None)
            for other in people[1:]:
                await other.open()
                await other.send({"type": "join", "code": first.code, "name": other.name})
            for player in people:
                await player.wait_for(lambda p=player: p.over, timeout=60)
                await player.close()
            assert first.code is not None
            record = read_record(running.store.record_path(first.code.replace("-", "")))
            return list(record.events)

    assert asyncio.run(online()) == _at_home(rules_name, seats, seed)
