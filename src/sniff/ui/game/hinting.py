"""F2, the hint: worked out in a worker thread from the player's view alone, and
said if the game has not moved on meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from sniff.engine import Move, Observation
from sniff.session.hints import Hint, hint_for
from sniff.session.link import SeatLink
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.voice import GameVoice

__all__ = ["Hinter"]

Spawn = Callable[[Coroutine[Any, Any, None]], object]


class Hinter:
    """F2: the hint for the player's view, from the same search the bots use."""

    def __init__(
        self,
        link: SeatLink,
        voice: GameVoice,
        cursor: HandCursor,
        spawn: Spawn,
        *,
        playouts: int | None,
        limit: Callable[[], int | None],
    ) -> None:
        self.link = link
        self.voice = voice
        self.cursor = cursor
        self.spawn = spawn
        self.playouts = playouts
        self.limit = limit
        self.used = 0
        self.busy = False

    def request(self) -> None:
        voice = self.voice
        obs = self.link.view()
        if not obs.my_turn:
            voice.refuse(voice.texts.hint_not_now())
            return
        limit = self.limit()
        if limit is not None and self.used >= limit:
            voice.refuse(voice.texts.hints_used_up(limit))
            return
        if self.busy:
            return
        self.busy = True
        self.spawn(self._work(obs, self.link.position))

    async def _work(self, obs: Observation, position: int) -> None:
        try:
            loop = asyncio.get_running_loop()
            seed = position * 7919 + self.used
            hint: Hint = await loop.run_in_executor(
                None, lambda: hint_for(obs, seed=seed, playouts=self.playouts)
            )
            if self.link.closed or self.link.position != position:
                return
            self.used += 1
            action = hint.action
            if isinstance(action, Move):
                # The hint also selects its tile and end: Enter then plays it.
                self.cursor.selected = action.tile
                moves = self.cursor.choices()
                self.cursor.end_index = moves.index(action) if action in moves else 0
            self.voice.say(self.voice.hints.hint(hint, muggins=obs.rules.muggins))
        finally:
            self.busy = False
