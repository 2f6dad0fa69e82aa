"""``sniff replay`` reads within limits: a pipe of endless blank lines or a
device that never ends is refused after a bounded read, naming the line; a
record within the limits is told, however odd its names."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from sniff.cli import main
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
