"""How well a guessed deal explains the other players' past choices.

The sampler's deals agree with every fact the rules give away (the tiles
seen, who drew, who passed on which ends). Players' choices say more: at
every level above random, a player who could have scored more than the play
they made is rare. :class:`PlayModel` asks the engine once which of the
round's plays were another player's free choice (not a drawn tile or a lead
the rules made them play: :meth:`~sniff.engine.Observation.chosen_plays`)
and what every tile would have earned there (:func:`~sniff.engine.tile_moves`,
:func:`~sniff.engine.what_if`). For a guessed deal it then works out the hand
the deal says that player held, and weighs the play made against the others
that hand could have made: deals that explain the table count for more in
the master's averages.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from sniff.engine import Observation, Played, Tile, compact, full_set, tile_moves, what_if

__all__ = ["PlayModel"]

#: (place in the history, player, the weight of each tile's plays there by tile id,
#: the tiles that fit there as a mask, the weight of the play made, the tiles the
#: player played from then on as a mask)
Choice = tuple[int, int, list[float], int, float, int]


class PlayModel:
    """The other players' free choices of this round, to weigh guessed deals by.

    A play's weight is ``exp(per_point * points + per_pip * pips)``: players are
    taken to prefer plays that earn more, then heavier tiles.
    """

    def __init__(self, obs: Observation, per_point: float, per_pip: float) -> None:
        rules = obs.rules
        self.per_point = per_point
        self.per_pip = per_pip
        tiles = full_set(rules.max_pip)
        played = [
            (index, event.player, event.tile)
            for index, event in enumerate(obs.history)
            if isinstance(event, Played)
        ]
        self.choices: list[Choice] = []
        for at, play, before in obs.chosen_plays():
            if play.player == obs.seat:
                continue
            by_tile = [0.0] * len(compact.TILE_OF)
            fit = 0
            for tile in tiles:
                for move in tile_moves(before, tile, rules):
                    points = what_if(before, move, rules).points
                    by_tile[compact.ID_OF[tile]] += self._weigh(points, tile.pips)
                    fit |= 1 << compact.ID_OF[tile]
            made = self._weigh(play.points, play.tile.pips)
            later = compact.mask_of(
                tile for when, who, tile in played if who == play.player and when >= at
            )
            self.choices.append((at, play.player, by_tile, fit, made, later))

    def _weigh(self, points: int, pips: int) -> float:
        return exp(self.per_point * points + self.per_pip * pips)

    def weight(self, hands: Sequence[Sequence[Tile]], came: Sequence[Sequence[int]]) -> float:
        """The weight of a guessed deal: *hands* now, and for each tile of the other
        hands the place in the history where it came into the hand."""
        weight = 1.0
        id_of = compact.ID_OF
        for index, player, by_tile, fit, made, later in self.choices:
            held = later
            for tile, when in zip(hands[player], came[player], strict=False):
                if when < index:
                    held |= 1 << id_of[tile]
            # How likely the play made is among the plays the held hand could make.
            total = 0.0
            fits = held & fit
            while fits:
                bit = fits & -fits
                fits ^= bit
                total += by_tile[bit.bit_length() - 1]
            if total > made:
                weight *= made / total
        return weight
