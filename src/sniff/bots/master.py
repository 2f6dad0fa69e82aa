"""The strongest level: determinized search over the hidden tiles, on the fast core.

For each decision the master guesses the tiles it has not seen, many times
over, in ways that agree with everything its seat knows: the tiles seen, who
drew, who passed on which ends, how the round was led (:mod:`sniff.bots.
sampler`). It guesses twice as many deals as it plays out and keeps them in
proportion to how well they explain the other players' choices so far
(:mod:`sniff.bots.belief`: a player who could have scored more, or shed a
heavier tile, rarely plays as they did). In each kept deal it tries every
legal action and plays the round on to its end on
:class:`~sniff.engine.playout.Round`, the engine's compact form of a round,
many times faster than the game itself. In a playout every player makes the
play that earns the most; the other side's players, among plays that earn
the same, leave the next player the fewest points to make with the tiles
they cannot see (:mod:`sniff.engine.threats`), as people who know the game
do, so that the master does not count on counts a real opponent would not
leave it. (Its own side's later plays stay plain: the search weighs only the
play it is choosing.) An action's value is the master's chance of winning
the game: 1 where its side reaches the target in the playout, 0 where
another does, else the chance of winning from the scores the round left
(:mod:`sniff.bots.equity`), so that ten points weigh what they are worth at
that moment of the game. With more than two sides it is what its side gains
over the best opposing side, with reaching the target worth far more. The
same deals serve every action, so the actions are compared on equal terms.

Budgets are counted in deals, so a seeded master is reproducible; a time
limit exists as an option for interactive play only.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from sniff.bots.base import SearchBot, check_observation, outcome_value
from sniff.bots.belief import PlayModel
from sniff.bots.equity import race_model
from sniff.bots.sampler import Sampler
from sniff.engine import Observation, Tile
from sniff.engine.playout import Round, code_of_action
from sniff.enums import BotLevel

__all__ = ["DEFAULT_DEALS", "MasterBot"]

#: Deals per decision by default: every legal action is played out in each.
DEFAULT_DEALS = 300
#: At most this many playouts per decision, however many actions there are.
MAX_PLAYOUTS = 4000

Deal = tuple[list[list[Tile]], list[Tile]]


class MasterBot(SearchBot):
    """Determinized Monte Carlo search over likely deals, with playouts on the compact core.

    *per_point* and *per_pip* are how strongly the belief expects other players
    to take points and to shed heavy tiles; *oversample* is how many deals are
    guessed for each one kept.
    """

    level = BotLevel.MASTER

    def __init__(
        self,
        seed: int,
        *,
        deals: int = DEFAULT_DEALS,
        time_limit: float | None = None,
        per_point: float = 0.4,
        per_pip: float = 0.15,
        oversample: int = 2,
    ) -> None:
        super().__init__(seed, time_limit=time_limit)
        self.deals = deals
        self.per_point = per_point
        self.per_pip = per_pip
        self.oversample = oversample

    def evaluate(self, obs: Observation) -> list[float]:
        """The mean playout value of each of ``obs.legal``, in order: the chance of
        winning the game with two sides, else the points gained over the others."""
        obs = check_observation(obs)
        codes = [code_of_action(action) for action in obs.legal]
        value = self._valuer(obs)
        mine = obs.sides[obs.side]
        careful = sum(1 << seat for seat in range(obs.players) if seat not in mine)
        totals = [0.0] * len(codes)
        deals = max(1, min(self.deals, MAX_PLAYOUTS // len(codes)))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        weights = 0.0
        for (hands, boneyard), weight in self.likely_deals(obs, deals):
            base = Round.from_observation(obs, hands, boneyard)
            for i, code in enumerate(codes):
                rnd = base.copy()
                rnd.apply(code)
                rnd.playout(careful)
                totals[i] += weight * value(rnd)
            weights += weight
            if deadline is not None and time.perf_counter() > deadline:
                break
        return [total / weights for total in totals]

    @staticmethod
    def _valuer(obs: Observation) -> Callable[[Round], float]:
        """What a played-out round is worth to *obs*'s side."""
        side = obs.side
        race = race_model(obs.rules, obs.players)
        if race is None:
            before = obs.scores

            def points(rnd: Round) -> float:
                winner = rnd.winner if rnd.winner >= 0 else None
                return outcome_value(rnd.scores, before, side, winner)

            return points
        other = 1 - side
        target = obs.target
        win_chance = race.win_chance

        def chance(rnd: Round) -> float:
            if rnd.winner >= 0:
                return float(rnd.winner == side)
            return win_chance(target - rnd.scores[side], target - rnd.scores[other])

        return chance

    def likely_deals(self, obs: Observation, count: int) -> list[tuple[Deal, float]]:
        """*count* deals of the hidden tiles with their weights, by how well they
        explain the other players' choices. With *oversample* above 1, more deals
        are guessed than kept and the likelier ones are kept more often (systematic
        resampling), each then weighing the same."""
        rng = self.rng
        sampler = Sampler(obs)
        model = PlayModel(obs, self.per_point, self.per_pip)
        guessed: list[Deal] = []
        weights: list[float] = []
        for _ in range(count * self.oversample):
            hands, boneyard, came = sampler.sample_with_times(rng)
            guessed.append((hands, boneyard))
            weights.append(model.weight(hands, came))
        if self.oversample == 1:
            return list(zip(guessed, weights, strict=True))
        step = sum(weights) / count
        mark = rng.random() * step
        kept: list[tuple[Deal, float]] = []
        reached = 0.0
        for deal, weight in zip(guessed, weights, strict=True):
            reached += weight
            while mark < reached and len(kept) < count:
                kept.append((deal, 1.0))
                mark += step
        while len(kept) < count:  # rounding, at the very end
            kept.append((guessed[-1], 1.0))
        return kept
