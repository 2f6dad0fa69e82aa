"""Saving, quitting and resuming the keyboard game: the same game goes on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from damaged_files import set_aside_files
from sniff.engine import Dealt, Phase
from sniff.storage import save_path, settings_path
from sniff.storage.records import read_record, verify
from test_ui_game_harness import Driver

ARGS = ["--bots", "expert,greedy", "--players", "3", "--preset", "sniff"]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_quit_and_resume_continue_the_identical_game(tmp_path: Path) -> None:
    record = tmp_path / "resumed.jsonl"

    async def go() -> None:
        # The game played straight through.
        async with Driver([*ARGS, "--seed", "13"]) as d:
            while await d.play_turn():
                pass
            whole = list(d.game.log)
        # The same game, stopped in its second round...
        async with Driver([*ARGS, "--seed", "13", "--record", str(record)]) as d:
            while sum(isinstance(e, Dealt) for e in d.game.log) < 2 or not d.my_turn():
                assert await d.play_turn()
            await d.press("right", "f2")  # a hint and a selection must not change the game
            game = d.game
            at_quit = (list(game.log), [list(h) for h in game.hands], game.boneyard, game.scores)
            selected = d.cursor.selected
            await d.press("q")
            assert d.last().startswith("Quit? The game is saved.")
            await d.press("y")
            await asyncio.wait_for(d.task, 5)
        assert save_path().exists()
        # ...and resumed: the question, Enter for yes, the same position.
        async with Driver(ARGS) as d:
            assert "A saved game was found" in d.texts[-1]
            await d.press("enter")
            assert d.texts[-2].startswith("Game resumed: round 2")
            game = d.game
            assert list(game.log) == at_quit[0]
            assert [list(h) for h in game.hands] == at_quit[1]
            assert game.boneyard == at_quit[2]
            assert game.scores == at_quit[3]
            assert d.cursor.selected == selected
            assert d.screen.hinter.used == 1
            # The messages before the save are still there for [ and ].
            assert any("Quit?" in u.text for u in d.ctx.output.history)
            while await d.play_turn():
                pass
            assert list(d.game.log) == whole
        # The record went on where it stopped, one game from header to game_end.
        rec = read_record(record)
        assert rec.finished
        assert list(rec.events) == whole
        verify(rec)

    asyncio.run(go())


def test_declining_to_resume_starts_a_new_game() -> None:
    async def go() -> None:
        async with Driver([*ARGS, "--seed", "2"]) as d:
            await d.press("c-s")
            first_deal = d.game.log[0]
        async with Driver([*ARGS, "--seed", "3"]) as d:
            await d.press("n")
            assert d.texts[-1].startswith("Start a new game? The saved game will be lost.")
            await d.press("y")
            assert d.game.log[0] != first_deal
            assert not d.screen.resumed

    asyncio.run(go())


def test_no_single_key_loses_a_saved_game() -> None:
    """Escape resumes; N asks again, and any key but Y there resumes too."""

    async def go() -> None:
        async with Driver([*ARGS, "--seed", "2"]) as d:
            await d.press("c-s")
            first_deal = d.game.log[0]
        async with Driver([*ARGS, "--seed", "3"]) as d:
            await d.press("escape")
            assert d.screen.resumed
            assert d.game.log[0] == first_deal
            await d.press("c-s")
        async with Driver([*ARGS, "--seed", "3"]) as d:
            await d.press("n", "escape")
            assert d.screen.resumed
            assert d.game.log[0] == first_deal

    asyncio.run(go())


def test_a_corrupt_save_is_set_aside_and_a_new_game_starts() -> None:
    path = save_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "sniff-save", "version": 1, "rules": 7}')

    async def go() -> None:
        async with Driver(ARGS) as d:
            [aside] = set_aside_files(path)
            said = [t for t in d.texts if "could not be read" in t]
            assert said == [
                f"Your saved game could not be read; it was kept as {aside}. A new game starts."
            ]
            assert d.game.round_no == 1
            assert not d.screen.resumed
            assert d.game.phase is not Phase.GAME_OVER

    asyncio.run(go())


def test_a_corrupt_settings_file_is_kept_and_defaults_are_used() -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("this is [[ not toml")

    async def go() -> None:
        async with Driver() as d:
            [aside] = set_aside_files(path)
            assert aside.read_text() == "this is [[ not toml"
            assert any(str(aside) in t and "default settings" in t for t in d.texts)
            assert d.game.players == 2
            assert d.session.bots[1].level == "expert"

    asyncio.run(go())


@pytest.mark.parametrize(
    "ui",
    [
        {"selection": 5, "hints": -1, "human_actions": 1e300},
        {"selection": "9-9", "history": "not a list", "record": 7},
        {"history": [1, {"a": 2}, "x" * 100_000], "hints": "many"},
        {"record": "/dev/full"},
        {"record": ""},
        {"record": "/nonexistent-folder/game.jsonl"},
    ],
    ids=["numbers", "wrong types", "odd history", "a device", "empty", "no folder"],
)
def test_odd_interface_fields_in_a_save_never_stop_a_resume(ui: dict[str, object]) -> None:
    async def go() -> None:
        async with Driver([*ARGS, "--seed", "8"]) as d:
            await d.press("c-s")
            at_save = list(d.game.log)
        path = save_path()
        data = json.loads(path.read_text())
        data["ui"] = ui
        path.write_text(json.dumps(data))
        async with Driver(ARGS) as d:
            await d.press("enter")
            assert d.screen.resumed and list(d.game.log) == at_save
            assert d.screen.hinter.used >= 0 and d.screen.listener.own_actions >= 0
            while not d.my_turn():
                await d.settle()
            assert await d.play_turn()  # and the game goes on
        assert Path("/dev/full").is_char_device() or not Path("/dev/full").exists()

    asyncio.run(go())


def test_a_save_that_reads_well_but_has_nobody_at_the_keyboard_is_set_aside() -> None:
    async def go() -> None:
        async with Driver([*ARGS, "--seed", "8"]) as d:
            await d.press("c-s")
        path = save_path()
        data = json.loads(path.read_text())
        data["players"][0] = {"name": "Zed", "kind": "bot", "level": "greedy"}
        path.write_text(json.dumps(data))
        async with Driver(ARGS) as d:
            assert "A saved game was found" in d.texts[-1]  # it reads and replays
            await d.press("enter")
            [aside] = set_aside_files(path)
            assert f"Your saved game could not be read; it was kept as {aside}." in " ".join(
                d.texts
            )
            assert not d.screen.resumed and d.session.human == 0

    asyncio.run(go())
