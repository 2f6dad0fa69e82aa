"""The race model: the chance of winning the game from a score, as the master values it."""

from __future__ import annotations

import math

import pytest

from sniff.bots import MasterBot, make_bot
from sniff.bots.equity import RaceModel, race_model
from sniff.engine import PRESETS, Game, Phase, RoundEnded, observe, preset

RACE = RaceModel(mean=36.0, spread=30.0)


def test_a_side_at_the_target_has_won_and_one_short_of_it_has_not() -> None:
    assert RACE.win_chance(0, 40) == 1.0
    assert RACE.win_chance(-5, 40) == 1.0  # past it, as a play can carry a side
    assert RACE.win_chance(40, 0) == 0.0
    assert RACE.win_chance(0, 0) == 0.5
    assert 0.0 < RACE.win_chance(1, 200) < 1.0


@pytest.mark.parametrize("need", [5, 40, 120, 200, 260])
@pytest.mark.parametrize("other", [5, 40, 120, 200, 260])
def test_the_two_sides_chances_add_up_to_one(need: int, other: int) -> None:
    assert RACE.win_chance(need, other) + RACE.win_chance(other, need) == pytest.approx(1.0)


def test_more_to_make_is_never_better_and_equal_needs_are_even() -> None:
    for other in (10, 50, 150):
        chances = [RACE.win_chance(need, other) for need in range(1, 250)]
        assert chances == sorted(chances, reverse=True)
        assert RACE.win_chance(other, other) == 0.5


def test_the_same_ten_points_weigh_more_near_the_target() -> None:
    early = RACE.win_chance(180, 190) - RACE.win_chance(190, 190)
    late = RACE.win_chance(10, 20) - RACE.win_chance(20, 20)
    assert late > 2 * early > 0


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_has_a_pace_for_two_players(name: str) -> None:
    race = race_model(preset(name), 2)
    assert race is not None
    target = preset(name).target(2)
    # A round brings each side between a twentieth and a half of the target.
    assert target / 20 < race.mean < target / 2
    assert race.spread > 0


def test_the_pace_is_measured_once_and_the_same_each_time() -> None:
    rules = preset("muggins").with_changes(targets=(150, 150, 150))
    first = race_model(rules, 2)
    assert race_model(rules, 2) is first  # kept
    race_model.cache_clear()
    assert race_model(rules, 2) == first  # measured again on the same seeded rounds


def test_two_sides_of_partners_race_and_three_players_do_not() -> None:
    assert race_model(preset("sniff-us"), 4) is not None  # partners: two sides
    assert race_model(preset("sniff"), 3) is None
    assert race_model(preset("sniff"), 4) is None


def test_the_model_foretells_who_wins_from_the_scores_at_each_round_start() -> None:
    """From the scores at each round's start, greedy games to 200 are won as the
    model says far better than a coin would say it (log-loss ln 2 = 0.693)."""
    rules = preset("sniff")
    race = race_model(rules, 2)
    assert race is not None
    target = rules.target(2)
    losses = []
    for seed in range(40):
        bots = [make_bot("greedy", seed=seed), make_bot("greedy", seed=seed + 100)]
        game = Game(rules, 2, seed=seed)
        starts = [tuple(game.scores)]
        while game.phase is not Phase.GAME_OVER:
            if game.phase is Phase.ROUND_OVER:
                game.next_round()
                starts.append(tuple(game.scores))
                continue
            game.apply(bots[game.current].choose(observe(game, game.current)))
        for first, second in starts:
            chance = race.win_chance(target - first, target - second)
            chance = min(0.99, max(0.01, chance))
            losses.append(-math.log(chance if game.winner == 0 else 1 - chance))
    assert any(isinstance(e, RoundEnded) for e in game.log)
    assert len(losses) > 150
    assert sum(losses) / len(losses) < 0.62


def test_the_master_values_two_sided_games_as_chances_and_more_sides_as_points() -> None:
    for players, seed in ((2, 5), (3, 6)):
        game = Game(preset("sniff"), players, seed=seed)
        obs = observe(game, game.current)
        values = MasterBot(1, deals=20).evaluate(obs)
        assert len(values) == len(obs.legal) > 1
        if players == 2:
            assert all(0.0 <= v <= 1.0 for v in values)
        else:
            assert any(abs(v) > 1.0 for v in values)  # points won over the best other side
