"""Playing by ear through the real key bindings: keys in any case, facts one key
away, questions before anything is lost, and few keys per turn."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from sniff.engine import Move, Phase
from sniff.engine import what_if as engine_what_if
from test_ui_game_harness import Driver


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


async def _my_play(d: Driver) -> None:
    for _ in range(300):
        if d.my_turn() and d.game.phase is Phase.PLAY and d.game.layout.lead:
            return
        assert await d.play_turn()
    raise AssertionError("no turn of the player came")


def test_the_first_start_welcome_is_not_cut_off() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "2"]) as d:
            spoken = d.speech.spoken
            assert spoken[0][0].startswith("Welcome to Sniff.")
            # Nothing after the welcome interrupts it before the player's first key.
            first_key = next((i for i, (t, _) in enumerate(spoken) if "Your turn" in t), None)
            later = spoken[1:first_key]
            assert later and not any(interrupt for _, interrupt in later), later
            new_game = next(t for t, _ in spoken if t.startswith("New game"))
            assert "Sniff, to 200 points" in new_game

    run(go)


def test_capital_letters_and_caps_lock_work_like_small_ones() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            await d.press("h")
            hand = d.last()
            await d.press("H")
            assert d.last() == hand
            await d.press("Q")
            assert d.last().startswith("Quit? The game is saved.")
            await d.press("Y")
            assert d.task.done()

    run(go)


def test_the_round_key_and_the_since_my_move_key() -> None:
    async def go() -> None:
        async with Driver(["--players", "3", "--bots", "random", "--seed", "8"]) as d:
            await _my_play(d)
            await d.press("i")
            assert d.last().startswith(f"Round {d.game.round_no}, a game to 200 points.")
            await d.press("a")
            since = d.last()
            assert since.startswith(("Since your last move:", "Nothing has happened"))
            if since.startswith("Since"):
                assert "Anna" in since or "Ben" in since

    run(go)


def test_t_says_the_unseen_tiles_a_part_at_a_time() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            await _my_play(d)
            parts = []
            for _ in range(6):
                await d.press("t")
                parts.append(d.last())
                if not parts[-1].endswith("T for more."):
                    break
            assert len(parts) >= 2 and parts[0].split(" ")[1] == "tiles"
            await d.press("h", "t")  # another key starts the list over
            assert d.last() == parts[0]

    run(go)


def test_new_game_from_the_menu_asks_before_the_game_is_lost() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            session = d.session
            log = list(d.game.log)
            await d.press("m", "end", "up")  # the menu; "new game" sits just above "back"
            assert d.last().startswith("Start a new game with these settings")
            await d.press("enter")
            assert d.last().startswith("Start a new game? The game in progress will be lost.")
            await d.press("n")
            assert d.session is session and list(d.game.log) == log
            await d.press("m", "end", "up", "enter", "y")
            assert d.session is not session

    run(go)


def test_keys_per_turn_stay_at_or_below_2_9() -> None:
    """A player who knows what to play: from the tile the game selects, arrows to the
    best-scoring move, Enter. The game selects a fitting tile at each turn, so few
    keys are needed (the goal from playing tests: at most 2.9 keys a turn)."""

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "21"]) as d:
            keys = turns = 0
            while d.game.phase is not Phase.GAME_OVER and turns < 80:
                game = d.game
                if game.phase is Phase.ROUND_OVER:
                    await d.press("enter")
                    continue
                if not d.my_turn():
                    await d.settle()
                    continue
                turns += 1
                moves = game.legal_moves()
                if not moves:
                    keys += 1
                    await d.press("d" if game.can_draw() else "p")
                    continue
                best = max(moves, key=lambda m: engine_what_if(game.layout, m, game.rules).points)
                path = _keys_to(d, best)
                keys += len(path)
                await d.press(*path)
            assert turns >= 20
            print(f"keys per turn: {keys / turns:.2f} over {turns} turns")
            assert keys / turns <= 2.9, keys / turns

    run(go)


def _keys_to(d: Driver, move: Move) -> list[str]:
    """The fewest keys from the current selection to playing *move*."""
    hand = d.cursor.hand
    here = hand.index(d.cursor.selected) if d.cursor.selected in hand else 0
    there = hand.index(move.tile)
    steps = ["right"] * (there - here) if there >= here else ["left"] * (here - there)
    if there != here and there == 0 and here > 1:
        steps = ["home"]
    elif there != here and there == len(hand) - 1 and len(hand) - 1 - here > 1:
        steps = ["end"]
    choices = d.cursor.choices(move.tile)
    downs = ["down"] * choices.index(move)
    return [*steps, *downs, "enter"]


def test_after_your_own_draw_you_hear_what_to_do_once() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "6"]) as d:
            for _ in range(400):  # play until a turn where nothing fits
                game = d.game
                mine = d.my_turn() and game.phase is Phase.PLAY and game.layout.lead
                if mine and not game.legal_moves():
                    break
                assert await d.play_turn()
            else:
                raise AssertionError("no turn without a fitting tile came")
            said = await d.said_after(lambda: d.press("d"))
            assert said[0].startswith("You draw ")
            assert said[0].endswith(("Draw again.", "Play it.", "Pass.")) or "fits" in said[0]
            # The draw's own words say what to do: no turn prompt repeats them.
            assert not any(line.startswith(("Your turn", "Play ")) for line in said[1:]), said

    run(go)
