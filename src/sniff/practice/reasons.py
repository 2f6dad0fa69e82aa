"""Why a count scores or not, for the scorings whose rule is not plain division.

"Is 14 a multiple of five?" a learner checks at once; "is 91 prime?" or "is 14
a Fibonacci number?" needs the fact that settles it. The practice says that
fact after an answer: a factor pair for a count that is not prime, the
Fibonacci numbers around a count that is not one. Whether a count scores is
still the engine's to say (:func:`sniff.engine.scores`); this module only
finds the evidence, and the tests hold the two together.

>>> why_it_scores(13, Combination.PRIMES)
Reason(number=13, combination=<Combination.PRIMES: 'primes'>, scores=True, factors=None, around=())
>>> why_it_scores(14, Combination.FIBS).around
(8, 13, 21)
"""

from __future__ import annotations

from typing import NamedTuple

from sniff.engine import Combination, scores

__all__ = ["Reason", "factor_pair", "fibonacci_around", "why_it_scores"]

#: The scorings whose rule a reason explains.
EXPLAINED = (Combination.PRIMES, Combination.FIBS)


class Reason(NamedTuple):
    """The evidence for the count *number* under *combination*."""

    number: int
    combination: Combination
    scores: bool
    factors: tuple[int, int] | None  # primes: the smallest factor pair of a count that is not prime
    around: tuple[
        int, ...
    ]  # Fibonacci: the two numbers below a count that is not one, and the next


def factor_pair(n: int) -> tuple[int, int] | None:
    """The smallest factor of *n* with its partner (14 -> (2, 7)); None for a prime,
    0 and 1.

    >>> factor_pair(91), factor_pair(13), factor_pair(1)
    ((7, 13), None, None)
    """
    for d in range(2, int(n**0.5) + 1):
        if n % d == 0:
            return d, n // d
    return None


def fibonacci_around(n: int) -> tuple[int, ...]:
    """The Fibonacci numbers around *n*, which is not one: the two below and the one above.

    >>> fibonacci_around(14), fibonacci_around(4), fibonacci_around(0)
    ((8, 13, 21), (2, 3, 5), (1,))
    """
    row = [1, 2]
    while row[-1] < n:
        row.append(row[-1] + row[-2])
    below = [f for f in row if f < n][-2:]
    above = next(f for f in row if f > n)
    return (*below, above)


def why_it_scores(count: int, combination: Combination) -> Reason | None:
    """The evidence for a count under primes or Fibonacci numbers; None for a
    scoring explained by its name (fives, threes) and for a count of 0, which never scores."""
    if combination not in EXPLAINED or count <= 0:
        return None
    scored = scores(count, combination)
    if combination is Combination.PRIMES:
        factors = None if scored else factor_pair(count)
        return Reason(count, combination, scored, factors, ())
    around = () if scored else fibonacci_around(count)
    return Reason(count, combination, scored, None, around)
