"""The game state machine: rounds, turns, draws, passes, scoring, the target.

``Game`` is the one place where the rules act. Every change it makes returns
frozen events and appends them to ``Game.log``; an action the rules forbid
raises :class:`IllegalMove` (with a reason code and the tiles concerned) and
changes nothing.

Speed matters here (every bot look-ahead plays through it), so the game keeps
the layout in its compact form (:mod:`sniff.engine.compact`) and builds the
:class:`Layout` only when someone reads it; it works out the legal moves once
per position, from a table of the moves each tile makes on the open ends
(:func:`~sniff.engine.tables.fits_for`), and an action that is one of them
needs no further check.
"""

from __future__ import annotations

import random

from sniff.engine import compact
from sniff.engine.dealing import Deal, Dealer, RandomDealer
from sniff.engine.events import _DREW as _SHARED_DREW
from sniff.engine.events import _PLAYED as _SHARED_PLAYED
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
    new_drew,
    new_played,
)
from sniff.engine.layout import End, Layout
from sniff.engine.leading import choose_leader
from sniff.engine.phase import Phase
from sniff.engine.refusals import (
    Refusal,
    claim_refusal,
    draw_refusal,
    move_refusal,
    pass_refusal,
    phase_refusal,
)
from sniff.engine.rules import RuleSet
from sniff.engine.scoring import round_points
from sniff.engine.tables import (
    LEAD_MOVES,
    Fits,
    FitsEntry,
    Setup,
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


class Game:
    """A whole game (match) of Sniff between *players* seats, to the target."""

    __slots__ = (
        "_after",
        "_built",
        "_drawn",
        "_fits",
        "_forced",
        "_lay",
        "_layout",
        "_legal",
        "_mover",
        "_passes",
        "_pending",
        "_plays",
        "_required_lead",
        "_second_turn",
        "_setup",
        "current",
        "dealer",
        "hands",
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
    winner: int | None
    _setup: Setup  # what the rules fix for the whole game
    _lay: list[int]  # the layout, compact (sniff.engine.compact)
    _layout: Layout  # the layout after the first _built plays of _plays
    _plays: list[Move]  # this round's plays, in order
    _built: int
    _fits: Fits | None  # the moves of each tile on the open ends (None: no lead yet)
    _after: dict[int, FitsEntry]  # the tables of fits one play leads to
    _legal: list[Move] | None  # the legal moves now, once worked out; never changed in place
    _passes: int  # passes in a row
    _drawn: int  # tiles drawn this turn
    _forced: Tile | None  # a drawn tile that must be played
    _required_lead: Tile | None
    _second_turn: bool  # the leader plays again after the lead
    _pending: int  # points of the last play, awaiting a claim / muggins
    _mover: int  # who made the play awaiting a claim

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

    # -- copying ------------------------------------------------------------------

    def copy(self, *, keep_log: bool = False) -> Game:
        """A copy for look-ahead: hands, boneyard, scores and turn are its own.

        The log is copied only if asked for (a look-ahead needs the position,
        not its history). The random generator and the dealer are shared, so
        a look-ahead plays out the round it is in and does not deal again.
        """
        twin = object.__new__(Game)
        twin._setup = self._setup
        twin.rules = self.rules
        twin.players = self.players
        twin.sides = self.sides
        twin.side_of = self.side_of
        twin.target = self.target
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
        twin.winner = self.winner
        twin._lay = self._lay[:]
        twin._layout = self._layout
        twin._plays = self._plays[:]
        twin._built = self._built
        twin._fits = self._fits
        twin._after = self._after
        twin._legal = self._legal
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
    def layout(self) -> Layout:
        """The layout on the table (built from this round's plays when first read)."""
        layout = self._layout
        plays = self._plays
        if self._built < len(plays):
            for move in plays[self._built :]:
                layout = layout.place(move.tile, move.end, endwise=move.endwise)
            self._layout = layout
            self._built = len(plays)
        return layout

    @property
    def count(self) -> int:
        """The count of the layout now."""
        return self._lay[compact.COUNT]

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
        return sum(map(sum, self.hands[seat]))

    def next_seat(self, seat: int) -> int:
        """The seat that plays after *seat*, in the rules' direction."""
        return self._setup.after[seat]

    def legal_moves(self) -> list[Move]:
        """The tiles the current player may play now, with their ends."""
        return list(self._moves())

    def _moves(self) -> list[Move]:
        """The legal moves, worked out once per position (do not change the list)."""
        legal = self._legal
        if legal is not None:
            return legal
        fits = self._fits
        if self.phase is not _PLAY:
            legal = []
        elif fits is None:  # the lead
            required = self._required_lead
            if required is not None:
                legal = [LEAD_MOVES[required]]
            else:
                legal = [LEAD_MOVES[tile] for tile in self.hands[self.current]]
        else:
            forced = self._forced
            if forced is not None:
                legal = list(fits[forced])
            else:
                legal = []
                for tile in self.hands[self.current]:
                    found = fits[tile]
                    if found:
                        legal += found
            if self._setup.double_endwise:
                legal += self._endwise(legal)
        self._legal = legal
        return legal

    def _endwise(self, moves: list[Move]) -> list[Move]:
        """The doubles among *moves* laid along the line (the house rule); never
        the sniff, which always lies across."""
        sniff_to_come = self._lay[compact.SNIFF_PIP] < 0 and self._setup.mode != compact.NONE
        if sniff_to_come:
            return []
        return [Move(m.tile, m.end, True) for m in moves if m.tile.high == m.tile.low]

    def playable_tiles(self) -> list[Tile]:
        """The current player's tiles that fit somewhere now."""
        seen: list[Tile] = []
        for move in self._moves():
            if move.tile not in seen:
                seen.append(move.tile)
        return seen

    def can_draw(self) -> bool:
        return self._may_draw(bool(self._moves()))

    def can_pass(self) -> bool:
        return pass_refusal(self) is None

    def legal_actions(self) -> list[Action]:
        """Everything the player to act may do now (claims: the correct one)."""
        phase = self.phase
        if phase is _PLAY:
            moves = self._legal
            if moves is None:
                fits = self._fits
                if fits is None or self._forced is not None or self._setup.double_endwise:
                    moves = self._moves()
                else:  # the common case of _moves(), written out: it runs on every turn
                    moves = []
                    for tile in self.hands[self.current]:
                        found = fits[tile]
                        if found:
                            moves += found
                    self._legal = moves
            actions: list[Action] = list(moves)
            if moves and not self._setup.draw_while_playable:
                return actions  # drawing is only for want of a tile
            if self._may_draw(bool(moves)):
                actions.append(DRAW)
            elif not moves:
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

    def _may_draw(self, holds_playable: bool) -> bool:
        """The fast yes/no twin of :func:`~sniff.engine.refusals.draw_refusal` (tests hold
        them equal)."""
        setup = self._setup
        limit = setup.draw_limit
        return (
            self.phase is _PLAY
            and self._forced is None
            and bool(self.stock)
            and (limit is None or self._drawn < limit)
            and self._lay[_LEAD_HI] >= 0
            and (setup.draw_while_playable or not holds_playable)
        )

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
