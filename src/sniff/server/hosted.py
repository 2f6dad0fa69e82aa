"""One hosted table: its seats, who is connected, and the frames each seat gets.

A :class:`HostedTable` wraps a :class:`~sniff.session.table.Table` (the one
game loop) with what online play adds: seats taken by people who join with
the code (each with a resume token), spectators, the words each seat's
language needs, presence (a dropped connection is told to the others after
:data:`DROP_NOTICE` seconds; after the grace time a bot plays for the absent
person until they are back), an optional turn timer, chat, and the next round
when every present person is ready.

Every frame a seat gets is built from that seat's :class:`~sniff.session.table.Update`
(the events it may see and its own view) or from public news: nothing else.
A step's frames go out only after the snapshot that holds it is on disk
(:meth:`HostedTable.flush`), so no action the server confirmed is lost; only a
save the disk refuses (full) lets them go out unsaved, said in the log, rather
than leave the players in silence.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from sniff.bots import make_bot
from sniff.engine import (
    ACTIVE,
    Action,
    CallMuggins,
    Claim,
    Draw,
    GameEnded,
    Move,
    Observation,
    Pass,
    Phase,
    Refusal,
    public_event,
)
from sniff.net.codec import action_json, event_json, rules_json, view_json
from sniff.server.clock import Clock, Timer
from sniff.server.codes import new_token, shown_code, token_hash
from sniff.server.seats import Channel, SeatState, Store, WordsMaker
from sniff.session.game import GameSession
from sniff.session.table import Table, Thinker, Update

__all__ = ["DROP_NOTICE", "GRACE", "IDLE_END", "HostedTable"]

_log = logging.getLogger(__name__)

#: Seconds before the others hear that a player's connection dropped.
DROP_NOTICE = 2.0
#: Seconds an absent person's seat waits before a bot plays for them.
GRACE = 60.0
#: Seconds with no person connected after which a table ends (saved first).
IDLE_END = 30 * 60.0
#: The level of the bot that plays for an absent person.
STAND_IN = "expert"


class _SeatFeed:
    """The table's feed for one seat: each update becomes that seat's frame."""

    def __init__(self, host: HostedTable, seat: int) -> None:
        self.host = host
        self.seat = seat

    def update(self, update: Update) -> None:
        self.host.seat_update(self.seat, update)

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        self.host.seat_refused(self.seat, refusal)


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
        grace: float = GRACE,
        started: bool = False,
        owner: str = "",
    ) -> None:
        self.code = code
        self.session = session
        self.seats = seats
        self.timer = timer
        self.clock = clock
        self.grace = grace
        self.owner = owner  # the address that opened it (its budget of tables)
        self.table = Table(session, thinker=thinker, auto_deal=False)
        self.started = started
        self.ended = False
        self.spectators: list[Channel] = []
        self.store = store
        self._on_end = on_end
        self._on_start = on_start
        self._dirty = False  # the table changed since the last save
        self._save_failed = False  # the last save failed (said once in the log)
        self._timed_out: int | None = None  # a seat a bot plays one turn for
        self._feeds = [_SeatFeed(self, seat.index) for seat in seats]
        self._spectator_feed = _SpectatorFeed(self)
        self._outbox: list[tuple[Channel, dict[str, Any]]] = []
        self._flushing: asyncio.Task[None] | None = None
        self._flush_lock = asyncio.Lock()
        self._turn_timer: Timer | None = None
        self._idle_timer: Timer | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.words: WordsMaker | None = None  # set by the server for words clients
        for feed in self._feeds:
            self.table.listen(feed.seat, feed)
        self.table.after_step.append(self._after_step)
        # Spectators hear seat 0's steps made public (hands and draws hidden).
        self.table.listen(0, self._spectator_feed)
        if started:
            self._check_idle()

    # -- who sits where --------------------------------------------------------------

    @property
    def players(self) -> list[dict[str, Any]]:
        out = []
        for seat in self.seats:
            entry: dict[str, Any] = {"name": seat.name, "kind": seat.kind}
            if seat.kind == "bot":
                entry["level"] = seat.level
            else:
                entry["present"] = seat.present
                entry["taken"] = seat.taken
                entry["stand_in"] = seat.stand_in
            out.append(entry)
        return out

    def table_frame(self, seat: int | None) -> dict[str, Any]:
        """What a seat (None: a spectator) is told of the table itself."""
        game = self.session.game
        return {
            "type": "table",
            "code": shown_code(self.code),
            "preset": game.rules.preset,
            "rules": rules_json(game.rules),
            "players": self.players,
            "sides": [list(side) for side in game.sides],
            "seat": seat,
            "target": game.target,
            "timer": self.timer,
            "started": self.started,
            "over": game.phase is Phase.GAME_OVER,
            # Whether the table waits for "heard" before a bot plays: only where a bot
            # plays (a seat's, or one standing in); among people it is no use.
            "paces": self.paces,
        }

    @property
    def paces(self) -> bool:
        """Whether a bot plays at this table (a bot's seat, or one standing in): only
        then do the players' "heard" hold anything back."""
        return any(seat.kind == "bot" or seat.stand_in for seat in self.seats)

    def free_seat(self) -> SeatState | None:
        return next((s for s in self.seats if s.kind == "person" and not s.taken), None)

    def seat_of(self, token: str) -> SeatState | None:
        hashed = token_hash(token)
        return next((s for s in self.seats if s.token_hash == hashed), None)

    def take(self, seat: SeatState, name: str, channel: Channel) -> str:
        """A person takes a free seat: their token (kept by them, hashed here)."""
        token = new_token()
        seat.token_hash = token_hash(token)
        seat.name = self._unique_name(name, seat.index)
        seat.language = channel.language
        full = self.free_seat() is None and not self.started
        if full:
            # The last seat: the table is told it starts (and its bots' names) first,
            # so the one who sits down last is seated at a game, not in a waiting room.
            self.started = True
            if self._on_start is not None:
                self._on_start(self)
        self.sit(seat, channel, joined=True)
        if full:
            self.start(told=channel)
        return token

    def _unique_name(self, name: str, index: int) -> str:
        """*name*, told apart from the names already at the table ("Ada 2")."""
        taken = {s.name.casefold() for s in self.seats if s.index != index and s.name}
        if name.casefold() not in taken:
            return name
        number = 2
        while f"{name} {number}".casefold() in taken:
            number += 1
        return f"{name[:17]} {number}"

    def sit(self, seat: SeatState, channel: Channel, *, joined: bool = False) -> None:
        """*channel* is *seat*'s connection from now on (a second one replaces the first)."""
        old = seat.channel
        if old is not None and old is not channel:
            old.close(4000, "another connection took this seat")
        was_away = seat.away_since is not None or seat.stand_in
        seat.cancel_timers()
        seat.channel = channel
        seat.language = channel.language
        seat.away_since = None
        if seat.stand_in:
            seat.stand_in = False
            self.session.stand_in(seat.index, None)
        self.table.leave(self._feeds[seat.index])
        self.table.listen(seat.index, self._feeds[seat.index], paces=True)
        self.table.heard(self._feeds[seat.index], self.table.position)
        self._send(channel, self.table_frame(seat.index))
        self._send(channel, self.state_frame(seat.index))
        if joined:
            self.news("joined", seat.index)
        elif was_away:
            self.news("back", seat.index)
        self._everyone_table(but=channel)  # (it has just been told)
        self._check_idle()
        self._dirty = True
        self._after_step()

    def watch(self, channel: Channel) -> None:
        self.spectators.append(channel)
        self._send(channel, self.table_frame(None))
        self._send(channel, self.state_frame(None))

    def gone(self, channel: Channel) -> None:
        """*channel* closed: a spectator leaves; a person is away (told after a moment)."""
        if self.words is not None:
            self.words.gone(channel)
        if channel in self.spectators:
            self.spectators.remove(channel)
            return
        seat = next((s for s in self.seats if s.channel is channel), None)
        if seat is None:
            return
        seat.channel = None
        seat.away_since = self.clock.now()
        self.table.leave(self._feeds[seat.index])
        self.table.listen(seat.index, self._feeds[seat.index])  # told, not waited for
        index = seat.index
        seat.timers.append(self.clock.call_later(DROP_NOTICE, lambda: self._dropped(index)))
        if self.started and not self.ended:
            seat.timers.append(self.clock.call_later(self.grace, lambda: self._stand_in(index)))
        self._check_idle()
        self.table._wake()  # a pacing seat is gone: nothing waits for it

    def _dropped(self, index: int) -> None:
        seat = self.seats[index]
        if seat.channel is None and not self.ended:
            self.news("dropped", index)
            self._everyone_table()

    def _stand_in(self, index: int) -> None:
        """The absent person's grace is over: a bot plays for them until they are back."""
        seat = self.seats[index]
        if seat.channel is not None or self.ended or seat.stand_in:
            return
        seat.stand_in = True
        self._bot_for(index)
        self.news("stand-in", index)
        self._everyone_table()
        self._after_step()

    def _bot_for(self, index: int) -> None:
        """A bot sits in for the person in seat *index*."""
        self.session.stand_in(index, make_bot(STAND_IN, seed=secrets.randbits(32)))

    def leave(self, channel: Channel) -> None:
        """A person leaves for good: a bot takes the seat at once."""
        seat = next((s for s in self.seats if s.channel is channel), None)
        if seat is None:
            self.gone(channel)
            return
        self.gone(channel)
        seat.cancel_timers()
        self._stand_in(seat.index)

    # -- the game ----------------------------------------------------------------------

    def start(self, *, told: Channel | None = None) -> None:
        """Every person's seat is taken: the game begins (the bots named, everyone told
        the table first, then that it begins)."""
        if not self.started:
            self.started = True
            if self._on_start is not None:
                self._on_start(self)
        self._everyone_table(but=told)  # (the last to sit down was told already)
        self.news("started", None)
        for seat in self.seats:
            if seat.kind == "person" and seat.channel is not None:
                self._send(seat.channel, self.state_frame(seat.index))
        for channel in self.spectators:
            self._send(channel, self.state_frame(None))
        self._dirty = True
        self._after_step()

    def act(self, seat: SeatState, action: Action, at: int) -> None:
        """A person's action, decided at position *at*: the engine judges it."""
        if not self.started:
            message = "the game starts when every seat is taken"
            self._send_to(seat, {"type": "error", "code": "not-started", "message": message})
            return
        self.table.act(seat.index, action, decided_at=at)

    def heard(self, seat: SeatState, at: int) -> None:
        self.table.heard(self._feeds[seat.index], at)

    def ready(self, seat: SeatState) -> None:
        """*seat* is ready for the next round; dealt when every present person is."""
        if self.session.game.phase is not Phase.ROUND_OVER:
            return
        seat.ready = True
        waiting = [s for s in self.seats if s.kind == "person" and s.present and not s.ready]
        if waiting:
            self.news("waiting-ready", seat.index, count=len(waiting))
            return
        self._deal()

    def _deal(self) -> None:
        for seat in self.seats:
            seat.ready = False
        self.table.next_round()

    def seat_update(self, index: int, update: Update) -> None:
        """The table told *index* a step: its frame."""
        seat = self.seats[index]
        if seat.channel is not None:
            self._send(seat.channel, self.step_frame(update))

    def seat_refused(self, index: int, refusal: Refusal) -> None:
        seat = self.seats[index]
        frame: dict[str, Any] = {
            "type": "refused",
            "reason": refusal.reason.value,
            "tiles": [[t.high, t.low] for t in refusal.tiles],
            "message": str(refusal),
        }
        if isinstance(refusal.action, Move | Draw | Pass | Claim | CallMuggins):
            frame["action"] = action_json(refusal.action)
        self._send_to(seat, frame)
        self._flush_soon()

    def spectator_update(self, update: Update) -> None:
        if not self.spectators:
            return
        frame = self.step_frame(update, spectator=True)
        for channel in list(self.spectators):
            self._send(channel, frame)

    def step_frame(self, update: Update, *, spectator: bool = False) -> dict[str, Any]:
        events = update.events
        if spectator:
            events = tuple(_public(e) for e in events)
        return {
            "type": "step",
            "at": update.position,
            "actor": update.actor,
            "bot": update.by_bot,
            "events": [event_json(e) for e in events],
            # (the receiver adds the events to the round's history it has)
            "view": None if spectator else view_json(update.obs, history=False),
        }

    def state_frame(self, seat: int | None) -> dict[str, Any]:
        """Everything a seat (None: a spectator) may know of the game so far."""
        game = self.session.game
        if seat is None:
            log = [event_json(_public(e)) for e in game.log]
            return {"type": "state", "at": len(game.log), "log": log, "view": None}
        seen = [public_event(e, seat) for e in game.log]
        return {
            "type": "state",
            "at": len(game.log),
            "log": [event_json(e) for e in seen if e is not None],
            "view": view_json(self.table.observe(seat)),
        }

    def _after_step(self) -> None:
        """After each step: the save, the game over, the turn timer, the next round,
        and the loop going on."""
        game = self.session.game
        self._dirty = True
        self._flush_soon()
        if not self.paces:
            # No bot plays here: nobody is waited for (the players are not asked to say
            # "heard"), so the table takes every step as heard at once.
            for feed in self._feeds:
                self.table.heard(feed, self.table.position)
        if self.ended or not self.started:
            return
        timed_out = self._timed_out
        if timed_out is not None and (game.current != timed_out or game.phase not in ACTIVE):
            # The turn a bot played for the person is over: the seat is theirs again.
            self._timed_out = None
            if not self.seats[timed_out].stand_in:
                self.session.stand_in(timed_out, None)
        if game.phase is Phase.GAME_OVER:
            self._game_over()
            return
        if self._turn_timer is not None:
            self._turn_timer.cancel()
            self._turn_timer = None
        if game.phase is Phase.ROUND_OVER:
            if not any(s.kind == "person" and s.present for s in self.seats):
                return
            if all(s.kind == "bot" or s.stand_in or not s.present for s in self.seats):
                self._deal()
                return
        elif game.phase in ACTIVE and self.timer:
            seat = self.seats[game.current]
            if seat.kind == "person" and seat.present and not seat.stand_in:
                position = self.table.position
                self._turn_timer = self.clock.call_later(
                    self.timer, lambda: self._time_out(game.current, position)
                )
        self.kick()

    def kick(self) -> None:
        if self.table.running or not self.table.needs_no_person():
            return
        task = asyncio.get_running_loop().create_task(self.table.run())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _time_out(self, index: int, position: int) -> None:
        """The turn timer ran out: a bot plays this one turn for the person."""
        game = self.session.game
        if self.ended or self.table.position != position or game.current != index:
            return
        if index in self.session.bots:
            return
        self.news("timed-out", index)
        self._timed_out = index
        self._bot_for(index)
        self.kick()

    def _game_over(self) -> None:
        self.ended = True
        winner = next(
            (e.winner for e in reversed(self.session.game.log) if isinstance(e, GameEnded)), None
        )
        self.news("over", None, winner=winner)
        self._on_end(self)

    # -- news and chat ---------------------------------------------------------------

    def news(self, kind: str, seat: int | None, **extra: Any) -> None:
        """Tell everyone at the table (spectators too) a piece of public news."""
        frame: dict[str, Any] = {"type": "notice", "kind": kind, "seat": seat}
        if seat is not None:
            frame["name"] = self.seats[seat].name
        frame.update(extra)
        for channel in self._everyone():
            self._send(channel, frame)

    def chat(self, seat: SeatState | None, text: str) -> None:
        frame = {
            "type": "chat",
            "seat": None if seat is None else seat.index,
            "name": "" if seat is None else seat.name,
            "text": text,
        }
        for channel in self._everyone():
            self._send(channel, frame)
        self._flush_soon()

    def _everyone(self) -> list[Channel]:
        people = [s.channel for s in self.seats if s.channel is not None]
        return [*people, *self.spectators]

    def _everyone_table(self, *, but: Channel | None = None) -> None:
        """Tell everyone (*but* one just told) the table as it is now."""
        for seat in self.seats:
            if seat.channel is not None and seat.channel is not but:
                self._send(seat.channel, self.table_frame(seat.index))
        for channel in self.spectators:
            if channel is not but:
                self._send(channel, self.table_frame(None))

    # -- frames out, after the save --------------------------------------------------

    def _send_to(self, seat: SeatState, frame: dict[str, Any]) -> None:
        if seat.channel is not None:
            self._send(seat.channel, frame)

    def tell(self, channel: Channel, frame: dict[str, Any]) -> None:
        """Queue *frame* for *channel* behind everything queued before it (an answer to a
        question goes out after the step it may speak of)."""
        self._outbox.append((channel, frame))
        self._flush_soon()

    def _send(self, channel: Channel, frame: dict[str, Any]) -> None:
        """Queue *frame* for *channel*: it goes out after the next save (see :meth:`flush`)."""
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
        once it is on disk. One flush at a time (the lock): frames go out in the order
        they were made, and no older snapshot is written over a newer one.

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

    # -- idleness -------------------------------------------------------------------------

    def _check_idle(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        if self.ended or any(s.present for s in self.seats if s.kind == "person"):
            return
        self._idle_timer = self.clock.call_later(IDLE_END, self._idle)

    def _idle(self) -> None:
        if self.ended or any(s.present for s in self.seats if s.kind == "person"):
            return
        self.ended = True
        self._dirty = True
        self._flush_soon()
        self._on_end(self)

    def close(self) -> None:
        """The server stops: timers off, the loop left (the game stays on disk)."""
        for seat in self.seats:
            seat.cancel_timers()
        for timer in (self._turn_timer, self._idle_timer):
            if timer is not None:
                timer.cancel()
        self.table.close()
        for task in list(self.tasks):
            task.cancel()


class _SpectatorFeed:
    """Seat 0's steps, made public for the spectators."""

    def __init__(self, host: HostedTable) -> None:
        self.host = host

    def update(self, update: Update) -> None:
        self.host.spectator_update(update)

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        pass


def _public(event: Any) -> Any:
    """*event* as a spectator may see it: no hand before the round's end shows it."""
    return public_event(event, -1)
