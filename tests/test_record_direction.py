"""Seats and direction in records (docs/rules.md, "Seats and direction"):
seats are numbered clockwise round the table, and the turn, the lead from
round to round and the muggins call all go the way the rules' ``direction``
says: seat + 1 clockwise, seat - 1 counter-clockwise.

Whole games are played through the engine with random (seeded) choices and
written as records, so every record here is one the game itself could write.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from helpers import play, rules_of, scripted_game
from sniff.cli import main
from sniff.engine import (
    Claim,
    Claimed,
    Dealt,
    Drew,
    Event,
    Game,
    MugginsCalled,
    Passed,
    Phase,
    Played,
    RoundEnded,
    RuleSet,
)
from sniff.storage.records import (
    PlayerInfo,
    RecordError,
    RecordWriter,
    parse_record,
    read_record,
    verify,
)

CCW = "counter-clockwise"


def _random_game(rules: RuleSet, players: int, seed: int, *, rounds: int = 4) -> Game:
    """A game of random legal choices; under the muggins rule every other claim is
    wrong and every other chance to call muggins is taken."""
    choose = random.Random(seed)
    game = Game(rules, players, seed=seed)
    while game.phase is not Phase.GAME_OVER and game.round_no <= rounds:
        if game.phase is Phase.ROUND_OVER:
            if game.round_no == rounds:
                break
            game.next_round()
        elif game.phase is Phase.CLAIM:
            right = game.legal_actions()[0]
            assert isinstance(right, Claim)
            game.apply(Claim(0) if choose.random() < 0.5 else right)
        else:
            game.apply(choose.choice(game.legal_actions()))
    return game


def _record_text(game: Game, players: int) -> str:
    stream = io.StringIO()
    RecordWriter(
        stream,
        rules=game.rules,
        seed=None,
        players=[PlayerInfo(f"Bot {seat + 1}", "bot", "random") for seat in range(players)],
        sides=game.sides,
        events=game.log,
    )
    return stream.getvalue()


def _turns(events: Sequence[Event]) -> list[tuple[int, int]]:
    """(who ended a turn, who acted next) for every change of turn within a round."""
    pairs = []
    last: int | None = None
    for event in events:
        if isinstance(event, (Dealt, RoundEnded)):
            last = None
        elif isinstance(event, (Played, Passed)):
            if last is not None and last != event.player:
                pairs.append((last, event.player))
            last = event.player
        elif isinstance(event, Drew) and last is not None and last != event.player:
            pairs.append((last, event.player))
            last = event.player
    return pairs


@pytest.mark.parametrize("players", [3, 4])
def test_a_counter_clockwise_record_replays_and_every_turn_goes_to_seat_minus_one(
    players: int,
) -> None:
    rules = rules_of("sniff", direction=CCW)
    for seed in range(3):
        game = _random_game(rules, players, seed)
        record = parse_record(io.StringIO(_record_text(game, players)))
        verify(record)
        turns = _turns(record.events)
        assert len(turns) > 10
        assert all(after == (before - 1) % players for before, after in turns), turns


@pytest.mark.parametrize("players", [3, 4])
def test_a_game_that_goes_clockwise_under_counter_clockwise_rules_is_refused_with_the_reason(
    players: int,
) -> None:
    game = _random_game(rules_of("sniff"), players, seed=2)
    text = _record_text(game, players)
    turned = text.replace('"direction": "clockwise"', f'"direction": "{CCW}"', 1)
    record = parse_record(io.StringIO(turned))
    with pytest.raises(RecordError) as refused:
        verify(record)
    at = next(
        i
        for i, e in enumerate(record.events)
        if isinstance(e, (Played, Drew, Passed)) and e.player != _leader(record.events)
    )
    first, second = _turns(record.events)[0]
    refused_event = record.events[at]
    assert isinstance(refused_event, (Played, Drew, Passed))
    assert second == (first + 1) % players and refused_event.player == second
    expected = (first - 1) % players
    assert refused.value.message == (
        f"seat {second} acts, but it is seat {expected}'s turn (seats are numbered "
        f"clockwise, and the rules' direction is {CCW}: after seat {first} comes seat "
        f"{expected}, not seat {second})"
    )
    assert refused.value.line_no == record.lines[at]


def _leader(events: Sequence[Event]) -> int | None:
    first = events[0]
    assert isinstance(first, Dealt)
    return first.leader


def test_the_command_line_refuses_the_turned_record_naming_line_and_direction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _random_game(rules_of("sniff"), 4, seed=5)
    path = tmp_path / "turned.jsonl"
    path.write_text(
        _record_text(game, 4).replace('"direction": "clockwise"', f'"direction": "{CCW}"', 1)
    )
    assert main(["replay", str(path), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "but it is seat" in captured.err
    assert f"seats are numbered clockwise, and the rules' direction is {CCW}" in captured.err


def test_a_counter_clockwise_record_is_told_by_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _random_game(rules_of("sniff", direction=CCW), 3, seed=1, rounds=1)
    path = tmp_path / "ccw.jsonl"
    path.write_text(_record_text(game, 3))
    assert main(["replay", str(path), "--lang", "en"]) == 1  # stopped after a round
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Round 1.") and len(out) == len(read_record(path).events)


# -- the muggins call and the lead ------------------------------------------------------


def test_counter_clockwise_with_four_players_the_next_opponent_that_way_calls_muggins() -> None:
    rules = rules_of("sniff", muggins=True, direction=CCW)
    game = scripted_game(rules, ["5-0 6-6", "5-3 1-0", "4-4 2-1", "3-3 2-2"], leader=0)
    play(game, "5-0 lead")  # the count is 5: it earns 5
    game.claim(0)  # wrong: seat 3, the next opponent counter-clockwise, may call
    assert (game.phase, game.current) == (Phase.MUGGINS, 3)
    assert game.call_muggins(True) == MugginsCalled(3, 5)
    assert game.scores == [0, 0, 0, 5]
    assert (game.phase, game.current) == (Phase.PLAY, 3)  # and seat 3 plays next


def test_counter_clockwise_with_partners_muggins_passes_over_nobody() -> None:
    rules = rules_of("sniff-us", muggins=True, direction=CCW)
    game = scripted_game(rules, ["5-5 6-6", "5-3 1-0", "4-4 2-1", "3-3 2-0"], leader=0)
    play(game, "5-5 lead")
    game.claim(0)  # wrong: the lead earned 10
    # Partners sit opposite, so the next seat counter-clockwise is an opponent.
    assert (game.phase, game.current) == (Phase.MUGGINS, 3)
    game.call_muggins(True)
    assert game.scores == [0, 10]


def test_a_muggins_call_by_the_clockwise_neighbour_is_refused_in_a_counter_clockwise_record() -> (
    None
):
    rules = rules_of("sniff", muggins=True, direction=CCW)
    for seed in range(20):
        game = _random_game(rules, 4, seed)
        calls = [i for i, e in enumerate(game.log) if isinstance(e, MugginsCalled)]
        if calls:
            break
    else:
        pytest.fail("no muggins call in 20 seeded games")
    text = _record_text(game, 4)
    verify(parse_record(io.StringIO(text)))  # as played: the right opponent calls
    at = calls[0]
    claim = game.log[at - 1]
    assert isinstance(claim, Claimed) and not claim.correct
    caller = game.log[at]
    assert isinstance(caller, MugginsCalled) and caller.player == (claim.player - 1) % 4
    lines = text.splitlines(keepends=True)
    wrong = (claim.player + 1) % 4
    lines[at + 1] = lines[at + 1].replace(f'"player": {caller.player}', f'"player": {wrong}')
    with pytest.raises(RecordError, match=f"seat {wrong} acts, but it is seat {caller.player}"):
        verify(parse_record(io.StringIO("".join(lines))))


@pytest.mark.parametrize(("direction", "order"), [("clockwise", 1), (CCW, -1)])
def test_the_lead_rotates_round_to_round_the_way_play_goes(direction: str, order: int) -> None:
    rules = rules_of("sniff", direction=direction)
    for players in (3, 4):
        game = _random_game(rules.with_changes(targets=(1000, 1000, 1000)), players, 4, rounds=6)
        leaders = [e.leader for e in game.log if isinstance(e, Dealt)]
        assert len(leaders) == 6
        first = leaders[0]
        assert first is not None
        assert leaders == [(first + order * n) % players for n in range(6)], leaders
        verify(parse_record(io.StringIO(_record_text(game, players))))
