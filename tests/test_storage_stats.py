"""Statistics (sniff.storage.stats): tallies, round trip, reset, damaged files."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from damaged_files import is_set_aside
from sniff.storage.limits import DataError
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


_GAME = {
    "preset": "sniff",
    "players": 2,
    "scoring": "fives",
    "played": 1,
    "won": 1,
    "rounds": 3,
    "points": 20,
    "hints": 0,
    "best_score": 20,
    "best_margin": 5,
}
_PRACTICE = {
    "drill": "count",
    "level": "1",
    "scoring": None,
    "answers": 2,
    "right": 1,
    "seconds": 1.5,
}


def _file(games: object = (), practice: object = (), **changes: object) -> dict[str, object]:
    document: dict[str, object] = {
        "format": "sniff-stats",
        "version": 2,
        "games": list(games) if isinstance(games, tuple) else games,
        "practice": list(practice) if isinstance(practice, tuple) else practice,
    }
    document.update(changes)
    return document


DAMAGED = {
    "not a table": ([], "not a Sniff statistics file"),
    "another format": (_file(format="sniff-lessons"), "not a Sniff statistics file"),
    "a later version": (_file(version=3), "statistics of version 3, not 2"),
    "no version": (_file(version=None), "statistics of version None, not 2"),
    "games not a list": (_file(games={}), "games and practice must be lists"),
    "practice not a list": (_file(practice=None), "games and practice must be lists"),
    "a count below zero": (_file([{**_GAME, "won": -1}]), "expected a count, not -1"),
    "points that are true": (
        _file([{**_GAME, "points": True}]),
        "expected a whole number, not True",
    ),
    "players not whole": (_file([{**_GAME, "players": 2.0}]), "expected a whole number, not 2.0"),
    "a best score in words": (
        _file([{**_GAME, "best_score": "20"}]),
        "expected a whole number, not '20'",
    ),
    "a name too long": (
        _file([{**_GAME, "preset": "x" * 65}]),
        "expected a name, not '" + "x" * 65 + "'",
    ),
    "a name with an escape": (
        _file([{**_GAME, "preset": "a\x1b[2Jb"}]),
        "expected a name, not 'a\\x1b[2Jb'",
    ),
    "a scoring not text": (_file([{**_GAME, "scoring": 5}]), "expected a name, not 5"),
    "a missing field": (
        _file([{k: v for k, v in _GAME.items() if k != "won"}]),
        "missing 'won'",
    ),
    "an entry not a table": (_file([[1]]), "list indices must be integers or slices, not str"),
    "seconds below zero": (
        _file(practice=[{**_PRACTICE, "seconds": -1}]),
        "expected seconds, not -1",
    ),
    "seconds that are true": (
        _file(practice=[{**_PRACTICE, "seconds": True}]),
        "expected seconds, not True",
    ),
    "seconds in words": (
        _file(practice=[{**_PRACTICE, "seconds": "1"}]),
        "expected seconds, not '1'",
    ),
}


@pytest.mark.parametrize(("document", "detail"), DAMAGED.values(), ids=DAMAGED.keys())
def test_each_kind_of_damage_is_set_aside_with_its_reason(
    home: Path, document: object, detail: str
) -> None:
    with pytest.raises(ValueError) as refused:
        Stats.from_json(document)
    assert str(refused.value) == detail
    path = home / "data" / "stats.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document))
    result = load_stats()
    assert result.stats == Stats()
    assert result.problem is not None and result.problem.detail == detail
    assert result.set_aside is not None and json.loads(result.set_aside.read_text()) == document


def test_entries_at_the_limits_are_read() -> None:
    stats = Stats.from_json(
        _file(
            [{**_GAME, "preset": "x" * 64, "points": -5, "best_score": None, "best_margin": None}],
            [{**_PRACTICE, "seconds": 0}],
        )
    )
    assert stats.games[GameKey("x" * 64, 2, "fives")] == GameTally(1, 1, 3, -5, 0, None, None)
    assert stats.practice[PracticeKey("count", "1", None)] == PracticeTally(2, 1, 0.0)
    with pytest.raises(ValueError, match=r"^expected seconds, not inf$"):  # (JSON has no inf)
        Stats.from_json(_file(practice=[{**_PRACTICE, "seconds": math.inf}]))


@pytest.mark.parametrize(
    ("changes", "detail"),
    [
        ({"side": 2}, "side and winner must be sides of the scores"),
        ({"side": -1}, "side and winner must be sides of the scores"),
        ({"winner": 2}, "side and winner must be sides of the scores"),
        ({"winner": -1}, "side and winner must be sides of the scores"),
        ({"scores": (10,), "side": 0, "winner": 0}, "side and winner must be sides of the scores"),
        ({"rounds": -1}, "rounds and hints cannot be negative"),
        ({"hints": -1}, "rounds and hints cannot be negative"),
    ],
)
def test_a_game_that_cannot_be_is_refused(changes: dict[str, object], detail: str) -> None:
    game: dict[str, object] = {"scores": (10, 20), "side": 0, "winner": 1, "rounds": 1}
    game.update(changes)
    with pytest.raises(ValueError, match=f"^{detail}$"):
        Stats().with_game("sniff", 2, **game)  # type: ignore[arg-type]
    assert Stats().with_game("sniff", 2, scores=(10, 20), side=1, winner=1, rounds=0).games


@pytest.mark.parametrize(
    ("answers", "right", "seconds"),
    [(-1, 0, 0.0), (1, 2, 0.0), (1, -1, 0.0), (1, 1, -0.5), (1, 1, math.nan), (1, 1, math.inf)],
)
def test_a_practice_session_that_cannot_be_is_refused(
    answers: int, right: int, seconds: float
) -> None:
    with pytest.raises(ValueError, match=r"^answers, right answers and seconds must make sense"):
        Stats().with_practice("count", 1, answers=answers, right=right, seconds=seconds)
    edge = Stats().with_practice("count", 1, answers=0, right=0, seconds=0.0)
    assert edge.practice[PracticeKey("count", "1", None)] == PracticeTally()


def test_tallies_add_up_over_presets_and_keep_the_best() -> None:
    stats = (
        Stats()
        .with_game("sniff", 2, scoring="fives", scores=(210, 130), side=0, winner=0, rounds=5)
        .with_game("sniff", 3, scoring=None, scores=(90, 200, 10), side=0, winner=1, rounds=4)
        .with_game("muggins", 2, scoring="fives", scores=(250, 240), side=1, winner=0, rounds=2)
        .with_game("sniff", 2, scoring="fives", scores=(60, 205), side=1, winner=1, rounds=3)
    )
    assert stats.total() == GameTally(4, 2, 14, 210 + 90 + 240 + 205, 0, 210, 145)
    assert stats.total("sniff") == GameTally(3, 2, 12, 505, 0, 210, 145)
    assert stats.total("muggins") == GameTally(1, 0, 2, 240, 0, None, None)
    assert GameTally(1, 0).merged(GameTally(1, 1, best_score=7)) == GameTally(2, 1, best_score=7)
    assert GameTally(best_margin=9).merged(GameTally(best_margin=4)).best_margin == 9
    assert stats.total("sniff").win_rate == pytest.approx(2 / 3)
    assert PracticeTally(4, 3, 10.0).average_seconds == 2.5
    assert PracticeTally(4, 3, 10.0).accuracy == 0.75


def test_the_file_lists_tallies_in_order_unknown_scoring_first(home: Path) -> None:
    stats = (
        Stats()
        .with_game("sniff", 2, scoring="threes", scores=(1, 0), side=0, winner=0, rounds=1)
        .with_game("sniff", 2, scoring=None, scores=(1, 0), side=0, winner=0, rounds=1)
        .with_game("muggins", 2, scoring="fives", scores=(1, 0), side=0, winner=0, rounds=1)
        .with_practice("score", 2, scoring="fives", answers=1, right=1, seconds=1.0)
        .with_practice("count", 1, answers=1, right=1, seconds=1.0)
    )
    path = save_stats(stats, home / "stats.json")
    written = json.loads(path.read_text(encoding="utf-8"))
    assert [(g["preset"], g["scoring"]) for g in written["games"]] == [
        ("muggins", "fives"),
        ("sniff", None),
        ("sniff", "threes"),
    ]
    assert [p["drill"] for p in written["practice"]] == ["count", "score"]
    assert (written["format"], written["version"]) == ("sniff-stats", 2)
    assert load_stats(path).stats == stats
    reset_stats(path)
    assert not path.exists()
    reset_stats(path)  # a missing file is fine


def test_recording_into_a_given_file_adds_to_what_is_there(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere.json"
    record_game("sniff", 2, scores=(200, 0), side=0, winner=0, rounds=2, hints=1, path=path)
    result = record_practice("count", 3, answers=4, right=2, seconds=8.0, path=path)
    assert result.problem is None
    assert load_stats(path).stats == result.stats
    assert result.stats.games[GameKey("sniff", 2, None)] == GameTally(1, 1, 2, 200, 1, 200, 200)
    assert result.stats.practice[PracticeKey("count", "3", None)] == PracticeTally(4, 2, 8.0)


def test_statistics_the_system_will_not_read_are_left_alone_and_not_written_over(
    tmp_path: Path,
) -> None:
    path = tmp_path / "stats.json"
    path.symlink_to(path)  # a loop: the system refuses to open it
    result = record_game("sniff", 2, scores=(200, 0), side=0, winner=0, rounds=1, path=path)
    assert result.stats == Stats() and result.set_aside is None
    assert result.problem is not None
    assert result.problem[:2] == (
        "unreadable",
        f"{path}: the statistics file cannot be read: Too many levels of symbolic links",
    )
    assert isinstance(result.problem.cause, DataError)  # kept, for the player's own words
    assert path.is_symlink() and [p.name for p in tmp_path.iterdir()] == ["stats.json"]


def test_merged_tallies_add_hints_and_keep_either_best() -> None:
    one = GameTally(2, 1, 5, 300, 3, best_score=210, best_margin=40)
    other = GameTally(1, 1, 2, 220, 1, best_score=205, best_margin=90)
    assert one.merged(other) == GameTally(3, 2, 7, 520, 4, 210, 90)
    assert other.merged(one) == one.merged(other)
    assert one.merged(GameTally()) == one and GameTally().merged(one) == one
