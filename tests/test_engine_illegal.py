"""Illegal moves: refused with :class:`IllegalMove`, a reason, and no change to the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from helpers import move, play_all, rules_of, scripted_game, tiles
from sniff.engine import Game, IllegalMove, Reason


class Case(NamedTuple):
    name: str
    make: Callable[[], Game]
    move: str
    reason: Reason


def _after(
    preset: str, hands: list[str], plays: list[str], boneyard: str = "", **rules: Any
) -> Callable[[], Game]:
    def make() -> Game:
        game = scripted_game(rules_of(preset, **rules), hands, boneyard)
        play_all(game, plays)
        return game

    return make


def _drawn() -> Game:
    game = scripted_game("sniff", ["6-6 0-0", "5-4 3-2"], "6-3 1-0")
    play_all(game, ["6-6 lead"])
    game.draw()
    return game


def _round_over() -> Game:
    game = scripted_game("sniff", ["6-6", "5-4 3-2"])
    play_all(game, ["6-6 lead"])
    return game


_TWO = ["6-4 4-1 2-2 0-0", "4-4 6-3 5-2 1-1"]

CASES = [
    Case("tile not in hand", _after("sniff", _TWO, []), "5-5 lead", Reason.NOT_IN_HAND),
    Case("opponent's tile", _after("sniff", _TWO, ["6-4 lead"]), "4-1 east", Reason.NOT_IN_HAND),
    Case("does not fit", _after("sniff", _TWO, ["6-4 lead"]), "5-2 east", Reason.DOES_NOT_FIT),
    Case("first tile not the lead", _after("sniff", _TWO, []), "6-4 east", Reason.END_CLOSED),
    Case("lead already down", _after("sniff", _TWO, ["6-4 lead"]), "6-3 lead", Reason.END_CLOSED),
    Case(
        "north before any sniff",
        _after("sniff", _TWO, ["6-4 lead"]),
        "4-4 north",
        Reason.END_CLOSED,
    ),
    Case(
        "north in a two-armed game",
        _after("muggins", _TWO, ["4-4 lead"]),
        "4-1 north",
        Reason.END_CLOSED,
    ),
    Case(
        "stubby north closed after one tile",
        _after("sniff-stubby", _TWO, ["6-4 lead", "4-4 east", "4-1 north"]),
        "1-1 north",
        Reason.END_CLOSED,
    ),
    Case("highest double must lead", _after("muggins", _TWO, []), "6-3 lead", Reason.MUST_LEAD),
    Case("must play the drawn tile", _drawn, "5-4 east", Reason.MUST_PLAY_DRAWN),
    Case(
        "endwise without the house rule",
        _after("muggins", _TWO, ["4-4 lead", "4-1 east"]),
        "1-1 east endwise",
        Reason.ENDWISE,
    ),
    Case(
        "the sniff is never endwise",
        _after("domino-play", _TWO, ["6-4 lead"], double_endwise=True),
        "4-4 east endwise",
        Reason.ENDWISE,
    ),
    Case(
        "endwise a tile that is no double",
        _after("domino-play", _TWO, ["6-4 lead"], double_endwise=True),
        "6-3 west endwise",
        Reason.ENDWISE,
    ),
    Case(
        "endwise lead",
        _after("muggins", _TWO, [], double_endwise=True),
        "4-4 lead endwise",
        Reason.ENDWISE,
    ),
    Case("round over", _round_over, "5-4 east", Reason.ROUND_OVER),
]


def _snapshot(game: Game) -> tuple[object, ...]:
    return (
        [list(hand) for hand in game.hands],
        game.boneyard,
        game.layout.tiles(),
        game.layout.open,
        game.layout.count,
        list(game.scores),
        game.phase,
        game.current,
        game.forced_tile,
        game.draws_this_turn,
        len(game.log),
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_illegal_move_is_refused_and_changes_nothing(case: Case) -> None:
    game = case.make()
    before = _snapshot(game)
    twin = game.copy()
    illegal = move(case.move)
    refusal = game.refusal(illegal)
    assert refusal is not None and refusal.reason is case.reason
    assert illegal not in game.legal_actions()
    with pytest.raises(IllegalMove):
        game.play(illegal)
    with pytest.raises(IllegalMove):
        game.apply(illegal)
    assert _snapshot(game) == before
    assert _snapshot(twin)[:-1] == before[:-1]  # the copy holds the same position


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=c.name)
        for c in CASES
        if c.reason is not Reason.ROUND_OVER  # about the phase, not the move
    ],
)
def test_illegal_move_message_names_the_tile_and_the_end(case: Case) -> None:
    game = case.make()
    illegal = move(case.move)
    with pytest.raises(IllegalMove) as raised:
        game.play(illegal)
    message = str(raised.value)
    assert str(illegal.tile) in message and illegal.end.value in message, message


def test_an_endwise_double_lead_is_neither_legal_nor_accepted() -> None:
    # "Doubles lie crosswise, a double lead too": the endwise house rule leaves the lead alone.
    game = scripted_game(rules_of("muggins", double_endwise=True), ["5-5 5-3", "6-1 2-0"])
    endwise_lead = move("5-5 lead endwise")
    assert endwise_lead not in game.legal_moves()
    refusal = game.refusal(endwise_lead)
    assert refusal is not None and refusal.reason is Reason.ENDWISE


#: What each refusal says (for logs and bug reports; the player hears the reason's words).
MESSAGES = {
    "tile not in hand": "cannot play 5-5 as the lead: it is not in your hand",
    "opponent's tile": "cannot play 4-1 on east: it is not in your hand",
    "does not fit": "cannot play 5-2 on east: it does not fit east, which is 4",
    "first tile not the lead": "cannot play 6-4 on east: the first tile is the lead",
    "lead already down": "cannot play 6-3 as the lead: the lead is already down",
    "north before any sniff": "cannot play 4-4 on north: north is not open",
    "north in a two-armed game": "cannot play 4-1 on north: north is not open",
    "stubby north closed after one tile": "cannot play 1-1 on north: north is not open",
    "highest double must lead": "cannot play 6-3 as the lead: 4-4 must lead",
    "must play the drawn tile": "cannot play 5-4 on east: you must play the tile you drew, 6-3",
    "endwise without the house rule": "cannot play 1-1 on east: it cannot be laid endwise",
    "the sniff is never endwise": "cannot play 4-4 on east: it cannot be laid endwise",
    "endwise a tile that is no double": "cannot play 6-3 on west: it cannot be laid endwise",
    "endwise lead": "cannot play 4-4 as the lead: it cannot be laid endwise",
    "round over": "the round is over",
}
#: The tiles each refusal names (the announcer says them), when not the tile played.
NAMED = {"highest double must lead": "4-4", "must play the drawn tile": "6-3", "round over": ""}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_illegal_move_says_exactly_why_and_names_its_tiles(case: Case) -> None:
    game = case.make()
    illegal = move(case.move)
    refusal = game.refusal(illegal)
    assert refusal is not None
    assert (str(refusal), refusal.action) == (MESSAGES[case.name], illegal)
    assert refusal.tiles == tiles(NAMED.get(case.name, case.move.split()[0]))
    with pytest.raises(IllegalMove) as raised:
        game.apply(illegal)
    assert str(raised.value) == MESSAGES[case.name]
