"""Every damaged file, through every reader of its kind: never a crash, never a
freeze, the file kept aside, and the game starts.

The corpus is ``tests/data/damaged/`` (its README lists the damage); what git
cannot hold (a folder, a named pipe, a link to ``/dev/zero``, a 200 MB file)
is made here. A reader that hangs on one of those fails the whole run.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from damaged_files import corpus, is_set_aside, made_at_test_time, set_aside_files
from sniff.cli import main
from sniff.storage import (
    Settings,
    Stats,
    load_stats,
    record_game,
    restore,
    save_path,
    stats_path,
)
from sniff.storage.limits import has_controls
from sniff.storage.savegame import SaveError, load_game, load_or_set_aside
from sniff.storage.settings import load_settings, save_settings

SAVES = corpus("save")
SETTINGS = corpus("settings")
STATS = corpus("stats")
RECORDS = corpus("record")
#: Records in the corpus that are whole games and must still be told.
WHOLE_RECORDS = {"crlf-line-ends.jsonl", "names-with-escapes.jsonl"}


def _ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


def test_the_corpus_has_every_kind_of_damage() -> None:
    everywhere = {"binary", "utf-16", "deep-nesting", "truncated"}
    for kind in (SAVES, SETTINGS, STATS):
        assert everywhere <= {p.stem for p in kind}
    assert {"empty", "binary", "utf-16", "deep-nesting", "truncated-mid-line"} <= {
        p.stem for p in RECORDS
    }
    assert len(SAVES) >= 40 and len(SETTINGS) >= 15 and len(STATS) >= 19 and len(RECORDS) >= 35


# -- the saved game -------------------------------------------------------------------


@pytest.mark.parametrize("damaged", SAVES, ids=_ids(SAVES))
def test_a_damaged_save_is_set_aside_whole_and_reported(tmp_path: Path, damaged: Path) -> None:
    path = tmp_path / "current-game.json"
    shutil.copyfile(damaged, path)
    with pytest.raises(SaveError):
        restore(load_game(path))
    snap, problem, aside = load_or_set_aside(path)
    assert snap is None and problem is not None
    assert is_set_aside(aside, path) and not path.exists()
    assert aside is not None and aside.read_bytes() == damaged.read_bytes()
    assert load_or_set_aside(path) == (None, None, None)  # the next start is a clean one


def test_what_no_file_in_git_can_be_is_refused_as_a_save(tmp_path: Path) -> None:
    for what, path in made_at_test_time(tmp_path, "current-game.json"):
        with pytest.raises(SaveError, match=r"not a regular file|more than"):
            load_game(path)
        snap, problem, _ = load_or_set_aside(path, keep_aside=False)
        assert snap is None and problem is not None, what


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("damaged", SAVES, ids=_ids(SAVES))
def test_the_game_starts_past_every_damaged_save_and_says_where_it_is(
    home: Path, damaged: Path
) -> None:
    from test_ui_game_harness import Driver

    path = save_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(damaged, path)

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "3"]) as d:
            [aside] = set_aside_files(path)
            said = [t for t in d.texts if "could not be read" in t]
            assert said == [
                f"Your saved game could not be read; it was kept as {aside}. A new game starts."
            ]
            assert not d.screen.resumed and d.game.round_no == 1
            await d.press("c-s")
            assert d.last() == "Game saved."
        async with Driver(["--bots", "greedy", "--seed", "3"]) as d:
            # No crash loop: the next start finds the new game's save.
            assert "A saved game was found" in d.texts[-1]
            assert not any("could not be read" in t for t in d.texts)

    asyncio.run(go())


# -- settings -------------------------------------------------------------------------


@pytest.mark.parametrize("damaged", SETTINGS, ids=_ids(SETTINGS))
def test_a_damaged_settings_file_is_kept_and_the_rest_stands(tmp_path: Path, damaged: Path) -> None:
    path = tmp_path / "settings.toml"
    shutil.copyfile(damaged, path)
    result = load_settings(path)
    assert result.problem is not None and result.problem.code in ("corrupt", "invalid")
    assert is_set_aside(result.set_aside, path)
    assert result.set_aside is not None and result.set_aside.read_bytes() == damaged.read_bytes()
    if result.problem.code == "corrupt":
        assert result.settings == Settings() and not path.exists()
    else:
        # What could be read stands, and was written back whole.
        assert result.bad_keys and load_settings(path) == (result.settings, None, None, ())


def test_what_no_file_in_git_can_be_is_refused_as_settings(tmp_path: Path) -> None:
    for what, path in made_at_test_time(tmp_path, "settings.toml"):
        result = load_settings(path)
        assert result.settings == Settings() and result.problem is not None, what
        path = tmp_path / "settings.toml"
        if result.set_aside is not None:
            result.set_aside.rename(path)  # put it back for the next one to remove


def test_settings_are_never_written_over_a_file_the_game_could_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('verbosity = "normal"\n')
    save_settings(Settings(pace=3), path)
    assert list(tmp_path.iterdir()) == [path]  # a good file is simply replaced
    path.write_text("pace = [[[ edited by hand while the game ran")
    save_settings(Settings(pace=2), path)
    [kept] = set_aside_files(path)
    assert kept.read_text() == "pace = [[[ edited by hand while the game ran"
    assert load_settings(path).settings == Settings(pace=2)


@pytest.mark.parametrize(
    "name", ["not-toml.toml", "wrong-types.toml", "deep-nesting.toml", "binary.toml"]
)
def test_the_game_starts_past_a_damaged_settings_file_and_says_where_it_is(
    home: Path, name: str
) -> None:
    from test_ui_game_harness import Driver

    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    shutil.copyfile(SETTINGS[_ids(SETTINGS).index(name)], path)

    async def go() -> None:
        async with Driver() as d:
            [aside] = set_aside_files(path)
            about = [t for t in d.texts if str(aside) in t]
            assert len(about) == 1, d.texts
            assert d.game.round_no == 1

    asyncio.run(go())


# -- statistics -----------------------------------------------------------------------


@pytest.mark.parametrize("damaged", STATS, ids=_ids(STATS))
def test_damaged_statistics_are_set_aside_and_start_again(home: Path, damaged: Path) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(damaged, path)
    result = record_game("sniff", 2, scores=(200, 10), side=0, winner=0, rounds=3)
    assert result.problem is not None and is_set_aside(result.set_aside, path)
    assert result.set_aside is not None and result.set_aside.read_bytes() == damaged.read_bytes()
    assert load_stats() == (result.stats, None, None)
    assert result.stats.total().played == 1


def test_what_no_file_in_git_can_be_is_refused_as_statistics(tmp_path: Path) -> None:
    for what, path in made_at_test_time(tmp_path, "stats.json"):
        result = load_stats(path)
        assert result.stats == Stats() and result.problem is not None, what
        if result.set_aside is not None:
            result.set_aside.rename(path)


def test_sniff_stats_prints_no_control_character_from_the_file(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = stats_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(corpus("stats")[_ids(STATS).index("preset-name-escapes.json")], path)
    assert main(["stats", "--speech", "text"]) == 0
    out = capsys.readouterr().out
    assert not has_controls(out.replace("\n", ""))
    [kept] = set_aside_files(path)
    assert str(kept) in out


# -- records --------------------------------------------------------------------------


@pytest.mark.parametrize("damaged", RECORDS, ids=_ids(RECORDS))
def test_replay_of_a_damaged_record_names_the_line_and_fails(
    damaged: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["replay", str(damaged), "--lang", "en"])
    out, err = capsys.readouterr()
    assert not has_controls(out.replace("\n", "")) and not has_controls(err.replace("\n", ""))
    if damaged.name in WHOLE_RECORDS:
        assert status == 0 and err == "" and "wins the game" in out
    elif damaged.name == "cut-at-a-line.jsonl":
        assert status == 1 and "stops at line 5, before the game is over" in err
    else:
        assert status == 2 and err.startswith("sniff: error: ") and out == ""
        assert "line " in err or "record is empty" in err


def test_replay_tells_names_without_their_escape_sequences(
    capsys: pytest.CaptureFixture[str],
) -> None:
    damaged = RECORDS[_ids(RECORDS).index("names-with-escapes.jsonl")]
    assert main(["replay", str(damaged)]) == 0
    out = capsys.readouterr().out
    assert "Eve leads" in out or "Eve holds" in out
    assert "Bobevil" in out and "pwned" not in out and "\x1b" not in out


def test_replay_refuses_what_no_file_in_git_can_be(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = {
        "a folder": "Is a directory",
        "a link to /dev/zero": "line 1: the line is longer than 65536 bytes",
        "a 200 MB file": "the file holds 209715200 bytes; a record holds at most 33554432",
    }
    for what, path in made_at_test_time(tmp_path, "game.jsonl"):
        if what not in expected:
            continue  # a pipe without a writer waits for one, as a pipe should
        assert main(["replay", str(path)]) == 2, what
        assert expected[what] in capsys.readouterr().err, what


def test_the_corpus_records_are_whole_apart_from_their_damage() -> None:
    """The damage is all there is: each record differs from a whole game by it alone."""
    whole = RECORDS[_ids(RECORDS).index("crlf-line-ends.jsonl")].read_text()
    lines = [line.rstrip("\r") for line in whole.splitlines()]
    header = json.loads(lines[0])
    assert header["format"] == "sniff-record/1" and json.loads(lines[-1])["type"] == "game_end"
    cut = RECORDS[_ids(RECORDS).index("cut-at-a-line.jsonl")].read_text().splitlines()
    assert cut == lines[: len(cut)]


def test_damaged_statistics_met_at_a_game_s_end_are_told_where_they_were_kept(
    home: Path,
) -> None:
    from test_ui_game_harness import Driver

    path = stats_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(STATS[_ids(STATS).index("truncated.json")], path)

    async def go() -> None:
        async with Driver(["--bots", "random", "--seed", "2", "--target", "5"]) as d:
            while await d.play_turn():
                pass
            [kept] = set_aside_files(path)
            said = [t for t in d.texts if str(kept) in t]
            assert said == [
                f"Your statistics could not be read; the file was kept as {kept}, "
                "and they start again from nothing."
            ]
        assert load_stats().stats.total().played == 1

    asyncio.run(go())


def test_damaged_statistics_met_while_practising_are_told_once(home: Path) -> None:
    from sniff.engine import Combination
    from sniff.practice import Drill
    from test_ui_practice import drive, questions, typed

    path = stats_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(STATS[_ids(STATS).index("binary.json")], path)
    asked = questions(Drill.COUNT, 1, 5, 3, Combination.FIVES)
    keys = [*typed(str(asked[0].count)), *typed(str(asked[1].count))]
    ctx, _ = drive(keys, level=1, seed=5)
    [kept] = set_aside_files(path)
    said = [u.text for u in ctx.output.history if str(kept) in u.text]
    assert len(said) == 1 and said[0].startswith("Your statistics could not be read")
    assert load_stats().stats.practice[("count", "1", None)].answers == 2


def test_damaged_statistics_met_in_the_menu_are_told_where_they_were_kept(home: Path) -> None:
    from test_ui_menu import drive
    from uihost import speech_of

    path = stats_path()
    path.parent.mkdir(parents=True)
    shutil.copyfile(STATS[_ids(STATS).index("deep-nesting.json")], path)
    ctx, _, _ = drive(["end", "up", "up", "enter"])  # the Statistics item
    [kept] = set_aside_files(path)
    assert speech_of(ctx).texts[-1] == (
        f"Part 1 of 3; Enter again for the next. Your statistics could not be read; the "
        f"file was kept as {kept}, and they start again from nothing. Games: none finished yet."
    )


def test_commands_that_only_look_leave_a_damaged_settings_file_for_the_game_to_tell(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    shutil.copyfile(SETTINGS[_ids(SETTINGS).index("not-toml.toml")], path)
    assert main(["stats", "--speech", "text"]) == 0
    assert main(["doctor"]) in (0, 1)
    capsys.readouterr()
    assert path.read_bytes() == SETTINGS[_ids(SETTINGS).index("not-toml.toml")].read_bytes()
    assert set_aside_files(path) == []
    assert load_settings(path, keep_aside=False).problem is not None and path.exists()
