"""The count explained end by end (RULES.md, "What counts, by spinner mode").

``Layout.parts()`` is what the announcer reads when a player asks how the
count is made: each end, what it adds, and why (a plain end, a double across,
half of a double along the line, the sniff, an exposed half). The terms must
add up to the count, and each must carry the right kind.
"""

from __future__ import annotations

import pytest

from helpers import move
from sniff.engine import Layout, SpinnerMode

Term = tuple[str, int, str]

CASES: list[tuple[str, str, list[Term]]] = [
    ("sniff", "4-4 lead", [("lead", 8, "sniff")]),
    ("none", "4-4 lead", [("lead", 8, "lead")]),
    ("none", "6-4 lead", [("west", 6, "end"), ("east", 4, "end")]),
    ("sniff", "4-4 lead, 4-2 east", [("west", 8, "sniff"), ("east", 2, "end")]),
    ("sniff", "6-4 lead, 4-4 east", [("west", 6, "end"), ("east", 8, "sniff")]),
    (
        "sniff",
        "6-4 lead, 4-4 east, 4-1 north",
        [("west", 6, "end"), ("east", 8, "sniff"), ("north", 1, "end")],
    ),
    ("sniff", "6-4 lead, 4-4 east, 4-1 east", [("west", 6, "end"), ("east", 1, "end")]),
    ("sniff", "4-4 lead, 4-2 north, 2-2 north", [("lead", 8, "sniff"), ("north", 4, "double")]),
    ("none", "6-4 lead, 4-4 east", [("west", 6, "end"), ("east", 8, "double")]),
    ("none", "6-4 lead, 4-4 east endwise", [("west", 6, "end"), ("east", 4, "half")]),
    ("none", "4-4 lead, 4-1 east", [("west", 8, "double"), ("east", 1, "end")]),
    ("sniff-exposed", "4-4 lead", [("north", 4, "exposed"), ("south", 4, "exposed")]),
    (
        "sniff-exposed",
        "4-4 lead, 6-4 west",
        [("west", 6, "end"), ("north", 4, "exposed"), ("south", 4, "exposed")],
    ),
    (
        "sniff-exposed",
        "4-4 lead, 6-4 west, 4-3 north, 4-1 south",
        [("west", 6, "end"), ("east", 8, "sniff"), ("north", 3, "end"), ("south", 1, "end")],
    ),
    ("stubby", "6-4 lead, 4-4 east", [("west", 6, "end"), ("east", 4, "half")]),
    ("stubby", "4-4 lead, 4-2 east", [("west", 4, "half"), ("east", 2, "end")]),
    (
        "stubby",
        "4-4 lead, 4-2 north",
        [("west", 4, "half"), ("east", 4, "half"), ("north", 2, "end")],
    ),
]


@pytest.mark.parametrize(("mode", "plays", "terms"), CASES, ids=[f"{m}: {p}" for m, p, _ in CASES])
def test_each_end_adds_its_pips_and_says_why(mode: str, plays: str, terms: list[Term]) -> None:
    layout = Layout.empty(SpinnerMode(mode))
    for text in plays.split(", "):
        played = move(text)
        layout = layout.place(played.tile, played.end, endwise=played.endwise)
    assert [(part.end.value, part.pips, part.kind) for part in layout.parts()] == terms
    assert layout.count == sum(pips for _, pips, _ in terms)


def test_an_empty_table_has_no_terms() -> None:
    assert Layout.empty(SpinnerMode.SNIFF).parts() == []
