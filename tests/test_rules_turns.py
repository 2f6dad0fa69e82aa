"""Turns: who leads, drawing and passing, and the muggins rule (RULES.md, "Presets")."""

from __future__ import annotations

from helpers import deal, play, play_all, rules_of, scripted_game, tile, tiles
from sniff.engine import (
    DRAW,
    PASS,
    CallMuggins,
    Claim,
    Claimed,
    Dealt,
    Drew,
    End,
    Game,
    Move,
    MugginsCalled,
    Passed,
    Phase,
    Reason,
    RoundEnded,
    ScriptedDealer,
    preset,
)

# -- leads -------------------------------------------------------------------------


def test_muggins_the_holder_of_the_highest_double_leads_it() -> None:
    game = scripted_game("muggins", ["5-5 6-1 2-0", "6-6 4-3 1-1"], leader=0)
    assert (game.current, game.leader, game.required_lead) == (1, 1, tile("6-6"))
    assert game.legal_actions() == [Move(tile("6-6"), End.LEAD)]
    refusal = game.refusal(Move(tile("4-3"), End.LEAD))
    assert refusal is not None
    assert (refusal.reason, refusal.tiles) == (Reason.MUST_LEAD, (tile("6-6"),))


def test_muggins_nobody_holds_a_double_hands_thrown_in_and_dealt_again() -> None:
    no_double = deal(["6-5 4-3", "6-4 2-1"], "5-0")
    again = deal(["5-5 6-1", "3-3 2-0"], "4-1")
    game = Game(preset("muggins"), 2, seed=1, dealer=ScriptedDealer([no_double, again]))
    assert game.log == [
        Dealt(1, no_double.hands, no_double.boneyard, None, False),
        Dealt(1, again.hands, again.boneyard, 0, True),
    ]
    assert (game.round_no, game.current, game.required_lead) == (1, 0, tile("5-5"))
    assert game.hands == [list(tiles("5-5 6-1")), list(tiles("3-3 2-0"))]


def test_alle_fuenfe_highest_double_leads_and_the_leader_plays_again_at_once() -> None:
    game = scripted_game("alle-fuenfe", ["6-1 2-0 4-3", "3-3 3-1 5-5"], "6-4", leader=0)
    assert (game.current, game.required_lead) == (1, tile("5-5"))
    play(game, "5-5 lead")
    assert game.current == 1 and game.second_turn
    # The second turn has nothing that fits [5-5]: draw until one fits, then play it.
    assert game.legal_actions() == [DRAW]
    drew = game.draw()
    assert drew == Drew(1, tile("6-4"))
    game.pass_turn()  # [6-4] does not fit, the boneyard is empty
    assert game.current == 0 and not game.second_turn


def test_alle_fuenfe_second_turn_draws_until_a_tile_fits() -> None:
    game = scripted_game("alle-fuenfe", ["5-5 6-1 2-0", "3-3 4-1"], "6-2 4-3 5-2 0-0")
    play(game, "5-5 lead")
    assert game.current == 0
    assert game.draw() == Drew(0, tile("6-2"))
    assert game.draw() == Drew(0, tile("4-3"))
    assert game.draw() == Drew(0, tile("5-2"))
    assert game.forced_tile == tile("5-2")
    second = play(game, "5-2 east")
    assert second.count == 10 + 2
    assert game.current == 1 and not game.second_turn
    assert game.boneyard == (tile("0-0"),)


def test_alle_fuenfe_without_doubles_the_heaviest_tile_leads() -> None:
    game = scripted_game("alle-fuenfe", ["5-3 2-1", "6-4 4-1 3-0", "6-2 1-0"], leader=0)
    assert (game.current, game.required_lead) == (1, tile("6-4"))
    assert game.legal_moves() == [Move(tile("6-4"), End.LEAD)]
    play(game, "6-4 lead")
    assert game.current == 1  # a second turn for the leader
    play(game, "4-1 east")
    assert game.current == 2


def _block(game: Game) -> None:
    """The leader leads their double; nobody else holds its pip; all pass."""
    double = next(t for t in game.hands[game.current] if t.is_double)
    game.play(Move(double, End.LEAD))
    while game.phase is Phase.PLAY:
        game.pass_turn()
    assert isinstance(game.log[-1], RoundEnded) and game.log[-1].reason == "blocked"


def test_sniff_the_leader_rotates_round_the_table() -> None:
    rounds = [deal(["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=None) for _ in range(3)]
    game = scripted_game("sniff", ["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=0, later=rounds)
    leaders = [game.leader]
    for _ in rounds:
        _block(game)
        game.next_round()
        leaders.append(game.leader)
    assert leaders == [0, 1, 2, 0]


def test_counter_clockwise_play_goes_to_the_seat_before() -> None:
    # RULES.md: play goes round the table in a fixed direction, counter-clockwise
    # an option (source D). Seats are numbered clockwise, so the next seat is seat - 1.
    rules = rules_of("sniff", direction="counter-clockwise")
    game = scripted_game(rules, ["6-6 1-0", "6-5 2-1", "6-4 3-0"], leader=0)
    play(game, "6-6 lead")
    assert game.current == 2
    play(game, "6-4 east")
    assert game.current == 1
    play(game, "6-5 west")
    assert game.current == 0


def test_counter_clockwise_the_leader_rotates_the_other_way() -> None:
    rules = rules_of("sniff", direction="counter-clockwise")
    rounds = [deal(["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=None) for _ in range(3)]
    game = scripted_game(rules, ["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=0, later=rounds)
    leaders = [game.leader]
    for _ in rounds:
        _block(game)
        game.next_round()
        leaders.append(game.leader)
    assert leaders == [0, 2, 1, 0]


def test_counter_clockwise_muggins_goes_to_the_next_opponent_that_way() -> None:
    rules = rules_of("sniff", muggins=True, direction="counter-clockwise")
    game = scripted_game(rules, ["5-5 6-6", "5-3 1-0", "4-4 2-1"])
    play(game, "5-5 lead")
    game.claim(0)  # wrong: the lead counted 10
    assert game.phase is Phase.MUGGINS and game.current == 2


def test_domino_play_the_leader_rotates_too() -> None:
    later = [deal(["6-6 1-0", "5-5 2-1"], leader=None)]
    game = scripted_game("domino-play", ["6-6 1-0", "5-5 2-1"], leader=1, later=later)
    _block(game)
    game.next_round()
    assert game.leader == 0


def test_sniff_first_leader_by_lot() -> None:
    leaders = {
        scripted_game("sniff", ["6-6", "5-5", "4-4"], leader=None, seed=s).leader for s in range(30)
    }
    assert leaders == {0, 1, 2}


def test_sniff_us_who_went_out_leads_the_next_round() -> None:
    later = [deal(["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=None)]
    game = scripted_game("sniff-us", ["6-4 1-1", "4-2", "5-5 3-0"], leader=0, later=later)
    play_all(game, ["6-4 lead", "4-2 east"])  # p1 goes out
    ended = game.log[-1]
    assert isinstance(ended, RoundEnded) and ended.went_out == 1
    game.next_round()
    assert game.leader == game.current == 1


def test_sniff_us_the_one_who_went_out_leads_even_when_not_next_round_the_table() -> None:
    # Three players: seat 0 leads, seat 1 cannot play, seat 2 goes out. Rotation
    # would give the next lead to seat 1; the rule gives it to seat 2.
    later = [deal(["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=None)]
    game = scripted_game("sniff-us", ["6-4 1-1", "3-3 0-0", "4-2"], leader=0, later=later)
    play(game, "6-4 lead")
    assert game.legal_actions() == [PASS]
    game.pass_turn()
    play(game, "4-2 east")
    ended = game.log[-1]
    assert isinstance(ended, RoundEnded) and ended.went_out == 2
    game.next_round()
    assert game.leader == game.current == 2


def test_sniff_us_after_a_blocked_round_the_leader_is_by_lot() -> None:
    leaders = set()
    for seed in range(30):
        later = [deal(["6-6 1-0", "5-5 2-1", "4-4 3-0"], leader=None)]
        game = scripted_game("sniff-us", ["6-6 1-0", "5-5 2-1", "4-4 3-0"], later=later, seed=seed)
        _block(game)
        game.next_round()
        leaders.add(game.leader)
    assert leaders == {0, 1, 2}


# -- drawing and passing ------------------------------------------------------------


def test_sniff_draw_until_a_drawn_tile_plays_and_it_must_be_played() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"], "2-1 4-1 6-3 1-0")
    play(game, "6-6 lead")
    assert game.legal_actions() == [DRAW]
    refusal = game.refusal(PASS)
    assert refusal is not None and refusal.reason is Reason.CAN_DRAW
    assert [game.draw().tile for _ in range(2)] == [tile("2-1"), tile("4-1")]
    assert (game.forced_tile, game.legal_actions()) == (None, [DRAW])
    assert game.draw().tile == tile("6-3")
    assert game.forced_tile == tile("6-3")
    ends = [End.WEST, End.EAST, End.NORTH, End.SOUTH]
    assert game.legal_actions() == [Move(tile("6-3"), end) for end in ends]
    for action, reason in ((DRAW, Reason.MUST_PLAY_DRAWN), (PASS, Reason.CAN_PLAY)):
        refusal = game.refusal(action)
        assert refusal is not None and refusal.reason is reason
    play(game, "6-3 east")
    assert game.boneyard == (tile("1-0"),)
    assert game.current == 0


def test_sniff_us_a_drawn_tile_that_plays_must_go_on_the_table() -> None:
    game = scripted_game("sniff-us", ["6-6 0-0", "5-4 3-2"], "6-3 1-0")
    play(game, "6-6 lead")
    game.draw()
    refusal = game.refusal(Move(tile("5-4"), End.EAST))
    assert refusal is not None
    assert (refusal.reason, refusal.tiles) == (Reason.MUST_PLAY_DRAWN, (tile("6-3"),))


def test_with_the_boneyard_empty_the_player_passes() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"])
    play(game, "6-6 lead")
    assert game.legal_actions() == [PASS]
    refusal = game.refusal(DRAW)
    assert refusal is not None and refusal.reason is Reason.BONEYARD_EMPTY
    assert game.pass_turn() == Passed(1)
    assert game.current == 0


def test_domino_play_draws_at_most_two_then_passes_with_tiles_left() -> None:
    game = scripted_game("domino-play", ["6-6 0-0", "5-4 3-2"], "2-1 4-1 6-3")
    play(game, "6-6 lead")
    game.draw()
    assert game.legal_actions() == [DRAW]
    game.draw()
    assert game.legal_actions() == [PASS]
    refusal = game.refusal(DRAW)
    assert refusal is not None and refusal.reason is Reason.DRAW_LIMIT
    game.pass_turn()
    assert game.current == 0 and game.boneyard == (tile("6-3"),)
    assert game.draws_this_turn == 0


def test_domino_play_passes_with_tiles_left_do_not_block_the_round() -> None:
    # RULES.md, common ground: blocked means the boneyard is empty and every player in
    # turn has passed. With the two-draw limit a full round of passes can happen while
    # tiles are left: play goes on, and the next player draws again.
    game = scripted_game("domino-play", ["6-6 0-0", "5-4 3-2"], "2-1 4-1 5-0 3-1 6-3")
    play(game, "6-6 lead")
    for _ in range(2):  # each draws two that do not fit, and passes
        game.draw()
        game.draw()
        game.pass_turn()
    assert game.boneyard == (tile("6-3"),)
    assert game.phase is Phase.PLAY and game.current == 1
    assert game.draw().tile == tile("6-3")
    assert play(game, "6-3 west").count == 3 + 12  # 6-6 is the sniff: west 3, the rest 12


def test_domino_play_round_is_blocked_once_the_boneyard_is_empty_and_all_have_passed() -> None:
    game = scripted_game("domino-play", ["6-6 0-0", "5-4 3-2"], "2-1 4-1 5-0")
    play(game, "6-6 lead")
    game.draw()
    game.draw()
    game.pass_turn()  # a tile is left: this pass blocks nothing
    game.draw()
    game.pass_turn()  # the boneyard is empty now: the first pass that counts
    assert game.phase is Phase.PLAY
    game.pass_turn()  # and every player in turn has passed
    assert game.phase is Phase.ROUND_OVER
    assert game.log[-1].reason == "blocked"


def test_draw_limit_house_rule_blocks_only_with_an_empty_boneyard() -> None:
    rules = rules_of("sniff", draw_limit=1)
    game = scripted_game(rules, ["5-5 0-0", "4-3 2-1"], "6-1 6-2")
    play(game, "5-5 lead")
    for _ in range(2):  # each draws one that does not fit, and passes
        game.draw()
        game.pass_turn()
    assert game.phase is Phase.PLAY and not game.boneyard  # one pass with it empty so far
    game.pass_turn()
    assert game.log[-1].reason == "blocked"


def test_domino_play_second_drawn_tile_plays_if_it_fits() -> None:
    game = scripted_game("domino-play", ["6-6 0-0", "5-4 3-2"], "2-1 6-3 4-1")
    play(game, "6-6 lead")
    game.draw()
    game.draw()
    assert game.forced_tile == tile("6-3")
    play(game, "6-3 west")
    assert game.boneyard == (tile("4-1"),)


def test_domino_play_keep_drawing_option() -> None:
    rules = rules_of("domino-play", draw_limit="none")
    game = scripted_game(rules, ["6-6 0-0", "5-4 3-2"], "2-1 4-1 5-0 6-3")
    play(game, "6-6 lead")
    assert [game.draw().tile for _ in range(4)] == list(tiles("2-1 4-1 5-0 6-3"))
    assert game.forced_tile == tile("6-3")


def test_cannot_draw_while_holding_a_playable_tile() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 6-2 3-2"], "1-0")
    play(game, "6-6 lead")
    refusal = game.refusal(DRAW)
    assert refusal is not None
    assert (refusal.reason, refusal.tiles) == (Reason.HOLDS_PLAYABLE, tiles("6-4 6-2"))
    assert DRAW not in game.legal_actions()


def test_draw_while_playable_option_allows_drawing_with_a_playable_tile() -> None:
    game = scripted_game(
        rules_of("sniff", draw_while_playable=True), ["6-6 0-0", "6-4 3-2"], "1-0 2-1"
    )
    play(game, "6-6 lead")
    assert DRAW in game.legal_actions()
    assert game.draw() == Drew(1, tile("1-0"))
    assert game.refusal(DRAW) is None  # may draw again
    play(game, "6-4 east")


def test_cannot_pass_while_a_play_is_possible() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 3-2"])
    play(game, "6-6 lead")
    refusal = game.refusal(PASS)
    assert refusal is not None
    assert (refusal.reason, refusal.tiles) == (Reason.CAN_PLAY, (tile("6-4"),))
    assert PASS not in game.legal_actions()


def test_cannot_draw_before_the_lead() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "6-4 3-2"], "1-0")
    assert game.refusal(DRAW) is not None
    assert game.refusal(PASS) is not None


# -- the muggins rule (an option) ------------------------------------------------------


def _muggins_game(players: int = 2) -> Game:
    hands = ["5-5 6-6", "5-3 1-0", "4-4 2-1", "3-3 2-0"][:players]
    return scripted_game(rules_of("sniff", muggins=True), hands)


def test_muggins_rule_a_right_claim_scores() -> None:
    game = _muggins_game()
    lead = play(game, "5-5 lead")
    assert lead.points == 10 and game.scores == [0, 0]  # nothing until claimed
    assert (game.phase, game.current, game.legal_actions()) == (Phase.CLAIM, 0, [Claim(10)])
    assert game.claim(10) == Claimed(0, 10, True)
    assert game.scores == [10, 0]
    assert (game.phase, game.current) == (Phase.PLAY, 1)


def test_muggins_rule_a_wrong_claim_is_taken_by_the_next_opponent() -> None:
    game = _muggins_game(3)
    play(game, "5-5 lead")
    assert game.claim(15) == Claimed(0, 15, False)
    assert (game.phase, game.current) == (Phase.MUGGINS, 1)
    assert game.legal_actions() == [CallMuggins(True), CallMuggins(False)]
    assert game.call_muggins(True) == MugginsCalled(1, 10)
    assert game.scores == [0, 10, 0]
    assert (game.phase, game.current) == (Phase.PLAY, 1)  # p1's own turn follows


def test_muggins_rule_a_missed_claim_may_be_let_go() -> None:
    game = _muggins_game()
    play(game, "5-5 lead")
    assert game.claim(0) == Claimed(0, 0, False)
    assert game.phase is Phase.MUGGINS
    assert game.call_muggins(False) is None
    assert game.scores == [0, 0]
    assert (game.phase, game.current) == (Phase.PLAY, 1)


def test_muggins_rule_claiming_0_for_a_play_that_earns_nothing_is_right() -> None:
    game = _muggins_game()
    play(game, "5-5 lead")
    game.claim(10)
    east = play(game, "5-3 east")
    assert east.points == 0 and game.phase is Phase.CLAIM
    assert game.claim(0) == Claimed(1, 0, True)
    assert (game.phase, game.current) == (Phase.PLAY, 0)


def test_muggins_rule_with_partners_the_next_opponent_calls() -> None:
    rules = rules_of("sniff-us", muggins=True)
    game = scripted_game(rules, ["5-5 6-6", "5-3 1-0", "4-4 2-1", "3-3 2-0"])
    play(game, "5-5 lead")
    game.claim(0)
    assert game.current == 1
    game.call_muggins(True)
    assert game.scores == [0, 10]


def test_muggins_rule_moves_are_refused_while_a_claim_is_open() -> None:
    game = _muggins_game()
    play(game, "5-5 lead")
    refusal = game.refusal(Move(tile("5-3"), End.EAST))
    assert refusal is not None and refusal.reason is Reason.WRONG_PHASE
    negative = game.refusal(Claim(-5))
    assert negative is not None and negative.reason is Reason.NEGATIVE_CLAIM


def test_with_must_play_drawn_off_and_drawing_allowed_a_fitting_draw_stops_nothing() -> None:
    # docs/rules.md, "Drawing while you could play": keep drawing, then play any tile
    # that fits, from the hand or from what was drawn; never pass while one fits.
    rules = rules_of("sniff", draw_while_playable=True, must_play_drawn=False)
    game = scripted_game(rules, ["6-6 0-0", "6-4 3-2"], "6-1 6-3 1-0")
    play(game, "6-6 lead")
    assert game.draw().tile == tile("6-1")  # it fits
    assert game.forced_tile is None and DRAW in game.legal_actions()
    assert game.draw().tile == tile("6-3")
    refusal = game.refusal(PASS)
    assert refusal is not None and refusal.reason is Reason.CAN_PLAY
    assert play(game, "6-4 east").tile == tile("6-4")  # a tile held before drawing


def test_with_must_play_drawn_off_drawing_still_stops_at_a_tile_that_fits() -> None:
    rules = rules_of("sniff", must_play_drawn=False)
    game = scripted_game(rules, ["6-6 0-0", "5-4 3-2"], "2-1 6-1 1-0")
    play(game, "6-6 lead")
    game.draw()
    assert game.legal_actions() == [DRAW]
    assert game.draw().tile == tile("6-1")
    refusal = game.refusal(DRAW)
    assert refusal is not None and refusal.reason is Reason.HOLDS_PLAYABLE
    assert game.forced_tile is None
