"""The one game loop: a table of seats around one :class:`GameSession`.

A :class:`Table` is where a game is played, whoever plays it: the keyboard
game, ``sniff simulate``, the lessons, the benchmarks and the server all
drive a table, and nothing else plays bots or deals rounds.

People act through :meth:`Table.act`; the engine alone decides whether an
action is allowed (turn order, an action decided on an old position, the
rules), and a refused action changes nothing and is told to that seat only.
Between people's actions, :meth:`Table.run` plays every step that needs no
person: the bots' turns (a turn is the draws and the play or pass that ends
them, told as one update) and, where the table deals by itself, the next
round. It stops when a person is to act or the game is over.

Every seat that listens gets an :class:`Update` after each step: the events
as that seat may see them and its own :class:`~sniff.engine.Observation`,
never more. A listening seat that *paces* the table tells it when it has
heard an update (:meth:`Table.heard`); the next bot turn waits for every
pacing seat (at most :data:`LONGEST_WAIT` seconds), so a player hears each
play before the next is made, and a key that cuts speech off hurries the
bots along.

The loop's waiting is handed to a :class:`Thinker` (where a bot decides:
at once, in a thread, in a process pool) and to the pacing seats. With the
default thinker and no pacing seat nothing ever waits, and
:meth:`Table.play_now` runs the same loop to its end without an event loop
(simulations, the lessons' set-up, the benchmarks).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from sniff.engine import (
    Action,
    Draw,
    Event,
    Game,
    Observation,
    Phase,
    Refusal,
    observe,
    public_event,
    round_seen,
    seen_alike,
)
from sniff.enums import BotLevel
from sniff.session.game import BotTurn, GameSession

__all__ = [
    "LONGEST_WAIT",
    "InlineThinker",
    "SeatFeed",
    "Table",
    "Thinker",
    "ThreadThinker",
    "Update",
    "play_now",
    "public_view",
]

#: The longest a bot waits for the pacing seats to hear the last play.
LONGEST_WAIT = 20.0

T = TypeVar("T")


@dataclass(frozen=True)
class Update:
    """What one seat is told after a step of the game.

    *events* are as the seat may see them (others' draws without their tile,
    deals with its own hand only); *obs* is its view after them; *actor* is
    the seat that acted (None: the table dealt); *by_bot* is True when a bot
    made the action (also a bot playing for an absent person); *position* is
    the number of events in the game's log after the step. *missed*: the events are
    what a seat that was away missed (told as one catch-up; its own actions among
    them were a bot's, playing for it).
    """

    events: tuple[Event, ...]
    obs: Observation
    actor: int | None
    by_bot: bool
    position: int
    missed: bool = False


def public_view(game: Game) -> Observation:
    """What anyone at the table may know, a spectator's view: seat -1, no hand, no
    legal action, no tile the rules require of a hand, others' draws hidden."""
    return replace(observe(game, -1), hand=())


class SeatFeed(Protocol):
    """Whoever listens at a seat: the game screen, a network connection."""

    def update(self, update: Update) -> None:
        """A step of the game, as this seat may see it."""

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        """This seat's action was refused: nothing changed."""


class Thinker(Protocol):
    """Where a bot makes up its mind."""

    async def decide(self, session: GameSession) -> BotTurn:
        """The decision of the bot to act in *session* (nothing applied yet)."""


class InlineThinker:
    """Decides at once, in the caller's thread: the loop never waits for a bot."""

    async def decide(self, session: GameSession) -> BotTurn:
        return session.decide()


class ThreadThinker:
    """Searching bots think in a worker thread, so keys are answered meanwhile;
    quick ones decide at once."""

    #: The levels whose choice takes long enough to need a worker thread.
    THREADED = (BotLevel.EXPERT, BotLevel.MASTER)

    async def decide(self, session: GameSession) -> BotTurn:
        bot = session.bots[session.game.current]
        if getattr(bot, "level", None) in self.THREADED:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, session.decide)
        return session.decide()


@dataclass
class _Listener:
    feed: SeatFeed
    paces: bool
    heard: int  # the position this seat has heard up to


class Table:
    """One game's seats and its one loop (see the module docstring).

    *auto_deal*: the table deals the next round by itself (a game of bots
    only); otherwise a person asks for it (:meth:`next_round`).
    """

    def __init__(
        self,
        session: GameSession,
        *,
        thinker: Thinker | None = None,
        auto_deal: bool | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.session = session
        self.thinker: Thinker = thinker or InlineThinker()
        self.auto_deal = not session.people() if auto_deal is None else auto_deal
        self.clock = clock
        self.max_rounds: int | None = None
        self.longest_wait = LONGEST_WAIT
        self.running = False
        #: The position after the last step told: a bot's draws may lie beyond it while
        #: it thinks, told only with the play or pass that ends its turn.
        self.told = self.position
        self._listeners: dict[int, list[_Listener]] = {}
        self._heard_changed: asyncio.Event | None = None
        self._published_at = 0.0
        #: Each listening seat's history of the round as it sees it, and the position it
        #: was built up to: extended by each step's events instead of built anew for
        #: every seat at every step (:meth:`observe_seat`).
        self._seen: dict[int, tuple[Game, int, int, tuple[Event, ...]]] = {}
        # Hooks for a benchmark or a test: told of every bot decision and its time.
        self.on_decision: Callable[[BotTurn, float], None] | None = None
        # Told after every step has been told to every seat (a server saves, times turns).
        self.after_step: list[Callable[[], None]] = []

    # -- reading ---------------------------------------------------------------------

    @property
    def position(self) -> int:
        """How many events the game's log holds: where the game stands."""
        return len(self.session.game.log)

    @property
    def closed(self) -> bool:
        return self.session.closed

    def observe(self, seat: int | None) -> Observation:
        """*seat*'s view (None: a spectator's, :func:`public_view`)."""
        if seat is None:
            return public_view(self.session.game)
        return observe(self.session.game, seat)

    def observe_seat(self, seat: int) -> Observation:
        """*seat*'s view, as :func:`~sniff.engine.observe` builds it, with its round's
        history kept from the step before (the log only grows; a deal starts a round)."""
        game = self.session.game
        start, end = game.round_start, len(game.log)
        kept = self._seen.get(seat)
        if kept is not None and kept[0] is game and kept[1] == start and kept[2] <= end:
            history = kept[3] + round_seen(game, seat, kept[2]) if kept[2] < end else kept[3]
        else:
            history = round_seen(game, seat)
        self._seen[seat] = (game, start, end, history)
        return observe(game, seat, history=history)

    def needs_no_person(self) -> bool:
        """Whether the next step is the table's own (a bot to act, a round to deal)."""
        session, game = self.session, self.session.game
        if session.closed:
            return False
        if game.phase is Phase.ROUND_OVER:
            return self.auto_deal and (self.max_rounds is None or game.round_no < self.max_rounds)
        return session.bot_to_act()

    # -- listening -------------------------------------------------------------------

    def listen(self, seat: int, feed: SeatFeed, *, paces: bool = False) -> None:
        """Tell *feed* every step as *seat* sees it; a *pacing* feed is waited for
        (see :meth:`heard`)."""
        self._listeners.setdefault(seat, []).append(_Listener(feed, paces, self.position))

    def leave(self, feed: SeatFeed) -> None:
        """*feed* listens no more (a closed screen, a dropped connection)."""
        for seat, listeners in list(self._listeners.items()):
            self._listeners[seat] = [item for item in listeners if item.feed is not feed]
        self._wake()

    def pace(self, feed: SeatFeed, paces: bool) -> None:
        """Whether *feed* is waited for from now on (a player who dropped is told every
        step still, but the bots no longer wait for them); either way it counts as
        having heard the game as it stands."""
        for listeners in self._listeners.values():
            for item in listeners:
                if item.feed is feed:
                    item.paces = paces
                    item.heard = max(item.heard, self.position)
        self._wake()

    def heard(self, feed: SeatFeed, position: int) -> None:
        """*feed* has heard the game up to *position* (or its player hurried it on)."""
        for listeners in self._listeners.values():
            for item in listeners:
                if item.feed is feed:
                    item.heard = max(item.heard, min(position, self.position))
        self._wake()

    def all_heard(self, feeds: Iterable[SeatFeed]) -> None:
        """Each of *feeds* has heard the game as it stands (a table that waits for
        nobody, after each step): :meth:`heard` for them all in one pass."""
        chosen, position = set(feeds), self.position
        for listeners in self._listeners.values():
            for item in listeners:
                if item.feed in chosen:
                    item.heard = max(item.heard, position)
        self._wake()

    def _wake(self) -> None:
        if self._heard_changed is not None:
            self._heard_changed.set()

    def _publish(self, events: Sequence[Event], actor: int | None, by_bot: bool) -> None:
        position = self.told = self.position
        self._published_at = self.clock()
        alike = tuple(events) if seen_alike(events) else None  # (most steps: one for all)
        for seat, listeners in list(self._listeners.items()):
            if not listeners:
                continue
            if alike is not None:
                seen = alike
            else:
                seen = tuple(e for e in (public_event(event, seat) for event in events) if e)
            update = Update(seen, self.observe_seat(seat), actor, by_bot, position)
            for item in list(listeners):
                item.feed.update(update)
        for hook in list(self.after_step):
            hook()

    # -- people act ------------------------------------------------------------------

    def act(self, seat: int, action: Action, *, decided_at: int | None = None) -> bool:
        """*seat*'s action: applied and told to every seat, or refused and told to
        *seat* alone. *decided_at*: the position the action was decided at (an
        action decided on an old position is refused). True if applied."""
        session = self.session
        refusal = session.refusal_for(seat, action, decided_at=decided_at)
        if refusal is not None:
            obs = observe(session.game, seat)
            for item in self._listeners.get(seat, []):
                item.feed.refused(refusal, obs)
            return False
        events = session.act(seat, action)
        self._heard_by_actor(seat)
        self._publish(events, seat, by_bot=False)
        return True

    def _heard_by_actor(self, seat: int) -> None:
        """A person's own action is heard by them at once: the bots answer it
        without waiting for its words to end."""
        for item in self._listeners.get(seat, []):
            item.heard = self.position

    def next_round(self) -> bool:
        """Deal the next round (a person asked, after the round's end). False when
        the round is not over."""
        if self.session.closed or self.session.game.phase is not Phase.ROUND_OVER:
            return False
        events = self.session.next_round()
        self._publish(events, None, by_bot=False)
        return True

    # -- the loop --------------------------------------------------------------------

    async def run(self) -> None:
        """Play every step that needs no person, until a person is to act, the game
        is over, or the table is closed."""
        if self.running:
            return
        self.running = True
        try:
            while self.needs_no_person():
                if self.session.game.phase is Phase.ROUND_OVER:
                    await self._until_heard()
                    if self.needs_no_person():  # (closed meanwhile?)
                        self.next_round()
                    continue
                turn = await self._bot_turn()
                if turn is None:
                    continue  # the game moved on under it: look again
                events, seat = turn
                self._publish(events, seat, by_bot=True)
        finally:
            self.running = False

    def play_now(self) -> None:
        """:meth:`run` to its end at once, without an event loop (no pacing seat,
        a thinker that never waits)."""
        play_now(self.run())

    def kick(self, spawn: Callable[[Coroutine[Any, Any, None]], object]) -> None:
        """Start the loop with *spawn* (a task of the caller's event loop) if there
        is a step to play and it is not running."""
        if not self.running and self.needs_no_person():
            spawn(self.run())

    async def _bot_turn(self) -> tuple[list[Event], int] | None:
        """One bot's turn: its draws and the play or pass that ends them (None: the
        game moved on while it thought)."""
        session = self.session
        seat = session.game.current
        events: list[Event] = []
        first = True
        while session.bot_to_act() and session.game.current == seat:
            started = time.perf_counter()
            turn = await self.thinker.decide(session)
            if self.on_decision is not None:
                self.on_decision(turn, time.perf_counter() - started)
            if first:
                # Think while the last play is heard; act once it has been.
                await self._until_heard()
                first = False
            if not session.is_current(turn):
                return (events, seat) if events else None
            events += session.apply_bot(turn)
            if not isinstance(turn.action, Draw):
                break
        return events, seat

    async def _until_heard(self) -> None:
        """Wait until every pacing seat has heard the game as it stands (at most
        :attr:`longest_wait` seconds after it was told)."""
        while not self.session.closed:
            waiting = [
                item
                for listeners in self._listeners.values()
                for item in listeners
                if item.paces and item.heard < self.position
            ]
            rest = self.longest_wait - (self.clock() - self._published_at)
            if not waiting or rest <= 0:
                return
            if self._heard_changed is None:
                self._heard_changed = asyncio.Event()
            self._heard_changed.clear()
            try:
                await asyncio.wait_for(self._heard_changed.wait(), rest)
            except asyncio.TimeoutError:
                return

    def close(self) -> None:
        """No more steps: the game is being left."""
        self.session.close()
        self._wake()


def play_now(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run *coroutine* to its end here and now, without an event loop.

    For the game loop with nothing to wait for (bots that decide at once, no
    pacing seat): it never suspends, so it ends on the first step. Raises
    RuntimeError if it tries to wait after all.

    >>> async def two() -> int:
    ...     return 2
    >>> play_now(two())
    2
    """
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coroutine.close()
    raise RuntimeError("the game loop had to wait, but it was run without an event loop")
