"""How well a guessed deal explains the other players' past choices.

The sampler's deals agree with every fact the rules give away (the tiles
seen, who drew, who passed on which ends). Players' choices say more: at
every level above random, a player who could have scored more than the play
they made is rare. :class:`PlayModel` replays the round once; for a guessed
deal it looks at each free choice of another player (a play not forced by a
drawn tile or a required lead), works out the hand the deal says they held
then, and for each such choice where that hand had a play earning more,
multiplies the deal's weight by *penalty*. Deals that explain the table
count for more in the master's averages.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from sniff.engine import Dealt, Drew, End, Layout, Observation, Played, Tile, compact
from sniff.engine.tables import points_table

__all__ = ["PlayModel"]


class PlayModel:
    """The other players' free choices of this round, to weigh guessed deals by."""

    def __init__(self, obs: Observation, per_point: float, per_pip: float) -> None:
        rules = obs.rules
        self.per_point = per_point
        self.per_pip = per_pip
        self.mode = compact.MODE_CODE[rules.spinner]
        self.points = points_table(rules.scoring, rules.points_unit)
        # (place in history, player, layout before, points earned, tiles played from then on)
        self.choices: list[tuple[int, int, list[int], int, int, int]] = []
        layout = Layout.empty(rules.spinner)
        previous: object = None
        required = obs.required_lead is not None or rules.lead.value == "highest-double"
        found: list[tuple[int, int, list[int], int, int]] = []
        played_at: list[tuple[int, int, Tile]] = []  # (place, player, tile)
        for index, event in enumerate(obs.history):
            if isinstance(event, Dealt):
                found.clear()
                played_at.clear()
                layout = Layout.empty(rules.spinner)
            elif isinstance(event, Played):
                forced = (
                    rules.must_play_drawn
                    and isinstance(previous, Drew)
                    and previous.player == event.player
                ) or (event.end is End.LEAD and required)
                if event.player != obs.seat and not forced:
                    found.append(
                        (index, event.player, layout._state, event.points, event.tile.pips)
                    )
                played_at.append((index, event.player, event.tile))
                layout = layout.place(event.tile, event.end, endwise=event.endwise)
            previous = event
        for index, player, state, earned, pips in found:
            later = compact.mask_of(
                tile for at, who, tile in played_at if who == player and at >= index
            )
            self.choices.append((index, player, state, earned, pips, later))

    def weight(self, hands: Sequence[Sequence[Tile]], came: Sequence[Sequence[int]]) -> float:
        """The weight of a guessed deal: *hands* now, and for each tile of the other
        hands the place in the history where it came into the hand."""
        weight = 1.0
        id_of = compact.ID_OF
        for index, player, state, earned, pips, later in self.choices:
            held = later
            for tile, when in zip(hands[player], came[player], strict=False):
                if when < index:
                    held |= 1 << id_of[tile]
            weight *= self._likelihood(state, held, earned, pips)
        return weight

    def _likelihood(self, state: list[int], held: int, earned: int, pips: int) -> float:
        """How likely the play made (earning *earned*, a tile of *pips*) is among the
        plays of *held* on layout *state*: a softmax of points and pips."""
        table = self.points
        mode = self.mode
        a, b = self.per_point, self.per_pip
        total = 0.0
        if state[compact.LEAD_HI] < 0:
            for tid in range(91):
                if held >> tid & 1:
                    total += exp(a * table[compact.PIPS[tid]] + b * compact.PIPS[tid])
        else:
            for arm in range(4):
                pip = state[arm]
                if pip < 0:
                    continue
                fits = held & compact.PIP_MASK[pip]
                while fits:
                    bit = fits & -fits
                    fits ^= bit
                    tid = bit.bit_length() - 1
                    high, low = compact.HIGH[tid], compact.LOW[tid]
                    count = compact.count_after(state, mode, high, low, arm)
                    total += exp(a * table[count] + b * (high + low))
        made = exp(a * earned + b * pips)
        return made / total if total > made else 1.0
