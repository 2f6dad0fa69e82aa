"""``sniff replay`` reads within limits: a pipe of endless blank lines or a
device that never ends is refused after a bounded read, naming the line; a
record within the limits is told, however odd its names; a named pipe that
no program writes to is given up on after a few seconds, with a clear word."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from sniff.cli import main
from sniff.storage import record_reader
from sniff.storage.records import LINE_LIMIT, LINES_LIMIT, read_record

SNIFF = Path(sys.executable).parent / "sniff"


def _feed(process: subprocess.Popen[bytes], chunk: bytes, total: int) -> None:
    """Write up to *total* bytes into the process, until it stops reading."""
    assert process.stdin is not None
    written = 0
    try:
        while written < total:
            process.stdin.write(chunk)
            written += len(chunk)
        process.stdin.close()
    except (BrokenPipeError, OSError):
        return  # refused: it stopped reading, as it should


@pytest.mark.parametrize(
    ("chunk", "expected"),
    [
        pytest.param(
            b"\n" * (1 << 20), f"line {LINES_LIMIT + 1}: a record has at most", id="blank"
        ),
        pytest.param(b"\0" * (1 << 20), "line 1: the line is longer than", id="zeros"),
        pytest.param(b"[" * (1 << 20), "line 1: the line is longer than", id="one long line"),
    ],
)
def test_a_pipe_of_200_mb_is_refused_after_a_bounded_read(chunk: bytes, expected: str) -> None:
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    process = subprocess.Popen(
        [str(SNIFF), "replay", "/dev/stdin"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    feeder = threading.Thread(target=_feed, args=(process, chunk, 200 * 1024 * 1024))
    feeder.start()
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read().decode()
    process.wait(timeout=60)
    feeder.join(timeout=60)
    assert process.returncode == 2 and out == b""
    assert expected in err and "Traceback" not in err


def test_a_long_name_within_the_line_limit_is_told_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    assert main(["simulate", "--seed", "4", "--record", str(path)]) == 0
    capsys.readouterr()
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["players"][0]["name"] = "N" * (LINE_LIMIT // 2)
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    assert read_record(path).players[0].name == "N" * (LINE_LIMIT // 2)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "N" * 64 in out and "N" * 65 not in out


# -- a named pipe -------------------------------------------------------------------------

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes: POSIX")


def _write_when_read(fifo: Path, data: bytes, *, after: float = 0.0) -> threading.Thread:
    """A writer that opens *fifo* once a reader has (within 5 s), writes *data* and closes."""

    def write() -> None:
        time.sleep(after)
        deadline = time.monotonic() + 5
        while True:
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: nobody reads yet
                if time.monotonic() > deadline:
                    return
                time.sleep(0.01)
                continue
            os.set_blocking(fd, True)
            with os.fdopen(fd, "wb") as stream:
                stream.write(data)
            return

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    return writer


@needs_fifo
@pytest.mark.parametrize(
    ("language", "message"),
    [
        (
            "en",
            "sniff: error: Nothing came from {file} in 1 second: no program is writing to it. "
            "Start the program that writes the record, or name the record file itself.",
        ),
        (
            "de",
            "sniff: Fehler: Aus {file} kam in 1 Sekunde nichts: Kein Programm schreibt hinein. "
            "Starte das Programm, das das Protokoll schreibt, oder nenne die Protokolldatei "
            "selbst.",
        ),
    ],
)
def test_a_named_pipe_nobody_writes_to_is_given_up_on_soon_with_a_clear_message(
    language: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(record_reader, "PIPE_WAIT", 0.3)
    fifo = tmp_path / "game.pipe"
    os.mkfifo(fifo)
    started = time.monotonic()
    assert main(["replay", str(fifo), "--lang", language]) == 2
    assert 0.3 <= time.monotonic() - started < 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"{message.format(file=fifo)}\n"  # the whole line in the player's language


@needs_fifo
def test_a_record_written_into_a_named_pipe_a_moment_later_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(record_reader, "PIPE_WAIT", 2.0)
    record = tmp_path / "game.jsonl"
    assert main(["simulate", "--seed", "4", "--record", str(record)]) == 0
    capsys.readouterr()
    fifo = tmp_path / "game.pipe"
    os.mkfifo(fifo)
    writer = _write_when_read(fifo, record.read_bytes(), after=0.2)
    assert main(["replay", str(fifo), "--lang", "en"]) == 0
    writer.join(timeout=5)
    assert not writer.is_alive()
    out = capsys.readouterr().out
    assert out.startswith("Round 1.") and "wins the game" in out


@needs_fifo
def test_a_named_pipe_closed_without_a_word_is_an_empty_record_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "game.pipe"
    os.mkfifo(fifo)
    writer = _write_when_read(fifo, b"")
    started = time.monotonic()
    assert main(["replay", str(fifo), "--lang", "en"]) == 2
    assert time.monotonic() - started < record_reader.PIPE_WAIT
    writer.join(timeout=5)
    assert "the record is empty" in capsys.readouterr().err
