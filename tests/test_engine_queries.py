"""The engine answers what hints, previews, practice and the announcer ask,
and replays a recorded game event by event."""

from __future__ import annotations

import pytest

from helpers import move, rules_of, scripted_game, tile
from sniff.bots import make_bot
from sniff.engine import (
    End,
    Game,
    Layout,
    Move,
    Phase,
    Played,
    ReplayError,
    SpinnerMode,
    fitting_ends,
    move_fits,
    observe,
    preset,
    replay,
    replay_all,
    tile_moves,
    what_if,
)


def _layout(*moves: str, mode: SpinnerMode = SpinnerMode.SNIFF) -> Layout:
    lay = Layout.empty(mode)
    for text in moves:
        m = move(text)
        lay = lay.place(m.tile, m.end, endwise=m.endwise)
    return lay


def test_fitting_ends_name_every_open_end_the_tile_matches() -> None:
    lay = _layout("4-4 lead")  # the sniff: all four arms open on 4
    assert fitting_ends(lay, tile("4-1")) == [End.WEST, End.EAST, End.NORTH, End.SOUTH]
    assert fitting_ends(lay, tile("6-1")) == []
    assert fitting_ends(Layout.empty(SpinnerMode.NONE), tile("6-1")) == [End.LEAD]


def test_tile_moves_add_laid_along_doubles_only_under_the_house_rule() -> None:
    lay = _layout("5-3 lead", mode=SpinnerMode.NONE)
    plain = preset("muggins")
    endwise = rules_of("muggins", double_endwise=True)
    assert tile_moves(lay, tile("5-5"), plain) == [Move(tile("5-5"), End.WEST)]
    assert tile_moves(lay, tile("5-5"), endwise) == [
        Move(tile("5-5"), End.WEST),
        Move(tile("5-5"), End.WEST, True),
    ]


def test_what_if_counts_and_scores_as_the_play_would() -> None:
    lay = _layout("6-4 lead", mode=SpinnerMode.NONE)
    result = what_if(lay, move("4-1 east"), preset("muggins"))
    assert (result.count, result.points) == (7, 0)
    result = what_if(lay, move("6-5 west"), rules_of("domino-play"))
    assert (result.count, result.points) == (5 + 4, 0)
    result = what_if(_layout("5-5 lead"), move("5-0 north"), rules_of("domino-play"))
    assert (result.count, result.points) == (10, 2)  # domino-play earns count / 5


def test_move_fits_only_on_an_open_matching_end() -> None:
    lay = _layout("6-4 lead", mode=SpinnerMode.NONE)
    assert move_fits(lay, move("4-1 east"))
    assert not move_fits(lay, move("4-1 west"))
    assert not move_fits(lay, move("4-1 north"))  # no sniff: no north
    assert not move_fits(lay, move("4-1 lead"))


def test_on_an_empty_table_only_a_lead_fits_and_a_blank_end_takes_a_blank() -> None:
    empty = Layout.empty(SpinnerMode.NONE)
    assert move_fits(empty, move("6-4 lead"))
    assert not move_fits(empty, move("6-4 east"))
    blank = _layout("6-0 lead", mode=SpinnerMode.NONE)  # west 6, east 0
    assert move_fits(blank, move("3-0 east")) and move_fits(blank, move("0-0 east"))
    assert not move_fits(blank, move("3-1 east"))


def _bot_game(name: str, players: int, seed: int) -> Game:
    game = Game(preset(name), players, seed=seed)
    bots = [make_bot("greedy", seed=seed + seat) for seat in range(players)]
    while game.phase is not Phase.GAME_OVER and game.round_no < 4:
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
            continue
        game.apply(bots[game.current].choose(observe(game, game.current)))
    return game


@pytest.mark.parametrize("name", ["sniff", "muggins", "sniff-us", "alle-fuenfe"])
def test_replay_gives_each_play_with_the_table_as_it_then_stood(name: str) -> None:
    game = _bot_game(name, 3, seed=5)
    seen = 0
    for index, state in replay(game.rules, 3, game.log):
        event = game.log[index]
        if isinstance(event, Played) and state.phase is Phase.PLAY:
            assert state.layout.count == event.count
        seen += 1
    assert seen == len(game.log)
    assert replay_all(game.rules, 3, game.log).scores == game.scores


def test_replay_names_the_first_event_the_rules_would_not_give() -> None:
    game = _bot_game("sniff", 2, seed=3)
    events = list(game.log)
    index = next(i for i, e in enumerate(events) if isinstance(e, Played) and e.end is not End.LEAD)
    played = events[index]
    assert isinstance(played, Played)
    events[index] = Played(played.player, played.tile, played.end, played.count + 1, 0)
    with pytest.raises(ReplayError) as caught:
        replay_all(game.rules, 2, events)
    assert caught.value.index == index
    wrong, right = played.count + 1, played.count
    assert f"count is {wrong} in the record, but the rules give {right}" in caught.value.message


def test_replay_refuses_hands_of_the_wrong_size() -> None:
    game = scripted_game("sniff", ["6-4 5-5", "4-1 3-3"], "2-2")
    with pytest.raises(ReplayError, match="each hand must hold 7 tiles"):
        replay_all(game.rules, 2, game.log)
