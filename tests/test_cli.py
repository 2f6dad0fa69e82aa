"""The ``sniff`` command: subcommands, house rules, and one-line errors."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from ptyplay import wait_raw
from sniff import __version__
from sniff.cli import build_parser, main
from sniff.commands import COMMANDS
from sniff.i18n import translator
from sniff.storage.paths import settings_path
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
        argv = ["simulate", "--preset", "alle-fuenfe", "--players", "3", "--seed", "5", "--lang=en"]
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
    lines = out.splitlines()
    assert lines[0] == "Rules: Sniff, US rules (sniff-us)"
    assert "Spinner: the sniff, its free halves count (spinner=sniff-exposed)" in lines
    assert (
        "Target: 250 with 2 players, 200 with 3, 200 with 4 or more (targets=250,200,200)" in lines
    )
    assert "Partnerships: on (partnerships=on)" in lines
    status, out, _ = _run(capsys, "rules", "sniff-us", "--lang", "de")
    lines = out.splitlines()
    assert lines[0] == "Regeln: Sniff, amerikanische Regeln (sniff-us)"
    assert "Richtung: im Uhrzeigersinn (direction=clockwise)" in lines
    assert "Muggins-Regel: aus (muggins=off)" in lines


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
        (["simulate", "--games", "x"], "'x' is not a whole number"),
        (["rules", "nope"], "unknown preset"),
        (["replay", "/no/such/record.jsonl"], "No such file"),
        (["dance"], "invalid choice"),
        (["join", "ABCD", "--server", "127.0.0.1;18765"], "not a server's address"),
        (["host", "--server", "127.0.0.1;18765"], "not a server's address"),
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


@pytest.mark.skipif(not hasattr(os, "killpg"), reason="Control C to a process group: POSIX")
@pytest.mark.parametrize(
    ("jobs", "early"), [("1", False), ("2", False), ("2", True)], ids=["1", "2", "2-early"]
)
def test_control_c_stops_a_long_command_cleanly_with_status_130(
    jobs: str, early: bool, tmp_path: Path
) -> None:
    """Control C ends the command with status 130, no traceback and no worker left: well
    into the games, and (*early*) the moment its first helper process appears, while
    the workers are being started."""
    process = subprocess.Popen(
        [str(SNIFF), "simulate", "--games", "100000", "--bots", "random", "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,  # its own process group, as a terminal's foreground job
        # A runner that ignores SIGINT (started with nohup, or in the background) would
        # hand that down, and the command would play its 100,000 games to the end.
        preexec_fn=_control_c_as_from_a_shell,
    )
    try:
        # Well into the games (the command runs for minutes): a Control C while a process
        # is still starting is another matter (see _well_into_the_games).
        if early:
            deadline = time.monotonic() + 60
            while not _children(process.pid) and time.monotonic() < deadline:
                time.sleep(0.002)
        else:
            _well_into_the_games(process.pid, int(jobs))
        assert process.poll() is None
        # Control C at a terminal signals the whole group: the workers too.
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 130
        assert "Traceback" not in err and "KeyboardInterrupt" not in err
        deadline = time.monotonic() + 10
        while _group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _group_alive(process.pid), "no worker is left running"
    finally:
        _end_group(process)


def _well_into_the_games(leader: int, jobs: int) -> None:
    """Wait until the command plays its games: on Linux, until the first process has
    used a second of processor time (one job), or every worker ignores SIGINT, as it
    does once set up (more jobs), however long a loaded machine takes; elsewhere 2.5 s.

    A worker still starting up when Control C comes prints a traceback of its own
    (``session/simulate.py`` ignores SIGINT in its workers only once they run), and
    the test is not about that moment.
    """
    if not Path(f"/proc/{leader}/stat").exists():
        time.sleep(2.5)
        return
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if jobs == 1:
            if _cpu_seconds(leader, tick) >= 1.0:  # started up (well under a second) and playing
                return
        else:
            # The workers and multiprocessing's resource tracker: each ignores SIGINT once
            # it is set up, and the pool exists only once the first process plays.
            children = _children(leader)
            if len(children) > jobs and all(map(_ignores_sigint, children)):
                return
        time.sleep(0.1)
    raise AssertionError("the command did not get going within a minute")


def _stat_fields(pid: int) -> list[str]:
    """/proc/PID/stat after the command name (which may hold spaces): state first."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return []
    return text[text.rindex(")") + 2 :].split()


def _cpu_seconds(pid: int, tick: int) -> float:
    fields = _stat_fields(pid)
    return (int(fields[11]) + int(fields[12])) / tick if fields else 0.0


def _children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields and int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def _ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next(line.split()[1] for line in status.splitlines() if line.startswith("SigIgn:"))
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


def _end_group(process: subprocess.Popen[str]) -> None:
    """Whatever failed above, no part of the command outlives the test."""
    if _group_alive(process.pid):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.communicate(timeout=10)
    deadline = time.monotonic() + 10
    while _group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


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


# -- global options, python -m sniff, help in the player's language ----------------------


class _Pty:
    """A command with a pseudo-terminal for its keyboard and screen (or only its stderr)."""

    def __init__(self, argv: list[str], env: dict[str, str], *, only_stderr: bool = False) -> None:
        master, slave = os.openpty()
        tty = {"stderr": slave} if only_stderr else {"stdin": slave, "stdout": slave}
        self.process = subprocess.Popen(
            argv,
            **{"stdin": subprocess.DEVNULL, "stdout": subprocess.PIPE, "stderr": slave, **tty},
            env={**os.environ, **env},
            close_fds=True,
        )
        self.slave = slave  # kept to see when the game reads keys one by one
        self.keyboard = not only_stderr
        self.master = master
        self.screen = bytearray()
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:  # the command has ended and closed the terminal
                return
            if not chunk:
                return
            self.screen += chunk

    def text(self) -> str:
        return self.screen.decode("utf-8", errors="replace")

    def wait_for(self, words: str, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while words not in self.text():
            assert time.monotonic() < deadline, f"waited for {words!r}; got:\n{self.text()}"
            time.sleep(0.05)

    def type(self, keys: str) -> None:
        if self.keyboard:
            wait_raw(self.slave)  # (typed into the line discipline, Enter would change)
        os.write(self.master, keys.encode())

    def finish(self, seconds: float = 30.0) -> tuple[int, str]:
        """Wait for the end; the exit status and what the command wrote to stdout (if piped)."""
        out, _ = self.process.communicate(timeout=seconds)
        self._close_slave()  # the reader sees the terminal's end once nothing holds it
        self._reader.join(timeout=5)
        return self.process.returncode, (out or b"").decode("utf-8")

    def __enter__(self) -> _Pty:
        return self

    def __exit__(self, *exc: object) -> None:
        """Whatever happened, nothing is left running and the terminal is closed."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate(timeout=10)
        self._close_slave()
        os.close(self.master)

    def _close_slave(self) -> None:
        if self.slave >= 0:
            os.close(self.slave)
            self.slave = -1


def _plain_env(home: Path) -> dict[str, str]:
    # An English system, a terminal that draws no screen (line mode: plain lines to read).
    return {"SNIFF_HOME": str(home), "LANG": "C.UTF-8", "LC_ALL": "", "TERM": "dumb"}


needs_pty = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")


@needs_pty
@pytest.mark.parametrize(
    "argv",
    [["--lang", "de"], ["--lang", "de", "play"], ["--speech", "text", "--no-sound", "--lang=de"]],
)
def test_lang_before_the_command_starts_a_german_game(argv: list[str], tmp_path: Path) -> None:
    """``sniff --lang de``, ``sniff --lang de play``, and the game's options without
    ``play``: each starts a German game."""
    with _Pty([str(SNIFF), *argv], _plain_env(tmp_path)) as game:
        game.wait_for("Willkommen bei Sniff.")
        game.wait_for("Deine Steine")
        game.type("q")
        game.wait_for("Beenden?")
        game.type("j")
        status, _ = game.finish()
    assert status == 0
    assert "Welcome" not in game.text()


def test_lang_before_the_command_reaches_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "g.jsonl"
    assert _run(capsys, "simulate", "--seed", "2", "--record", str(record))[0] == 0
    status, out, _ = _run(capsys, "--lang", "de", "replay", str(record))
    assert status == 0 and out.startswith("Runde 1. Bot ")
    status, out, _ = _run(capsys, "--lang", "de", "replay", str(record), "--lang", "en")
    assert status == 0 and out.startswith("Round 1. Bot "), "the command's own --lang wins"
    status, out, _ = _run(capsys, "--lang", "de", "simulate", "--games", "2")
    assert status == 0 and "Siege je Platz: Bot 1 (gierig): " in out
    status, out, _ = _run(capsys, "rules", "sniff", "--lang", "de")
    assert status == 0 and "Sniff-Art: der Sniff" in out, "every command takes --lang"
    status, out, err = _run(capsys, "--lang", "xx", "simulate")
    assert (status, out) == (2, "") and "unknown language 'xx'" in err


def test_python_m_sniff_is_the_sniff_command(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "sniff", "--lang", "de", "simulate", "--games", "2"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SNIFF_HOME": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    assert "Siege je Platz" in done.stdout
    version = subprocess.run(
        [sys.executable, "-m", "sniff", "--version"], capture_output=True, text=True, timeout=60
    )
    assert version.stdout.strip() == f"sniff {__version__}"


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    return out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_its_help_in_german(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _help(capsys, command, "--help", "--lang", "de")
    assert out.startswith(f"Aufruf: sniff {command} ")
    assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
    # Every option and argument says what it does in German: none is left as in English.
    german = build_parser(translator("de"))._subparsers
    english = build_parser()._subparsers
    assert german is not None and english is not None
    de_actions = german._group_actions[0].choices[command]._actions  # type: ignore[attr-defined]
    en_actions = english._group_actions[0].choices[command]._actions  # type: ignore[attr-defined]
    for de_action, en_action in zip(de_actions, en_actions, strict=True):
        if en_action.help and en_action.help != argparse.SUPPRESS:
            assert de_action.help != en_action.help, f"sniff {command} {en_action.dest}: English"
        # The value's placeholder too (--record DATEI, --pace SEKUNDEN): only the numbers
        # N and K/N (sniff serve --worker) stay as they are.
        if isinstance(en_action.metavar, str) and en_action.metavar not in ("N", "K/N"):
            assert de_action.metavar != en_action.metavar, f"{command} {en_action.metavar}"
    assert out.count("Aufruf: ") == 1 and not re.search(r"\b(FILE|SECONDS|PLAYERS)\b", out)


def test_help_speaks_the_language_the_game_would(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert _help(capsys, "--help").startswith("Aufruf: sniff "), "the system's language"
    assert "Befehle:" in _help(capsys, "--help")
    assert "sniff [-h] [--version] [--lang SPRACHE] BEFEHL" in _help(capsys, "--help")
    assert _help(capsys, "--lang", "en", "--help").startswith("usage: sniff ")
    assert _help(capsys, "play", "--help", "--lang=en").startswith("usage: sniff play ")
    # An unknown --lang leaves the choice to the settings and the system.
    assert _help(capsys, "play", "--lang", "fr", "--help").startswith("Aufruf: ")
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert _help(capsys, "--help").startswith("usage: sniff ")
    settings = settings_path()  # in SNIFF_HOME
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('language = "de"\n', encoding="utf-8")
    assert _help(capsys, "stats", "--help").startswith("Aufruf: sniff stats"), "the settings"
    assert settings.read_text(encoding="utf-8") == 'language = "de"\n', "only read"


def test_version_does_not_need_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert _help(capsys, "--lang", "de", "--version").strip() == f"sniff {__version__}"


# -- sniff simulate on a terminal ----------------------------------------------------------


@needs_pty
def test_simulate_shows_progress_on_a_terminal_and_the_summary_on_stdout(tmp_path: Path) -> None:
    argv = [str(SNIFF), "simulate", "--games", "30", "--lang", "en"]
    with _Pty(argv, {"SNIFF_HOME": str(tmp_path)}, only_stderr=True) as run:
        status, out = run.finish()
    assert status == 0
    assert run.text().startswith("\r0 of 30 games played"), "the progress line, on stderr"
    assert run.text().endswith("\r"), "and cleared at the end"
    assert out.startswith("Rules: Sniff (sniff), 2 players, bots: greedy, greedy.")
    with _Pty([*argv, "--json"], {"SNIFF_HOME": str(tmp_path)}, only_stderr=True) as quiet:
        status, out = quiet.finish()
    assert status == 0 and json.loads(out)["games"] == 30
    assert quiet.text() == "", "--json: only the summary"


def test_simulate_is_quiet_when_stderr_is_not_a_terminal(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(SNIFF), "simulate", "--games", "30", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SNIFF_HOME": str(tmp_path)},
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("\n") == 6


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
