"""A measuring device, never a level: the master as it would play if it saw the other hands.

``HandSeer`` is the master with one change: instead of guessing the other
players' hands from what it saw, it is handed the game and takes their real
hands; only the order of the boneyard is still guessed. How much it wins
over the real master is what the hidden tiles are worth, the most that
better guessing could ever bring. It lives here, with the benchmarks, so
that no game can ever seat it.

    python benchmarks/tournament.py --a oracle --b expert --games 200
"""

from __future__ import annotations

from sniff.bots.master import Deal, MasterBot
from sniff.engine import Game, Observation
from sniff.enums import BotLevel

__all__ = ["HandSeer"]


class HandSeer(MasterBot):
    """The master, told the real hands: set :attr:`game` before each decision."""

    level = BotLevel.MASTER  # (the master's search, with the hands told)
    game: Game | None = None

    def likely_deals(self, obs: Observation, count: int) -> list[tuple[Deal, float]]:
        """*count* deals with the real hands and the boneyard in a guessed order."""
        game = self.game
        if game is None:
            raise RuntimeError("the hand-seer must be handed the game before each decision")
        hands = [list(hand) for hand in game.hands]
        boneyard = list(game.boneyard)
        deals: list[tuple[Deal, float]] = []
        for _ in range(count):
            order = boneyard[:]
            self.rng.shuffle(order)
            deals.append(((hands, order), 1.0))
        return deals
