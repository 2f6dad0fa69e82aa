"""Games through the real server: people at a table, each told only what their seat
may know, the record written, the same game as at home."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from netplay import Player, server, url_of
from sniff.storage.records import read_record, verify


async def _table(
    url: str, seats: list[str], *, preset: str = "sniff", target: int | None = None
) -> list[Player]:
    """A table: the first player creates it, the others join with its code."""
    first = Player(url, "Ada")
    await first.open()
    create: dict[str, Any] = {"type": "create", "name": "Ada", "preset": preset, "seats": seats}
    if target is not None:
        create["target"] = target
    await first.send(create)
    await first.wait_for(lambda: first.code is not None and first.seat == 0)
    players = [first]
    for index, kind in enumerate(seats[1:], start=1):
        if kind != "person":
            continue
        other = Player(url, f"P{index}")
        await other.open()
        await other.send({"type": "join", "code": first.code, "name": other.name})
        await other.wait_for(lambda o=other: o.seat is not None)
        players.append(other)
    return players


def test_two_people_and_a_bot_play_a_game_to_its_end(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=11) as running:
            players = await _table(url_of(running), ["person", "person", "greedy"], target=50)
            for player in players:
                await player.wait_for(lambda p=player: p.over, timeout=60)
            code = players[0].code
            assert code is not None
            record = read_record(running.store.record_path(code.replace("-", "")))
            game = verify(record)
            assert game.phase.value == "game-over"
            names = [p.name for p in record.players]
            assert names[:2] == ["Ada", "P1"] and names[2] not in ("Ada", "P1")
            for player in players:
                await player.close()

    asyncio.run(go())
