"""A seat at a table, as the game screen sees it: the same interface for a game
on this computer and a game on a server.

The game screen never holds the game. It holds a :class:`SeatLink`: it asks
for the seat's :class:`~sniff.engine.Observation` (all it may know), sends
the player's actions, says when the player has heard the game, and is told
each step through a :class:`~sniff.session.table.SeatFeed`. A
:class:`LocalLink` sits at a :class:`~sniff.session.table.Table` in this
process; the network client's link (:mod:`sniff.net`) sits at one on a
server. Neither decides anything: the table asks the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sniff.engine import (
    Action,
    Event,
    Move,
    Observation,
    Phase,
    Refusal,
    RuleSet,
    Tile,
    public_event,
    tile_moves,
)
from sniff.enums import NewsKind
from sniff.session.table import SeatFeed, Table, Update
from sniff.storage.records import PlayerInfo

__all__ = ["LocalLink", "News", "SeatLink", "Spawn", "moves_for"]

#: Starts a coroutine as a task of the interface's event loop.
Spawn = Callable[[Coroutine[Any, Any, None]], object]


@dataclass(frozen=True)
class News:
    """Something about the table rather than the game, for a feed that listens for it
    (``feed.news(item)``): who came and went, chat, the connection itself.

    *kind* says what (:class:`~sniff.enums.NewsKind`); *seat* and *name* whom it
    is about, *text* a chat's words (a record's lines, an error's code), *count*
    the people not yet ready, *winner* the side that won. A local game has none.
    """

    kind: NewsKind
    seat: int | None = None
    name: str = ""
    text: str = ""
    count: int = 0
    winner: int | None = None


class SeatLink(Protocol):
    """One seat's way into a game (see the module docstring)."""

    @property
    def seat(self) -> int:
        """The seat this link plays."""

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        """Who sits where: names, people and bots."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def position(self) -> int:
        """How many events of the game this seat has been told."""

    @property
    def closed(self) -> bool:
        """Whether the game has been left (no more actions, no more steps)."""

    def view(self) -> Observation:
        """The seat's view of the game now."""

    def events(self) -> Sequence[Event]:
        """Everything the seat has seen happen in this game, as it may see it."""

    def since_my_move(self) -> Sequence[Event]:
        """What the seat saw happen since its own last action (or the start)."""

    @property
    def missed(self) -> Sequence[Event]:
        """What happened at a seat taken back while nobody held it (the end of
        :meth:`events`), told as one catch-up; none at home."""

    def attach(self, feed: SeatFeed) -> None:
        """Tell *feed* every step from now on (one feed at a time)."""

    def start(self, spawn: Spawn) -> None:
        """The game may go on: steps that need no person are played (with *spawn*,
        the interface's way to start a task)."""

    def act(self, action: Action) -> None:
        """The player's action; the feed is told the step, or the refusal."""

    def next_round(self) -> None:
        """The player is ready for the next round."""

    def heard(self, position: int) -> None:
        """The player has heard the game up to *position* (or hurried it on)."""

    def close(self) -> None:
        """Leave the game."""


def moves_for(obs: Observation, tile: Tile) -> list[Move]:
    """Where *tile* may go: on the seat's turn the legal moves, otherwise where it
    would fit (to look ahead while the others play)."""
    if obs.my_turn and obs.phase is Phase.PLAY:
        return [a for a in obs.legal if isinstance(a, Move) and a.tile == tile]
    return tile_moves(obs.layout, tile, obs.rules)


class LocalLink:
    """A seat at a :class:`Table` in this process."""

    def __init__(self, table: Table, seat: int) -> None:
        self.table = table
        self._seat = seat
        game = table.session.game
        self._log: list[Event] = [
            e for e in (public_event(event, seat) for event in game.log) if e is not None
        ]
        self._last_move_at = len(self._log)
        self._feed: SeatFeed | None = None
        self._spawn: Spawn | None = None

    # -- reading ---------------------------------------------------------------------

    @property
    def seat(self) -> int:
        return self._seat

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self.table.session.players

    @property
    def rules(self) -> RuleSet:
        return self.table.session.rules

    @property
    def position(self) -> int:
        return len(self._log)

    @property
    def closed(self) -> bool:
        return self.table.closed

    def view(self) -> Observation:
        return self.table.observe(self._seat)

    def events(self) -> Sequence[Event]:
        return self._log

    def since_my_move(self) -> Sequence[Event]:
        return self._log[self._last_move_at :]

    @property
    def missed(self) -> Sequence[Event]:
        return ()  # (a game at home is never left with nobody at its seat)

    # -- the table tells this link (SeatFeed) ------------------------------------------

    def update(self, update: Update) -> None:
        self._log += update.events
        if update.actor == self._seat and not update.by_bot:
            self._last_move_at = len(self._log)
        if self._feed is not None:
            self._feed.update(update)
        self._go_on()

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        if self._feed is not None:
            self._feed.refused(refusal, obs)

    # -- the player ------------------------------------------------------------------

    def attach(self, feed: SeatFeed) -> None:
        if self._feed is None:
            self.table.listen(self._seat, self, paces=True)
        self._feed = feed

    def start(self, spawn: Spawn) -> None:
        self._spawn = spawn
        self._go_on()

    def _go_on(self) -> None:
        if self._spawn is not None and not self.table.closed:
            self.table.kick(self._spawn)

    def act(self, action: Action) -> None:
        self.table.act(self._seat, action, decided_at=self.position)

    def next_round(self) -> None:
        obs = self.view()
        if obs.phase is Phase.ROUND_OVER:
            self.table.next_round()

    def heard(self, position: int) -> None:
        self.table.heard(self, position)

    def close(self) -> None:
        self.table.leave(self)
        self._feed = None
        self.table.close()
