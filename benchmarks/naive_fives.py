"""A deliberately naive All Fives (Sniff) hand: the yardstick for the engine's speed.

A benchmark baseline, not part of the game. Two players, a double-six set,
seven tiles each; the first double is the sniff, open on all four sides; a
player who cannot play draws until a tile fits and must play a drawn tile
that fits, and passes with the boneyard empty; a play scores the count when
it is a multiple of five; the round ends by domino (the opponent's pips) or
block (the difference). It is written the way one writes it first:
dataclasses and lists, the legal moves worked out afresh for every turn, the
count summed over the whole layout after every play, no checks on the moves
it is given and no record of what happened. It is plain, not slowed down on
purpose: ``bench_engine.py`` plays it through the same loop as the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

WEST, EAST, NORTH, SOUTH = 0, 1, 2, 3


@dataclass
class NaiveMove:
    tile: tuple[int, int]
    arm: int  # -1: the lead; -2: draw; -3: pass


DRAW = NaiveMove((-1, -1), -2)
PASS = NaiveMove((-1, -1), -3)


@dataclass
class Placed:
    tile: tuple[int, int]
    outer: int


@dataclass
class NaiveHand:
    """One hand of two-player All Fives with a sniff, dealt from *seed*."""

    seed: int
    hands: list[list[tuple[int, int]]] = field(default_factory=list)
    boneyard: list[tuple[int, int]] = field(default_factory=list)
    lead: tuple[int, int] | None = None
    sniff: int = -1  # the sniff's pip, -1 before the first double
    arms: list[list[Placed]] = field(default_factory=lambda: [[], [], [], []])
    current: int = 0
    passes: int = 0
    forced: tuple[int, int] | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    over: bool = False

    def __post_init__(self) -> None:
        rng = random.Random(self.seed)
        tiles = [(high, low) for high in range(7) for low in range(high + 1)]
        rng.shuffle(tiles)
        self.hands = [tiles[:7], tiles[7:14]]
        self.boneyard = tiles[14:]
        self.current = rng.randrange(2)

    def open_ends(self) -> list[tuple[int, int]]:
        """(arm, pip) of each end a tile may go on."""
        assert self.lead is not None
        ends = []
        for arm in (WEST, EAST, NORTH, SOUTH):
            placed = self.arms[arm]
            if placed:
                ends.append((arm, placed[-1].outer))
            elif arm == WEST:
                ends.append((arm, self.lead[0]))
            elif arm == EAST:
                ends.append((arm, self.lead[1]))
            elif self.sniff >= 0:
                ends.append((arm, self.sniff))
        return ends

    def count(self) -> int:
        """The count, summed over the layout's ends."""
        assert self.lead is not None
        lead_double = self.lead[0] == self.lead[1]
        total = 0
        if lead_double and not self.arms[WEST] and not self.arms[EAST]:
            total += self.lead[0] + self.lead[1]  # a lone double lead counts once
        else:
            for arm in (WEST, EAST):
                placed = self.arms[arm]
                if placed:
                    end = placed[-1]
                    double = end.tile[0] == end.tile[1]
                    total += 2 * end.outer if double else end.outer
                elif lead_double:
                    total += self.lead[0] + self.lead[1]
                else:
                    total += self.lead[arm]
        for arm in (NORTH, SOUTH):
            placed = self.arms[arm]
            if placed:
                end = placed[-1]
                total += 2 * end.outer if end.tile[0] == end.tile[1] else end.outer
        return total

    def legal_actions(self) -> list[NaiveMove]:
        hand = self.hands[self.current]
        if self.lead is None:
            return [NaiveMove(tile, -1) for tile in hand]
        tiles = hand if self.forced is None else [self.forced]
        moves = [
            NaiveMove(tile, arm) for tile in tiles for arm, pip in self.open_ends() if pip in tile
        ]
        if moves:
            return moves
        return [DRAW] if self.boneyard else [PASS]

    def apply(self, move: NaiveMove) -> None:
        player = self.current
        if move.arm == DRAW.arm:
            tile = self.boneyard.pop()
            self.hands[player].append(tile)
            if any(pip in tile for _arm, pip in self.open_ends()):
                self.forced = tile
            return
        if move.arm == PASS.arm:
            self.passes += 1
            if self.passes == 2:
                self.finish(None)
            self.current = 1 - player
            return
        tile = move.tile
        self.hands[player].remove(tile)
        self.forced = None
        self.passes = 0
        double = tile[0] == tile[1]
        if move.arm == -1:
            self.lead = tile
            if double:
                self.sniff = tile[0]
        else:
            pip = dict(self.open_ends())[move.arm]
            outer = tile[1] if tile[0] == pip else tile[0]
            if double and self.sniff < 0:
                self.sniff = tile[0]
            self.arms[move.arm].append(Placed(tile, outer))
        count = self.count()
        if count % 5 == 0:
            self.scores[player] += count
        if not self.hands[player]:
            self.finish(player)
        self.current = 1 - player

    def finish(self, went_out: int | None) -> None:
        pips = [sum(a + b for a, b in hand) for hand in self.hands]
        if went_out is not None:
            self.scores[went_out] += pips[1 - went_out]
        else:
            for player in (0, 1):
                if pips[1 - player] > pips[player]:
                    self.scores[player] += pips[1 - player] - pips[player]
        self.over = True
