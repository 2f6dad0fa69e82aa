"""The bots: legal play in every preset, reproducibility, table talk by level,
and the expert's and the master's blindness to hidden tiles."""

from __future__ import annotations

import random

import pytest

from sniff.bots import LEVELS, ExpertBot, GreedyBot, MasterBot, RandomBot, make_bot
from sniff.engine import (
    DRAW,
    PRESETS,
    CallMuggins,
    Claim,
    Deal,
    End,
    Game,
    Move,
    Phase,
    RuleSet,
    ScriptedDealer,
    Tile,
    best_reply,
    full_set,
    observe,
    preset,
    what_if,
)

T = Tile.parse


def make(level: str, seed: int) -> RandomBot | GreedyBot | ExpertBot | MasterBot:
    """A bot with a tiny expert or master budget, so whole games stay fast."""
    if level == "expert":
        return ExpertBot(seed, playouts=4)
    if level == "master":
        return MasterBot(seed, deals=2)
    return RandomBot(seed) if level == "random" else GreedyBot(seed)


def run_game(rules: RuleSet, levels: list[str], seed: int) -> Game:
    """Play a whole game, checking every action and the tile count as it goes."""
    bots = [make(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    game = Game(rules, len(levels), seed=seed)
    total = len(full_set(rules.max_pip))
    while game.phase is not Phase.GAME_OVER:
        assert game.round_no < 100, "the game should end"
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
            continue
        seat = game.current
        obs = observe(game, seat)
        action = bots[seat].choose(obs)
        assert game.refusal(action) is None, (action, obs.legal)
        if not isinstance(action, Claim):
            assert action in obs.legal
        game.apply(action)
        held = sum(len(h) for h in game.hands) + len(game.stock) + len(game.layout.tiles())
        assert held == total
    assert game.winner is not None
    assert game.scores[game.winner] >= game.target
    return game


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_plays_every_preset_legally(name: str, players: int) -> None:
    rules = preset(name)
    # Three games, so that each level sits in each seat at least once.
    for number in range(len(LEVELS)):
        levels = [LEVELS[(number + seat) % len(LEVELS)] for seat in range(players)]
        run_game(rules, levels, seed=players * 100 + number)


@pytest.mark.parametrize("level", LEVELS)
def test_whole_game_of_one_level_with_muggins_rule(level: str) -> None:
    run_game(preset("sniff").with_changes(muggins=True), [level, level], seed=4)


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    rules = preset("sniff").with_changes(muggins=True)
    first = run_game(rules, [level, "greedy", level], seed=11)
    again = run_game(rules, [level, "greedy", level], seed=11)
    assert first.log == again.log


def test_draw_while_playable_house_rule_is_played() -> None:
    rules = preset("sniff").with_changes(draw_while_playable=True)
    run_game(rules, ["expert", "greedy", "random"], seed=5)


def test_make_bot_levels_and_unknown_level() -> None:
    assert [make_bot(level, seed=1).level for level in LEVELS] == list(LEVELS)
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", seed=1)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_refuse_a_game_object(level: str) -> None:
    game = Game(preset("sniff"), 2, seed=1)
    with pytest.raises(TypeError, match="Observation"):
        make_bot(level, seed=1).choose(game)  # type: ignore[arg-type]


# -- claims and muggins (the muggins rule) ------------------------------------


def claim_position() -> Game:
    """A muggins-rule game waiting for the claim of a play that earned 10."""
    hands = ((T("6-4"), T("3-2"), T("1-0")), (T("6-6"), T("2-1"), T("5-3")))
    rest = tuple(t for t in full_set() if t not in hands[0] + hands[1])
    rules = preset("sniff").with_changes(muggins=True)
    game = Game(rules, 2, dealer=ScriptedDealer([Deal(hands, rest, 0)]))
    game.play(Move(T("6-4"), End.LEAD))
    assert game.phase is Phase.CLAIM and game.pending_points == 10
    return game


@pytest.mark.parametrize(
    ("level", "right"), [("random", 0.5), ("greedy", 0.9), ("expert", 1.0), ("master", 1.0)]
)
def test_claims_are_right_as_often_as_the_level_says(level: str, right: float) -> None:
    obs = observe(claim_position(), 0)
    bot = make_bot(level, seed=3)
    claims = [bot.choose(obs) for _ in range(2000)]
    assert all(isinstance(c, Claim) and c.points in (0, 10) for c in claims)
    share = sum(c == Claim(10) for c in claims) / len(claims)
    assert abs(share - right) < 0.04


@pytest.mark.parametrize(
    ("level", "rate"), [("random", 0.3), ("greedy", 0.7), ("expert", 1.0), ("master", 1.0)]
)
def test_muggins_is_called_as_often_as_the_level_says(level: str, rate: float) -> None:
    game = claim_position()
    game.claim(0)  # wrong: 10 were earned
    assert game.phase is Phase.MUGGINS and game.current == 1
    obs = observe(game, 1)
    bot = make_bot(level, seed=3)
    calls = [bot.choose(obs) for _ in range(2000)]
    share = sum(c == CallMuggins(True) for c in calls) / len(calls)
    assert abs(share - rate) < 0.04


# -- greedy ---------------------------------------------------------------------


def test_greedy_takes_the_most_points_then_spares_the_next_player() -> None:
    for seed in range(40):
        game = Game(preset("sniff"), 2, seed=seed)
        rng = random.Random(seed)
        bot = GreedyBot(seed)
        while game.phase is Phase.PLAY:
            obs = observe(game, game.current)
            moves = [a for a in obs.legal if isinstance(a, Move)]
            choice = bot.choose(obs)
            if moves:
                assert isinstance(choice, Move)  # plays rather than draws
                points = {m: what_if(obs.layout, m, obs.rules).points for m in moves}
                assert points[choice] == max(points.values())
                equal = [m for m in moves if points[m] == points[choice]]
                threat = {
                    m: best_reply(obs.layout.place(m.tile, m.end), obs.unseen_tiles(), obs.rules)
                    for m in equal
                }
                if obs.layout.lead is not None:
                    assert threat[choice] == min(threat.values())
            game.apply(choice if rng.random() < 0.5 else rng.choice(obs.legal))


def test_greedy_leads_the_scoring_tile() -> None:
    hands = ((T("6-4"), T("3-2"), T("2-1")), (T("6-6"), T("1-0"), T("5-3")))
    rest = tuple(t for t in full_set() if t not in hands[0] + hands[1])
    game = Game(preset("sniff"), 2, dealer=ScriptedDealer([Deal(hands, rest, 0)]))
    assert GreedyBot(1).choose(observe(game, 0)) == Move(T("6-4"), End.LEAD)


# -- expert -----------------------------------------------------------------------


SEARCHERS = {
    "expert": lambda seed, budget: ExpertBot(seed, playouts=budget),
    "master": lambda seed, budget: MasterBot(seed, deals=budget),
}


@pytest.mark.parametrize("level", sorted(SEARCHERS))
def test_a_searching_bot_reaches_the_target_when_it_can(level: str) -> None:
    hands = (
        (T("5-0"), T("6-6"), T("6-5"), T("3-1"), T("2-2"), T("4-3"), T("6-2")),
        (T("1-0"), T("2-1"), T("3-3"), T("4-1"), T("5-2"), T("6-1"), T("4-2")),
    )
    rest = tuple(t for t in full_set() if t not in hands[0] + hands[1])
    game = Game(preset("sniff"), 2, dealer=ScriptedDealer([Deal(hands, rest, 0)]))
    game.scores = [195, 199]  # the opponent is one point short too
    choice = SEARCHERS[level](2, 60).choose(observe(game, 0))
    assert choice == Move(T("5-0"), End.LEAD)


@pytest.mark.parametrize("level", sorted(SEARCHERS))
def test_a_searching_bot_returns_a_lone_action_without_thinking(level: str) -> None:
    hands = ((T("6-6"), T("1-0")), (T("5-5"), T("2-1")))
    rest = tuple(t for t in full_set() if t not in hands[0] + hands[1])
    game = Game(preset("sniff"), 2, dealer=ScriptedDealer([Deal(hands, rest, 0)]))
    game.play(Move(T("6-6"), End.LEAD))
    obs = observe(game, 1)  # 5-5 and 2-1 do not fit a lone 6-6: draw
    assert obs.legal == (DRAW,)
    # A budget this large would take hours if the bot thought about it.
    assert SEARCHERS[level](1, 10**9).choose(obs) == DRAW


def hidden_twins(seed: int) -> tuple[Game, Game]:
    """Two games that seat 0 cannot tell apart: same own hand and public play,
    different hidden hands and boneyards."""
    rng = random.Random(seed)
    tiles = full_set()
    rng.shuffle(tiles)
    mine, theirs, rest = tiles[:7], tiles[7:14], tiles[14:]
    lead = mine[0]
    reply = next((t for t in theirs if lead.high in t or lead.low in t), None)
    if reply is None:  # make sure the opponent can answer the lead, the same way in both
        reply = next(t for t in rest if lead.high in t or lead.low in t)
        rest.remove(reply)
        rest.append(theirs.pop())
        theirs.append(reply)
    others = [t for t in theirs if t != reply] + rest
    games = []
    for _ in range(2):
        rng.shuffle(others)
        hand = (reply, *others[:6])
        boneyard = tuple(others[6:])
        deal = Deal((tuple(mine), hand), boneyard, 0)
        game = Game(preset("sniff"), 2, dealer=ScriptedDealer([deal]))
        game.play(Move(lead, End.LEAD))
        end = End.WEST if lead.high in reply else End.EAST
        game.play(Move(reply, end))
        games.append(game)
    return games[0], games[1]


@pytest.mark.parametrize("level", sorted(SEARCHERS))
@pytest.mark.parametrize("seed", range(6))
def test_a_searching_bot_does_not_depend_on_hidden_tiles(level: str, seed: int) -> None:
    first, second = hidden_twins(seed)
    assert first.hands[1] != second.hands[1] or first.stock != second.stock
    one, two = observe(first, 0), observe(second, 0)
    assert one.history == two.history and one.hand == two.hand and one.legal == two.legal
    make = SEARCHERS[level]
    assert make(seed, 200).evaluate(one) == make(seed, 200).evaluate(two)
    assert make(seed, 200).choose(one) == make(seed, 200).choose(two)


@pytest.mark.parametrize("level", sorted(SEARCHERS))
def test_a_searching_bot_refuses_a_game_even_to_evaluate(level: str) -> None:
    game = Game(preset("sniff"), 2, seed=3)
    with pytest.raises(TypeError, match="Observation"):
        SEARCHERS[level](1, 5).evaluate(game)  # type: ignore[arg-type]
