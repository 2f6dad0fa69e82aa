"""The player's ears at the table: each step of the game as it is told, said,
and the table told when it has been heard.

:class:`SeatListener` is the game screen's :class:`~sniff.session.table.SeatFeed`.
It plays nothing: the table (the one game loop) plays the bots and tells
every step here. The player's own actions are said at once; the others'
turns are said as they come, and the table waits until they are heard (see
:mod:`sniff.session.pacing`) before the next is made. A key pressed while
the others play cuts speech off and hurries them: from then on their turns go
to the message history quietly, and what was not heard is said again at the
next quiet moment (:mod:`sniff.ui.game.owed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol

from sniff.announce import Utterance
from sniff.announce.presenter import Told
from sniff.engine import ACTIVE, Action, Observation, Refusal
from sniff.enums import Heard, NewsKind
from sniff.output.router import Said
from sniff.session.link import News, SeatLink
from sniff.session.pacing import Pace
from sniff.session.table import Update
from sniff.ui.game.voice import GameVoice

__all__ = ["QUIET_AFTER_KEYS", "GameHooks", "SeatListener"]

#: Seconds without a key after which the player is listening again.
QUIET_AFTER_KEYS = 1.5

Spawn = Callable[[Coroutine[Any, Any, None]], object]
Later = Callable[[float, Callable[[], None]], object]


class GameHooks(Protocol):
    """How a screen around the game (a lesson's coach) joins in: asked before the
    player's action reaches the table, told after each step."""

    def prompts(self, obs: Observation) -> bool:
        """Whether the game says its own prompts now ("your turn", "Enter for the next
        round"): a coach that says what to do instead keeps the two from speaking
        over each other."""

    def before(self, action: Action) -> bool:
        """The player is about to act: False when the hook answered instead."""

    def refused(self, refusal: Refusal, obs: Observation) -> bool:
        """The table refused the player's action: True when the hook said why."""

    def acted(self, action: Action) -> None:
        """The table took the player's *action* (its words already said)."""

    def others_done(self) -> None:
        """The others have played and the player is to act (or the round is over)."""


class SeatListener:
    """Says each step to the player and tells the table when it was heard."""

    def __init__(
        self,
        link: SeatLink,
        voice: GameVoice,
        *,
        spawn: Spawn,
        call_later: Later | None,
        pace: float,
        on_change: Callable[[], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.link = link
        self.voice = voice
        self.spawn = spawn
        self.call_later = call_later
        self.pace = Pace(pace)
        self.on_change = on_change
        self.clock = clock
        self.hooks: GameHooks | None = None
        self.quiet_after = QUIET_AFTER_KEYS
        # Online: told when the game is over (to ask for the record), and how to keep it.
        self.on_over: Callable[[], None] | None = None
        self.keep_record: Callable[[str], str] | None = None
        self.hurry = False  # keys were pressed while the others played
        self.acting: Action | None = None  # the player's action on its way to the table
        self.own_actions = 0  # the player's actions the table took (kept in a save)
        self._last_key = -1e9
        self._wake: asyncio.Event | None = None
        self._pacing: int | None = None  # the position being paced
        self._quiet_token = 0

    @property
    def pacing(self) -> bool:
        """Whether the table waits for this player to hear a step."""
        return self._pacing is not None

    # -- the table tells -------------------------------------------------------------

    def update(self, update: Update) -> None:
        own = update.actor == self.link.seat and not update.by_bot
        action, self.acting = (self.acting, None) if own else (None, self.acting)
        told = self.voice.presenter.step(update)
        if own:
            self._own(told, action)
        else:
            self._others(update, told)
        self.on_change()

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        self.acting = None
        if self.hooks is None or not self.hooks.refused(refusal, obs):
            self.voice.say(self.voice.presenter.refused(refusal, obs))
        self.on_change()

    def _own(self, told: Told, action: Action | None) -> None:
        voice = self.voice
        self.own_actions += 1
        voice.say(told.events)
        voice.owed.own_move()
        if told.waits:
            self.prompt(told.prompt)
        if action is not None and self.hooks is not None:
            self.hooks.acted(action)

    def _others(self, update: Update, told: Told) -> None:
        voice = self.voice
        said = voice.say(told.events, quiet=self.hurry)
        if told.recap is None:
            voice.owed.add(update.events, said)
        if told.waits:
            # The table waits for the player now: nothing to pace.
            self.hurry = False
            self.link.heard(update.position)
            prompted = self.prompt(told.prompt)
            if told.recap is not None:
                # The prompt names the play again: the step is heard once the prompt is
                # (and said again at the next quiet moment if the prompt is cut off).
                voice.owed.add(update.events, prompted or said)
            if self.hooks is not None:
                self.hooks.others_done()
        elif self.hurry:
            self.link.heard(update.position)
        else:
            self._pacing = update.position
            self.spawn(self._pace(update.position, said))

    def waits_for_player(self, obs: Observation) -> bool:
        """Whether the game waits for this player now (their turn, or between rounds)."""
        return self.voice.presenter.waits(obs)

    def prompt(self, prompt: Sequence[Utterance] | None = None) -> list[Said]:
        """Say what the player is to do now (*prompt*: the presenter's words for the step
        just told; None: asked anew), after anything not heard; how it went out."""
        voice = self.voice
        if self.hooks is not None and not self.hooks.prompts(self.link.view()):
            voice.catch_up()
            return []
        if prompt is None:
            prompt = voice.presenter.prompt(self.link.view())
        return voice.prompt(prompt)

    def news(self, item: News) -> None:
        """Something about the table (online): who came and went, chat, the connection."""
        voice = self.voice
        if item.kind is NewsKind.TABLE:
            voice.refresh_names()
            self.on_change()
            return
        if item.kind is NewsKind.RECORD:
            self.record(item.text)
            return
        said = voice.presenter.news(item)
        if said is not None:
            voice.say(said)
        if item.kind is NewsKind.OVER and self.on_over is not None:
            self.on_over()
        self.on_change()

    def record(self, lines: str) -> None:
        """The game's record came from the server: kept, and where said."""
        if self.keep_record is None:
            return
        try:
            where = self.keep_record(lines)
        except (OSError, ValueError) as error:
            self.voice.say(self.voice.online.record_not_kept(str(error)))
            return
        self.voice.say(self.voice.online.record_kept(where))

    # -- pacing ----------------------------------------------------------------------

    async def _pace(self, position: int, said: Sequence[Said]) -> None:
        """Tell the table once *said* has been heard (and the player's pace has passed),
        or at once when a key hurries the game on."""
        if self._wake is None:
            self._wake = asyncio.Event()
        started = self.clock()
        output = self.voice.output
        text = " ".join(item.utterance.text for item in said)
        while self._pacing == position and not self.hurry and not self.link.closed:
            rest = self.pace.remaining(
                started=started,
                now=self.clock(),
                speaking=_speaking(said, output.busy()),
                estimate=output.estimate(text),
            )
            if rest <= 0:
                break
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), rest)
        if self._pacing == position:
            self._pacing = None
        self.link.heard(position)

    # -- the player's keys -----------------------------------------------------------

    def key_pressed(self) -> None:
        """A key cuts speech off: hurry the others on, and look for a quiet moment."""
        self._last_key = self.clock()
        self.voice.owed.key_pressed()
        obs = self.link.view()
        if obs.phase in ACTIVE and obs.current != self.link.seat:
            self.hurry = True
        if self._pacing is not None:
            self.link.heard(self._pacing)
            self._pacing = None
        if self._wake is not None:
            self._wake.set()
        self._quiet_token += 1
        if self.call_later is not None:
            token = self._quiet_token
            self.call_later(self.quiet_after, lambda: self._quiet(token))

    def _quiet(self, token: int) -> None:
        """The keys stopped: the player listens again; say what they did not hear."""
        if token != self._quiet_token or self.link.closed:
            return
        self.hurry = False
        self.voice.catch_up()
        self.on_change()


def _speaking(said: Sequence[Said], busy: bool | None) -> bool | None:
    """Whether the words of *said* are still being said: from their reports where the
    output gives them, else from whether it is busy at all (None: it cannot tell)."""
    states = {item.heard() for item in said}
    if Heard.PENDING in states:
        return True
    if states and states <= {Heard.END, Heard.CUT}:
        return False
    return busy
