"""Nothing leaks: games through the real server with a scripted client in every seat
and a spectator, and no frame to a seat or a spectator holds a tile it may not know,
nor the seed. (benchmarks/bench_server.py plays 1,000 such games.)"""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

import pytest

from leakcheck import check_frames
from netplay import Player, server, url_of
from sniff.engine import PRESETS
from sniff.server.limits import ServerLimits
from sniff.storage.records import read_record

GAMES = 200  # in CHUNKS parts, which the test runner may play side by side
CHUNKS = 4
AT_ONCE = 25


async def _one_game(url: str, number: int) -> tuple[list[Player], Player, str]:
    preset = sorted(PRESETS)[number % len(PRESETS)]
    count = 2 + number % 3
    seats = ["person"] * count
    people = [Player(url, f"P{number}-{i}") for i in range(count)]
    first = people[0]
    await first.open()
    await first.send(
        {"type": "create", "name": first.name, "preset": preset, "seats": seats, "target": 10}
    )
    await first.wait_for(lambda: first.code is not None)
    watcher = Player(url, "W", plays=False)
    await watcher.open()
    await watcher.send({"type": "watch", "code": first.code})
    for other in people[1:]:
        await other.open()
        await other.send({"type": "join", "code": first.code, "name": other.name})
    for player in people:
        await player.wait_for(lambda p=player: p.over, timeout=120)
    await watcher.wait_for(lambda: watcher.over, timeout=30)
    assert first.code is not None
    return people, watcher, first.code.replace("-", "")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_no_frame_holds_a_tile_its_seat_may_not_know_nor_the_seed(
    tmp_path: Path, chunk: int
) -> None:
    limits = ServerLimits(
        tables_per_address=GAMES,
        connections_per_address=10 * AT_ONCE,
        tables=GAMES,
        messages_per_second=1000,
        message_burst=1000,
    )

    async def go() -> None:
        size = GAMES // CHUNKS
        async with server(tmp_path, seed=100 + chunk * size, limits=limits) as running:
            url = url_of(running)
            numbers = iter(range(chunk * size, (chunk + 1) * size))
            while batch := list(itertools.islice(numbers, AT_ONCE)):
                games = await asyncio.gather(*(_one_game(url, n) for n in batch))
                for people, watcher, code in games:
                    record = read_record(running.store.record_path(code))
                    for player in people:
                        check_frames(player.frames, record, player.seat)
                        await player.close()
                    check_frames(watcher.frames, record, None)
                    await watcher.close()

    asyncio.run(go())
