"""The game state machine: rounds, turns, draws, passes, scoring, the target.

``Game`` is the one place where the rules act. Every change it makes returns
frozen events and appends them to ``Game.log``; an action the rules forbid
raises :class:`IllegalMove` (with a reason code and the tiles concerned) and
changes nothing.

Speed matters here (every bot look-ahead plays through it): the position it
acts on (:class:`~sniff.engine.position.Position`: the fields, copying, the
legal moves from tables) keeps the layout in compact form, and a play that is
one of the legal moves needs no further check.
"""

from __future__ import annotations

import random

from sniff.engine import compact
from sniff.engine.dealing import Deal, Dealer, RandomDealer
from sniff.engine.events import (
    Action,
    CallMuggins,
    Claim,
    Claimed,
    Dealt,
    Draw,
    Drew,
    Event,
    GameEnded,
    IllegalMove,
    Move,
    MugginsCalled,
    Pass,
    Passed,
    Played,
    RoundEnd,
    RoundEnded,
    new_dealt,
    new_round_ended,
)
from sniff.engine.layout import End, Layout
from sniff.engine.leading import choose_leader
from sniff.engine.phase import Phase
from sniff.engine.position import Position
from sniff.engine.refusals import (
    draw_refusal,
    move_refusal,
    pass_refusal,
    phase_refusal,
)
from sniff.engine.rules import RuleSet
from sniff.engine.scoring import round_points
from sniff.engine.tables import (
    fits_for,
    points_table,
    setup_for,
)
from sniff.engine.tiles import Tile

__all__ = ["Game", "points_table"]

# (Enum members read once: a class attribute of an Enum is slow to read.)
_PLAY = Phase.PLAY
_CLAIM = Phase.CLAIM
_ROUND_OVER = Phase.ROUND_OVER
_GAME_OVER = Phase.GAME_OVER
_DOMINO = RoundEnd.DOMINO
_BLOCKED = RoundEnd.BLOCKED
_TARGET = RoundEnd.TARGET
_ARM = {end: end.arm for end in End}
_place = compact.place
#: The empty layout of each spinner mode (layouts never change, so one serves all).
_EMPTY = {mode: Layout.empty(mode) for mode in compact.MODE_CODE}


class Game(Position):
    """A whole game (match) of Sniff between *players* seats, to the target."""

    __slots__ = ()

    def __init__(
        self,
        rules: RuleSet,
        players: int = 2,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        self._begin(rules, players, rng if rng is not None else random.Random(seed))
        self.dealer = dealer if dealer is not None else RandomDealer()
        self.log = []
        self.round_no = 0
        self.round_start = 0
        self.scores = [0] * len(self.sides)
        self.winner = None
        self.leader = -1
        self._start_round()

    def _begin(self, rules: RuleSet, players: int, rng: random.Random) -> None:
        """The fields the rules and the player count fix."""
        setup = self._setup = setup_for(rules, players)
        self.rules = rules
        self.players = players
        self.sides = setup.sides
        self.side_of = setup.side_of
        self.target = setup.target
        self.rng = rng

    @classmethod
    def in_position(
        cls,
        rules: RuleSet,
        players: int,
        *,
        layout: Layout,
        hands: list[list[Tile]],
        stock: list[Tile],
        rng: random.Random,
    ) -> Game:
        """A game in the middle of a round, built from its parts (a determinization);
        set ``phase``, ``current`` and the turn's state on it afterwards."""
        game = object.__new__(cls)
        game._begin(rules, players, rng)
        game.dealer = RandomDealer()
        game.log = []
        game.round_start = 0
        game.winner = None
        game.hands = hands
        game.stock = stock
        game._layout = layout
        game._lay = layout._state[:]
        game._plays = []
        game._built = 0
        game._fits = None if layout.lead is None else fits_for(*layout.open, rules.max_pip)
        game._legal = None
        return game

    # -- acting -------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out any action; return every event it caused, in order."""
        if type(action) is not Move:
            if type(action) is Draw:
                return [self.draw()]  # a draw causes nothing more
            return self._act(action)
        # A play, the commonest action, is carried out here rather than in a
        # method of its own: one call less on every play of every look-ahead.
        legal = self._legal
        if legal is None:
            legal = self._moves()
        # Anything but a legal move goes through the full check, which explains.
        if action not in legal:
            refusal = move_refusal(self, action)
            if refusal is not None:
                raise refusal
        seat = self.current
        tile, end, endwise = action
        high, low = tile
        hand = self.hands[seat]
        hand.remove(tile)
        setup = self._setup
        lay = self._lay
        arm = _ARM[end]
        count = _place(lay, setup.mode, high, low, arm, endwise)
        self._plays.append(action)
        # The moves on the new open ends (see fits_table()).
        try:  # (no method call: found every time once the tables are filled)
            self._fits = setup.fits[16 * lay[0] + lay[1]][16 * lay[2] + lay[3]]
        except KeyError:
            self._fits = fits_for(lay[0], lay[1], lay[2], lay[3], setup.max_pip)
        self._legal = None
        points = setup.points[count]
        try:
            event = setup.played[seat][count][action]
        except KeyError:
            event = setup.new_played(seat, action, count)
        log = self.log
        start = len(log)
        log.append(event)
        self._passes = 0
        self._drawn = 0
        self._forced = None
        self._required_lead = None
        self._mover = seat
        if arm < 0:
            self._second_turn = setup.second_turn
        elif self._second_turn:
            self._second_turn = False
        if setup.muggins:
            self._pending = points
            self.phase = _CLAIM
        elif points and self._score(setup.side_of[seat], points):
            return log[start:]  # the game's end
        elif not hand:
            self._end_round(_DOMINO, seat)
            return log[start:]
        elif not self._second_turn:
            self.current = setup.after[seat]
        return [event]

    def _act(self, action: Action) -> list[Event]:
        """:meth:`apply` for anything but a play or a draw."""
        log = self.log
        start = len(log)
        kind = type(action)
        if kind is Pass:
            self.pass_turn()
        elif kind is Claim:
            self.claim(action.points)  # type: ignore[union-attr]
        elif kind is CallMuggins:
            self.call_muggins(action.call)  # type: ignore[union-attr]
        else:
            raise IllegalMove(f"not an action: {action!r}", action)
        return log[start:]

    def play(self, move: Move) -> Played:
        """Play a tile; the follow-up events (round end...) go to the log too."""
        log = self.log
        start = len(log)
        self.apply(move)
        event = log[start]
        assert isinstance(event, Played)
        return event

    def draw(self) -> Drew:
        moves = self._legal
        if moves is None:
            moves = self._moves()
        setup = self._setup
        limit = setup.draw_limit
        stock = self.stock
        fits = self._fits
        # _may_draw(), written out: a look-ahead draws often.
        if not (
            self.phase is _PLAY
            and self._forced is None
            and stock
            and (limit is None or self._drawn < limit)
            and fits is not None
            and (setup.draw_while_playable or not moves)
        ):
            refusal = draw_refusal(self)
            assert refusal is not None  # the check above is its yes/no twin
            raise refusal
        seat = self.current
        tile = stock.pop()
        self.hands[seat].append(tile)
        self._drawn += 1
        found = fits.get(tile)
        if setup.double_endwise:
            self._forced = tile if found and setup.must_play_drawn else None
            self._legal = None
        elif found and setup.must_play_drawn:
            self._forced = tile
            self._legal = list(found)
        elif found:  # the drawn tile is the last in the hand: its moves come last
            self._legal = moves + list(found)
        try:
            event = setup.drew[seat][tile]
        except KeyError:
            event = setup.new_drew(seat, tile)
        self.log.append(event)
        return event

    def pass_turn(self) -> Passed:
        if self.phase is not _PLAY or self._moves() or self._may_draw(False):
            refusal = pass_refusal(self)
            assert refusal is not None
            raise refusal
        seat = self.current
        event = Passed(seat)
        self.log.append(event)
        # Blocked only when the boneyard is empty and every player in turn has
        # passed: a pass with tiles left to draw (a draw limit) blocks nothing.
        self._passes = self._passes + 1 if not self.stock else 0
        self._second_turn = False
        if self._passes >= self.players:
            self._end_round(_BLOCKED, None)
        else:
            self._next_turn()
        return event

    def claim(self, points: int) -> Claimed:
        """Muggins rule: the player who just played claims *points*."""
        refusal = self.refusal(Claim(points))
        if refusal is not None:
            raise refusal
        correct = points == self._pending
        event = Claimed(self._mover, points, correct)
        self.log.append(event)
        self._legal = None
        if correct:
            if points and self._score(self.side_of[self._mover], points):
                return event
        elif self._pending > 0:
            self.phase = Phase.MUGGINS
            self.current = self._next_opponent(self._mover)
            return event
        self.phase = Phase.PLAY
        self._after_play()
        return event

    def call_muggins(self, call: bool = True) -> MugginsCalled | None:
        """The next opponent takes the unclaimed points (or lets them go)."""
        refusal = self.refusal(CallMuggins(call))
        if refusal is not None:
            raise refusal
        event = None
        self.phase = Phase.PLAY
        self._legal = None
        if call:
            event = MugginsCalled(self.current, self._pending)
            self.log.append(event)
            if self._score(self.side_of[self.current], self._pending):
                return event
        self.current = self._mover
        self._after_play()
        return event

    def next_round(self) -> Dealt:
        """Deal the next round after a round ended."""
        if self.phase is not Phase.ROUND_OVER:
            raise phase_refusal(self, None)
        self._start_round()
        event = self.log[self.round_start]
        assert isinstance(event, Dealt)
        return event

    # -- internals ----------------------------------------------------------------

    def _next_opponent(self, seat: int) -> int:
        side_of = self.side_of
        after = self._setup.after
        other = after[seat]
        while side_of[other] == side_of[seat]:
            other = after[other]
        return other

    def _next_turn(self) -> None:
        self.current = self._setup.after[self.current]
        self._drawn = 0
        self._forced = None
        self._legal = None

    def _after_play(self) -> None:
        mover = self._mover
        if not self.hands[mover]:
            self._end_round(_DOMINO, mover)
            return
        self.current = mover
        if self._second_turn:
            self._drawn = 0
            return
        self._next_turn()

    def _score(self, side: int, points: int) -> bool:
        """Add points during play; end the game at once if the target is reached."""
        scores = self.scores
        scores[side] += points
        # Only this side's score grew: only it can have reached the target.
        if scores[side] >= self.target and self._check_target():
            self._end_round(_TARGET, None)
            return True
        return False

    def _check_target(self) -> bool:
        top = max(self.scores)
        if top >= self.target and self.scores.count(top) == 1:
            self.winner = self.scores.index(top)
            return True
        return False

    def _end_round(self, reason: RoundEnd, went_out: int | None) -> None:
        self._legal = None
        scores = self.scores
        if reason is _TARGET:
            points = [0] * len(scores)
            reached = True
        else:
            rules = self.rules
            pips = []
            for hand in self.hands:  # (written out: sum(map(sum, hand)) costs twice this)
                total = 0
                for high, low in hand:
                    total += high + low
                pips.append(total)
            points = round_points(
                rules.round_scoring,
                pips,
                self.sides,
                domino_by=went_out,
                unit=rules.points_unit,
                side_of=self.side_of,
            )
            target = self.target
            reached = False  # max(scores) >= target, found on the way (max() is slow to call)
            for side, gained in enumerate(points):
                score = scores[side] = scores[side] + gained
                if score >= target:
                    reached = True
        log = self.log
        hands = tuple(map(tuple, self.hands))
        log.append(
            new_round_ended(self.round_no, reason, hands, tuple(points), tuple(scores), went_out)
        )
        if reason is _TARGET or (reached and self._check_target()):
            self.phase = _GAME_OVER
            assert self.winner is not None
            log.append(GameEnded(self.winner, tuple(scores)))
        else:
            self.phase = _ROUND_OVER

    def _start_round(self) -> None:
        round_no = self.round_no = self.round_no + 1
        log = self.log
        previous = log[-1] if log else None
        redeal = False
        rules = self.rules
        players = self.players
        rng = self.rng
        dealer = self.dealer
        while True:
            deal = dealer.deal(rules, players, round_no, rng)
            if type(dealer) is not RandomDealer:  # ours are right by making
                self._check_deal(deal)
            leader, required = choose_leader(
                rules,
                players,
                deal,
                round_no=round_no,
                previous=previous if isinstance(previous, RoundEnded) else None,
                last_leader=self.leader,
                rng=rng,
            )
            if leader is not None:
                break
            # Nobody holds a double and the rules say throw in: record and deal again.
            log.append(new_dealt(round_no, deal.hands, deal.boneyard, None, redeal))
            redeal = True
        self.round_start = len(log)
        log.append(new_dealt(round_no, deal.hands, deal.boneyard, leader, redeal))
        self.hands = list(map(list, deal.hands))
        self.stock = list(deal.boneyard[::-1])
        self._lay = compact.empty_layout()
        self._layout = _EMPTY[rules.spinner]
        self._plays = []
        self._built = 0
        self._fits = None
        self._legal = None
        self.leader = self.current = leader
        self.phase = _PLAY
        self._passes = 0
        self._drawn = 0
        self._forced = None
        self._required_lead = required
        self._second_turn = False
        self._pending = 0
        self._mover = leader

    def _check_deal(self, deal: Deal) -> None:
        if len(deal.hands) != self.players:
            raise ValueError(f"a deal for {len(deal.hands)} seats, not {self.players}")
        every = [t for hand in deal.hands for t in hand] + list(deal.boneyard)
        if len(set(every)) != len(every) or any(max(t) > self.rules.max_pip for t in every):
            raise ValueError("a deal must hold each tile of the set once")
