"""Every error a player can reach, in German: one line on stderr, status 2, no English.

Each case runs the real ``sniff`` entry point (``sniff.cli.main`` with the
output captured, or the installed command where the game needs a terminal)
with ``--lang de`` or German settings, and checks the line is German from
``sniff: Fehler:`` to the end. What a player typed and what the files hold
(names in quotes, option names, the values ``--rule`` takes) stays as typed.
"""

from __future__ import annotations

import asyncio
import errno
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sniff.announce.errors import ErrorWords
from sniff.announce.game_ui import GameTexts
from sniff.cli import main
from sniff.engine import (
    PRESETS,
    SET_SIZES,
    Combination,
    Direction,
    Phase,
    RoundScoring,
    SpinnerMode,
    preset,
)
from sniff.enums import BotLevel, values
from sniff.i18n import translator
from sniff.session.game import GameSession
from sniff.session.keeping import keep_game, recorder_of
from sniff.storage import settings_path
from sniff.storage.limits import DataError, DataProblem
from test_german import english_in
from test_ui_game_harness import Driver

SNIFF = Path(sys.executable).parent / "sniff"

#: What stays as typed in any language: the names the command line and records use.
TYPED = {
    *PRESETS,
    *SET_SIZES,
    *values(BotLevel),
    *(kind.value for enum in (Combination, Direction, RoundScoring, SpinnerMode) for kind in enum),
    "on",
    "off",
    "none",
    "sniff",
}
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|„[^“]*“|--[\w-]+|\S+\.jsonl|/\S*")


def german_line(err: str) -> str:
    """The one error line, checked for its frame; returns it."""
    assert err.count("\n") == 1, err
    assert err.startswith("sniff: Fehler: "), err
    return err.strip()


def english_words(line: str) -> list[str]:
    """English left in *line* once typed names, quotes, options and paths are set aside."""
    plain = _QUOTED.sub(" ", line)
    plain = " ".join(word for word in re.split(r"[\s,;:()]+", plain) if word not in TYPED)
    return english_in([plain])


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


COMMAND_LINE = [
    (["simulate", "--preset", "nope"], "unbekannte Regelvorgabe 'nope'"),
    (["simulate", "--players", "1"], "von 2 bis 4 Spielern gespielt, nicht von 1"),
    (["simulate", "--players", "9"], "von 2 bis 4 Spielern gespielt, nicht von 9"),
    (["simulate", "--set", "double-nine", "--players", "7"], "von 2 bis 6 Spielern"),
    (["simulate", "--rule", "hand_sizes=30", "--players", "4"], "brauchen mehr Steine"),
    (["simulate", "--bots", "genius"], "unbekannte Stufe 'genius'"),
    (["simulate", "--bots", "expert,greedy,random"], "--bots nennt 3 Stufen für 2 Spieler"),
    (["simulate", "--games", "0"], "--games muss mindestens 1 sein"),
    (["simulate", "--max-rounds", "0"], "--max-rounds muss mindestens 1 sein"),
    (["simulate", "--jobs", "-1"], "--jobs muss 0 (alle Kerne) oder mehr sein"),
    (["simulate", "--games", "x"], "Argument --games: 'x' ist keine ganze Zahl"),
    (["simulate", "--games"], "Argument --games: erwartet einen Wert"),
    (["simulate", "--bogus"], "unbekannte Argumente: --bogus"),
    (["simulate", "--s", "3"], "mehrdeutige Option: --s kann"),
    (["simulate", "--json=3"], "Argument --json: nimmt keinen Wert"),
    (["simulate", "--set", "double-seven"], "ungültige Wahl: 'double-seven' (wähle aus"),
    (["simulate", "--target", "0"], "die Zielpunktzahlen müssen drei positive Zahlen sein"),
    (["simulate", "--rule", "colour=red"], "unbekannte Regel 'colour'; siehe 'sniff rules'"),
    (["simulate", "--rule", "colour"], "--rule erwartet FELD=WERT, nicht 'colour'"),
    (["simulate", "--rule", "spinner=wheel"], "spinner muss eines von none, sniff,"),
    (["simulate", "--rule", "tile_set=x"], "tile_set muss eines von double-six,"),
    (["simulate", "--rule", "targets=abc"], "targets erwartet ganze Zahlen wie 200 oder"),
    (["simulate", "--rule", "hand_sizes=7,6"], "hand_sizes erwartet eine Zahl oder drei"),
    (["simulate", "--rule", "hand_sizes=0"], "die Handgrößen müssen drei positive Zahlen sein"),
    (["simulate", "--rule", "muggins=maybe"], "muggins muss „on“ oder „off“ sein"),
    (["simulate", "--rule", "draw_limit=abc"], "draw_limit muss eine ganze Zahl sein oder"),
    (["simulate", "--rule", "draw_limit=-2"], "die Ziehgrenze muss mindestens 1 sein"),
    (["simulate", "--rule", "points_unit=0"], "die Punkteinheit muss mindestens 1 sein"),
    (["simulate", "--rule", "points_unit=x"], "points_unit muss eine ganze Zahl sein"),
    (["simulate", "--rule", "preset=foo"], "preset muss eines von sniff, muggins"),
    (["simulate", "--record", "/no/such/folder/game.jsonl"], "Ihr Ordner existiert nicht"),
    (["rules", "nope"], "unbekannte Regelvorgabe 'nope'"),
    (["practice", "--level", "9"], "Argument --level: ungültige Wahl: 9"),
    (["learn", "--lesson", "99"], "--lesson muss zwischen 1 und 12 liegen"),
    (["replay"], "diese Argumente fehlen: DATEI"),
    (["replay", "/no/such/record.jsonl"], "/no/such/record.jsonl: Datei oder Ordner nicht"),
    (["dance"], "Argument BEFEHL: ungültige Wahl: 'dance'"),
    (["serve", "--grace", "-1"], "--grace muss 0 oder mehr sein"),
    (["serve", "--bot-time", "nan"], "--bot-time muss 0 oder mehr sein"),
    (["serve", "--max-tables", "0"], "--max-tables muss 1 oder mehr sein"),
    (["serve", "--bot-workers", "0"], "--bot-workers muss 1 oder mehr sein"),
    (["serve", "--port", "70000"], "--port muss eine Zahl von 0 bis 65535 sein, nicht 70000"),
    (["host", "--port", "-1"], "--port muss eine Zahl von 0 bis 65535 sein, nicht -1"),
]


@pytest.mark.parametrize(
    ("argv", "german"), COMMAND_LINE, ids=[" ".join(a) for a, _ in COMMAND_LINE]
)
def test_every_command_line_error_is_german(
    capsys: pytest.CaptureFixture[str], argv: list[str], german: str
) -> None:
    status, out, err = _run(capsys, *argv, "--lang", "de")
    assert (status, out) == (2, "")
    line = german_line(err)
    assert german in line
    assert english_words(line) == []


def test_an_unknown_language_is_refused_in_the_settings_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('language = "de"\n', encoding="utf-8")
    status, _, err = _run(capsys, "--lang", "xx", "simulate")
    assert status == 2
    assert german_line(err) == "sniff: Fehler: unbekannte Sprache 'xx'; wähle eine von en, de"
    status, _, err = _run(capsys, "dance")
    assert status == 2 and "ungültige Wahl: 'dance'" in german_line(err), "no --lang at all"


@pytest.mark.parametrize("argv", [[], ["play"], ["practice"], ["learn"]])
def test_the_game_without_a_terminal_says_so_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, out, err = _run(capsys, "--lang", "de", *argv)
    assert (status, out) == (2, "")
    line = german_line(err)
    assert line.startswith("sniff: Fehler: das Spiel läuft in einem Terminal")
    assert english_words(line) == []


def test_a_part_missing_from_the_install_is_said_in_german(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sniff.ui.app", None)  # as if the file were gone
    status, _, err = _run(capsys, "--lang", "de", "play")
    assert status == 2
    assert german_line(err).startswith("sniff: Fehler: ein Teil von sniff fehlt: ")


# -- sniff play: errors after the terminal check (the installed command, on a terminal) ----

needs_pty = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")


def _play_on_a_terminal(tmp_path: Path, *argv: str) -> tuple[int, str]:
    """``sniff --lang de play ARGV`` with a terminal for its keyboard: it must stop at once."""
    master, slave = os.openpty()
    try:
        done = subprocess.run(
            [str(SNIFF), "--lang", "de", "play", "--speech", "text", "--no-sound", *argv],
            stdin=slave,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "SNIFF_HOME": str(tmp_path / "home"), "TERM": "dumb"},
        )
    finally:
        os.close(slave)
        os.close(master)
    assert done.stdout == ""
    return done.returncode, done.stderr


@needs_pty
@pytest.mark.parametrize(
    ("argv", "german"),
    [
        (["--pace", "99"], "--pace muss zwischen 0 und 10 Sekunden liegen"),
        (["--record", "/dev/null"], "--record /dev/null: keine gewöhnliche Datei"),
        (["--transcript", "/no/such/folder/t.txt"], "Datei oder Ordner nicht gefunden"),
    ],
)
def test_the_games_own_options_are_refused_in_german(
    tmp_path: Path, argv: list[str], german: str
) -> None:
    status, err = _play_on_a_terminal(tmp_path, *argv)
    assert status == 2, err
    line = german_line(err)
    assert german in line
    assert english_words(line) == []


# -- sniff replay: a record that is damaged or does not follow the rules -------------------


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The lines of a real record (a bot game, seed 4)."""
    path = tmp_path_factory.mktemp("records") / "game.jsonl"
    assert main(["simulate", "--seed", "4", "--record", str(path)]) == 0
    return path.read_text(encoding="utf-8").splitlines()


def _changed(lines: list[str], case: str) -> bytes:
    """The record with one thing changed, as a hand or a faulty program might."""
    lines = list(lines)
    if case == "count":
        lines[2] = lines[2].replace('"count": ', '"count": 1')
    elif case == "turn":
        lines[2] = re.sub(r'"player": (\d)', lambda m: f'"player": {1 - int(m[1])}', lines[2])
    elif case == "refused":
        lines[2] = re.sub(
            r'"type": "play", "player": (\d).*', r'"type": "pass", "player": \1}', lines[2]
        )
    elif case == "line":
        at = next(i for i, line in enumerate(lines) if '"round_end"' in line)
        player = re.search(r'"player": (\d)', lines[at - 1])
        assert player is not None
        lines[at] = '{"type": "pass", "player": %s}' % (1 - int(player[1]))
    elif case == "after-end":
        lines.append(lines[-1])
    elif case == "deep":
        lines[2] = '{"type": "play", "x": ' + "[" * 40 + "]" * 40 + "}"
    elif case == "no-deal":
        del lines[1]
    return ("\n".join(lines) + "\n").encode("utf-8")


REPLAYS = [
    ("count", "Zeile 3: Zählwert ist im Protokoll 1"),
    ("turn", "Zeile 3: Platz 0 handelt, aber Platz 1 ist am Zug"),
    ("refused", "Zeile 3: die Regeln lassen das nicht zu: "),
    ("line", ": im Protokoll steht hier Passen, nach den Regeln folgt aber Rundenende ("),
    ("after-end", "das Spiel ist schon vorbei"),
    ("deep", "Zeile 3: es ist tiefer als 32 Ebenen verschachtelt"),
    ("no-deal", "ein Spiel beginnt mit dem Geben"),
]


@pytest.mark.parametrize(("case", "german"), REPLAYS, ids=[case for case, _ in REPLAYS])
def test_a_record_that_breaks_the_rules_is_refused_in_german(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    record: list[str],
    case: str,
    german: str,
) -> None:
    path = tmp_path / "changed.jsonl"
    path.write_bytes(_changed(record, case))
    status, out, err = _run(capsys, "--lang", "de", "replay", str(path))
    assert (status, out) == (2, "")
    line = german_line(err)
    assert line.startswith(f"sniff: Fehler: {path}: ")
    assert german in line, line
    assert english_words(line) == []


def test_a_record_that_is_a_folder_or_under_a_file_is_refused_in_german(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, _, err = _run(capsys, "--lang", "de", "replay", str(tmp_path))
    assert status == 2 and german_line(err) == f"sniff: Fehler: {tmp_path}: Ist ein Ordner"
    under = tmp_path / "file.jsonl"
    under.write_text("{}\n", encoding="utf-8")
    status, _, err = _run(capsys, "--lang", "de", "replay", str(under / "x.jsonl"))
    assert status == 2 and german_line(err).endswith(": Ist kein Ordner")


#: A file that is not a record: what a German player reads, and the English they must not.
RECORD_FORMAT = [
    (b'{"type": "game"\n', "Zeile 1: kein JSON (ein Komma wurde erwartet)", "not JSON"),
    (b"", "das Protokoll ist leer", "the record is empty"),
    (b"\xff\xfe\n", "Zeile 1: die Zeile ist kein UTF-8-Text", "the line is not UTF-8 text"),
    (
        b"x" * 70_000 + b"\n",
        "Zeile 1: die Zeile ist länger als 65536 Bytes",
        "the line is longer than 65536 bytes",
    ),
    (
        b'{"type": "deal"}\n',
        "Zeile 1: die erste Zeile muss die Zeile 'game' sein",
        "the first line must be the 'game' line",
    ),
    (
        b'{"type": "game", "format": "sniff-record/2"}\n',
        "Zeile 1: das Format ist \"sniff-record/2\", nicht 'sniff-record/1'",
        "the format is",
    ),
    (b"[1, 2]\n", "Zeile 1: jede Zeile muss ein JSON-Objekt sein", "must be a JSON object"),
]


@pytest.mark.parametrize(
    ("data", "german", "english"), RECORD_FORMAT, ids=[e for _, _, e in RECORD_FORMAT]
)
def test_a_record_that_is_not_a_record_is_refused_in_german(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, german: str, english: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    status, out, err = _run(capsys, "--lang", "de", "replay", str(path))
    assert (status, out) == (2, "")
    line = german_line(err)
    assert line == f"sniff: Fehler: {path}: {german}"
    assert english not in line and english_words(line) == []


def _record_with(record: list[str], at: int, change: Callable[[dict[str, Any]], None]) -> bytes:
    lines = list(record)
    data = json.loads(lines[at])
    change(data)
    lines[at] = json.dumps(data)
    return ("\n".join(lines) + "\n").encode("utf-8")


#: A record line whose values are wrong: where in the record, the change, the German.
RECORD_LINES: list[tuple[int, Callable[[dict[str, Any]], None], str]] = [
    (2, lambda d: d.update(type="dance"), 'Zeile 3: unbekannte Zeilenart "dance"'),
    (2, lambda d: d.pop("count"), "Zeile 3: in einer Zeile Ausspielen fehlt 'count'"),
    (2, lambda d: d.update(count="14"), "'count' muss eine ganze Zahl sein, nicht \"14\""),
    (2, lambda d: d.update(player=5), "'player' ist 5, die Plätze sind aber 0 bis 1"),
    (2, lambda d: d.update(tile=[7, 1]), "[7, 1] ist kein Stein des Satzes Doppel-Sechs"),
    (2, lambda d: d.update(tile=[1]), "'tile' muss Steine als [a, b] enthalten, nicht [1]"),
    (2, lambda d: d.update(end="up"), 'Zeile 3: kein Ende heißt "up"'),
    (2, lambda d: d.update(endwise="yes"), "'endwise' muss true oder false sein"),
    (0, lambda d: d.update(format=None), "Zeile 1: das Format ist null, nicht"),
    (0, lambda d: d.update(players="x" * 90), "Zeile 1: 'players' muss eine Liste sein"),
    (0, lambda d: d["players"][0].update(kind="cat"), "'human' oder 'bot', nicht \"cat\""),
    (0, lambda d: d["rules"].update(spinner="wheel"), "spinner muss eines von none, sniff,"),
    (0, lambda d: d.update(sides=[[0, 0]]), "'sides' muss jeden Platz genau einmal enthalten"),
    (1, lambda d: d["boneyard"].pop(), "beim Geben müssen alle Steine des Satzes Doppel-Sechs"),
    (1, lambda d: d["boneyard"].append(d["boneyard"][0]), "kommt zweimal vor"),
    (-1, lambda d: d.update(winner=7), "der Sieger ist eine Partei von 0 bis 1, nicht 7"),
    (-1, lambda d: d.update(scores=[1]), "'scores' muss aus 2 ganzen Zahlen bestehen"),
    (-1, lambda d: d.update(type="game_over"), 'unbekannte Zeilenart "game_over"'),
]


@pytest.mark.parametrize(
    ("at", "change", "german"), RECORD_LINES, ids=[german for _, _, german in RECORD_LINES]
)
def test_a_record_line_that_is_wrong_is_refused_in_german(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    record: list[str],
    at: int,
    change: Callable[[dict[str, Any]], None],
    german: str,
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(_record_with(record, at, change))
    status, out, err = _run(capsys, "--lang", "de", "replay", str(path))
    assert (status, out) == (2, "")
    line = german_line(err)
    assert line.startswith(f"sniff: Fehler: {path}: Zeile ")
    assert german in line, line
    assert english_words(line) == []


def test_a_huge_value_is_quoted_only_in_part(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: list[str]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(_record_with(record, 2, lambda d: d.update(end="w" * 5000)))
    status, _, err = _run(capsys, "--lang", "de", "replay", str(path))
    assert status == 2
    assert german_line(err) == f'sniff: Fehler: {path}: Zeile 3: kein Ende heißt "{"w" * 38}…'


def test_replay_speaks_the_settings_language_and_its_help_says_so(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('language = "de"\n', encoding="utf-8")
    missing = home / "missing.jsonl"
    status, _, err = _run(capsys, "replay", str(missing))
    assert status == 2
    assert german_line(err) == f"sniff: Fehler: {missing}: Datei oder Ordner nicht gefunden"
    status, out, _ = _run(capsys, "replay", "--help", "--lang", "en")
    assert status == 0
    help_text = " ".join(out.split())
    assert "--lang LANG language: en or de (default: the settings, else the system's)" in help_text


# -- the words themselves ------------------------------------------------------------------


def test_the_systems_common_reasons_have_german_words_and_others_a_german_frame() -> None:
    german, english = ErrorWords(translator("de")), ErrorWords(translator("en"))
    for code in (
        errno.ENOENT,
        errno.EACCES,
        errno.EISDIR,
        errno.ENOTDIR,
        errno.ENOSPC,
        errno.EROFS,
    ):
        error = OSError(code, os.strerror(code), "/x")
        assert german.os_reason(error) != english.os_reason(error)
        assert english_words(german.system(error)) == []
        # A reason that reached the game only as the system's text is known again.
        assert german.system_text(os.strerror(code)) == german.os_reason(error)
    odd = OSError(errno.EPROTO, "Protocol error")
    assert german.os_reason(odd) == f"Systemfehler {errno.EPROTO}: Protocol error"
    assert german.system_text("something else") == "something else"


def test_settings_that_cannot_be_saved_are_said_in_german(home: Path) -> None:
    (home / "home").mkdir()
    (home / "home" / "config").write_text("a file where the settings folder should be")

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "3", "--lang", "de"]) as d:
            start = len(d.texts)
            await d.press("m", "escape")
            said = d.texts[start:]
            problem = next(text for text in said if "nicht gespeichert" in text)
            assert problem == "Die Einstellungen konnten nicht gespeichert werden: Ist kein Ordner"
            assert english_in(said) == []

    asyncio.run(go())


def test_statistics_the_system_will_not_read_are_said_in_german(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    (home / "home").mkdir()
    (home / "home" / "data").write_text("a file where the data folder should be")
    status, out, _ = _run(capsys, "--lang", "de", "stats")
    assert status == 0
    first = out.splitlines()[0]
    assert first.startswith("Deine Statistik in ") and "(Ist kein Ordner)" in first
    assert english_words(first) == []


def test_practice_progress_that_cannot_be_saved_is_said_in_german(home: Path) -> None:
    (home / "home").mkdir()
    (home / "home" / "data").write_text("a file where the data folder should be")

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "3", "--lang", "de"]) as d:
            await d.press("m", "end", "up", "up", "up", "enter")  # the menu's practice
            start = len(d.texts)
            await d.press("enter", "1", "enter")
            said = d.texts[start:]
            problem = next(text for text in said if "nicht gespeichert" in text)
            assert problem == "Der Fortschritt konnte nicht gespeichert werden: Ist kein Ordner"
            assert english_in(said) == []
            await d.press("escape", "escape", "escape")

    asyncio.run(go())


# -- the game's own files while it is played -----------------------------------------------


def test_a_save_and_a_record_that_fail_are_said_in_german(home: Path) -> None:
    full = Path("/dev/full")  # every write fails, as on a full disk
    if not full.exists():
        pytest.skip("no /dev/full here")
    record = home / "game.jsonl"

    async def go() -> None:
        argv = ["--bots", "greedy", "--seed", "3", "--lang", "de", "--record", str(record)]
        async with Driver(argv) as d:
            # The save's place is taken by a folder: Control S says why, in German.
            save = settings_path().parent.parent / "data" / "current-game.json"
            save.unlink(missing_ok=True)
            save.mkdir(parents=True)
            start = len(d.texts)
            await d.press("c-s")
            said = d.texts[start:]
            assert said[-1].startswith("Das Spiel konnte nicht gespeichert werden: "), said
            assert english_in(said) == []
            save.rmdir()
            # The record's disk is full: the next play's lines cannot be written.
            recorder = recorder_of(d.session)
            assert recorder is not None
            recorder.sink.close()
            recorder.sink._stream = full.open("w", encoding="utf-8")
            start = len(d.texts)
            while not recorder.failed:
                assert await d.play_turn()
            said = d.texts[start:]
            assert (
                f"Das Spielprotokoll {record} konnte nicht geschrieben werden: Kein Platz mehr "
                "auf dem Datenträger." in said
            ), said
            assert english_in([text.replace(str(record), "") for text in said]) == []

    asyncio.run(go())


def test_statistics_that_cannot_be_read_at_a_games_end_keep_the_systems_reason(
    home: Path,
) -> None:
    (home / "home").mkdir()
    (home / "home" / "data").write_text("a file where the data folder should be")
    session = GameSession.new(
        preset("sniff").with_changes(targets=(15, 15, 15)), ["greedy"], seed=5, playouts=10
    )
    told: list[tuple[str, Exception]] = []
    keep_game(
        session,
        save_path=home / "current-game.json",
        record_path=None,
        continue_record=False,
        ui_state=dict,
        hints_used=lambda: 0,
        on_problem=lambda what, error: told.append((what, error)),
    )
    while session.game.phase is not Phase.GAME_OVER:
        game = session.game
        if game.phase is Phase.ROUND_OVER:
            session.next_round()
        elif session.observe(0).my_turn:
            session.act(0, game.legal_actions()[0])
        else:
            session.apply_bot(session.decide())
    [(what, error)] = [(what, error) for what, error in told if what.startswith("stats")]
    assert what == "stats"
    assert isinstance(error, DataError) and error.problem is DataProblem.UNREADABLE
    said = GameTexts(translator("de")).stats_failed(ErrorWords(translator("de")).why(error))
    assert said.text == "Die Statistik konnte nicht gespeichert werden: Ist kein Ordner."
