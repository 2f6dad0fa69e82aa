"""The acting methods refuse by themselves (RULES.md, "Presets": drawing and passing).

``Game.refusal()`` explains; ``Game.draw()``, ``pass_turn()``, ``play()``,
``claim()``, ``call_muggins()``, ``next_round()`` and ``apply()`` must refuse the
same actions on their own, raising :class:`Refusal` with the same reason and
changing nothing: a caller that skips the question (a bot, a replayed record,
a network seat) must not be able to break a rule.
"""

from __future__ import annotations

import pytest

from helpers import play, rules_of, scripted_game, tile, tiles
from sniff.engine import (
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    End,
    Game,
    Move,
    Passed,
    Phase,
    Reason,
    Refusal,
)


def _state(game: Game) -> tuple[object, ...]:
    """Everything an action could change."""
    return (
        [list(hand) for hand in game.hands],
        game.boneyard,
        len(game.log),
        game.current,
        game.phase,
        game.draws_this_turn,
        game.passes_in_row,
        game.forced_tile,
        list(game.scores),
        game.count,
    )


def _refused(
    game: Game, action: Action, reason: Reason, message: str | None = None, named: str = ""
) -> None:
    """The action's own method and ``apply()`` both refuse it for *reason*, saying
    *message* and naming the tiles *named*; nothing changes."""
    before = _state(game)
    asked = game.refusal(action)
    assert asked is not None and asked.action == action
    for attempt in (_own_method(game, action), lambda: game.apply(action)):
        with pytest.raises(Refusal) as refused:
            attempt()
        assert refused.value.reason is reason
        assert str(refused.value) == str(asked)
        if message is not None:
            assert str(refused.value) == message
            assert refused.value.tiles == tiles(named)
        assert _state(game) == before


def _own_method(game: Game, action: Action) -> object:
    if action == DRAW:
        return game.draw
    if action == PASS:
        return game.pass_turn
    if isinstance(action, Move):
        return lambda: game.play(action)
    if isinstance(action, Claim):
        return lambda: game.claim(action.points)
    assert isinstance(action, CallMuggins)
    return lambda: game.call_muggins(action.call)


# -- drawing ---------------------------------------------------------------------------


def test_domino_play_draw_refuses_a_third_tile_in_a_turn() -> None:
    game = scripted_game("domino-play", ["6-6 0-0", "5-4 3-2"], "2-1 4-1 6-3")
    play(game, "6-6 lead")
    game.draw()
    game.draw()
    _refused(game, DRAW, Reason.DRAW_LIMIT, "you have drawn 2 tiles this turn")
    assert game.boneyard == (tile("6-3"),) and len(game.hands[1]) == 4


def test_draw_limit_of_one_refuses_the_second_draw_but_not_the_next_player_s_first() -> None:
    game = scripted_game(rules_of("sniff", draw_limit=1), ["5-5 0-0", "4-3 2-1"], "6-1 6-2")
    play(game, "5-5 lead")
    game.draw()
    _refused(game, DRAW, Reason.DRAW_LIMIT)
    game.pass_turn()
    assert game.draw().tile == tile("6-2")  # the limit is counted per turn


def test_draw_refuses_while_a_tile_in_hand_fits() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 6-2 3-2"], "1-0")
    play(game, "6-6 lead")
    _refused(game, DRAW, Reason.HOLDS_PLAYABLE, "you hold a tile that fits: 6-4", "6-4 6-2")
    assert game.boneyard == (tile("1-0"),)


def test_domino_play_draw_refuses_while_a_tile_in_hand_fits() -> None:
    game = scripted_game("domino-play", ["6-6 0-0", "6-4 3-2"], "1-0 2-1")
    play(game, "6-6 lead")
    _refused(game, DRAW, Reason.HOLDS_PLAYABLE)


def test_draw_refuses_once_a_drawn_tile_fits_and_must_be_played() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"], "6-3 1-0")
    play(game, "6-6 lead")
    game.draw()
    _refused(game, DRAW, Reason.MUST_PLAY_DRAWN, "play the tile you drew, 6-3", "6-3")
    _refused(
        game,
        Move(tile("5-4"), End.EAST),
        Reason.MUST_PLAY_DRAWN,
        "cannot play 5-4 on east: you must play the tile you drew, 6-3",
        "6-3",
    )


def test_draw_refuses_with_the_boneyard_empty() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"])
    play(game, "6-6 lead")
    _refused(game, DRAW, Reason.BONEYARD_EMPTY, "the boneyard is empty")


def test_draw_refuses_before_the_lead() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 3-2"], "1-0")
    _refused(game, DRAW, Reason.HOLDS_PLAYABLE, "lead a tile first")


def test_draw_while_playable_house_rule_lets_draw_act_with_a_fitting_tile() -> None:
    game = scripted_game(
        rules_of("sniff", draw_while_playable=True), ["6-6 0-0", "6-4 3-2"], "1-0 2-1"
    )
    play(game, "6-6 lead")
    assert game.draw().tile == tile("1-0")
    assert game.draw().tile == tile("2-1")
    _refused(game, DRAW, Reason.BONEYARD_EMPTY)


# -- passing, playing, claiming ----------------------------------------------------------


def test_pass_refuses_while_a_tile_fits() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 3-2"], "1-0")
    play(game, "6-6 lead")
    _refused(game, PASS, Reason.CAN_PLAY, "you hold a tile that fits: 6-4", "6-4")


def test_pass_refuses_while_the_player_may_still_draw() -> None:
    game = scripted_game("domino-play", ["6-6 0-0", "5-4 3-2"], "2-1 4-1 6-3")
    play(game, "6-6 lead")
    _refused(game, PASS, Reason.CAN_DRAW, "you can still draw")
    game.draw()
    _refused(game, PASS, Reason.CAN_DRAW)  # one more draw is allowed
    game.draw()
    assert game.pass_turn() == Passed(1)


def test_play_refuses_a_tile_that_does_not_fit_or_is_not_held() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 3-2"], "1-0")
    play(game, "6-6 lead")
    _refused(game, Move(tile("3-2"), End.EAST), Reason.DOES_NOT_FIT)
    _refused(game, Move(tile("0-0"), End.EAST), Reason.NOT_IN_HAND)
    _refused(game, Move(tile("6-4"), End.LEAD), Reason.END_CLOSED)


def test_claims_and_muggins_calls_refused_out_of_their_phase() -> None:
    game = scripted_game(rules_of("sniff", muggins=True), ["5-5 6-1", "5-0 4-3"])
    waits_for_a_play = "not now: the game waits for a play"
    _refused(game, Claim(10), Reason.WRONG_PHASE, waits_for_a_play)
    _refused(game, CallMuggins(True), Reason.WRONG_PHASE, waits_for_a_play)
    play(game, "5-5 lead")
    assert game.phase is Phase.CLAIM
    _refused(game, Claim(-5), Reason.NEGATIVE_CLAIM, "a claim cannot be negative")
    waits_for_a_claim = "not now: the game waits for a claim"
    _refused(game, CallMuggins(True), Reason.WRONG_PHASE, waits_for_a_claim)
    _refused(game, Move(tile("6-1"), End.EAST), Reason.WRONG_PHASE, waits_for_a_claim)


@pytest.mark.parametrize(
    ("target", "phase", "reason", "message"),
    [
        (10, Phase.ROUND_OVER, Reason.ROUND_OVER, "the round is over"),
        (5, Phase.GAME_OVER, Reason.GAME_OVER, "the game is over"),
    ],
)
def test_nothing_acts_once_the_round_or_the_game_is_over(
    target: int, phase: Phase, reason: Reason, message: str
) -> None:
    game = scripted_game(rules_of("sniff", targets=target), ["6-6 3-1", "5-4"])
    with pytest.raises(Refusal) as refused:
        game.next_round()
    assert refused.value.reason is Reason.WRONG_PHASE
    play(game, "6-6 lead")
    game.pass_turn()
    game.pass_turn()  # blocked, 4 against 9: 5 points to the first player
    assert (game.phase, game.scores) == (phase, [5, 0])
    for action in (DRAW, PASS, Move(tile("3-1"), End.EAST)):
        _refused(game, action, reason, message)
    if phase is Phase.GAME_OVER:
        with pytest.raises(Refusal) as refused:
            game.next_round()
        assert refused.value.reason is Reason.GAME_OVER


def test_muggins_called_without_a_word_takes_the_points() -> None:
    # The muggins rule: "muggins!" on its own is a call, not a pass.
    game = scripted_game(rules_of("sniff", muggins=True), ["5-5 6-6", "5-3 1-0"])
    play(game, "5-5 lead")
    game.claim(0)  # wrong: the lead earned 10
    called = game.call_muggins()
    assert called is not None and (called.player, called.points) == (1, 10)
    assert game.scores == [0, 10]


def test_a_wrong_claim_of_nothing_gives_nobody_anything() -> None:
    game = scripted_game(rules_of("sniff", muggins=True), ["6-3 6-6", "5-3 1-0"])
    assert play(game, "6-3 lead").points == 0  # 9: no score
    game.claim(5)
    assert (game.phase, game.current, game.scores) == (Phase.PLAY, 1, [0, 0])


def test_a_wrong_claim_of_a_single_point_may_be_taken() -> None:
    game = scripted_game(rules_of("domino-play", muggins=True), ["5-0 6-6", "5-3 1-0"])
    assert play(game, "5-0 lead").points == 1  # 5: one point in domino-play
    game.claim(0)
    assert (game.phase, game.current) == (Phase.MUGGINS, 1)


def test_the_leader_s_second_turn_starts_with_no_tile_drawn() -> None:
    game = scripted_game(rules_of("alle-fuenfe", muggins=True), ["5-5 6-1", "4-3 2-1"], "3-0 5-2")
    play(game, "5-5 lead")
    game.claim(10)
    assert (game.phase, game.current, game.second_turn) == (Phase.PLAY, 0, True)
    assert game.draws_this_turn == 0
    assert game.draw().tile == tile("3-0") and game.draws_this_turn == 1
