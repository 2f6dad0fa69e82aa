"""``sniff stats``: the report in English and German, JSON, and the reset."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

import pytest

from sniff.commands import practice as practice_command
from sniff.commands import stats as stats_command
from sniff.commands.common import SniffParser
from sniff.commands.stats import run_stats
from sniff.i18n import translator
from sniff.storage import load_stats, record_game, record_practice, stats_path


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    return tmp_path


def played() -> None:
    record_game("sniff", 2, scoring="fives", scores=(210, 130), side=0, winner=0, rounds=5, hints=2)
    record_game("sniff", 2, scoring="fives", scores=(150, 205), side=0, winner=1, rounds=4)
    record_practice("count", 2, answers=10, right=8, seconds=31.0)


def report(language: str = "en", **options: object) -> tuple[int, str]:
    out = io.StringIO()
    code = run_stats(translator(language), out=out, **options)  # type: ignore[arg-type]
    return code, out.getvalue()


def run(argv: list[str], stdin: str = "") -> tuple[int, str]:
    """The command as the lead registers it: the parser from the stats command."""
    parser = SniffParser(prog="sniff")
    sub = parser.add_subparsers(dest="command", parser_class=SniffParser)
    stats_command.add_parser(sub)
    practice_command.add_parser(sub)
    args = parser.parse_args(argv)
    out = io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out):
            code = args.handler(args)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue()


def test_nothing_yet() -> None:
    code, text = run(["stats"])
    assert code == 0
    assert text.splitlines() == [
        "Games: none finished yet.",
        "Practice: no answers yet.",
        "Lessons: none of 12 done yet.",
    ]


def test_english_report() -> None:
    played()
    code, text = run(["stats", "--lang", "en"])
    assert code == 0
    assert text.splitlines() == [
        "Games:",
        "Sniff, 2 players, scoring fives: 2 games played, 1 won, 50 percent. "
        "40 points per round. Best game 210, won by 80. 2 hints used.",
        "Practice:",
        "The count, level 2, doubles: 10 answers, 8 right, 80 percent. 3.1 seconds per answer.",
        "Lessons: none of 12 done yet.",
    ]


def test_statistics_per_drill_and_scoring_with_the_presets_names() -> None:
    record_game("alle-fuenfe", 3, scoring="fives", scores=(100, 40, 20), side=0, winner=0, rounds=4)
    record_game("sniff", 2, scoring="threes", scores=(90, 200), side=0, winner=1, rounds=3)
    record_practice("tile", 1, scoring="primes", answers=4, right=3, seconds=10.0)
    record_practice("score", 1, scoring="threes", answers=2, right=1, seconds=5.0)
    record_practice("score", 1, scoring="fives", answers=5, right=5, seconds=10.0)
    record_practice("timed", 3, answers=20, right=18, seconds=58.0)
    _code, text = run(["stats", "--lang", "en"])
    assert text.splitlines() == [
        "Games:",
        "Alle Fünfe, 3 players, scoring fives: 1 game played, 1 won, 100 percent. "
        "25 points per round. Best game 100, won by 60. 0 hints used.",
        "Sniff, 2 players, scoring threes: 1 game played, 0 won, 0 percent. "
        "30 points per round. 0 hints used.",
        "Practice:",
        # In the menu's order: drill, level, scoring.
        "Does it score, level 1, two plain ends, scoring fives: 5 answers, 5 right, 100 percent."
        " 2 seconds per answer.",
        "Does it score, level 1, two plain ends, scoring threes: 2 answers, 1 right, 50 percent."
        " 2.5 seconds per answer.",
        "Which tile scores, level 1, two plain ends, scoring primes: 4 answers, 3 right,"
        " 75 percent. 2.5 seconds per answer.",
        "Timed counts, level 3, the sniff and its arms: 20 answers, 18 right, 90 percent."
        " 2.9 seconds per answer.",
        "Lessons: none of 12 done yet.",
    ]
    _code, german = run(["stats", "--lang", "de"])
    lines = german.splitlines()
    assert lines[1].startswith("Alle Fünfe, 3 Spieler, Wertung Fünfer: 1 Spiel gespielt")
    assert "Alle-fuenfe" not in german and "alle-fuenfe" not in german
    assert lines[5].startswith("Punkte nennen, Stufe 1, zwei einfache Enden, Wertung Dreier:")


def test_german_report() -> None:
    played()
    code, text = report("de")
    assert code == 0
    lines = text.splitlines()
    assert len(lines) == 5
    assert "Spiele" in lines[0]
    assert lines[4] == "Lektionen: noch keine von 12 geschafft."
    assert "80 Prozent" in lines[3]
    assert "3,1 Sekunden" in lines[3]  # the German decimal comma


def test_json() -> None:
    played()
    code, text = run(["stats", "--json"])
    assert code == 0
    data = json.loads(text)
    assert data == load_stats().stats.to_json()
    assert data["practice"][0]["right"] == 8


def test_reset_asks_and_keeps_without_yes() -> None:
    played()
    code, text = run(["stats", "--reset"], stdin="no\n")
    assert code == 1
    assert "Nothing deleted." in text
    assert stats_path().exists()


def test_reset_with_typed_yes() -> None:
    played()
    code, text = run(["stats", "--reset"], stdin="yes\n")
    assert code == 0
    assert text.endswith("Statistics deleted.\n")
    assert not stats_path().exists()
    assert load_stats().stats.games == {}


def test_reset_for_scripts_and_in_german() -> None:
    played()
    code, _ = report("de", reset=True, ask=lambda prompt: "ja")
    assert code == 0
    assert not stats_path().exists()
    played()
    code, _ = run(["stats", "--reset", "--yes"])
    assert code == 0
    assert not stats_path().exists()


def test_practice_options_parse() -> None:
    parser = SniffParser(prog="sniff")
    sub = parser.add_subparsers(dest="command", parser_class=SniffParser)
    practice_command.add_parser(sub)
    args = parser.parse_args(
        ["practice", "--drill", "tile", "--level", "4", "--scoring", "threes", "--seed", "3"]
    )
    assert (args.drill, args.level, args.scoring, args.seed) == ("tile", 4, "threes", 3)
    from sniff.commands.common import UsageError

    with pytest.raises(UsageError):
        parser.parse_args(["practice", "--level", "6"])
