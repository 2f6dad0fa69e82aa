"""One seat's selection: the tile and end Enter would play, and the digits typed.

Left and Right move through the hand and say where each tile fits; Up and
Down choose the end for the selected tile and say the play's count (its
points, unless the player is to count them). Two digits jump to a tile
("5", "3": five-three); one digit alone, after :data:`DIGIT_WAIT`, jumps to
the first tile that shows it (a fitting one first). Under the muggins rule,
on the seat's claim, digits type the points claimed.

:class:`Selection` is the part of :class:`~sniff.announce.presenter.SeatPresenter`
that keeps all of it. It is handed the seat's view each time and says what
each key means in the seat's words; the terminal game and the web page's
words both use it, so a key answers alike wherever it is pressed.
"""

from __future__ import annotations

from sniff.announce.answers import Answers
from sniff.announce.game_ui import GameTexts
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import End, Move, Observation, Phase, Tile
from sniff.enums import Cue
from sniff.session.link import moves_for

__all__ = ["CLAIM_DIGITS", "DIGIT_WAIT", "Selection", "refusal"]

#: The longest claim that can be typed (the engine takes 0 to 999).
CLAIM_DIGITS = 3
#: Seconds a first digit waits for a second before it stands alone.
DIGIT_WAIT = 1.0


def refusal(said: Utterance) -> Utterance:
    """*said* as why nothing happened: it cuts in, with the invalid earcon."""
    if said.cue is Cue.INVALID and said.interrupt:
        return said
    return Utterance(said.text, True, Cue.INVALID, None, 0, UtteranceKind.REFUSAL, said.short)


class Selection:
    """The selected tile and end, and the digits typed (see the module docstring)."""

    def __init__(self, texts: GameTexts, answers: Answers) -> None:
        self.texts = texts
        self.answers = answers
        self.tile: Tile | None = None
        self.end_index = 0
        self.claim = ""  # the claim's digits typed so far
        self.pending: int | None = None  # a first digit waiting for a second
        self.token = 0  # which wait for a second digit is the current one
        self._kept: Observation | None = None  # the view the selection was last kept in

    # -- reading ----------------------------------------------------------------------

    def moves(self, obs: Observation, tile: Tile | None = None) -> list[Move]:
        """Where the selected tile (or *tile*) may go: the Up/Down list."""
        tile = tile if tile is not None else self.tile
        return [] if tile is None or tile not in obs.hand else moves_for(obs, tile)

    def chosen(self, obs: Observation) -> Move | None:
        """The play Enter would make."""
        moves = self.moves(obs)
        return moves[self.end_index % len(moves)] if moves else None

    @staticmethod
    def playable(obs: Observation) -> set[Tile]:
        """The tiles the seat may play now (none when it is not its turn)."""
        if obs.my_turn and obs.phase is Phase.PLAY:
            return {a.tile for a in obs.legal if isinstance(a, Move)}
        return set()

    def probe(self, obs: Observation) -> Move | None:
        """Enter's play: the chosen move, or for a tile that goes nowhere a move the
        table will refuse with why (and where it would fit)."""
        if self.tile is None or self.tile not in obs.hand:
            return None
        move = self.chosen(obs)
        if move is not None:
            return move
        layout = obs.layout
        ends = layout.open_ends()
        end = End.LEAD if layout.lead is None or not ends else ends[0][0]
        return Move(self.tile, end)

    # -- keeping ----------------------------------------------------------------------

    def keep(self, obs: Observation) -> None:
        """Keep the selection in the hand; on the seat's turn, on a tile that fits.

        A drawn tile that must be played and a required lead are the only fitting
        tiles, so Enter plays them at once. Nothing is said: the turn prompt tells
        what fits.
        """
        self._kept = obs
        hand = list(obs.hand)
        if self.tile not in hand:
            self.end_index = 0
            self.tile = hand[0] if hand else None
        fitting = self.playable(obs)
        if fitting and self.tile not in fitting:
            self.end_index = 0
            self.tile = next(t for t in hand if t in fitting)

    def against(self, obs: Observation) -> None:
        """Before a key: a view the selection was never kept in (one a server's state
        brought without a step, such as the deal's view when the game starts) keeps
        it first. A view it was kept in is left alone: a tile the player chose that
        does not fit stays chosen, and Enter says why it cannot go."""
        if obs != self._kept:
            self.keep(obs)

    def restore(self, text: object, obs: Observation) -> None:
        """A saved selection (``"6-4"``), if it is still in the hand."""
        if isinstance(text, str):
            try:
                tile = Tile.parse(text)
            except ValueError:
                return
            if tile in obs.hand:
                self.tile = tile

    def chose(self, obs: Observation, move: Move) -> None:
        """Select *move*'s tile and end (a hint's play)."""
        self.tile = move.tile
        moves = self.moves(obs)
        self.end_index = moves.index(move) if move in moves else 0

    # -- the keys -------------------------------------------------------------------------

    def move(self, obs: Observation, delta: int = 0, *, to: int | None = None) -> Utterance:
        """Left/Right (*delta*), Home/End (*to*: 0 or -1)."""
        self.cancel_digit()
        hand = list(obs.hand)
        if not hand:
            return refusal(self.texts.empty_hand())
        if to is not None:
            index = to % len(hand)
        else:
            current = hand.index(self.tile) if self.tile in hand else 0
            index = current + delta
            if not 0 <= index < len(hand):
                # At the edge: say so rather than the same tile again.
                return refusal(self.texts.hand_edge(last=index >= len(hand)))
        return self.select(obs, hand[index])

    def select(self, obs: Observation, tile: Tile) -> Utterance:
        """Select *tile* and say it: where it fits, and its place in the hand."""
        self.tile = tile
        self.end_index = 0
        said = self.answers.tile_choice(obs, tile)
        hand = list(obs.hand)
        if self.answers.book.brief or tile not in hand or len(hand) < 2:
            return said
        where = self.texts.position(hand.index(tile) + 1, len(hand))
        return Utterance(f"{said.text} {where}", said.interrupt, said.cue, None, 0, said.kind)

    def cycle_end(self, obs: Observation, delta: int) -> Utterance:
        """Up/Down: the next end for the selected tile, with what the play would make."""
        self.cancel_digit()
        tile = self.tile
        if tile is None or tile not in obs.hand:
            return refusal(self.texts.empty_hand())
        moves = self.moves(obs)
        if not moves:
            return refusal(self.answers.tile_choice(obs, tile))
        self.end_index = 0 if len(moves) == 1 else (self.end_index + delta) % len(moves)
        return self.answers.preview(obs, moves[self.end_index])

    def choose_end(self, obs: Observation, tile: Tile, index: int, end: str | None) -> Utterance:
        """Select *tile* on its move *index* (it wraps), or on the end named *end*: what a
        pointer chooses on the page."""
        if tile not in obs.hand:
            return refusal(self.texts.not_holding(tile))
        self.tile = tile
        moves = self.moves(obs)
        if not moves:
            self.end_index = 0
            return refusal(self.answers.tile_choice(obs, tile))
        index %= len(moves)
        if end is not None and moves[index].end.value != end:
            index = next((i for i, m in enumerate(moves) if m.end.value == end), index)
        self.end_index = index
        return self.answers.preview(obs, moves[index])

    def pick(self, obs: Observation, pips: tuple[int, ...]) -> Utterance:
        """A tile by its numbers (two), or the first tile that shows one number."""
        top = obs.rules.max_pip
        if max(pips) > top:
            return refusal(self.texts.not_in_set(max(pips), top))
        hand = list(obs.hand)
        if not hand:
            return refusal(self.texts.empty_hand())
        if len(pips) == 1:
            tiles = [t for t in hand if t.has(pips[0])]
            if not tiles:
                return refusal(self.texts.no_tile_with(pips[0]))
            fitting = [t for t in tiles if self.moves(obs, t)]
            return self.select(obs, (fitting or tiles)[0])
        tile = Tile.of(pips[0], pips[1])
        if tile not in hand:
            return refusal(self.texts.not_holding(tile))
        return self.select(obs, tile)

    # -- digits -----------------------------------------------------------------------

    def digit(self, obs: Observation, pip: int, *, waits: bool) -> Utterance | None:
        """A digit: part of a claim, or of a tile to jump to. With *waits* (the client
        has a timer), a first digit is echoed and waits for a second: the client then
        calls :meth:`digit_alone` with :attr:`token` after :data:`DIGIT_WAIT`; without,
        it stands alone at once. None: nothing to say yet."""
        if obs.phase is Phase.CLAIM and obs.my_turn:
            if len(self.claim) < CLAIM_DIGITS:
                self.claim += str(pip)
            return self.texts.claim_typed(self.claim)
        if not obs.hand:
            return refusal(self.texts.empty_hand())
        if self.pending is not None:
            first = self.pending
            self.cancel_digit()
            return self.pick(obs, (first, pip))
        top = obs.rules.max_pip
        if pip > top:
            return refusal(self.texts.not_in_set(pip, top))
        self.cancel_digit()
        self.pending = pip
        if waits:
            # A short echo, so the player knows the first number arrived.
            return self.texts.first_digit(pip)
        return self.digit_alone(obs, self.token)

    def digit_alone(self, obs: Observation, token: int) -> Utterance | None:
        """One digit and no second in time: the first tile that shows it (None: a
        second digit came, or another key, meanwhile)."""
        if token != self.token or self.pending is None:
            return None
        pip = self.pending
        self.pending = None
        return self.pick(obs, (pip,))

    def cancel_digit(self) -> None:
        self.pending = None
        self.token += 1

    def backspace(self, obs: Observation) -> Utterance | None:
        """Backspace while claiming takes a digit back (None: nothing to take back)."""
        if not (obs.phase is Phase.CLAIM and obs.my_turn) or not self.claim:
            return None
        self.claim = self.claim[:-1]
        return self.texts.claim_typed(self.claim) if self.claim else self.texts.claim_cleared()

    def clear_claim(self) -> Utterance | None:
        """Escape while claiming clears what was typed (None: nothing was typed)."""
        if not self.claim:
            return None
        self.claim = ""
        return self.texts.claim_cleared()

    def take_claim(self) -> int:
        """The claim typed (0 if none), cleared for the next one."""
        points = int(self.claim or "0")
        self.claim = ""
        return points
