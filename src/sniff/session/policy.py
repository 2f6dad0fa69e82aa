"""A table that people share: who sits, who is here, and what the table does
about it, as plain code with an injected clock.

:class:`TablePolicy` sits beside the :class:`~sniff.session.table.Table` (the
one game loop) and decides what online play adds to it: people take seats
(each seat's name told apart from the others'), the game begins when every
seat is taken (the start of a game said in order: who joined, that it
begins, then the game), a connection that drops is told to the others after
:data:`DROP_NOTICE` seconds, after the grace time a stand-in bot plays for the
absent person until they are back, a person who leaves is replaced by a bot at
once, a turn timer lets a bot play one turn for a person who takes too long,
the next round is dealt when every present person is ready, and a table
nobody is at ends after :data:`IDLE_END`. What a seat that comes back is told
(the table, then the game so far, then to the others that it is back) is
decided here too.

It holds no connection, frame or file: what it tells goes to its
:class:`Outlet` by seat (the server turns each into that seat's frames, sends
them after the save, and schedules the loop), and every wait is a timer of
its :class:`~sniff.session.clock.Clock`. A test walks a table through drops,
returns, time-outs and a host's departure with a fake clock, without an event
loop or a socket (``tests/test_session_policy.py``).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sniff.bots import Bot, make_bot
from sniff.engine import (
    ACTIVE,
    Action,
    Event,
    GameEnded,
    Observation,
    Phase,
    Reason,
    Refusal,
    public_event,
)
from sniff.enums import BotLevel, NewsKind, SeatKind
from sniff.session.clock import Clock, Timer
from sniff.session.game import GameSession
from sniff.session.link import News
from sniff.session.table import Table, Thinker, Update

__all__ = [
    "DROP_NOTICE",
    "GRACE",
    "IDLE_END",
    "MAX_ROUNDS",
    "STAND_IN",
    "Outlet",
    "SeatState",
    "TablePolicy",
]

#: Seconds before the others hear that a player's connection dropped.
DROP_NOTICE = 2.0
#: Seconds an absent person's seat waits before a bot plays for them.
GRACE = 60.0
#: Seconds with no person connected after which a table ends (saved first).
IDLE_END = 30 * 60.0
#: The level of the bot that plays for an absent person.
STAND_IN = BotLevel.EXPERT
#: The most rounds a table plays: a game that reaches none of its targets by then (the
#: scores of some rules go up and down) ends there, said in words (``sniff simulate``
#: stops at as many).
MAX_ROUNDS = 200

#: Starts the game loop's coroutine (a task of the server's event loop).
Spawn = Callable[[Coroutine[Any, Any, None]], object]


def stand_in_bot() -> Bot:
    """The bot that plays for an absent person (or one turn, when their time ran out)."""
    return make_bot(STAND_IN, seed=secrets.randbits(32))


@dataclass
class SeatState:
    """One seat of a shared table: who sits there, whether they are here, a stand-in
    bot while they are not. *key* is what proves the seat is theirs (the server
    keeps a hash of their resume token there); it is saved with the table."""

    index: int
    kind: SeatKind
    level: str | None = None
    name: str = ""
    key: str | None = None  # set once a person took the seat
    language: str = "en"
    present: bool = False
    away_since: float | None = None  # the connection dropped then (None: here)
    stand_in: bool = False  # a bot plays for the absent person
    left: bool = False  # the person left for good: a bot plays the seat to the end
    dropped_told: bool = False  # the others were told the connection dropped
    told: int | None = None  # the game's position the seat's connections were told up to
    ready: bool = False  # for the next round
    timers: list[Timer] = field(default_factory=list)

    @property
    def person(self) -> bool:
        return self.kind is SeatKind.HUMAN

    @property
    def taken(self) -> bool:
        return not self.person or self.key is not None

    def cancel_timers(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()


class Outlet(Protocol):
    """Where a shared table's news go: the server makes each seat's frames of them
    (and a browser's words), in the order told, once the table is saved."""

    def show_table(self, seat: int | None) -> None:
        """Tell *seat* (None: every spectator) the table as it is now."""

    def show_state(self, seat: int | None) -> None:
        """Tell *seat* (None: every spectator) the game so far."""

    def step(self, seat: int, update: Update) -> None:
        """Tell *seat* a step of the game (as it may see it)."""

    @property
    def watching(self) -> bool:
        """Whether anyone watches the table (else no spectators' step is made)."""

    def watched(self, events: Sequence[Event], update: Update) -> None:
        """Tell the spectators a step: *events* made public (the *update* is seat 0's,
        for its position and actor only)."""

    def refused(self, seat: int, refusal: Refusal, obs: Observation) -> None:
        """Tell *seat* why its action changed nothing."""

    def not_started(self, seat: int) -> None:
        """Tell *seat* that nothing is played before every seat is taken."""

    def news(self, news: News) -> None:
        """Tell everyone at the table (spectators too) a piece of public news."""

    def changed(self) -> None:
        """The table changed: keep it (before anything told after this goes out)."""

    def game_started(self) -> None:
        """Every seat is taken: the game begins (the bots are named, the record opens)."""

    def game_ended(self) -> None:
        """The game is over, or nobody has been here for :data:`IDLE_END`."""


class _SeatFeed:
    """The table's feed for one seat: each step and refusal, on to the outlet."""

    def __init__(self, policy: TablePolicy, seat: int) -> None:
        self.policy = policy
        self.seat = seat

    def update(self, update: Update) -> None:
        if self.seat not in self.policy.owed:  # (a state owed to it will hold the step)
            self.policy.outlet.step(self.seat, update)

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        self.policy.outlet.refused(self.seat, refusal, obs)


class _Spectators:
    """Seat 0's steps made public, for the spectators (hands and draws hidden)."""

    def __init__(self, policy: TablePolicy) -> None:
        self.policy = policy

    def update(self, update: Update) -> None:
        outlet = self.policy.outlet
        if outlet.watching:  # (most tables have nobody watching: nothing to make)
            seen = (public_event(e, -1) for e in update.events)
            events = tuple(e for e in seen if e is not None)
            outlet.watched(events, update)

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        pass


class TablePolicy:
    """What a shared table does about its people (see the module docstring)."""

    def __init__(
        self,
        session: GameSession,
        seats: list[SeatState],
        outlet: Outlet,
        *,
        clock: Clock,
        spawn: Spawn,
        thinker: Thinker | None = None,
        timer: int = 0,
        grace: float = GRACE,
        started: bool = False,
        stand_in: Callable[[], Bot] = stand_in_bot,
    ) -> None:
        self.session = session
        self.make_stand_in = stand_in
        self.seats = seats
        self.outlet = outlet
        self.clock = clock
        self.spawn = spawn
        self.timer = timer
        self.grace = grace
        self.started = started
        self.ended = False
        self.table = Table(session, thinker=thinker, auto_deal=False)
        self._timed_out: int | None = None  # a seat a bot plays one turn for
        #: Seats told the game so far once the bot now deciding has told its turn: a
        #: state taken while it thinks would hold its draws, and its step repeat them.
        self.owed: set[int] = set()
        self._turn_timer: Timer | None = None  # the turn's, or the wait for "ready"
        self._idle_timer: Timer | None = None
        self._feeds = [_SeatFeed(self, seat.index) for seat in seats]
        for feed in self._feeds:
            self.table.listen(feed.seat, feed)
        self.table.after_step.append(self._after_step)
        self.table.listen(0, _Spectators(self))
        if started:
            self._restored()
            self._check_idle()

    # -- who sits where ----------------------------------------------------------------

    @property
    def paces(self) -> bool:
        """Whether a bot plays at this table (a bot's seat, or one standing in): only
        then does a seat's "heard" hold anything back."""
        # (asked after every step: the seat's kind read as it is, not through a property)
        return any(seat.stand_in or seat.kind is not SeatKind.HUMAN for seat in self.seats)

    @property
    def missing(self) -> int:
        """How many seats are still free for a person."""
        return sum(1 for seat in self.seats if not seat.taken)

    def free_seat(self) -> SeatState | None:
        return next((s for s in self.seats if not s.taken), None)

    def take(self, seat: SeatState, name: str, language: str) -> None:
        """A person has taken the free *seat* (its key already set) and is here. The
        last seat taken starts the game: everyone is told the table, who joined and
        that the game begins, and then the game itself."""
        seat.name = self._unique_name(name, seat.index)
        seat.language = language
        if self.free_seat() is not None or self.started:
            self.sit(seat, joined=True)
            return
        self.started = True
        self.outlet.game_started()  # (the bots get their names first)
        self._arrive(seat)
        self._everyone_table()
        self.news(NewsKind.JOINED, seat.index)
        self.start()

    def _restored(self) -> None:
        """A table brought back (a server restarted): nobody is here yet, and no table
        waits in silence for a seat no connection holds: each person's grace begins now
        (a bot plays for them after it); who had left for good has their bot again."""
        for seat in self.seats:
            if not seat.person or not seat.taken:
                continue
            if seat.left:
                seat.stand_in = True
                self._bot_for(seat.index)
            else:
                self.gone(seat)

    def _unique_name(self, name: str, index: int) -> str:
        """*name*, told apart from the names already at the table ("Ada 2")."""
        taken = {s.name.casefold() for s in self.seats if s.index != index and s.name}
        if name.casefold() not in taken:
            return name
        number = 2
        while f"{name} {number}".casefold() in taken:
            number += 1
        return f"{name[:17]} {number}"

    def sit(self, seat: SeatState, *, joined: bool = False) -> None:
        """*seat*'s person is here (a new connection; a second one replaces the first):
        they are told the table and the game so far, then the others that they came
        (or came back)."""
        was_away = seat.dropped_told or seat.stand_in  # (a blip nobody heard of: no "back")
        self._arrive(seat)
        self.outlet.show_table(seat.index)
        self.show_state(seat.index)
        if joined:
            self.news(NewsKind.JOINED, seat.index)
        elif was_away:
            self.news(NewsKind.BACK, seat.index)
        self._everyone_table(but=seat.index)
        self._after_step()

    def show_state(self, index: int) -> None:
        """Tell seat *index* the game so far: at once, or, while a bot decides with
        draws not yet told, with the step that tells them (its state ends where the
        next step begins)."""
        if self.table.told != self.table.position:
            self.owed.add(index)
        else:
            self.outlet.show_state(index)

    def _arrive(self, seat: SeatState) -> None:
        seat.cancel_timers()
        seat.present = True
        seat.away_since = None
        seat.dropped_told = False
        if seat.stand_in:
            seat.stand_in = False
            self.session.stand_in(seat.index, None)
        feed = self._feeds[seat.index]
        self.table.pace(feed, True)
        self.table.heard(feed, self.table.position)
        self._check_idle()

    def gone(self, seat: SeatState) -> None:
        """*seat*'s connection closed: they are away (told after a moment; after the
        grace, a bot plays for them)."""
        seat.present = False
        seat.away_since = self.clock.now()
        self.table.pace(self._feeds[seat.index], False)  # told, never waited for
        index = seat.index
        seat.timers.append(self.clock.call_later(DROP_NOTICE, lambda: self._dropped(index)))
        if self.started and not self.ended:
            seat.timers.append(self.clock.call_later(self.grace, lambda: self._stand_in(index)))
        self._check_idle()

    def _dropped(self, index: int) -> None:
        seat = self.seats[index]
        if not seat.present and not self.ended and not seat.left:
            seat.dropped_told = True
            self.news(NewsKind.DROPPED, index)
            self._everyone_table()

    def _stand_in(self, index: int, kind: NewsKind = NewsKind.STAND_IN) -> None:
        """The absent person's grace is over (or they left, *kind* ``LEFT``): a bot
        plays for them until they are back (for good)."""
        seat = self.seats[index]
        if seat.present or self.ended or seat.stand_in:
            return
        seat.stand_in = True
        self._bot_for(index)
        self.news(kind, index)
        self._everyone_table()
        self._after_step()

    def _bot_for(self, index: int) -> None:
        """A bot sits in for the person in seat *index*."""
        self.session.stand_in(index, self.make_stand_in())

    def leave(self, seat: SeatState) -> None:
        """The person leaves for good: a bot takes the seat at once, to the end (their
        token no longer seats them)."""
        self.gone(seat)
        seat.cancel_timers()
        seat.left = True
        self._stand_in(seat.index, NewsKind.LEFT)

    def end(self, seat: SeatState) -> None:
        """The table's host ends it for everyone: told, kept (its record too), let go."""
        if self.ended:
            return
        self.ended = True
        self.news(NewsKind.ENDED, seat.index)
        self.outlet.changed()
        self.outlet.game_ended()

    # -- the game ----------------------------------------------------------------------

    def start(self) -> None:
        """The game begins: everyone is told so, then the game so far."""
        self.news(NewsKind.STARTED, None)
        for seat in self.seats:
            if seat.person and seat.present:
                self.show_state(seat.index)
        self.outlet.show_state(None)
        self._after_step()

    def act(self, seat: SeatState, action: Action, at: int) -> None:
        """A person's action, decided at position *at*: the engine judges it."""
        if not self.started:
            self.outlet.not_started(seat.index)
            return
        if self.ended:  # (ended by its host, or after the most rounds: nothing more)
            refusal = Refusal(Reason.GAME_OVER, "the table has ended", action)
            self.outlet.refused(seat.index, refusal, self.table.observe(seat.index))
            return
        self.table.act(seat.index, action, decided_at=at)

    def heard(self, seat: SeatState, at: int) -> None:
        self.table.heard(self._feeds[seat.index], at)

    def ready(self, seat: SeatState) -> None:
        """*seat* is ready for the next round; dealt when every present person is."""
        if self.ended or self.session.game.phase is not Phase.ROUND_OVER:
            return
        seat.ready = True
        waiting = [s for s in self.seats if s.person and s.present and not s.ready]
        if waiting:
            self.news(NewsKind.WAITING_READY, seat.index, count=len(waiting))
            return
        self._deal()

    def _deal(self) -> None:
        for seat in self.seats:
            seat.ready = False
        self.table.next_round()

    def _after_step(self) -> None:
        """After each step (and each change of who is here): the save, the game over,
        the turn timer, the next round, and the loop going on."""
        game = self.session.game
        if self.table.told == self.table.position:  # (the step they waited for is told)
            for index in sorted(self.owed):
                self.outlet.show_state(index)
            self.owed.clear()
        self.outlet.changed()
        if not self.paces:
            # No bot plays here: nobody is waited for (the players are not asked to say
            # "heard"), so the table takes every step as heard at once.
            self.table.all_heard(self._feeds)
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
            if game.round_no >= MAX_ROUNDS:
                self._too_long()
                return
            if not any(s.person and s.present for s in self.seats):
                return
            if all(not s.person or s.stand_in or not s.present for s in self.seats):
                self._deal()
                return
            if self.timer:  # (a person who never says "ready" holds no deal for ever)
                round_no = game.round_no
                self._turn_timer = self.clock.call_later(
                    self.timer, lambda: self._not_ready(round_no)
                )
        elif game.phase in ACTIVE and self.timer:
            seat = self.seats[game.current]
            if seat.person and seat.present and not seat.stand_in:
                current, position = game.current, self.table.position
                self._turn_timer = self.clock.call_later(
                    self.timer, lambda: self._time_out(current, position)
                )
        self.table.kick(self.spawn)

    def _time_out(self, index: int, position: int) -> None:
        """The turn timer ran out: a bot plays this one turn for the person."""
        game = self.session.game
        if self.ended or self.table.position != position or game.current != index:
            return
        if index in self.session.bots:
            return
        self.news(NewsKind.TIMED_OUT, index)
        self._timed_out = index
        self._bot_for(index)
        self.table.kick(self.spawn)

    def _not_ready(self, round_no: int) -> None:
        """The turn timer ran out between rounds: the next round is dealt all the same."""
        game = self.session.game
        if self.ended or game.phase is not Phase.ROUND_OVER or game.round_no != round_no:
            return
        waiting = [s for s in self.seats if s.person and s.present and not s.ready]
        self.news(NewsKind.NOT_READY, None, count=len(waiting))
        self._deal()

    def _too_long(self) -> None:
        """The game has played :data:`MAX_ROUNDS` rounds: it ends here, said."""
        self.ended = True
        self.news(NewsKind.ROUND_LIMIT, None, count=MAX_ROUNDS)
        self.outlet.changed()
        self.outlet.game_ended()

    def _game_over(self) -> None:
        self.ended = True
        winner = next(
            (e.winner for e in reversed(self.session.game.log) if isinstance(e, GameEnded)), None
        )
        self.news(NewsKind.OVER, None, winner=winner)
        self.outlet.game_ended()

    # -- news ---------------------------------------------------------------------------

    def news(
        self, kind: NewsKind, seat: int | None, *, count: int = 0, winner: int | None = None
    ) -> None:
        """Tell everyone at the table (spectators too) a piece of public news."""
        name = "" if seat is None else self.seats[seat].name
        self.outlet.news(News(kind, seat, name, count=count, winner=winner))

    def _everyone_table(self, *, but: int | None = None) -> None:
        """Tell everyone here (*but* a seat just told) the table as it is now."""
        for seat in self.seats:
            if seat.present and seat.index != but:
                self.outlet.show_table(seat.index)
        self.outlet.show_table(None)

    # -- idleness -----------------------------------------------------------------------

    def _check_idle(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        if self.ended or any(s.present for s in self.seats if s.person):
            return
        self._idle_timer = self.clock.call_later(IDLE_END, self._idle)

    def _idle(self) -> None:
        if self.ended or any(s.present for s in self.seats if s.person):
            return
        self.ended = True
        self.outlet.changed()
        self.outlet.game_ended()

    def close(self) -> None:
        """The table is let go: timers off, the loop left (the game stays kept)."""
        for seat in self.seats:
            seat.cancel_timers()
        for timer in (self._turn_timer, self._idle_timer):
            if timer is not None:
                timer.cancel()
        self.table.close()
