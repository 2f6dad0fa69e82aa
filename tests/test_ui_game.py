"""The keyboard game, driven by keys through the real prompt_toolkit Application."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from sniff.announce import Announcer
from sniff.engine import DRAW, PASS, GameEnded, Move, Phase, observe
from sniff.storage import load_stats, save_path
from sniff.storage.records import read_record, verify
from test_ui_game_harness import Driver, scores_from_log


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())


def engine_state(d: Driver) -> tuple[Any, ...]:
    game = d.game
    return (
        len(game.log),
        tuple(tuple(h) for h in game.hands),
        game.boneyard,
        tuple(game.scores),
        game.phase,
        game.current,
    )


async def until_my_play(d: Driver, want: Callable[[Driver], bool] | None = None) -> None:
    """Play on (by keys) until it is the player's turn to play a tile."""
    for _ in range(500):
        game = d.game
        if d.my_turn() and game.phase is Phase.PLAY and (want is None or want(d)):
            return
        assert await d.play_turn(), "the game ended first"
    raise AssertionError("no such turn came")


def test_a_whole_game_by_keys_reaches_game_over(home: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"

    async def go() -> None:
        async with Driver(["--seed", "11", "--record", str(record)]) as d:
            steps = 0
            while await d.play_turn():
                steps += 1
                assert steps < 3000
            game = d.game
            assert game.phase is Phase.GAME_OVER
            assert isinstance(game.log[-1], GameEnded)
            assert scores_from_log(game) == game.scores
            assert "Press Enter for a new game, or Q to quit." in d.texts
            assert not save_path().exists()  # a finished game leaves no save
            await d.press("q")
            assert d.task.done()
        rec = read_record(record)
        assert rec.finished
        assert [p.name for p in rec.players] == ["You", "Anna"]
        assert verify(rec).scores == game.scores
        stats = load_stats().stats
        assert sum(t.played for t in stats.games.values()) == 1

    run(go)


def test_information_keys_say_what_the_announcer_says() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            await until_my_play(d, lambda d: d.game.layout.lead is not None)
            ann = Announcer(0, d.tr, player_names=d.screen.voice.names).answers
            obs = observe(d.game, 0)
            queries = {
                "h": ann.hand,
                "e": ann.ends,
                "c": ann.count,
                "l": ann.layout,
                "s": ann.scores,
                "b": ann.boneyard,
                "t": lambda o: ann.unseen(o)[0],
                "g": ann.history,
                # W also names the play Enter would make (the tile and end selected).
                "w": lambda o: ann.turn(o, help=True, selected=d.cursor.chosen_move()),
            }
            for key, query in queries.items():
                before = engine_state(d)
                await d.press(key)
                assert d.last() == query(obs).text, key
                assert engine_state(d) == before
            # R repeats the same text again; [ and ] walk the history.
            count = len(d.texts)
            await d.press("r")
            said = ann.turn(obs, help=True, selected=d.cursor.chosen_move()).text
            assert d.texts[-1] == d.texts[-2] == said
            assert len(d.texts) == count + 1
            await d.press("[")
            assert d.last() == ann.history(obs).text
            await d.press("[")
            assert d.last() == ann.unseen(obs)[0].text
            await d.press("]")
            assert d.last() == ann.history(obs).text
            # V cycles the verbosity (and the announcer's words with it).
            await d.press("v")
            assert d.last() == "Announcements: normal."
            assert d.ctx.settings.verbosity == "normal"
            ann.book.verbosity = "normal"
            await d.press("l")
            assert d.last() == ann.layout(obs).text
            # F1 says the keys a group at a time: F1 again for the next group, then the
            # keys every screen has; ? does the same.
            screen = d.screen
            groups: dict[str, list[tuple[str, str]]] = {}
            for b in screen.bindings():
                groups.setdefault(b.group, []).append((b.label(), b.description()))
            parts = []
            for _ in range(len(groups) + 1):
                await d.press("f1")
                parts.append(d.last())
            assert parts[0].startswith(f"Keys, part 1 of {len(groups) + 1}; F1 again")
            assert parts[1].startswith(f"Part 2 of {len(groups) + 1}.")
            for part, group in zip(parts, groups.values(), strict=False):
                for label, description in group:
                    assert f"{label}: {description}" in part
            assert "Left arrow: previous tile in your hand" in parts[0]
            assert "R: repeat the last announcement" in parts[-1]
            await d.press("f1")  # after the last part, the first again
            assert d.last() == parts[0]
            await d.press("h", "?")  # another key starts the help over
            assert d.last() == parts[0]
            # F2: the expert's play, explained from the player's view.
            await d.press("f2")
            hint = d.last()
            assert d.screen.hinter.used == 1
            assert "makes" in hint or "draw" in hint or "pass" in hint
            assert engine_state(d) == engine_state(d)

    run(go)


def test_hint_names_the_expert_play_and_counts_hints() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "9"]) as d:
            await until_my_play(d, lambda d: len(d.game.legal_moves()) > 1)
            from sniff.session.hints import hint_for

            obs = d.session.observe()
            before = engine_state(d)
            await d.press("f2")
            seed = len(d.game.log) * 7919
            hint = hint_for(obs, playouts=30, seed=seed)
            words = d.screen.voice.hints.hint(hint, muggins=False)
            assert d.last() == words.text
            assert engine_state(d) == before
            assert d.screen.ui_state()["hints"] == 1

    run(go)


def test_hint_limit_from_the_settings(home: Path) -> None:
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.toml").write_text("hint_limit = 1\nwelcome_done = true\n")

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "9"]) as d:
            await until_my_play(d)
            await d.press("f2")
            assert d.screen.hinter.used == 1
            await d.press("f2")
            assert d.last() == "No hints left: 1 hint per game."
            assert d.ctx.output.history[-1].cue == "invalid"

    run(go)


def test_bad_keys_and_illegal_plays_are_refused_and_change_nothing() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "21"]) as d:
            await until_my_play(
                d,
                lambda d: (
                    d.game.layout.lead is not None
                    and any(not d.cursor.choices(t) for t in d.cursor.hand)
                ),
            )
            before = engine_state(d)
            await d.press("x")
            assert d.last() == "X does nothing here; F1 for help."
            assert d.ctx.output.history[-1].cue == "invalid"
            await d.press("f10")  # the menu is not there yet, or it opens and Escape closes it
            if d.app.top is not d.screen:
                await d.press("escape")
            # A tile that fits nowhere: Enter says why, with the engine's reason.
            bad = next(t for t in d.cursor.hand if not d.cursor.choices(t))
            await d.press("home", *["right"] * d.cursor.hand.index(bad))
            await d.press("enter")
            game = d.game
            end, _ = game.layout.open_ends()[0]
            refusal = game.refusal(Move(bad, end))
            assert refusal is not None
            ann = Announcer(0, d.tr, player_names=d.screen.voice.names)
            assert d.last() == ann.refusals.refusal(refusal, d.session.observe()).text
            assert d.ctx.output.history[-1].cue == "invalid"
            # Draw or pass while a tile fits: the reason names the tile.
            if game.legal_moves():
                await d.press("p")
                pass_refusal = game.refusal(PASS)
                assert pass_refusal is not None
                assert d.last() == ann.refusals.refusal(pass_refusal, d.session.observe()).text
                await d.press("d")
                draw_refusal = game.refusal(DRAW)
                if draw_refusal is not None:
                    assert d.last() == ann.refusals.refusal(draw_refusal, d.session.observe()).text
            await d.press("y")  # no muggins question
            assert d.ctx.output.history[-1].cue == "invalid"
            assert engine_state(d) == before

    run(go)


def test_digits_jump_to_a_tile_in_either_order() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "5"]) as d:
            await until_my_play(d)
            hand = d.cursor.hand
            tile = next(t for t in hand if not t.is_double)
            await d.press("end", str(tile.low), str(tile.high))
            assert d.cursor.selected == tile
            assert (
                d.last()
                == Announcer(0, d.tr, player_names=d.screen.voice.names)
                .answers.tile_choice(d.session.observe(), tile)
                .text
            )
            await d.press("home", str(tile.high), str(tile.low))
            assert d.cursor.selected == tile
            missing = next(
                (a, b)
                for a in range(7)
                for b in range(a + 1)
                if not any(t.high == a and t.low == b for t in hand)
            )
            await d.press(str(missing[0]), str(missing[1]))
            assert d.ctx.output.history[-1].cue == "invalid"
            assert d.cursor.selected == tile
            # One digit alone: after a moment, the first tile showing it.
            d.cursor.digit_timeout = 0.05
            await d.press("home", str(tile.low))
            await asyncio.sleep(0.2)
            shows = [t for t in hand if t.has(tile.low)]
            assert d.cursor.selected in shows

    run(go)


def test_ctrl_s_saves_and_quit_asks_first(home: Path) -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "8"]) as d:
            await until_my_play(d)
            await d.press("c-s")
            assert d.last() == "Game saved."
            data = json.loads(save_path().read_text())
            assert data["format"] == "sniff-save"
            assert data["ui"]["selection"] == str(d.cursor.selected)
            await d.press("q")
            assert d.last().startswith("Quit? The game is saved.")
            await d.press("n")
            assert not d.task.done()
            assert "Not quitting." in d.texts[-3:]  # (N is said, then the prompt)
            await d.press("c-c", "n")
            assert "Not quitting." in d.texts[-3:]
            await d.press("escape")  # Escape on the game does nothing but say so
            await d.press("q", "enter")
            await asyncio.wait_for(d.task, 5)

    run(go)
