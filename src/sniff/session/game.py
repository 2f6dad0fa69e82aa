"""A game in progress, without any interface: the one game loop.

:class:`GameSession` holds the engine's game, the seats (a person at the
keyboard, bots), the bots' random generators, and the list of every action
taken (so the game can be saved and resumed exactly). Every action goes
through it; after each one, its listeners hear the events (the record file,
the autosave, statistics at the game's end). The keyboard game, ``sniff
simulate`` and the tutorial all play through it; the interface adds only
keys, words and pacing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sniff.bots import Bot, make_bot
from sniff.engine import (
    ACTIVE,
    Action,
    Event,
    Game,
    Move,
    Observation,
    Phase,
    Refusal,
    RuleSet,
    Tile,
    observe,
    tile_moves,
)
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
    players = [PlayerInfo("You", "human")] if human else []
    first = len(players)
    for seat, level in enumerate(levels, start=first):
        players.append(PlayerInfo(bot_name(seat) if human else f"Bot {seat + 1}", "bot", level))
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
    """One game between seats; *human* is the seat at the keyboard (None: bots only)."""

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
        # Where "what happened since your last move" starts, as a place in the log.
        self.last_move_at = len(self.game.log)

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
            seat: factory(player.level or "expert", seed=seeds(seed, seat), **tuning)
            for seat, player in enumerate(players)
            if player.kind == "bot"
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
            if player.kind != "bot":
                continue
            bot = make_bot(player.level or "expert", seed=seat, playouts=playouts)
            saved = bot_states[seat] if seat < len(bot_states) else None
            if saved is not None:
                _rng_of(bot).setstate(saved)
            bots[seat] = bot
            states[seat] = _rng_of(bot).getstate()
        human = next((seat for seat, p in enumerate(snap.players) if p.kind == "human"), None)
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

    def my_turn(self) -> bool:
        """Whether the person is to act."""
        game = self.game
        return self.human is not None and game.phase in ACTIVE and game.current == self.human

    def bot_to_act(self) -> bool:
        """Whether a bot acts next."""
        game = self.game
        return not self.closed and game.phase in ACTIVE and game.current in self.bots

    def hand(self) -> list[Tile]:
        """The person's tiles, in their order."""
        return [] if self.human is None else self.game.hands[self.human]

    def moves_for(self, tile: Tile) -> list[Move]:
        """Where *tile* may go: on the person's turn the legal moves, otherwise
        where it would fit (to preview while the others play)."""
        game = self.game
        if self.my_turn() and game.phase is Phase.PLAY:
            return [m for m in game.legal_moves() if m.tile == tile]
        return tile_moves(game.layout, tile, game.rules)

    def events_since_my_move(self) -> list[Event]:
        """Everything in the log since the person's last action (or the start)."""
        return self.game.log[self.last_move_at :]

    # -- acting ----------------------------------------------------------------------------

    def refusal(self, action: Action) -> Refusal | None:
        """Why the person's *action* is not allowed now (None: it is)."""
        return self.game.refusal(action)

    def act(self, action: Action) -> list[Event]:
        """The person's action. Raises the engine's :class:`Refusal` if not allowed."""
        refusal = self.refusal(action)
        if refusal is not None:
            raise refusal
        events = self._apply(action)
        self.last_move_at = len(self.game.log)
        return events

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

    def play_bots(self, *, max_rounds: int | None = None) -> None:
        """Play on while only bots are to act (and deal the next round when the person
        is not in the game), until the person is to act or the game ends."""
        game = self.game
        while not self.closed:
            if game.phase is Phase.ROUND_OVER and self.human is None:
                if max_rounds is not None and game.round_no >= max_rounds:
                    return
                self.next_round()
            elif self.bot_to_act():
                self.apply_bot(self.decide())
            else:
                return

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


def _rng_of(bot: Any) -> random.Random:
    """A bot's random generator (its state is saved with the game)."""
    rng = getattr(bot, "rng", None)
    if not isinstance(rng, random.Random):
        raise TypeError(f"{type(bot).__name__} has no random generator: it cannot be saved")
    return rng
