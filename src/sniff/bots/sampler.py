"""Guessing the hidden tiles from what one seat has seen (determinization).

Each other player's hand is a list of *slots*, one per tile held. A slot
remembers the pips its tile cannot show (a player who drew or passed held
nothing matching the open ends then) and whether it was dealt at the start
(deal-time facts, such as "nobody held a higher double than the one led", bind
only dealt tiles). Slots are added by draws and removed by plays: a play
removes the most constrained slot that its tile fits. Constraints only ever
grow on all of a player's slots at once, so older slots are always at least as
constrained as newer ones; removing the most constrained fitting slot then
keeps the real deal feasible.

A :class:`Sampler` then fills the slots with unseen tiles at random, most
constrained slot first, and puts the rest in the boneyard in random order.
"""

from __future__ import annotations

import random

from sniff.engine import (
    Dealt,
    DrawShows,
    Drew,
    End,
    Layout,
    Observation,
    Passed,
    Played,
    Tile,
    draw_shows,
    not_dealt_given_lead,
)

# A slot is [forbidden pip mask, dealt at the start (1) or drawn (0), the place in
# the history of the event that brought the tile into the hand].
Slot = list[int]


def pip_mask(tile: Tile) -> int:
    """The bit of each half of *tile*."""
    return (1 << tile.high) | (1 << tile.low)


def open_mask(layout: Layout) -> int:
    """The bits of the pips a tile could be played on now."""
    mask = 0
    for pip in layout.open:
        if pip >= 0:
            mask |= 1 << pip
    return mask


def deal_forbidden(obs: Observation, lead: Tile | None) -> frozenset[Tile]:
    """Unseen tiles nobody can have been dealt, given the tile that led the round
    (the engine says what a lead the rules named gives away)."""
    if lead is None:
        return frozenset()
    return not_dealt_given_lead(obs.rules, lead, obs.unseen_tiles())


def fits(slot: Slot, tile: Tile, forbidden: frozenset[Tile]) -> bool:
    """Whether *tile* may fill *slot*."""
    return not slot[0] & pip_mask(tile) and not (slot[1] and tile in forbidden)


def round_lead(obs: Observation) -> Tile | None:
    """The tile that led this round, if it is down."""
    for event in obs.history:
        if isinstance(event, Played) and event.end is End.LEAD:
            return event.tile
    return None


def track_slots(obs: Observation) -> tuple[dict[int, list[Slot]], frozenset[Tile]]:
    """Replay *obs*'s history: every other seat's slots, and the tiles no dealt
    slot may hold."""
    rules = obs.rules
    forbidden = deal_forbidden(obs, round_lead(obs))
    size = rules.hand_size(obs.players)
    slots: dict[int, list[Slot]] = {s: [] for s in range(obs.players) if s != obs.seat}
    layout = Layout.empty(rules.spinner)
    last: object = None
    for index, event in enumerate(obs.history):
        if isinstance(event, Dealt):
            for seat in slots:
                slots[seat] = [[0, 1, index] for _ in range(size)]
        elif isinstance(event, Played):
            layout = layout.place(event.tile, event.end, endwise=event.endwise)
            if event.player in slots:
                remove_slot(slots[event.player], event.tile, forbidden)
        elif isinstance(event, Drew) and event.player in slots:
            held = slots[event.player]
            mask = open_mask(layout)
            again = isinstance(last, Drew) and last.player == event.player
            shows = draw_shows(rules, again=again)
            if shows is DrawShows.WHOLE_HAND:
                for slot in held:
                    slot[0] |= mask
            elif shows is DrawShows.LAST_DRAWN and held:
                held[-1][0] |= mask
            held.append([0, 0, index])
        elif isinstance(event, Passed) and event.player in slots:
            mask = open_mask(layout)
            for slot in slots[event.player]:
                slot[0] |= mask
        last = event
    return slots, forbidden


def remove_slot(held: list[Slot], tile: Tile, forbidden: frozenset[Tile]) -> None:
    """Take out the slot a played *tile* came from: the most constrained one it fits.

    If none fits (only possible once constraints were relaxed by hand), the
    least constrained goes, so that the hand size stays right.
    """
    if not held:
        return
    best = -1
    best_key = (-1, -1)
    for i, slot in enumerate(held):
        if fits(slot, tile, forbidden):
            key = (slot[0].bit_count(), slot[1])
            if key > best_key:
                best, best_key = i, key
    if best < 0:
        best = min(range(len(held)), key=lambda i: (held[i][0].bit_count(), held[i][1]))
    del held[best]


class Sampler:
    """Deals the unseen tiles into hands and a boneyard consistent with *obs*.

    >>> from sniff.engine import Game, observe, preset
    >>> obs = observe(Game(preset("sniff"), 2, seed=3), 0)
    >>> hands, boneyard = Sampler(obs).sample(random.Random(1))
    >>> [len(h) for h in hands], len(boneyard)
    ([7, 7], 14)
    """

    def __init__(self, obs: Observation, *, attempts: int = 30) -> None:
        self.obs = obs
        self.attempts = attempts
        slots, forbidden = track_slots(obs)
        self.unseen = obs.unseen_tiles()
        # The hand sizes are known exactly; should the tracking disagree (it
        # cannot with the engine's rules), pad or trim with free slots.
        for seat, held in slots.items():
            want = obs.hand_sizes[seat]
            while len(held) > want:
                held.pop()
            while len(held) < want:
                held.append([0, 0, 0])
        self.slots = slots
        self.forbidden = forbidden
        self.relaxed = 0  # 0: all constraints, 1: deal facts dropped, 2: none
        self._plan = self._make_plan(slots, forbidden)

    def _make_plan(
        self, slots: dict[int, list[Slot]], forbidden: frozenset[Tile]
    ) -> list[tuple[int, list[Tile], int]]:
        """(seat, candidate tiles, when the tile came) per slot, most constrained first."""
        plan = []
        for seat, held in slots.items():
            for slot in held:
                candidates = [t for t in self.unseen if fits(slot, t, forbidden)]
                plan.append((seat, candidates, slot[2]))
        plan.sort(key=lambda item: len(item[1]))
        return plan

    def sample(self, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
        """Hands for every seat (the observer's own as observed) and the boneyard
        in drawing order."""
        hands, boneyard, _came = self.sample_with_times(rng)
        return hands, boneyard

    def sample_with_times(
        self, rng: random.Random
    ) -> tuple[list[list[Tile]], list[Tile], list[list[int]]]:
        """:meth:`sample`, and for each tile of the other hands the place in the
        history of the event that brought it into the hand (the deal or a draw)."""
        while True:
            for _ in range(self.attempts):
                dealt = self._try(rng)
                if dealt is not None:
                    return dealt
            if self.relaxed >= 2:  # pragma: no cover - free slots always fill
                raise AssertionError("unconstrained sampling failed")
            # Sampling keeps failing: loosen the constraints rather than crash.
            self.relaxed += 1
            if self.relaxed == 1:
                self._plan = self._make_plan(self.slots, frozenset())
            else:
                free = {seat: [[0, 0, 0] for _ in held] for seat, held in self.slots.items()}
                self._plan = self._make_plan(free, frozenset())

    def _try(
        self, rng: random.Random
    ) -> tuple[list[list[Tile]], list[Tile], list[list[int]]] | None:
        obs = self.obs
        used: set[Tile] = set()
        hands: list[list[Tile]] = [[] for _ in range(obs.players)]
        came: list[list[int]] = [[] for _ in range(obs.players)]
        hands[obs.seat] = list(obs.hand)
        for seat, candidates, when in self._plan:
            free = [t for t in candidates if t not in used]
            if not free:
                return None
            tile = free[int(rng.random() * len(free))]
            used.add(tile)
            hands[seat].append(tile)
            came[seat].append(when)
        boneyard = [t for t in self.unseen if t not in used]
        rng.shuffle(boneyard)
        return hands, boneyard, came
