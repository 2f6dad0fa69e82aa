"""Q at an online table: what becomes of the game is said, and chosen.

A guest hears who still plays and that a bot keeps their seat until they come
back (``sniff join CODE``): Y leaves (the seat is kept), N plays on. The host of
a table their own game serves (``sniff host``) hears that the table ends with
them: Y ends it for everyone (its record is kept) and stops the server, after it
has told everyone. The host of a table on a server chooses: B hands the seat to
a bot to the end (the others hear "left"), E ends the table for everyone, N
plays on.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from sniff.announce import Utterance
from sniff.announce.online import OnlineWords
from sniff.enums import SeatKind
from sniff.net.client import RemoteLink
from sniff.ui.base import Binding
from sniff.ui.confirm import ConfirmScreen

if TYPE_CHECKING:
    from sniff.ui.app import SniffApp

__all__ = ["HostLeaveScreen", "ask_leave", "still_playing"]


class HostLeaveScreen(ConfirmScreen):
    """The host's choice at a table on a server: B a bot, E the end, N or Escape play on."""

    def __init__(
        self,
        host: SniffApp,
        question: Utterance,
        bot: Callable[[], None],
        end: Callable[[], None],
    ) -> None:
        super().__init__(host, question, bot, host.stay)
        self.end = end

    def bindings(self) -> list[Binding]:
        keys, words = self.keys, OnlineWords(self.host.ctx.translator)
        return [
            Binding(("b",), lambda: keys.label("b"), words.bot_key, self._yes),
            Binding(("e",), lambda: keys.label("e"), words.end_key, self._end),
            Binding(("n", "escape"), lambda: keys.label("n", "escape"), keys.no, self._no),
        ]

    def _end(self) -> None:
        self.host.dismiss(self, announce=False)
        self.end()


def still_playing(link: RemoteLink) -> list[str]:
    """The names of the other people at the table who are here now."""
    table = link.table
    if table is None:
        return []
    return [
        player.name
        for index, player in enumerate(table.players)
        if index != link.seat and player.kind is SeatKind.HUMAN and player.present
    ]


def ask_leave(
    host: SniffApp, link: RemoteLink, *, stop_server: Callable[[], Awaitable[None]] | None
) -> None:
    """Q at an online table (see the module docstring); *stop_server*: the table lives
    in this game (``sniff host``), and stops with it."""
    words = OnlineWords(host.ctx.translator)
    names = still_playing(link)

    def leaving(end: bool | None) -> None:
        async def go() -> None:
            if end is not None:
                await link.leave(end=end)
            if stop_server is not None:
                await stop_server()
            host.exit()

        host.spawn(go())

    if stop_server is not None:
        question = words.end_question(names)
        host.show(ConfirmScreen(host, question, lambda: leaving(True), host.stay))
    elif link.seat == 0:
        question = words.host_leave_question(names)
        host.show(HostLeaveScreen(host, question, lambda: leaving(False), lambda: leaving(True)))
    else:
        question = words.leave_question(names, link.code)
        host.show(ConfirmScreen(host, question, lambda: leaving(None), host.stay))
