"""The careful player's choice on the compact layout: the greedy bot's rule, thousands
of times faster, held equal to the same questions asked through the public engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from sniff.bots import GreedyBot
from sniff.engine import (
    PRESETS,
    Game,
    Layout,
    Move,
    Phase,
    RuleSet,
    Tile,
    best_reply,
    compact,
    full_set,
    observe,
    what_if,
)
from sniff.engine.playout import Round, action_of_code
from sniff.engine.tables import points_table
from sniff.engine.threats import best_reply_points, careful_play


def _positions(rules: RuleSet, players: int, seeds: range) -> list[Game]:
    """Games in the middle of a round, after a few random actions."""
    games = []
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(rules, players, seed=seed)
        for _ in range(1 + seed % 9):
            if game.phase is not Phase.PLAY:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.phase is Phase.PLAY and game.layout.lead is not None:
            games.append(game)
    return games


def _unseen_by(game: Game, seat: int) -> list[Tile]:
    """The tiles *seat* cannot see: neither in its hand nor on the table."""
    on_table = set(game.layout.tiles())
    return [
        t for t in full_set(game.rules.max_pip) if t not in on_table and t not in game.hands[seat]
    ]


def _careful_key(
    layout: Layout, move: Move, unseen: Sequence[Tile], rules: RuleSet
) -> tuple[int, int, int]:
    """The greedy bot's ranking: points, then the least left to the next player, then pips."""
    threat = best_reply(layout.place(move.tile, move.end), unseen, rules)
    return what_if(layout, move, rules).points, -threat, move.tile.pips


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_best_reply_on_the_compact_layout_is_the_engines(name: str) -> None:
    rules = PRESETS[name].with_changes(scoring="threes-fives")
    table = points_table(rules.scoring, rules.points_unit)
    mode = compact.MODE_CODE[rules.spinner]
    for game in _positions(rules, 2, range(80)):
        unseen = _unseen_by(game, game.current)
        expected = best_reply(game.layout, unseen, rules)
        state = game.layout._state
        assert best_reply_points(state, mode, table, compact.mask_of(unseen)) == expected
        # Told that 5 is enough, it stops at the first reply earning 5 or more.
        stopped = best_reply_points(state, mode, table, compact.mask_of(unseen), 5)
        assert stopped == expected if expected < 5 else 5 <= stopped <= expected


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_careful_play_ranks_plays_as_the_greedy_bot_does(name: str) -> None:
    """Most points, then the least left to the next player, then the heaviest tile:
    the careful play has the best such key of all the moves (the bot may take
    another move with the same key: it breaks ties at random)."""
    rules = PRESETS[name]
    table = points_table(rules.scoring, rules.points_unit)
    mode = compact.MODE_CODE[rules.spinner]
    checked = 0
    for game in _positions(rules, 2, range(120)):
        seat = game.current
        obs = observe(game, seat)
        moves = [a for a in obs.legal if isinstance(a, Move)]
        if not moves:
            continue
        unseen = obs.unseen_tiles()
        hand = compact.mask_of(game.hands[seat] if game.forced_tile is None else [game.forced_tile])
        code = careful_play(game.layout._state, mode, table, hand, compact.mask_of(unseen))
        chosen = action_of_code(code)
        assert isinstance(chosen, Move) and chosen in moves
        keys = {move: _careful_key(game.layout, move, unseen, rules) for move in moves}
        assert keys[chosen] == max(keys.values()), (name, game.log[-1])
        bot_choice = GreedyBot(1).choose(obs)
        assert isinstance(bot_choice, Move) and keys[bot_choice] == keys[chosen]
        checked += 1
    assert checked > 40


def _careful_by_steps(game: Game, careful: int) -> None:
    """The rest of *game*'s round through the public engine: the seats in *careful*
    as careful players, the others taking the most points then the heaviest tile,
    each the first found among equals in the playout's order (arm, then tile id)."""
    rules = game.rules
    while game.phase is Phase.PLAY:
        seat = game.current
        legal = game.legal_actions()
        moves = sorted(
            (a for a in legal if isinstance(a, Move)),
            key=lambda m: (m.end.arm, compact.ID_OF[m.tile]),
        )
        if not moves:
            game.apply(legal[0])  # draw, else pass
            continue
        unseen = _unseen_by(game, seat)
        if careful >> seat & 1:
            keys = [_careful_key(game.layout, move, unseen, rules) for move in moves]
        else:
            keys = [(what_if(game.layout, m, rules).points, 0, m.tile.pips) for m in moves]
        game.apply(moves[keys.index(max(keys))])  # the first of equals


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_careful_playout_plays_as_the_public_engine_steps_do(name: str) -> None:
    rules = PRESETS[name]
    for players in (2, 3, 4):
        for game in _positions(rules, players, range(30)):
            side = game.side_of[game.current]
            careful = sum(1 << s for s in range(players) if game.side_of[s] != side)
            rnd = Round.from_game(game)
            rnd.playout(careful)
            _careful_by_steps(game, careful)
            assert game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
            assert rnd.over
            assert rnd.scores == game.scores, (name, players)
            assert [h.bit_count() for h in rnd.hands] == [len(h) for h in game.hands]
            assert rnd.hands == [compact.mask_of(h) for h in game.hands]


def test_a_careful_playout_ends_every_round_and_keeps_every_tile() -> None:
    for seed in range(200):
        players = 2 + seed % 3
        rnd = Round.from_game(Game(PRESETS["sniff"], players, seed=seed))
        total = sum(h.bit_count() for h in rnd.hands) + len(rnd.stock)
        rnd.playout(careful=(1 << players) - 1)  # everybody careful
        assert rnd.over
        assert sum(h.bit_count() for h in rnd.hands) + len(rnd.stock) < total
