"""Pure scoring: which counts score, what a play earns, and round-end points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from sniff.engine.rules import Combination, RoundScoring


@cache
def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    return all(n % d for d in range(2, int(n**0.5) + 1))


@cache
def _is_fib(n: int) -> bool:
    a, b = 1, 2
    while a < n:
        a, b = b, a + b
    return a == n


def scores(count: int, combination: Combination) -> bool:
    """Whether *count* is a scoring combination. A count of 0 never scores.

    >>> scores(15, Combination.FIVES), scores(9, Combination.THREES_FIVES)
    (True, True)
    >>> scores(21, Combination.FIBS)
    True
    >>> scores(0, Combination.THREES), scores(1, Combination.PRIMES)
    (False, False)
    """
    if count <= 0:
        return False
    if combination is Combination.FIVES:
        return count % 5 == 0
    if combination is Combination.THREES:
        return count % 3 == 0
    if combination is Combination.THREES_FIVES:
        return count % 3 == 0 or count % 5 == 0
    if combination is Combination.PRIMES:
        return _is_prime(count)
    return _is_fib(count)


def round_to_five(pips: int) -> int:
    """Round to the nearest five: remainders 1 and 2 round down, 3 and 4 up.

    >>> round_to_five(17), round_to_five(18), round_to_five(3), round_to_five(2)
    (15, 20, 5, 0)
    """
    return (pips + 2) // 5 * 5


def play_points(count: int, combination: Combination, unit: int = 1) -> int:
    """What a play that leaves *count* earns.

    With a points unit of 5 (domino-play) the count is rounded to the nearest
    five and divided by five, so ``fives`` earns exactly count / 5.

    >>> play_points(15, Combination.FIVES), play_points(15, Combination.FIVES, 5)
    (15, 3)
    >>> play_points(14, Combination.FIVES)
    0
    """
    if not scores(count, combination):
        return 0
    if unit == 1:
        return count
    return round_to_five(count) // unit


# (Enum members read once: a class attribute of an Enum is slow to read.)
_OPPONENTS_PIPS = RoundScoring.OPPONENTS_PIPS
_SUBTRACT_OWN = RoundScoring.SUBTRACT_OWN
_WINNER_NET_FIVES = RoundScoring.WINNER_NET_FIVES


def round_points(
    method: RoundScoring,
    hand_pips: Sequence[int],
    sides: Sequence[Sequence[int]],
    *,
    domino_by: int | None,
    unit: int = 1,
    side_of: Sequence[int] | Mapping[int, int] | None = None,
) -> list[int]:
    """Points each side gains (or loses) when a round ends by domino or block.

    *hand_pips* are the pips left in each seat's hand, *sides* who scores
    together, *domino_by* the seat that went out (None when blocked).
    *side_of*, each seat's side, may be given by a caller that has it (it
    must agree with *sides*).

    >>> round_points(RoundScoring.OPPONENTS_PIPS, [0, 17], [[0], [1]], domino_by=0)
    [17, 0]
    >>> round_points(RoundScoring.SUBTRACT_OWN, [17, 3], [[0], [1]], domino_by=None)
    [-15, -5]
    """
    if side_of is None:
        seats: dict[int, int] = {}
        for i, members in enumerate(sides):
            for seat in members:
                seats[seat] = i
        side_of = seats
    points = [0] * len(sides)
    if method is _OPPONENTS_PIPS and domino_by is not None:
        # Domino (sniff, muggins): the opponents' pips, unrounded. (A loop: a round
        # ends at every one of a look-ahead's playouts.)
        winners = side_of[domino_by]
        for seat, pips in enumerate(hand_pips):
            if side_of[seat] != winners:
                points[winners] += pips
        return points
    if method is _SUBTRACT_OWN:
        for seat, pips in enumerate(hand_pips):
            points[side_of[seat]] -= round_to_five(pips)
        return points
    if method is _OPPONENTS_PIPS:
        # Blocked: each player scores the difference to every opponent holding more.
        for seat, pips in enumerate(hand_pips):
            for other, theirs in enumerate(hand_pips):
                if side_of[other] != side_of[seat] and theirs > pips:
                    points[side_of[seat]] += theirs - pips
        return points
    winner = domino_by if domino_by is not None else lowest_hand(hand_pips, side_of)
    if winner is None:
        return points
    side = side_of[winner]
    if method is _WINNER_NET_FIVES:
        others = sum(p for s, p in enumerate(hand_pips) if side_of[s] != side)
        own = sum(p for s, p in enumerate(hand_pips) if side_of[s] == side)
        points[side] = max(0, round_to_five(others - own)) // unit
    else:  # WINNER_ROUNDED_HANDS
        points[side] = sum(round_to_five(p) for s, p in enumerate(hand_pips) if side_of[s] != side)
    return points


def lowest_hand(hand_pips: Sequence[int], side_of: Sequence[int] | Mapping[int, int]) -> int | None:
    """The seat with the fewest pips; None when players of different sides tie.

    >>> lowest_hand([9, 4, 4], {0: 0, 1: 1, 2: 2}) is None
    True
    """
    low = min(hand_pips)
    holders = [seat for seat, pips in enumerate(hand_pips) if pips == low]
    if len({side_of[seat] for seat in holders}) > 1:
        return None
    return holders[0]
