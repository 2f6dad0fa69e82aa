"""What a hosted table is given to work with (a channel per connection, a store that
keeps it, the maker of a browser's words), and its seats as a snapshot keeps them.

The protocols are the table's view of the server's parts
(:mod:`sniff.server.connection`, :mod:`sniff.server.store`,
:mod:`sniff.server.words`), so that a table can be tested without them. A
seat itself (:class:`~sniff.session.policy.SeatState`) is the policy's, in
``session/``; :func:`seat_json` and :func:`seat_from` write it into a table's
snapshot and read it back, checked (a snapshot of today and of before reads
alike).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from sniff.engine import Action
from sniff.enums import SeatKind
from sniff.net.frames import PERSON, SayFrame, ServerFrame, seat_kind_json
from sniff.session.policy import SeatState

if TYPE_CHECKING:
    from sniff.server.hosted import HostedTable

__all__ = ["Channel", "Store", "WordsMaker", "seat_from", "seat_json"]


class Store(Protocol):
    """Where a hosted table is kept (:class:`sniff.server.store.TableStore`)."""

    async def write(self, host: HostedTable) -> None:
        """Put the table as it stands on disk (atomically)."""


class Channel(Protocol):
    """A connection as a table sees it: where its frames go, and who is listening."""

    language: str
    verbosity: str
    words: bool  # the client wants the words too (a browser)
    acting: Action | None  # the last action it sent (its step's or refusal's words name it)

    def send(self, frame: ServerFrame) -> None:
        """Queue *frame* (never blocks; a connection that cannot keep up is dropped)."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection (another connection took the seat over, say)."""


class WordsMaker(Protocol):
    """Makes the words a words client (a browser) hears: the same sentences as the
    terminal game, made by the seat's presenter in its language
    (:mod:`sniff.server.words`)."""

    def said(self, host: HostedTable, channel: Channel, frame: ServerFrame) -> SayFrame | None:
        """The ``say`` frame that goes with *frame* to *channel* (None: nothing to say)."""

    def gone(self, channel: Channel) -> None:
        """*channel* left: forget what was kept for it."""


def seat_json(seat: SeatState) -> dict[str, Any]:
    """A seat as a table's snapshot keeps it."""
    return {
        "index": seat.index,
        "kind": seat_kind_json(seat.kind),
        "level": seat.level,
        "name": seat.name,
        "token": seat.key,
        "language": seat.language,
        "left": seat.left,
        "told": seat.told,
    }


def seat_from(item: Any, index: int) -> SeatState:
    """A seat from a snapshot, checked (the file may have been edited)."""
    if not isinstance(item, dict):
        raise ValueError("a seat is an object")
    kind = item.get("kind")
    if kind not in (PERSON, SeatKind.HUMAN.value, SeatKind.BOT.value):
        raise ValueError("a seat holds a person or a bot")
    bot = kind == SeatKind.BOT.value
    token = item.get("token")
    if token is not None and (not isinstance(token, str) or len(token) != 64):
        raise ValueError("a seat's token is a hash")
    name = item.get("name", "")
    language = item.get("language", "en")
    told = item.get("told")
    return SeatState(
        index,
        SeatKind.BOT if bot else SeatKind.HUMAN,
        item.get("level") if bot else None,
        str(name)[:20] if isinstance(name, str) else "",
        token,
        language if language in ("en", "de") else "en",
        left=item.get("left") is True and not bot,
        told=told if type(told) is int and 0 <= told <= 100_000 else None,
    )
