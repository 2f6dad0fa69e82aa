"""The ``sniff`` command: subcommands, house rules, and one-line errors."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sniff import __version__
from sniff.cli import main
from sniff.storage.records import read_record


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_simulate_json_parses_and_counts_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "simulate", "--games", "3", "--seed", "9", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["games"] == 3
    assert data["bots"] == ["greedy", "greedy"]
    assert sum(data["wins_per_side"]) + data["unfinished"] == 3


def test_same_seed_same_output_and_record_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outputs = []
    for name in ("one.jsonl", "two.jsonl"):
        argv = ["simulate", "--preset", "alle-fuenfe", "--players", "3", "--seed", "5"]
        status, out, _ = _run(
            capsys, *argv, "--bots", "random,greedy,greedy", "--record", str(tmp_path / name)
        )
        assert status == 0
        outputs.append(out)
    assert outputs[0] == outputs[1]
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    assert "Wins per seat" in outputs[0]


def test_house_rules_reach_the_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.jsonl"
    argv = ["simulate", "--target", "50", "--scoring", "threes", "--set", "double-nine"]
    argv += ["--rule", "hand_sizes=9", "--rule", "muggins=on", "--rule", "draw-limit=2"]
    status, _, err = _run(capsys, *argv, "--record", str(path))
    assert (status, err) == (0, "")
    rules = read_record(path).rules
    assert rules.targets == (50, 50, 50)
    assert rules.scoring.value == "threes"
    assert rules.tile_set == "double-nine"
    assert rules.hand_sizes == (9, 9, 9)
    assert rules.muggins and rules.draw_limit == 2


def test_replay_tells_the_game_in_english_and_german(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.jsonl"
    assert _run(capsys, "simulate", "--seed", "2", "--record", str(path))[0] == 0
    status, out, err = _run(capsys, "replay", str(path), "--lang", "en")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Round 1. Bot ")
    assert " leads " in lines[1] and "The count is " in lines[1]
    assert any(" on the east end. The count is " in line for line in lines)
    assert lines[-1].startswith("Bot ") and " wins the game. Final score: " in lines[-1]
    status, out, err = _run(capsys, "replay", str(path), "--lang", "de")
    assert (status, err) == (0, "")
    german = out.splitlines()
    assert german[0].startswith("Runde 1. Bot ")
    assert any(" im Osten an. Der Zählwert ist " in line for line in german)
    assert " gewinnt " in german[-1] or "Sieg" in german[-1]


def test_rules_lists_presets_and_shows_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "rules")
    assert status == 0 and "sniff-stubby" in out
    status, out, _ = _run(capsys, "rules", "sniff-us")
    assert status == 0
    assert "spinner: sniff-exposed" in out.splitlines()
    assert "targets: 250, 200, 200" in out.splitlines()
    assert "partnerships: on" in out.splitlines()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "--version")
    assert status == 0 and out.strip() == f"sniff {__version__}"


def _tampered(tmp_path: Path) -> Path:
    path = tmp_path / "t.jsonl"
    assert main(["simulate", "--seed", "4", "--record", str(path)]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2].replace('"count": ', '"count": 1')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["simulate", "--preset", "nope"], "unknown preset"),
        (["simulate", "--players", "1"], "2 to 4 players, not 1"),
        (["simulate", "--players", "9"], "2 to 4 players, not 9"),
        (["simulate", "--bots", "genius"], "unknown bot level"),
        (["simulate", "--rule", "colour=red"], "unknown rule"),
        (["simulate", "--rule", "spinner=wheel"], "spinner"),
        (["simulate", "--games", "x"], "invalid int"),
        (["rules", "nope"], "unknown preset"),
        (["replay", "/no/such/record.jsonl"], "No such file"),
        (["dance"], "invalid choice"),
    ],
)
def test_bad_input_gives_one_error_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("sniff: error: ")
    assert words in err


def test_corrupt_and_tampered_records_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tampered = _tampered(tmp_path)
    capsys.readouterr()
    status, out, err = _run(capsys, "replay", str(tampered))
    assert (status, out) == (2, "")
    assert err.startswith(f"sniff: error: {tampered}: line 3: count is ")
    assert err.count("\n") == 1
    corrupt = tmp_path / "c.jsonl"
    corrupt.write_bytes(b'{"type": "game"\n\xff\xfe')
    status, out, err = _run(capsys, "replay", str(corrupt))
    assert (status, out, err.count("\n")) == (2, "", 1)


def test_the_game_without_a_terminal_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for argv in ([], ["play"], ["practice"]):
        status, out, err = _run(capsys, *argv)
        assert status == 2 and out == ""
        assert err.startswith("sniff: error: the game is played at a terminal")
        assert err.count("\n") == 1


# -- a terminal that is not what the game expects ----------------------------------------

SNIFF = Path(sys.executable).parent / "sniff"


def _control_c_as_from_a_shell() -> None:
    # A test run started in the background hands down an ignored SIGINT.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _sniff(*argv: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(SNIFF), *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
        preexec_fn=_control_c_as_from_a_shell if os.name == "posix" else None,
    )


def test_control_c_stops_a_long_command_cleanly_with_status_130(tmp_path: Path) -> None:
    process = _sniff("simulate", "--games", "100000", "--record", str(tmp_path / "game.jsonl"))
    first = tmp_path / "game-000001.jsonl"
    deadline = time.monotonic() + 30
    while not first.exists():  # the first game's record: well into the command
        assert time.monotonic() < deadline and process.poll() is None
        time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "Traceback" not in err


def test_an_ascii_only_terminal_gets_no_traceback(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    assert main(["simulate", "--seed", "3", "--record", str(record)]) == 0
    process = _sniff("replay", str(record), "--lang", "de", env={"PYTHONIOENCODING": "ascii"})
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert "Traceback" not in err and "F?nf" in out  # the umlaut replaced, not a crash


def test_a_dumb_terminal_gets_line_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    from sniff.commands.play import options_from_args, play_parser

    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("SNIFF_HOME", "/nonexistent-sniff-home")
    options = options_from_args(play_parser().parse_args(["play"]))
    assert options.screen == "line"
    options = options_from_args(play_parser().parse_args(["play", "--screen", "full"]))
    assert options.screen == "full"  # what the player asks for stands


def test_unknown_rule_values_are_refused_with_the_valid_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = _run(capsys, "simulate", "--rule", "preset=foo")
    assert status == 2 and "preset must be one of sniff, muggins" in err
    status, _, err = _run(capsys, "simulate", "--rule", "draw_limit=abc")
    assert status == 2 and "draw_limit must be a whole number, or none" in err


def test_rule_values_of_other_kinds_are_refused_with_the_choices_or_an_example(
    capsys: pytest.CaptureFixture[str],
) -> None:
    refused = {
        "tile_set=x": "tile_set must be one of double-six, double-nine, double-twelve",
        "targets=abc": "targets wants whole numbers, like 200 or 250,200,200",
        "hand_sizes=1_0": "hand_sizes wants whole numbers, like 7 or 7,6,5",
        "hand_sizes=٣": "hand_sizes wants whole numbers",  # a digit, but not 0-9
        "spinner=round": "spinner must be one of none, sniff, sniff-exposed, stubby",
    }
    for rule, message in refused.items():
        status, _, err = _run(capsys, "simulate", "--rule", rule)
        assert status == 2 and message in err, (rule, err)
        assert "Traceback" not in err
