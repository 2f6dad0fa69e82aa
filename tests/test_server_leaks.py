"""Nothing leaks: games through the real server with a scripted client in every seat
and a spectator, and no frame to a seat or a spectator holds a tile it may not know,
nor the seed. (benchmarks/bench_server.py plays 1,000 such games.)"""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from netplay import Player, server, url_of
from sniff.engine import PRESETS
from sniff.server.limits import ServerLimits
from sniff.storage.records import read_record

GAMES = 200  # in CHUNKS parts, which the test runner may play side by side
CHUNKS = 4
AT_ONCE = 25


def _tile(value: Any) -> set[tuple[int, int]]:
    return set() if value is None else {(max(value), min(value))}


def _event_tiles(event: dict[str, Any]) -> set[tuple[int, int]]:
    """The tiles an event names, as the wire has them (a round's end shows every hand:
    those are public from then on, and are not counted)."""
    kind = event["type"]
    if kind == "deal":
        return {(max(t), min(t)) for hand in event["hands"] for t in hand} | {
            (max(t), min(t)) for t in event["boneyard"]
        }
    if kind in ("play", "draw"):
        return _tile(event["tile"])
    return set()


def _tiles_in(frame: dict[str, Any]) -> set[tuple[int, int]]:
    """Every tile a step or state frame names outside a round's end."""
    found: set[tuple[int, int]] = set()
    for event in frame.get("events") or frame.get("log") or []:
        found |= _event_tiles(event)
    view = frame.get("view")
    if view is not None:
        found |= {(max(t), min(t)) for t in view["hand"]}
        found |= _tile(view["forced"]) | _tile(view["required_lead"])
        for action in view["legal"]:
            found |= _tile(action.get("tile"))
        for event in view.get("history", []):  # (a step's view has none: its events)
            found |= _event_tiles(event)
    return found


def _allowed(record: Any, seat: int | None) -> list[set[tuple[int, int]]]:
    """Per round: the tiles *seat* may have been told before the round's end (its own
    dealt and drawn tiles, and every tile played); None: a spectator (plays only)."""
    rounds: list[set[tuple[int, int]]] = []
    for event in record.events:
        kind = type(event).__name__
        if kind == "Dealt":
            mine = set() if seat is None else {(t.high, t.low) for t in event.hands[seat]}
            if event.redeal or not rounds:
                rounds.append(mine)
            else:
                rounds.append(mine)
        elif (kind == "Drew" and event.player == seat) or kind == "Played":
            rounds[-1].add((event.tile.high, event.tile.low))
    return rounds


def _check(frames: list[dict[str, Any]], record: Any, seat: int | None) -> None:
    allowed = _allowed(record, seat)
    everything = set().union(*allowed) if allowed else set()
    for frame in frames:
        text = json.dumps(frame)
        assert '"seed"' not in text, frame
        if frame["type"] not in ("step", "state"):
            continue
        events = frame.get("events") or frame.get("log") or []
        view = frame.get("view")
        tiles = _tiles_in(frame)
        assert tiles <= everything, (seat, frame["type"], tiles - everything)
        if view is not None:
            assert view["seat"] == seat
        for event in events:
            if event["type"] == "deal":
                for index, hand in enumerate(event["hands"]):
                    assert index == seat or hand == [], (seat, event)
                assert event["boneyard"] == []
            if event["type"] == "draw" and event["player"] != seat:
                assert event["tile"] is None


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
                        _check(player.frames, record, player.seat)
                        await player.close()
                    _check(watcher.frames, record, None)
                    await watcher.close()

    asyncio.run(go())
