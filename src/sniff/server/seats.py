"""A hosted table's seats, and what a table is given to work with: a channel per
connection, a store that keeps it, and the maker of a browser's words.

:class:`SeatState` is one seat as the server keeps it (who sits there, their
hashed resume token and language, whether they are here, a stand-in bot while
they are not); it is saved with the table. The protocols are the table's view
of the server's parts (:mod:`sniff.server.connection`, :mod:`sniff.server.store`,
:mod:`sniff.server.words`), so that a table can be tested without them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from sniff.server.clock import Timer

if TYPE_CHECKING:
    from sniff.server.hosted import HostedTable

__all__ = ["Channel", "SeatState", "Store", "WordsMaker"]


class Store(Protocol):
    """Where a hosted table is kept (:class:`sniff.server.store.TableStore`)."""

    async def write(self, host: HostedTable) -> None:
        """Put the table as it stands on disk (atomically)."""


class WordsMaker(Protocol):
    """Makes the words a words client (a browser) hears: the same sentences as the
    terminal game, built here by the announcer for that seat in its language
    (:mod:`sniff.server.words`)."""

    def said(
        self, host: HostedTable, channel: Channel, frame: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The ``say`` frame that goes with *frame* to *channel* (None: nothing to say)."""

    def gone(self, channel: Channel) -> None:
        """*channel* left: forget what was kept for it."""


class Channel(Protocol):
    """A connection as a table sees it: where its frames go, and who is listening."""

    language: str
    verbosity: str
    words: bool  # the client wants the words too (a browser)

    def send(self, frame: dict[str, Any]) -> None:
        """Queue *frame* (never blocks; a connection that cannot keep up is dropped)."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection (another connection took the seat over, say)."""


@dataclass
class SeatState:
    """One seat of a hosted table."""

    index: int
    kind: str  # "person" or "bot"
    level: str | None = None
    name: str = ""
    token_hash: str | None = None  # set once a person took the seat
    language: str = "en"
    channel: Channel | None = None
    away_since: float | None = None  # the connection dropped then (None: here)
    stand_in: bool = False  # a bot plays for the absent person
    ready: bool = False  # for the next round
    timers: list[Timer] = field(default_factory=list)

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.token_hash is not None

    @property
    def present(self) -> bool:
        return self.channel is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.kind,
            "level": self.level,
            "name": self.name,
            "token": self.token_hash,
            "language": self.language,
        }

    def cancel_timers(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers.clear()
