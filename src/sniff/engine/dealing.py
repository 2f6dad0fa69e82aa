"""Dealing: seeded shuffles, scripted deals, and who leads.

Chance is explicit: a deal comes from an injected ``random.Random``. Tests and
record replays inject a :class:`ScriptedDealer` instead.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import factorial
from typing import NamedTuple, Protocol

from sniff.engine.rules import RuleSet
from sniff.engine.tiles import Tile, full_set


class Deal(NamedTuple):
    """Hands per seat, the boneyard in drawing order, and (optionally) the leader."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None = None


class Dealer(Protocol):
    def deal(self, rules: RuleSet, players: int, round_no: int, rng: random.Random) -> Deal:
        """The next deal of round *round_no* (called again after a throw-in)."""
        ...


def shuffle(tiles: list[Tile], rng: random.Random) -> None:
    """Shuffle *tiles* in place, every order equally likely.

    One random number below n! is drawn and read digit by digit in the
    factorial number system: the digits are independent and uniform, so this
    is Fisher-Yates with one call to the generator instead of n - 1
    (``random.shuffle`` costs most of a deal otherwise).
    """
    count = len(tiles)
    if count < 2:
        return
    plan = _PLANS.get(count)
    if plan is None:
        plan = _PLANS[count] = (
            factorial(count),
            tuple((i, i + 1) for i in range(count - 1, 0, -1)),
        )
    orders, steps = plan
    code = rng.randrange(orders)
    for i, radix in steps:
        j = code % radix  # (two operators cost less than divmod's call and its tuple)
        code //= radix
        tiles[i], tiles[j] = tiles[j], tiles[i]


#: For each number of tiles: how many orders there are, and the steps (place, radix),
#: last place first.
_PLANS: dict[int, tuple[int, tuple[tuple[int, int], ...]]] = {}


_new_tuple = tuple.__new__


class RandomDealer:
    """Shuffle the whole set with the game's random generator and deal in seat order."""

    def deal(self, rules: RuleSet, players: int, round_no: int, rng: random.Random) -> Deal:
        tiles = full_set(rules.max_pip)
        shuffle(tiles, rng)
        size = rules.hand_size(players)
        cut = players * size
        shuffled = tuple(tiles)  # (slices of a tuple are tuples: one copy, not two, each)
        if players == 2:  # the commonest table, without the loop
            hands: tuple[tuple[Tile, ...], ...] = (shuffled[:size], shuffled[size:cut])
        else:
            hands = tuple([shuffled[start : start + size] for start in range(0, cut, size)])
        # Deal(hands, boneyard), made as the tuple it is (a NamedTuple's own __new__
        # is a Python function that costs more than the slicing).
        return _new_tuple(Deal, (hands, shuffled[cut:], None))


class ScriptedDealer:
    """Deals given in advance (tests, replays). Each is used once, in order."""

    def __init__(self, deals: Sequence[Deal]) -> None:
        self._deals = list(deals)
        self._next = 0

    def deal(self, rules: RuleSet, players: int, round_no: int, rng: random.Random) -> Deal:
        if self._next >= len(self._deals):
            raise LookupError("the scripted deals have run out")
        deal = self._deals[self._next]
        self._next += 1
        return deal

    def copy(self) -> ScriptedDealer:
        twin = ScriptedDealer(self._deals)
        twin._next = self._next
        return twin


def highest_double(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile] | None:
    """The seat holding the highest double, and the double; None if nobody has one."""
    best: tuple[int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for tile in hand:
            if tile.is_double and (best is None or tile.high > best[1].high):
                best = (seat, tile)
    return best


def heaviness(tile: Tile) -> tuple[int, int]:
    """How heavy *tile* is when the heaviest leads: its pips, then its higher half.

    >>> heaviness(Tile.of(6, 3)) > heaviness(Tile.of(5, 4))
    True
    """
    return tile.pips, tile.high


def heaviest_tile(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """The seat holding the heaviest tile (:func:`heaviness`), and the tile."""
    held = [(seat, tile) for seat, hand in enumerate(hands) for tile in hand]
    return max(held, key=lambda found: heaviness(found[1]))


def draw_for_lead(rules: RuleSet, players: int, rng: random.Random) -> int:
    """Each player draws a tile from the shuffled set; the heaviest draw leads."""
    tiles = full_set(rules.max_pip)
    shuffle(tiles, rng)
    seat, _ = heaviest_tile([[tiles[i]] for i in range(players)])
    return seat
