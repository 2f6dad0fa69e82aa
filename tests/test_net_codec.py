"""The wire format: every value the engine makes goes over and comes back the same,
and whatever else arrives is refused with a clear code."""

from __future__ import annotations

import json
import random

import pytest

from sniff.engine import PRESETS, Event, Game, Phase, observe, preset, public_event
from sniff.net.codec import (
    action_json,
    event_json,
    read_action,
    read_event,
    read_view,
    round_history,
    view_json,
)
from sniff.net.wire import FrameError, read_frame, write_frame


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_view_and_event_of_random_games_goes_over_and_back(name: str) -> None:
    rules = PRESETS[name]
    rng = random.Random(name)
    for players in (2, 3, 4):
        game = Game(rules, players, seed=rng.randrange(10**6))
        kept: list[tuple[Event, ...]] = [
            tuple(e for e in (public_event(x, s) for x in game.log) if e is not None)
            for s in range(players)
        ]
        for _ in range(45):
            if game.phase is Phase.GAME_OVER:
                break
            if game.phase is Phase.ROUND_OVER:
                start = len(game.log)
                game.next_round()
                for seat in range(players):
                    seen = [public_event(e, seat) for e in game.log[start:]]
                    kept[seat] = round_history(kept[seat], [e for e in seen if e is not None])
                continue
            start = len(game.log)
            game.apply(rng.choice(game.legal_actions()))
            for seat in range(players):
                obs = observe(game, seat)
                sent = json.loads(write_frame(view_json(obs)))
                back = read_view(sent, rules, players)
                assert view_json(back) == view_json(obs)
                # A step's view comes without its history: the receiver's own, with the
                # step's events added, is the same.
                seen = [public_event(e, seat) for e in game.log[start:]]
                kept[seat] = round_history(kept[seat], [e for e in seen if e is not None])
                step = read_view(view_json(obs, history=False), rules, players, kept[seat])
                assert view_json(step) == view_json(obs)
                assert back.layout._state == obs.layout._state
                assert back.layout.count == obs.layout.count
                for event in game.log[start:]:
                    seen = public_event(event, seat)
                    assert seen is not None
                    assert read_event(event_json(seen), rules, players) == seen
                for action in obs.legal:
                    assert read_action(action_json(action), rules, players) == action


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * 5000, "too-big"),
        ("[1, 2]", "not-object"),
        ("{}", "no-type"),
        ('{"type": 3}', "no-type"),
        ("{not json", "bad-json"),
        ('{"type": "heard", "at": 1.5}', "bad-number"),
        ('{"type": "heard", "at": NaN}', "bad-number"),
        ('{"type": "heard", "at": 12345678901234567890}', "bad-number"),
        ('{"type": "heard", "type": "chat"}', "bad-json"),
        ('{"type": "x", "a": ' + "[" * 40 + "]" * 40 + "}", "too-deep"),
        ('{"type": "x", "a": ' + "[" * 3000 + "]" * 3000 + "}", "too-big"),
        ('{"type": "x", "a": [' + ",".join(["0"] * 600) + "]}", "too-many"),
        # Just over the limits (a short frame is measured only when it could be over):
        ('{"type":"x","a":[[[[[]]]]]}', "too-deep"),
        ('{"type":"x","a":[' + ",".join(["0"] * 511) + "]}", "too-many"),
        ('{"type":"x","a":{"b":[[[1234567890]]]}}', "bad-number"),
    ],
)
def test_a_bad_frame_is_refused_with_its_code(text: str, code: str) -> None:
    with pytest.raises(FrameError) as refused:
        read_frame(text)
    assert refused.value.code == code


def test_a_frame_just_within_the_limits_is_read() -> None:
    assert read_frame('{"type":"x","a":[[[[]]]]}')["a"] == [[[[]]]]
    assert len(read_frame('{"type":"x","a":[' + ",".join(["0"] * 510) + "]}")["a"]) == 510


def test_binary_frames_are_refused() -> None:
    with pytest.raises(FrameError) as refused:
        read_frame(b'{"type": "heard"}')
    assert refused.value.code == "not-text"


@pytest.mark.parametrize(
    "action",
    [
        {"kind": "play", "tile": [7, 1], "end": "east"},
        {"kind": "play", "tile": [-1, -1], "end": "east"},
        {"kind": "play", "tile": [6, 4], "end": "up"},
        {"kind": "play", "tile": [6, 4], "end": "east", "extra": 1},
        {"kind": "play", "tile": [6, True], "end": "east"},
        {"kind": "claim", "points": -5},
        {"kind": "claim", "points": "10"},
        {"kind": "muggins", "call": 1},
        {"kind": "resign"},
        ["draw"],
    ],
)
def test_an_action_that_is_not_one_is_refused_before_the_engine_sees_it(action: object) -> None:
    with pytest.raises(FrameError):
        read_action(action, preset("sniff"), 2)


def test_a_view_whose_history_does_not_fit_its_layout_is_refused() -> None:
    game = Game(preset("sniff"), 2, seed=3)
    game.apply(game.legal_actions()[0])
    data = view_json(observe(game, 0))
    play = next(e for e in data["history"] if e["type"] == "play")
    data["history"].append({**play, "end": "east"})  # the same tile again
    with pytest.raises(FrameError):
        read_view(data, preset("sniff"), 2)
