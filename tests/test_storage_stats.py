"""Statistics (sniff.storage.stats): tallies, round trip, reset, damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from damaged_files import is_set_aside
from sniff.storage.stats import (
    GameKey,
    GameTally,
    PracticeKey,
    PracticeTally,
    Stats,
    load_stats,
    record_game,
    record_practice,
    reset_stats,
    save_stats,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    return tmp_path


def test_no_file_means_no_games(home: Path) -> None:
    assert load_stats() == (Stats(), None, None)
    assert Stats().total() == GameTally()
    assert GameTally().average_points is None and PracticeTally().accuracy is None


def test_games_are_tallied_per_preset_player_count_and_scoring(home: Path) -> None:
    record_game("sniff", 2, scoring="fives", scores=(205, 140), side=0, winner=0, rounds=6, hints=2)
    record_game("sniff", 2, scoring="fives", scores=(90, 200), side=0, winner=1, rounds=4)
    record_game("sniff", 2, scoring="fives", scores=(230, 110), side=0, winner=0, rounds=5, hints=1)
    record_game("sniff", 2, scoring="primes", scores=(201, 40), side=0, winner=0, rounds=3)
    record_game("sniff-us", 4, scoring="fives", scores=(180, 250), side=1, winner=1, rounds=7)
    stats = load_stats().stats
    sniff = stats.games[GameKey("sniff", 2, "fives")]
    assert (sniff.played, sniff.won, sniff.rounds, sniff.hints) == (3, 2, 15, 3)
    assert sniff.points == 205 + 90 + 230
    assert sniff.average_points == pytest.approx(525 / 15)
    assert sniff.best_score == 230 and sniff.best_margin == 120  # the lost game does not count
    assert sniff.win_rate == pytest.approx(2 / 3)
    primes = stats.games[("sniff", 2, "primes")]  # another scoring, another tally
    assert (primes.played, primes.best_score) == (1, 201)
    us = stats.games[("sniff-us", 4, "fives")]
    assert (us.played, us.won, us.points, us.best_margin) == (1, 1, 250, 70)
    total = stats.total()
    assert (total.played, total.won, total.rounds, total.best_score) == (5, 4, 25, 250)
    assert stats.total("sniff-us") == us
    assert stats.total("sniff").played == 4


def test_a_lost_game_leaves_no_best(home: Path) -> None:
    record_game("muggins", 3, scoring="threes", scores=(40, 61, 20), side=2, winner=1, rounds=3)
    tally = load_stats().stats.games[("muggins", 3, "threes")]
    assert (tally.won, tally.best_score, tally.best_margin) == (0, None, None)


def test_practice_is_tallied_per_drill_level_and_scoring(home: Path) -> None:
    record_practice("count", 1, answers=10, right=7, seconds=31.5)
    record_practice("count", "1", answers=5, right=5, seconds=8.5)
    record_practice("count", 2, answers=4, right=1, seconds=20.0)
    record_practice("score", 2, scoring="threes", answers=6, right=3, seconds=12.0)
    record_practice("score", 2, scoring="fibs", answers=2, right=2, seconds=7.0)
    stats = load_stats().stats
    assert stats.practice[PracticeKey("count", "1", None)] == PracticeTally(15, 12, 40.0)
    assert stats.practice[("count", "1", None)].accuracy == pytest.approx(0.8)
    assert stats.practice[("count", "2", None)].average_seconds == pytest.approx(5.0)
    assert stats.practice[("score", "2", "threes")] == PracticeTally(6, 3, 12.0)
    assert stats.practice[("score", "2", "fibs")] == PracticeTally(2, 2, 7.0)


def test_round_trip_through_the_file_and_reset(home: Path) -> None:
    stats = (
        Stats()
        .with_game("sniff", 2, scoring="fives", scores=(200, 100), side=0, winner=0, rounds=4)
        .with_practice("ends", "hard", answers=3, right=2, seconds=9.25)
        .with_practice("tile", 3, scoring="primes", answers=1, right=1, seconds=2.5)
    )
    path = save_stats(stats)
    assert path == home / "data" / "stats.json"
    data = json.loads(path.read_text())
    assert (data["format"], data["version"]) == ("sniff-stats", 2)
    assert data["practice"][1]["scoring"] == "primes"
    assert load_stats() == (stats, None, None)
    reset_stats()
    assert load_stats().stats == Stats()
    reset_stats()  # twice is fine


def test_a_version_1_file_is_read_with_the_scoring_unknown_and_written_as_version_2(
    home: Path,
) -> None:
    path = home / "data" / "stats.json"
    path.parent.mkdir(parents=True)
    old = {
        "format": "sniff-stats",
        "version": 1,
        "games": [
            {"preset": "sniff", "players": 2, "played": 2, "won": 1, "rounds": 9, "points": 300,
             "hints": 0, "best_score": 201, "best_margin": 60},
        ],
        "practice": [{"drill": "score", "level": "2", "answers": 4, "right": 3, "seconds": 9.0}],
    }  # fmt: skip
    path.write_text(json.dumps(old))
    stats = load_stats().stats
    assert stats.games[("sniff", 2, None)].played == 2
    assert stats.practice[("score", "2", None)] == PracticeTally(4, 3, 9.0)
    record_practice("score", 2, scoring="fives", answers=1, right=1, seconds=1.0)
    data = json.loads(path.read_text())
    assert data["version"] == 2
    kept = load_stats().stats
    assert kept.practice[("score", "2", None)] == PracticeTally(4, 3, 9.0)
    assert kept.practice[("score", "2", "fives")] == PracticeTally(1, 1, 1.0)
    assert kept.games == stats.games


def test_bad_numbers_are_refused_before_anything_is_written(home: Path) -> None:
    with pytest.raises(ValueError):
        record_game("sniff", 2, scores=(1, 2), side=2, winner=0, rounds=1)
    with pytest.raises(ValueError):
        record_practice("count", 1, answers=2, right=3, seconds=1.0)
    assert not (home / "data" / "stats.json").exists()


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": "sniff-stats", "version": 9, "games": [], "practice": []}',
        '{"format": "sniff-stats", "version": 1, "games": [{"preset": "sniff"}], "practice": []}',
        '{"format": "sniff-stats", "version": 1, "games": [], "practice": [{"drill": "a", '
        '"level": "1", "answers": -1, "right": 0, "seconds": 0}]}',
        "[]",
    ],
)
def test_a_damaged_file_is_set_aside_and_reported(home: Path, text: str) -> None:
    path = home / "data" / "stats.json"
    path.parent.mkdir(parents=True)
    path.write_text(text)
    result = load_stats()
    assert result.stats == Stats()
    assert result.problem is not None and result.problem.code == "corrupt"
    assert is_set_aside(result.set_aside, path)
    assert result.set_aside is not None and result.set_aside.read_text() == text


def test_recording_over_a_damaged_file_reports_it_and_keeps_it(home: Path) -> None:
    path = home / "data" / "stats.json"
    path.parent.mkdir(parents=True)
    path.write_text("garbage")
    older = path.with_name("stats.json.20200101-000000.bad")
    older.write_text("older garbage")
    result = record_game("sniff", 2, scores=(200, 0), side=0, winner=0, rounds=1)
    assert result.problem is not None and is_set_aside(result.set_aside, path)
    assert result.stats.games[("sniff", 2, None)].played == 1
    assert older.read_text() == "older garbage"
    assert result.set_aside is not None and result.set_aside.read_text() == "garbage"
    assert load_stats().stats == result.stats
