"""Rounds in compact form, for the bots' look-ahead: fast, silent, unchecked.

A :class:`Round` is one round of a game with tiles as ids, hands as bitmasks
of ids, the boneyard as a list of ids and the layout as the integers of
:mod:`sniff.engine.compact`. It plays by the same rules as
:class:`~sniff.engine.state.Game` (the tests play many seeded games through
both and compare every legal move, count and score), but it records no
events, explains nothing and trusts the moves it is given: it exists so that
a bot can play thousands of rounds to their end in the time of one decision.

A move is a small integer: ``16 * tile id + where``, where *where* is the arm
(0..3: west, east, north, south) or 4 for the lead, plus 8 for a double laid
along the line; :data:`DRAW` and :data:`PASS` are negative.

>>> from sniff.engine import Game, preset
>>> game = Game(preset("sniff"), 2, seed=7)
>>> rnd = Round.from_game(game)
>>> rnd.playout()
>>> rnd.over
True
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.engine import compact
from sniff.engine.compact import HIGH, LOW, PIP_MASK, PIPS, TILE_OF
from sniff.engine.events import DRAW as DRAW_ACTION
from sniff.engine.events import PASS as PASS_ACTION
from sniff.engine.events import Action, Move
from sniff.engine.layout import ARM_ENDS, End, Layout
from sniff.engine.observation import Observation
from sniff.engine.phase import Phase
from sniff.engine.rules import RuleSet
from sniff.engine.scoring import round_points
from sniff.engine.state import Game
from sniff.engine.tables import Setup, setup_for
from sniff.engine.threats import careful_play, greedy_play
from sniff.engine.tiles import Tile

__all__ = ["DRAW", "LEAD", "PASS", "Round", "action_of_code", "code_of_action"]

DRAW = -1
PASS = -2
LEAD = 4  # *where* for the lead
ENDWISE = 8
_ENDS = (*ARM_ENDS, End.LEAD)
_place = compact.place
_LEAD_HI = compact.LEAD_HI
_SNIFF = compact.SNIFF_PIP
_NONE = compact.NONE


def code_of_action(action: Action) -> int:
    """The move code of an engine action (a draw or a pass: :data:`DRAW`, :data:`PASS`)."""
    if isinstance(action, Move):
        where = LEAD if action.end is End.LEAD else action.end.arm
        return 16 * compact.ID_OF[action.tile] + where + (ENDWISE if action.endwise else 0)
    return DRAW if action == DRAW_ACTION else PASS


def action_of_code(code: int) -> Action:
    """The engine action of a move code."""
    if code < 0:
        return DRAW_ACTION if code == DRAW else PASS_ACTION
    return Move(TILE_OF[code >> 4], _ENDS[code & 7], bool(code & ENDWISE))


def _bits(mask: int) -> list[int]:
    """The ids in *mask*, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Round:
    """One round (and the scores of the game it belongs to), in compact form."""

    __slots__ = (
        "current",
        "drawn",
        "forced",
        "hands",
        "lay",
        "over",
        "passes",
        "pips",
        "required",
        "scores",
        "second",
        "setup",
        "stock",
        "winner",
    )

    setup: Setup
    lay: list[int]  # the layout (sniff.engine.compact)
    hands: list[int]  # per seat, a bitmask of tile ids
    pips: list[int]  # per seat, the pips in hand
    stock: list[int]  # the boneyard's ids; the next to draw is the last
    current: int
    passes: int  # passes in a row (with the boneyard empty)
    drawn: int  # tiles drawn this turn
    forced: int  # a drawn tile that must be played (its id), or -1
    required: int  # the tile that must lead (its id), or -1
    second: bool  # the leader plays again after the lead
    scores: list[int]  # per side
    over: bool  # the round (or the game) has ended
    winner: int  # the side that reached the target, or -1

    # -- making ------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        players: int,
        *,
        layout: Layout,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        current: int,
        scores: Sequence[int],
        passes: int = 0,
        drawn: int = 0,
        forced: Tile | None = None,
        required: Tile | None = None,
        second: bool = False,
    ) -> Round:
        """A round in the given position; *boneyard* in drawing order."""
        rnd = object.__new__(cls)
        rnd.setup = setup_for(rules, players)
        rnd.lay = layout._state[:]
        rnd.hands = [compact.mask_of(hand) for hand in hands]
        rnd.pips = [sum(map(sum, hand)) for hand in hands]
        rnd.stock = [compact.ID_OF[tile] for tile in reversed(boneyard)]
        rnd.current = current
        rnd.passes = passes
        rnd.drawn = drawn
        rnd.forced = -1 if forced is None else compact.ID_OF[forced]
        rnd.required = -1 if required is None else compact.ID_OF[required]
        rnd.second = second
        rnd.scores = list(scores)
        rnd.over = False
        rnd.winner = -1
        return rnd

    @classmethod
    def from_game(cls, game: Game) -> Round:
        """The round *game* is playing, as it stands (it must be in the PLAY phase)."""
        if game.phase is not Phase.PLAY:
            raise ValueError(f"a round in compact form starts in the play phase, not {game.phase}")
        return cls.start(
            game.rules,
            game.players,
            layout=game.layout,
            hands=game.hands,
            boneyard=game.boneyard,
            current=game.current,
            scores=game.scores,
            passes=game.passes_in_row,
            drawn=game.draws_this_turn,
            forced=game.forced_tile,
            required=game.required_lead,
            second=game.second_turn,
        )

    @classmethod
    def from_observation(
        cls, obs: Observation, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]
    ) -> Round:
        """The round *obs* describes, with the hidden tiles filled in: *hands* for every
        seat and *boneyard* in drawing order (a determinization, for look-ahead)."""
        if sorted(hands[obs.seat]) != sorted(obs.hand):
            raise ValueError("the observer's hand must stay as observed")
        return cls.start(
            obs.rules,
            obs.players,
            layout=obs.layout,
            hands=hands,
            boneyard=boneyard,
            current=obs.current,
            scores=obs.scores,
            passes=obs.passes_in_row,
            drawn=obs.draws_this_turn,
            forced=obs.forced,
            required=obs.required_lead,
            second=obs.second_turn,
        )

    def copy(self) -> Round:
        twin = object.__new__(Round)
        twin.setup = self.setup
        twin.lay = self.lay[:]
        twin.hands = self.hands[:]
        twin.pips = self.pips[:]
        twin.stock = self.stock[:]
        twin.current = self.current
        twin.passes = self.passes
        twin.drawn = self.drawn
        twin.forced = self.forced
        twin.required = self.required
        twin.second = self.second
        twin.scores = self.scores[:]
        twin.over = self.over
        twin.winner = self.winner
        return twin

    # -- reading -------------------------------------------------------------------------

    @property
    def count(self) -> int:
        return self.lay[compact.COUNT]

    def moves(self) -> list[int]:
        """The legal plays now, as codes: tiles in id order within each arm, arms in
        order, then the doubles laid along the line (the house rule)."""
        if self.over:
            return []
        lay = self.lay
        hand = self.hands[self.current]
        if lay[_LEAD_HI] < 0:
            if self.required >= 0:
                return [16 * self.required + LEAD]
            return [16 * tid + LEAD for tid in _bits(hand)]
        if self.forced >= 0:
            hand = 1 << self.forced
        out = []
        for arm in range(4):
            pip = lay[arm]
            if pip >= 0:
                out += [16 * tid + arm for tid in _bits(hand & PIP_MASK[pip])]
        setup = self.setup
        if setup.double_endwise and (lay[_SNIFF] >= 0 or setup.mode == _NONE):
            out += [code + ENDWISE for code in out if HIGH[code >> 4] == LOW[code >> 4]]
        return out

    def may_draw(self, holds_playable: bool) -> bool:
        """Whether the player to act may draw (as the game's ``can_draw``)."""
        setup = self.setup
        limit = setup.draw_limit
        return (
            not self.over
            and self.forced < 0
            and bool(self.stock)
            and (limit is None or self.drawn < limit)
            and self.lay[_LEAD_HI] >= 0
            and (setup.draw_while_playable or not holds_playable)
        )

    def actions(self) -> list[int]:
        """Everything the player to act may do now: plays, then a draw or a pass."""
        moves = self.moves()
        if self.over:
            return moves
        if self.may_draw(bool(moves)):
            moves.append(DRAW)
        elif not moves:
            moves.append(PASS)
        return moves

    # -- acting --------------------------------------------------------------------------

    def apply(self, code: int) -> None:
        """Carry out a move code (trusted to be legal)."""
        if code >= 0:
            self.play(code)
        elif code == DRAW:
            self.draw()
        else:
            self.pass_turn()

    def play(self, code: int) -> int:
        """Play a move code; return the points it earned."""
        setup = self.setup
        seat = self.current
        tid = code >> 4
        where = code & 7
        high = HIGH[tid]
        low = LOW[tid]
        hand = self.hands[seat] = self.hands[seat] ^ 1 << tid
        self.pips[seat] -= high + low
        if where == LEAD:
            count = _place(self.lay, setup.mode, high, low, -1, code & ENDWISE != 0)
            self.second = setup.second_turn
            self.required = -1
        else:
            count = _place(self.lay, setup.mode, high, low, where, code & ENDWISE != 0)
            self.second = False
        points = setup.points[count]
        self.passes = 0
        self.drawn = 0
        self.forced = -1
        if points:
            side = setup.side_of[seat]
            scores = self.scores
            scores[side] += points
            if scores[side] >= setup.target and self._check_target():
                return points
        if not hand:
            self._end(seat)
        elif not self.second:
            self.current = setup.after[seat]
        return points

    def draw(self) -> int:
        """Draw the next tile of the boneyard; return its id."""
        tid = self.stock.pop()
        seat = self.current
        self.hands[seat] |= 1 << tid
        self.pips[seat] += PIPS[tid]
        self.drawn += 1
        if self.setup.must_play_drawn:
            opens = self.lay[:4]  # (-1 marks an end that is not open)
            if HIGH[tid] in opens or LOW[tid] in opens:
                self.forced = tid
        return tid

    def pass_turn(self) -> None:
        self.passes = self.passes + 1 if not self.stock else 0
        self.second = False
        if self.passes >= len(self.hands):
            self._end(None)
            return
        self.current = self.setup.after[self.current]
        self.drawn = 0
        self.forced = -1

    def playout(self, careful: int = 0) -> None:
        """Play the round to its end (or the game's): each player makes the play that
        earns the most (then sheds the heaviest tile; the first found among equals),
        draws only when nothing fits, and passes when drawing is not allowed.

        The seats in the bitmask *careful* play as careful players instead: among
        the plays that earn the most, the one that leaves the next player the
        fewest points to make with a tile they cannot see
        (:func:`~sniff.engine.threats.careful_play`).

        A bot runs thousands of these per decision, so this is :meth:`play`,
        :meth:`draw` and :meth:`pass_turn` written out in one loop, with the
        turn's state in local variables (the tests hold the two ways equal); the
        counting stays in :mod:`sniff.engine.compact`.
        """
        if self.lay[_LEAD_HI] < 0 and not self.over:
            self.play(self._greedy_lead())
        if self.over:
            return
        setup = self.setup
        mode = setup.mode
        table = setup.points
        limit = setup.draw_limit
        must_play = setup.must_play_drawn
        side_of = setup.side_of
        after_seat = setup.after
        target = setup.target
        lay = self.lay
        hands = self.hands
        pips = self.pips
        stock = self.stock
        scores = self.scores
        players = len(hands)
        seat = self.current
        passes = self.passes
        drawn = self.drawn
        forced = self.forced
        stock_mask = 0  # the boneyard as a mask, for the careful players' unseen tiles
        if careful:
            for tid in stock:
                stock_mask |= 1 << tid
        while True:
            hand = hands[seat] if forced < 0 else 1 << forced
            best = -1
            if careful >> seat & 1:
                unseen = stock_mask
                for other, held in enumerate(hands):
                    if other != seat:
                        unseen |= held
                best = careful_play(lay, mode, table, hand, unseen)
            else:
                best = greedy_play(lay, mode, table, hand)[1]
            if best >= 0:  # play
                tid = best >> 4
                high = HIGH[tid]
                low = LOW[tid]
                hand = hands[seat] = hands[seat] ^ 1 << tid
                pips[seat] -= high + low
                points = table[_place(lay, mode, high, low, best & 7)]
                passes = drawn = 0
                forced = -1
                if points:
                    side = side_of[seat]
                    scores[side] += points
                    if scores[side] >= target and self._check_target():
                        break
                if not hand:
                    self._end(seat)
                    break
                seat = after_seat[seat]
            elif forced < 0 and stock and (limit is None or drawn < limit):  # draw
                # Nothing in the hand fits, so until a drawn tile does, the player
                # only draws again: no search in between.
                opens = lay[:4]  # (-1 marks an end that is not open)
                while True:
                    tid = stock.pop()
                    stock_mask &= ~(1 << tid)
                    hands[seat] |= 1 << tid
                    pips[seat] += PIPS[tid]
                    drawn += 1
                    if HIGH[tid] in opens or LOW[tid] in opens:
                        if must_play:
                            forced = tid
                        break
                    if not stock or (limit is not None and drawn >= limit):
                        break
            else:  # pass
                passes = passes + 1 if not stock else 0
                if passes >= players:
                    self._end(None)
                    break
                seat = after_seat[seat]
                drawn = 0
                forced = -1
        self.current = seat
        self.passes = passes
        self.drawn = drawn
        self.forced = forced
        self.second = False

    def _greedy_lead(self) -> int:
        """The lead that earns the most, then the heaviest (the first among equals)."""
        if self.required >= 0:
            return 16 * self.required + LEAD
        keys = self.setup.lead_keys
        best = best_key = -1
        hand = self.hands[self.current]
        while hand:
            bit = hand & -hand
            hand ^= bit
            tid = bit.bit_length() - 1
            if keys[tid] > best_key:
                best, best_key = tid, keys[tid]
        return 16 * best + LEAD

    # -- internals -----------------------------------------------------------------------

    def _check_target(self) -> bool:
        scores = self.scores
        top = max(scores)
        if top >= self.setup.target and scores.count(top) == 1:
            self.winner = scores.index(top)
            self.over = True
            return True
        return False

    def _end(self, went_out: int | None) -> None:
        setup = self.setup
        points = round_points(
            setup.round_scoring, self.pips, setup.sides, domino_by=went_out, unit=setup.unit
        )
        scores = self.scores
        for side, gained in enumerate(points):
            scores[side] += gained
        self.over = True
        self._check_target()

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(TILE_OF[t]) for t in _bits(h)) for h in self.hands)
        return f"<Round seat {self.current} to act; hands {hands}; count {self.count}>"
