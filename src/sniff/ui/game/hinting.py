"""F2, the hint: worked out in a worker thread from the player's view alone, and
said if the game has not moved on meanwhile. Whether a hint may be had now, its
seed and its words are the seat's presenter's (the page's hint is the same)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from sniff.engine import Observation
from sniff.session.hints import Hint, hint_for
from sniff.session.link import SeatLink
from sniff.ui.game.voice import GameVoice

__all__ = ["Hinter"]

Spawn = Callable[[Coroutine[Any, Any, None]], object]


class Hinter:
    """F2: the hint for the player's view, from the same search the bots use."""

    def __init__(
        self,
        link: SeatLink,
        voice: GameVoice,
        spawn: Spawn,
        *,
        playouts: int | None,
        limit: Callable[[], int | None],
    ) -> None:
        self.link = link
        self.voice = voice
        self.spawn = spawn
        self.playouts = playouts
        self.limit = limit

    @property
    def used(self) -> int:
        return self.voice.presenter.hints_used

    @used.setter
    def used(self, count: int) -> None:
        self.voice.presenter.hints_used = count

    @property
    def busy(self) -> bool:
        """Whether a hint is being worked out."""
        return self.voice.presenter.hinting

    def allow(self) -> None:
        """The limit as the settings say now (the menu may change it)."""
        self.voice.presenter.hint_limit = self.limit()

    def start(self) -> None:
        """The search, allowed by the presenter, in a worker thread."""
        self.spawn(self._work(self.link.view(), self.link.position))

    async def _work(self, obs: Observation, position: int) -> None:
        presenter = self.voice.presenter
        try:
            loop = asyncio.get_running_loop()
            seed = presenter.hint_seed(position)
            hint: Hint = await loop.run_in_executor(
                None, lambda: hint_for(obs, seed=seed, playouts=self.playouts)
            )
            if self.link.closed or self.link.position != position:
                return
            self.voice.say(presenter.hinted(hint, obs))
        finally:
            presenter.hinting = False
