"""Searching bots think in a process pool on the server, and decide there exactly as
they would here: the same action, the same random state after it."""

from __future__ import annotations

import asyncio

from sniff.bots import make_bot
from sniff.engine import Game, Phase, preset
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
