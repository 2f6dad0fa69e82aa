"""Settings: defaults, round trip, corrupt files, bad values (sniff.storage.settings)."""

from __future__ import annotations

import dataclasses
import errno
from pathlib import Path

import pytest

from damaged_files import is_set_aside
from sniff.engine import Combination, preset
from sniff.storage.atomic import Problem
from sniff.storage.settings import Settings, load_settings, parse_settings, save_settings


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    return tmp_path


def test_defaults() -> None:
    s = Settings()
    assert (s.language, s.speech_mode, s.voice_rate, s.voice_volume, s.voice_name) == (
        None,
        "auto",
        None,
        1.0,
        None,
    )
    assert (s.verbosity, s.sounds, s.pace, s.screen, s.players) == ("brief", True, 1.0, "full", 2)
    assert (s.bot_levels, s.preset, s.scoring, s.target, s.hint_limit) == (
        ("expert",),
        "sniff",
        None,
        None,
        None,
    )
    assert (s.welcome_done, s.muggins) == (False, False)


def test_a_missing_file_gives_the_defaults_without_a_problem(home: Path) -> None:
    result = load_settings()
    assert result.settings == Settings()
    assert result.problem is None and result.set_aside is None
    assert not (home / "config").exists()  # reading creates nothing


def test_round_trip_of_every_setting(home: Path) -> None:
    changed = Settings(
        language="de",
        speech_mode="voice",
        voice_rate=220,
        voice_volume=0.4,
        voice_name="Anna",
        verbosity="verbose",
        sounds=False,
        pace=0.25,
        screen="line",
        players=4,
        bot_levels=("greedy", "random", "expert"),
        preset="sniff-us",
        scoring="threes-fives",
        target=150,
        hint_limit=3,
        welcome_done=True,
        muggins=True,
    )
    # Every field differs from its default, so the round trip proves each one.
    for field in dataclasses.fields(Settings):
        assert getattr(changed, field.name) != getattr(Settings(), field.name), field.name
    path = save_settings(changed)
    assert path == home / "config" / "settings.toml"
    assert load_settings() == (changed, None, None, ())
    # The defaults (Nones written as words) come back too.
    save_settings(Settings())
    text = path.read_text()
    assert 'language = "system"' in text and 'hint_limit = "unlimited"' in text
    assert load_settings().settings == Settings()


def test_settings_give_the_rules_to_play() -> None:
    rules = Settings(preset="domino-play", scoring="threes", target=90, muggins=True).rules()
    assert rules.scoring is Combination.THREES
    assert rules.targets == (90, 90, 90)
    assert rules.muggins
    assert rules.draw_limit == preset("domino-play").draw_limit
    assert Settings().rules() == preset("sniff")


def test_corrupt_file_gives_defaults_and_is_kept_aside(home: Path) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text('verbosity = "verbose"\npace 2\n')
    result = load_settings()
    assert result.settings == Settings()
    assert result.problem is not None and result.problem.code == "corrupt"
    assert "line 2" in result.problem.detail
    assert is_set_aside(result.set_aside, path)
    assert result.set_aside is not None
    assert result.set_aside.read_text() == 'verbosity = "verbose"\npace 2\n'
    assert not path.exists()

    # Saving now writes a fresh file and leaves the bad one alone.
    save_settings(Settings(verbosity="normal"))
    assert result.set_aside.read_text() == 'verbosity = "verbose"\npace 2\n'

    # A second corrupt file does not overwrite the first bad one.
    path.write_bytes(b"\xff\xfe not text")
    second = load_settings()
    assert second.problem is not None and second.problem.code == "corrupt"
    assert is_set_aside(second.set_aside, path) and second.set_aside != result.set_aside
    assert second.set_aside is not None
    assert second.set_aside.read_bytes() == b"\xff\xfe not text"
    assert result.set_aside.read_text() == 'verbosity = "verbose"\npace 2\n'


def test_one_bad_value_falls_back_for_that_key_only(home: Path) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text(
        'verbosity = "chatty"\npace = 2.5\nvoice_rate = 999\nsounds = false\n'
        'future_setting = "ignored"\n[future_table]\nx = 1\n'
    )
    result = load_settings()
    assert result.settings == Settings(pace=2.5, sounds=False)
    assert result.bad_keys == ("voice_rate", "verbosity")  # in field order
    assert result.problem is not None and result.problem.code == "invalid"
    assert "verbosity" in result.problem.detail and "chatty" in result.problem.detail
    assert "future" not in result.problem.detail  # unknown keys are not problems
    # The player's own file is kept whole; what stood is written back.
    assert is_set_aside(result.set_aside, path)
    assert result.set_aside is not None and "chatty" in result.set_aside.read_text()
    again = load_settings()
    assert again.problem is None and again.settings == result.settings


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("speech_mode", '"loud"'),
        ("voice_volume", "1.5"),
        ("voice_rate", "79"),
        ("pace", "-1"),
        ("pace", "nan"),
        ("pace", "true"),
        ("screen", "1"),
        ("players", "1"),
        ("players", "2.0"),
        ("bot_levels", '["genius"]'),
        ("bot_levels", "[]"),
        ("preset", '"poker"'),
        ("scoring", '"sevens"'),
        ("target", "0"),
        ("hint_limit", "-2"),
        ("language", '"../etc"'),
        ("sounds", '"yes"'),
        ("welcome_done", "1"),
        ("muggins", "{a = 1}"),
    ],
)
def test_each_kind_of_bad_value_is_refused(home: Path, key: str, value: str) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f'verbosity = "normal"\n{key} = {value}\n')
    result = load_settings()
    assert result.bad_keys == (key,)
    assert result.settings == Settings(verbosity="normal")


def test_more_players_than_the_preset_seats_fall_back(home: Path) -> None:
    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text('preset = "sniff"\nplayers = 6\n')  # double-six seats 4
    result = load_settings()
    assert result.bad_keys == ("players",)
    assert result.settings.players == 2


def test_constructing_bad_settings_raises_naming_the_setting() -> None:
    with pytest.raises(ValueError, match="verbosity"):
        Settings(verbosity="loud")
    with pytest.raises(ValueError, match="players"):
        Settings(players=8)  # the sniff preset plays double-six
    assert Settings().with_changes(pace=3).pace == 3.0
    assert Settings(bot_levels=["random"]).bot_levels == ("random",)  # type: ignore[arg-type]


def test_bot_level_repeats_the_last() -> None:
    s = Settings(bot_levels=("random", "greedy"), players=4)
    assert [s.bot_level(i) for i in range(3)] == ["random", "greedy", "greedy"]


#: Each value refused, with the words a bug report gets (the key, then why).
REFUSED_VALUES = {
    'speech_mode = "loud"': "speech_mode must be one of auto, screenreader, voice, text, none,"
    " not 'loud'",
    "voice_volume = 1.5": "voice_volume must be a number from 0 to 1, not 1.5",
    "voice_volume = -0.01": "voice_volume must be a number from 0 to 1, not -0.01",
    "voice_volume = true": "voice_volume must be a number from 0 to 1, not True",
    'voice_volume = "loud"': "voice_volume must be a number from 0 to 1, not 'loud'",
    "voice_rate = 79": "voice_rate must be a whole number from 80 to 450, not 79",
    "voice_rate = 451": "voice_rate must be a whole number from 80 to 450, not 451",
    "voice_rate = true": "voice_rate must be a whole number from 80 to 450, not True",
    'voice_rate = "fast"': "voice_rate must be a whole number from 80 to 450, not 'fast'",
    "pace = nan": "pace must be a number from 0 to 10, not nan",
    "pace = 10.5": "pace must be a number from 0 to 10, not 10.5",
    "screen = 1": "screen must be one of full, line, not 1",
    "players = 1": "players must be a whole number from 2 to 8, not 1",
    "players = 9": "players must be a whole number from 2 to 8, not 9",
    "players = 6": "players a double-six set is played by 2 to 4 players, not 6",
    "bot_levels = []": "bot_levels must be a list of bot levels (random, greedy, expert, master),"
    " not []",
    'bot_levels = ["random", "random", "random", "random", "random", "random", "random",'
    ' "random"]': "bot_levels must be a list of bot levels (random, greedy, expert, master), not"
    " ['random', 'random', 'random', 'random', 'random', 'random', 'random', 'random']",
    'voice_name = "  "': "voice_name must be the name of a voice, not '  '",
    "voice_name = 3": "voice_name must be the name of a voice, not 3",
    'language = "e"': "language must be a language code such as de or pt_BR, not 'e'",
    "language = 7": "language must be a language code such as de or pt_BR, not 7",
    'sounds = "yes"': "sounds must be true or false, not 'yes'",
    "target = 0": "target must be a whole number from 1 to 10000, not 0",
    "target = 10001": "target must be a whole number from 1 to 10000, not 10001",
    "hint_limit = 1001": "hint_limit must be a whole number from 0 to 1000, not 1001",
    'scoring = "sevens"': "scoring must be one of fives, threes, threes-fives, primes, fibs,"
    " not 'sevens'",
}


@pytest.mark.parametrize(("text", "detail"), REFUSED_VALUES.items(), ids=REFUSED_VALUES.keys())
def test_each_refused_value_is_named_with_its_range(text: str, detail: str) -> None:
    settings, bad, details = parse_settings(text)
    assert (bad, details) == ([text.split()[0]], [detail])
    assert settings == Settings()


#: Values at the edges of their ranges, and the words that stand for "the usual".
ACCEPTED_VALUES = {
    "voice_rate = 80": {"voice_rate": 80},
    "voice_rate = 450": {"voice_rate": 450},
    "voice_volume = 0": {"voice_volume": 0.0},
    "voice_volume = 1": {"voice_volume": 1.0},
    "pace = 0": {"pace": 0.0},
    "pace = 10": {"pace": 10.0},
    "players = 4": {"players": 4},
    "target = 1": {"target": 1},
    "target = 10000": {"target": 10000},
    "hint_limit = 0": {"hint_limit": 0},
    "hint_limit = 1000": {"hint_limit": 1000},
    'language = "pt_BR"': {"language": "pt_BR"},
    'voice_name = " Anna "': {"voice_name": " Anna "},
    'bot_levels = "random"': {"bot_levels": ("random",)},
    'bot_levels = ["random", "greedy", "expert", "master", "random", "greedy", "expert"]': {
        "bot_levels": ("random", "greedy", "expert", "master", "random", "greedy", "expert")
    },
    'language = "system"': {"language": None},
    'voice_rate = "default"': {"voice_rate": None},
    'voice_name = "default"': {"voice_name": None},
    'scoring = "preset"': {"scoring": None},
    'target = "preset"': {"target": None},
    'hint_limit = "unlimited"': {"hint_limit": None},
}


@pytest.mark.parametrize(("text", "values"), ACCEPTED_VALUES.items(), ids=ACCEPTED_VALUES.keys())
def test_values_at_the_edges_and_the_usual_words_are_read(
    text: str, values: dict[str, object]
) -> None:
    settings, bad, details = parse_settings(text)
    assert (bad, details) == ([], [])
    assert settings == Settings(**values)  # type: ignore[arg-type]
    assert parse_settings(settings.to_toml())[0] == settings  # and written back the same


def test_settings_the_system_will_not_read_are_left_and_set_aside_only_to_save(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.toml"
    path.symlink_to(path)  # a loop: the system refuses to open it
    result = load_settings(path)
    assert result == (
        Settings(),
        Problem(
            "unreadable", "the settings file cannot be read: Too many levels of symbolic links"
        ),
        None,
        (),
    )
    assert path.is_symlink()  # left where it is
    assert save_settings(Settings(pace=2.0), path) == path
    kept = [p for p in tmp_path.iterdir() if p != path]
    assert len(kept) == 1 and kept[0].is_symlink()  # the player's file, set aside first
    assert load_settings(path) == (Settings(pace=2.0), None, None, ())


def test_with_keep_aside_off_a_bad_file_is_reported_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    for text, code in (("pace = [", "corrupt"), ('pace = 2.0\nverbosity = "loud"\n', "invalid")):
        path.write_text(text)
        result = load_settings(path, keep_aside=False)
        assert result.problem is not None and result.problem.code == code
        assert result.set_aside is None
        assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
        assert path.read_text() == text
    assert load_settings(path, keep_aside=False).settings == Settings(pace=2.0)


def test_a_bad_file_that_cannot_be_set_aside_says_so_and_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (As root no folder refuses a rename: the refusal is made here.)
    def refuse(path: object, **_: object) -> Path:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("sniff.storage.settings.set_aside", refuse)
    path = tmp_path / "settings.toml"
    path.write_text('verbosity = "loud"\n')
    result = load_settings(path)
    assert result.problem == Problem(
        "invalid",
        "verbosity must be one of brief, normal, verbose, not 'loud'"
        " (could not set the file aside: Read-only file system)",
    )
    assert result.set_aside is None and path.read_text() == 'verbosity = "loud"\n'
    with pytest.raises(OSError, match="Read-only file system"):
        save_settings(Settings(), path)
    assert path.read_text() == 'verbosity = "loud"\n'


def test_saving_over_good_settings_sets_nothing_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    save_settings(Settings(pace=2.0), path)
    save_settings(Settings(pace=3.0), path)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.toml"]
    assert load_settings(path).settings == Settings(pace=3.0)


def test_every_bad_value_is_named_in_one_detail(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('verbosity = "loud"\npace = 11\n')
    result = load_settings(path, keep_aside=False)
    assert result.problem == Problem(
        "invalid",
        "verbosity must be one of brief, normal, verbose, not 'loud';"
        " pace must be a number from 0 to 10, not 11",
    )


def test_a_failure_nobody_foresaw_still_gives_the_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The last guard: settings never stop the game, whatever goes wrong reading them.
    def fail(source: Path) -> object:
        raise RuntimeError("something nobody foresaw")

    monkeypatch.setattr("sniff.storage.settings._read", fail)
    path = tmp_path / "settings.toml"
    path.write_text("pace = 2\n")
    result = load_settings(path)
    assert (result.settings, result.problem) == (
        Settings(),
        Problem("corrupt", "RuntimeError('something nobody foresaw')"),
    )
    assert result.set_aside is not None and result.set_aside.read_text() == "pace = 2\n"
