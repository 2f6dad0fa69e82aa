"""The installed ``sniff`` in a real terminal (tmux), played as a person would.

Keys go in with ``tmux send-keys``; what was said comes back from the
``--transcript`` file, what was shown from ``tmux capture-pane``. Every wait
polls with a time limit, so a slow machine only makes the test slower.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ptyplay import wait_raw
from sniff.storage import save_path

SNIFF = Path(sys.executable).parent / "sniff"
TIMEOUT = 20.0  # seconds any one announcement may take to appear

pytestmark = pytest.mark.skipif(
    shutil.which("tmux") is None and not os.environ.get("CI"),
    reason="tmux is not installed (CI installs it)",
)


class Terminal:
    """One tmux session running one command."""

    def __init__(self, command: list[str], env: dict[str, str], transcript: Path) -> None:
        self.name = f"sniff-test-{uuid.uuid4().hex[:8]}"
        # A tmux server of its own, its socket beside the transcript: the default
        # server is shared by everyone on the machine, and another user's
        # kill-server must not end this test.
        self.tmux = ["tmux", "-S", str(transcript.parent / f"{self.name}.sock")]
        self.transcript = transcript
        self._raw = False
        exports = " ".join(f"{key}={shlex.quote(value)}" for key, value in env.items())
        shell = f"env {exports} {shlex.join(command)}; echo EXITED $?; sleep 30"
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", self.name, "-x", "120", "-y", "40", shell],
            check=True,
        )

    def lines(self) -> list[str]:
        try:
            return self.transcript.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            return []

    def pane(self) -> str:
        done = subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", self.name],
            capture_output=True,
            text=True,
            check=False,
        )
        return done.stdout

    def wait(self, what: str, test: Callable[[], bool]) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if test():
                return
            time.sleep(0.05)
        raise AssertionError(
            f"waited {TIMEOUT:g} s for {what}\n--- transcript:\n"
            + "\n".join(self.lines())
            + f"\n--- screen:\n{self.pane()}"
        )

    def send(self, *keys: str) -> None:
        if not self._raw:
            self._wait_raw()
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, *keys], check=True)

    def _wait_raw(self) -> None:
        """Wait until the program reads keys one by one: typed before, the terminal's
        line discipline would hold them and change them (Enter into Control J)."""
        done = subprocess.run(
            [*self.tmux, "display-message", "-p", "-t", self.name, "#{pane_tty}"],
            capture_output=True,
            text=True,
            check=False,
        )
        tty = done.stdout.strip()
        if tty:
            fd = os.open(tty, os.O_RDONLY | os.O_NOCTTY)
            try:
                wait_raw(fd, TIMEOUT)
            finally:
                os.close(fd)
        self._raw = True

    def press(self, *keys: str, expect: str | None = None) -> list[str]:
        """Press *keys*; wait for new lines (matching *expect*); return the new lines."""
        before = len(self.lines())
        self.send(*keys)

        def arrived() -> bool:
            new = self.lines()[before:]
            if not new:
                return False
            return expect is None or any(re.search(expect, line, re.I) for line in new)

        self.wait(f"an answer to {keys} matching {expect!r}", arrived)
        time.sleep(0.1)  # let the rest of a batch of announcements arrive
        return self.lines()[before:]

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False, capture_output=True)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    transcript = tmp_path / "transcript.txt"
    home = tmp_path / "home"
    home.mkdir()
    env = {"SNIFF_HOME": str(home), "LANG": "en_US.UTF-8", "TERM": "xterm-256color"}
    command = [str(SNIFF), "play", "--speech", "text", "--no-sound", "--seed", "1", "--pace", "0"]
    command += ["--transcript", str(transcript)]
    term = Terminal(command, env, transcript)
    try:
        yield term
    finally:
        term.close()


def test_a_few_plays_in_a_real_terminal(terminal: Terminal, tmp_path: Path) -> None:
    terminal.wait("the first announcement", lambda: bool(terminal.lines()))
    # First start: the welcome, then the game.
    terminal.wait("the game to start", lambda: len(terminal.lines()) >= 2)
    time.sleep(0.3)

    help_lines = terminal.press("F1", expect=r"Keys, part 1")
    assert any("Left arrow" in line for line in help_lines)
    help_lines = terminal.press("F1", expect=r"Part 2")  # F1 again: the next group of keys
    assert any("Enter" in line for line in help_lines)

    hand = terminal.press("h", expect=r"\d+ tiles?")
    assert any(re.search(r"\d+ tiles?, \d+ pips?", line) for line in hand)

    count = terminal.press("c", expect=r"count|make|empty|score")
    assert count

    # A few plays: choose a tile, play it (or draw when nothing fits).
    for _ in range(3):
        terminal.press("Right")
        terminal.press("Enter")
        terminal.press("d")

    said = terminal.lines()
    assert said[0].startswith("Welcome"), "the first start is welcomed"
    assert any(line.startswith("You lead ") for line in said), "the player's lead is announced"
    # The bot's plays are said as they come, or, when a key came while the bot was
    # playing, caught up before the player's turn.
    assert any(
        line.startswith("Anna: ") or line.startswith("Meanwhile: Anna played") for line in said
    ), "the bot's plays are announced"
    screen = terminal.pane()
    assert screen.strip(), "the game shows something on the screen"

    question = terminal.press("q", expect=r"quit|leave|end|save")
    assert question
    terminal.send("y")  # the program ends: nothing more to wait for in the transcript
    terminal.wait("the program to end", lambda: "EXITED" in terminal.pane())
    assert "EXITED 0" in terminal.pane()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SNIFF_HOME", str(tmp_path / "home"))
        saved = save_path()
    assert saved.is_file(), "quitting in the middle of a game saves it"


def test_plain_sniff_starts_a_game_against_the_expert(tmp_path: Path) -> None:
    """`sniff` with no arguments: the welcome, you against one expert bot, on screen."""
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    home = tmp_path / "home"
    home.mkdir()
    env = {"SNIFF_HOME": str(home), "LANG": "en_US.UTF-8", "TERM": "xterm-256color"}
    term = Terminal([str(SNIFF)], env, tmp_path / "unused.txt")
    try:
        term.wait("the game screen", lambda: "Anna" in term.pane() and "F1" in term.pane())
        term.send("q")
        term.wait("the quit question", lambda: "EXITED" in term.pane() or "?" in term.pane())
        term.send("y")
        term.wait("the program to end", lambda: "EXITED" in term.pane())
        assert "EXITED 0" in term.pane()
    finally:
        term.close()
