"""Searching bots think in a process pool on the server, and decide there exactly as
they would here: the same action, the same random state after it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from sniff.bots import make_bot
from sniff.engine import Game, Phase, preset
from sniff.server.app import BOT_TIME, ServerOptions, SniffServer
from sniff.server.thinking import PoolThinker
from sniff.session.game import GameSession
from sniff.storage import SaveState
from sniff.storage.records import PlayerInfo


def _session(seed: int) -> GameSession:
    game = Game(preset("sniff"), 2, seed=seed)
    players = (PlayerInfo("A", "bot", "expert"), PlayerInfo("B", "bot", "expert"))
    bots = {seat: make_bot("expert", seed=seed * 16 + seat, playouts=24) for seat in (0, 1)}
    return GameSession(SaveState(game, players, seed=seed), bots, human=None)


def test_a_bot_in_the_pool_decides_as_it_does_here() -> None:
    async def go() -> None:
        thinker = PoolThinker(workers=1)
        here, there = _session(7), _session(7)
        try:
            for _ in range(6):
                if here.game.phase is not Phase.PLAY:
                    break
                mine = here.decide()
                theirs = await thinker.decide(there)
                assert (theirs.action, theirs.rng_state) == (mine.action, mine.rng_state)
                here.apply_bot(mine)
                there.apply_bot(theirs)
        finally:
            thinker.close()

    asyncio.run(go())


def test_the_server_gives_its_searching_bots_a_time_limit_but_a_seeded_one_none(
    tmp_path: Path,
) -> None:
    limits = [
        (ServerOptions(data=tmp_path / "a"), BOT_TIME),
        (ServerOptions(data=tmp_path / "b", bot_time=1.5), 1.5),
        (ServerOptions(data=tmp_path / "c", bot_time=0), None),  # 0: the whole budget
        (ServerOptions(data=tmp_path / "d", seed=3), None),  # its games must play again
    ]
    for options, limit in limits:
        server = SniffServer(options, thinker=None)
        assert server.pool is not None and server.pool.time_limit == limit


def test_a_master_cut_short_by_the_limit_still_plays_a_legal_action() -> None:
    async def go() -> None:
        thinker = PoolThinker(workers=1, time_limit=0.001)
        game = Game(preset("sniff"), 2, seed=5)
        players = (PlayerInfo("A", "bot", "master"), PlayerInfo("B", "bot", "master"))
        bots = {seat: make_bot("master", seed=80 + seat) for seat in (0, 1)}
        session = GameSession(SaveState(game, players, seed=5), bots, human=None)
        try:
            for _ in range(4):
                if session.game.phase is not Phase.PLAY:
                    break
                turn = await thinker.decide(session)
                assert session.game.refusal(turn.action) is None
                session.apply_bot(turn)
        finally:
            thinker.close()

    asyncio.run(go())
