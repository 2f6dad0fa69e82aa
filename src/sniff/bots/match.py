"""Bots playing whole games against each other (simulations, tests, benchmarks)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from sniff.bots.base import Bot
from sniff.engine import Game, Phase, RuleSet, observe

#: Called after each decision: the seat, the bot, and the seconds it took.
DecisionHook = Callable[[int, Bot, float], None]


def play_game(
    rules: RuleSet,
    bots: Sequence[Bot],
    *,
    seed: int,
    max_rounds: int = 200,
    on_decision: DecisionHook | None = None,
    game: Game | None = None,
) -> Game:
    """Play a game of *rules* between *bots* (one per seat) to the end and return
    it. Each bot is handed only its own observation. The game is made from
    *rules* and *seed*, unless one already made is given (for a benchmark
    that must watch it as it is played).

    >>> from sniff.bots import make_bot
    >>> from sniff.engine import preset
    >>> bots = [make_bot("greedy", seed=s) for s in (1, 2)]
    >>> game = play_game(preset("alle-fuenfe"), bots, seed=7)
    >>> game.phase.value, max(game.scores) >= game.target
    ('game-over', True)
    """
    if game is None:
        game = Game(rules, len(bots), seed=seed)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            if game.round_no >= max_rounds:
                raise RuntimeError(f"no winner after {max_rounds} rounds")
            game.next_round()
            continue
        seat = game.current
        bot = bots[seat]
        obs = observe(game, seat)
        started = time.perf_counter()
        action = bot.choose(obs)
        if on_decision is not None:
            on_decision(seat, bot, time.perf_counter() - started)
        game.apply(action)
    return game
