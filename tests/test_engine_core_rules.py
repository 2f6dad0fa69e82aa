"""Every rule reaches the fast core, or is knowingly left out of it.

The look-ahead's compact rounds (``engine/compact.py``, ``tables.py``,
``playout.py``, ``threats.py``) keep their own copy of the rules for speed;
tests/test_engine_playout.py and test_engine_threats.py hold them move for move
equal to the game. This test keeps the copy complete: each field of
``RuleSet`` is declared read by the core (``tables.CORE_READS``, with the
``Setup`` attributes that carry it) or left out with a reason
(``tables.CORE_LEAVES``). A field added to ``RuleSet`` and to neither fails
here by name; a field declared read must change what ``Setup`` holds, and the
equality tests must play it with a value other than the default.
"""

from __future__ import annotations

import dataclasses

import pytest

from sniff.engine import RuleSet
from sniff.engine.tables import CORE_LEAVES, CORE_READS, Setup
from test_engine_playout import _variants

FIELDS = [field.name for field in dataclasses.fields(RuleSet)]

#: A value other than the default for each field the core reads.
OTHER_VALUE: dict[str, object] = {
    "tile_set": "double-nine",
    "spinner": "stubby",
    "scoring": "primes",
    "points_unit": 5,
    "draw_limit": 2,
    "draw_while_playable": True,
    "must_play_drawn": False,
    "leader_second_turn": True,
    "round_scoring": "winner-net-fives",
    "targets": 100,
    "partnerships": True,
    "direction": "counter-clockwise",
    "double_endwise": True,
}


def test_every_rule_field_is_read_by_the_fast_core_or_left_out_with_a_reason() -> None:
    declared = set(CORE_READS) | set(CORE_LEAVES)
    missing = [name for name in FIELDS if name not in declared]
    assert not missing, (
        f"RuleSet field(s) {', '.join(missing)}: teach the fast core (engine/tables.py "
        "CORE_READS, Setup, playout.py, threats.py) or say in CORE_LEAVES why it needs none"
    )
    assert not set(CORE_READS) & set(CORE_LEAVES), "a field is either read or left out"
    assert declared <= set(FIELDS), f"no such field: {declared - set(FIELDS)}"
    assert all(CORE_LEAVES.values()), "every field left out says why"


@pytest.mark.parametrize("name", sorted(CORE_READS))
def test_a_rule_the_core_reads_changes_what_its_setup_holds(name: str) -> None:
    assert name in OTHER_VALUE, f"give {name} another value in OTHER_VALUE"
    plain = Setup(RuleSet(), 4)
    changed = Setup(RuleSet().with_changes(**{name: OTHER_VALUE[name]}), 4)
    for attribute in CORE_READS[name]:
        assert attribute in Setup.__slots__, f"{name}: Setup has no {attribute}"
        assert getattr(plain, attribute) != getattr(changed, attribute), (name, attribute)


@pytest.mark.parametrize("name", sorted(CORE_READS))
def test_the_equality_tests_play_every_rule_the_core_reads(name: str) -> None:
    default = getattr(RuleSet(), name)
    assert any(getattr(rules, name) != default for _, rules, _ in _variants()), (
        f"tests/test_engine_playout.py plays {name} only at its default"
    )
