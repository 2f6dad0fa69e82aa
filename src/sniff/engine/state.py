"""The game state machine: rounds, turns, draws, passes, scoring, the target.

``Game`` is the one place where the rules act. Every change it makes returns
frozen events and appends them to ``Game.log``; an action the rules forbid
raises :class:`IllegalMove` (with a reason code and the tiles concerned) and
changes nothing.
"""

from __future__ import annotations

import random
from functools import lru_cache

from sniff.engine.dealing import Deal, Dealer, RandomDealer
from sniff.engine.events import (
    DRAW,
    PASS,
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
)
from sniff.engine.layout import ARM_ENDS, End, Layout
from sniff.engine.leading import choose_leader, next_seat
from sniff.engine.phase import Phase
from sniff.engine.refusals import (
    Refusal,
    claim_refusal,
    draw_refusal,
    move_refusal,
    pass_refusal,
    phase_refusal,
)
from sniff.engine.rules import Combination, RuleSet
from sniff.engine.scoring import play_points, round_points
from sniff.engine.tiles import Tile, full_set

# Every plain move, made once: legal_moves() hands out these shared values.
_MOVES: dict[Tile, tuple[Move, ...]] = {
    tile: tuple(Move(tile, end) for end in ARM_ENDS) for tile in full_set(12)
}


@lru_cache(maxsize=64)
def _seating(
    rules: RuleSet, players: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]:
    """Sides, each seat's side and the target; checked once per rule set."""
    rules.check_players(players)
    sides = tuple(tuple(side) for side in rules.sides(players))
    side_of = tuple(next(i for i, s in enumerate(sides) if seat in s) for seat in range(players))
    return sides, side_of, rules.target(players)


@lru_cache(maxsize=16)
def points_table(combination: Combination, unit: int) -> tuple[int, ...]:
    """What a play earns for every count a layout can reach (4 ends of double-twelves)."""
    return tuple(play_points(count, combination, unit) for count in range(4 * 24 + 1))


_PLAY = Phase.PLAY
_LEAD = End.LEAD
_ARM = {end: end.arm for end in End}


class Game:
    """A whole game (match) of Sniff between *players* seats, to the target."""

    __slots__ = (
        "_drawn",
        "_forced",
        "_mover",
        "_passes",
        "_pending",
        "_points",
        "_required_lead",
        "_second_turn",
        "current",
        "dealer",
        "hands",
        "layout",
        "leader",
        "log",
        "phase",
        "players",
        "rng",
        "round_no",
        "round_start",
        "rules",
        "scores",
        "side_of",
        "sides",
        "stock",
        "target",
        "winner",
    )

    rules: RuleSet
    players: int
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    target: int
    rng: random.Random
    dealer: Dealer
    log: list[Event]
    round_no: int
    round_start: int  # index in log of this round's Dealt event
    scores: list[int]  # per side
    phase: Phase
    current: int
    leader: int
    hands: list[list[Tile]]
    stock: list[Tile]  # the boneyard, reversed: the next tile to draw is stock[-1]
    layout: Layout
    winner: int | None
    _passes: int  # passes in a row
    _drawn: int  # tiles drawn this turn
    _forced: Tile | None  # a drawn tile that must be played
    _required_lead: Tile | None
    _second_turn: bool  # the leader plays again after the lead
    _pending: int  # points of the last play, awaiting a claim / muggins
    _mover: int  # who made the play awaiting a claim
    _points: tuple[int, ...]  # what a play earns, by count

    def __init__(
        self,
        rules: RuleSet,
        players: int = 2,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        dealer: Dealer | None = None,
    ) -> None:
        self.rules = rules
        self.players = players
        self.sides, self.side_of, self.target = _seating(rules, players)
        self._points = points_table(rules.scoring, rules.points_unit)
        self.rng = rng if rng is not None else random.Random(seed)
        self.dealer = dealer if dealer is not None else RandomDealer()
        self.log = []
        self.round_no = 0
        self.round_start = 0
        self.scores = [0] * len(self.sides)
        self.winner = None
        self.leader = -1
        self._start_round()

    # -- copying ------------------------------------------------------------------

    def copy(self, *, keep_log: bool = False) -> Game:
        """A copy for look-ahead: hands, boneyard, scores and turn are its own.

        The log is copied only if asked for (a look-ahead needs the position,
        not its history). The random generator and the dealer are shared, so
        a look-ahead plays out the round it is in and does not deal again.
        """
        twin = object.__new__(Game)
        twin.rules = self.rules
        twin.players = self.players
        twin.sides = self.sides
        twin.side_of = self.side_of
        twin.target = self.target
        twin._points = self._points
        twin.rng = self.rng
        twin.dealer = self.dealer
        twin.log = list(self.log) if keep_log else []
        twin.round_no = self.round_no
        twin.round_start = self.round_start if keep_log else 0
        twin.scores = self.scores[:]
        twin.phase = self.phase
        twin.current = self.current
        twin.leader = self.leader
        twin.hands = [hand[:] for hand in self.hands]
        twin.stock = self.stock[:]
        twin.layout = self.layout
        twin.winner = self.winner
        twin._passes = self._passes
        twin._drawn = self._drawn
        twin._forced = self._forced
        twin._required_lead = self._required_lead
        twin._second_turn = self._second_turn
        twin._pending = self._pending
        twin._mover = self._mover
        return twin

    # -- reading ----------------------------------------------------------------

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in drawing order (first element drawn first)."""
        return tuple(reversed(self.stock))

    @property
    def forced_tile(self) -> Tile | None:
        """A drawn tile the current player must play now, if any."""
        return self._forced

    @property
    def required_lead(self) -> Tile | None:
        """The tile that must lead this round (highest-double rules), if any."""
        return self._required_lead

    @property
    def pending_points(self) -> int:
        """Points of the play awaiting a claim or a muggins call."""
        return self._pending

    @property
    def draws_this_turn(self) -> int:
        return self._drawn

    @property
    def passes_in_row(self) -> int:
        return self._passes

    @property
    def second_turn(self) -> bool:
        """Whether the leader is about to play again after the lead."""
        return self._second_turn

    @property
    def mover(self) -> int:
        """Who made the last play (the one who claims under the muggins rule)."""
        return self._mover

    def pips(self, seat: int) -> int:
        return sum(t.high + t.low for t in self.hands[seat])

    def next_seat(self, seat: int) -> int:
        """The seat that plays after *seat*, in the rules' direction."""
        return next_seat(seat, self.players, self.rules.direction)

    def legal_moves(self) -> list[Move]:
        """The tiles the current player may play now, with their ends."""
        if self.phase is not Phase.PLAY:
            return []
        layout = self.layout
        if layout.lead is None:
            if self._required_lead is not None:
                return [Move(self._required_lead, End.LEAD)]
            return [Move(tile, End.LEAD) for tile in self.hands[self.current]]
        tiles: list[Tile] | tuple[Tile] = (
            (self._forced,) if self._forced is not None else self.hands[self.current]
        )
        ends = layout.open_arms
        moves = []
        for tile in tiles:
            high, low = tile
            for arm, pip in ends:
                if pip == high or pip == low:  # noqa: SIM109 - the hot loop
                    moves.append(_MOVES[tile][arm])
        if self.rules.double_endwise:
            moves.extend(
                Move(m.tile, m.end, True)
                for m in list(moves)
                if m.tile.is_double and not layout.becomes_sniff(m.tile)
            )
        return moves

    def playable_tiles(self) -> list[Tile]:
        """The current player's tiles that fit somewhere now."""
        seen: list[Tile] = []
        for move in self.legal_moves():
            if move.tile not in seen:
                seen.append(move.tile)
        return seen

    def can_draw(self) -> bool:
        return draw_refusal(self) is None

    def can_pass(self) -> bool:
        return pass_refusal(self) is None

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now (claims: the correct one)."""
        phase = self.phase
        if phase is Phase.PLAY:
            actions: list[Action] = self.legal_moves()  # type: ignore[assignment]
            if self._may_draw(bool(actions)):
                actions.append(DRAW)
            elif not actions:
                actions.append(PASS)  # nothing fits and drawing can't help
            return actions
        if phase is Phase.CLAIM:
            return [Claim(self._pending)]
        if phase is Phase.MUGGINS:
            return [CallMuggins(True), CallMuggins(False)]
        return []

    def refusal(self, action: Action) -> Refusal | None:
        """Why *action* is not allowed now, or None if it is."""
        if isinstance(action, Move):
            return move_refusal(self, action)
        if isinstance(action, Draw):
            return draw_refusal(self)
        if isinstance(action, Pass):
            return pass_refusal(self)
        return claim_refusal(self, action)

    # -- acting -------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out any action; return every event it caused, in order."""
        start = len(self.log)
        if isinstance(action, Move):
            self.play(action)
        elif isinstance(action, Draw):
            self.draw()
        elif isinstance(action, Pass):
            self.pass_turn()
        elif isinstance(action, Claim):
            self.claim(action.points)
        elif isinstance(action, CallMuggins):
            self.call_muggins(action.call)
        else:
            raise IllegalMove(f"not an action: {action!r}", action)
        return self.log[start:]

    def play(self, move: Move) -> Played:
        """Play a tile; the follow-up events (round end...) go to the log too."""
        seat = self.current
        tile, end, endwise = move
        hand = self.hands[seat]
        layout = self.layout
        forced = self._forced
        # The common case, checked cheaply: an ordinary tile on an open end that
        # matches. Anything else goes through the full check, which explains.
        if not (
            self.phase is _PLAY
            and not endwise
            and end is not _LEAD
            and (forced is None or forced == tile)
            and layout.open[_ARM[end]] in tile
            and tile in hand
        ):
            refusal = move_refusal(self, move)
            if refusal is not None:
                raise refusal
        hand.remove(tile)
        layout = self.layout = layout.place(tile, end, endwise=endwise)
        count = layout.count
        rules = self.rules
        table = self._points
        points = (
            table[count]
            if count < len(table)
            else play_points(count, rules.scoring, rules.points_unit)
        )
        event = Played(seat, tile, end, count, points, endwise)
        self.log.append(event)
        self._passes = 0
        self._drawn = 0
        self._forced = None
        self._required_lead = None
        if end is _LEAD and rules.leader_second_turn:
            self._second_turn = True
        elif self._second_turn:
            self._second_turn = False
        self._mover = seat
        if rules.muggins:
            self._pending = points
            self.phase = Phase.CLAIM
            return event
        if points and self._score(self.side_of[seat], points):
            return event
        self._after_play()
        return event

    def draw(self) -> Drew:
        refusal = draw_refusal(self)
        if refusal is not None:
            raise refusal
        seat = self.current
        tile = self.stock.pop()
        self.hands[seat].append(tile)
        self._drawn += 1
        if self.rules.must_play_drawn:
            opens = self.layout.open
            if tile.high in opens or tile.low in opens:
                self._forced = tile
        event = Drew(seat, tile)
        self.log.append(event)
        return event

    def pass_turn(self) -> Passed:
        refusal = pass_refusal(self)
        if refusal is not None:
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

    def _may_draw(self, holds_playable: bool) -> bool:
        """The fast yes/no twin of :func:`~sniff.engine.refusals.draw_refusal` (tests hold
        them equal)."""
        rules = self.rules
        limit = rules.draw_limit
        return (
            self.phase is Phase.PLAY
            and self._forced is None
            and bool(self.stock)
            and (limit is None or self._drawn < limit)
            and self.layout.lead is not None
            and (rules.draw_while_playable or not holds_playable)
        )

    def _next_opponent(self, seat: int) -> int:
        other = self.next_seat(seat)
        while self.side_of[other] == self.side_of[seat]:
            other = self.next_seat(other)
        return other

    def _next_turn(self) -> None:
        self.current = self.next_seat(self.current)
        self._drawn = 0
        self._forced = None

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
        self.scores[side] += points
        if self._check_target():
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
        if reason == "target":
            points = [0] * len(self.sides)
        else:
            points = round_points(
                self.rules.round_scoring,
                [self.pips(seat) for seat in range(self.players)],
                self.sides,
                domino_by=went_out,
                unit=self.rules.points_unit,
            )
            for side, gained in enumerate(points):
                self.scores[side] += gained
        hands = tuple(tuple(hand) for hand in self.hands)
        self.log.append(
            RoundEnded(self.round_no, reason, hands, tuple(points), tuple(self.scores), went_out)
        )
        if reason == "target" or self._check_target():
            self.phase = Phase.GAME_OVER
            assert self.winner is not None
            self.log.append(GameEnded(self.winner, tuple(self.scores)))
        else:
            self.phase = Phase.ROUND_OVER

    def _start_round(self) -> None:
        self.round_no += 1
        previous = self.log[-1] if self.log else None
        redeal = False
        while True:
            deal = self.dealer.deal(self.rules, self.players, self.round_no, self.rng)
            if not isinstance(self.dealer, RandomDealer):  # ours are right by making
                self._check_deal(deal)
            leader, required = choose_leader(
                self.rules,
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
        self.hands = [list(hand) for hand in deal.hands]
        self.stock = list(reversed(deal.boneyard))
        self.layout = Layout.empty(self.rules.spinner)
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
