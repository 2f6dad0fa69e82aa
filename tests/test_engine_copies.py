"""A copy of a game, and a game rebuilt from a seat's view, play on exactly as the game.

Look-ahead lives on these: ``Game.copy()`` (every bot's trial), and
``determinize(observe(game, seat), hands, boneyard)`` (a bot filling in the
tiles it cannot see). Filled in with the true hands, the rebuilt game must be
the game itself; and nothing done to a copy may reach the original.
"""

from __future__ import annotations

import random

import pytest

from helpers import play, scripted_game
from sniff.engine import (
    PRESETS,
    Action,
    Claim,
    Event,
    Game,
    Observation,
    Phase,
    determinize,
    observe,
)
from sniff.engine.playout import Round


def _state(game: Game) -> tuple[object, ...]:
    """Every part of a position a player or the rules can see."""
    return (
        [list(hand) for hand in game.hands],
        game.boneyard,
        game.layout.tiles(),
        game.layout.open,
        game.count,
        list(game.scores),
        game.phase,
        game.current,
        game.leader,
        game.round_no,
        game.winner,
        game.forced_tile,
        game.required_lead,
        game.draws_this_turn,
        game.passes_in_row,
        game.second_turn,
        game.pending_points if game.phase in (Phase.CLAIM, Phase.MUGGINS) else None,
        game.mover,
        game.legal_actions(),
    )


def _choose(game: Game, rng: random.Random) -> Action:
    if game.phase is Phase.CLAIM:  # sometimes wrong, so that muggins gets called
        return Claim(rng.choice([game.pending_points, game.pending_points + 5]))
    return rng.choice(game.legal_actions())


def _play_on(game: Game, seed: int, steps: int = 200) -> list[list[Event]]:
    """Random play to the end of the round (a copy shares the dealer: no new deal)."""
    rng = random.Random(seed)
    events = []
    while game.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER) and steps:
        events.append(game.apply(_choose(game, rng)))
        steps -= 1
    return events


#: Every preset with 2, 3 and 4 players; the muggins rule with 3, two house rules with 4.
#: And two scripted positions: a drawn tile that must be played, and a pass in a row.
CASES = [(name, players) for name in sorted(PRESETS) for players in (2, 3, 4)]
#: And games not yet led: any tile may lead (sniff), or only the highest double (muggins).
CASES += [("forced", 2), ("passed", 3), ("lead-any", 2), ("lead-double", 3)]
LABELS = [f"{name}-{players}" for name, players in CASES]


def _position(name: str, players: int) -> Game:
    """A game of *name* stopped a few random actions into its first round."""
    if name == "forced":  # [6-3] is drawn after [2-1] and must be played
        game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"], "2-1 6-3 1-0")
        play(game, "6-6 lead")
        game.draw()
        game.draw()
        return game
    if name.startswith("lead-"):
        return Game(PRESETS["sniff" if name == "lead-any" else "muggins"], players, seed=players)
    if name == "passed":  # nobody follows [6-6]; the second player has passed
        game = scripted_game("sniff", ["6-6 3-1", "2-2", "5-5 4-3"])
        play(game, "6-6 lead")
        game.pass_turn()
        return game
    seed = 100 * sorted(PRESETS).index(name) + players
    changes: dict[str, object] = {"muggins": players == 3}
    if players == 4:
        changes.update(draw_while_playable=True, double_endwise=True)
    game = Game(PRESETS[name].with_changes(**changes), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 12)):
        if game.phase not in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
            break
        game.apply(_choose(game, rng))
    return game


@pytest.mark.parametrize(("name", "players"), CASES, ids=LABELS)
def test_a_copy_plays_on_as_the_game_and_leaves_it_untouched(name: str, players: int) -> None:
    game = _position(name, players)
    before = _state(game)
    log = list(game.log)
    twin = game.copy()
    assert _state(twin) == before
    assert (twin.log, twin.round_start) == ([], 0)  # a look-ahead needs no history
    kept = game.copy(keep_log=True)
    assert (kept.log, kept.round_start) == (log, game.round_start)
    twin_events = _play_on(twin, seed=7)
    assert _state(game) == before and game.log == log  # the copy changed nothing here
    assert _play_on(kept, seed=7) == twin_events
    assert _state(kept) == _state(twin)
    assert kept.log == log + [e for events in twin_events for e in events]
    assert _play_on(game, seed=7) == twin_events
    assert _state(game) == _state(twin)


@pytest.mark.parametrize(("name", "players"), CASES, ids=LABELS)
def test_a_game_rebuilt_from_the_true_hands_is_the_game(name: str, players: int) -> None:
    game = _position(name, players)
    seat = game.current
    view = observe(game, seat)
    rebuilt = determinize(view, game.hands, game.boneyard, rng=random.Random(3))
    assert _state(rebuilt) == _state(game)
    assert rebuilt.rules is game.rules and rebuilt.players == game.players
    assert rebuilt.sides == game.sides and rebuilt.target == game.target
    assert rebuilt.log == []
    twin = game.copy()
    assert _play_on(rebuilt, seed=11) == _play_on(twin, seed=11)
    assert _state(rebuilt) == _state(twin)


def test_a_rebuilt_game_keeps_its_own_history_and_generator() -> None:
    game = _position("lead-double", 3)
    assert game.required_lead is not None
    view = observe(game, game.current)
    rng = random.Random(5)
    rebuilt = determinize(view, game.hands, game.boneyard, rng=rng)
    assert rebuilt.rng is rng and rebuilt.required_lead == game.required_lead
    events = rebuilt.apply(rebuilt.legal_actions()[0])
    assert observe(rebuilt, 0).history == tuple(events)  # its history starts at its own start
    # Without a generator of its own, a rebuilt game is still the same every time.
    twice = [determinize(view, game.hands, game.boneyard) for _ in range(2)]
    for again in twice:
        while again.phase is not Phase.ROUND_OVER and again.phase is not Phase.GAME_OVER:
            again.apply(again.legal_actions()[0])
        if again.phase is Phase.ROUND_OVER:
            again.next_round()  # leaders by lot, deals: from the generator
    assert _state(twice[0]) == _state(twice[1])


def test_the_observation_holds_exactly_what_the_seat_may_know() -> None:
    game = _position("sniff", 3)
    for seat in range(game.players):
        view = observe(game, seat)
        assert view.hand == tuple(game.hands[seat])
        assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
        assert view.boneyard_size == len(game.boneyard)
        assert (view.scores, view.target, view.round) == (
            tuple(game.scores),
            game.target,
            game.round_no,
        )
        assert view.my_turn == (seat == game.current)
        assert bool(view.legal) == (seat == game.current)
        assert [view.side_of(s) for s in range(game.players)] == list(game.side_of)
        assert view.side == game.side_of[seat]
        assert view.count == game.count
        hidden = {t for s, hand in enumerate(game.hands) if s != seat for t in hand}
        assert set(view.unseen_tiles()) == hidden | set(game.boneyard)


def test_determinize_keeps_the_observer_s_hand_in_any_order_and_refuses_another() -> None:
    game = _position("sniff", 2)
    seat = game.current
    view: Observation = observe(game, seat)
    hands = [list(hand) for hand in game.hands]
    hands[seat] = hands[seat][::-1]
    assert sorted(determinize(view, hands, game.boneyard).hands[seat]) == sorted(view.hand)
    other = (seat + 1) % game.players
    swapped = [list(hand) for hand in game.hands]
    swapped[seat], swapped[other] = swapped[other], swapped[seat]
    with pytest.raises(ValueError, match=r"^the observer's hand must stay as observed$"):
        determinize(view, swapped, game.boneyard)


def _round_state(rnd: Round) -> tuple[object, ...]:
    return (
        rnd.setup,
        rnd.lay,
        rnd.hands,
        rnd.pips,
        rnd.stock,
        rnd.current,
        rnd.passes,
        rnd.drawn,
        rnd.forced,
        rnd.required,
        rnd.second,
        rnd.scores,
        rnd.over,
        rnd.winner,
    )


@pytest.mark.parametrize(("name", "players"), CASES, ids=LABELS)
def test_a_compact_round_from_a_seat_s_view_is_the_compact_round_of_the_game(
    name: str, players: int
) -> None:
    game = _position(name, players)
    if game.phase is not Phase.PLAY:
        game.apply(_choose(game, random.Random(1)))  # the claim or muggins call first
    if game.phase is not Phase.PLAY:
        game.apply(_choose(game, random.Random(1)))
    assert game.phase is Phase.PLAY
    from_game = Round.from_game(game)
    view = observe(game, game.current)
    from_view = Round.from_observation(view, game.hands, game.boneyard)
    assert _round_state(from_view) == _round_state(from_game)
    swapped = [list(hand) for hand in game.hands]
    swapped.reverse()
    if swapped[game.current] != game.hands[game.current]:
        with pytest.raises(ValueError, match=r"^the observer's hand must stay as observed$"):
            Round.from_observation(view, swapped, game.boneyard)
    with_claim = game.copy()
    with_claim.phase = Phase.CLAIM
    with pytest.raises(ValueError, match=r"in the play phase, not Phase\.CLAIM"):
        Round.from_game(with_claim)


def test_at_a_round_s_end_the_hands_shown_are_seen() -> None:
    game = _position("passed", 3)  # a scripted deal of a few tiles: the rest are nowhere
    others = {t for hand in game.hands[1:] for t in hand}
    assert others <= set(observe(game, 0).unseen_tiles())
    game.pass_turn()
    game.pass_turn()  # blocked: every hand is shown
    assert game.phase is Phase.ROUND_OVER
    for seat in range(3):
        unseen = set(observe(game, seat).unseen_tiles())
        assert unseen.isdisjoint(t for hand in game.hands for t in hand)
        assert len(unseen) == 28 - len(game.layout.tiles()) - sum(map(len, game.hands))


def test_a_copy_in_a_later_round_keeps_where_the_round_began_only_with_the_log() -> None:
    game = Game(PRESETS["sniff"], 2, seed=5)
    rng = random.Random(5)
    while game.round_no < 2:
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
        else:
            game.apply(_choose(game, rng))
    assert game.round_start > 0
    assert game.copy(keep_log=True).round_start == game.round_start
    assert game.copy().round_start == 0
    history = observe(game, 0).history
    assert observe(game.copy(keep_log=True), 0).history == history
    assert observe(game.copy(), 0).history == ()


def test_a_copy_of_a_finished_game_knows_the_winner() -> None:
    game = scripted_game(PRESETS["sniff"].with_changes(targets=10), ["5-5 6-6", "5-3 1-0"])
    play(game, "5-5 lead")
    assert (game.phase, game.winner) == (Phase.GAME_OVER, 0)
    twin = game.copy()
    assert (twin.phase, twin.winner, twin.legal_actions()) == (Phase.GAME_OVER, 0, [])
