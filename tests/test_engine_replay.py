"""Replaying a record through the rules: the first line they would not give, named exactly.

A record that does not replay must say where and why in words a bug report
can use (``sniff replay`` prints them): each kind of fault below is a line
the rules refuse, a line they would not write, or a record that stops early.
"""

from __future__ import annotations

import dataclasses

import pytest

from helpers import deal, play, play_all, rules_of, scripted_game, tiles
from sniff.engine import (
    Claim,
    Dealt,
    Event,
    Game,
    Passed,
    Played,
    ReplayError,
    RuleSet,
    Tile,
    action_of,
    replay,
    replay_all,
)
from sniff.engine.replay import describe

RULES = rules_of("sniff", hand_sizes=2)


def _round() -> list[Event]:
    """A two-player round of two tiles each: [5-5] leads, [5-3] east, [3-0] east: out."""
    game = scripted_game(RULES, ["5-5 3-0", "5-3 6-2"], "4-4 6-6")
    play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])
    return list(game.log)


def _fault(events: list[Event], rules: RuleSet = RULES) -> tuple[int, str]:
    with pytest.raises(ReplayError) as caught:
        replay_all(rules, 2, events)
    assert str(caught.value) == caught.value.message
    return caught.value.index, caught.value.message


def test_each_event_is_described_as_its_record_line() -> None:
    assert [describe(event) for event in _round()] == [
        "deal (round 1, hands [[5-5, 3-0], [5-3, 6-2]], boneyard [4-4, 6-6], leader 0,"
        " redeal false)",
        "play (player 0, tile 5-5, end lead, count 10, points 10, endwise false)",
        "play (player 1, tile 5-3, end east, count 13, points 0, endwise false)",
        "play (player 0, tile 3-0, end east, count 10, points 10, endwise false)",
        "round_end (round 1, reason domino, hands [[], [6-2]], points [8, 0], scores [28, 0],"
        " went_out 0)",
    ]


def test_a_whole_record_replays_to_the_same_game() -> None:
    events = _round()
    seen = [(index, game.phase.value) for index, game in replay(RULES, 2, events)]
    assert [index for index, _ in seen] == list(range(len(events)))
    assert seen[-1][1] == "round-over"
    assert replay_all(RULES, 2, events).scores == [28, 0]


def test_a_field_the_rules_give_otherwise_is_named_with_both_values() -> None:
    events = _round()
    changed = {
        "points": (4, dataclasses.replace(events[4], points=(5, 0))),
        "went_out": (4, dataclasses.replace(events[4], went_out=None)),
        "redeal": (0, dataclasses.replace(events[0], redeal=True)),
    }
    found = {}
    for name, (index, event) in changed.items():
        wrong = list(events)
        wrong[index] = event
        found[name] = _fault(wrong)
    assert found == {
        "points": (4, "points is [5, 0] in the record, but the rules give [8, 0]"),
        "went_out": (4, "went_out is null in the record, but the rules give 0"),
        "redeal": (0, "redeal is true in the record, but the rules give false"),
    }


def test_a_line_of_another_kind_is_named_with_the_rules_event() -> None:
    events = _round()
    events[4] = Passed(0)
    assert _fault(events) == (
        4,
        "the record has a pass line, but the rules give round_end (round 1, reason domino,"
        " hands [[], [6-2]], points [8, 0], scores [28, 0], went_out 0)",
    )


def test_a_record_that_stops_early_names_what_the_rules_do_next() -> None:
    assert _fault(_round()[:-1]) == (
        4,
        "the record stops, but the rules go on with round_end (round 1, reason domino,"
        " hands [[], [6-2]], points [8, 0], scores [28, 0], went_out 0)",
    )


def test_lines_the_rules_refuse_are_named() -> None:
    events = _round()
    cases = {
        "no deal first": ([events[1]], (0, "a game starts with a deal")),
        "nothing at all": ([], (0, "a game starts with a deal")),
        "a tile that does not fit": (
            [*events[:2], Played(1, Tile.of(6, 2), events[2].end, 13, 0)],  # type: ignore[union-attr]
            (2, "the rules refuse this: cannot play 6-2 on east: it does not fit east, which is 5"),
        ),
        "a pass with a tile that fits": (
            [*events[:2], Passed(1)],
            (2, "the rules refuse this: you hold a tile that fits: 5-3"),
        ),
        "the wrong seat": ([*events[:2], Passed(0)], (2, "seat 0 acts, but it is seat 1's turn")),
        "a round's end where a seat must act": (
            [*events[:2], events[4]],
            (2, "a round_end line where seat 1 must act"),
        ),
        "a play after the round's end": (
            [*events, events[2]],
            (5, "the round is over: a deal must come next"),
        ),
        "the same tile dealt twice": (
            [dataclasses.replace(events[0], hands=(tiles("5-5 3-0"), tiles("5-5 6-2")))],  # type: ignore[arg-type]
            (0, "the engine cannot replay this: a deal must hold each tile of the set once"),
        ),
        "hands of the wrong size": (
            [dataclasses.replace(events[0], hands=(tiles("5-5"), tiles("5-3 6-2")))],  # type: ignore[arg-type]
            (0, "each hand must hold 2 tiles"),
        ),
    }
    found = {name: _fault(record) for name, (record, _) in cases.items()}
    assert found == {name: expected for name, (_, expected) in cases.items()}


def test_a_line_after_the_game_s_end_is_refused() -> None:
    rules = RULES.with_changes(targets=20)
    game = scripted_game(rules, ["5-5 3-0", "5-3 6-2"], "4-4 6-6")
    play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])
    assert _fault([*game.log, Passed(1)], rules) == (6, "the game is already over")


def test_a_throw_in_without_the_deal_after_it_cannot_be_replayed() -> None:
    rules = rules_of("muggins", hand_sizes=2)  # nobody holds a double: thrown in
    thrown_in = Dealt(1, (tiles("6-4 5-1"), tiles("3-2 4-0")), tiles("2-1 6-6"), None)
    assert _fault([thrown_in], rules) == (
        0,
        "the engine cannot replay this: the scripted deals have run out",
    )


def test_muggins_points_let_go_leave_no_line_and_replay() -> None:
    rules = RULES.with_changes(muggins=True)
    game = scripted_game(rules, ["5-5 3-0", "5-3 6-2"], "4-4 6-6")
    play(game, "5-5 lead")
    game.claim(0)  # wrong: the lead earned 10
    assert game.call_muggins(False) is None  # let go: nothing in the log
    play(game, "5-3 east")
    game.claim(0)
    replayed = replay_all(rules, 2, game.log)
    assert (replayed.scores, replayed.phase, replayed.current) == ([0, 0], game.phase, 0)
    assert action_of(game.log[2]) == Claim(0)


def _second_deal_led_by(game: Game, leader: int) -> list[Event]:
    """The game's events with the last deal's leader changed to *leader*."""
    events = list(game.log)
    last = max(i for i, event in enumerate(events) if isinstance(event, Dealt))
    events[last] = dataclasses.replace(events[last], leader=leader)  # type: ignore[type-var]
    return events


def test_a_leader_the_rules_choose_is_checked_in_every_round() -> None:
    # sniff: after a blocked round the lead rotates (here to seat 1), and is not left to chance.
    rotate = rules_of("sniff", hand_sizes=2)
    game = scripted_game(
        rotate, ["6-6 3-1", "2-2 5-4"], later=[deal(["5-5 3-0", "5-3 6-2"], leader=None)]
    )
    play(game, "6-6 lead")
    game.pass_turn()
    game.pass_turn()
    game.next_round()
    assert replay_all(rotate, 2, game.log).leader == 1
    assert _fault(_second_deal_led_by(game, 0), rotate) == (
        5,
        "leader is 0 in the record, but the rules give 1",
    )
    # sniff-us: who went out leads the next round.
    winner = rules_of("sniff-us", hand_sizes=2)
    game = scripted_game(
        winner, ["5-5 3-0", "5-3 6-2"], "4-4", later=[deal(["6-6 3-1", "2-2 5-4"], leader=None)]
    )
    play_all(game, ["5-5 lead", "5-3 east", "3-0 east"])
    game.next_round()
    assert replay_all(winner, 2, game.log).leader == 0
    assert _fault(_second_deal_led_by(game, 1), winner) == (
        5,
        "leader is 1 in the record, but the rules give 0",
    )
    # muggins: the holder of the highest double leads, from the first round on.
    highest = rules_of("muggins", hand_sizes=2)
    game = scripted_game(highest, ["5-5 3-0", "6-6 6-2"], "4-4", leader=None)
    play(game, "6-6 lead")
    assert _fault(_second_deal_led_by(game, 0), highest) == (
        0,
        "leader is 0 in the record, but the rules give 1",
    )
