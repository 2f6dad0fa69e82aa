"""One hosted table: its connections, each seat's frames, and the save-then-send order.

A :class:`HostedTable` is the server's side of a shared table. What the table
does about its people (who sits, presence, stand-ins, the turn timer, the
next round: :class:`~sniff.session.policy.TablePolicy`) is decided in
``session/``; this module is its :class:`~sniff.session.policy.Outlet`: it
keeps which connection holds which seat and who watches, turns what the
policy tells into each seat's typed frames (:mod:`sniff.net.frames`) and a
browser's words (:class:`~sniff.server.seats.WordsMaker`), and sends them.

Every frame a seat gets is built from that seat's :class:`~sniff.session.table.Update`
(the events it may see and its own view) or from public news: nothing else.
A step's frames go out only after its lines are in the table's journal (and its
snapshot, when one is due: :mod:`sniff.server.store`) (:meth:`HostedTable.flush`),
so no action the server confirmed is lost; only a save the disk refuses (full)
lets them go out unsaved, said in the log, rather than leave the players in silence.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any

from sniff.engine import Action, Event, Observation, Phase, Refusal, public_event
from sniff.net.frames import (
    ChatFrame,
    ErrorFrame,
    NoticeFrame,
    PlayerEntry,
    RefusedFrame,
    ServerFrame,
    StateFrame,
    StepFrame,
    TableFrame,
)
from sniff.net.wire import CLOSE_TAKEN_OVER, ErrorCode
from sniff.server.codes import shown_code, token_hash
from sniff.server.seats import Channel, Store, WordsMaker
from sniff.session.clock import Clock
from sniff.session.game import GameSession
from sniff.session.link import News
from sniff.session.policy import GRACE, SeatState, TablePolicy
from sniff.session.table import Table, Thinker, Update

__all__ = ["HostedTable"]

_log = logging.getLogger(__name__)


class HostedTable:
    """A table hosted by the server (see the module docstring)."""

    def __init__(
        self,
        code: str,
        session: GameSession,
        seats: list[SeatState],
        *,
        timer: int,
        clock: Clock,
        thinker: Thinker,
        store: Store,
        on_end: Callable[[HostedTable], None],
        on_start: Callable[[HostedTable], None] | None = None,
        on_vacant: Callable[[HostedTable], None] | None = None,
        grace: float = GRACE,
        started: bool = False,
        owner: str = "",
        words: WordsMaker | None = None,
    ) -> None:
        self.code = code
        self.session = session
        self.clock = clock
        self.owner = owner  # the address that opened it (its budget of tables)
        self.store = store
        self.words = words  # the words of its browsers (words clients)
        self.channels: dict[int, Channel] = {}
        self.spectators: list[Channel] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self._on_end = on_end
        self._on_start = on_start
        self._on_vacant = on_vacant  # the last connection left
        self._dirty = False  # the table changed since the last save
        self._save_failed = False  # the last save failed (said once in the log)
        self._outbox: list[tuple[Channel, ServerFrame]] = []
        self._owed_watch: list[Channel] = []  # spectators owed the game so far
        self._flushing: asyncio.Task[None] | None = None
        self._flush_lock = asyncio.Lock()
        self.policy = TablePolicy(
            session, seats, self, clock=clock, spawn=self.spawn, thinker=thinker,
            timer=timer, grace=grace, started=started,
        )  # fmt: skip

    # -- what the policy keeps -----------------------------------------------------------

    @property
    def seats(self) -> list[SeatState]:
        return self.policy.seats

    @property
    def table(self) -> Table:
        return self.policy.table

    @property
    def started(self) -> bool:
        return self.policy.started

    @property
    def ended(self) -> bool:
        return self.policy.ended

    @property
    def owes_the_end(self) -> bool:
        """Whether a person at the table (but one who left it for good) has not been
        told its finished game to the end: one whose connection dropped before it
        (nobody is owed the end of a game the table ended before: idle, or by its
        host)."""
        game = self.session.game
        if game.phase is not Phase.GAME_OVER:
            return False
        end = len(game.log)
        return any(
            not seat.left and (seat.told is None or seat.told < end)
            for seat in self.seats
            if seat.person and seat.taken
        )

    @property
    def timer(self) -> int:
        return self.policy.timer

    @property
    def settled(self) -> bool:
        """Whether nothing is under way: no step being played, no frame waiting to go
        out (a test, or a server that stops, waits for it)."""
        flushing = self._flushing
        return not self.table.running and not self._outbox and (flushing is None or flushing.done())

    def free_seat(self) -> SeatState | None:
        return self.policy.free_seat()

    def seat_of(self, token: str) -> SeatState | None:
        hashed = token_hash(token)
        return next((s for s in self.seats if s.key == hashed), None)

    def seat_index(self, channel: Channel) -> int | None:
        """The seat *channel* holds (None: a spectator, or none)."""
        return next((i for i, held in self.channels.items() if held is channel), None)

    # -- connections ---------------------------------------------------------------------

    def take(self, seat: SeatState, token: str, name: str, channel: Channel) -> None:
        """A person takes a free seat with their new *token* (kept here hashed)."""
        seat.key = token_hash(token)
        self._hold(seat, channel)
        self.policy.take(seat, name, channel.language)

    def sit(self, seat: SeatState, channel: Channel) -> None:
        """*channel* is *seat*'s connection from now on (a second one replaces the first)."""
        self._hold(seat, channel)
        self.policy.sit(seat)

    def _hold(self, seat: SeatState, channel: Channel) -> None:
        old = self.channels.get(seat.index)
        if old is not None and old is not channel:
            if self.words is not None:
                self.words.gone(old)
            old.close(CLOSE_TAKEN_OVER, "another connection took this seat")
        self.channels[seat.index] = channel
        seat.language = channel.language

    def watch(self, channel: Channel) -> None:
        """A spectator: told the table and the game so far (while a bot decides with
        draws not yet told, with the step that tells them: see :meth:`changed`)."""
        self.spectators.append(channel)
        self._send(channel, self.table_frame(None))
        if self.table.told != self.table.position:
            self._owed_watch.append(channel)
        else:
            self._send(channel, self.state_frame(None))

    def gone(self, channel: Channel) -> None:
        """*channel* closed: a spectator leaves; a person is away (told after a moment)."""
        if self.words is not None:
            self.words.gone(channel)
        if channel in self.spectators:
            self.spectators.remove(channel)
        elif (index := self.seat_index(channel)) is not None:
            del self.channels[index]
            self.policy.gone(self.seats[index])
        if not self.channels and not self.spectators and self._on_vacant is not None:
            self._on_vacant(self)

    def leave(self, channel: Channel, *, end: bool = False) -> None:
        """A person leaves for good: a bot takes the seat at once; or, *end*, the host
        ends the table for everyone."""
        index = self.seat_index(channel)
        if index is None:
            self.gone(channel)
            return
        if end:
            self.policy.end(self.seats[index])
            return
        if self.words is not None:
            self.words.gone(channel)
        del self.channels[index]
        self.policy.leave(self.seats[index])

    def act(self, seat: SeatState, action: Action, at: int) -> None:
        self.policy.act(seat, action, at)

    def heard(self, seat: SeatState, at: int) -> None:
        self.policy.heard(seat, at)

    def ready(self, seat: SeatState) -> None:
        self.policy.ready(seat)

    def chat(self, seat: SeatState | None, text: str, name: str = "") -> None:
        """*text* said to everyone here by *seat* (None: a spectator, by its *name*)."""
        frame = ChatFrame(None if seat is None else seat.index, name if seat is None else seat.name,
                          text)  # fmt: skip
        for channel in self._everyone():
            self._send(channel, frame)

    # -- frames --------------------------------------------------------------------------

    def table_frame(self, seat: int | None) -> TableFrame:
        """What a seat (None: a spectator) is told of the table itself."""
        game = self.session.game
        players = tuple(
            PlayerEntry(s.name, s.kind, s.level, s.present, s.taken, s.stand_in) for s in self.seats
        )
        return TableFrame(
            code=shown_code(self.code),
            rules=game.rules,
            players=players,
            sides=tuple(tuple(side) for side in game.sides),
            seat=seat,
            target=game.target,
            timer=self.timer,
            started=self.started,
            over=self.ended,  # (over, or ended by its host or after the most rounds)
            paces=self.policy.paces,
        )

    def state_frame(self, seat: int | None) -> StateFrame:
        """Everything a seat (None: a spectator) may know of the game so far."""
        log = self.session.game.log
        seen = (public_event(e, -1 if seat is None else seat) for e in log)
        view = self.table.observe(seat)  # (a spectator's: the public view)
        if not self.started:
            view = replace(view, legal=())  # nothing is played before every seat is taken
        return StateFrame(len(log), tuple(e for e in seen if e is not None), view)

    # -- Outlet (what the policy tells) ----------------------------------------------------

    def show_table(self, seat: int | None) -> None:
        for channel in self._to(seat):
            self._send(channel, self.table_frame(seat))

    def show_state(self, seat: int | None) -> None:
        channels = self._to(seat)
        if not channels:
            return
        frame = self.state_frame(seat)
        if seat is not None:  # (a return: the frame says where the seat was told up to)
            state = self.seats[seat]
            frame = replace(frame, seen=state.told)
            state.told = frame.at
        for channel in channels:
            self._send(channel, frame)

    def step(self, seat: int, update: Update) -> None:
        channel = self.channels.get(seat)
        if channel is not None:
            self.seats[seat].told = update.position
            step = StepFrame(update.position, update.actor, update.by_bot, update.events,
                             update.obs)  # fmt: skip
            self._send(channel, step)

    @property
    def watching(self) -> bool:
        return bool(self.spectators)

    def watched(self, events: Sequence[Event], update: Update) -> None:
        if self.spectators:
            public = self.table.observe(None)
            frame = StepFrame(update.position, update.actor, update.by_bot, tuple(events), public)
            for channel in list(self.spectators):
                if channel not in self._owed_watch:
                    self._send(channel, frame)

    def refused(self, seat: int, refusal: Refusal, obs: Observation) -> None:
        channel = self.channels.get(seat)
        if channel is not None:
            self._send(channel, RefusedFrame(refusal))

    def not_started(self, seat: int) -> None:
        channel = self.channels.get(seat)
        if channel is not None:
            message = "the game starts when every seat is taken"
            self._send(channel, ErrorFrame(ErrorCode.NOT_STARTED, message))

    def news(self, news: News) -> None:
        frame = NoticeFrame(news)
        for channel in self._everyone():
            self._send(channel, frame)

    def changed(self) -> None:
        if self.table.told == self.table.position:
            owed, self._owed_watch = self._owed_watch, []
            for channel in owed:  # (their state holds the step just told)
                if channel in self.spectators:
                    self._send(channel, self.state_frame(None))
        self._dirty = True
        self._flush_soon()

    def game_started(self) -> None:
        if self._on_start is not None:
            self._on_start(self)

    def game_ended(self) -> None:
        self._on_end(self)

    def _to(self, seat: int | None) -> list[Channel]:
        if seat is None:
            return list(self.spectators)
        channel = self.channels.get(seat)
        return [] if channel is None else [channel]

    def _everyone(self) -> list[Channel]:
        return [*self.channels.values(), *self.spectators]

    # -- scheduling --------------------------------------------------------------------------

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run the game loop's *coroutine* as a task of this table."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- frames out, after the save --------------------------------------------------

    def tell(self, channel: Channel, frame: ServerFrame) -> None:
        """Queue *frame* for *channel* behind everything queued before it (an answer to a
        question goes out after the step it may speak of)."""
        self._outbox.append((channel, frame))
        self._flush_soon()

    def _send(self, channel: Channel, frame: ServerFrame) -> None:
        """Queue *frame* for *channel*: it goes out after the next save (see :meth:`flush`),
        followed for a words client by what it means in its words."""
        self._outbox.append((channel, frame))
        self._flush_soon()
        if channel.words and self.words is not None:
            said = self.words.said(self, channel, frame)
            if said is not None:
                self._outbox.append((channel, said))

    def _flush_soon(self) -> None:
        if self._flushing is None or self._flushing.done():
            self._flushing = asyncio.get_running_loop().create_task(self.flush())

    async def flush(self) -> None:
        """Save the table, then send what waited for the save: a step is told only
        once it is on disk (in the system's cache: see :mod:`sniff.server.store`). One
        flush at a time (the lock): frames go out in the order they were made, and no
        older snapshot is written over a newer one.

        A save that fails (a full disk) is said in the server's log, and tried again
        at the next step; the players hear the game go on meanwhile, never silence."""
        unsaved = False
        async with self._flush_lock:
            while self._outbox or self._dirty:
                ready, self._outbox = self._outbox, []
                if self._dirty:
                    self._dirty = False
                    unsaved = not await self._save()
                for channel, frame in ready:
                    channel.send(frame)
            self._dirty = self._dirty or unsaved

    async def _save(self) -> bool:
        try:
            await self.store.write(self)
        except OSError as error:
            if not self._save_failed:
                _log.error("table %s cannot be saved (tried at each step): %s", self.code, error)
            self._save_failed = True
            return False
        if self._save_failed:
            _log.warning("table %s is saved again", self.code)
        self._save_failed = False
        return True

    def close(self) -> None:
        """The server stops: timers off, the loop left (the game stays on disk)."""
        self.policy.close()
        for task in list(self.tasks):
            task.cancel()
