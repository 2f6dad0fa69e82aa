"""Larger sets (double-nine, double-twelve) and how many players each set admits."""

from __future__ import annotations

import pytest

from helpers import play, rules_of, scripted_game
from sniff.engine import Dealt, Game, Phase, RulesError, full_set


@pytest.mark.parametrize(
    ("tile_set", "tiles", "most"),
    [("double-six", 28, 4), ("double-nine", 55, 6), ("double-twelve", 91, 8)],
)
def test_each_set_deals_every_tile_once_to_as_many_players_as_it_admits(
    tile_set: str, tiles: int, most: int
) -> None:
    rules = rules_of("sniff", tile_set=tile_set)
    assert len(full_set(rules.max_pip)) == tiles
    for players in range(2, most + 1):
        game = Game(rules, players, seed=players)
        dealt = game.log[0]
        assert isinstance(dealt, Dealt)
        every = [t for hand in dealt.hands for t in hand] + list(dealt.boneyard)
        assert sorted(every) == sorted(full_set(rules.max_pip))
        assert [len(hand) for hand in dealt.hands] == [rules.hand_size(players)] * players
    with pytest.raises(RulesError):
        Game(rules, most + 1)


@pytest.mark.parametrize("players", [1, 5, 9])
def test_double_six_refuses_more_than_4_players(players: int) -> None:
    with pytest.raises(RulesError):
        Game(rules_of("sniff"), players)


def test_9_players_refused_even_with_double_twelve() -> None:
    with pytest.raises(RulesError):
        Game(rules_of("sniff", tile_set="double-twelve"), 9)


def test_double_nine_lead_9_9_counts_18_and_scores_with_9_3() -> None:
    game = scripted_game(rules_of("sniff", tile_set="double-nine"), ["9-9 8-0", "9-3 7-7"])
    assert play(game, "9-9 lead").count == 18
    east = play(game, "9-3 east")
    assert (east.count, east.points) == (18 + 3, 0)
    rules = rules_of("sniff", tile_set="double-nine", scoring="fibs")
    game = scripted_game(rules, ["9-9 8-0", "9-3 7-7"])
    play(game, "9-9 lead")
    assert play(game, "9-3 east").points == 21


def test_double_twelve_muggins_highest_double_is_12_12() -> None:
    rules = rules_of("muggins", tile_set="double-twelve")
    game = scripted_game(rules, ["9-9 8-0", "12-12 11-3", "10-10 1-0"])
    assert (game.current, game.required_lead) == (1, game.hands[1][0])
    assert play(game, "12-12 lead").count == 24


def test_a_scripted_tile_outside_the_set_is_refused() -> None:
    with pytest.raises(ValueError):
        scripted_game("sniff", ["9-9 1-0", "2-2"])


def test_a_double_nine_game_with_six_players_plays_to_the_end() -> None:
    import random

    game = Game(rules_of("sniff", tile_set="double-nine"), 6, seed=9)
    rng = random.Random(9)
    for _ in range(20_000):
        if game.phase is Phase.GAME_OVER:
            break
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
            continue
        game.apply(rng.choice(game.legal_actions()))
    assert game.phase is Phase.GAME_OVER
