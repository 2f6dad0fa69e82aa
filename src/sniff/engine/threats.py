"""The plays of the look-ahead's players, on the compact layout: greedy and careful.

A greedy player makes the play that earns the most, then sheds the heaviest
tile (:func:`greedy_play`); the same search gives the most points a reply
could earn (:func:`best_reply_points`). A careful player takes the most
points it can, as every player does; among plays that earn the same, it
makes the one that leaves the next player the fewest points to make with any
tile it cannot see (the other hands and the boneyard), and then sheds the
heaviest tile (:func:`careful_play`). That is how the greedy bot plays
(:mod:`sniff.bots.greedy`, with :func:`~sniff.engine.queries.best_reply`),
and how people who know the game play: they don't hand over a count. The
master's look-ahead plays the other side this way, so that it does not count
on points a real opponent would not leave it.

These are the same questions :mod:`sniff.engine.queries` answers for a
:class:`~sniff.engine.layout.Layout`, asked here of the layout's compact state
(:mod:`sniff.engine.compact`) with tiles as bitmasks, thousands of times per
decision; the tests hold the two equal.
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.engine.compact import HIGH, LOW, PIP_MASK, PIPS, count_after, end_base, place

__all__ = ["best_reply_points", "careful_play", "greedy_play"]

_NONE = 0  # compact.NONE: the spinner mode without a sniff


def greedy_play(
    lay: list[int], mode: int, points: Sequence[int], tiles: int, enough: int = 1 << 30
) -> tuple[int, int]:
    """The play of one of *tiles* (a mask of ids) on layout *lay* that earns the most,
    then sheds the heaviest tile (the first found among equals): its key, 64 times
    the points plus the tile's pips, and its move code (``16 * tile id + arm``);
    ``(-1, -1)`` if nothing fits. The search stops at the first play earning *enough*.

    This is the greedy player's search in :meth:`~sniff.engine.playout.Round.playout`
    and the best reply a careful player fears, thousands of times per decision: the
    count of a plain play is written out here (a call to
    :func:`~sniff.engine.compact.count_after` per tile costs 12 % of a careful
    playout), and the tests hold it to the engine's own steps and best reply.
    """
    best_key = best = -1
    enough_key = enough * 64  # (a tile's pips are fewer than 64)
    sniff_to_come = lay[16] < 0 and mode != _NONE  # (compact.SNIFF_PIP)
    for arm in range(4):
        pip = lay[arm]
        if pip < 0:
            continue
        fits = tiles & PIP_MASK[pip]
        if not fits:
            continue
        placed = lay[4 + arm]
        if placed and arm < 2 and not (lay[17] == arm and lay[18] == placed):
            base = lay[12] - lay[8 + arm]  # end_base() of a plain end, written out
        else:
            base = end_base(lay, mode, arm)
        while fits:
            bit = fits & -fits
            fits ^= bit
            tid = bit.bit_length() - 1
            high = HIGH[tid]
            low = LOW[tid]
            if base < 0 or (high == low and sniff_to_come):
                count = count_after(lay, mode, high, low, arm)
            elif high == low:
                count = base + 2 * high
            else:
                count = base + (low if high == pip else high)
            key = points[count] * 64 + high + low
            if key > best_key:
                best_key = key
                best = 16 * tid + arm
                if key >= enough_key:
                    return best_key, best
    return best_key, best


def best_reply_points(
    lay: list[int], mode: int, points: Sequence[int], tiles: int, enough: int = 1 << 30
) -> int:
    """The most points a play of one of *tiles* (a mask of ids) could earn on layout
    *lay*; the search stops as soon as it finds *enough*."""
    key = greedy_play(lay, mode, points, tiles, enough)[0]
    return key >> 6 if key > 0 else 0


def careful_play(lay: list[int], mode: int, points: Sequence[int], hand: int, unseen: int) -> int:
    """The careful player's play from *hand* (a mask of ids) on layout *lay*, as a
    move code (``16 * tile id + arm``), or -1 if nothing fits. *unseen* is the
    mask of the tiles the player cannot see; the first found wins among equals.
    """
    top = -1
    equals: list[int] = []
    for arm in range(4):
        pip = lay[arm]
        if pip < 0:
            continue
        fits = hand & PIP_MASK[pip]
        while fits:
            bit = fits & -fits
            fits ^= bit
            tid = bit.bit_length() - 1
            earned = points[count_after(lay, mode, HIGH[tid], LOW[tid], arm)]
            if earned > top:
                top = earned
                equals = [16 * tid + arm]
            elif earned == top:
                equals.append(16 * tid + arm)
    if len(equals) < 2:
        return equals[0] if equals else -1
    # Heaviest first (a stable sort keeps the first found among equal weights):
    # a later play must then leave strictly less to win, so each count can stop
    # at the least threat found so far.
    equals.sort(key=lambda code: -PIPS[code >> 4])
    best = -1
    least = 1 << 30
    for code in equals:
        tid = code >> 4
        after = lay[:]
        place(after, mode, HIGH[tid], LOW[tid], code & 7)
        threat = best_reply_points(after, mode, points, unseen, least)
        if threat < least:
            best, least = code, threat
            if not least:
                break  # nothing leaves less than nothing, and the rest are lighter
    return best
