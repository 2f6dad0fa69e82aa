"""How rounds end and score: domino, blocked, partnerships and the target (RULES.md, "Presets")."""

from __future__ import annotations

import pytest

from helpers import deal, play, play_all, rules_of, scripted_game
from sniff.engine import (
    Claimed,
    Game,
    GameEnded,
    MugginsCalled,
    Phase,
    Played,
    RoundEnded,
    RoundScoring,
    RuleSet,
    round_points,
)


def _ended(game: Game) -> RoundEnded:
    ended = next(e for e in reversed(game.log) if isinstance(e, RoundEnded))
    return ended


def _pass_round(game: Game) -> None:
    """Everybody passes in turn until the round is blocked."""
    while game.phase is Phase.PLAY:
        game.pass_turn()


# -- blocked rounds -------------------------------------------------------------
# In each deal the lead [6-6] is the only 6, the boneyard is empty: after the
# lead, everybody passes. Hands left: p0 "2-1 1-0" = 4 pips, and so on.


def _blocked_game(rules: RuleSet, hands: list[str]) -> Game:
    """The first seat leads [6-6], which nobody else can follow, and all pass."""
    game = scripted_game(rules, hands)
    play(game, "6-6 lead")
    _pass_round(game)
    assert _ended(game).reason == "blocked"
    return game


def _blocked(preset: str, hands: list[str]) -> Game:
    game = scripted_game(preset, hands)
    play(game, "6-6 lead")
    _pass_round(game)
    assert _ended(game).reason == "blocked"
    return game


def test_sniff_blocked_each_player_scores_the_difference_to_each_opponent_with_more() -> None:
    game = _blocked("sniff", ["6-6 2-1 1-0", "5-3 2-2"])  # 4 against 12
    assert _ended(game).points == (8, 0)
    assert game.scores == [8, 0]


def test_sniff_blocked_with_three_players() -> None:
    game = _blocked("sniff", ["6-6 2-1 1-0", "5-4", "5-5 4-3"])  # 4, 9, 17
    assert _ended(game).points == ((9 - 4) + (17 - 4), 17 - 9, 0)
    assert game.scores == [18, 8, 0]


def test_sniff_blocked_equal_hands_score_nothing() -> None:
    game = _blocked("sniff", ["6-6 3-1", "2-2"])  # 4 against 4
    assert _ended(game).points == (0, 0)


def test_muggins_blocked_scores_as_sniff() -> None:
    game = _blocked("muggins", ["6-6 2-1 1-0", "5-4", "5-3 4-1 3-1"])  # 4, 9, 17
    assert _ended(game).points == (18, 8, 0)


def test_domino_play_blocked_lowest_hand_wins_others_minus_own_rounded_over_5() -> None:
    game = _blocked("domino-play", ["6-6 2-1 1-0", "5-3 2-2"])  # 4 against 12
    assert _ended(game).points == (2, 0)  # 12 - 4 = 8 -> 10 -> 2


def test_domino_play_blocked_with_three_players_sums_all_other_hands() -> None:
    game = _blocked("domino-play", ["6-6 2-1 1-0", "5-4", "5-5 4-3"])  # 4, 9, 17
    assert _ended(game).points == (4, 0, 0)  # 26 - 4 = 22 -> 20 -> 4


def test_domino_play_blocked_tie_for_lowest_nobody_scores() -> None:
    game = _blocked("domino-play", ["6-6 3-1", "2-2", "5-4"])  # 4, 4, 9
    assert _ended(game).points == (0, 0, 0)


def test_sniff_us_blocked_everyone_subtracts_own_rounded_pips_below_zero() -> None:
    game = _blocked("sniff-us", ["6-6 2-1 1-0", "5-3 2-2"])  # 4 -> 5, 12 -> 10
    assert _ended(game).points == (-5, -10)
    assert game.scores == [-5, -10]


def test_sniff_stubby_blocked_subtracts_like_sniff_us() -> None:
    game = _blocked("sniff-stubby", ["6-6 2-1 1-0", "5-4", "5-5 4-3"])  # 4, 9, 17
    assert _ended(game).points == (-5, -10, -15)


def test_alle_fuenfe_blocked_lowest_wins_each_other_hand_rounded() -> None:
    # alle-fuenfe: p0 leads the highest double and plays again: nothing fits, so p0 passes.
    game = _blocked("alle-fuenfe", ["6-6 2-1 1-0", "5-3", "5-4 3-1"])  # 4, 8, 13
    assert _ended(game).points == (10 + 15, 0, 0)  # not (8 + 13 = 21) -> 20


def test_alle_fuenfe_blocked_tie_for_lowest_nobody_scores() -> None:
    game = _blocked("alle-fuenfe", ["6-6 3-1", "2-2"])
    assert _ended(game).points == (0, 0)


# -- domino -----------------------------------------------------------------------
# p0 "5-5 3-0" leads [5-5] (10 in every mode); p1 plays [5-3] east; p0 goes out
# with [3-0] on the east. p1 is left with [6-2] [4-4]: 16 pips.

_DOMINO = ["5-5 3-0", "5-3 6-2 4-4"]


@pytest.mark.parametrize(
    ("preset", "plays", "points", "scores"),
    [
        ("sniff", (10, 0, 10), (16, 0), [10 + 10 + 16, 0]),  # pips not rounded
        ("muggins", (10, 0, 10), (16, 0), [36, 0]),
        ("domino-play", (2, 0, 2), (3, 0), [7, 0]),  # 16 -> 15 -> 3
        ("sniff-us", (10, 0, 10), (0, -15), [20, -15]),
        ("sniff-stubby", (10, 0, 5), (0, -15), [15, -15]),  # lengthwise: 5 + 0
    ],
)
def test_domino_scoring_by_preset(
    preset: str, plays: tuple[int, ...], points: tuple[int, ...], scores: list[int]
) -> None:
    game = scripted_game(preset, _DOMINO)
    events = play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])
    assert tuple(e.points for e in events) == plays
    ended = _ended(game)
    assert (ended.reason, ended.went_out, ended.points) == ("domino", 0, points)
    assert game.scores == scores
    assert game.phase is Phase.ROUND_OVER


def test_sniff_domino_with_three_players_scores_all_opponents_pips_unrounded() -> None:
    game = scripted_game("sniff", ["6-6", "5-3", "6-5 1-1"])  # 8 + 13
    play(game, "6-6 lead")
    assert _ended(game).points == (21, 0, 0)


def test_alle_fuenfe_domino_credits_each_other_hand_rounded() -> None:
    # p0 leads the highest double and at once plays again: out.
    game = scripted_game("alle-fuenfe", ["5-5 5-0", "5-3", "6-5 1-1"])  # 8, 13
    lead = play(game, "5-5 lead")
    assert game.current == 0
    second = play(game, "5-0 east")
    assert (lead.points, second.points) == (10, 10)
    assert _ended(game).points == (10 + 15, 0, 0)
    assert game.scores == [45, 0, 0]


def test_domino_play_domino_with_three_players() -> None:
    game = scripted_game("domino-play", ["6-6", "5-3", "6-5 1-1"])  # 21 -> 20 -> 4
    play(game, "6-6 lead")
    assert _ended(game).points == (4, 0, 0)


def test_domino_play_with_threes_a_scoring_count_is_rounded_to_five_then_divided() -> None:
    # rules.md, "domino-play with other combinations": 9 -> 10 -> 2, 6 -> 5 -> 1.
    game = scripted_game(rules_of("domino-play", scoring="threes"), ["6-3 1-0", "3-1 5-5"])
    events = play_all(game, ["6-3 lead", "3-1 east", "1-0 east"])
    assert [(e.count, e.points) for e in events] == [(9, 2), (7, 0), (6, 1)]
    assert _ended(game).points == (2, 0)  # p1 holds [5-5]: 10 -> 2
    assert game.scores == [2 + 1 + 2, 0]


def test_domino_play_winner_net_never_goes_below_zero() -> None:
    assert round_points(RoundScoring.WINNER_NET_FIVES, [0, 1], [[0], [1]], domino_by=0, unit=5) == [
        0,
        0,
    ]


# -- partnerships -----------------------------------------------------------------


def test_sniff_us_four_players_partners_opposite_score_together() -> None:
    game = scripted_game("sniff-us", ["5-5 0-0", "5-3 4-3", "3-0 6-2", "5-2 6-1"])
    assert game.sides == ((0, 2), (1, 3))
    events = play_all(game, ["5-5 lead", "5-3 east", "3-0 east", "5-2 north", "0-0 east"])
    assert [(e.count, e.points) for e in events] == [(10, 10), (13, 0), (10, 10), (7, 0), (7, 0)]
    ended = _ended(game)
    # Left: p1 [4-3] 7 -> 5, p2 [6-2] 8 -> 10, p3 [6-1] 7 -> 5: each hand rounded.
    assert (ended.reason, ended.points) == ("domino", (-10, -10))
    assert game.scores == [10 + 10 - 10, -10]


def test_domino_play_partners_winner_scores_opponents_minus_own_side_partner_included() -> None:
    # p0 leads [5-0] (5: 1 point) and is out; p1 12, p2 (the partner) 4, p3 9 pips.
    rules = rules_of("domino-play", partnerships=True)
    game = scripted_game(rules, ["5-0", "6-6", "4-0", "6-3"])
    assert play(game, "5-0 lead").points == 1
    assert _ended(game).points == (3, 0)  # 12 + 9 - 4 = 17 -> 15 -> 3
    assert game.scores == [4, 0]


def test_domino_play_partners_winner_net_below_zero_scores_nothing() -> None:
    # The partner holds 23 pips, the opponents 3: the net is -20, and nobody loses points.
    rules = rules_of("domino-play", partnerships=True)
    game = scripted_game(rules, ["5-0", "1-0", "6-6 6-5", "2-0"])
    play(game, "5-0 lead")
    assert _ended(game).points == (0, 0)
    assert game.scores == [1, 0]


def test_domino_play_partners_blocked_the_partner_with_the_lowest_hand_wins_for_the_side() -> None:
    # After the lead [6-6] nobody holds a 6: p0 9, p1 7, p2 (p0's partner) 1, p3 8 pips.
    rules = rules_of("domino-play", partnerships=True)
    game = _blocked_game(rules, ["6-6 5-4", "4-3", "1-0", "5-3"])
    assert _ended(game).points == (1, 0)  # 7 + 8 - (9 + 1) = 5 -> 1


def test_sniff_partners_domino_scores_only_the_opponents_pips() -> None:
    # p0 leads [5-0] (5 points) and is out; the partner's [6-6] is not the opponents'.
    rules = rules_of("sniff", partnerships=True)
    game = scripted_game(rules, ["5-0", "1-0", "6-6", "2-0"])
    assert play(game, "5-0 lead").points == 5
    assert _ended(game).points == (1 + 2, 0)
    assert game.scores == [8, 0]


def test_sniff_partners_blocked_partners_never_score_each_other() -> None:
    # p0 4, p1 9, p2 17, p3 2 pips: each scores the difference to each opponent with more.
    rules = rules_of("sniff", partnerships=True)
    game = _blocked_game(rules, ["6-6 2-1 1-0", "5-4", "5-5 4-3", "2-0"])
    # side 0: p0 (9 - 4) + p2 nothing; side 1: p1 (17 - 9), p3 (4 - 2) + (17 - 2)
    assert _ended(game).points == (5, 8 + 2 + 15)


def test_alle_fuenfe_partners_winner_is_credited_only_the_opponents_hands() -> None:
    # p0 leads [5-5] (10), plays again [5-0] (10) and is out.
    rules = rules_of("alle-fuenfe", partnerships=True)
    game = scripted_game(rules, ["5-5 5-0", "4-3", "6-2", "6-1"])
    play_all(game, ["5-5 lead", "5-0 east"])
    assert _ended(game).points == (5 + 5, 0)  # 7 -> 5 and 7 -> 5; the partner's 8 is not
    assert game.scores == [30, 0]


def test_sniff_us_partnerships_only_with_four_players() -> None:
    assert scripted_game("sniff-us", ["6-6", "5-5", "4-4"]).sides == ((0,), (1,), (2,))


# -- the target ----------------------------------------------------------------------


def test_game_ends_at_the_target_at_once_mid_round() -> None:
    rules = rules_of("sniff", targets=20)
    game = scripted_game(rules, _DOMINO)
    play_all(game, ["5-5 lead", "5-3 east"])
    assert game.scores == [10, 0]
    play(game, "3-0 east")  # also the last tile, but the target comes first
    *_, ended, over = game.log
    assert isinstance(ended, RoundEnded) and isinstance(over, GameEnded)
    assert (ended.reason, ended.points, ended.scores) == ("target", (0, 0), (20, 0))
    assert (over.winner, over.scores) == (0, (20, 0))
    assert game.phase is Phase.GAME_OVER


def test_game_ends_at_the_target_mid_round_with_tiles_still_in_hand() -> None:
    rules = rules_of("sniff", targets=10)
    game = scripted_game(rules, ["5-5 6-6", "5-3 1-0"])
    play(game, "5-5 lead")
    ended = _ended(game)
    assert ended.reason == "target"
    assert ended.hands[0] == (game.hands[0][0],) and len(ended.hands[1]) == 2
    assert game.log[-1] == GameEnded(0, (10, 0))


def test_game_ends_when_round_points_reach_the_target() -> None:
    rules = rules_of("sniff", targets=30)
    game = scripted_game(rules, _DOMINO)
    play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])  # 20 in play, 16 for the domino
    ended, over = game.log[-2:]
    assert isinstance(ended, RoundEnded) and ended.reason == "domino"
    assert over == GameEnded(0, (36, 0))


def test_sniff_us_four_players_partner_reaches_the_target_for_the_side() -> None:
    rules = rules_of("sniff-us", targets=20)
    game = scripted_game(rules, ["5-5 0-0", "5-3 4-3", "3-0 6-2", "5-2 6-1"])
    play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])
    assert game.log[-1] == GameEnded(0, (20, 0))  # side 0: seats 0 and 2


def test_a_tie_at_the_target_plays_on_until_one_side_is_ahead() -> None:
    # Blocked, 4, 4 and 17 pips: the first two each score 13 and tie on the target.
    later = [deal(["6-6", "5-0 1-1", "4-4"], leader=None)]
    game = scripted_game(rules_of("sniff", targets=13), ["6-6 3-1", "2-2", "5-5 4-3"], later=later)
    play(game, "6-6 lead")
    _pass_round(game)
    assert _ended(game).points == (13, 13, 0)
    assert (game.scores, game.phase, game.winner) == ([13, 13, 0], Phase.ROUND_OVER, None)
    assert not any(isinstance(e, GameEnded) for e in game.log)
    game.next_round()
    assert game.current == 1  # the lead rotates
    assert play(game, "5-0 lead").points == 5
    assert game.log[-1] == GameEnded(1, (13, 18, 0))


def test_targets_by_preset_and_player_count() -> None:
    expected = {
        "sniff": (200, 200, 200),
        "muggins": (200, 200, 200),
        "domino-play": (60, 60, 60),
        "sniff-us": (250, 200, 200),
        "sniff-stubby": (250, 200, 200),
        "alle-fuenfe": (100, 100, 100),
    }
    for name, targets in expected.items():
        rules = rules_of(name)
        assert tuple(rules.target(n) for n in (2, 3, 4)) == targets, name


def test_hand_sizes_by_preset_and_player_count() -> None:
    expected = {
        "sniff": (7, 5, 5),
        "muggins": (7, 5, 5),
        "domino-play": (7, 6, 5),
        "sniff-us": (7, 6, 5),
        "sniff-stubby": (7, 6, 5),
        "alle-fuenfe": (7, 5, 5),
    }
    for name, sizes in expected.items():
        rules = rules_of(name)
        assert tuple(rules.hand_size(n) for n in (2, 3, 4)) == sizes, name
        for players in (2, 3, 4):
            game = Game(rules, players, seed=players)
            dealt = game.log[game.round_start]
            assert [len(h) for h in dealt.hands] == [sizes[players - 2]] * players  # type: ignore[union-attr]


def test_scores_in_events_add_up() -> None:
    game = scripted_game("sniff", _DOMINO)
    play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])
    played = sum(e.points for e in game.log if isinstance(e, Played))
    ended = _ended(game)
    assert played + sum(ended.points) == sum(ended.scores) == sum(game.scores)
    assert not any(isinstance(e, Claimed | MugginsCalled) for e in game.log)
