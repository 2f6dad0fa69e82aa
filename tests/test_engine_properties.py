"""Random play with invariants (in the spirit of OpenSpiel's random_sim_test).

Random presets, 2 to 4 players and house-rule toggles; at every step: every
tile is accounted for, ``legal_actions()`` is never empty in PLAY, every legal
action applies, every other move is refused and changes nothing; scores equal
the sum of the events' points; every round ends within a bound; the same seed
gives the same log.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sniff.engine import (
    ARM_ENDS,
    DRAW,
    PASS,
    PRESETS,
    Action,
    CallMuggins,
    Claim,
    Claimed,
    Combination,
    Dealt,
    End,
    Event,
    Game,
    GameEnded,
    IllegalMove,
    Move,
    MugginsCalled,
    Phase,
    Played,
    RoundEnded,
    RuleSet,
    full_set,
)

ENDS = (End.LEAD, *ARM_ENDS)


@st.composite
def setups(draw: st.DrawFn) -> tuple[RuleSet, int, int]:
    """A preset with some house rules, a player count and a seed."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    changes: dict[str, object] = {
        "scoring": draw(st.sampled_from([c.value for c in Combination])),
        "muggins": draw(st.booleans()),
        "draw_while_playable": draw(st.booleans()),
        "double_endwise": draw(st.booleans()),
    }
    if draw(st.booleans()):
        changes["draw_limit"] = draw(st.sampled_from(["none", 1, 2]))
    # Mostly double-six; larger sets now and then, with the more players they admit.
    changes["tile_set"] = draw(
        st.sampled_from(["double-six"] * 4 + ["double-nine", "double-twelve"])
    )
    most = rules.with_changes(tile_set=changes["tile_set"]).max_players
    players = draw(st.integers(2, min(most, 4 + draw(st.integers(0, 4)))))
    seed = draw(st.integers(0, 2**32 - 1))
    return rules.with_changes(**changes), players, seed


def _choose(game: Game, rng: random.Random) -> Action:
    """A random action; claims are sometimes wrong, so that muggins gets called."""
    if game.phase is Phase.CLAIM:
        right = game.pending_points
        return Claim(rng.choice([right, right, right + 5, 0]))
    return rng.choice(game.legal_actions())


def _snapshot(game: Game) -> tuple[object, ...]:
    return (
        [list(hand) for hand in game.hands],
        game.boneyard,
        game.layout.tiles(),
        game.layout.open,
        list(game.scores),
        game.phase,
        game.current,
        game.forced_tile,
        game.draws_this_turn,
        game.passes_in_row,
        len(game.log),
    )


def _points_from_events(game: Game) -> list[int]:
    """Each side's score, summed from the events alone."""
    totals = [0] * len(game.sides)
    for event in game.log:
        # Play points count when earned; under the muggins rule only once claimed or called.
        earned = isinstance(event, Played) and not game.rules.muggins
        claimed = isinstance(event, Claimed) and event.correct
        if isinstance(event, Played | Claimed | MugginsCalled) and (
            earned or claimed or isinstance(event, MugginsCalled)
        ):
            totals[game.side_of[event.player]] += event.points
        elif isinstance(event, RoundEnded):
            for side, points in enumerate(event.points):
                totals[side] += points
    return totals


def _check_tiles(game: Game) -> None:
    on_table = [t for hand in game.hands for t in hand] + list(game.boneyard) + game.layout.tiles()
    assert Counter(on_table) == Counter(full_set(game.rules.max_pip))
    # The count kept after each play is the sum of the explained terms.
    assert game.layout.count == sum(part.pips for part in game.layout.parts())


def _check_actions(game: Game) -> None:
    """Legal actions apply; every other move, draw and pass is refused and changes nothing."""
    legal = game.legal_actions()
    if game.phase is Phase.PLAY:
        assert legal
    for action in legal:
        game.copy().apply(action)
    if game.phase is not Phase.PLAY:
        return
    for special in (DRAW, PASS):
        assert (special in legal) == (game.refusal(special) is None), special
    outsider = next(t for t in full_set(game.rules.max_pip) if t not in game.hands[game.current])
    before = _snapshot(game)
    for tile in (*game.hands[game.current], outsider):
        for end in ENDS:
            for endwise in (False, True):
                candidate = Move(tile, end, endwise)
                refusal = game.refusal(candidate)
                assert (candidate in legal) == (refusal is None), candidate
                if refusal is None:
                    continue
                try:  # (not pytest.raises: this runs some 600,000 times)
                    game.play(candidate)
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"{candidate} was played though refused")
    assert _snapshot(game) == before


def _round_bound(game: Game) -> int:
    tiles = len(full_set(game.rules.max_pip))
    # plays and draws: each at most once per tile; claims and muggins calls: two per play;
    # passes: fewer than one round of the table between two plays.
    return 4 * tiles + game.players * (tiles + 1)


def _run(game: Game, rng: random.Random, rounds: int, *, checks: bool) -> None:
    """Random play for up to *rounds* rounds (or to the end of the game)."""
    played_rounds = 0
    steps = 0
    while True:
        if game.phase is Phase.GAME_OVER:
            break
        if game.phase is Phase.ROUND_OVER:
            played_rounds += 1
            if played_rounds >= rounds:
                break
            game.next_round()
            steps = 0
            if checks:
                _check_tiles(game)
            continue
        if checks:
            _check_actions(game)
        game.apply(_choose(game, rng))
        steps += 1
        assert steps <= _round_bound(game), "the round does not end"
        if checks:
            _check_tiles(game)
            assert _points_from_events(game) == game.scores


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(setups())
def test_random_play_keeps_every_invariant(setup: tuple[RuleSet, int, int]) -> None:
    rules, players, seed = setup
    game = Game(rules, players, seed=seed)
    _check_tiles(game)
    _run(game, random.Random(seed), rounds=2, checks=True)
    assert _points_from_events(game) == game.scores


@settings(max_examples=25, deadline=None, derandomize=True)
@given(setups())
def test_same_seed_same_log(setup: tuple[RuleSet, int, int]) -> None:
    rules, players, seed = setup
    logs: list[list[Event]] = []
    for _ in range(2):
        game = Game(rules, players, seed=seed)
        _run(game, random.Random(seed), rounds=3, checks=False)
        logs.append(game.log)
    assert logs[0] == logs[1]
    assert isinstance(logs[0][0], Dealt)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_plays_whole_games(name: str, players: int) -> None:
    for game_no in range(2):
        seed = 1000 * players + game_no
        game = Game(PRESETS[name], players, seed=seed)
        _run(game, random.Random(seed), rounds=200, checks=False)
        assert _points_from_events(game) == game.scores
        if game.phase is Phase.GAME_OVER:
            over = game.log[-1]
            assert isinstance(over, GameEnded)
            assert over.scores[over.winner] == max(over.scores) >= game.target
        _check_tiles(game)


def test_claim_actions_in_random_play_reach_every_muggins_branch() -> None:
    # The property test above must really exercise the muggins rule.
    seen: Counter[str] = Counter()
    for seed in range(10):
        game = Game(PRESETS["sniff"].with_changes(muggins=True), 2, seed=seed)
        rng = random.Random(seed)
        while game.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER):
            action = _choose(game, rng)
            if isinstance(action, CallMuggins):
                seen["call" if action.call else "let go"] += 1
            game.apply(action)
        seen.update(type(e).__name__ for e in game.log)
    assert seen["MugginsCalled"] and seen["call"] and seen["let go"]
