"""Position files, in the perft spirit: layouts as data, worked out by hand from RULES.md.

Each file in ``tests/positions/`` is a JSON list of positions::

    {"mode": "sniff", "name": "...", "plays": [["4-4", "lead"], ["4-2", "east"]],
     "open": {"west": 4, "east": 2, "north": 4, "south": 4}, "count": 10,
     "points": {"fives": 10, "threes": 0, "threes-fives": 10, "primes": 0, "fibs": 0}}

``open`` holds every end a tile may still be played on, with its pips. Every
position is played twice: on a bare :class:`Layout`, and through a two-player
game under each scoring combination, where the last play must earn the points.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from helpers import rules_of, scripted_game, tile
from sniff.engine import Combination, End, Layout, Move, SpinnerMode, Tile, full_set, play_points

POSITIONS = Path(__file__).parent / "positions"


def _load() -> list[Any]:
    cases = []
    for path in sorted(POSITIONS.glob("*.json")):
        for position in json.loads(path.read_text(encoding="utf-8")):
            cases.append(pytest.param(position, id=f"{path.stem}: {position['name']}"))
    return cases


CASES = _load()


def test_there_are_at_least_25_positions_across_the_four_modes() -> None:
    modes = {case.values[0]["mode"] for case in CASES}
    assert len(CASES) >= 25
    assert modes == {mode.value for mode in SpinnerMode}


def _plays(position: dict[str, Any]) -> list[tuple[Tile, End]]:
    return [(tile(text), End(end)) for text, end in position["plays"]]


@pytest.mark.parametrize("position", CASES)
def test_position_on_the_layout(position: dict[str, Any]) -> None:
    layout = Layout.empty(SpinnerMode(position["mode"]))
    for number, (placed, end) in enumerate(_plays(position)):
        # The file itself must be playable: the lead first, then only on open, matching ends.
        if number == 0:
            assert end is End.LEAD
        else:
            assert placed.has(layout.open[end.arm]), f"{placed} does not fit {end}"
        layout = layout.place(placed, end)
    assert {end.value: pips for end, pips in layout.open_ends()} == position["open"]
    assert layout.count == position["count"]
    assert sum(part.pips for part in layout.parts()) == position["count"]
    for name, points in position["points"].items():
        assert play_points(layout.count, Combination(name)) == points, name


@pytest.mark.parametrize("position", CASES)
def test_position_in_a_game_under_each_combination(position: dict[str, Any]) -> None:
    plays = _plays(position)
    used = {placed for placed, _ in plays}
    # A spare tile in each hand keeps the round going until the last play is made.
    spares = [t for t in full_set(6) if t not in used][:2]
    hands = [
        [placed for placed, _ in plays[0::2]] + [spares[0]],
        [placed for placed, _ in plays[1::2]] + [spares[1]],
    ]
    for name, points in position["points"].items():
        rules = rules_of("sniff", spinner=position["mode"], scoring=name)
        game = scripted_game(rules, hands)
        for placed, end in plays:
            event = game.play(Move(placed, end))
        assert event.count == position["count"]
        assert event.points == points, name
        assert {end.value: pips for end, pips in game.layout.open_ends()} == position["open"]
