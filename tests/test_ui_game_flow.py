"""The game's flow: bots at their pace and skipping, the menu, the command itself."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.announce import Announcer, Words
from sniff.commands.play import main_play, play_parser
from sniff.engine import MugginsCalled, Phase, Played
from sniff.i18n import translator
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.storage import Settings, load_settings, save_path
from sniff.ui.app import build_context
from test_ui_game_harness import KEYS, Driver


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("rules", [[], ["--rule", "muggins=on"]], ids=["plain", "muggins"])
def test_keys_pressed_while_the_bots_move_lose_none_of_their_plays(rules: list[str]) -> None:
    """Every bot play (and muggins call) in the record reaches the player's ear: said
    before the key cut it off, or in the catch-up before the next prompt."""

    async def go() -> None:
        argv = ["--players", "3", "--bots", "random", "--seed", "5", *rules]
        async with Driver(argv) as d:
            d.screen.listener.pace.minimum = 0.25
            for _ in range(12):  # a dozen of the player's turns, a key pressed after each
                for _ in range(200):
                    if d.my_turn() or d.game.phase is not Phase.PLAY:
                        break
                    await d.settle()
                if d.game.phase is Phase.GAME_OVER:
                    break
                if d.game.phase is Phase.ROUND_OVER:
                    await d.press("enter")
                    continue
                d.pipe.send_text(KEYS["enter"])  # play, claim or call; then the bots move
                d.sent += 1
                await asyncio.sleep(0.05)
                await d.press("h")  # a key while the bots move
                await d.settle()
            names = d.screen.voice.names
            words = d.screen.voice.announcer.words
            spoken = d.texts
            missing = []
            for event in d.game.log:
                if isinstance(event, Played) and event.player != 0:
                    wanted = (names[event.player], words.tile(event.tile))
                elif isinstance(event, MugginsCalled) and event.player != 0:
                    wanted = (names[event.player], "muggins")
                else:
                    continue
                if not any(all(w.lower() in t.lower() for w in wanted) for t in spoken):
                    missing.append(event)
            assert not missing, missing[:5]
            # Some play reached the player again: in a catch-up, or named by the turn
            # prompt after it ("Ben: six-four east, 10. Your turn: ...").
            again = [t for t in spoken if t.startswith("Meanwhile:")]
            again += [t for t in spoken if "Your turn" in t and not t.startswith("Your turn")]
            assert again

    asyncio.run(go())


def test_the_setup_menu_opens_with_m_and_escape_returns_to_the_same_game() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            screen = d.screen
            log = list(d.game.log)
            await d.press("m")
            assert d.app.top is not screen
            await d.press("escape")
            assert d.app.top is screen
            assert list(d.game.log) == log
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


def test_a_speech_output_that_cannot_start_is_replaced_and_said_once() -> None:
    import io

    lines = io.StringIO()
    settings = Settings(speech_mode="screenreader")
    ctx = build_context(
        settings, translator("en"), screen_mode="line", sound=NullPlayer(), line_stream=lines
    )
    notice = "Speech Dispatcher is not running; speaking as text lines instead."
    assert lines.getvalue().splitlines() == [notice]
    assert [u.text for u in ctx.output.history] == [notice]


def test_after_new_game_every_key_answers_from_the_new_game() -> None:
    """New game from the menu, then keys at once: each is answered from the new game's
    hand and table, never from the finished one's (the keys find the game's parts when
    they are pressed)."""

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4"]) as d:
            screen = d.screen
            await d.press("right", "right")
            old = d.session
            # The setup menu's "New game" (as the menu says it on leaving), then yes.
            screen._menu_done(d.ctx.settings, "new-game")
            screen.enter()
            await d.settle()
            await d.press("y")
            assert d.session is not old and old.closed
            obs = d.session.observe(0)
            ann = Announcer(0, d.tr, player_names=d.screen.voice.names).answers
            await d.press("h")
            assert d.last() == ann.hand(obs).text
            await d.press("home")
            first = d.session.observe(0).hand[0]
            assert d.cursor.selected == first
            assert Words(d.tr).tile(first) in d.last().lower()

    asyncio.run(go())
