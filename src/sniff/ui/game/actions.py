"""What the acting keys do: play, draw, pass, claim, muggins, the next round.

Each key becomes one action sent to the table through the seat's link. The
key only says which action the player means; whether it is allowed is the
table's to say (it asks the engine): a refused action changes nothing and is
spoken back with its reason, an accepted one is told back as a step of the
game (see :class:`~sniff.ui.game.listening.SeatListener`).
"""

from __future__ import annotations

from collections.abc import Callable

from sniff.engine import DRAW, PASS, Action, CallMuggins, Claim, End, Move, Phase
from sniff.session.link import SeatLink
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.listening import SeatListener
from sniff.ui.game.voice import GameVoice

__all__ = ["GameActions"]


class GameActions:
    """The acting keys of one game."""

    def __init__(
        self,
        link: SeatLink,
        voice: GameVoice,
        cursor: HandCursor,
        listener: SeatListener,
        *,
        new_game: Callable[[], None],
    ) -> None:
        self.link = link
        self.voice = voice
        self.cursor = cursor
        self.listener = listener
        self.new_game = new_game

    def enter(self) -> None:
        """Enter: play, claim, call muggins, deal the next round or start a new game."""
        self.cursor.cancel_digit()
        obs = self.link.view()
        if obs.phase is Phase.ROUND_OVER:
            self.link.next_round()
        elif obs.phase is Phase.GAME_OVER:
            self.new_game()
        elif obs.phase is Phase.CLAIM and obs.my_turn:
            self.act(Claim(self.cursor.take_claim()))
        elif obs.phase is Phase.MUGGINS and obs.my_turn:
            self.act(CallMuggins(True))
        else:
            self.play_selected()

    def play_selected(self) -> None:
        tile = self.cursor.selected
        if tile is None:
            self.voice.refuse(self.voice.texts.empty_hand())
            return
        move = self.cursor.chosen_move()
        if move is None:
            # Nowhere to go: the table's refusal says why, and where it would fit.
            layout = self.link.view().layout
            ends = layout.open_ends()
            end = End.LEAD if layout.lead is None or not ends else ends[0][0]
            move = Move(tile, end)
        self.act(move)

    def draw(self) -> None:
        self.cursor.cancel_digit()
        self.act(DRAW)

    def pass_turn(self) -> None:
        self.cursor.cancel_digit()
        self.act(PASS)

    def muggins(self, call: bool) -> None:
        """Y / N: call muggins on a wrong claim, or let it go."""
        obs = self.link.view()
        if obs.phase is not Phase.MUGGINS or not obs.my_turn:
            self.voice.refuse(self.voice.texts.not_claiming())
            return
        self.act(CallMuggins(call))

    def act(self, action: Action) -> None:
        """Send *action* to the table for the player (a screen around the game, such
        as a lesson's coach, may answer it instead)."""
        hooks = self.listener.hooks
        if hooks is not None and not hooks.before(action):
            return
        self.listener.acting = action
        self.link.act(action)
