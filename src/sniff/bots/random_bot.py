"""The easiest level: any legal action, uniformly at random."""

from __future__ import annotations

import random

from sniff.bots.base import check_observation, table_talk
from sniff.engine import Action, Observation, Phase


class RandomBot:
    """Plays a uniformly random legal action; claims right half the time and
    calls muggins on three wrong claims in ten."""

    level = "random"
    claim_right = 0.5
    muggins_call = 0.3

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """A random legal action (the claim and muggins habits of this level)."""
        obs = check_observation(obs)
        if obs.phase is not Phase.PLAY:
            return table_talk(obs, self.rng, self.claim_right, self.muggins_call)
        return self.rng.choice(obs.legal)
