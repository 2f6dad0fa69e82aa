"""The game at a real terminal: Control S never freezes it, closing or killing
it politely saves the game, odd terminals work, and the terminal is left as
it was found. Each test runs the installed ``sniff`` in a pseudo-terminal of
its own (its controlling terminal, as from a shell)."""

from __future__ import annotations

import os
import re
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ptyplay import SNIFF, Pty
from sniff.storage import load_game, restore

termios = pytest.importorskip("termios")

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not hasattr(os, "openpty"), reason="needs a pseudo-terminal"
)

PLAY = ["play", "--speech", "text", "--no-sound", "--pace", "0", "--bots", "greedy"]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    return tmp_path / "home"


@pytest.fixture
def run(home: Path) -> Iterator[list[Pty]]:
    started: list[Pty] = []
    yield started
    for pty in started:
        pty.close()


def _start(run: list[Pty], home: Path, *args: str, **env: str) -> Pty:
    pty = Pty(*args, env={"SNIFF_HOME": str(home), **env})
    run.append(pty)
    return pty


def _ixon(pty: Pty) -> bool:
    return bool(termios.tcgetattr(pty.slave)[0] & termios.IXON)


def test_control_s_at_any_moment_never_freezes_the_game(run: list[Pty], home: Path) -> None:
    pty = _start(run, home, *PLAY, "--screen", "line", "--seed", "2")
    assert pty.settings_before[0] & termios.IXON  # as a shell leaves it: flow control on
    pty.send("\x13")  # Control S before the game has even started
    pty.wait_for("Your turn")
    assert not _ixon(pty)  # off while the game runs
    pty.send("\x13")  # and during the game: it saves
    pty.wait_for("Game saved.")
    pty.send("q")
    pty.wait_for("Quit? The game is saved.")
    pty.send("y")
    assert pty.wait_exit() == 0
    assert termios.tcgetattr(pty.slave) == pty.settings_before  # the terminal as it was


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_game_ended_by_the_system_is_saved_where_it_stood(
    run: list[Pty], home: Path, name: str
) -> None:
    pty = _start(run, home, *PLAY, "--screen", "line", "--seed", "3")
    pty.wait_for("Your turn")
    pty.send("\r")  # play the selected tile
    pty.wait_for("Your turn", timeout=20)
    pty.send(" ")  # a key that only moves the selection: kept in the save
    pty.process.send_signal(getattr(signal, name))
    assert pty.wait_exit() == 0
    assert "Traceback" not in pty.text
    snap = load_game(home / "data" / "current-game.json")
    game, _, _ = restore(snap)
    assert snap.actions and game.log  # the play and the bot's answer are there
    again = _start(run, home, *PLAY, "--screen", "line")
    again.wait_for("A saved game was found")


def test_a_second_window_on_the_same_data_is_asked_to_open_read_only(
    run: list[Pty], home: Path
) -> None:
    first = _start(run, home, *PLAY, "--screen", "line", "--seed", "4")
    first.wait_for("Your turn")
    second = _start(run, home, *PLAY, "--screen", "line")
    second.wait_for("Sniff is already open in another window")
    second.send("\x1b")  # Escape: quit, and leave the first window's game alone
    assert second.wait_exit() == 0
    first.send("\x13")
    first.wait_for("Game saved.")


def test_an_ascii_only_terminal_plays_in_german_without_a_traceback(
    run: list[Pty], home: Path
) -> None:
    pty = _start(
        run,
        home,
        *PLAY,
        "--screen",
        "line",
        "--lang",
        "de",
        "--seed",
        "5",
        PYTHONIOENCODING="ascii",
    )
    pty.wait_for("Deine Steine")
    pty.send("q")
    pty.wait_for("Beenden?")
    pty.send("j")
    assert pty.wait_exit() == 0
    assert "Traceback" not in pty.text and "Gr??e" not in pty.text
    assert "Sniff, bis 200 Punkte" in pty.text


def test_a_dumb_terminal_gets_plain_lines_without_escape_sequences(
    run: list[Pty], home: Path
) -> None:
    pty = _start(run, home, *PLAY, "--seed", "6", TERM="dumb")
    pty.wait_for("Your turn")
    pty.send("c")
    pty.wait_for("Ends")
    pty.send("q")
    pty.wait_for("Quit?")
    pty.send("y")
    assert pty.wait_exit() == 0
    assert "\x1b" not in pty.text
    assert re.search(r"Round 1\..*\r\n", pty.text)


@pytest.mark.parametrize("command", ["simulate", "stats --reset"])
def test_control_c_ends_a_command_with_status_130_and_no_traceback(
    run: list[Pty], home: Path, tmp_path: Path, command: str
) -> None:
    if command == "simulate":
        first = tmp_path / "game-000001.jsonl"  # 100,000 games: six-digit numbers
        record = tmp_path / "game.jsonl"
        pty = _start(run, home, "simulate", "--games", "100000", "--record", str(record))
        deadline = time.monotonic() + 20
        while not first.exists():  # the games are under way: well inside the command
            assert time.monotonic() < deadline, pty.text
            time.sleep(0.02)
    else:
        pty = _start(run, home, "stats", "--reset")
        pty.wait_for("Type yes to confirm")
    pty.send("\x03", raw=False)  # Control C, through the terminal as a person sends it
    assert pty.wait_exit() == 130
    assert "Traceback" not in pty.text


# -- what a terminal sends ----------------------------------------------------------------


def test_pasted_text_is_named_as_pasted_text_never_as_a_key_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from test_ui_game_harness import Driver

    async def go() -> None:
        for language, said in (("en", "Pasted text does nothing here"), ("de", "Eingefügter Text")):
            monkeypatch.setenv("SNIFF_HOME", str(tmp_path / language))
            async with Driver(["--bots", "greedy", "--seed", "4", "--lang", language]) as d:
                hand = list(d.session.observe(0).hand)
                await d.press("\x1b[200~6-4 east\x1b[201~")  # a terminal's bracketed paste
                assert d.last().startswith(said)
                assert "bracketed" not in " ".join(d.texts)
                assert list(d.session.observe(0).hand) == hand  # and it changed nothing

    asyncio.run(go())
