"""A bare bitmask playout of one ``sniff`` round: the yardstick for the engine's own.

A benchmark baseline, not part of the game. It knows one table only: two
players, double-six, the ``sniff`` preset (the first double is the sniff,
open on all four sides; draw until a tile fits and play it; pass with the
boneyard empty; a play scores a count that is a multiple of five; domino
scores the opponent's pips, a block the difference). Hands are bitmasks of
tile ids, the layout is a handful of local integers, and everything is in
one function. Each player makes the play that earns the most, then sheds the
heaviest tile, exactly as :meth:`sniff.engine.playout.Round.playout` does,
so that both reach the same scores from the same deal (``bench_engine.py``
checks this) and their speeds can be compared.
"""

from __future__ import annotations

TILES = [(high, low) for high in range(7) for low in range(high + 1)]
HIGH = [t[0] for t in TILES]
LOW = [t[1] for t in TILES]
PIP_MASK = [sum(1 << i for i, t in enumerate(TILES) if pip in t) for pip in range(7)]


def _count(
    lead_hi: int,
    lead_lo: int,
    sniff: int,
    sniff_arm: int,
    sniff_pos: int,
    num: list[int],
    val: list[int],
) -> int:
    """The count of a sniff layout from scratch (the lead is down)."""
    n_w, n_e = num[0], num[1]
    cross = lead_hi == lead_lo  # in sniff, a double lead is the sniff and lies across
    if sniff < 0:
        return (val[0] if n_w else lead_hi) + (val[1] if n_e else lead_lo)
    total = (val[2] if num[2] else 0) + (val[3] if num[3] else 0)
    if cross and not n_w and not n_e:
        return total + lead_hi + lead_lo
    if sniff_arm < 0:
        return total + (val[0] if n_w else 2 * sniff) + (val[1] if n_e else 2 * sniff)
    west = 2 * sniff if sniff_arm == 0 and n_w == sniff_pos else val[0] if n_w else lead_hi
    east = 2 * sniff if sniff_arm == 1 and n_e == sniff_pos else val[1] if n_e else lead_lo
    return total + west + east


def bare_playout(hands: list[int], stock: list[int], current: int) -> list[int]:
    """Play a dealt round (nothing on the table yet) to its end; the two scores.

    *hands* are bitmasks, *stock* the boneyard's ids with the next draw last;
    both are changed.
    """
    scores = [0, 0]
    pips = [sum(HIGH[i] + LOW[i] for i in range(28) if h >> i & 1) for h in hands]
    # The lead: the play that scores most, then the heaviest tile.
    hand = hands[current]
    best, best_key = -1, -1
    mask = hand
    while mask:
        low_bit = mask & -mask
        tid = low_bit.bit_length() - 1
        mask ^= low_bit
        pip_sum = HIGH[tid] + LOW[tid]
        key = (pip_sum if pip_sum % 5 == 0 else 0) * 64 + pip_sum
        if key > best_key:
            best, best_key = tid, key
    lead_hi, lead_lo = HIGH[best], LOW[best]
    hands[current] ^= 1 << best
    pips[current] -= lead_hi + lead_lo
    count = lead_hi + lead_lo
    if count % 5 == 0:
        scores[current] += count
    opens = [lead_hi, lead_lo, -1, -1]
    num = [0, 0, 0, 0]
    val = [0, 0, 0, 0]
    sniff, sniff_arm, sniff_pos = -1, -1, 0
    if lead_hi == lead_lo:
        sniff = lead_hi
        opens[2] = opens[3] = lead_hi
    current = 1 - current
    passes = 0
    forced = -1
    while True:
        hand = hands[current] if forced < 0 else 1 << forced
        best, best_key, best_arm, best_count = -1, -1, -1, 0
        for arm in range(4):
            pip = opens[arm]
            if pip < 0:
                continue
            mask = hand & PIP_MASK[pip]
            while mask:
                low_bit = mask & -mask
                tid = low_bit.bit_length() - 1
                mask ^= low_bit
                high, low = HIGH[tid], LOW[tid]
                outer = low if high == pip else high
                double = high == low
                placed = num[arm]
                if (
                    placed
                    and not (double and sniff < 0)
                    and not (sniff_arm == arm and sniff_pos == placed)
                ):
                    after = count + (2 * outer if double else outer) - val[arm]
                else:  # an end that was the lead or the sniff, or a new sniff
                    n2 = num[:]
                    v2 = val[:]
                    n2[arm] += 1
                    v2[arm] = 2 * outer if double else outer
                    if double and sniff < 0:
                        after = _count(lead_hi, lead_lo, high, arm, n2[arm], n2, v2)
                    else:
                        after = _count(lead_hi, lead_lo, sniff, sniff_arm, sniff_pos, n2, v2)
                key = (after if after % 5 == 0 else 0) * 64 + high + low
                if key > best_key:
                    best, best_key, best_arm, best_count = tid, key, arm, after
        if best < 0:
            if forced < 0 and stock:  # draw until a tile fits (nothing else can change)
                while stock:
                    tid = stock.pop()
                    hands[current] |= 1 << tid
                    pips[current] += HIGH[tid] + LOW[tid]
                    if HIGH[tid] in opens or LOW[tid] in opens:  # (-1 marks a closed end)
                        forced = tid
                        break
                continue
            passes = passes + 1 if not stock else 0
            if passes >= 2:  # blocked: each scores the difference to a heavier hand
                if pips[1] > pips[0]:
                    scores[0] += pips[1] - pips[0]
                elif pips[0] > pips[1]:
                    scores[1] += pips[0] - pips[1]
                return scores
            current = 1 - current
            forced = -1
            continue
        high, low = HIGH[best], LOW[best]
        pip = opens[best_arm]
        outer = low if high == pip else high
        placed = num[best_arm]
        if high == low and sniff < 0:
            sniff, sniff_arm, sniff_pos = high, best_arm, placed + 1
            opens[2] = opens[3] = pip
        num[best_arm] = placed + 1
        val[best_arm] = 2 * outer if high == low else outer
        opens[best_arm] = outer
        count = best_count
        hands[current] ^= 1 << best
        pips[current] -= high + low
        passes = 0
        forced = -1
        if count % 5 == 0:
            scores[current] += count
        if not hands[current]:
            scores[current] += pips[1 - current]
            return scores
        current = 1 - current
