"""A strong level: determinized Monte Carlo over the seat's observation.

For each decision the expert deals the tiles it has not seen in many ways
consistent with what it saw (:mod:`sniff.bots.sampler`), and in each such deal
plays every candidate action followed by a quick greedy playout to the end of
the round. An action's value is the points its side gains minus the best
opposing side's gain, with reaching the target worth far more than any score.
Budgets are counted in playouts, so a seeded expert is reproducible; a time
limit exists only as an option for interactive play.
"""

from __future__ import annotations

import random
import time

from sniff.bots.base import SearchBot, check_observation, outcome_value
from sniff.bots.sampler import Sampler
from sniff.engine import (
    Game,
    Observation,
    Phase,
    determinize,
    what_if,
)
from sniff.enums import BotLevel

#: Playouts per decision by default (tuned for well under 250 ms at p95).
DEFAULT_PLAYOUTS = 600


def playout(game: Game) -> None:
    """Play *game* on to the end of the round with a cheap greedy policy: the
    most points, then the heaviest tile; draw only when nothing fits."""
    rules = game.rules
    while True:
        phase = game.phase
        if phase is Phase.PLAY:
            moves = game.legal_moves()
            if moves:
                layout = game.layout
                best = moves[0]
                if len(moves) > 1:
                    best_key = -1
                    for move in moves:
                        key = what_if(layout, move, rules).points * 64 + move.tile.pips
                        if key > best_key:
                            best, best_key = move, key
                game.play(best)
            elif game.can_draw():
                game.draw()
            else:
                game.pass_turn()
        elif phase is Phase.CLAIM:
            game.claim(game.pending_points)
        elif phase is Phase.MUGGINS:
            game.call_muggins(True)
        else:
            return


class ExpertBot(SearchBot):
    """Perfect-information Monte Carlo: sampled deals, greedy playouts on the game itself."""

    level = BotLevel.EXPERT

    def __init__(
        self, seed: int, *, playouts: int = DEFAULT_PLAYOUTS, time_limit: float | None = None
    ) -> None:
        super().__init__(seed, time_limit=time_limit)
        self.playouts = playouts

    def evaluate(self, obs: Observation) -> list[float]:
        """The mean playout value of each of ``obs.legal``, in order."""
        obs = check_observation(obs)
        legal = obs.legal
        rng = self.rng
        sampler = Sampler(obs)
        side = obs.side
        before = obs.scores
        totals = [0.0] * len(legal)
        rounds = max(1, self.playouts // len(legal))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        game_rng = random.Random(0)  # only a new round would use it; playouts stop first
        done = 0
        for _ in range(rounds):
            hands, boneyard = sampler.sample(rng)
            base = determinize(obs, hands, boneyard, rng=game_rng)
            for i, action in enumerate(legal):
                game = base.copy()
                game.apply(action)
                playout(game)
                over = game.phase is Phase.GAME_OVER
                totals[i] += outcome_value(game.scores, before, side, game.winner if over else None)
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        return [total / done for total in totals]
