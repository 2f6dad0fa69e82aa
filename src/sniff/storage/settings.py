"""The player's settings: one frozen :class:`Settings`, kept in ``settings.toml``.

Reading never fails: a missing file gives the defaults; a file that is not
TOML at all (or too large, too deeply nested, not a regular file: see
:mod:`sniff.storage.limits`) is set aside as ``settings.toml.<time>.bad``
(never overwritten) and the defaults are used; a single value the game does
not understand falls back to its default and is reported, the other values
stand, and the file is set aside too and written again with what stands. So
the settings file is never rewritten without keeping the player's own copy.
Keys the game does not know are ignored, so a settings file from a newer
version still loads.

>>> Settings().verbosity.value, Settings(pace=2).pace
('brief', 2.0)
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import tomli_w

from sniff.engine import PRESETS, Combination, RulesError, RuleSet, preset
from sniff.enums import BotLevel, ScreenMode, SpeechMode, Verbosity, values
from sniff.storage.atomic import Problem, StrPath, set_aside, write_atomic
from sniff.storage.limits import DataError, parse_toml, read_bounded
from sniff.storage.paths import settings_path

#: The largest settings file read (the game writes about 600 bytes).
SETTINGS_LIMIT = 256 * 1024
_WHAT = "the settings file"

SPEECH_MODES: tuple[str, ...] = values(SpeechMode)
VERBOSITIES: tuple[str, ...] = values(Verbosity)
SCREENS: tuple[str, ...] = values(ScreenMode)
RATE_RANGE = (80, 450)  # words per minute
PACE_RANGE = (0.0, 10.0)  # seconds a bot's turn takes
PLAYERS_RANGE = (2, 8)  # the largest set seats 8
TARGET_RANGE = (1, 10_000)
HINT_LIMIT_MAX = 1_000

# How "no value" (None) is written in the file, per key, so that a person
# editing it sees every setting and the word that means "the usual".
_NONE_WORDS: dict[str, str] = {
    "language": "system",
    "voice_rate": "default",
    "voice_name": "default",
    "scoring": "preset",
    "target": "preset",
    "hint_limit": "unlimited",
}

_HEADER = (
    "# Sniff by ear: settings. The game writes this file; you may edit it.\n"
    "# A value the game does not understand falls back to its default.\n\n"
)


# -- checking one value ----------------------------------------------------------


def _choice(choices: tuple[str, ...]) -> Callable[[object], object]:
    def check(value: object) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}, not {value!r}")
        return value

    return check


_E = TypeVar("_E", bound=Enum)


def _member(kind: type[_E]) -> Callable[[object], _E]:
    """A check that reads one word of the closed set *kind* as its member."""
    choices = values(kind)

    def check(value: object) -> _E:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}, not {value!r}")
        return kind(value)

    return check


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {value!r}")
    return value


def _whole(low: int, high: int) -> Callable[[object], int]:
    def check(value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}, not {value!r}")
        return value

    return check


def _number(low: float, high: float) -> Callable[[object], float]:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"must be a number from {low:g} to {high:g}, not {value!r}")
        number = float(value)
        # NaN fails both comparisons, so it is refused here too.
        if not low <= number <= high:
            raise ValueError(f"must be a number from {low:g} to {high:g}, not {value!r}")
        return number

    return check


def _optional(name: str, check: Callable[[object], object]) -> Callable[[object], object]:
    """None, or the key's word for None (``"system"``...), or what *check* accepts."""
    word = _NONE_WORDS[name]

    def optional(value: object) -> object:
        if value is None or value == word:
            return None
        return check(value)

    return optional


_LANGUAGE = re.compile(r"[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})*")


def _language(value: object) -> str:
    if not isinstance(value, str) or not _LANGUAGE.fullmatch(value):
        raise ValueError(f"must be a language code such as de or pt_BR, not {value!r}")
    return value


def _voice_name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"must be the name of a voice, not {value!r}")
    return value


def _bot_levels(value: object) -> tuple[BotLevel, ...]:
    if isinstance(value, str):
        value = (value,)
    if (
        not isinstance(value, list | tuple)
        or not 1 <= len(value) <= PLAYERS_RANGE[1] - 1
        or any(level not in values(BotLevel) for level in value)
    ):
        raise ValueError(
            f"must be a list of bot levels ({', '.join(values(BotLevel))}), not {value!r}"
        )
    return tuple(BotLevel(level) for level in value)


_CHECKS: dict[str, Callable[[object], object]] = {
    "language": _optional("language", _language),
    "speech_mode": _member(SpeechMode),
    "voice_rate": _optional("voice_rate", _whole(*RATE_RANGE)),
    "voice_volume": _number(0.0, 1.0),
    "voice_name": _optional("voice_name", _voice_name),
    "verbosity": _member(Verbosity),
    "sounds": _boolean,
    "pace": _number(*PACE_RANGE),
    "screen": _member(ScreenMode),
    "players": _whole(*PLAYERS_RANGE),
    "bot_levels": _bot_levels,
    "preset": _choice(tuple(PRESETS)),
    "scoring": _optional("scoring", _choice(tuple(c.value for c in Combination))),
    "target": _optional("target", _whole(*TARGET_RANGE)),
    "hint_limit": _optional("hint_limit", _whole(0, HINT_LIMIT_MAX)),
    "welcome_done": _boolean,
    "muggins": _boolean,
}


# -- the settings ------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    """Every setting a player can change, with its default.

    Building one with a value out of range raises :class:`ValueError`, which
    names the setting.
    """

    language: str | None = None  # None: the system's language
    speech_mode: SpeechMode = SpeechMode.AUTO
    voice_rate: int | None = None  # words per minute; None: the voice's own
    voice_volume: float = 1.0  # 0..1
    voice_name: str | None = None  # None: the backend's default voice
    verbosity: Verbosity = Verbosity.BRIEF
    sounds: bool = True
    pace: float = 1.0  # seconds a bot's turn takes, so it can be followed
    screen: ScreenMode = ScreenMode.FULL  # the table drawn, or one line each
    players: int = 2
    bot_levels: tuple[BotLevel, ...] = (BotLevel.EXPERT,)  # per bot seat; the last repeats
    preset: str = "sniff"
    scoring: str | None = None  # a Combination value; None: the preset's
    target: int | None = None  # None: the preset's
    hint_limit: int | None = None  # hints per game; None: unlimited
    welcome_done: bool = False  # the first-start welcome has been given
    muggins: bool = False  # the muggins (claiming) rule

    def __post_init__(self) -> None:
        for name, check in _CHECKS.items():
            try:
                value = check(getattr(self, name))
            except ValueError as exc:
                raise ValueError(f"{name} {exc}") from None
            # Normalise (a list of levels becomes a tuple, a whole pace a float).
            object.__setattr__(self, name, value)
        problem = _players_problem(self.preset, self.players)
        if problem is not None:
            raise ValueError(f"players {problem}")

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some settings changed (checked like the constructor)."""
        return dataclasses.replace(self, **changes)

    def bot_level(self, bot: int) -> BotLevel:
        """The level of the *bot*-th computer player (0-based); the last level repeats."""
        return self.bot_levels[min(bot, len(self.bot_levels) - 1)]

    def rules(self) -> RuleSet:
        """The preset's rules with the player's scoring, target and muggins choices."""
        changes: dict[str, Any] = {"muggins": self.muggins}
        if self.scoring is not None:
            changes["scoring"] = self.scoring
        if self.target is not None:
            changes["targets"] = self.target
        return preset(self.preset).with_changes(**changes)

    def to_toml(self) -> str:
        """The settings file's text: every key, None written as its word."""
        table: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is None:
                value = _NONE_WORDS[field.name]
            elif isinstance(value, tuple):
                value = list(value)
            table[field.name] = value
        return _HEADER + tomli_w.dumps(table)


def _players_problem(preset_name: str, players: int) -> str | None:
    try:
        preset(preset_name).check_players(players)
    except RulesError as exc:
        return str(exc)
    return None


# -- reading and writing --------------------------------------------------------------


class LoadResult(NamedTuple):
    """What :func:`load_settings` found.

    *problem* is None when all was well; *set_aside* is where an unreadable
    file was moved; *bad_keys* names the settings that fell back to default.
    """

    settings: Settings
    problem: Problem | None = None
    set_aside: Path | None = None
    bad_keys: tuple[str, ...] = ()


def parse_settings(text: str) -> tuple[Settings, list[str], list[str]]:
    """Settings from TOML text: (settings, bad keys, what was wrong with each).

    Raises :class:`~sniff.storage.limits.DataError` if *text* is not TOML
    within the limits.
    """
    return _settings_of(parse_toml(text.encode("utf-8"), _WHAT))


def _settings_of(data: dict[str, Any]) -> tuple[Settings, list[str], list[str]]:
    values: dict[str, Any] = {}
    bad: list[str] = []
    details: list[str] = []
    for name, check in _CHECKS.items():
        if name not in data:
            continue
        try:
            values[name] = check(data[name])
        except ValueError as exc:
            bad.append(name)
            details.append(f"{name} {exc}")
    defaults = Settings()
    players = values.get("players", defaults.players)
    problem = _players_problem(values.get("preset", defaults.preset), players)
    if problem is not None:
        # The preset is the player's larger choice: the count gives way.
        values.pop("players", None)
        bad.append("players")
        details.append(f"players {problem}")
    return Settings(**values), bad, details


def _read(source: Path) -> tuple[Settings, list[str], list[str]]:
    """The file's settings; FileNotFoundError or DataError as :func:`read_bounded`."""
    return _settings_of(parse_toml(read_bounded(source, SETTINGS_LIMIT, _WHAT), _WHAT))


def load_settings(path: StrPath | None = None, *, keep_aside: bool = True) -> LoadResult:
    """Read the settings file (default: :func:`~sniff.storage.paths.settings_path`).

    Never raises for a bad file: see the module docstring. Problem codes:
    ``corrupt`` (not TOML; the file is set aside), ``invalid`` (some values
    fell back; the file is set aside and written again), ``unreadable`` (the
    system would not let the game read it; it stays, and is set aside before
    the game writes its settings). With *keep_aside* False nothing is moved
    or written (for a command that only looks: the game, which tells the
    player, sets the file aside when it starts).
    """
    source = Path(path) if path is not None else settings_path()
    try:
        settings, bad, details = _read(source)
    except FileNotFoundError:
        return LoadResult(Settings())
    except DataError as exc:
        if exc.code == "unreadable":
            return LoadResult(Settings(), Problem("unreadable", str(exc)))
        return _aside(source, LoadResult(Settings(), Problem("corrupt", str(exc))), keep_aside)
    except Exception as exc:  # the last guard: settings must never stop the game
        return _aside(source, LoadResult(Settings(), Problem("corrupt", repr(exc))), keep_aside)
    if not bad:
        return LoadResult(settings)
    problem = Problem("invalid", "; ".join(details))
    result = _aside(source, LoadResult(settings, problem, None, tuple(bad)), keep_aside)
    if result.set_aside is not None:
        # The player's file is kept; what stands is written back, so the next
        # start is quiet. If that fails, the next start finds no file: defaults.
        with contextlib.suppress(OSError):
            write_atomic(source, settings.to_toml())
    return result


def _aside(source: Path, result: LoadResult, keep_aside: bool) -> LoadResult:
    if not keep_aside:
        return result
    try:
        return result._replace(set_aside=set_aside(source))
    except OSError as exc:
        assert result.problem is not None
        detail = f"{result.problem.detail} (could not set the file aside: {exc.strerror or exc})"
        return result._replace(problem=result.problem._replace(detail=detail))


def save_settings(settings: Settings, path: StrPath | None = None) -> Path:
    """Write *settings* atomically; return the file's path.

    A file already there that the game could not read whole (edited by hand
    while the game ran, say) is set aside first; if that fails, nothing is
    written and the :class:`OSError` is raised.
    """
    target = Path(path) if path is not None else settings_path()
    try:
        bad = bool(_read(target)[1])
    except FileNotFoundError:
        bad = False
    except Exception:  # anything unreadable is kept, whatever went wrong reading it
        bad = True
    if bad:
        set_aside(target)
    write_atomic(target, settings.to_toml())
    return target
