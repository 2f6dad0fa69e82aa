"""A position of the game: its fields, copying it, and what the rules allow now.

:class:`Position` holds everything a game is at one moment (hands, boneyard,
layout in compact form, turn, scores) and answers what may be done now: the
legal moves, worked out once per position from a table of the moves each tile
makes on the open ends (:func:`~sniff.engine.tables.fits_for`), the legal
actions, and the refusal with its reason for anything else. It changes
nothing; :class:`~sniff.engine.state.Game` adds the actions that change it.
"""

from __future__ import annotations

import random
from typing import TypeVar

from sniff.engine import compact
from sniff.engine.dealing import Dealer
from sniff.engine.events import (
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    Draw,
    Event,
    Move,
    Pass,
)
from sniff.engine.layout import Layout
from sniff.engine.phase import Phase
from sniff.engine.refusals import (
    Refusal,
    claim_refusal,
    draw_refusal,
    move_refusal,
    pass_refusal,
    stale_refusal,
    turn_refusal,
)
from sniff.engine.rules import RuleSet
from sniff.engine.tables import LEAD_MOVES, Fits, Setup
from sniff.engine.tiles import Tile

__all__ = ["Position"]

_P = TypeVar("_P", bound="Position")

_PLAY = Phase.PLAY
_LEAD_HI = compact.LEAD_HI


class Position:
    """One moment of a game between *players* seats: read it, copy it, ask what is legal."""

    __slots__ = (
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
    _fits: Fits | None  # the moves of each tile that fits the open ends (None: no lead yet)
    _legal: list[Move] | None  # the legal moves now, once worked out; never changed in place
    _passes: int  # passes in a row
    _drawn: int  # tiles drawn this turn
    _forced: Tile | None  # a drawn tile that must be played
    _required_lead: Tile | None
    _second_turn: bool  # the leader plays again after the lead
    _pending: int  # points of the last play, awaiting a claim / muggins
    _mover: int  # who made the play awaiting a claim

    # -- copying ------------------------------------------------------------------

    def copy(self: _P, *, keep_log: bool = False) -> _P:
        """A copy for look-ahead: hands, boneyard, scores and turn are its own.

        The log is copied only if asked for (a look-ahead needs the position,
        not its history). The random generator and the dealer are shared, so
        a look-ahead plays out the round it is in and does not deal again.
        """
        twin = object.__new__(type(self))
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
                legal = list(fits.get(forced, ()))
            else:
                legal = []
                for tile in self.hands[self.current]:
                    if tile in fits:
                        legal += fits[tile]
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
            setup = self._setup
            if moves is None:
                fits = self._fits
                if fits is None or self._forced is not None or setup.double_endwise:
                    moves = self._moves()
                else:  # the common case of _moves(), written out: it runs on every turn
                    moves = []
                    for tile in self.hands[self.current]:
                        if tile in fits:
                            moves += fits[tile]
                    self._legal = moves
            if not moves:  # _may_draw(False), written out: a player often draws again
                limit = setup.draw_limit
                if (
                    self._forced is None
                    and self.stock
                    and (limit is None or self._drawn < limit)
                    and self._lay[_LEAD_HI] >= 0
                ):
                    return [DRAW]
                return [PASS]  # nothing fits and drawing can't help
            if not setup.draw_while_playable:
                return [*moves]  # drawing is only for want of a tile
            actions: list[Action] = list(moves)
            if self._may_draw(True):
                actions.append(DRAW)
            return actions
        if phase is Phase.CLAIM:
            return [Claim(self._pending)]
        if phase is Phase.MUGGINS:
            return [CallMuggins(True), CallMuggins(False)]
        return []

    def refusal_for(
        self, seat: int, action: Action, *, decided_at: int | None = None
    ) -> Refusal | None:
        """Why *seat*'s *action* is not allowed now, or None if it is: turn order
        first, then (when *decided_at* says at how many events of the log it was
        decided) whether the game has moved on since, then the action itself."""
        refusal = turn_refusal(self, seat, action)
        if refusal is not None:
            return refusal
        if decided_at is not None and decided_at != len(self.log):
            return stale_refusal(action, decided_at, len(self.log))
        return self.refusal(action)

    def refusal(self, action: Action) -> Refusal | None:
        """Why *action* is not allowed now, or None if it is."""
        if isinstance(action, Move):
            return move_refusal(self, action)
        if isinstance(action, Draw):
            return draw_refusal(self)
        if isinstance(action, Pass):
            return pass_refusal(self)
        return claim_refusal(self, action)

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
