"""The compact rounds of the look-ahead play by the engine's rules: same moves, same scores.

Seeded games of every preset, 2 to 4 players and house-rule toggles are played
through the public engine with random actions; each action is mirrored on a
:class:`Round` made from the game when the round began. At every step the
round must offer exactly the game's legal actions, and after every play and
at the round's end it must hold the game's count, scores, turn and hands.
"""

from __future__ import annotations

import random

import pytest

from helpers import deal, move, play, scripted_game, tile
from sniff.engine import PRESETS, Claim, Game, Phase, Played, RuleSet, Tile, compact
from sniff.engine.playout import DRAW, PASS, Round, action_of_code, code_of_action


def _variants() -> list[tuple[str, RuleSet, int]]:
    cases = []
    for name in sorted(PRESETS):
        base = PRESETS[name]
        for players in (2, 3, 4):
            cases.append((name, base, players))
        cases.append(
            (
                f"{name}+house",
                base.with_changes(
                    draw_while_playable=True,
                    must_play_drawn=False,
                    double_endwise=True,
                    draw_limit=1,
                    direction="counter-clockwise",
                ),
                3,
            )
        )
        cases.append(
            (f"{name}+nine", base.with_changes(tile_set="double-nine", scoring="threes"), 5)
        )
        cases.append((f"{name}+muggins", base.with_changes(muggins=True, scoring="primes"), 2))
    # A drawn tile that fits need not be played (the house rule), with and without a limit.
    free = PRESETS["sniff"].with_changes(must_play_drawn=False, draw_while_playable=True)
    cases.append(("sniff+free-draw", free, 2))
    cases.append(("sniff+free-draw+limit", free.with_changes(draw_limit=2), 3))
    return cases


def _hand_tiles(mask: int) -> list[Tile]:
    return sorted(compact.TILE_OF[i] for i in range(91) if mask >> i & 1)


def _same(game: Game, rnd: Round) -> None:
    assert rnd.count == game.layout.count
    assert rnd.scores == game.scores
    assert [_hand_tiles(h) for h in rnd.hands] == [sorted(h) for h in game.hands]
    assert rnd.pips == [game.pips(seat) for seat in range(game.players)]
    assert [compact.TILE_OF[t] for t in reversed(rnd.stock)] == list(game.boneyard)


@pytest.mark.parametrize(("name", "rules", "players"), _variants())
def test_compact_rounds_offer_the_same_moves_and_reach_the_same_scores(
    name: str, rules: RuleSet, players: int
) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        game = Game(rules, players, seed=seed)
        rounds = 0
        while game.phase is not Phase.GAME_OVER and rounds < 6:
            rounds += 1
            rnd = Round.from_game(game)
            _same(game, rnd)
            while game.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
                if game.phase is Phase.CLAIM:  # the look-ahead takes claims as right
                    game.apply(Claim(game.pending_points))
                    continue
                legal = game.legal_actions()
                assert game.current == rnd.current
                assert sorted(map(code_of_action, legal)) == sorted(rnd.actions()), name
                action = rng.choice(legal)
                code = code_of_action(action)
                assert action_of_code(code) == action
                events = game.apply(action)
                rnd.apply(code)
                if isinstance(events[0], Played):
                    assert rnd.count == events[0].count
                if game.phase is not Phase.CLAIM:  # (the look-ahead scores at once)
                    _same(game, rnd)
            assert rnd.over
            assert rnd.winner == (game.winner if game.phase is Phase.GAME_OVER else -1)
            if game.phase is Phase.ROUND_OVER:
                game.next_round()


def _greedy_by_steps(rnd: Round) -> None:
    """The playout's policy, one public step at a time: the play earning the most,
    then the heaviest tile, the first found among equals; else draw, else pass."""
    table = rnd.setup.points
    while not rnd.over:
        actions = rnd.actions()
        plays = [code for code in actions if code >= 0]
        if not plays:
            rnd.apply(actions[0])
            continue

        def key(code: int) -> int:
            trial = rnd.copy()
            trial.play(code)
            return table[trial.count] * 64 + compact.PIPS[code >> 4]

        by_arm = sorted(plays, key=lambda code: (code & 7, code >> 4))  # the search order
        rnd.apply(max(by_arm, key=key))


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_playout_loop_plays_as_the_steps_do(name: str) -> None:
    rules = PRESETS[name].with_changes(scoring="threes-fives")
    for seed in range(40):
        game = Game(rules, 2 + seed % 3, seed=seed)
        fast, slow = Round.from_game(game), Round.from_game(game)
        fast.playout()
        _greedy_by_steps(slow)
        assert (fast.scores, fast.hands, fast.stock, fast.winner) == (
            slow.scores,
            slow.hands,
            slow.stock,
            slow.winner,
        ), (name, seed)


def test_a_greedy_playout_ends_every_round_and_keeps_every_tile() -> None:
    for seed in range(200):
        game = Game(PRESETS["sniff"], 2 + seed % 3, seed=seed)
        rnd = Round.from_game(game)
        total = sum(h.bit_count() for h in rnd.hands) + len(rnd.stock)
        rnd.playout()
        assert rnd.over
        on_table = sum(h.bit_count() for h in rnd.hands) + len(rnd.stock)
        assert on_table < total  # tiles went on the table
        assert max(rnd.scores) >= 0


def test_draw_and_pass_codes_are_the_engine_actions() -> None:
    from sniff.engine import DRAW as DRAW_ACTION
    from sniff.engine import PASS as PASS_ACTION

    assert code_of_action(DRAW_ACTION) == DRAW and action_of_code(DRAW) == DRAW_ACTION
    assert code_of_action(PASS_ACTION) == PASS and action_of_code(PASS) == PASS_ACTION


def test_a_round_that_is_over_offers_nothing_and_plays_no_more() -> None:
    game = Game(PRESETS["sniff"], 2, seed=3)
    rnd = Round.from_game(game)
    rnd.playout()
    assert rnd.over
    before = (rnd.scores[:], rnd.hands[:], rnd.stock[:], rnd.winner)
    assert (rnd.moves(), rnd.actions()) == ([], [])
    rnd.playout()
    assert (rnd.scores, rnd.hands, rnd.stock, rnd.winner) == before


def test_a_greedy_playout_may_lead_the_double_blank() -> None:
    # muggins: the holder of the highest double leads it; here the only double is [0-0].
    game = scripted_game("muggins", ["0-0 6-5", "4-3 2-1"], "6-4")
    assert game.required_lead == tile("0-0")
    rnd = Round.from_game(game)
    rnd.playout()
    assert (rnd.lay[compact.LEAD_HI], rnd.lay[compact.LEAD_LO]) == (0, 0)
    # sniff: the greedy lead of a hand that holds only [0-0] is [0-0] (it earns nothing).
    alone = Round.from_game(scripted_game("sniff", ["0-0", "4-3 2-1"], "6-4"))
    alone.playout()
    assert (alone.lay[compact.LEAD_HI], alone.lay[compact.LEAD_LO]) == (0, 0)


@pytest.mark.parametrize(
    ("rules", "hands", "boneyard", "scores"),
    [
        # The lead [5-5] reaches the target of 10 exactly: the game is over at once.
        (PRESETS["sniff"].with_changes(targets=10), ["5-5 6-1", "4-3 2-1"], "", [10, 0]),
        # [6-3] leads for nothing; [4-3] on it makes 10, the target, exactly.
        (PRESETS["sniff"].with_changes(targets=10), ["6-3 2-2", "4-3 1-0"], "", [0, 10]),
        # domino-play: two draws that do not fit, then a pass with tiles left, for each in
        # turn: the round goes on, and [6-3], drawn third, plays.
        (PRESETS["domino-play"], ["6-6 0-0", "5-4 3-2"], "2-1 4-1 5-0 3-1 6-3", None),
    ],
    ids=["target-reached-by-the-lead", "target-reached-by-a-play", "passes-with-tiles-left"],
)
def test_the_playout_loop_plays_scripted_rounds_as_the_steps_do(
    rules: RuleSet, hands: list[str], boneyard: str, scores: list[int] | None
) -> None:
    game = scripted_game(rules, hands, boneyard)
    fast, slow = Round.from_game(game), Round.from_game(game)
    fast.playout()
    _greedy_by_steps(slow)
    assert (fast.scores, fast.hands, fast.stock, fast.winner) == (
        slow.scores,
        slow.hands,
        slow.stock,
        slow.winner,
    )
    if scores is not None:
        assert (fast.scores, fast.winner) == (scores, scores.index(10))
    else:
        assert not fast.stock  # every tile was drawn: the passes blocked nothing


def test_a_drawn_double_blank_that_fits_must_be_played_in_compact_form_too() -> None:
    # [6-0] leads: east is 0. The next player draws [0-0], which fits and must be played,
    # even under the house rule that lets a player draw while holding a tile that fits.
    rules = PRESETS["sniff"].with_changes(draw_while_playable=True)
    game = scripted_game(rules, ["6-0 6-6", "5-4 3-2"], "0-0 1-1")
    play(game, "6-0 lead")
    game.draw()
    assert game.forced_tile == tile("0-0")
    rnd = Round.from_game(game)
    assert sorted(rnd.actions()) == sorted(map(code_of_action, game.legal_actions()))
    assert DRAW not in rnd.actions()


def test_a_round_started_with_only_its_tiles_is_at_the_start_of_a_turn() -> None:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"], "2-1")
    play(game, "6-6 lead")
    rnd = Round.start(
        game.rules,
        2,
        layout=game.layout,
        hands=game.hands,
        boneyard=game.boneyard,
        current=1,
        scores=[0, 0],
    )
    assert (rnd.passes, rnd.drawn, rnd.second, rnd.over, rnd.winner) == (0, 0, False, False, -1)
    assert rnd.actions() == [DRAW]


def test_a_tie_at_the_target_plays_on_in_compact_form_too() -> None:
    # Round 1 is blocked with 4, 4 and 9 pips: the first two score 5 each, the target.
    second = deal(["1-1", "6-3 4-4", "6-2 0-0"], leader=None)  # the lead rotates to seat 1
    game = scripted_game(
        PRESETS["sniff"].with_changes(targets=5), ["6-6 3-1", "2-2", "5-4"], later=[second]
    )
    play(game, "6-6 lead")
    while game.phase is Phase.PLAY:
        game.pass_turn()
    assert (game.scores, game.phase) == ([5, 5, 0], Phase.ROUND_OVER)
    game.next_round()
    rnd = Round.from_game(game)
    for text in ("6-3 lead", "6-2 west"):  # [6-2] makes 5: all three sides on 5
        action = move(text)
        game.apply(action)
        rnd.apply(code_of_action(action))
    assert (game.scores, game.phase) == ([5, 5, 5], Phase.PLAY)
    assert (rnd.scores, rnd.over, rnd.winner) == ([5, 5, 5], False, -1)
    assert rnd.current == game.current == 0  # and the turn passes on
    assert sorted(rnd.actions()) == sorted(map(code_of_action, game.legal_actions()))
