"""Where the server's bots think: searching bots in a pool of processes.

A ``master`` decision takes up to a quarter of a second of one core. In the
event loop it would stall every other table for that long, and in a thread it
would hold the interpreter's lock; so the expert and master levels decide in
a process pool, sent the seat's observation and the bot's random state, and
answering with the action and the state after it. The quick levels decide at
once. The pool starts with the first decision that needs it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sniff.bots import make_bot
from sniff.engine import Action, Observation, observe
from sniff.session.game import BotTurn, GameSession

__all__ = ["PoolThinker"]

#: Levels that think long enough to need a process of their own.
SEARCHING = ("expert", "master")


def _decide(level: str, playouts: int | None, state: Any, obs: Observation) -> tuple[Action, Any]:
    """In a worker process: the bot of *level*, with its random state *state*, decides."""
    bot = make_bot(level, seed=0, playouts=playouts)
    rng = getattr(bot, "rng", None)
    assert isinstance(rng, random.Random)
    rng.setstate(state)
    action = bot.choose(obs)
    return action, rng.getstate()


class PoolThinker:
    """Decides searching bots in a process pool of *workers* (default: one per core)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self._pool: ProcessPoolExecutor | None = None

    async def decide(self, session: GameSession) -> BotTurn:
        seat = session.game.current
        bot = session.bots[seat]
        level = str(getattr(bot, "level", ""))
        if level not in SEARCHING:
            return session.decide()
        rng = getattr(bot, "rng", None)
        assert isinstance(rng, random.Random)
        obs = observe(session.game, seat)
        position = len(session.game.log)
        playouts = getattr(bot, "playouts", None)
        loop = asyncio.get_running_loop()
        action, state = await loop.run_in_executor(
            self._workers(), _decide, level, playouts, rng.getstate(), obs
        )
        rng.setstate(state)
        return BotTurn(seat, action, state, position)

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
