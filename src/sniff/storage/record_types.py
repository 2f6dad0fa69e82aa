"""The vocabulary of a ``sniff-record/1`` game record (shared/RECORD.md): its
format name, who sits where, a record read back, and the error that names
the line where one goes wrong. Writing is in :mod:`sniff.storage.records`,
reading in :mod:`sniff.storage.record_reader`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from sniff.engine import Event, GameEnded, RoundEnd, RuleSet
from sniff.enums import SeatKind, values

FORMAT = "sniff-record/1"
REASONS: tuple[str, ...] = values(RoundEnd)

__all__ = ["FORMAT", "REASONS", "PlayerInfo", "Record", "RecordError", "RecordProblem"]


class RecordProblem(str, Enum):
    """Why a record cannot be read or replayed: a stable code that the words layer
    (``sniff.announce.record_errors``) says in the player's language, with the
    :attr:`RecordError.values` named beside each code. *key* is a key of the line
    as the file writes it; a *value* is the value found, as read."""

    # The file and its lines (the bounded reader).
    FILE_TOO_LARGE = "file-too-large"  # size, limit (bytes)
    LINE_TOO_LONG = "line-too-long"  # limit (bytes)
    TOO_MANY_LINES = "too-many-lines"  # limit
    TOO_MANY_BYTES = "too-many-bytes"  # limit: the record grew past it while being read
    NOT_UTF8 = "not-utf8"
    NOT_JSON = "not-json"  # detail: the JSON reader's English words
    DATA = "data"  # error: the bounded reader's DataError (nested too deep, a huge number)
    NOT_AN_OBJECT = "not-an-object"  # the line is JSON, but not an object
    EMPTY = "empty"  # no line at all
    # The game line.
    GAME_FIRST = "game-first"  # the first line is not the game line
    FORMAT = "format"  # value, expected: the format named
    NOT_TEXT = "not-text"  # key: a key that holds a string ("preset")
    NOT_A_LIST = "not-a-list"  # key: a key that holds a list ("players")
    RULES_OBJECT = "rules-object"  # "rules" is not an object of rule fields
    RULES = "rules"  # error: the engine's RulesError (or detail, English)
    PLAYER_NAME = "player-name"  # a player without a name
    PLAYER_KIND = "player-kind"  # value: a player's kind, not human or bot
    BOT_LEVEL = "bot-level"  # name: a bot without a level
    SIDES = "sides"  # "sides" is not a list of lists of seats
    SIDES_SEATS = "sides-seats"  # "sides" does not hold every seat once
    SIDES_RULES = "sides-rules"  # the sides are not the rules' seating
    # Any line.
    MISSING_KEY = "missing-key"  # line (its type), key
    NOT_WHOLE = "not-whole"  # key, value: a whole number expected
    SEAT = "seat"  # key, value, last: a seat out of range
    NOT_A_TILE = "not-a-tile"  # key, value: not written as [a, b]
    TILE_RANGE = "tile-range"  # tile ([a, b]), max_pip: not a tile of the set
    NOT_TILES = "not-tiles"  # key: not a list of tiles
    HANDS = "hands"  # key, players: not one hand for each seat
    NUMBERS = "numbers"  # key, size: not one whole number for each side
    TWICE = "twice"  # tile: a tile dealt or held twice
    WHOLE_SET = "whole-set"  # tile_set: a deal that does not hold the whole set
    UNKNOWN_END = "unknown-end"  # value
    ENDWISE = "endwise"  # "endwise" is not true or false
    ROUND_END = "round-end"  # value, choices: a round's end that is no reason
    WINNER = "winner"  # value, last: a winner that is no side
    UNKNOWN_LINE = "unknown-line"  # value: the line's type
    # The rules (verify).
    REPLAY = "replay"  # error: the engine's ReplayError; and, when the turn went the
    #   other way round: direction, seat, expected, actor (see records.verify)


class RecordError(ValueError):
    """A record that cannot be read or does not replay; *line_no* is 1-based (0: the file).

    The message is English, for logs; *problem* and *values* say what is wrong
    in a form the player is told in their language. An error of a lower part
    that the record reader met (the engine's ``RulesError`` or ``ReplayError``,
    the bounded reader's ``DataError``) is kept whole in ``values["error"]``.
    *path* is the file, once the reader or the command knows it (:meth:`in_file`).

    >>> error = RecordError("the record is empty", problem=RecordProblem.EMPTY)
    >>> error.problem.value, str(error.in_file("game.jsonl").path)
    ('empty', 'game.jsonl')
    """

    def __init__(
        self,
        message: str,
        line_no: int = 0,
        *,
        problem: RecordProblem,
        **values: object,
    ) -> None:
        super().__init__(f"line {line_no}: {message}" if line_no else message)
        self.message = message
        self.line_no = line_no
        self.problem = problem
        self.values = values
        self.path: str | os.PathLike[str] | None = None

    def in_file(self, path: str | os.PathLike[str]) -> RecordError:
        """This error, naming the record *path* it was found in (if it names none yet)."""
        if self.path is None:
            self.path = path
        return self


@dataclass(frozen=True)
class PlayerInfo:
    """Who sits in a seat: a person or a bot of some level."""

    name: str
    kind: SeatKind = SeatKind.BOT
    level: str | None = None

    def __post_init__(self) -> None:
        # (a plain word, "human" or "bot", is taken as its member: files and tests say it)
        object.__setattr__(self, "kind", SeatKind(self.kind))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind.value}
        if self.kind is SeatKind.BOT:
            out["level"] = self.level
        return out


@dataclass(frozen=True)
class Record:
    """A record read back: the header and the events, with the line of each event."""

    preset: str
    rules: RuleSet
    seed: int | None
    players: tuple[PlayerInfo, ...]
    sides: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]
    lines: tuple[int, ...] = field(default=())  # the line number of each event

    @property
    def finished(self) -> bool:
        """Whether the record ends with ``game_end`` (a stopped game does not)."""
        return bool(self.events) and isinstance(self.events[-1], GameEnded)
