"""Game records in the ``sniff-record/1`` format (shared/RECORD.md): writing
them, keeping one aside, and checking one against the rules.

A record is JSON Lines: a ``game`` header, then one line per engine event.
:class:`RecordWriter` writes one while a game is played: what was played
before it starts is written whole and atomically, then every line is
appended and flushed, so a crash keeps what was played. Only a regular file
is ever written (``--record /dev/full`` is refused, never replaced), and a
good record in the way is kept aside whole (:func:`keep_aside`), never
overwritten.

:func:`read_record` (from :mod:`sniff.storage.record_reader`, which reads
within limits) reads one back into engine events; :func:`verify` replays a
record through the engine and refuses any line the rules would not have
produced. A record holds every tile dealt, the hidden ones too. The
vocabulary (:class:`PlayerInfo`, :class:`Record`, :class:`RecordError`) is
in :mod:`sniff.storage.record_types`; all of it can be imported from here.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path, PurePath
from typing import IO, Any

from sniff.engine import (
    Dealt,
    Direction,
    Drew,
    Event,
    Game,
    Passed,
    Played,
    ReplayError,
    RuleSet,
    next_seat,
    replay_all,
)
from sniff.storage.atomic import set_aside, writable_target, write_atomic
from sniff.storage.event_codec import event_to_json
from sniff.storage.jsontext import json_writer
from sniff.storage.record_reader import (
    LINE_LIMIT,
    LINES_LIMIT,
    PIPE_WAIT,
    SIZE_LIMIT,
    PipeSilent,
    parse_record,
    read_record,
    record_lines,
)
from sniff.storage.record_types import (
    FORMAT,
    REASONS,
    PlayerInfo,
    Record,
    RecordError,
    RecordProblem,
)

__all__ = [
    "FORMAT",
    "LINES_LIMIT",
    "LINE_LIMIT",
    "PIPE_WAIT",
    "REASONS",
    "SIZE_LIMIT",
    "STEP_KEY",
    "PipeSilent",
    "PlayerInfo",
    "Record",
    "RecordError",
    "RecordProblem",
    "RecordWriter",
    "append_to",
    "event_to_json",
    "header_json",
    "header_line",
    "keep_aside",
    "kept_record_name",
    "line_of",
    "parse_record",
    "read_record",
    "record_lines",
    "record_target",
    "verify",
]


# -- writing -------------------------------------------------------------------

#: The key a table's journal adds to the last line of each step: the record's events up
#: to that line (readers ignore keys they do not know; :mod:`sniff.storage.journal`).
STEP_KEY = "at"


#: A record line's JSON (its encoder made once: :mod:`sniff.storage.jsontext`).
_dumps = json_writer((", ", ": "))


def header_json(
    rules: RuleSet,
    seed: int | None,
    players: Sequence[PlayerInfo],
    sides: Sequence[Sequence[int]],
) -> dict[str, Any]:
    """The ``game`` line."""
    return {
        "type": "game",
        "format": FORMAT,
        "preset": rules.preset,
        "rules": rules.to_json(),
        "seed": seed,
        "players": [p.to_json() for p in players],
        "sides": [list(side) for side in sides],
    }


def record_target(path: str | os.PathLike[str]) -> Path:
    """Where a record for *path* is written: the regular file there (a symbolic
    link is followed), or a new one in a folder that exists.

    Raises :class:`~sniff.storage.atomic.NotARegularFile` for a device, pipe or
    folder, and :class:`FileNotFoundError` if the folder does not exist: a
    record never creates folders (the path may come from a saved game).
    """
    target = writable_target(path)
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, "its folder does not exist", str(path))
    return target


class RecordWriter:
    """Write a record line by line while a game is played.

    Given a path, the header and the *events* so far go to a temporary file in
    the same folder, synced and renamed into place (see
    :func:`~sniff.storage.atomic.write_atomic`), so a record file never exists
    without its header; every later line is appended and flushed at once.
    Given an open text stream, lines go to it.
    """

    def __init__(
        self,
        path_or_stream: str | os.PathLike[str] | IO[str],
        *,
        rules: RuleSet,
        seed: int | None,
        players: Sequence[PlayerInfo],
        sides: Sequence[Sequence[int]],
        events: Iterable[Event] = (),
    ) -> None:
        text = header_line(rules, seed, players, sides)
        text += "".join(line_of(event) for event in events)
        self.path: Path | None = None
        if isinstance(path_or_stream, (str, os.PathLike)):
            self._owned = True
            self.path = path = record_target(path_or_stream)
            write_atomic(path, text)
            self._stream: IO[str] = append_to(path)
        else:
            self._owned = False
            self._stream = path_or_stream
            self._stream.write(text)
            self._stream.flush()

    def write(self, event: Event) -> None:
        """Append one event's line and flush it."""
        self._stream.write(line_of(event))
        self._stream.flush()

    def write_all(self, events: Iterable[Event]) -> None:
        """Append several events (one flush per line, as :meth:`write`)."""
        for event in events:
            self.write(event)

    def close(self) -> None:
        """Close the file (a stream given by the caller stays open)."""
        if self._owned:
            self._stream.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def kept_record_name(name: str, when: datetime, number: int = 1) -> str:
    """The name a record gets when it is kept out of the way whole: the time
    before its suffix, so it stays a record by its name too.

    >>> kept_record_name("game.jsonl", datetime(2026, 11, 24, 9, 5, 0), 2)
    'game.20261124-090500-2.jsonl'
    """
    path = PurePath(name)
    suffix = "" if number == 1 else f"-{number}"
    return f"{path.stem}.{when:%Y%m%d-%H%M%S}{suffix}{path.suffix}"


def keep_aside(path: Path) -> Path:
    """Move a good record out of the way (see :func:`kept_record_name`), never
    over another file; return where it went. Raises :class:`OSError`."""
    return set_aside(path, name=kept_record_name)


def append_to(path: Path) -> IO[str]:
    """*path* opened to append lines (``O_APPEND``: each write lands at the end)."""
    return path.open("a", encoding="utf-8", newline="\n")


def line_of(event: Event, *, at: int | None = None) -> str:
    """The record line of *event*, with its newline; *at*: the line ends a step of a
    table's journal, the record's events up to it (:mod:`sniff.storage.journal`)."""
    data = event_to_json(event)
    if at is not None:
        data[STEP_KEY] = at
    return _dumps(data) + "\n"


def header_line(
    rules: RuleSet,
    seed: int | None,
    players: Sequence[PlayerInfo],
    sides: Sequence[Sequence[int]],
) -> str:
    """The ``game`` line, with its newline."""
    return _dumps(header_json(rules, seed, players, sides)) + "\n"


# -- verifying -----------------------------------------------------------------


def verify(record: Record) -> Game:
    """Replay *record* through the engine; :class:`RecordError` names the first bad line.

    Returns the game as the record leaves it (over, or stopped between rounds).
    """
    players = len(record.players)
    if tuple(tuple(s) for s in record.rules.sides(players)) != record.sides:
        raise RecordError(
            "the sides do not match the rules' seating", 1, problem=RecordProblem.SIDES_RULES
        )
    lines = record.lines
    try:
        return replay_all(record.rules, players, record.events, seed=record.seed)
    except ReplayError as error:
        # An index past the events: the rules go on after the record's last line.
        at_end = (lines[-1] + 1) if lines else 2
        line = lines[error.index] if error.index < len(lines) else at_end
        turned = _other_way_round(record, error.index)
        message = error.message
        if turned:
            direction, seat, expected, actor = turned
            message += (
                f" (seats are numbered clockwise, and the rules' direction is {direction.value}: "
                f"after seat {seat} comes seat {expected}, not seat {actor})"
            )
            raise RecordError(
                message,
                line,
                problem=RecordProblem.REPLAY,
                error=error,
                direction=direction,
                seat=seat,
                expected=expected,
                actor=actor,
            ) from None
        raise RecordError(message, line, problem=RecordProblem.REPLAY, error=error) from None


def _other_way_round(record: Record, index: int) -> tuple[Direction, int, int, int] | None:
    """Why a turn looks out of order, when the record went round the other way:
    the rules' direction, the seat that acted last, the seat expected next and
    the seat the record has act instead (None: not that).

    Seats are numbered clockwise, and the turn passes the way the rules'
    ``direction`` says: a program that numbers seats in play order writes a
    counter-clockwise game the wrong way round, and this says so.
    """
    players = len(record.players)
    if players < 3 or index >= len(record.events):
        return None
    actor = record.events[index]
    if not isinstance(actor, (Played, Drew, Passed)):
        return None
    before = next(
        (e for e in reversed(record.events[:index]) if isinstance(e, (Played, Passed, Dealt))),
        None,
    )
    if not isinstance(before, (Played, Passed)) or before.player == actor.player:
        return None
    direction = record.rules.direction
    other = next(d for d in Direction if d is not direction)
    seat = before.player
    if actor.player != next_seat(seat, players, other):
        return None
    expected = next_seat(seat, players, direction)
    return direction, seat, expected, actor.player
