"""Tables on the server: bots named apart from the people, the muggins rule online, the
budgets of an address, a table nobody sits at ending after half an hour, saved, and its
snapshot (tests/test_server_journal.py: the journal)."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref
from pathlib import Path

import pytest

from netplay import Player, seated, server, url_of
from sniff.server import app
from sniff.server.limits import ServerLimits
from sniff.server.store import _replace as replace
from sniff.session.clock import FakeClock
from sniff.session.policy import IDLE_END
from sniff.storage.records import read_record, verify
from sniff.storage.savegame import snapshot_to_json

FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)


def test_bots_never_share_a_name_with_a_person(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=20, clock=FakeClock()) as running:
            anna = Player(url_of(running), "Anna", plays=False)
            await anna.open()
            await anna.send(
                {"type": "create", "name": "Anna", "seats": ["person", "greedy", "greedy"]}
            )
            await anna.wait_for(lambda: bool(anna.of("table")) and anna.of("table")[-1]["started"])
            names = [p["name"] for p in anna.of("table")[-1]["players"]]
            assert names[0] == "Anna" and len(set(names)) == 3 and "Anna" not in names[1:]
            await anna.close()

    asyncio.run(go())


def test_a_bot_keeps_the_name_the_waiting_room_gave_it(tmp_path: Path) -> None:
    """Before the start a bot's seat is heard by the name its seat has (bot_name: seat 2
    is Ben); the game calls it the same, unless a person took that name."""
    from sniff.session.game import bot_name

    async def go() -> None:
        async with server(tmp_path, seed=22, clock=FakeClock()) as running:
            url = url_of(running)
            ada, eve = Player(url, "Ada", plays=False), Player(url, "Eve", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person",
                                                                        "greedy"]})  # fmt: skip
            await ada.wait_for(lambda: ada.code is not None)
            await eve.open()
            await eve.send({"type": "join", "code": ada.code, "name": "Eve"})
            await ada.wait_for(lambda: ada.of("table")[-1]["started"])
            names = [p["name"] for p in ada.of("table")[-1]["players"]]
            assert names == ["Ada", "Eve", bot_name(2)]
            for player in (ada, eve):
                await player.close()

    asyncio.run(go())


def test_the_muggins_rule_is_played_online_claims_and_calls_too(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=21, clock=FakeClock()) as running:
            url = url_of(running)
            ada, bo = Player(url, "Ada"), Player(url, "Bo")
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"],
                            "rules": {"muggins": True}, "target": 40})  # fmt: skip
            await ada.wait_for(lambda: ada.code is not None)
            await bo.open()
            await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
            for player in (ada, bo):
                await player.wait_for(lambda p=player: p.over, timeout=60)
            assert ada.code is not None
            record = read_record(running.store.record_path(ada.code.replace("-", "")))
            assert record.rules.muggins and verify(record).phase.value == "game-over"
            kinds = {type(e).__name__ for e in record.events}
            assert "Claimed" in kinds
            for player in (ada, bo):
                await player.close()

    asyncio.run(go())


def test_an_address_opens_so_many_tables_and_no_more(tmp_path: Path) -> None:
    async def go() -> None:
        limits = ServerLimits(tables_per_address=2)
        async with server(tmp_path, seed=22, clock=FakeClock(), limits=limits) as running:
            url = url_of(running)
            makers = [Player(url, f"M{i}", plays=False) for i in range(3)]
            for maker in makers:  # one after the other: the third asks for one too many
                await maker.open()
                await maker.send(
                    {"type": "create", "name": maker.name, "seats": ["person", "person"]}
                )
                await maker.wait_for(lambda m=maker: bool(m.of("error")) or m.code is not None)
            assert makers[0].code and makers[1].code, [m.of("error") for m in makers]
            assert makers[2].code is None and makers[2].of("error")[0]["code"] == "too-many-tables"
            for maker in makers:
                await maker.close()

    asyncio.run(go())


def test_a_table_nobody_sits_at_ends_after_half_an_hour_saved(tmp_path: Path) -> None:
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=23, clock=clock) as running:
            url = url_of(running)
            ada = Player(url, "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "greedy"]})
            await ada.wait_for(lambda: ada.code is not None)
            host = next(iter(running.tables.values()))
            await ada.close()
            await ada.wait_for(lambda: not host.seats[0].present)
            clock.advance(IDLE_END - 1)
            assert not host.ended
            clock.advance(2)
            assert host.ended
            for _ in range(50):
                await asyncio.sleep(0.01)
                if host.code not in running.tables:
                    break
            assert host.code not in running.tables  # let go, and its seat with it
            saved = running.store.finished / f"{host.code}.json"
            assert saved.exists()  # saved first, out of the tables to restore

    asyncio.run(go())


def test_a_snapshot_written_with_kept_random_states_is_the_snapshot(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=24, clock=FakeClock()) as running:
            url = url_of(running)
            ada = Player(url, "Ada")
            await ada.open()
            await ada.send(
                {"type": "create", "name": "Ada", "seats": ["person", "greedy", "random"]}
            )
            await ada.wait_for(lambda: ada.at > 20)
            host = next(iter(running.tables.values()))
            for _ in range(3):  # (the second time from what was kept)
                text = running.store.text_of(host)
                table = json.loads(text)["ui"]["table"]
                snap = host.session.snapshot({"table": table})
                assert json.loads(text) == json.loads(json.dumps(snapshot_to_json(snap)))
            await ada.close()

    asyncio.run(go())


def test_a_snapshot_that_cannot_be_written_leaves_the_one_before_whole(tmp_path: Path) -> None:
    path = tmp_path / "ABCD2345.json"
    replace(path, '{"first": 1}')
    replace(path, '{"second": 2}')
    assert path.read_text(encoding="utf-8") == '{"second": 2}'
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left
    (tmp_path / f".{path.name}.tmp").mkdir()  # where the next one would be written
    with pytest.raises(OSError):
        replace(path, '{"third": 3}')
    assert path.read_text(encoding="utf-8") == '{"second": 2}'


def test_a_finished_table_is_let_go_once_its_people_have_left(tmp_path: Path) -> None:
    """A finished table stays for its record while someone is at it; once the last one
    has left (nobody can come back to an ended table), nothing of it is held: the
    server's memory stays level over many games, not ten minutes' worth of games."""

    async def go() -> None:
        async with server(tmp_path, seed=25, limits=FAST) as running:
            url = url_of(running)
            ada, ben = Player(url, "Ada"), Player(url, "Ben")
            await seated(ada, ben, {"seats": ["person", "person"], "target": 10})
            await ada.wait_for(lambda: ada.over and ben.over, timeout=30)
            host = weakref.ref(next(iter(running.tables.values())))
            for _ in range(50):  # (the finished table is saved and kept for its record)
                await asyncio.sleep(0.01)
            assert running.tables
            await ada.close()
            await ben.close()
            for _ in range(200):
                await asyncio.sleep(0.01)
                if not running.tables:
                    break
            assert not running.tables
            gc.collect()
            assert host() is None, gc.get_referrers(host())
            # Nor is anything of it kept for its next snapshot (its random states' text).
            assert not running.store._states, list(running.store._states)

    asyncio.run(go())


def test_a_finished_table_waits_for_a_person_who_dropped_before_its_end(tmp_path: Path) -> None:
    """Ben's connection drops; a bot plays his seat to the end of the game; Ada, who
    heard the end, leaves. The table is kept for Ben (not let go with the last
    connection): he comes back to the last plays and the scores, told from where he
    was told up to; once he has heard it and gone, the table is let go."""
    clock = FakeClock()

    async def go() -> None:
        async with server(tmp_path, seed=25, limits=FAST, clock=clock) as running:
            url = url_of(running)
            ada, ben = Player(url, "Ada"), Player(url, "Ben")
            await seated(ada, ben, {"seats": ["person", "person"], "target": 10})
            await ben.wait_for(lambda: ben.view is not None)
            token, knew = ben.token, ben.at
            await ben.close()
            for _ in range(400):  # bounded: the grace passes, Ben's bot plays on
                if ada.over:
                    break
                clock.advance(5.0)
                await asyncio.sleep(0.01)
            assert ada.over
            await ada.close()
            for _ in range(50):
                await asyncio.sleep(0.01)
            (host,) = running.tables.values()  # kept for Ben
            back = Player(url, "Ben")
            await back.open()
            await back.send({"type": "resume", "token": token})
            await back.wait_for(lambda: bool(back.of("state")))
            (state,) = back.of("state")
            assert knew <= state["seen"] < state["at"] == len(host.session.game.log)
            assert state["log"][-1]["type"] == "game_end", state["log"][-1]
            await back.close()
            for _ in range(200):
                await asyncio.sleep(0.01)
                if not running.tables:
                    break
            assert not running.tables  # heard, and gone: let go

    asyncio.run(go())


def test_tables_let_go_are_freed_though_they_lived_out_of_the_collectors_sight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server moves what lives out of the cycle collector's sight every 10 s; a
    finished table (cycles: it and its feeds refer to each other) let go after that is
    freed at the next tick once enough tables were let go, not an hour later."""
    monkeypatch.setattr(app, "LET_GO_PER_WHOLE_PASS", 1)

    async def go() -> None:
        async with server(tmp_path, seed=26, limits=FAST) as running:
            url = url_of(running)
            ada = Player(url, "Ada")
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "greedy"],
                            "target": 10})  # fmt: skip
            await ada.wait_for(lambda: ada.over, timeout=30)
            host = weakref.ref(next(iter(running.tables.values())))
            try:
                gc.freeze()  # (as the server's tick does: the table has lived 10 s)
                await ada.close()
                for _ in range(200):
                    await asyncio.sleep(0.01)
                    if not running.tables:
                        break
                assert not running.tables
                for _ in range(10):  # (the connection's last tasks end)
                    await asyncio.sleep(0.01)
                running._collector_tick()
                held = host()
                assert held is None, [type(r).__name__ for r in gc.get_referrers(held)]
            finally:
                gc.unfreeze()

    asyncio.run(go())
