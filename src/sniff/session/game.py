"""A game in progress, without any interface: the game, its seats and its actions.

:class:`GameSession` holds the engine's game, the seats (a person at the
keyboard, bots), the bots' random generators, and the list of every action
taken (so the game can be saved and resumed exactly). Every action goes
through it; after each one, its listeners hear the events (the record file,
the autosave, statistics at the game's end). It acts and
decides but never plays on by itself: the one game loop is
:class:`sniff.session.table.Table`, which every way of playing drives.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sniff.bots import Bot, SeededBot, make_bot
from sniff.engine import (
    ACTIVE,
    Action,
    Event,
    Game,
    Observation,
    Phase,
    Refusal,
    RuleSet,
    observe,
)
from sniff.enums import BotLevel, SeatKind
from sniff.storage import GameSnapshot, SaveState, restore
from sniff.storage.records import PlayerInfo

__all__ = [
    "BOT_NAMES",
    "BotFactory",
    "BotTurn",
    "GameSession",
    "Listener",
    "bot_name",
    "players_for",
]

#: The computer players' names, the same in every language (seats 1, 2, 3...).
BOT_NAMES = ("Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta")

#: Makes a bot: ``factory(level, seed=..., playouts=...)`` (tests plug in their own).
BotFactory = Callable[..., Bot]

#: Hears every action's events: ``listener(session, events)``.
Listener = Callable[["GameSession", Sequence[Event]], None]


def bot_name(seat: int) -> str:
    """The name of the computer player in *seat* (1 and up)."""
    if 1 <= seat <= len(BOT_NAMES):
        return BOT_NAMES[seat - 1]
    return f"Bot {seat}"


def players_for(levels: Sequence[str], *, human: bool = True) -> tuple[PlayerInfo, ...]:
    """The seats: "You" in seat 0 (unless all are bots), then bots by name."""
    players = [PlayerInfo("You", SeatKind.HUMAN)] if human else []
    first = len(players)
    for seat, level in enumerate(levels, start=first):
        name = bot_name(seat) if human else f"Bot {seat + 1}"
        players.append(PlayerInfo(name, SeatKind.BOT, level))
    return tuple(players)


@dataclass(frozen=True)
class BotTurn:
    """A bot's decision, not yet applied: the action and its generator's state after it.

    The decision and the generator state are kept together, so a saved game
    holds both or neither.
    """

    seat: int
    action: Action
    rng_state: Any
    position: int  # len(game.log) when decided: stale if the game moved on


class GameSession:
    """One game between seats: bots in *bots*, people in the others. *human* is the
    person whose game this is on this computer (their statistics; None: bots only,
    or a game hosted for others)."""

    def __init__(
        self,
        state: SaveState,
        bots: dict[int, Bot],
        *,
        human: int | None = 0,
        bot_states: dict[int, Any] | None = None,
    ) -> None:
        self.state = state
        self.bots = bots
        self.human = human
        self.bot_states: dict[int, Any] = dict(bot_states or {})
        for seat, bot in bots.items():
            self.bot_states.setdefault(seat, _rng_of(bot).getstate())
        self.listeners: list[Listener] = []
        self.finished = False
        self.closed = False

    # -- building ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        levels: Sequence[str],
        *,
        seed: int | None = None,
        human: bool = True,
        playouts: int | None = None,
        bot_seed: Callable[[int, int], int] | None = None,
        bot_factory: BotFactory | None = None,
    ) -> GameSession:
        """A new game: the person in seat 0 (if *human*) against bots of *levels*.

        *bot_seed(game_seed, seat)* gives each bot its seed (default
        ``seed * 10 + seat``); *bot_factory* makes the bots (default
        :func:`sniff.bots.make_bot`).
        """
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        players = players_for(levels, human=human)
        game = Game(rules, len(players), seed=seed)
        seeds = bot_seed or (lambda game_seed, seat: game_seed * 10 + seat)
        factory: BotFactory = bot_factory or make_bot
        tuning = {} if playouts is None else {"playouts": playouts}
        bots = {
            seat: factory(player.level or BotLevel.EXPERT, seed=seeds(seed, seat), **tuning)
            for seat, player in enumerate(players)
            if player.kind is SeatKind.BOT
        }
        return cls(SaveState(game, players, seed=seed), bots, human=0 if human else None)

    @classmethod
    def resume(cls, snap: GameSnapshot, *, playouts: int | None = None) -> GameSession:
        """The saved game, exactly as it was: the bots' generators too."""
        game, bot_states, _ui = restore(snap)
        state = SaveState(game, snap.players, seed=snap.seed, actions=snap.actions)
        bots: dict[int, Bot] = {}
        states: dict[int, Any] = {}
        for seat, player in enumerate(snap.players):
            if player.kind is not SeatKind.BOT:
                continue
            bot = make_bot(player.level or BotLevel.EXPERT, seed=seat, playouts=playouts)
            saved = bot_states[seat] if seat < len(bot_states) else None
            if saved is not None:
                _rng_of(bot).setstate(saved)
            bots[seat] = bot
            states[seat] = _rng_of(bot).getstate()
        human = next(
            (seat for seat, p in enumerate(snap.players) if p.kind is SeatKind.HUMAN), None
        )
        return cls(state, bots, human=human, bot_states=states)

    # -- reading ---------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def rules(self) -> RuleSet:
        return self.game.rules

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self.state.players

    @property
    def seed(self) -> int | None:
        return self.state.seed

    def observe(self, seat: int | None = None) -> Observation:
        """What *seat* (default: the person's) may know now."""
        chosen = self.human if seat is None else seat
        if chosen is None:
            raise ValueError("a game of bots only has no person's view")
        return observe(self.game, chosen)

    def people(self) -> list[int]:
        """The seats a person plays (every seat without a bot)."""
        return [seat for seat in range(self.game.players) if seat not in self.bots]

    def bot_to_act(self) -> bool:
        """Whether a bot acts next."""
        game = self.game
        return not self.closed and game.phase in ACTIVE and game.current in self.bots

    # -- acting ----------------------------------------------------------------------------

    def stand_in(self, seat: int, bot: Bot | None) -> None:
        """*bot* plays for the person in *seat* from now on (None: the person again)."""
        if bot is None:
            self.bots.pop(seat, None)
            return
        self.bots[seat] = bot
        self.bot_states[seat] = _rng_of(bot).getstate()

    def refusal_for(
        self, seat: int, action: Action, *, decided_at: int | None = None
    ) -> Refusal | None:
        """Why *seat*'s *action* is not allowed now (None: it is); *decided_at*: the
        position it was decided at (see :meth:`sniff.engine.Game.refusal_for`)."""
        return self.game.refusal_for(seat, action, decided_at=decided_at)

    def act(self, seat: int, action: Action) -> list[Event]:
        """A person's action for *seat*. Raises the engine's :class:`Refusal` if it is
        not allowed (see :meth:`refusal_for`)."""
        refusal = self.refusal_for(seat, action)
        if refusal is not None:
            raise refusal
        return self._apply(action)

    def decide(self) -> BotTurn:
        """The bot to act decides (this may take long: call it off the interface's
        thread); nothing changes until :meth:`apply_bot`."""
        seat = self.game.current
        bot = self.bots[seat]
        obs = observe(self.game, seat)
        action = bot.choose(obs)
        return BotTurn(seat, action, _rng_of(bot).getstate(), len(self.game.log))

    def is_current(self, turn: BotTurn) -> bool:
        """Whether *turn* still fits the game (nothing happened since it was decided)."""
        game = self.game
        return (
            not self.closed
            and turn.position == len(game.log)
            and game.current == turn.seat
            and turn.seat in self.bots  # (a person back at their seat takes it over)
            and game.phase in ACTIVE
        )

    def apply_bot(self, turn: BotTurn) -> list[Event]:
        """Apply a bot's decision (it must still be current)."""
        if not self.is_current(turn):
            raise ValueError("the bot's decision is out of date")
        self.bot_states[turn.seat] = turn.rng_state
        return self._apply(turn.action)

    def next_round(self) -> list[Event]:
        """Deal the next round (a thrown-in deal comes before the one that is played)."""
        game = self.game
        start = len(game.log)
        game.next_round()
        events = game.log[start:]
        self._tell(events)
        return events

    def _apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        self._tell(events)
        return events

    def _tell(self, events: Sequence[Event]) -> None:
        for listener in list(self.listeners):
            listener(self, events)
        if self.game.phase is Phase.GAME_OVER:
            self.finished = True

    # -- saving ------------------------------------------------------------------------------

    def snapshot(self, ui: dict[str, Any] | None = None) -> GameSnapshot:
        """The game as a save holds it (with the interface's own *ui* part)."""
        states = tuple(self.bot_states.get(seat) for seat in range(self.game.players))
        return self.state.snapshot(bot_rng_states=states, ui=ui)

    def close(self) -> None:
        """No more actions: the game is being left."""
        self.closed = True


def _rng_of(bot: Bot) -> random.Random:
    """A bot's random generator (its state is saved with the game)."""
    if not isinstance(bot, SeededBot) or not isinstance(bot.rng, random.Random):
        raise TypeError(f"{type(bot).__name__} has no random generator: it cannot be saved")
    return bot.rng
