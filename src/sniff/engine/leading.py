"""Who plays next and who leads a round (RULES.md: presets, and source D's customs).

Seats are numbered round the table. Play goes round in the rules'
direction: clockwise the next seat is ``seat + 1``, counter-clockwise
``seat - 1``; leaders rotate the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from sniff.engine.dealing import Deal, draw_for_lead, heaviest_tile, heaviness, highest_double
from sniff.engine.events import RoundEnd, RoundEnded
from sniff.engine.rules import Direction, FirstLeader, LeadRule, NextLeader, NoDouble, RuleSet
from sniff.engine.tiles import Tile

__all__ = [
    "chance_decides_leader",
    "choose_leader",
    "lead_is_named",
    "next_seat",
    "not_dealt_given_lead",
]

_HIGHEST_DOUBLE = LeadRule.HIGHEST_DOUBLE
_DRAW_TILES = FirstLeader.DRAW_TILES
_WINNER = NextLeader.WINNER


def next_seat(seat: int, players: int, direction: Direction = Direction.CLOCKWISE) -> int:
    """The seat that plays after *seat*.

    >>> next_seat(2, 3), next_seat(0, 3, Direction.COUNTER_CLOCKWISE)
    (0, 2)
    """
    step = -1 if direction is Direction.COUNTER_CLOCKWISE else 1
    return (seat + step) % players


def choose_leader(
    rules: RuleSet,
    players: int,
    deal: Deal,
    *,
    round_no: int,
    previous: RoundEnded | None,
    last_leader: int,
    rng: random.Random,
) -> tuple[int | None, Tile | None]:
    """The leader of round *round_no* and the tile it must lead (None: any tile).

    ``(None, None)`` means nobody holds a double and the rules throw the
    hands in. A leader written into a scripted *deal* stands wherever the
    rules would otherwise leave the choice to chance.
    """
    # (Enum members read once, below: a class attribute of an Enum is slow to read.)
    if rules.lead is _HIGHEST_DOUBLE:
        found = highest_double(deal.hands)
        if found is not None:
            return found
        if rules.no_double is NoDouble.REDEAL:
            return None, None
        return heaviest_tile(deal.hands)
    if deal.leader is not None:
        return deal.leader, None
    if round_no == 1:
        if rules.first_leader is _DRAW_TILES:
            return draw_for_lead(rules, players, rng), None
        return rng.randrange(players), None
    if rules.next_leader is _WINNER:
        if previous is not None and previous.went_out is not None:
            return previous.went_out, None
        return rng.randrange(players), None
    return next_seat(last_leader, players, rules.direction), None


def chance_decides_leader(rules: RuleSet, round_no: int, previous_reason: RoundEnd | None) -> bool:
    """Whether round *round_no*'s leader is left to chance (lot, or drawing tiles).

    A replay takes the recorded leader of such a round as the outcome of the
    chance; every other leader the rules decide, and the replay checks it.
    """
    if rules.lead is not LeadRule.ANY:
        return False
    if round_no == 1:
        return True
    return rules.next_leader is NextLeader.WINNER and previous_reason is not RoundEnd.DOMINO


def lead_is_named(rules: RuleSet) -> bool:
    """Whether the rules name the tile that leads every round (the highest double,
    else the heaviest tile), so that leading is no choice of the leader's.

    >>> from sniff.engine.rules import preset
    >>> lead_is_named(preset("muggins")), lead_is_named(preset("sniff"))
    (True, False)
    """
    return rules.lead is _HIGHEST_DOUBLE


def not_dealt_given_lead(rules: RuleSet, lead: Tile, tiles: Iterable[Tile]) -> frozenset[Tile]:
    """Those of *tiles* no hand can have been dealt, now that *lead* led the round.

    Where the rules name the lead (:func:`lead_is_named`), a double led means
    nobody held a higher double; a tile that is no double led means nobody held
    a double at all, nor a heavier tile (:func:`~sniff.engine.dealing.heaviness`).
    Where the leader chose, the lead says nothing about the other hands.

    >>> from sniff.engine.rules import preset
    >>> tiles = [Tile.of(6, 6), Tile.of(4, 4), Tile.of(6, 5)]
    >>> sorted(map(str, not_dealt_given_lead(preset("muggins"), Tile.of(5, 5), tiles)))
    ['6-6']
    >>> sorted(map(str, not_dealt_given_lead(preset("alle-fuenfe"), Tile.of(6, 4), tiles)))
    ['4-4', '6-5', '6-6']
    """
    if not lead_is_named(rules):
        return frozenset()
    if lead.is_double:
        return frozenset(t for t in tiles if t.is_double and t.high > lead.high)
    led = heaviness(lead)
    return frozenset(t for t in tiles if t.is_double or heaviness(t) > led)
