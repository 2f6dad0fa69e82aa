"""``--screen line`` on a terminal narrower than a braille line: the game's lines are as
wide as the terminal, so the terminal never wraps a word in two by itself."""

from __future__ import annotations

import fcntl
import io
import os
import struct
import termios

import pytest

from sniff.output.lines import NARROWEST, WIDTH, braille_lines, line_width
from sniff.output.terminal_lines import LineWriter

needs_pty = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")

SAID = (
    "Your tiles: two-one, four-three, five-one, four-two, three-two, six-three and "
    "four-blank. Anna leads six-four, 10, scores 10. Your turn, 4 fit."
)


def _terminal(columns: int) -> tuple[int, io.TextIOWrapper]:
    """A pseudo-terminal *columns* wide: its reading end, and a text stream to it."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    return master, io.TextIOWrapper(os.fdopen(slave, "wb"), encoding="utf-8")


@needs_pty
@pytest.mark.parametrize("columns", [30, 52])
def test_lines_fit_a_narrow_terminal_and_break_between_words(columns: int) -> None:
    master, stream = _terminal(columns)
    try:
        assert line_width(stream) == columns - 1
        LineWriter(stream, gather=False, screen=False).write(SAID)
        written = os.read(master, 4096).decode("utf-8").replace("\r\n", "\n").splitlines()
    finally:
        stream.close()
        os.close(master)
    assert written and all(len(line) < columns for line in written)
    assert " ".join(written) == SAID, "every word whole, none cut"


@needs_pty
def test_a_wide_terminal_still_gets_braille_lines() -> None:
    master, stream = _terminal(200)
    try:
        assert line_width(stream) == WIDTH
    finally:
        stream.close()
        os.close(master)
    master, stream = _terminal(5)
    try:
        assert line_width(stream) == NARROWEST, "a terminal that says 5 columns is not believed"
    finally:
        stream.close()
        os.close(master)
    master, stream = _terminal(0)
    try:
        assert line_width(stream) == WIDTH, "0 columns: the terminal does not say"
    finally:
        stream.close()
        os.close(master)


def test_a_pipe_or_a_file_gets_braille_lines() -> None:
    assert line_width(io.StringIO()) == WIDTH
    read, write = os.pipe()
    with os.fdopen(write, "w") as pipe:
        assert line_width(pipe) == WIDTH
    os.close(read)


def test_a_word_longer_than_a_line_is_cut_where_a_path_divides() -> None:
    text = "kept as /home/someone/.local/share/sniff/statistics-2024-05-01.json.bad for you"
    lines = braille_lines(text, 30)
    assert all(len(line) <= 30 for line in lines)
    assert lines[1].endswith("/") and "".join(lines).replace(" ", "") == text.replace(" ", "")
