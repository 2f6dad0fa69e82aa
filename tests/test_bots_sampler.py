"""The expert's sampler: guessed deals agree with everything the seat has seen."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sniff.bots.sampler import Sampler, fits, open_mask, pip_mask, track_slots
from sniff.engine import (
    PRESETS,
    Dealt,
    Drew,
    End,
    Game,
    Layout,
    LeadRule,
    Passed,
    Phase,
    Played,
    RuleSet,
    Tile,
    full_set,
    observe,
    preset,
)


def random_prefix(rules: RuleSet, players: int, seed: int, steps: int) -> Game:
    """A game some random (but mostly sensible) actions into its first round."""
    rng = random.Random(seed)
    game = Game(rules, players, seed=seed)
    for _ in range(steps):
        if game.phase not in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def ruled_out(game: Game, seat: int) -> list[tuple[int, int]]:
    """From the real log: (pip mask, draws since) for each of *seat*'s draws and
    passes that proved it held nothing on the open ends. At most that many of its
    tiles now can show those pips: only tiles drawn later can."""
    rules = game.rules
    layout = Layout.empty(rules.spinner)
    proofs: list[list[int]] = []
    for event in game.log[game.round_start :]:
        if isinstance(event, Played):
            layout = layout.place(event.tile, event.end, endwise=event.endwise)
        elif isinstance(event, Drew) and event.player == seat:
            if not rules.draw_while_playable:
                proofs.append([open_mask(layout), 0])
            for proof in proofs:
                proof[1] += 1
        elif isinstance(event, Passed) and event.player == seat:
            proofs.append([open_mask(layout), 0])
    return [(mask, later) for mask, later in proofs]


def dealt_forbidden(game: Game) -> set[Tile]:
    """Tiles that, by the lead rule, no hand held at the deal."""
    if game.rules.lead is not LeadRule.HIGHEST_DOUBLE:
        return set()
    lead = next(
        (
            e.tile
            for e in game.log[game.round_start :]
            if isinstance(e, Played) and e.end is End.LEAD
        ),
        None,
    )
    if lead is None:
        return set()
    if lead.is_double:
        return {t for t in full_set(game.rules.max_pip) if t.is_double and t.high > lead.high}
    return {
        t
        for t in full_set(game.rules.max_pip)
        if t.is_double or (t.pips, t.high) > (lead.pips, lead.high)
    }


def draws_of(game: Game, seat: int) -> int:
    return sum(1 for e in game.log[game.round_start :] if isinstance(e, Drew) and e.player == seat)


def feasible(slots: list[list[int]], hand: list[Tile], forbidden: frozenset[Tile]) -> bool:
    """Whether the real *hand* fills the tracked *slots* (bipartite matching)."""
    if len(slots) != len(hand):
        return False
    owner: dict[int, int] = {}  # slot -> tile index

    def place(tile: int, seen: set[int]) -> bool:
        for i, slot in enumerate(slots):
            if i in seen or not fits(slot, hand[tile], forbidden):
                continue
            seen.add(i)
            if i not in owner or place(owner[i], seen):
                owner[i] = tile
                return True
        return False

    return all(place(tile, set()) for tile in range(len(hand)))


@settings(max_examples=120, deadline=None)
@given(
    name=st.sampled_from(sorted(PRESETS)),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    dwp=st.booleans(),
)
def test_sampled_deals_respect_what_the_seat_saw(
    name: str, players: int, seed: int, steps: int, dwp: bool
) -> None:
    rules = preset(name).with_changes(draw_while_playable=dwp)
    game = random_prefix(rules, players, seed, steps)
    if game.phase is Phase.GAME_OVER or game.phase is Phase.ROUND_OVER:
        return
    seat = seed % players
    obs = observe(game, seat)
    slots, forbidden = track_slots(obs)
    # The truth always stays feasible.
    for other, held in slots.items():
        assert feasible(held, game.hands[other], forbidden), (other, held, game.hands[other])
    sampler = Sampler(obs)
    on_table = set(game.layout.tiles())
    for draw in range(5):
        hands, boneyard = sampler.sample(random.Random(draw))
        assert sampler.relaxed == 0
        assert hands[seat] == list(game.hands[seat])
        assert [len(h) for h in hands] == [len(h) for h in game.hands]
        assert len(boneyard) == len(game.stock)
        every = [t for h in hands for t in h] + boneyard + list(on_table)
        assert sorted(every) == sorted(full_set(rules.max_pip))
        banned = dealt_forbidden(game)
        for other in range(players):
            if other == seat:
                continue
            hand = hands[other]
            for mask, later in ruled_out(game, other):
                assert sum(1 for t in hand if pip_mask(t) & mask) <= later
            assert sum(1 for t in hand if t in banned) <= draws_of(game, other)


def test_a_pass_rules_out_every_tile_on_the_open_ends() -> None:
    # Play random games until someone other than seat 0 passes; then no sampled
    # hand of theirs holds a tile on the ends open at the pass (nothing drawn since).
    for seed in range(200):
        game = Game(preset("sniff"), 2, seed=seed)
        rng = random.Random(seed)
        while game.phase is Phase.PLAY:
            mover = game.current
            action = rng.choice(game.legal_actions())
            game.apply(action)
            if game.phase is Phase.PLAY and isinstance(game.log[-1], Passed) and mover == 1:
                mask = open_mask(game.layout)
                obs = observe(game, 0)
                hands, _ = Sampler(obs).sample(random.Random(seed))
                assert not any(pip_mask(t) & mask for t in hands[1])
                assert not isinstance(obs.history[0], Dealt) or obs.history[0].hands[1] == ()
                return
    raise AssertionError("no pass in 200 random games")
