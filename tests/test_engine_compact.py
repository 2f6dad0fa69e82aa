"""The compact layout (integers) counts exactly as the explained layout does.

:mod:`sniff.engine.compact` keeps the count after each play by the difference
of one end where it can; :meth:`Layout.parts` explains the count term by term
from the whole layout. Random layouts of every spinner mode, with doubles
laid along the line too, must agree at every step, and a look-ahead count
(``count_after``) must be the count the play then makes.
"""

from __future__ import annotations

import itertools
import random

import pytest

from sniff.engine import ARM_ENDS, End, Layout, SpinnerMode, Tile, compact, full_set


def _random_layout_steps(
    mode: SpinnerMode, seed: int, endwise_ok: bool
) -> list[tuple[Layout, Tile, End, bool]]:
    """A random layout built play by play: (layout before, tile, end, endwise) per play."""
    rng = random.Random(seed)
    tiles = full_set(rng.choice([6, 6, 9, 12]))
    rng.shuffle(tiles)
    layout = Layout.empty(mode)
    steps = []
    lead = tiles.pop()
    steps.append((layout, lead, End.LEAD, False))
    layout = layout.place(lead, End.LEAD)
    for tile in tiles:
        ends = [end for end, pip in layout.open_ends() if tile.has(pip)]
        if not ends:
            continue
        end = rng.choice(ends)
        endwise = (
            endwise_ok and tile.is_double and not layout.becomes_sniff(tile) and rng.random() < 0.5
        )
        steps.append((layout, tile, end, endwise))
        layout = layout.place(tile, end, endwise=endwise)
    steps.append((layout, lead, End.LEAD, False))  # the last layout, to check too
    return steps


@pytest.mark.parametrize("mode", list(SpinnerMode))
@pytest.mark.parametrize("endwise_ok", [False, True])
def test_compact_count_equals_the_explained_count_at_every_play(
    mode: SpinnerMode, endwise_ok: bool
) -> None:
    code = compact.MODE_CODE[mode]
    for seed in range(150):
        steps = _random_layout_steps(mode, seed, endwise_ok)
        for (before, tile, end, endwise), (after, *_rest) in itertools.pairwise(steps):
            state = before._state
            predicted = compact.count_after(state, code, tile.high, tile.low, end.arm, endwise)
            assert predicted == after.count, (seed, before, tile, end)
            assert after.count == sum(part.pips for part in after.parts()), (seed, after)
            assert compact.full_count(after._state, code) == after.count
            assert after.open == tuple(after._state[:4])
            assert before._state == state  # count_after changes nothing


def test_rules_md_examples_count_in_compact_form() -> None:
    s = compact.empty_layout()
    exposed = compact.EXPOSED
    # Lead [4-4] -> 8; then [6-4] -> 4 + 4 + 6; then [1-4] on the other side -> 15.
    assert compact.place(s, exposed, 4, 4, compact.LEAD_ARM) == 8
    assert compact.place(s, exposed, 6, 4, compact.W) == 14
    assert compact.place(s, exposed, 4, 1, compact.E) == 15


def test_tile_ids_are_the_index_in_every_set() -> None:
    for max_pip in (6, 9, 12):
        tiles = full_set(max_pip)
        assert [compact.tile_id(t) for t in tiles] == list(range(len(tiles)))
        assert compact.set_mask(max_pip) == (1 << len(tiles)) - 1
    for pip in range(13):
        members = {compact.TILE_OF[i] for i in range(91) if compact.PIP_MASK[pip] >> i & 1}
        assert members == {t for t in full_set(12) if t.has(pip)}


def test_arm_ends_are_in_arm_order() -> None:
    assert [end.arm for end in ARM_ENDS] == [compact.W, compact.E, compact.N, compact.S]
