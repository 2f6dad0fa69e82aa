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
from sniff.engine.events import _DREW as _SHARED_DREW
from sniff.engine.events import _PLAYED as _SHARED_PLAYED
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
    RoundEnded,
    new_drew,
    new_played,
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
    FitsEntry,
    fits_for,
    points_table,
    setup_for,
)
from sniff.engine.tiles import Tile

__all__ = ["Game", "points_table"]

_PLAY = Phase.PLAY
_LEAD = End.LEAD
_ARM = {end: end.arm for end in End}
_LEAD_HI = compact.LEAD_HI
_SNIFF_PIP = compact.SNIFF_PIP
_place = compact.place
#: The empty layout of each spinner mode (layouts never change, so one serves all).
_EMPTY = {mode: Layout.empty(mode) for mode in compact.MODE_CODE}
_NO_AFTER: dict[int, FitsEntry] = {}  # before the lead (never filled: the lead looks up)


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
        game._fits, game._after = (
            (None, {}) if layout.lead is None else fits_for(*layout.open, rules.max_pip)
        )
        game._legal = None
        return game

    # -- acting -------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out any action; return every event it caused, in order."""
        log = self.log
        start = len(log)
        if type(action) is not Move:
            kind = type(action)
            if kind is Draw:
                self.draw()
            elif kind is Pass:
                self.pass_turn()
            elif kind is Claim:
                self.claim(action.points)  # type: ignore[union-attr]
            elif kind is CallMuggins:
                self.call_muggins(action.call)  # type: ignore[union-attr]
            else:
                raise IllegalMove(f"not an action: {action!r}", action)
            return log[start:]
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
        hand = self.hands[seat]
        hand.remove(tile)
        setup = self._setup
        lay = self._lay
        arm = _ARM[end]
        fits = self._fits
        sniff = lay[_SNIFF_PIP]
        count = _place(lay, setup.mode, tile[0], tile[1], arm, endwise)
        self._plays.append(action)
        if fits is None or lay[_SNIFF_PIP] != sniff:  # a lead, or a new sniff's sides
            self._fits, self._after = fits_for(lay[0], lay[1], lay[2], lay[3], setup.max_pip)
        else:
            step = 16 * arm + lay[arm]
            after = self._after
            entry = after.get(step)
            if entry is None:
                entry = after[step] = fits_for(lay[0], lay[1], lay[2], lay[3], setup.max_pip)
            self._fits, self._after = entry
        self._legal = None
        points = setup.points[count]
        key = (seat, tile, end, count, points, endwise)
        log.append(_SHARED_PLAYED.get(key) or new_played(*key))
        self._passes = 0
        self._drawn = 0
        self._forced = None
        self._required_lead = None
        self._mover = seat
        if end is _LEAD:
            self._second_turn = setup.second_turn
        elif self._second_turn:
            self._second_turn = False
        if setup.muggins:
            self._pending = points
            self.phase = Phase.CLAIM
        elif not (points and self._score(setup.side_of[seat], points)):  # not the game's end
            if not hand:
                self._end_round("domino", seat)
            elif not self._second_turn:
                self.current = setup.after[seat]
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
        # _may_draw(), written out: a look-ahead draws often.
        if not (
            self.phase is _PLAY
            and self._forced is None
            and self.stock
            and (limit is None or self._drawn < limit)
            and self._fits is not None
            and (setup.draw_while_playable or not moves)
        ):
            refusal = draw_refusal(self)
            assert refusal is not None  # the check above is its yes/no twin
            raise refusal
        seat = self.current
        tile = self.stock.pop()
        self.hands[seat].append(tile)
        self._drawn += 1
        found = self._fits[tile]
        if setup.double_endwise:
            self._forced = tile if found and setup.must_play_drawn else None
            self._legal = None
        elif found and setup.must_play_drawn:
            self._forced = tile
            self._legal = list(found)
        elif found:  # the drawn tile is the last in the hand: its moves come last
            self._legal = moves + list(found)
        event = _SHARED_DREW.get((seat, tile)) or new_drew(seat, tile)
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
            self._end_round("blocked", None)
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
            self._end_round("domino", mover)
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
            self._end_round("target", None)
            return True
        return False

    def _check_target(self) -> bool:
        top = max(self.scores)
        if top >= self.target and self.scores.count(top) == 1:
            self.winner = self.scores.index(top)
            return True
        return False

    def _end_round(self, reason: str, went_out: int | None) -> None:
        self._legal = None
        if reason == "target":
            points = [0] * len(self.sides)
        else:
            points = round_points(
                self.rules.round_scoring,
                [sum(map(sum, hand)) for hand in self.hands],
                self.sides,
                domino_by=went_out,
                unit=self.rules.points_unit,
            )
            scores = self.scores
            for side, gained in enumerate(points):
                scores[side] += gained
        hands = tuple(map(tuple, self.hands))
        self.log.append(
            RoundEnded(self.round_no, reason, hands, tuple(points), tuple(self.scores), went_out)
        )
        if reason == "target" or (max(self.scores) >= self.target and self._check_target()):
            self.phase = Phase.GAME_OVER
            assert self.winner is not None
            self.log.append(GameEnded(self.winner, tuple(self.scores)))
        else:
            self.phase = Phase.ROUND_OVER

    def _start_round(self) -> None:
        self.round_no += 1
        previous = self.log[-1] if self.log else None
        redeal = False
        rules = self.rules
        dealer = self.dealer
        while True:
            deal = dealer.deal(rules, self.players, self.round_no, self.rng)
            if type(dealer) is not RandomDealer:  # ours are right by making
                self._check_deal(deal)
            leader, required = choose_leader(
                rules,
                self.players,
                deal,
                round_no=self.round_no,
                previous=previous if isinstance(previous, RoundEnded) else None,
                last_leader=self.leader,
                rng=self.rng,
            )
            if leader is not None:
                break
            # Nobody holds a double and the rules say throw in: record and deal again.
            self.log.append(Dealt(self.round_no, deal.hands, deal.boneyard, None, redeal))
            redeal = True
        self.round_start = len(self.log)
        self.log.append(Dealt(self.round_no, deal.hands, deal.boneyard, leader, redeal))
        self.hands = list(map(list, deal.hands))
        self.stock = list(reversed(deal.boneyard))
        self._lay = compact.empty_layout()
        self._layout = _EMPTY[rules.spinner]
        self._plays = []
        self._built = 0
        self._fits = None
        self._after = _NO_AFTER
        self._legal = None
        self.leader = self.current = leader
        self.phase = Phase.PLAY
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
