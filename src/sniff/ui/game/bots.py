"""The bots' turns and the hint, run as background tasks of the application.

A bot's turn is said as one announcement (its draws folded into the play or
pass that ends it), and the next bot plays once that has been heard (see
:mod:`sniff.session.pacing`). A key pressed meanwhile cuts the speech off:
from then on the bots' turns go to the message history quietly, and the
player hears a condensed catch-up before the next prompt. The expert thinks in
a worker thread, so keys stay answered while it does.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from sniff.engine import ACTIVE, Draw, Event, Move, Observation
from sniff.output.router import Output
from sniff.session.game import BotTurn, GameSession
from sniff.session.hints import Hint, hint_for
from sniff.session.pacing import Pace
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.voice import GameVoice

__all__ = ["BotRunner", "Hinter"]

Spawn = Callable[[Coroutine[Any, Any, None]], object]
#: Bots whose choice takes long enough to need a worker thread.
THREADED = ("expert", "master")


class BotRunner:
    """Plays the bots' turns of one game, one after another, at the pace."""

    def __init__(
        self,
        session: GameSession,
        voice: GameVoice,
        cursor: HandCursor,
        spawn: Spawn,
        *,
        pace: float,
        on_change: Callable[[], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        self.voice = voice
        self.cursor = cursor
        self.spawn = spawn
        self.pace = Pace(pace)
        self.on_change = on_change
        self.clock = clock
        self.running = False
        self.skipping = False
        self._wake: asyncio.Event | None = None
        # The last bot turn said aloud, and when: cut off by a key, it is caught up.
        self._spoken: Sequence[Event] = ()
        self._spoken_at = 0.0
        self._spoken_text = ""

    @property
    def output(self) -> Output:
        return self.voice.output

    def kick(self) -> None:
        """Start the bots' turns if a bot is to act and they are not running."""
        if not self.running and self.session.bot_to_act():
            self.running = True
            self.skipping = False
            self.spawn(self._run())

    def key_pressed(self) -> None:
        """A key cuts speech off: stop waiting, keep what was not heard for the catch-up."""
        if self._spoken and self._still_speaking():
            self.voice.missed.extend(self._spoken)
        self._spoken = ()
        if self.running:
            self.skipping = True
            if self._wake is not None:
                self._wake.set()

    def _still_speaking(self) -> bool:
        busy = self.output.busy()
        if busy is not None:
            return busy
        return self.clock() - self._spoken_at < self.output.estimate(self._spoken_text)

    async def _run(self) -> None:
        session, voice = self.session, self.voice
        self._wake = asyncio.Event()
        try:
            while session.bot_to_act():
                events = await self._one_turn()
                if events is None:
                    return
                quiet = self.skipping
                voice.events(events, quiet=quiet)
                if not quiet:
                    self._spoken, self._spoken_at = events, self.clock()
                    self._spoken_text = " ".join(u.text for u in voice.output.recent(3))
                self.on_change()
                if session.bot_to_act() and not self.skipping:
                    await self._wait_until_heard()
            if session.closed:
                return
            self.cursor.keep()
            voice.prompt()
            self.on_change()
        finally:
            self.running = False
            self.skipping = False

    async def _one_turn(self) -> list[Event] | None:
        """One bot's turn: its draws and the play or pass that ends them (None: the
        game moved on under it, or is being left)."""
        session = self.session
        seat = session.game.current
        events: list[Event] = []
        while session.bot_to_act() and session.game.current == seat:
            turn = await self._decide()
            if not session.is_current(turn):
                return None
            events += session.apply_bot(turn)
            if not isinstance(turn.action, Draw):
                break
        return events

    async def _decide(self) -> BotTurn:
        session = self.session
        bot = session.bots[session.game.current]
        if bot.level in THREADED:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, session.decide)
        return session.decide()

    async def _wait_until_heard(self) -> None:
        """Wait for the pace and for the words to be heard (any key ends the wait)."""
        assert self._wake is not None
        started = self.clock()
        text = self._spoken_text
        while not self.skipping:
            rest = self.pace.remaining(
                started=started,
                now=self.clock(),
                speaking=self.output.busy(),
                estimate=self.output.estimate(text),
            )
            if rest <= 0:
                return
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), rest)


class Hinter:
    """F2: works the hint out in a worker thread and says it if still current."""

    def __init__(
        self,
        session: GameSession,
        voice: GameVoice,
        cursor: HandCursor,
        spawn: Spawn,
        *,
        playouts: int | None,
        limit: Callable[[], int | None],
    ) -> None:
        self.session = session
        self.voice = voice
        self.cursor = cursor
        self.spawn = spawn
        self.playouts = playouts
        self.limit = limit
        self.used = 0
        self.busy = False

    def request(self) -> None:
        session, voice = self.session, self.voice
        if not session.my_turn() or session.game.phase not in ACTIVE:
            voice.refuse(voice.texts.hint_not_now())
            return
        limit = self.limit()
        if limit is not None and self.used >= limit:
            voice.refuse(voice.texts.hints_used_up(limit))
            return
        if self.busy:
            return
        self.busy = True
        self.spawn(self._work(voice.obs(), len(session.game.log)))

    async def _work(self, obs: Observation, position: int) -> None:
        session = self.session
        try:
            loop = asyncio.get_running_loop()
            seed = position * 7919 + self.used
            hint: Hint = await loop.run_in_executor(
                None, lambda: hint_for(obs, seed=seed, playouts=self.playouts)
            )
            game = session.game
            if session.closed or len(game.log) != position or game.phase is not obs.phase:
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
