"""A step frame's text, its shared parts encoded once for the seats of a step, is the
text ``write_frame(frame.to_json())`` makes, byte for byte: for every seat at every
step of whole games (deals, draws hidden from the others, claims, forced tiles),
with the steps of two tables told in turns, so that no part kept for one table's
seat is given to the other's."""

from __future__ import annotations

import json

import pytest

from sniff.engine import Observation, Refusal, Tile, preset
from sniff.net.frames import ErrorFrame, StepFrame
from sniff.net.texts import frame_text
from sniff.net.wire import ErrorCode, encode, write_frame
from sniff.session.game import GameSession
from sniff.session.table import Table, Update


class Told:
    """A seat's ears: each step's frame as the server sends it."""

    def __init__(self, frames: list[StepFrame]) -> None:
        self.frames = frames

    def update(self, update: Update) -> None:
        self.frames.append(
            StepFrame(update.position, update.actor, update.by_bot, update.events, update.obs)
        )

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        pass


def _frames(name: str, seed: int) -> list[StepFrame]:
    """Every seat's step frames of a whole game of four bots, in the order told."""
    session = GameSession.new(preset(name), ["random"] * 4, seed=seed, human=False)
    table = Table(session)
    frames: list[StepFrame] = []
    for seat in range(4):
        table.listen(seat, Told(frames))
    table.play_now()
    return frames


@pytest.mark.parametrize("name", ["sniff", "muggins", "alle-fuenfe", "sniff-us"])
def test_every_seat_s_step_text_is_the_frame_written_whole(name: str) -> None:
    first, second = _frames(name, 1), _frames(name, 2)
    turns = [f for pair in zip(first, second, strict=False) for f in pair]
    seen_draws = seen_legal = 0
    for frame in turns:
        assert frame_text(frame) == write_frame(frame.to_json())
        seen_legal += bool(frame.view and frame.view.legal)
        seen_draws += any(type(e).__name__ == "Drew" for e in frame.events)
    assert seen_draws > 0 and seen_legal > 0  # (the games tell what the test means)


def test_a_hidden_draw_is_never_told_to_a_seat_that_follows_its_drawer() -> None:
    # The drawer's frame shows the tile; the next seat's frame of the same step must not,
    # though every other part of the two frames is the same.
    frames = [f for f in _frames("sniff", 3) if any(type(e).__name__ == "Drew" for e in f.events)]
    assert frames
    for frame in frames:
        told = json.loads(frame_text(frame))
        assert frame.view is not None
        for event in told["events"]:
            if event["type"] == "draw" and event["player"] != frame.view.seat:
                assert event.get("tile") is None


def test_other_frames_and_values_are_written_as_before() -> None:
    frame = ErrorFrame(ErrorCode.RATE, "too many messages: slow down")
    assert frame_text(frame) == write_frame(frame.to_json())
    assert encode([Tile(6, 5).high, None, True, "Zoë"]) == '[6,null,true,"Zoë"]'
