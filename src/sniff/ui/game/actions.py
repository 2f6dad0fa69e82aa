"""What the acting keys do: play, draw, pass, claim, muggins, the next round.

Each key becomes one action for the session. A refused action changes
nothing and is spoken back with its reason; an accepted one is said, the
cursor kept on a sensible tile, and the bots are set going.
"""

from __future__ import annotations

from collections.abc import Callable

from sniff.engine import ACTIVE, DRAW, PASS, Action, CallMuggins, Claim, End, Move, Phase
from sniff.session.game import GameSession
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.voice import GameVoice

__all__ = ["GameActions"]


class GameActions:
    """The acting keys of one game."""

    def __init__(
        self,
        session: GameSession,
        voice: GameVoice,
        cursor: HandCursor,
        *,
        after: Callable[[], None],
        new_game: Callable[[], None],
    ) -> None:
        self.session = session
        self.voice = voice
        self.cursor = cursor
        self.after = after  # sets the bots going (and redraws)
        self.new_game = new_game
        self.human_actions = 0
        # A tutorial's coach may stop an action before it reaches the session: it gets
        # the action and returns False when it answered the player itself.
        self.gate: Callable[[Action], bool] | None = None

    def enter(self) -> None:
        """Enter: play, claim, call muggins, deal the next round or start a new game."""
        self.cursor.cancel_digit()
        phase = self.session.game.phase
        if phase is Phase.ROUND_OVER:
            self.next_round()
        elif phase is Phase.GAME_OVER:
            self.new_game()
        elif not self.session.my_turn():
            self.voice.not_your_turn()
        elif phase is Phase.CLAIM:
            self.act(Claim(self.cursor.take_claim()))
        elif phase is Phase.MUGGINS:
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
            # Nowhere to go: the engine's refusal says why, and where it would fit.
            layout = self.session.game.layout
            ends = layout.open_ends()
            end = End.LEAD if layout.lead is None or not ends else ends[0][0]
            move = Move(tile, end)
        self.act(move)

    def draw(self) -> None:
        self._turn_action(DRAW)

    def pass_turn(self) -> None:
        self._turn_action(PASS)

    def muggins(self, call: bool) -> None:
        """Y / N: call muggins on a wrong claim, or let it go."""
        if self.session.game.phase is not Phase.MUGGINS or not self.session.my_turn():
            self.voice.refuse(self.voice.texts.not_claiming())
            return
        self.act(CallMuggins(call))

    def _turn_action(self, action: Action) -> None:
        self.cursor.cancel_digit()
        if self.session.game.phase in ACTIVE and not self.session.my_turn():
            self.voice.not_your_turn()
            return
        self.act(action)

    def act(self, action: Action) -> None:
        """Take *action* for the player, or say why not."""
        if self.gate is not None and not self.gate(action):
            return
        voice = self.voice
        refusal = self.session.refusal(action)
        if refusal is not None:
            voice.refuse(voice.announcer.refusals.refusal(refusal, voice.obs()))
            return
        letting_go = action == CallMuggins(False)
        who = self.session.game.current
        events = self.session.act(action)
        self.human_actions += 1
        if letting_go:
            # Letting a wrong claim go is no event: say it here, before what follows.
            voice.say(voice.announcer.events.muggins_let_go(who))
        voice.events(events)
        self.cursor.end_index = 0
        self.cursor.keep()
        if not self.session.bot_to_act():
            # After your own draw its words already say what to do next ("no fit, draw
            # again", "it fits east: play it"): the turn prompt would only repeat them.
            voice.prompt(turn=action != DRAW)
        self.after()

    def next_round(self) -> None:
        events = self.session.next_round()
        self.cursor.end_index = 0
        self.cursor.keep()
        self.voice.events(events)
        if not self.session.bot_to_act():
            self.voice.prompt()
        self.after()
