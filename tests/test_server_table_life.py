"""A table through real life, on the real server: a catch-up taken while a bot draws ends
where the next step begins; nothing is offered before the start; who leaves is gone
for good and heard as gone; the host ends a table for everyone; a finished table no
longer counts as open; a spectator's chat carries its name; a name needs a letter or
a digit; a server that stops says so to every table first."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from netplay import Player, seated, server, url_of
from sniff.net.codec import event_json
from sniff.server.limits import ServerLimits
from sniff.session.clock import FakeClock
from sniff.session.game import BotTurn, GameSession
from sniff.session.table import InlineThinker

FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)


class DrawGate:
    """Decides at once, except a bot's decision after its own draw, which waits for the
    test to open the gate: the table stands with draws not yet told."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.held = asyncio.Event()

    async def decide(self, session: GameSession) -> BotTurn:
        if session.game.draws_this_turn > 0 and not self.gate.is_set():
            self.held.set()
            await self.gate.wait()
        return await InlineThinker().decide(session)


def _told(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The game as a client that follows the document builds it: a state's log, then
    each step's events."""
    log: list[dict[str, Any]] = []
    for frame in frames:
        if frame["type"] == "state":
            log = list(frame["log"])
        elif frame["type"] == "step":
            log += frame["events"]
    return log


def test_a_state_taken_while_a_bot_draws_ends_where_its_step_begins(tmp_path: Path) -> None:
    gate = DrawGate()

    async def go() -> None:
        async with server(tmp_path, seed=8, thinker=gate, limits=FAST) as running:
            url = url_of(running)
            ada = Player(url, "Ada")
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "greedy"],
                            "target": 100})  # fmt: skip
            await ada.wait_for(lambda: ada.code is not None)
            await asyncio.wait_for(gate.held.wait(), 20)  # the bot drew and thinks again
            host = next(iter(running.tables.values()))
            assert host.table.told < host.table.position
            eve = Player(url, "Eve", plays=False)
            await eve.open()
            await eve.send({"type": "watch", "code": ada.code})
            await ada.close()  # and Ada comes back in the middle of it
            back = Player(url, "Ada")
            await back.open()
            await back.send({"type": "resume", "token": ada.token})
            await back.wait_for(lambda: bool(back.of("seated")))
            await asyncio.sleep(0.1)
            assert not back.of("state") and not eve.of("state")  # (owed, not yet told)
            gate.gate.set()
            for player in (back, eve):
                await player.wait_for(lambda p=player: bool(p.of("step")))
            log = host.session.game.log
            for player in (back, eve):
                told = _told(player.frames)
                assert len(told) == player.at  # every event once: no draw counted twice
                assert [e["type"] for e in told] == [
                    event_json(e)["type"] for e in log[: len(told)]
                ]
            await back.close()
            await eve.close()

    asyncio.run(go())


def test_nothing_is_offered_before_every_seat_is_taken(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=9, clock=FakeClock()) as running:
            ada = Player(url_of(running), "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: bool(ada.of("state")))
            assert ada.of("state")[0]["view"]["legal"] == []
            await ada.close()

    asyncio.run(go())


def test_who_leaves_is_gone_for_good_and_heard_as_gone(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=10, clock=FakeClock(), limits=FAST) as running:
            url = url_of(running)
            ada, ben = Player(url, "Ada"), Player(url, "Ben")
            await seated(ada, ben, {"seats": ["person", "person"], "target": 300})
            await ben.wait_for(lambda: bool(ben.of("state")))
            await ben.send({"type": "leave"})
            await ada.wait_for(lambda: any(n["kind"] == "left" for n in ada.of("notice")))
            again = Player(url, "Ben")
            await again.open()
            await again.send({"type": "resume", "token": ben.token})
            await again.wait_for(lambda: bool(again.of("error")))
            assert again.of("error")[0]["code"] == "no-seat"
            kinds = [n["kind"] for n in ada.of("notice")]
            assert "back" not in kinds and "stand-in" not in kinds
            # Only the host ends the table; then everyone is told and may have its record.
            await ben.close()
            watcher = Player(url, "Eve", plays=False)
            await watcher.open()
            await watcher.send({"type": "watch", "code": ada.code, "name": "Eve"})
            await watcher.wait_for(lambda: bool(watcher.of("state")))
            await watcher.send({"type": "chat", "text": "hello"})
            await ada.wait_for(lambda: bool(ada.of("chat")))
            assert ada.of("chat")[0]["name"] == "Eve" and ada.of("chat")[0]["seat"] is None
            await ada.send({"type": "leave", "end": True})
            await watcher.wait_for(lambda: any(n["kind"] == "ended" for n in watcher.of("notice")))
            await ada.send({"type": "record"})
            await ada.wait_for(lambda: bool(ada.of("record")))
            for player in (ada, again, watcher):
                await player.close()

    asyncio.run(go())


def test_a_guest_cannot_end_the_table_and_a_name_needs_a_letter(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, seed=11, clock=FakeClock()) as running:
            url = url_of(running)
            ada, ben, bang = Player(url, "Ada"), Player(url, "Ben"), Player(url, "!!!")
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: ada.code is not None)
            await bang.open()
            await bang.send({"type": "join", "code": ada.code, "name": "!!!"})
            await bang.wait_for(lambda: bool(bang.of("error")))
            assert bang.of("error")[0]["code"] == "bad-name"
            await ben.open()
            await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
            await ben.wait_for(lambda: bool(ben.of("state")))
            await ben.send({"type": "leave", "end": True})
            await ben.wait_for(lambda: bool(ben.of("error")))
            assert ben.of("error")[0]["code"] == "not-host"
            for player in (ada, ben, bang):
                await player.close()

    asyncio.run(go())


def test_a_finished_table_no_longer_counts_as_open(tmp_path: Path) -> None:
    async def go() -> None:
        limits = ServerLimits(tables_per_address=1, messages_per_second=1000, message_burst=1000)
        async with server(tmp_path, seed=12, clock=FakeClock(), limits=limits) as running:
            url = url_of(running)
            for number in range(2):  # the second opens while the first is kept for its record
                ada = Player(url, f"Ada{number}")
                await ada.open()
                await ada.send({"type": "create", "name": "Ada", "seats": ["person", "greedy"],
                                "target": 10})  # fmt: skip
                await ada.wait_for(lambda a=ada: a.over or bool(a.of("error")), timeout=30)
                assert not ada.of("error"), ada.of("error")
                await ada.wait_for(lambda: not running.addresses.tables)
                await ada.close()

    asyncio.run(go())


def test_a_server_that_stops_tells_every_table_first(tmp_path: Path) -> None:
    async def go() -> None:
        ada = None
        async with server(tmp_path, seed=13, clock=FakeClock()) as running:
            ada = Player(url_of(running), "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: bool(ada.of("state")))
        await ada.wait_for(lambda: any(n["kind"] == "closing" for n in ada.of("notice")))
        await ada.close()

    asyncio.run(go())


def test_a_page_at_a_table_its_host_ended_is_drawn_as_over(tmp_path: Path) -> None:
    """The host ends the table before the game's end: a page seat hears it and its
    screen is drawn as over (the end and the record), not left at a turn for ever."""

    async def go() -> None:
        async with server(tmp_path, seed=12, clock=FakeClock()) as running:
            url = url_of(running)
            ada, ben = Player(url, "Ada", plays=False), Player(url, "Ben", plays=False, words=True)
            await seated(ada, ben, {"seats": ["person", "person"]})
            await ben.wait_for(lambda: ben.view is not None)
            screens = [f["screen"] for f in ben.of("say") if "screen" in f]
            assert screens and not screens[-1]["over"]
            await ada.send({"type": "leave", "end": True})
            await ben.wait_for(lambda: any(n["kind"] == "ended" for n in ben.of("notice")))
            await ben.wait_for(lambda: ben.of("say")[-1].get("screen", {}).get("over") is True)
            last = ben.of("say")[-1]
            assert last["screen"]["final"] and last["items"], last
            for player in (ada, ben):
                await player.close()

    asyncio.run(go())
