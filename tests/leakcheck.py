"""The leak check, written once: does any frame a client got name a tile its seat may
not know, or the seed?

Used by ``tests/test_server_leaks.py`` (games in the suite) and
``benchmarks/bench_server.py`` (1,000 games). The truth is the game's
``sniff-record/1`` record, which the server writes with every hand and the
seed: from it, :func:`allowed_tiles` works out, round by round, the tiles a seat
may have been told before the round's end shows every hand (its own dealt and
drawn tiles, and every tile played); a spectator may know the played ones
only. :func:`check_frames` then reads every frame in the order it arrived and
raises :class:`Leak`, naming the frame, for

- a ``"seed"`` anywhere (the record after the game may name it, empty),
- a tile in a ``step`` or ``state`` frame (its events, its view's hand, legal
  actions, and the history a ``state``'s view carries) outside what the seat
  may know in that round,
- another seat's hand or the boneyard in a deal, or another seat's drawn tile,
- a view for another seat, or a seat's view for a spectator (a spectator's public
  view, ``public``, may name the played tiles only).

A round's end shows every hand (those tiles are public from then on), so its
hands are not counted.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["Leak", "allowed_tiles", "check_frames"]

TileKey = tuple[int, int]


class Leak(AssertionError):
    """A frame held what its seat may not know: the message says which and where."""


def _key(value: Sequence[int]) -> TileKey:
    return (max(value), min(value))


def allowed_tiles(record: Any, seat: int | None) -> dict[int, set[TileKey]]:
    """Round number -> the tiles *seat* (None: a spectator) may know in that round
    before its end, from *record* (a :class:`sniff.storage.records.Record`)."""
    rounds: dict[int, set[TileKey]] = {}
    current: set[TileKey] = set()
    for event in record.events:
        kind = type(event).__name__
        if kind == "Dealt":
            # A redeal keeps the round's number: what the first deal told stays told.
            current = rounds.setdefault(event.round, set())
            if seat is not None:
                current |= {(t.high, t.low) for t in event.hands[seat]}
        elif kind == "Played" or (kind == "Drew" and event.player == seat):
            current.add((event.tile.high, event.tile.low))
    return rounds


def _event_tiles(event: dict[str, Any]) -> set[TileKey]:
    """The tiles an event names on the wire (a round's end: none, it shows every hand)."""
    kind = event["type"]
    if kind == "deal":
        tiles = [t for hand in event["hands"] for t in hand] + list(event["boneyard"])
        return {_key(t) for t in tiles}
    if kind in ("play", "draw") and event["tile"] is not None:
        return {_key(event["tile"])}
    return set()


def _view_tiles(view: dict[str, Any]) -> set[TileKey]:
    found = {_key(t) for t in view["hand"]}
    for name in ("forced", "required_lead"):
        if view[name] is not None:
            found.add(_key(view[name]))
    found |= {_key(a["tile"]) for a in view["legal"] if a.get("tile") is not None}
    for event in view.get("history", ()):  # (a step's view has none: its events are it)
        found |= _event_tiles(event)
    return found


def _check_event(event: dict[str, Any], seat: int | None, where: str) -> None:
    """The shapes that must hide what is not the seat's: deals and draws."""
    if event["type"] == "deal":
        for index, hand in enumerate(event["hands"]):
            if index != seat and hand:
                raise Leak(f"{where}: the deal shows seat {index}'s hand {hand}")
        if event["boneyard"]:
            raise Leak(f"{where}: the deal shows the boneyard")
    if event["type"] == "draw" and event["player"] != seat and event["tile"] is not None:
        raise Leak(f"{where}: seat {event['player']}'s drawn tile {event['tile']}")


def _check_seed(frame: dict[str, Any], where: str) -> None:
    if frame["type"] == "record":
        # After the game every hand is public; the record's seed is left out all the same.
        for line in frame["lines"]:
            if line.get("seed") is not None:
                raise Leak(f"{where}: the record names the seed")
        return
    if '"seed"' in json.dumps(frame):
        raise Leak(f"{where}: the frame names the seed")


def check_frames(frames: Iterable[dict[str, Any]], record: Any, seat: int | None) -> int:
    """Raise :class:`Leak` at the first frame (in the order they came) that holds what
    *seat* (None: a spectator) may not know; the number of frames checked."""
    allowed = allowed_tiles(record, seat)
    round_no = 0  # the round the frames are in: set by each deal (and each view)
    checked = 0
    for number, frame in enumerate(frames):
        where = f"seat {seat}, frame {number} ({frame['type']})"
        _check_seed(frame, where)
        checked += 1
        if frame["type"] not in ("step", "state"):
            continue
        events = frame["events"] if frame["type"] == "step" else frame["log"]
        for event in events:
            if event["type"] == "deal":
                round_no = event["round"]
            _check_event(event, seat, where)
            extra = _event_tiles(event) - allowed.get(round_no, set())
            if extra:
                raise Leak(f"{where}: round {round_no} names {sorted(extra)}")
        view = frame["view"]
        public = frame.get("public")
        if public is not None:
            # A spectator's public view: no seat, and no tile beyond the played ones.
            if seat is not None or public["seat"] is not None:
                raise Leak(f"{where}: a public view of seat {public['seat']} to seat {seat}")
            view = public
        elif view is None:
            continue
        elif seat is None or view["seat"] != seat:
            raise Leak(f"{where}: a view of seat {view['seat']}")
        for event in view.get("history", ()):
            _check_event(event, seat, where)
        extra = _view_tiles(view) - allowed.get(view["round"], set())
        if extra:
            raise Leak(f"{where}: the view of round {view['round']} names {sorted(extra)}")
    return checked
