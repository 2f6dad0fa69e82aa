"""The vocabulary of a ``sniff-record/1`` game record (shared/RECORD.md): its
format name, who sits where, a record read back, and the error that names
the line where one goes wrong. Writing is in :mod:`sniff.storage.records`,
reading in :mod:`sniff.storage.record_reader`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from sniff.engine import Event, GameEnded, RoundEnd, RuleSet
from sniff.enums import values

FORMAT = "sniff-record/1"
REASONS: tuple[str, ...] = values(RoundEnd)

__all__ = ["FORMAT", "REASONS", "PlayerInfo", "Record", "RecordError"]


class RecordError(ValueError):
    """A record that cannot be read or does not replay; *line_no* is 1-based (0: the file)."""

    def __init__(self, message: str, line_no: int = 0) -> None:
        super().__init__(f"line {line_no}: {message}" if line_no else message)
        self.message = message
        self.line_no = line_no


@dataclass(frozen=True)
class PlayerInfo:
    """Who sits in a seat: a person or a bot of some level."""

    name: str
    kind: Literal["human", "bot"] = "bot"
    level: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "bot":
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
