"""The easiest level: any legal action, uniformly at random."""

from __future__ import annotations

from sniff.bots.base import SimpleBot
from sniff.engine import Action, Observation
from sniff.enums import BotLevel


class RandomBot(SimpleBot):
    """Plays a uniformly random legal action; claims right half the time and
    calls muggins on three wrong claims in ten."""

    level = BotLevel.RANDOM
    claim_right = 0.5
    muggins_call = 0.3

    def play(self, obs: Observation) -> Action:
        """A random legal action."""
        return self.rng.choice(obs.legal)
