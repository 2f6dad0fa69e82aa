"""The server trusts nothing: every bad frame gets a clear refusal or a closed
connection, and the server keeps serving every other table meanwhile."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from netplay import Player, server, url_of
from sniff.server.limits import ServerLimits
from sniff.session.clock import FakeClock


async def _game_going_on(url: str) -> tuple[Player, Player]:
    """A table of two scripted people who play on by themselves (the other table)."""
    ada, bo = Player(url, "Ada"), Player(url, "Bo")
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
    await ada.wait_for(lambda: ada.code is not None)
    await bo.open()
    await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
    return ada, bo


async def _errors_after(player: Player, *frames: str | bytes) -> list[dict[str, Any]]:
    start = len(player.of("error"))
    for frame in frames:
        await player.send_text(frame)
    await player.wait_for(lambda: len(player.of("error")) >= start + len(frames), timeout=5)
    return player.of("error")[start:]


BAD = [
    ("not json at all", "bad-json"),
    ('{"type": "join", "code": "ABCD-EFGH", "name": "Eve", "name": "Eve"}', "bad-json"),
    ('{"type": "heard", "at": ' + "[" * 40 + "]" * 40 + "}", "too-deep"),
    ('{"type": "heard", "at": 99999999999999999999999}', "bad-number"),
    ('{"type": "heard", "at": 1e400}', "bad-number"),
    ('{"type": "heard", "at": NaN}', "bad-number"),
    ('{"type": "teleport"}', "unknown-type"),
    ('{"type": "join", "code": "ABCD-EFGH", "name": "Eve", "admin": true}', "unknown-field"),
    ('{"type": "join", "code": 12345678, "name": "Eve"}', "bad-field"),
    ('{"type": "chat", "text": ["hi"]}', "bad-field"),
    (
        '{"type": "act", "action": {"kind": "play", "tile": [9, 9], "end": "east"}, "at": 1}',
        "no-table",
    ),
    ("[]", "not-object"),
    ('{"no": "type"}', "no-type"),
]


def test_every_bad_frame_gets_a_clear_refusal_and_the_other_table_plays_on(tmp_path: Path) -> None:
    limits = ServerLimits(messages_per_second=1000, message_burst=1000)

    async def go() -> None:
        async with server(tmp_path, seed=8, limits=limits, clock=FakeClock()) as running:
            url = url_of(running)
            ada, bo = await _game_going_on(url)
            eve = Player(url, "Eve", plays=False)
            await eve.open()
            before = ada.at
            for frame, code in BAD:
                (error,) = await _errors_after(eve, frame)
                assert error["code"] == code, (frame, error)
                assert error["message"]  # a sentence, not a bare code
            # Binary frames are not frames of this protocol.
            (error,) = await _errors_after(eve, b'{"type": "heard", "at": 1}')
            assert error["code"] == "not-text"
            # Meanwhile the other table went on being played.
            await ada.wait_for(lambda: ada.at > before + 5)
            for player in (ada, bo, eve):
                await player.close()

    asyncio.run(go())


def test_a_frame_over_4_kib_closes_the_connection_and_nothing_else(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=9, clock=FakeClock()) as running:
            url = url_of(running)
            ada, bo = await _game_going_on(url)
            eve = Player(url, "Eve", plays=False)
            await eve.open()
            await eve.send({"type": "chat", "text": "x" * 5000})
            assert eve.ws is not None
            await asyncio.wait_for(eve.ws.wait_closed(), 5)
            assert eve.ws.close_code == 1009  # too big
            before = ada.at
            await ada.wait_for(lambda: ada.at > before + 3)
            for player in (ada, bo):
                await player.close()

    asyncio.run(go())


def test_out_of_turn_and_illegal_actions_are_refused_by_the_engine(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=10, clock=FakeClock()) as running:
            url = url_of(running)
            ada, bo = Player(url, "Ada", plays=False), Player(url, "Bo", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: ada.code is not None)
            await bo.open()
            await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
            await bo.wait_for(lambda: bo.view is not None)
            await ada.wait_for(lambda: ada.view is not None and ada.at == bo.at)
            assert ada.view is not None
            mover, other = (ada, bo) if ada.view["current"] == 0 else (bo, ada)
            assert other.view is not None and mover.view is not None
            # The other seat plays out of turn; the one to move plays a tile it lacks.
            await other.send({"type": "act", "action": {"kind": "draw"}, "at": other.at})
            held = {tuple(t) for t in mover.view["hand"]}
            lacking = next([a, b] for a in range(7) for b in range(a + 1) if (a, b) not in held)
            move = {"kind": "play", "tile": lacking, "end": "lead"}
            await mover.send({"type": "act", "action": move, "at": mover.at})
            await other.wait_for(lambda: bool(other.of("refused")))
            await mover.wait_for(lambda: bool(mover.of("refused")))
            assert other.of("refused")[0]["reason"] == "not-your-turn"
            assert mover.of("refused")[0]["reason"] == "not-in-hand"
            assert not ada.of("step") and not bo.of("step")  # nothing happened
            for player in (ada, bo):
                await player.close()

    asyncio.run(go())


def test_a_steady_rate_over_the_budget_is_closed_after_50_refusals_in_a_row(
    tmp_path: Path,
) -> None:
    """25 messages a second where 20 are allowed: once the burst is spent, every one
    is refused, and the 51st refusal in a row closes the connection (protocol.md)."""
    limits = ServerLimits(messages_per_second=20, message_burst=5, refusals_before_close=50)

    async def go() -> None:
        async with server(tmp_path, seed=14, limits=limits, clock=FakeClock()) as running:
            eve = Player(url_of(running), "Eve", plays=False)
            await eve.open()
            assert eve.ws is not None
            await eve.send({"type": "create", "name": "Eve", "seats": ["person", "person"]})
            await eve.wait_for(lambda: bool(eve.of("state")))
            for _ in range(400):  # (bounded: 16 s of sending)
                if eve.ws.close_code is not None:
                    break
                try:
                    await eve.send({"type": "ready"})  # (a message the table takes)
                except Exception:
                    break
                await asyncio.sleep(0.04)
            await asyncio.wait_for(eve.ws.wait_closed(), 5)
            assert eve.ws.close_code == 1008
            codes = [e["code"] for e in eve.of("error")]
            assert codes and set(codes) == {"rate"} and len(codes) <= 51

    asyncio.run(go())


def test_a_flood_is_refused_then_closed(tmp_path: Path) -> None:
    limits = ServerLimits(messages_per_second=5, message_burst=10)

    async def go() -> None:
        async with server(tmp_path, seed=11, limits=limits, clock=FakeClock()) as running:
            eve = Player(url_of(running), "Eve", plays=False)
            await eve.open()
            assert eve.ws is not None
            for _ in range(200):
                try:
                    await eve.send({"type": "heard", "at": 1})
                except Exception:
                    break
            await asyncio.wait_for(eve.ws.wait_closed(), 5)
            assert any(e["code"] == "rate" for e in eve.of("error"))
            assert eve.ws.close_code == 1008

    asyncio.run(go())


def test_guessed_codes_are_limited_per_address(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=12, clock=FakeClock()) as running:
            url = url_of(running)
            ada = Player(url, "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: ada.code is not None)
            eve = Player(url, "Eve", plays=False)
            await eve.open()
            codes = []
            for number in range(12):
                await eve.send({"type": "join", "code": f"ZZZZ-{number:04d}", "name": "Eve"})
                await eve.wait_for(lambda n=number: len(eve.of("error")) > n)
                codes.append(eve.of("error")[-1]["code"])
            assert codes[:10] == ["no-table"] * 10 and codes[10:] == ["rate", "rate"]
            # Even the right code waits out the minute now.
            await eve.send({"type": "join", "code": ada.code, "name": "Eve"})
            await eve.wait_for(lambda: len(eve.of("error")) > 12)
            assert eve.of("error")[-1]["code"] == "rate" and eve.seat is None
            for player in (ada, eve):
                await player.close()

    asyncio.run(go())


def test_escape_sequences_in_names_and_chat_are_cleaned(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=13, clock=FakeClock()) as running:
            url = url_of(running)
            ada, bo = Player(url, "Ada", plays=False), Player(url, "Bo", plays=False)
            await ada.open()
            name = "\x1b[2J\x1b]0;pwned\x07Ada\x1b[31m\nthe great" + "x" * 50
            await ada.send({"type": "create", "name": name, "seats": ["person", "person"]})
            await ada.wait_for(lambda: ada.code is not None)
            await bo.open()
            await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
            await bo.wait_for(lambda: bo.seat is not None)
            await bo.send({"type": "chat", "text": "hi\x1b[8m hidden\x07\r\nthere\u202e"})
            await ada.wait_for(lambda: bool(ada.of("chat")))
            table = ada.of("table")[-1]
            shown = table["players"][0]["name"]
            assert shown == ("Ada the great" + "x" * 50)[:20]
            assert ada.of("chat")[0]["text"] == "hi hidden there"
            text = json.dumps(ada.frames + bo.frames)
            assert "\\u001b" not in text and "\\u0007" not in text and "\\u202e" not in text
            for player in (ada, bo):
                await player.close()

    asyncio.run(go())


def test_a_page_from_another_site_may_not_connect(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=14, clock=FakeClock()) as running:
            url = url_of(running)
            with pytest.raises(InvalidStatus) as refused:
                await connect(url, additional_headers={"Origin": "https://evil.example"})
            assert refused.value.response.status_code == 403
            # The server's own page (same host) may.
            own = f"http://127.0.0.1:{running.port}"
            ws = await connect(url, additional_headers={"Origin": own})
            await ws.close()

    asyncio.run(go())


def test_an_unknown_protocol_version_gets_a_clear_message(tmp_path: Path) -> None:
    async def go() -> None:
        async with (
            server(tmp_path, seed=15, clock=FakeClock()) as running,
            connect(url_of(running)) as ws,
        ):
            await ws.send(json.dumps({"type": "hello", "version": 99}))
            answer = json.loads(await ws.recv())
            assert answer["code"] == "version" and answer["version"] == 1
            assert "protocol 1" in answer["message"]
            await asyncio.wait_for(ws.wait_closed(), 5)

    asyncio.run(go())


def test_the_addresses_of_one_ipv6_network_share_one_budget(tmp_path: Path) -> None:
    """Behind a trusted proxy, every address of one /64 counts as one: a new address
    of the same network brings no fresh budget of wrong codes."""
    import json

    from websockets.asyncio.client import connect

    async def wrong_code(url: str, address: str) -> str:
        async with connect(url, additional_headers={"X-Forwarded-For": address}) as ws:
            await ws.send(json.dumps({"type": "hello", "version": 1}))
            await ws.recv()
            await ws.send(json.dumps({"type": "join", "code": "ZZZZ-0000", "name": "Eve"}))
            return str(json.loads(await ws.recv())["code"])

    async def go() -> None:
        async with server(tmp_path, seed=13, clock=FakeClock(),
                          trusted_proxies=("127.0.0.1",)) as running:  # fmt: skip
            url = url_of(running)
            codes = [await wrong_code(url, f"2001:db8:1:2::{n + 1:x}") for n in range(12)]
            assert codes[:10] == ["no-table"] * 10 and codes[10:] == ["rate", "rate"]
            assert await wrong_code(url, "2001:db8:1:3::1") == "no-table"  # another network

    asyncio.run(go())
