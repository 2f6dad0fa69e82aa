"""The count, as RULES.md "What counts, by spinner mode" and "Scoring combinations" say.

Every number here is worked out from RULES.md by hand, never copied from the
engine. Games are built from scripted deals and played move by move.
"""

from __future__ import annotations

import pytest

from helpers import play, play_all, rules_of, scripted_game, tile
from sniff.engine import (
    Combination,
    End,
    Layout,
    Move,
    Reason,
    RoundEnded,
    SpinnerMode,
    play_points,
    round_to_five,
    scores,
)


def _layout(mode: SpinnerMode, *plays: str) -> Layout:
    layout = Layout.empty(mode)
    for text in plays:
        tile_text, end = text.split()
        layout = layout.place(tile(tile_text), End(end))
    return layout


# -- the worked examples of RULES.md -----------------------------------------


def test_sniff_us_exposed_halves_count_8_14_15() -> None:
    game = scripted_game("sniff-us", ["4-4 1-4 0-0", "6-4 2-2 3-0"])
    lead = play(game, "4-4 lead")
    assert (lead.count, lead.points) == (8, 0)
    west = play(game, "6-4 west")
    assert (west.count, west.points) == (14, 0)  # 4 + 4 + 6
    east = play(game, "1-4 east")
    assert (east.count, east.points) == (15, 15)  # 4 + 4 + 6 + 1
    assert game.scores == [15, 0]


def test_sniff_lone_lead_4_4_counts_8_then_4_2_east_10_then_4_1_west_3() -> None:
    game = scripted_game("sniff", ["4-4 4-1 0-0", "4-2 6-6 3-0"])
    assert play(game, "4-4 lead").count == 8
    east = play(game, "4-2 east")
    assert (east.count, east.points) == (10, 10)  # the sniff once, both halves: 8 + 2
    west = play(game, "4-1 west")
    assert (west.count, west.points) == (3, 0)  # 2 + 1
    assert game.scores == [0, 10]


def test_none_mode_lead_5_5_counts_10_and_with_5_3_east_13() -> None:
    game = scripted_game("muggins", ["5-5 6-0", "5-3 1-0"])
    lead = play(game, "5-5 lead")
    assert (lead.count, lead.points) == (10, 10)
    east = play(game, "5-3 east")
    assert (east.count, east.points) == (13, 0)  # the [5-5] still ends the west: 10 + 3


def test_none_mode_lead_6_4_counts_10() -> None:
    # alle-fuenfe without doubles: the heaviest tile, [6-4], leads.
    game = scripted_game("alle-fuenfe", ["6-4 2-1", "5-3 1-0"])
    lead = play(game, "6-4 lead")
    assert (lead.count, lead.points) == (10, 10)


@pytest.mark.parametrize(("pips", "rounded"), [(17, 15), (18, 20), (3, 5), (2, 0), (0, 0), (5, 5)])
def test_rounding_to_the_nearest_five_17_15_18_20_3_5_2_0(pips: int, rounded: int) -> None:
    assert round_to_five(pips) == rounded


def test_rounding_a_hand_of_1_2_is_5_and_of_1_1_is_0_in_sniff_us() -> None:
    # p0 goes out with the lead; p1 holds [1-2] (3 -> 5), p2 holds [1-1] (2 -> 0).
    game = scripted_game("sniff-us", ["6-6", "1-2", "1-1"])
    play(game, "6-6 lead")
    ended = game.log[-1]
    assert isinstance(ended, RoundEnded)
    assert (ended.reason, ended.points) == ("domino", (0, -5, 0))


def test_rounding_a_hand_of_1_2_is_5_and_of_1_1_is_0_in_alle_fuenfe() -> None:
    game = scripted_game("alle-fuenfe", ["6-6", "1-2", "1-1"])
    play(game, "6-6 lead")
    ended = game.log[-1]
    assert isinstance(ended, RoundEnded)
    assert (ended.reason, ended.points) == ("domino", (5 + 0, 0, 0))


# -- the sniff (or any double) laid late, mode by mode --------------------------


def test_none_mode_a_late_double_counts_both_halves_until_covered() -> None:
    game = scripted_game(rules_of("sniff", spinner="none"), ["6-4 4-1 5-5", "4-4 3-3 2-0"])
    assert play(game, "6-4 lead").count == 10
    assert play(game, "4-4 east").count == 6 + 8
    assert game.layout.open_ends() == [(End.WEST, 6), (End.EAST, 4)]  # no spinner
    assert play(game, "4-1 east").count == 6 + 1


def test_none_mode_a_double_played_on_an_end_counts_both_halves() -> None:
    layout = _layout(SpinnerMode.NONE, "6-3 lead", "3-3 east")
    assert layout.count == 6 + 3 + 3
    assert layout.open_ends() == [(End.WEST, 6), (End.EAST, 3)]


def test_sniff_laid_late_counts_both_halves_at_the_end_of_the_line() -> None:
    game = scripted_game("sniff", ["6-4 4-1 4-3 0-0", "4-4 4-0 2-2 1-1"])
    play(game, "6-4 lead")
    assert play(game, "4-4 east").count == 6 + 8
    # all four sides open at once
    assert game.layout.open_ends() == [(End.WEST, 6), (End.EAST, 4), (End.NORTH, 4), (End.SOUTH, 4)]
    assert play(game, "4-1 east").count == 6 + 1  # north, south: nothing yet
    assert play(game, "4-0 north").count == 6 + 1 + 0
    assert play(game, "4-3 south").count == 6 + 1 + 0 + 3


def test_sniff_north_and_south_count_only_once_covered() -> None:
    lone = _layout(SpinnerMode.SNIFF, "4-4 lead")
    assert lone.count == 8  # not 8 + 4 + 4
    north = lone.place(tile("4-3"), End.NORTH)
    assert north.count == 8 + 3  # the sniff still ends west and east: counted once


def test_sniff_exposed_laid_late_halves_count_until_covered_then_as_sniff() -> None:
    game = scripted_game("sniff-us", ["6-4 4-1 4-2 0-0", "4-4 4-3 6-6 1-1"])
    play(game, "6-4 lead")
    assert play(game, "4-4 east").count == 6 + 4 + 4  # exposed halves, nothing for east
    assert play(game, "4-1 east").count == 6 + 1 + 4 + 4
    assert play(game, "4-3 north").count == 6 + 1 + 3 + 4
    assert play(game, "4-2 south").count == 6 + 1 + 3 + 2  # covered: as sniff


def test_sniff_exposed_covered_with_the_sniff_at_the_end_counts_it_as_sniff() -> None:
    layout = _layout(SpinnerMode.SNIFF_EXPOSED, "6-4 lead", "4-4 east", "4-3 north", "4-2 south")
    assert layout.count == 6 + 8 + 3 + 2


def test_stubby_sniff_lies_lengthwise_and_counts_one_half_at_the_end() -> None:
    game = scripted_game("sniff-stubby", ["6-4 4-3 4-1 0-0", "4-4 4-2 6-6 5-5"])
    play(game, "6-4 lead")
    assert play(game, "4-4 east").count == 6 + 4


def test_stubby_north_and_south_take_one_tile_each_then_close_but_count() -> None:
    game = scripted_game("sniff-stubby", ["6-4 4-3 4-1 0-0", "4-4 4-2 6-6 5-5"])
    play_all(game, ["6-4 lead", "4-4 east"])
    assert play(game, "4-3 north").count == 6 + 4 + 3
    assert game.layout.open_ends() == [(End.WEST, 6), (End.EAST, 4), (End.SOUTH, 4)]
    assert play(game, "4-2 south").count == 6 + 4 + 3 + 2
    assert game.layout.open_ends() == [(End.WEST, 6), (End.EAST, 4)]
    assert play(game, "4-1 east").count == 6 + 1 + 3 + 2  # north and south still count
    refusal = game.refusal(Move(tile("6-6"), End.NORTH))
    assert refusal is not None and refusal.reason is Reason.END_CLOSED


def test_stubby_lone_lead_double_lies_lengthwise_counting_each_end() -> None:
    assert _layout(SpinnerMode.STUBBY, "4-4 lead").count == 4 + 4
    assert _layout(SpinnerMode.STUBBY, "4-4 lead", "4-2 east").count == 4 + 2


@pytest.mark.parametrize("mode", list(SpinnerMode))
def test_a_double_at_the_end_of_an_arm_counts_both_halves(mode: SpinnerMode) -> None:
    # [6-3] lead, [3-5] east, then [5-5] east: no spinner yet, or the sniff itself.
    layout = _layout(mode, "6-3 lead", "3-5 east", "5-5 east")
    if mode is SpinnerMode.STUBBY:
        assert layout.count == 6 + 5  # the first double is the stubby sniff: one half
    elif mode is SpinnerMode.SNIFF_EXPOSED:
        assert layout.count == 6 + 5 + 5  # its exposed halves, nothing for east
    else:
        assert layout.count == 6 + 10
    # A later, second double always lies crosswise at the end of its arm.
    later = layout.place(tile("5-1"), End.EAST).place(tile("1-1"), End.EAST)
    exposed = 10 if mode is SpinnerMode.SNIFF_EXPOSED else 0
    assert later.count == 6 + 2 + exposed


@pytest.mark.parametrize("mode", [SpinnerMode.SNIFF, SpinnerMode.SNIFF_EXPOSED, SpinnerMode.STUBBY])
def test_only_the_first_double_is_a_spinner(mode: SpinnerMode) -> None:
    rules = rules_of("sniff", spinner=mode.value)
    game = scripted_game(rules, ["4-4 6-6 6-1 0-0", "4-6 3-3 2-2 5-0"])
    play_all(game, ["4-4 lead", "4-6 east", "6-6 east"])
    assert game.layout.open_ends() == [
        (End.WEST, 4),
        (End.EAST, 6),
        (End.NORTH, 4),
        (End.SOUTH, 4),
    ]
    game.pass_turn()  # p1: nothing fits, the boneyard is empty
    # p0's [6-1] goes only on the east: the [6-6] opened no arms of its own.
    assert game.legal_moves() == [Move(tile("6-1"), End.EAST)]


def test_a_lead_that_is_no_double_is_never_a_spinner() -> None:
    layout = _layout(SpinnerMode.SNIFF, "6-5 lead")
    assert layout.sniff is None
    assert layout.open_ends() == [(End.WEST, 6), (End.EAST, 5)]
    assert layout.count == 11


# -- scoring combinations ------------------------------------------------------------


@pytest.mark.parametrize(
    ("combination", "scoring", "not_scoring"),
    [
        (Combination.FIVES, [5, 10, 15, 20, 60], [1, 3, 4, 9, 12, 14]),
        (Combination.THREES, [3, 6, 9, 12, 15, 18], [1, 2, 4, 5, 10, 20]),
        (Combination.THREES_FIVES, [3, 5, 6, 9, 10, 12, 15, 20], [1, 2, 4, 7, 8, 11, 13]),
        (Combination.PRIMES, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31], [1, 4, 6, 9, 15, 21, 25]),
        (Combination.FIBS, [1, 2, 3, 5, 8, 13, 21, 34, 55], [4, 6, 7, 9, 10, 12, 14, 20, 22]),
    ],
)
def test_scoring_combinations(
    combination: Combination, scoring: list[int], not_scoring: list[int]
) -> None:
    for count in scoring:
        assert scores(count, combination), count
        assert play_points(count, combination) == count
    for count in not_scoring:
        assert not scores(count, combination), count
        assert play_points(count, combination) == 0


@pytest.mark.parametrize("combination", list(Combination))
def test_a_count_of_0_never_scores(combination: Combination) -> None:
    assert not scores(0, combination)
    game = scripted_game(rules_of("sniff", scoring=combination.value), ["0-0 6-6", "0-1 2-2"])
    lead = play(game, "0-0 lead")
    assert (lead.count, lead.points) == (0, 0)
    assert game.scores == [0, 0]


@pytest.mark.parametrize(
    ("combination", "lead", "count"),
    [("threes", "6-3", 9), ("primes", "5-2", 7), ("fibs", "6-2", 8), ("threes-fives", "4-2", 6)],
)
def test_scoring_combination_option_scores_the_count_in_play(
    combination: str, lead: str, count: int
) -> None:
    game = scripted_game(rules_of("sniff", scoring=combination), [f"{lead} 0-0", "1-1 1-0"])
    event = play(game, f"{lead} lead")
    assert (event.count, event.points) == (count, count)
    assert game.scores == [count, 0]


@pytest.mark.parametrize(
    ("lead", "count", "points"), [("5-5", 10, 2), ("6-4", 10, 2), ("5-0", 5, 1)]
)
def test_domino_play_a_scoring_play_earns_count_over_5(lead: str, count: int, points: int) -> None:
    game = scripted_game("domino-play", [f"{lead} 1-1", "2-1 3-3"])
    event = play(game, f"{lead} lead")
    assert (event.count, event.points) == (count, points)
    assert game.scores == [points, 0]


def test_domino_play_15_earns_3_and_a_non_scoring_count_nothing() -> None:
    game = scripted_game("domino-play", ["5-5 6-6 1-1", "5-0 4-3 2-2"])
    play(game, "5-5 lead")  # 10 -> 2
    east = play(game, "5-0 east")
    assert (east.count, east.points) == (10, 2)  # the sniff at the west counts 10, east 0
    assert game.scores == [2, 2]
    assert play_points(15, Combination.FIVES, 5) == 3
    assert play_points(14, Combination.FIVES, 5) == 0


def test_double_endwise_option_counts_one_half_but_never_for_the_sniff() -> None:
    rules = rules_of("domino-play", double_endwise=True)
    game = scripted_game(rules, ["6-4 2-2 0-0", "4-4 4-2 1-1"])
    play(game, "6-4 lead")
    assert Move(tile("4-4"), End.EAST, True) not in game.legal_moves()
    refusal = game.refusal(Move(tile("4-4"), End.EAST, True))
    assert refusal is not None and refusal.reason is Reason.ENDWISE
    assert play(game, "4-4 east").count == 6 + 8  # the sniff, crosswise
    game.pass_turn()  # p0: nothing fits, the boneyard is empty
    play(game, "4-2 east")
    assert Move(tile("2-2"), End.EAST) in game.legal_moves()
    assert Move(tile("2-2"), End.EAST, True) in game.legal_moves()
    assert game.play(Move(tile("2-2"), End.EAST, True)).count == 6 + 2  # one half
    crosswise = _layout(SpinnerMode.SNIFF, "6-4 lead", "4-4 east", "4-2 east", "2-2 east")
    assert crosswise.count == 6 + 4
