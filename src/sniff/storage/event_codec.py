"""The one codec of the engine's events as JSON: a game record's lines and the
online protocol's events are written and read by it.

A record (``sniff-record/1``, shared/RECORD.md) and the wire (docs/protocol.md)
say an event alike; the wire's is what a seat may see (another's draw without
its tile) and adds what a reader of part of a game cannot work out (a deal
thrown in, whether a claim was right, who went out), which a record's reader
works out from the lines before. :func:`event_to_json` writes both;
:func:`event_from` reads both, through the :class:`EventFields` of its
reader: a record's (:mod:`sniff.storage.record_reader`, whose errors name the
line) or the wire's (:mod:`sniff.net.codec`, whose errors are a frame's
refusal). Each reader checks every field its own way; the shape of each
event is said here once.

>>> from sniff.engine import Drew, Tile
>>> event_to_json(Drew(1, Tile.of(6, 4)))
{'type': 'draw', 'player': 1, 'tile': [6, 4]}
>>> event_to_json(Drew(1, None), seen=True)
{'type': 'draw', 'player': 1, 'tile': None}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from sniff.engine import (
    Claimed,
    Dealt,
    Drew,
    End,
    Event,
    GameEnded,
    MugginsCalled,
    Passed,
    Played,
    RoundEnd,
    RoundEnded,
    Tile,
)

__all__ = ["EVENT_FIELDS", "EventFields", "event_from", "event_to_json"]

#: Each event's type and its fields, as the wire has them (a record has the same but
#: for the wire's additions: a deal's ``redeal``, a claim's ``correct``, ``went_out``).
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("round", "hands", "boneyard", "leader", "redeal"),
    "play": ("player", "tile", "end", "count", "points", "endwise"),
    "draw": ("player", "tile"),
    "pass": ("player",),
    "claim": ("player", "points", "correct"),
    "muggins": ("player", "points"),
    "round_end": ("round", "reason", "hands", "points", "scores", "went_out"),
    "game_end": ("winner", "scores"),
}


# -- writing -------------------------------------------------------------------------


def _tile(tile: Tile) -> list[int]:
    return [tile.high, tile.low]


def _tiles(tiles: Iterable[Tile]) -> list[list[int]]:
    return [_tile(t) for t in tiles]


def event_to_json(event: Event, *, seen: bool = False) -> dict[str, Any]:
    """An engine event as a line of a record (keys in RECORD.md's order), or, *seen*,
    as the online protocol sends it: what a seat may see (another's draw without
    its tile) and, after the record's keys, what a reader of part of a game cannot
    work out (a deal thrown in, whether a claim was right, who went out)."""
    if isinstance(event, Dealt):
        out: dict[str, Any] = {
            "type": "deal",
            "round": event.round,
            "hands": [_tiles(hand) for hand in event.hands],
            "boneyard": _tiles(event.boneyard),
            "leader": event.leader,
        }
        if seen:
            out["redeal"] = event.redeal
        return out
    if isinstance(event, Played):
        # The engine lays the lead high half west, so [high, low] is [west, east].
        out = {
            "type": "play",
            "player": event.player,
            "tile": _tile(event.tile),
            "end": event.end.value,
            "count": event.count,
            "points": event.points,
        }
        if event.endwise:
            out["endwise"] = True
        return out
    if isinstance(event, Drew):
        if event.tile is None and not seen:
            raise ValueError("a record holds every draw with its tile, not a seat's view")
        tile = None if event.tile is None else _tile(event.tile)
        return {"type": "draw", "player": event.player, "tile": tile}
    if isinstance(event, Passed):
        return {"type": "pass", "player": event.player}
    if isinstance(event, Claimed):
        out = {"type": "claim", "player": event.player, "points": event.points}
        if seen:
            out["correct"] = event.correct
        return out
    if isinstance(event, MugginsCalled):
        return {"type": "muggins", "player": event.player, "points": event.points}
    if isinstance(event, RoundEnded):
        out = {
            "type": "round_end",
            "round": event.round,
            "reason": event.reason.value,
            "hands": [_tiles(hand) for hand in event.hands],
            "points": list(event.points),
            "scores": list(event.scores),
        }
        if seen:
            out["went_out"] = event.went_out
        return out
    return {"type": "game_end", "winner": event.winner, "scores": list(event.scores)}


# -- reading -------------------------------------------------------------------------


class EventFields(Protocol):
    """One event's object as its reader checks it: each method reads one field or
    raises that reader's own error (a record's names the line; the wire's refuses
    the frame)."""

    def fields(self, kind: str) -> None:
        """Whether the object holds only *kind*'s fields (:data:`EVENT_FIELDS`)."""

    def number(self, key: str, *, least: int = 0) -> int:
        """A whole number (the wire holds it to *least* and up)."""

    def seat(self, key: str) -> int: ...

    def maybe_seat(self, key: str) -> int | None: ...

    def tile(self, key: str) -> Tile: ...

    def drawn(self, key: str) -> Tile | None:
        """A drawn tile (the wire: null where the seat may not see it)."""

    def tiles(self, key: str) -> tuple[Tile, ...]: ...

    def hands(self, key: str) -> tuple[tuple[Tile, ...], ...]:
        """One hand per seat."""

    def numbers(self, key: str) -> tuple[int, ...]:
        """One whole number per side."""

    def end(self, key: str) -> End: ...

    def flag(self, key: str) -> bool:
        """true or false; false when absent."""

    def reason(self, key: str) -> RoundEnd: ...

    def side(self, key: str) -> int: ...

    def dealt(self, hands: tuple[tuple[Tile, ...], ...], boneyard: tuple[Tile, ...]) -> None:
        """What a deal must hold (a record's: the whole set, each tile once)."""

    def redeal(self, round_no: int) -> bool:
        """Whether the deal of *round_no* was thrown in and dealt again."""

    def correct(self, points: int) -> bool:
        """Whether a claim of *points* was right."""

    def went_out(self, reason: RoundEnd) -> int | None:
        """Who went out, in a round that ended for *reason*."""

    def unknown(self, kind: object) -> Exception:
        """The error for an object of no event's type."""


def event_from(kind: object, f: EventFields) -> Event:
    """The event an object of type *kind* holds, read through its reader's *f*."""
    if not isinstance(kind, str) or kind not in EVENT_FIELDS:
        raise f.unknown(kind)
    f.fields(kind)
    if kind == "deal":
        round_no = f.number("round", least=1)
        hands = f.hands("hands")
        boneyard = f.tiles("boneyard")
        f.dealt(hands, boneyard)
        return Dealt(round_no, hands, boneyard, f.maybe_seat("leader"), f.redeal(round_no))
    if kind == "play":
        tile, end, endwise = f.tile("tile"), f.end("end"), f.flag("endwise")
        return Played(f.seat("player"), tile, end, f.number("count"), f.number("points"), endwise)
    if kind == "draw":
        return Drew(f.seat("player"), f.drawn("tile"))
    if kind == "pass":
        return Passed(f.seat("player"))
    if kind == "claim":
        points = f.number("points")
        return Claimed(f.seat("player"), points, f.correct(points))
    if kind == "muggins":
        return MugginsCalled(f.seat("player"), f.number("points"))
    if kind == "round_end":
        reason = f.reason("reason")
        round_no = f.number("round", least=1)
        hands = f.hands("hands")
        return RoundEnded(
            round_no, reason, hands, f.numbers("points"), f.numbers("scores"), f.went_out(reason)
        )
    return GameEnded(f.side("winner"), f.numbers("scores"))
