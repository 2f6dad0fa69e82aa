"""A plain English narrator for ``sniff replay``.

Deliberately small and untranslated: the announcer (``sniff.announce``) will
take its place. One line per record line, in words a screen reader speaks well.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

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
    RoundEnded,
    Tile,
)
from sniff.record import Record


def _tiles(tiles: Sequence[Tile]) -> str:
    return ", ".join(str(t) for t in tiles) if tiles else "nothing"


def _points(points: int) -> str:
    return "1 point" if points == 1 else f"{points} points"


def narrate(record: Record) -> Iterator[str]:
    """The game in the record, move by move, as English sentences."""
    names = [p.name for p in record.players]
    sides = [" and ".join(names[seat] for seat in side) for side in record.sides]
    yield (
        f"A game of {record.preset} for {len(names)} players: {', '.join(names)}. "
        f"Target {record.rules.target(len(names))}."
    )
    for event in record.events:
        yield _line(event, names, sides)
    if not record.finished:
        yield "The record stops here: the game was not finished."


def _line(event: Event, names: list[str], sides: list[str]) -> str:
    if isinstance(event, Dealt):
        hands = "; ".join(f"{names[i]} holds {_tiles(h)}" for i, h in enumerate(event.hands))
        text = (
            f"Round {event.round} is dealt. {hands}. The boneyard has {len(event.boneyard)} tiles."
        )
        if event.leader is None:
            return text + " Nobody holds a double: the hands are thrown in."
        return text + f" {names[event.leader]} leads."
    if isinstance(event, Played):
        if event.end is End.LEAD:
            where = "as the lead"
        else:
            lying = " endwise" if event.endwise else ""
            where = f"on the {event.end.value}{lying}"
        text = f"{names[event.player]} plays {event.tile} {where}. The count is {event.count}"
        if event.points:
            return text + f", scoring {_points(event.points)}."
        return text + "."
    if isinstance(event, Drew):
        return f"{names[event.player]} draws {event.tile}."
    if isinstance(event, Passed):
        return f"{names[event.player]} passes."
    if isinstance(event, Claimed):
        return f"{names[event.player]} claims {_points(event.points)}."
    if isinstance(event, MugginsCalled):
        return f"{names[event.player]} calls muggins and takes {_points(event.points)}."
    if isinstance(event, RoundEnded):
        how = {
            "domino": "domino",
            "blocked": "blocked, nobody can play",
            "target": "the target is reached",
        }[event.reason]
        left = "; ".join(f"{names[i]} {_tiles(h)}" for i, h in enumerate(event.hands))
        points = ", ".join(f"{sides[i]} {p}" for i, p in enumerate(event.points))
        scores = ", ".join(f"{sides[i]} {s}" for i, s in enumerate(event.scores))
        return (
            f"Round {event.round} ends: {how}. Tiles left: {left}. "
            f"Points for the round: {points}. Scores: {scores}."
        )
    assert isinstance(event, GameEnded)
    scores = ", ".join(f"{sides[i]} {s}" for i, s in enumerate(event.scores))
    return f"{sides[event.winner]} won the game. Final scores: {scores}."
