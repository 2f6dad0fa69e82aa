"""The game's flow: bots at their pace and skipping, the menu, the command itself."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.commands.play import main_play, play_parser
from sniff.engine import Phase, Played
from sniff.i18n import translator
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.storage import Settings, load_settings, save_path
from sniff.ui.app import build_context
from sniff.ui.controller import HUMAN
from test_ui_game_harness import KEYS, Driver


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_a_key_skips_the_bots_pace_and_only_the_last_turn_is_spoken() -> None:
    async def go() -> None:
        argv = ["--players", "4", "--bots", "random", "--seed", "3"]
        async with Driver(argv) as d:
            for _ in range(200):
                game = d.ctl.game
                if d.ctl.my_turn() and game.phase is Phase.PLAY and game.legal_moves():
                    break
                assert await d.play_turn()
            d.screen.runner.pace = 0.6
            move = game.legal_moves()[0]
            await d.press("home", *["right"] * d.ctl.hand.index(move.tile))
            await d.press(*["down"] * d.ctl.choices().index(move))
            mark = len(game.log)
            started = time.monotonic()
            d.pipe.send_text(KEYS["enter"])  # the play: three bots follow at their pace
            d.sent += 1
            await asyncio.sleep(0.2)
            assert d.screen.runner.running
            spoken_before = len(d.texts)
            await d.press("h")  # any key skips the waiting
            assert time.monotonic() - started < 1.2  # not three turns of 0.6 s
            plays = [e for e in game.log[mark:] if isinstance(e, Played) and e.player != HUMAN]
            said = d.texts[spoken_before:]
            history = [u.text for u in d.ctx.output.history]
            assert len(plays) >= 2, plays
            if game.phase is Phase.PLAY:
                # Every bot's play is in the history, but only the last ones were spoken.
                announced = [t for t in history if any(n in t for n in d.ctl.names[1:])]
                assert len(announced) >= len(plays)
                assert len(said) <= 3
                assert said[-1] == d.ctl.announcer.turn(d.ctl.obs()).text

    asyncio.run(go())


def test_the_setup_menu_opens_with_m_and_escape_returns_to_the_same_game() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            screen = d.screen
            log = list(d.ctl.game.log)
            await d.press("m")
            assert d.app.top is not screen
            await d.press("escape")
            assert d.app.top is screen
            assert list(d.ctl.game.log) == log
            await d.press("f10")
            assert d.app.top is not screen
            await d.press("escape")
            assert d.app.top is screen

    asyncio.run(go())


def test_sniff_play_runs_to_quit_and_remembers_the_welcome(home: Path) -> None:
    speech = RecordingSpeech()
    with create_pipe_input() as pipe:
        pipe.send_text("h" + "q" + "y")
        args = play_parser().parse_args(
            ["play", "--bots", "greedy", "--seed", "1", "--pace", "0", "--no-sound"]
        )
        status = main_play(
            args, input=pipe, output=DummyOutput(), speech=speech, sound=NullPlayer()
        )
    assert status == 0
    assert speech.texts[0] == "Welcome to Sniff. Press F1 for help at any time."
    assert any(t.startswith("Quit? The game is saved.") for t in speech.texts)
    assert save_path().exists()
    settings = load_settings().settings
    assert settings.welcome_done
    # Command-line values are for this run only.
    assert settings.pace == Settings().pace and settings.sounds
    # The next start offers to resume, and no welcome again.
    speech2 = RecordingSpeech()
    with create_pipe_input() as pipe:
        pipe.send_text("n" + "y" + "q" + "y")  # no, yes: a new game; then quit
        status = main_play(
            play_parser().parse_args(["play", "--pace", "0", "--bots", "greedy"]),
            input=pipe,
            output=DummyOutput(),
            speech=speech2,
            sound=NullPlayer(),
        )
    assert status == 0
    assert speech2.texts[0].startswith("A saved game was found: round 1")
    assert "Welcome" not in " ".join(speech2.texts)


def test_a_failing_speech_output_is_replaced_and_said_once() -> None:
    import io

    lines = io.StringIO()
    settings = Settings(speech_mode="screenreader")
    ctx = build_context(
        settings, translator("en"), screen_mode="line", sound=NullPlayer(), line_stream=lines
    )
    from sniff.output.speech.screenreader import screen_reader_running

    if screen_reader_running():
        pytest.skip("a screen reader runs here")
    from sniff.announce import Announcer

    said = Announcer(0, translator("en"), player_names=()).fallback_notice(
        "screenreader", "text", started=False
    )
    notice = said.text
    assert lines.getvalue().splitlines() == [notice]
    assert [u.text for u in ctx.output.history] == [notice]
