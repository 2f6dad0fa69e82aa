"""``--screen line`` in a real pseudo-terminal: the bytes a braille display and a
terminal screen reader get are plain lines, the question where the cursor stands,
and one escape code that makes room."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from sniff.output.lines import WIDTH
from terminal import run_in_terminal

SNIFF = Path(sys.executable).parent / "sniff"

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")


def test_line_mode_writes_plain_short_lines_and_no_colours(tmp_path: Path) -> None:
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    env = {**os.environ, "SNIFF_HOME": str(tmp_path), "TERM": "xterm", "LANG": "en_US.UTF-8"}
    command = [str(SNIFF), "play", "--screen", "line", "--speech", "text", "--no-sound"]
    command += ["--pace", "0", "--bots", "greedy", "--seed", "4"]
    keys = [(0.3, "h")] + [(0.15, key) for key in ("e", "\x1b[C", "\x1b[B", "c", "s", "q", "y")]
    output = run_in_terminal(command, env, keys, timeout=15)
    text = output.decode("utf-8")
    # No escape code but the question where the cursor stands (no terminal answers it
    # here) and the one that makes room for the words without scrolling with them
    # (cursor up, after empty lines: sniff.output.terminal_lines).
    assert text.startswith("\x1b[6n"), repr(text[:20])
    text = text[len("\x1b[6n") :]
    made_room = re.compile(r"(?:\r\n)+\x1b\[\d+A")
    assert made_room.match(text), repr(text[:80])  # the Return that started the game
    text = made_room.sub("", text)
    assert "\x1b" not in text, repr(text[:300])
    lines = text.replace("\r\n", "\n").split("\n")[1:]  # the line the cursor went up to
    assert lines[-1] == ""  # the cursor ends at the start of a line
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    assert lines[0].startswith("Welcome to Sniff.")
    assert any(re.match(r"\d+ tiles, \d+ pips", line) for line in lines)
    assert any(line.startswith("Quit? The game is saved.") for line in lines)
