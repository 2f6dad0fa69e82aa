"""Where the server's bots think: searching bots in a pool of processes.

A ``master`` decision takes up to a quarter of a second of one core. In the
event loop it would stall every other table for that long, and in a thread it
would hold the interpreter's lock; so the expert and master levels decide in
a process pool, sent the seat's observation and the bot's random state, and
answering with the action and the state after it. The quick levels decide at
once. The pool starts with the first decision that needs it.

At home a bot thinks while its play before is still being spoken, and its
whole budget is hidden in that time. A server holds many tables on few cores:
a ``master`` that searched its whole budget on every turn of twenty tables
would keep people waiting, so the server gives each decision a time limit
(``sniff serve --bot-time``, 0.2 s by default), counted from when the table
asks: a decision that waited for a free worker searches only what is left of
it (at least :data:`LEAST_THINK`). The search stops with the deal it is
playing out when the time is up. Few decisions need that long (the master's
median is under 50 ms): the limit cuts the longest ones, early in a round
with many tiles that fit, and, when the server is busy, the searches of the
decisions that had to wait. (The deadline is a ``time.monotonic()`` reading,
which every process of the machine shares on Linux, Windows and macOS.)
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from sniff.bots import make_bot
from sniff.engine import Action, Observation, observe
from sniff.session.game import BotTurn, GameSession

__all__ = ["PoolThinker"]

#: Levels that think long enough to need a process of their own.
SEARCHING = ("expert", "master")
#: Seconds a searching bot thinks at least, however long its decision waited.
LEAST_THINK = 0.02


def _decide(
    level: str, playouts: int | None, deadline: float | None, state: Any, obs: Observation
) -> tuple[Action, Any]:
    """In a worker process: the bot of *level*, with its random state *state*, decides,
    by the ``time.monotonic()`` *deadline* if there is one."""
    limit = None if deadline is None else max(LEAST_THINK, deadline - time.monotonic())
    bot = make_bot(level, seed=0, playouts=playouts, time_limit=limit)
    rng = getattr(bot, "rng", None)
    assert isinstance(rng, random.Random)
    rng.setstate(state)
    action = bot.choose(obs)
    return action, rng.getstate()


class PoolThinker:
    """Decides searching bots in a process pool of *workers* (default: one per core),
    each decided within about *time_limit* seconds of being asked for (None: the bot's
    whole budget, as at home; its choices then never depend on the machine's speed)."""

    def __init__(self, workers: int | None = None, *, time_limit: float | None = None) -> None:
        self.workers = workers or max(1, os.cpu_count() or 1)
        self.time_limit = time_limit
        self._pool: ProcessPoolExecutor | None = None

    async def decide(self, session: GameSession) -> BotTurn:
        asked = time.monotonic()
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
        deadline = None if self.time_limit is None else asked + self.time_limit
        loop = asyncio.get_running_loop()
        action, state = await loop.run_in_executor(
            self._workers(), _decide, level, playouts, deadline, rng.getstate(), obs
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
