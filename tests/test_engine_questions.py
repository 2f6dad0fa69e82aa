"""The questions the bots and the hints ask the engine instead of knowing the rules:
who plays again, which plays were a free choice, what a named lead gives away.
Each answer is held to what the game itself does; and nothing outside the engine
reads an engine object's private parts."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from helpers import deal, rules_of, scripted_game
from sniff.engine import (
    PRESETS,
    Claim,
    Dealt,
    DrawShows,
    Drew,
    End,
    Game,
    Layout,
    Move,
    Phase,
    Played,
    RuleSet,
    ScriptedDealer,
    Tile,
    chosen_plays,
    draw_shows,
    full_set,
    not_dealt_given_lead,
    observe,
    plays_again,
)

SOURCE = Path(__file__).resolve().parents[1] / "src" / "sniff"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_leader_plays_again_exactly_where_the_engine_says(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(4):
        game = Game(rules, 2 + seed % 3, seed=seed)
        leader = game.current
        lead = next(a for a in game.legal_actions() if isinstance(a, Move))
        game.apply(lead)
        if game.phase is Phase.CLAIM:
            game.apply(Claim(game.pending_points))
        if game.phase is not Phase.PLAY:
            continue  # the lead ended the game
        assert (game.current == leader) is plays_again(lead, rules), (name, seed)
        follow = next((a for a in game.legal_actions() if isinstance(a, Move)), None)
        if follow is not None:
            assert not plays_again(follow, rules), "only a lead is played again after"


def _round_with_truth(rules: RuleSet, players: int, seed: int) -> tuple[Game, set[int]]:
    """One round of random legal actions, and the places in its history of the plays
    the rules made (a drawn tile that must be played, a lead the rules name)."""
    rng = random.Random(seed)
    game = Game(rules, players, seed=seed)
    made: set[int] = set()
    while game.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
        if game.phase is not Phase.PLAY:
            game.apply(game.legal_actions()[0])
            continue
        action = rng.choice(game.legal_actions())
        if isinstance(action, Move) and (
            game.forced_tile is not None or game.required_lead is not None
        ):
            made.add(len(game.log) - game.round_start)
        game.apply(action)
    return game, made


_CASES = [
    (name, PRESETS[name].with_changes(**changes), players)
    for name in sorted(PRESETS)
    for changes, players in (
        ({}, 2),
        ({"must_play_drawn": False}, 3),
        ({"draw_while_playable": True, "draw_limit": 2}, 2),
    )
]


@pytest.mark.parametrize(("name", "rules", "players"), _CASES)
def test_chosen_plays_are_the_plays_the_rules_left_to_the_player(
    name: str, rules: RuleSet, players: int
) -> None:
    for seed in range(8):
        game, made = _round_with_truth(rules, players, seed)
        history = game.log[game.round_start :]
        plays = {i for i, event in enumerate(history) if isinstance(event, Played)}
        chosen = chosen_plays(history, rules)
        # With every tile in sight (the full log), the engine knows exactly.
        assert {c.at for c in chosen} == plays - made, (name, seed)
        for c in chosen:
            assert c.play is history[c.at]
            assert len(c.before.tiles()) == sum(isinstance(e, Played) for e in history[: c.at])
        # A seat that cannot see another's drawn tile never takes a forced play for a choice.
        for seat in range(players):
            seen = observe(game, seat)
            assert {c.at for c in seen.chosen_plays()} <= plays - made
            if not rules.draw_while_playable:
                assert {c.at for c in seen.chosen_plays()} == plays - made


def test_a_drawn_tile_that_did_not_fit_leaves_the_next_play_a_choice() -> None:
    # Drawing while holding a tile that fits: 3-2 is drawn, fits nowhere, and 6-1 is played.
    rules = rules_of("sniff", draw_while_playable=True)
    game = scripted_game(rules, ["6-6 5-0 4-0", "6-1 2-0 1-0 3-1 4-1 5-1 0-0"], "3-2 5-5")
    game.play(Move(Tile.of(6, 6), End.LEAD))
    game.draw()
    assert game.forced_tile is None
    game.play(Move(Tile.of(6, 1), End.WEST))
    mine = [c.play.tile for c in observe(game, 1).chosen_plays()]
    theirs = [c.play.tile for c in observe(game, 0).chosen_plays()]
    assert mine == [Tile.of(6, 6), Tile.of(6, 1)]
    assert theirs == [Tile.of(6, 6)], "the drawn tile unseen, the play may have been forced"


@pytest.mark.parametrize(("name", "rules", "players"), _CASES)
def test_what_a_draw_shows_holds_for_every_draw_of_the_game(
    name: str, rules: RuleSet, players: int
) -> None:
    told = set()
    for seed in range(8):
        game, _ = _round_with_truth(rules, players, seed)
        history = game.log[game.round_start :]
        dealt = history[0]
        assert isinstance(dealt, Dealt)
        hands = {seat: set(hand) for seat, hand in enumerate(dealt.hands)}
        layout = Layout.empty(rules.spinner)
        previous = None
        for event in history:
            if isinstance(event, Drew):
                again = isinstance(previous, Drew) and previous.player == event.player
                shows = draw_shows(rules, again=again)
                told.add(shows)
                opens = {pip for _, pip in layout.open_arms}
                if shows is DrawShows.WHOLE_HAND:
                    assert not any(t.high in opens or t.low in opens for t in hands[event.player])
                elif shows is DrawShows.LAST_DRAWN:
                    assert isinstance(previous, Drew) and previous.tile is not None
                    assert not set(previous.tile) & opens, "the tile drawn before did not fit"
                assert event.tile is not None
                hands[event.player].add(event.tile)
            elif isinstance(event, Played):
                hands[event.player].discard(event.tile)
                layout = layout.place(event.tile, event.end, endwise=event.endwise)
            previous = event
    expected = DrawShows.NOTHING if rules.draw_while_playable else DrawShows.WHOLE_HAND
    assert expected in told, name  # (the rounds drew: the check above ran)


@pytest.mark.parametrize("name", ["muggins", "alle-fuenfe"])
def test_a_named_lead_rules_out_only_tiles_no_hand_held(name: str) -> None:
    rules = PRESETS[name]
    for seed in range(40):
        game = Game(rules, 2 + seed % 3, seed=seed)
        lead = game.required_lead
        assert lead is not None
        held = {t for hand in game.hands for t in hand} - {lead}
        assert not (not_dealt_given_lead(rules, lead, full_set()) & held), (name, seed)


def test_the_heaviest_tile_led_rules_out_every_double_and_every_heavier_tile() -> None:
    rules = PRESETS["alle-fuenfe"]
    hands = ["6-5 4-1 3-2 2-0 1-0 5-3 4-2", "6-4 5-4 3-1 2-1 4-0 3-0 5-0"]
    game = Game(rules, 2, dealer=ScriptedDealer([deal(hands, "6-6 5-5 4-4 3-3 2-2 1-1 0-0")]))
    assert game.required_lead == Tile.of(6, 5) and game.current == 0
    ruled_out = not_dealt_given_lead(rules, Tile.of(6, 5), full_set())
    assert ruled_out == {t for t in full_set() if t.is_double or t.pips > 11 or t == Tile.of(6, 6)}
    assert not_dealt_given_lead(PRESETS["sniff"], Tile.of(6, 5), full_set()) == frozenset()


def test_a_seat_that_saw_its_own_drawn_tile_knows_the_play_was_forced() -> None:
    game = scripted_game(
        "sniff", ["6-6 6-5 6-4 6-2 6-1 6-0 3-0", "5-4 2-1 5-5 1-0 3-1 4-4 2-0"], "6-3"
    )
    game.play(Move(Tile.of(6, 6), End.LEAD))
    game.draw()
    game.play(Move(Tile.of(6, 3), End.WEST))
    view = observe(game, 1)
    assert any(isinstance(e, Drew) and e.tile == Tile.of(6, 3) for e in view.history)
    assert [c.play.tile for c in view.chosen_plays()] == [Tile.of(6, 6)]


# -- nothing outside the engine reads its private parts ----------------------------------


def _private_names_of_the_engine() -> set[str]:
    """Every ``_name`` the engine's classes keep: slots and attributes set on ``self``."""
    names: set[str] = set()
    for path in (SOURCE / "engine").glob("*.py"):
        names.update(re.findall(r"\.(_[a-z]\w*)", path.read_text(encoding="utf-8")))
        names.update(re.findall(r"\"(_[a-z]\w*)\"", path.read_text(encoding="utf-8")))  # slots
    return names - _NAMED_TUPLE_API


#: A named tuple's public methods, spelt with an underscore so as not to clash with fields.
_NAMED_TUPLE_API = {"_asdict", "_fields", "_field_defaults", "_make", "_replace"}


def _reads_outside_the_engine(private: set[str]) -> list[str]:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.is_relative_to(SOURCE / "engine") or not (
            private & set(re.findall(r"\.(_[a-z]\w*)", text)) or "import _" in text
        ):
            continue  # (parsed only where a private name may be read: the test stays fast)
        for node in ast.walk(ast.parse(text)):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in private
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                found.append(f"{path.relative_to(SOURCE)}:{node.lineno}: .{node.attr}")
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("sniff.engine"):
                where = f"{path.relative_to(SOURCE)}:{node.lineno}"
                found += [f"{where}: {a.name}" for a in node.names if a.name.startswith("_")]
    return found


def test_no_module_outside_the_engine_reads_an_engine_objects_private_parts() -> None:
    private = _private_names_of_the_engine()
    assert {"_state", "_forced", "_second_turn"} <= private
    found = _reads_outside_the_engine(private)
    assert not found, "ask the engine instead: " + "; ".join(found)
