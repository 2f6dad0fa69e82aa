"""The phases of a game: whose move is awaited, and of what kind."""

from __future__ import annotations

from enum import Enum

__all__ = ["ACTIVE", "Phase"]


class Phase(str, Enum):
    PLAY = "play"  # the current player plays, draws or passes
    CLAIM = "claim"  # muggins rule: the player who just played claims points
    MUGGINS = "muggins"  # the next opponent may take unclaimed points
    ROUND_OVER = "round-over"  # call next_round()
    GAME_OVER = "game-over"


#: The phases in which a player is to act.
ACTIVE: frozenset[Phase] = frozenset({Phase.PLAY, Phase.CLAIM, Phase.MUGGINS})
