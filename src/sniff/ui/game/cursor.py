"""The player's cursor in the hand: the selected tile, the chosen end, and the
digits typed to jump to a tile (or, under the muggins rule, to claim points).

Left and Right move through the hand and say where each tile fits; Up and
Down choose the end for the selected tile and say the play's count (its
points, unless the player is to count them). Two digits jump to a tile
("5", "3": five-three); one digit alone, after a moment, jumps to the first
tile that shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from sniff.announce import Utterance
from sniff.engine import Move, Phase, Tile
from sniff.session.link import SeatLink, moves_for
from sniff.ui.game.voice import GameVoice

__all__ = ["HandCursor"]

#: ``call_later(seconds, callback)``: the application's timer (None: no waiting).
Later = Callable[[float, Callable[[], None]], object] | None

CLAIM_DIGITS = 3  # the longest claim that can be typed


class HandCursor:
    """The selected tile and end, and the digits typed."""

    def __init__(self, link: SeatLink, voice: GameVoice, call_later: Later = None) -> None:
        self.link = link
        self.voice = voice
        self.call_later = call_later
        self.digit_timeout = 1.0
        self.selected: Tile | None = None
        self.end_index = 0
        self.claim_digits = ""
        self.pending_digit: str | None = None
        self._token = 0
        self.keep()

    # -- reading --------------------------------------------------------------------------

    @property
    def hand(self) -> list[Tile]:
        return list(self.link.view().hand)

    def choices(self, tile: Tile | None = None) -> list[Move]:
        """Where the selected tile (or *tile*) may go: the Up/Down list."""
        tile = tile if tile is not None else self.selected
        return [] if tile is None else moves_for(self.link.view(), tile)

    def chosen_move(self) -> Move | None:
        moves = self.choices()
        return moves[self.end_index % len(moves)] if moves else None

    def playable(self) -> set[Tile]:
        """The tiles the player may play now (none when it is not their turn)."""
        obs = self.link.view()
        if obs.my_turn and obs.phase is Phase.PLAY:
            return {a.tile for a in obs.legal if isinstance(a, Move)}
        return set()

    # -- keeping the selection ------------------------------------------------------------

    def keep(self) -> None:
        """Keep the selection in the hand; on the player's turn, on a tile that fits.

        A drawn tile that must be played and a required lead are the only
        fitting tiles, so Enter plays them at once. Nothing is said: the turn
        prompt already tells what fits.
        """
        hand = self.hand
        if self.selected not in hand:
            self.end_index = 0
            self.selected = hand[0] if hand else None
        fitting = self.playable()
        if fitting and self.selected not in fitting:
            self.end_index = 0
            self.selected = next(t for t in hand if t in fitting)

    def select_saved(self, text: object) -> None:
        """Restore a saved selection (``"6-4"``), if it is still in the hand."""
        if isinstance(text, str):
            try:
                tile = Tile.parse(text)
            except ValueError:
                return
            if tile in self.hand:
                self.selected = tile

    # -- the keys -------------------------------------------------------------------------

    def move(self, delta: int = 0, *, to: int | None = None) -> None:
        """Left/Right (*delta*), Home/End (*to*: 0 or -1)."""
        self.cancel_digit()
        hand = self.hand
        if not hand:
            self.voice.refuse(self.voice.texts.empty_hand())
            return
        if to is not None:
            index = to % len(hand)
        else:
            current = hand.index(self.selected) if self.selected in hand else 0
            index = current + delta
            if not 0 <= index < len(hand):
                # At the edge: say so rather than the same tile again.
                self.voice.refuse(self.voice.texts.hand_edge(last=index >= len(hand)))
                return
        self.select(hand[index])

    def select(self, tile: Tile) -> None:
        """Select *tile* and say it: where it fits, and its place in the hand."""
        self.selected = tile
        self.end_index = 0
        voice = self.voice
        said = voice.announcer.answers.tile_choice(voice.obs(), tile)
        hand = self.hand
        if voice.announcer.book.brief or tile not in hand or len(hand) < 2:
            voice.say(said)
            return
        where = voice.texts.position(hand.index(tile) + 1, len(hand))
        voice.say(Utterance(f"{said.text} {where}", said.interrupt, said.cue, None, 0, said.kind))

    def cycle_end(self, delta: int) -> None:
        """Up/Down: the next end for the selected tile, with what the play would make."""
        self.cancel_digit()
        voice = self.voice
        tile = self.selected
        if tile is None:
            voice.refuse(voice.texts.empty_hand())
            return
        moves = self.choices()
        obs = voice.obs()
        if not moves:
            voice.refuse(voice.announcer.answers.tile_choice(obs, tile))
            return
        self.end_index = 0 if len(moves) == 1 else (self.end_index + delta) % len(moves)
        voice.say(voice.announcer.answers.preview(obs, moves[self.end_index]))

    # -- digits ---------------------------------------------------------------------------

    def digit(self, char: str) -> None:
        """A digit: part of a claim, or of a tile to jump to."""
        voice = self.voice
        obs = self.link.view()
        if obs.phase is Phase.CLAIM and obs.my_turn:
            if len(self.claim_digits) < CLAIM_DIGITS:
                self.claim_digits += char
            voice.say(voice.texts.claim_typed(self.claim_digits))
            return
        if not self.hand:
            voice.refuse(voice.texts.empty_hand())
            return
        top = obs.rules.max_pip
        if self.pending_digit is not None:
            first, self.pending_digit = int(self.pending_digit), None
            self._token += 1
            second = int(char)
            if max(first, second) > top:
                voice.refuse(voice.texts.not_in_set(max(first, second), top))
                return
            tile = Tile.of(first, second)
            if tile in self.hand:
                self.select(tile)
            else:
                voice.refuse(voice.texts.not_holding(tile))
            return
        if int(char) > top:
            voice.refuse(voice.texts.not_in_set(int(char), top))
            return
        self.pending_digit = char
        self._token += 1
        token = self._token
        if self.call_later is not None:
            # A short echo, so the player knows the first number arrived.
            voice.say(voice.texts.first_digit(int(char)))
            self.call_later(self.digit_timeout, lambda: self._digit_alone(token))
        else:
            self._digit_alone(token)

    def _digit_alone(self, token: int) -> None:
        """One digit and no second in time: the first tile that shows it."""
        if token != self._token or self.pending_digit is None or self.link.closed:
            return
        pip = int(self.pending_digit)
        self.pending_digit = None
        tiles = [t for t in self.hand if t.has(pip)]
        if not tiles:
            self.voice.refuse(self.voice.texts.no_tile_with(pip))
            return
        fitting = [t for t in tiles if self.choices(t)]
        self.select((fitting or tiles)[0])

    def cancel_digit(self) -> None:
        self.pending_digit = None
        self._token += 1

    def backspace(self) -> bool:
        """Backspace while claiming takes a digit back; False when it had nothing to do."""
        obs = self.link.view()
        if not (obs.phase is Phase.CLAIM and obs.my_turn):
            return False
        if not self.claim_digits:
            return False
        self.claim_digits = self.claim_digits[:-1]
        texts = self.voice.texts
        self.voice.say(
            texts.claim_typed(self.claim_digits) if self.claim_digits else texts.claim_cleared()
        )
        return True

    def clear_claim(self) -> bool:
        """Escape while claiming clears what was typed; False when nothing was typed."""
        if not self.claim_digits:
            return False
        self.claim_digits = ""
        self.voice.say(self.voice.texts.claim_cleared())
        return True

    def take_claim(self) -> int:
        """The claim typed (0 if none), cleared for the next one."""
        points = int(self.claim_digits or "0")
        self.claim_digits = ""
        return points
