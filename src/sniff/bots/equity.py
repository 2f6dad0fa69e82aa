"""What a score is worth: the chance of winning the game from it.

A look-ahead that ends with the round ends with scores, not with a winner.
Points are not what a player wants, though, but the game: ten points matter
little at 20 to 30 and decide everything at 185 to 190. :class:`RaceModel`
turns scores into the chance of winning from them, as a race of two sides to
the target over the rounds still to come. Each round, a side gains
:attr:`~RaceModel.mean` points on average and the two sides' gains differ
with a standard deviation of :attr:`~RaceModel.spread`; the rounds left are
about as many as both sides need, shared out at that pace. The difference
after those rounds is taken as normal, so the chance is a normal
distribution's at the lead in points over its spread over the rounds left.
From the round starts of greedy games the model is right within five
points in every tenth of its range (docs/performance.md has the figures).

The two figures are measured for each rule set and table size the first
time they are needed, from seeded rounds played out on the compact core, so
every preset, house rule and target has its own (and the same each time).
The model is for two sides, as a race between two is; with more sides,
:func:`race_model` gives None and the master values points instead.
"""

from __future__ import annotations

from functools import lru_cache
from math import erf, sqrt
from statistics import fmean, pstdev
from typing import NamedTuple

from sniff.engine import Game, RuleSet
from sniff.engine.playout import Round

__all__ = ["MEASURED_ROUNDS", "RaceModel", "race_model"]

#: Rounds played out to measure a rule set's pace (about 40 ms for two players).
MEASURED_ROUNDS = 600
_FIRST_SEED = 900_000  # the measuring deals' seeds: fixed, so every model is reproducible
_ROOT_HALF = sqrt(0.5)


class RaceModel(NamedTuple):
    """Two sides racing to the target, round by round."""

    mean: float  # points a side gains in a round, on average
    spread: float  # standard deviation of the difference of the two sides' gains in a round

    def win_chance(self, need: float, other_needs: float) -> float:
        """The chance that a side needing *need* more points wins against one
        needing *other_needs* (a side at or past the target has won).

        >>> race = RaceModel(mean=36.0, spread=30.0)
        >>> race.win_chance(100, 100), race.win_chance(0, 50), race.win_chance(20, 0)
        (0.5, 1.0, 0.0)
        >>> round(race.win_chance(50, 100), 2)
        0.85
        """
        if need <= 0 or other_needs <= 0:
            return 0.5 if need <= 0 and other_needs <= 0 else float(need <= 0)
        rounds = (need + other_needs) / (2.0 * self.mean) + 0.5
        lead = (other_needs - need) / (self.spread * sqrt(rounds))
        return 0.5 * (1.0 + erf(lead * _ROOT_HALF))


@lru_cache(maxsize=32)
def race_model(rules: RuleSet, players: int) -> RaceModel | None:
    """The pace of *rules* at a table of *players*, measured on seeded rounds in which
    every player makes the play that earns the most; None unless there are two sides.

    >>> from sniff.engine import preset
    >>> race = race_model(preset("sniff"), 2)
    >>> 20 < race.mean < 60 and 15 < race.spread < 50
    True
    >>> race_model(preset("sniff"), 3) is None
    True
    """
    probe = Game(rules, players, seed=_FIRST_SEED)
    if len(probe.sides) != 2:
        return None
    gains: list[int] = []
    differences: list[int] = []
    for seed in range(_FIRST_SEED, _FIRST_SEED + MEASURED_ROUNDS):
        rnd = Round.from_game(Game(rules, players, seed=seed))
        before = rnd.scores[:]
        rnd.playout()
        first, second = rnd.scores[0] - before[0], rnd.scores[1] - before[1]
        gains += (first, second)
        differences.append(first - second)
    # A floor keeps a degenerate house rule (no points at all) from dividing by zero.
    return RaceModel(mean=max(1.0, fmean(gains)), spread=max(1.0, pstdev(differences)))
