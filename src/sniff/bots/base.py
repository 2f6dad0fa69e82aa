"""What every bot shares: the protocol, and the muggins-rule habits per level.

A bot is handed an :class:`~sniff.engine.Observation` (what one seat may
know) and answers with one of its legal actions. It never sees the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from sniff.engine import Action, CallMuggins, Claim, Claimed, Observation, Phase


class Bot(Protocol):
    """A computer player. Same seed and same observations give the same choices."""

    @property
    def level(self) -> str:
        """The bot's strength (a :class:`~sniff.enums.BotLevel`, or a lesson's script)."""
        ...

    def choose(self, obs: Observation) -> Action:
        """The action to take in the position *obs* describes (it is this seat's turn)."""
        ...


@runtime_checkable
class SeededBot(Protocol):
    """A bot whose every chance comes from its own generator: the game saves its
    state, so a resumed game's bots choose as they would have."""

    rng: random.Random


def check_observation(obs: object) -> Observation:
    """Refuse anything but an Observation, so no bot can be handed a whole game."""
    if not isinstance(obs, Observation):
        raise TypeError(f"a bot sees an Observation, not {type(obs).__name__}")
    if not obs.my_turn:
        raise ValueError(f"it is not seat {obs.seat}'s turn to act")
    return obs


def last_claim_wrong(obs: Observation) -> bool:
    """Whether the claim that opened a muggins call missed the points earned."""
    for event in reversed(obs.history):
        if isinstance(event, Claimed):
            return not event.correct
    # No claim in sight: the engine only asks for muggins after a wrong claim.
    return True


class SimpleBot:
    """A bot that decides from the observation alone, with its own seeded rng:
    subclasses set their level's habits and write :meth:`play`."""

    level = "simple"
    claim_right = 1.0
    muggins_call = 1.0

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """The level's claim or muggins call, or its play."""
        obs = check_observation(obs)
        if obs.phase is not Phase.PLAY:
            return table_talk(obs, self.rng, self.claim_right, self.muggins_call)
        return self.play(obs)

    def play(self, obs: Observation) -> Action:
        """The action in the PLAY phase."""
        raise NotImplementedError


class SearchBot:
    """A bot that weighs every legal action by looking ahead (:meth:`evaluate`) and
    takes the best. Its claims are always right, and it always calls muggins on a
    wrong claim (the engine asks for the call only then)."""

    level = "search"

    def __init__(self, seed: int, *, time_limit: float | None = None) -> None:
        self.rng = random.Random(seed)
        # Wall-clock limits make choices depend on the machine: interactive use only.
        self.time_limit = time_limit

    def choose(self, obs: Observation) -> Action:
        """The action with the best value (the first of equals); a lone one at once."""
        obs = check_observation(obs)
        if obs.phase is Phase.CLAIM:
            return Claim(obs.pending_points)
        if obs.phase is Phase.MUGGINS:
            return CallMuggins(True)
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        values = self.evaluate(obs)
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        return legal[best]

    def evaluate(self, obs: Observation) -> list[float]:
        """The value of each of ``obs.legal``, in order."""
        raise NotImplementedError


#: What reaching the target (or letting an opponent reach it) is worth in a look-ahead.
WIN_VALUE = 1000.0


def outcome_value(
    scores: Sequence[int], before: Sequence[int], side: int, winner: int | None
) -> float:
    """What a look-ahead that ended with *scores* is worth to *side*: what it gained
    over the best opposing side, and :data:`WIN_VALUE` if a side (*winner*) won."""
    gained = scores[side] - before[side]
    value = float(gained - max(scores[s] - before[s] for s in range(len(scores)) if s != side))
    if winner is not None:
        value += WIN_VALUE if winner == side else -WIN_VALUE
    return value


def table_talk(obs: Observation, rng: random.Random, claim_right: float, call: float) -> Action:
    """The claim (CLAIM phase) or the muggins call (MUGGINS phase) of a bot whose
    claims are right with probability *claim_right* (else it claims nothing) and
    who calls muggins on a wrong claim with probability *call*.

    One rng draw is taken in either case, so that a level's choices stay
    reproducible whatever the points are.
    """
    roll = rng.random()
    if obs.phase is Phase.CLAIM:
        return Claim(obs.pending_points if roll < claim_right else 0)
    return CallMuggins(last_claim_wrong(obs) and roll < call)
