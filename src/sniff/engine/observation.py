"""What one seat may know. Bots and announcements are built from this alone.

An :class:`Observation` holds the seat's own hand, the public table and
counts, and this round's public history, in which other players' draws carry
no tile. Nothing in it refers back to the game, so nothing can leak a hidden
tile through it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from sniff.engine.events import Action, Dealt, Drew, Event, Played, RoundEnded
from sniff.engine.layout import End, Layout
from sniff.engine.leading import lead_is_named
from sniff.engine.phase import Phase
from sniff.engine.rules import RuleSet
from sniff.engine.state import Game
from sniff.engine.tiles import Tile, full_set

__all__ = [
    "ChosenPlay",
    "DrawShows",
    "Observation",
    "chosen_plays",
    "determinize",
    "draw_shows",
    "observe",
    "public_event",
    "round_seen",
    "seen_alike",
]


class ChosenPlay(NamedTuple):
    """A play of the round that was its player's own choice (:func:`chosen_plays`)."""

    at: int  # its place in the history
    play: Played
    before: Layout  # the layout it was laid on


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: RuleSet
    players: int
    sides: tuple[tuple[int, ...], ...]
    round: int
    phase: Phase
    current: int  # the seat to act
    leader: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    layout: Layout
    scores: tuple[int, ...]  # per side
    target: int
    history: tuple[Event, ...]  # this round, from the seat's point of view
    legal: tuple[Action, ...]  # empty unless it is this seat's turn
    forced: Tile | None  # a tile this seat drew and must play
    required_lead: Tile | None
    draws_this_turn: int  # tiles the player to act has drawn this turn
    passes_in_row: int
    second_turn: bool  # the leader plays again after the lead (alle-fuenfe)
    pending_points: int  # the last play's points while a claim or muggins call is open
    mover: int  # who made the last play (the one who claims)

    @property
    def side(self) -> int:
        """This seat's side (index into ``scores``)."""
        return next(i for i, side in enumerate(self.sides) if self.seat in side)

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS)

    @property
    def count(self) -> int:
        return self.layout.count

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def unseen_tiles(self) -> list[Tile]:
        """Tiles this seat has not seen: in other hands or in the boneyard."""
        seen = set(self.hand) | set(self.layout.tiles())
        for event in self.history:
            if isinstance(event, RoundEnded):  # the hands are shown at the end
                seen.update(t for hand in event.hands for t in hand)
        return [t for t in full_set(self.rules.max_pip) if t not in seen]

    def chosen_plays(self) -> list[ChosenPlay]:
        """This round's plays that were their players' own choice (:func:`chosen_plays`)."""
        return chosen_plays(self.history, self.rules)


def chosen_plays(history: Sequence[Event], rules: RuleSet) -> list[ChosenPlay]:
    """The plays of the round in *history* (from its deal on) that their players chose,
    each with the layout it was laid on.

    Left out are the plays the rules made: a lead the rules name (the highest
    double, else the heaviest tile), and a drawn tile that fitted, which
    ``must_play_drawn`` plays at once. Where the drawn tile is hidden (another
    seat's draw) and the rules let a player draw while holding a tile that
    fits, the play after the draw may have been either; it counts as made by
    the rules, so that nothing is read into it.
    """
    named_lead = lead_is_named(rules)
    drawn_plays = rules.must_play_drawn
    empty = layout = Layout.empty(rules.spinner)
    previous: Event | None = None
    chosen: list[ChosenPlay] = []
    for index, event in enumerate(history):
        if isinstance(event, Dealt):
            layout = empty
        elif isinstance(event, Played):
            if event.end is End.LEAD:
                forced = named_lead
            else:
                forced = (
                    drawn_plays
                    and isinstance(previous, Drew)
                    and previous.player == event.player
                    and previous.tile in (None, event.tile)
                )
            if not forced:
                chosen.append(ChosenPlay(index, event, layout))
            layout = layout.place(event.tile, event.end, endwise=event.endwise)
        previous = event
    return chosen


class DrawShows(Enum):
    """What a draw tells the others of the drawer's hand, about the open ends then."""

    WHOLE_HAND = "whole-hand"  # nothing in it fitted: a player draws only for want of a tile
    LAST_DRAWN = "last-drawn"  # the tile drawn just before did not fit: it would have been played
    NOTHING = "nothing"


def draw_shows(rules: RuleSet, *, again: bool) -> DrawShows:
    """What a draw shows under *rules*; *again*: the same player drew just before.

    >>> from sniff.engine.rules import preset
    >>> draw_shows(preset("sniff"), again=False)
    <DrawShows.WHOLE_HAND: 'whole-hand'>
    >>> draw_shows(preset("sniff").with_changes(draw_while_playable=True), again=True)
    <DrawShows.LAST_DRAWN: 'last-drawn'>
    """
    if not rules.draw_while_playable:
        return DrawShows.WHOLE_HAND
    if again and rules.must_play_drawn:
        return DrawShows.LAST_DRAWN
    return DrawShows.NOTHING


def public_event(event: Event, seat: int) -> Event | None:
    """*event* as *seat* may see it: others' draws hide the tile, deals show only
    the seat's own hand (None: nothing to show)."""
    if isinstance(event, Drew) and event.player != seat:
        return Drew(event.player, None)
    if isinstance(event, Dealt):
        hands = tuple(hand if i == seat else () for i, hand in enumerate(event.hands))
        return Dealt(event.round, hands, (), event.leader, event.redeal)
    return event


def seen_alike(events: Sequence[Event]) -> bool:
    """Whether every seat sees *events* as they are (:func:`public_event` changes none:
    no draw, no deal).

    >>> seen_alike([Drew(1, None)]), seen_alike([])
    (False, True)
    """
    return not any(isinstance(event, Drew | Dealt) for event in events)


def round_seen(game: Game, seat: int, since: int | None = None) -> tuple[Event, ...]:
    """This round's events from *since* (its start by default) as *seat* may see them.

    >>> from sniff.engine.rules import preset
    >>> game = Game(preset("sniff"), 4, seed=1)
    >>> [type(e).__name__ for e in round_seen(game, 0)], round_seen(game, 0)[0].hands[1]
    (['Dealt'], ())
    """
    start = game.round_start if since is None else since
    seen = (public_event(event, seat) for event in game.log[start:])
    return tuple(event for event in seen if event is not None)


def observe(game: Game, seat: int, *, history: tuple[Event, ...] | None = None) -> Observation:
    """Build *seat*'s observation of *game*. *history*: the round's events as *seat*
    sees them (:func:`round_seen`), when the caller keeps them from step to step."""
    if history is None:
        history = round_seen(game, seat)
    to_act = game.current == seat and game.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS)
    forced = game.forced_tile if game.current == seat else None
    return Observation(
        seat=seat,
        rules=game.rules,
        players=game.players,
        sides=game.sides,
        round=game.round_no,
        phase=game.phase,
        current=game.current,
        leader=game.leader,
        hand=tuple(game.hands[seat]),
        hand_sizes=tuple(len(hand) for hand in game.hands),
        boneyard_size=len(game.stock),
        layout=game.layout,
        scores=tuple(game.scores),
        target=game.target,
        history=history,
        legal=tuple(game.legal_actions()) if to_act else (),
        forced=forced,
        required_lead=game.required_lead if game.current == seat else None,
        draws_this_turn=game.draws_this_turn,
        passes_in_row=game.passes_in_row,
        second_turn=game.second_turn,
        pending_points=game.pending_points if game.phase in (Phase.CLAIM, Phase.MUGGINS) else 0,
        mover=game.mover,
    )


def determinize(
    obs: Observation,
    hands: Sequence[Sequence[Tile]],
    boneyard: Sequence[Tile],
    *,
    rng: random.Random | None = None,
) -> Game:
    """A game in the position *obs* describes, with the hidden tiles filled in
    (a determinization, for look-ahead). *boneyard* is in drawing order.

    It sets the game's inner state directly: this module is where a seat's
    view is built from a game and, here, a game from a seat's view.
    """
    if tuple(hands[obs.seat]) != obs.hand and sorted(hands[obs.seat]) != sorted(obs.hand):
        raise ValueError("the observer's hand must stay as observed")
    game = Game.in_position(
        obs.rules,
        obs.players,
        layout=obs.layout,
        hands=[list(hand) for hand in hands],
        stock=list(reversed(boneyard)),
        rng=rng if rng is not None else random.Random(0),
    )
    game.round_no = obs.round
    game.scores = list(obs.scores)
    game.phase = obs.phase
    game.current = obs.current
    game.leader = obs.leader
    game._passes = obs.passes_in_row
    game._drawn = obs.draws_this_turn
    game._forced = obs.forced
    game._required_lead = obs.required_lead
    game._second_turn = obs.second_turn
    game._pending = obs.pending_points
    game._mover = obs.mover
    return game
