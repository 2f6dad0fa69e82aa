"""The computer players' turns and the hint, run as background tasks.

The expert thinks in a worker thread (``run_in_executor``), so keys stay
answered while it does. Each bot's turn takes the chosen pace; any key skips
the waiting: then the plays go to the history quietly and only the last batch
(usually "your turn") is spoken, so nothing piles up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine
from typing import Any

from sniff.announce import Utterance
from sniff.bots import make_bot
from sniff.engine import (
    Action,
    CallMuggins,
    Claim,
    Draw,
    End,
    Move,
    Observation,
    Pass,
    Phase,
    best_reply,
    observe,
    what_if,
)
from sniff.ui.controller import HUMAN, GameController

__all__ = ["BotRunner", "explain_hint", "hint_action"]

Spawn = Callable[[Coroutine[Any, Any, None]], object]
#: Bots whose choice takes long enough to need a worker thread.
_THREADED = ("expert",)


class BotRunner:
    """Plays the bots' turns of one game, one after another, at the pace."""

    def __init__(self, ctl: GameController, spawn: Spawn, pace: float) -> None:
        self.ctl = ctl
        self.spawn = spawn
        self.pace = pace
        self.running = False
        self._skip = False
        self._wake: asyncio.Event | None = None

    def kick(self) -> None:
        """Start the bots' turns if a bot is to act and they are not running."""
        if not self.running and self.ctl.bot_to_act():
            self.running = True
            self._skip = False
            self.spawn(self._run())

    def skip(self) -> None:
        """A key was pressed: stop waiting, speak only the last of the bots' turns."""
        if self.running:
            self._skip = True
            if self._wake is not None:
                self._wake.set()

    async def _run(self) -> None:
        ctl = self.ctl
        loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        try:
            while ctl.bot_to_act():
                seat = ctl.game.current
                bot = ctl.bots[seat]
                obs = observe(ctl.game, seat)
                started = time.monotonic()
                if bot.level in _THREADED:
                    action: Action = await loop.run_in_executor(None, bot.choose, obs)
                else:
                    action = bot.choose(obs)
                if ctl.closed or ctl.game.current != seat or ctl.game.phase is not obs.phase:
                    return
                chosen_state = _state(bot)
                rest = self.pace - (time.monotonic() - started)
                if rest > 0 and not self._skip:
                    self._wake.clear()
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(self._wake.wait(), rest)
                if not ctl.bot_to_act():  # the program is closing
                    return
                # The generator's new state and the action are saved together, or neither.
                ctl.bot_states[seat] = chosen_state
                said = ctl.apply_bot(action)
                # Skipping: the plays go to the history; the last batch is spoken.
                ctl.say(said, quiet=self._skip and ctl.bot_to_act())
            ctl.after_bots()
        finally:
            self.running = False
            self._skip = False


def _state(bot: object) -> Any:
    rng = getattr(bot, "rng", None)
    return None if rng is None else rng.getstate()


# -- hints ------------------------------------------------------------------------------------


def hint_action(obs: Observation, *, playouts: int | None, seed: int) -> Action:
    """The expert's choice for the player, from the player's observation only.

    A fresh expert with its own seed: asking for a hint never changes the
    bots' generators, so a game with hints plays on exactly as one without.
    """
    return make_bot("expert", seed=seed, playouts=playouts).choose(obs)


def explain_hint(ctl: GameController, obs: Observation, action: Action) -> Utterance:
    """The hint in words: the play, what it scores, and what it leaves the next player."""
    texts = ctl.texts
    if isinstance(action, Draw):
        return texts.hint_draw()
    if isinstance(action, Pass):
        return texts.hint_pass()
    if isinstance(action, Claim):
        return texts.hint_claim(action.points)
    if isinstance(action, CallMuggins):
        return texts.hint_muggins(action.call)
    assert isinstance(action, Move)
    rules = obs.rules
    after = obs.layout.place(action.tile, action.end, endwise=action.endwise)
    points = what_if(obs.layout, action, rules).points
    # Under the muggins rule the points are the player's to count and claim.
    score = "" if rules.muggins else ctl.announcer.points_phrase(points, HUMAN)
    reply: int | None = None
    if action.end is not End.LEAD or after.open_ends():
        # The next opponent's best answer with any tile the player has not seen.
        reply = best_reply(after, obs.unseen_tiles(), rules) if obs.unseen_tiles() else 0
    return texts.hint_move(action.tile, action.end, after.count, score, reply, action.endwise)


class Hinter:
    """F2: works the hint out in a worker thread and says it if still current."""

    def __init__(self, ctl: GameController, spawn: Spawn, playouts: int | None) -> None:
        self.ctl = ctl
        self.spawn = spawn
        self.playouts = playouts
        self.busy = False

    def request(self) -> None:
        ctl = self.ctl
        if not ctl.my_turn() or ctl.game.phase not in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
            ctl.refuse(ctl.texts.hint_not_now())
            return
        limit = ctl.ctx.settings.hint_limit
        if limit is not None and ctl.hints_used >= limit:
            ctl.refuse(ctl.texts.hints_used_up(limit))
            return
        if self.busy:
            return
        self.busy = True
        self.spawn(self._work(ctl.obs(), len(ctl.game.log)))

    async def _work(self, obs: Observation, position: int) -> None:
        ctl = self.ctl
        try:
            loop = asyncio.get_running_loop()
            seed = position * 7919 + ctl.hints_used
            action = await loop.run_in_executor(
                None, lambda: hint_action(obs, playouts=self.playouts, seed=seed)
            )
            if ctl.closed or len(ctl.game.log) != position or ctl.game.phase is not obs.phase:
                return
            ctl.hints_used += 1
            if isinstance(action, Move):
                # The hint also selects its tile and end: Enter then plays it.
                ctl.selected = action.tile
                moves = ctl.choices()
                ctl.end_index = moves.index(action) if action in moves else 0
            ctl.say(explain_hint(ctl, obs, action))
        finally:
            self.busy = False
