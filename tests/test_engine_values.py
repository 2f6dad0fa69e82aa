"""The engine's small values read as they should: tiles, actions, layouts, rounds, dealers.

These are what a developer sees in a log, a failing test or the debugger,
and what the announcer reads (a tile's other half, a hand's pips).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from helpers import deal, play_all, scripted_game, tile, tiles
from sniff.engine import (
    DRAW,
    PASS,
    End,
    Game,
    IllegalMove,
    Layout,
    Move,
    ScriptedDealer,
    SpinnerMode,
    Tile,
    full_set,
    pip_total,
    preset,
)
from sniff.engine.dealing import shuffle
from sniff.engine.playout import Round


def test_a_tile_s_other_half() -> None:
    assert (tile("6-4").other(6), tile("6-4").other(4), tile("3-3").other(3)) == (4, 6, 3)
    with pytest.raises(ValueError, match=r"^6-4 has no 5$"):
        tile("6-4").other(5)


def test_a_hand_s_pips() -> None:
    assert pip_total(tiles("6-4 5-5 1-0")) == 21
    assert pip_total(list(tiles("0-0"))) == 0 and pip_total(()) == 0


def test_draw_and_pass_read_as_the_rulebook_writes_them() -> None:
    assert (str(DRAW), str(PASS)) == ("draw", "pass")


def test_a_layout_and_a_compact_round_show_their_tiles_and_count() -> None:
    game = scripted_game("sniff", ["6-6 6-4 2-1 1-0", "4-4 3-0 6-1 5-5"], "5-0")
    play_all(game, ["6-6 lead", "6-1 east", "6-4 north", "4-4 north"])
    assert repr(game.layout) == "<Layout lead=6-6 east=6-1 north=6-4/4-4 count=21>"
    assert repr(Round.from_game(game)) == (
        "<Round seat 0 to act; hands 1-0 2-1 | 3-0 5-5; count 21>"
    )


def test_a_copied_scripted_dealer_deals_the_rest_on_its_own() -> None:
    first, second, third = (deal([f"{n}-{n}"], "") for n in (1, 2, 3))
    dealer = ScriptedDealer([first, second, third])
    rules, rng = preset("sniff"), random.Random(0)
    assert dealer.deal(rules, 2, 1, rng) == first
    twin = dealer.copy()
    assert [twin.deal(rules, 2, n, rng) for n in (2, 3)] == [second, third]
    assert dealer.deal(rules, 2, 2, rng) == second  # the original is where it was
    with pytest.raises(LookupError, match="the scripted deals have run out"):
        twin.deal(rules, 2, 4, rng)


def test_pass_is_allowed_only_when_nothing_fits_and_nothing_can_be_drawn() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"], "1-0")
    assert not game.can_pass()  # the lead first
    play_all(game, ["6-6 lead"])
    assert (game.can_pass(), game.can_draw()) == (False, True)
    game.draw()
    assert (game.can_pass(), game.can_draw()) == (True, False)
    assert Tile.of(1, 0) in game.hands[1]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("5-3", "5-3"),
        ("3-5", "5-3"),
        ("5 3", "5-3"),
        ("53", "5-3"),
        ("[5, 3]", "5-3"),
        ("(6|4)", "6-4"),
        ("6:6", "6-6"),
        (" 2-1 ", "2-1"),
        ("0-0", "0-0"),
        ("12-12", "12-12"),
    ],
)
def test_a_tile_is_read_as_players_write_it(text: str, read: str) -> None:
    assert str(Tile.parse(text)) == read


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5", "not a tile: '5'"),
        ("", "not a tile: ''"),
        ("123", "not a tile: '123'"),
        ("5-3-1", "not a tile: '5-3-1'"),
        ("a-b", "not a tile: 'a-b'"),
        ("5,x", "not a tile: '5,x'"),
        ("X5-3", "not a tile: 'X5-3'"),
        ("-1, 2", "not a tile: '-1, 2'"),
        ("[1, -2]", "not a tile: '[1, -2]'"),
        ("13-0", "no tile 13-0"),
    ],
)
def test_what_is_not_a_tile_is_refused_in_words(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        Tile.parse(text)
    assert str(refused.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6-4", "not a move: '6-4'"),
        ("6-4 up", "not a move: '6-4 up' (no end called 'up')"),
        ("6-4 east sideways", "not a move: '6-4 east sideways'"),
        ("6-4 east endwise again", "not a move: '6-4 east endwise again'"),
        ("x east", "not a tile: 'x'"),
    ],
)
def test_what_is_not_a_move_is_refused_in_words(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        Move.parse(text)
    assert str(refused.value) == message
    assert Move.parse("6-4 EAST Endwise") == Move(tile("6-4"), End.EAST, True)


def test_sets_from_double_blank_to_double_twelve() -> None:
    assert [len(full_set(n)) for n in (0, 6, 12)] == [1, 28, 91]
    for wrong in (-1, 13):
        with pytest.raises(ValueError, match=f"^no double-{wrong} set$"):
            full_set(wrong)
    assert (str(End.NORTH), End.LEAD.arm, End.SOUTH.arm) == ("north", -1, 3)


def test_a_layout_gives_each_arm_s_tiles_from_the_centre_out() -> None:
    game = scripted_game("sniff", ["6-6 6-4 2-1", "4-4 3-0 6-1"], "5-0")
    play_all(game, ["6-6 lead", "6-1 east", "6-4 north", "4-4 north"])
    assert [placed.tile for placed in game.layout.arm(End.NORTH)] == list(tiles("6-4 4-4"))
    assert game.layout.arm(End.WEST) == ()


def test_a_shuffle_makes_every_order_equally_often() -> None:
    seen: Counter[tuple[Tile, ...]] = Counter()
    for seed in range(1200):
        hand = list(tiles("1-0 2-0 3-0"))
        shuffle(hand, random.Random(seed))
        seen[tuple(hand)] += 1
    assert len(seen) == 6  # every order of three tiles
    assert all(150 <= count <= 250 for count in seen.values()), seen  # 200 each, give or take
    for few in ([], [tile("6-6")]):
        shuffle(few, random.Random(0))
        assert few == ([] if not few else [tile("6-6")])


def test_a_scripted_deal_for_the_wrong_table_is_refused() -> None:
    wrong_seats = ScriptedDealer([deal(["6-6", "5-5", "4-4"])])
    with pytest.raises(ValueError, match=r"^a deal for 3 seats, not 2$"):
        Game(preset("sniff"), 2, dealer=wrong_seats)
    twice = ScriptedDealer([deal(["6-6", "6-6"])])
    with pytest.raises(ValueError, match=r"^a deal must hold each tile of the set once$"):
        Game(preset("sniff"), 2, dealer=twice)
    too_large = ScriptedDealer([deal(["7-7", "6-6"])])
    with pytest.raises(ValueError, match=r"^a deal must hold each tile of the set once$"):
        Game(preset("sniff"), 2, dealer=too_large)


def test_apply_refuses_what_is_not_an_action() -> None:
    game = Game(preset("sniff"), 2, seed=1)
    with pytest.raises(IllegalMove, match=r"^not an action: 'draw'$"):
        game.apply("draw")  # type: ignore[arg-type]


def test_the_next_seat_follows_the_direction_of_play() -> None:
    clockwise = Game(preset("sniff"), 3, seed=1)
    assert [clockwise.next_seat(s) for s in range(3)] == [1, 2, 0]
    counter = Game(preset("sniff").with_changes(direction="counter-clockwise"), 3, seed=1)
    assert [counter.next_seat(s) for s in range(3)] == [2, 0, 1]
    assert [counter.pips(s) for s in range(3)] == [pip_total(h) for h in counter.hands]


def test_can_draw_only_for_want_of_a_tile_that_fits() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 3-2"], "1-0")
    play_all(game, ["6-6 lead"])
    assert not game.can_draw()  # [6-4] fits
    house = scripted_game(
        preset("sniff").with_changes(draw_while_playable=True), ["6-6 0-0", "6-4 3-2"], "1-0"
    )
    play_all(house, ["6-6 lead"])
    assert house.can_draw()


def test_an_empty_table_has_no_open_end_and_counts_nothing() -> None:
    for mode in SpinnerMode:
        empty = Layout.empty(mode)
        assert (empty.lead, empty.sniff, empty.lead_crosswise, empty.count) == (
            None,
            None,
            False,
            0,
        )
        assert (empty.open, empty.open_arms, empty.sniff_arm) == ((-1, -1, -1, -1), (), -1)
        assert empty.arms == ((), (), (), ()) and empty.tiles() == []
        assert empty.mode is mode
