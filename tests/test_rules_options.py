"""House rules: every rule field changed one by one (RULES.md, "Presets": "every field can
also be changed one by one as a house rule"), read from the words a player types, and
every rule set that cannot be played refused with a reason that names the rule."""

from __future__ import annotations

from typing import Any

import pytest

from sniff.engine import PRESETS, Combination, RulesError, RuleSet, SpinnerMode, preset

SNIFF = preset("sniff")

READ = [
    ({"targets": "100"}, "targets", (100, 100, 100)),
    ({"targets": 150}, "targets", (150, 150, 150)),
    ({"targets": "7,6 5"}, "targets", (7, 6, 5)),
    ({"hand_sizes": [7, 6, 5]}, "hand_sizes", (7, 6, 5)),
    ({"muggins": "on"}, "muggins", True),
    ({"muggins": "Yes"}, "muggins", True),
    ({"muggins": "1"}, "muggins", True),
    ({"muggins": "true"}, "muggins", True),
    ({"muggins": 1}, "muggins", True),
    ({"muggins": "OFF"}, "muggins", False),
    ({"muggins": "no"}, "muggins", False),
    ({"muggins": "0"}, "muggins", False),
    ({"muggins": "false"}, "muggins", False),
    ({"draw_limit": "none"}, "draw_limit", None),
    ({"draw_limit": "unlimited"}, "draw_limit", None),
    ({"draw_limit": 0}, "draw_limit", None),
    ({"draw_limit": "0"}, "draw_limit", None),
    ({"draw_limit": None}, "draw_limit", None),
    ({"draw_limit": "2"}, "draw_limit", 2),
    ({"draw_limit": 1}, "draw_limit", 1),
    ({"preset": "muggins"}, "preset", "muggins"),
    ({"points_unit": "5"}, "points_unit", 5),
    ({"spinner": SpinnerMode.STUBBY}, "spinner", SpinnerMode.STUBBY),
    ({"spinner": "sniff-exposed"}, "spinner", SpinnerMode.SNIFF_EXPOSED),
    ({"scoring": "primes"}, "scoring", Combination.PRIMES),
]


@pytest.mark.parametrize(("change", "field", "value"), READ, ids=[str(c) for c, _, _ in READ])
def test_a_house_rule_is_read_from_the_words_a_player_types(
    change: dict[str, Any], field: str, value: object
) -> None:
    changed = SNIFF.with_changes(**change)
    assert getattr(changed, field) == value
    assert type(getattr(changed, field)) is type(value)
    others = {f: v for f, v in changed.to_json().items() if f != field}
    assert others == {f: v for f, v in SNIFF.to_json().items() if f != field}
    assert RuleSet.from_json(changed.to_json()) == changed


REFUSED = [
    (
        {"spinner": "wheel"},
        "spinner must be one of none, sniff, sniff-exposed, stubby, not 'wheel'",
    ),
    ({"targets": "1,2"}, "targets takes one number or three (for 2, 3 and 4 players)"),
    ({"targets": [1, 2, 3, 4]}, "targets takes one number or three (for 2, 3 and 4 players)"),
    ({"targets": "a"}, "targets must be numbers, not ['a']"),
    ({"targets": None}, "targets must be numbers, not None"),
    ({"muggins": "maybe"}, "muggins must be on or off, not 'maybe'"),
    ({"draw_limit": "x"}, "draw_limit must be a whole number, or none for no limit, not 'x'"),
    (
        {"preset": "poker"},
        "preset must be one of sniff, muggins, domino-play, sniff-us, sniff-stubby, alle-fuenfe,"
        " not 'poker'",
    ),
    ({"points_unit": "five"}, "points_unit must be a whole number, not 'five'"),
    ({"colour": 1}, "unknown rule 'colour'"),
    ({"hand_sizes": 0}, "hand sizes must be three positive numbers"),
    ({"hand_sizes": "7,0,5"}, "hand sizes must be three positive numbers"),
    ({"targets": 0}, "targets must be three positive numbers"),
    ({"targets": "200,200,0"}, "targets must be three positive numbers"),
    ({"points_unit": 0}, "the points unit must be at least 1"),
    ({"draw_limit": -1}, "the draw limit must be at least 1"),
    ({"tile_set": "double-ten"}, "unknown tile set 'double-ten'"),
]


@pytest.mark.parametrize(("change", "message"), REFUSED, ids=[str(c) for c, _ in REFUSED])
def test_a_house_rule_that_cannot_be_is_refused_by_name(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(RulesError) as refused:
        SNIFF.with_changes(**change)
    assert str(refused.value) == message


def test_the_smallest_rules_allowed_are_kept() -> None:
    smallest = SNIFF.with_changes(hand_sizes=1, targets=1, points_unit=1, draw_limit=1)
    assert (smallest.hand_sizes, smallest.targets) == ((1, 1, 1), (1, 1, 1))
    assert (smallest.points_unit, smallest.draw_limit) == (1, 1)
    with pytest.raises(RulesError, match=r"^hand sizes must be three positive numbers$"):
        RuleSet(hand_sizes=(7, 5))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^targets must be three positive numbers$"):
        RuleSet(targets=(200, 200))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("tile_set", "players", "message"),
    [
        ("double-six", 1, "a double-six set is played by 2 to 4 players, not 1"),
        ("double-six", 5, "a double-six set is played by 2 to 4 players, not 5"),
        ("double-nine", 7, "a double-nine set is played by 2 to 6 players, not 7"),
        ("double-twelve", 9, "a double-twelve set is played by 2 to 8 players, not 9"),
    ],
)
def test_larger_sets_seat_more_players(tile_set: str, players: int, message: str) -> None:
    rules = SNIFF.with_changes(tile_set=tile_set)
    largest = rules.max_players
    for seated in (2, largest):
        rules.check_players(seated)
    with pytest.raises(RulesError) as refused:
        rules.check_players(players)
    assert str(refused.value) == message


def test_hands_the_set_cannot_fill_are_refused() -> None:
    SNIFF.with_changes(hand_sizes=7).check_players(4)  # 28 tiles: exactly enough
    with pytest.raises(RulesError, match=r"^4 hands of 8 need more tiles$"):
        SNIFF.with_changes(hand_sizes=8).check_players(4)


def test_a_preset_is_found_by_name_and_an_unknown_one_named() -> None:
    assert [preset(name) for name in PRESETS] == list(PRESETS.values())
    with pytest.raises(RulesError) as refused:
        preset("poker")
    assert str(refused.value) == (
        "unknown preset 'poker'; choose one of sniff, muggins, domino-play, sniff-us,"
        " sniff-stubby, alle-fuenfe"
    )


def test_rules_read_from_a_record_start_from_their_preset_and_ignore_unknown_fields() -> None:
    rules = RuleSet.from_json({"preset": "muggins", "targets": [10, 10, 10], "colour": "red"})
    assert rules == preset("muggins").with_changes(targets=10)
    assert RuleSet.from_json({}) == SNIFF
    for name, rules in PRESETS.items():
        assert RuleSet.from_json(rules.to_json()) == rules, name
