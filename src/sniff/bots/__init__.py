"""Computer players. They see an :class:`~sniff.engine.Observation`, never the game.

>>> bot = make_bot("greedy", seed=1)
>>> print(bot.level)
greedy
"""

from __future__ import annotations

from sniff.bots.base import Bot, SeededBot
from sniff.bots.expert import DEFAULT_PLAYOUTS, ExpertBot
from sniff.bots.greedy import GreedyBot
from sniff.bots.master import DEFAULT_DEALS, MasterBot
from sniff.bots.random_bot import RandomBot
from sniff.bots.sampler import Sampler
from sniff.enums import BotLevel, values

#: Every level :func:`make_bot` makes, weakest first (the closed set is :class:`BotLevel`).
LEVELS: tuple[str, ...] = values(BotLevel)


def make_bot(
    level: str, *, seed: int, playouts: int | None = None, time_limit: float | None = None
) -> Bot:
    """A bot of *level* with its own ``random.Random(seed)``.

    *playouts* and *time_limit* tune the expert and the master (the others
    ignore them); a time limit makes their choices depend on the machine's speed.
    """
    try:
        chosen = BotLevel(level)
    except ValueError:
        raise ValueError(
            f"unknown bot level {level!r}; choose one of {', '.join(LEVELS)}"
        ) from None
    if chosen is BotLevel.RANDOM:
        return RandomBot(seed)
    if chosen is BotLevel.GREEDY:
        return GreedyBot(seed)
    if chosen is BotLevel.EXPERT:
        return ExpertBot(
            seed,
            playouts=DEFAULT_PLAYOUTS if playouts is None else playouts,
            time_limit=time_limit,
        )
    # The master. One deal plays every legal action out: a playout budget is a deal
    # budget a few times smaller (tests and hints pass small budgets to stay quick).
    deals = DEFAULT_DEALS if playouts is None else max(1, playouts // 3)
    return MasterBot(seed, deals=deals, time_limit=time_limit)


__all__ = [
    "DEFAULT_PLAYOUTS",
    "LEVELS",
    "Bot",
    "ExpertBot",
    "GreedyBot",
    "MasterBot",
    "RandomBot",
    "Sampler",
    "SeededBot",
    "make_bot",
]
