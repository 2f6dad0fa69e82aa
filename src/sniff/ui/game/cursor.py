"""The player's cursor in the hand, as the game screen sees it: the seat's selection
(:class:`~sniff.announce.selection.Selection`, kept by its presenter) read for
the drawing and the keys, and the one-digit wait run on the application's timer.

What each key of the hand means is the presenter's: the same words answer it
in the terminal and on the web page.
"""

from __future__ import annotations

from collections.abc import Callable

from sniff.announce.presenter import Reply
from sniff.announce.selection import DIGIT_WAIT, Selection
from sniff.engine import Move, Tile
from sniff.session.link import SeatLink
from sniff.ui.game.voice import GameVoice

__all__ = ["HandCursor"]

#: ``call_later(seconds, callback)``: the application's timer (None: no waiting).
Later = Callable[[float, Callable[[], None]], object] | None


class HandCursor:
    """The selected tile and end, and the digits typed (the presenter keeps them)."""

    def __init__(self, link: SeatLink, voice: GameVoice, call_later: Later = None) -> None:
        self.link = link
        self.voice = voice
        self.call_later = call_later
        self.digit_timeout = DIGIT_WAIT  # (tests wait less for a second digit)
        self.keep()

    @property
    def selection(self) -> Selection:
        return self.voice.presenter.selection

    # -- reading ----------------------------------------------------------------------

    @property
    def selected(self) -> Tile | None:
        return self.selection.tile

    @selected.setter
    def selected(self, tile: Tile | None) -> None:
        self.selection.tile = tile

    @property
    def end_index(self) -> int:
        return self.selection.end_index

    @end_index.setter
    def end_index(self, index: int) -> None:
        self.selection.end_index = index

    @property
    def claim_digits(self) -> str:
        return self.selection.claim

    @property
    def hand(self) -> list[Tile]:
        return list(self.link.view().hand)

    def choices(self, tile: Tile | None = None) -> list[Move]:
        """Where the selected tile (or *tile*) may go: the Up/Down list."""
        return self.selection.moves(self.link.view(), tile)

    def chosen_move(self) -> Move | None:
        return self.selection.chosen(self.link.view())

    def playable(self) -> set[Tile]:
        """The tiles the player may play now (none when it is not their turn)."""
        return self.selection.playable(self.link.view())

    def keep(self) -> None:
        """Keep the selection in the hand; on the player's turn, on a tile that fits."""
        self.selection.keep(self.link.view())

    def select_saved(self, text: object) -> None:
        """Restore a saved selection (``"6-4"``), if it is still in the hand."""
        self.selection.restore(text, self.link.view())

    def cancel_digit(self) -> None:
        self.selection.cancel_digit()

    def take_claim(self) -> int:
        return self.selection.take_claim()

    # -- digits -----------------------------------------------------------------------

    def digit(self, char: str) -> None:
        """A digit: part of a claim, or of a tile to jump to (one alone, after a moment,
        the first tile that shows it)."""
        presenter = self.voice.presenter
        reply: Reply = presenter.digit(char, self.link.view(), timer=self.call_later is not None)
        self.voice.say(reply.said)
        if reply.wait is not None and self.call_later is not None:
            token = reply.token
            self.call_later(self.digit_timeout, lambda: self._digit_alone(token))

    def _digit_alone(self, token: int) -> None:
        if self.link.closed:
            return
        self.voice.say(self.voice.presenter.digit_alone(token, self.link.view()))
