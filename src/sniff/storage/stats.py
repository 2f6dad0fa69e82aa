"""Statistics: games played and won, points, best games, hints, practice results.

All in one versioned JSON file in the data folder (``stats.json``), written
atomically. A damaged file is set aside as ``stats.json.bad`` (never
overwritten) and the statistics start again, with a problem report.

Games are tallied per preset, player count and scoring system; practice per
drill, level and scoring system (for the drills whose answers depend on the
scoring: "does it score" and "which tile scores"; a count is a count under
any). The functions that change the file load it, add, and write it back:

>>> from sniff.storage.stats import Stats
>>> stats = Stats().with_game(
...     "sniff", 2, scoring="fives", scores=(210, 130), side=0, winner=0, rounds=5
... )
>>> tally = stats.games[("sniff", 2, "fives")]
>>> tally.won, tally.best_margin, tally.average_points
(1, 80, 42.0)

Files of version 1 (before the scoring was kept) are read with the scoring
unknown (``None``) and written back as version 2.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from sniff.storage.atomic import Problem, StrPath, write_atomic
from sniff.storage.guarded import load_guarded
from sniff.storage.limits import has_controls
from sniff.storage.paths import stats_path

FORMAT = "sniff-stats"
VERSION = 2
#: The versions this module reads: 1 had no scoring in its keys.
READABLE = (1, 2)


class GameKey(NamedTuple):
    """What games are tallied by."""

    preset: str
    players: int
    scoring: str | None  # the scoring system played; None: not recorded (version 1)


class PracticeKey(NamedTuple):
    """What practice answers are tallied by."""

    drill: str
    level: str
    # The scoring the drill asked about; None for a drill that does not depend on it
    # (the count), or one recorded before the scoring was kept (version 1).
    scoring: str | None


#: The largest statistics file read (years of play take a few kilobytes).
STATS_LIMIT = 4 * 1024 * 1024
#: The longest name (preset, drill, level) a statistics entry may have.
NAME_LIMIT = 64


@dataclass(frozen=True)
class GameTally:
    """The games of one preset and player count, from the player's side."""

    played: int = 0
    won: int = 0
    rounds: int = 0  # rounds (hands) played in those games
    points: int = 0  # the player's side's final scores, summed
    hints: int = 0
    best_score: int | None = None  # the highest score of a won game
    best_margin: int | None = None  # the widest lead over the next side in a won game

    @property
    def average_points(self) -> float | None:
        """Points per round, or None before the first round."""
        return self.points / self.rounds if self.rounds else None

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def merged(self, other: GameTally) -> GameTally:
        """Both tallies together (for totals over presets)."""
        return GameTally(
            self.played + other.played,
            self.won + other.won,
            self.rounds + other.rounds,
            self.points + other.points,
            self.hints + other.hints,
            _best(self.best_score, other.best_score),
            _best(self.best_margin, other.best_margin),
        )


@dataclass(frozen=True)
class PracticeTally:
    """The answers given in one drill at one level."""

    answers: int = 0
    right: int = 0
    seconds: float = 0.0  # total time taken to answer

    @property
    def accuracy(self) -> float | None:
        return self.right / self.answers if self.answers else None

    @property
    def average_seconds(self) -> float | None:
        return self.seconds / self.answers if self.answers else None


def _best(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    if b is None:
        return a
    return max(a, b)


@dataclass(frozen=True)
class Stats:
    """Every tally; the ``with_*`` methods return a new :class:`Stats`."""

    games: Mapping[GameKey, GameTally] = field(default_factory=dict)
    practice: Mapping[PracticeKey, PracticeTally] = field(default_factory=dict)

    def with_game(
        self,
        preset: str,
        players: int,
        *,
        scoring: str | None = None,
        scores: Sequence[int],
        side: int,
        winner: int,
        rounds: int,
        hints: int = 0,
    ) -> Stats:
        """Add a finished game played with *scoring* (``"fives"``...): final *scores*
        per side, the player's *side*, the winning side (``GameEnded.winner``), the
        rounds played, hints used."""
        if not 0 <= side < len(scores) or not 0 <= winner < len(scores) or len(scores) < 2:
            raise ValueError("side and winner must be sides of the scores")
        if rounds < 0 or hints < 0:
            raise ValueError("rounds and hints cannot be negative")
        key = GameKey(preset, players, scoring)
        old = self.games.get(key, GameTally())
        won = winner == side
        score = scores[side]
        margin = score - max(s for i, s in enumerate(scores) if i != side)
        tally = GameTally(
            old.played + 1,
            old.won + won,
            old.rounds + rounds,
            old.points + score,
            old.hints + hints,
            _best(old.best_score, score if won else None),
            _best(old.best_margin, margin if won else None),
        )
        return dataclasses.replace(self, games={**self.games, key: tally})

    def with_practice(
        self,
        drill: str,
        level: str | int,
        *,
        scoring: str | None = None,
        answers: int,
        right: int,
        seconds: float,
    ) -> Stats:
        """Add a practice session: questions answered, how many right, time taken;
        *scoring* for a drill whose answers depend on it."""
        if answers < 0 or not 0 <= right <= answers or not seconds >= 0 or math.isinf(seconds):
            raise ValueError("answers, right answers and seconds must make sense together")
        key = PracticeKey(drill, str(level), scoring)
        old = self.practice.get(key, PracticeTally())
        tally = PracticeTally(old.answers + answers, old.right + right, old.seconds + seconds)
        return dataclasses.replace(self, practice={**self.practice, key: tally})

    def total(self, preset: str | None = None) -> GameTally:
        """All games (of *preset*, if given) together."""
        result = GameTally()
        for key, tally in self.games.items():
            if preset is None or key.preset == preset:
                result = result.merged(tally)
        return result

    # -- JSON ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "games": [
                {**key._asdict(), **dataclasses.asdict(tally)}
                for key, tally in sorted(self.games.items(), key=_order)
            ],
            "practice": [
                {**key._asdict(), **dataclasses.asdict(tally)}
                for key, tally in sorted(self.practice.items(), key=_order)
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Read :meth:`to_json` output; :class:`ValueError` if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Sniff statistics file")
        version = data.get("version")
        if version not in READABLE:
            raise ValueError(f"statistics of version {version!r}, not {VERSION}")
        if not isinstance(data.get("games"), list) or not isinstance(data.get("practice"), list):
            raise ValueError("games and practice must be lists")
        scoring = _scoring if version != 1 else _no_scoring
        try:
            games = {
                GameKey(_text(e["preset"]), _count(e["players"]), scoring(e)): GameTally(
                    _count(e["played"]),
                    _count(e["won"]),
                    _count(e["rounds"]),
                    _integer(e["points"]),
                    _count(e["hints"]),
                    _maybe(e.get("best_score")),
                    _maybe(e.get("best_margin")),
                )
                for e in data["games"]
            }
            practice = {
                PracticeKey(_text(e["drill"]), _text(e["level"]), scoring(e)): PracticeTally(
                    _count(e["answers"]), _count(e["right"]), _seconds(e["seconds"])
                )
                for e in data["practice"]
            }
        except KeyError as exc:
            raise ValueError(f"missing {exc}") from None
        except (TypeError, AttributeError) as exc:
            raise ValueError(str(exc)) from None
        return cls(games, practice)


def _order(item: tuple[tuple[Any, ...], object]) -> tuple[Any, ...]:
    """Sort keys whose scoring may be None (unknown ones first)."""
    return tuple("" if part is None else part for part in item[0])


def _scoring(entry: Any) -> str | None:
    value = entry["scoring"]
    return None if value is None else _text(value)


def _no_scoring(entry: Any) -> None:
    return None


def _text(value: Any) -> str:
    # Names are printed and spoken: no terminal control characters, nothing absurd.
    if not isinstance(value, str) or len(value) > NAME_LIMIT or has_controls(value):
        raise ValueError(f"expected a name, not {value!r:.80}")
    return value


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, not {value!r}")
    return value


def _count(value: Any) -> int:
    number = _integer(value)
    if number < 0:
        raise ValueError(f"expected a count, not {value!r}")
    return number


def _maybe(value: Any) -> int | None:
    return None if value is None else _integer(value)


def _seconds(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
        raise ValueError(f"expected seconds, not {value!r}")
    return float(value)


# -- files ------------------------------------------------------------------------------


class StatsResult(NamedTuple):
    """The statistics, and what was wrong with the file if something was."""

    stats: Stats
    problem: Problem | None = None
    set_aside: Path | None = None


def load_stats(path: StrPath | None = None) -> StatsResult:
    """Read the statistics (default: the data folder's ``stats.json``).

    None yet: empty statistics. A damaged file (code ``corrupt``) is set
    aside and empty statistics returned; one that cannot be read at all
    (``unreadable``) is left in place.
    """
    source = Path(path) if path is not None else stats_path()
    loaded = load_guarded(source, STATS_LIMIT, "the statistics file", Stats.from_json)
    stats = loaded.value if loaded.value is not None else Stats()
    return StatsResult(stats, loaded.problem, loaded.set_aside)


def save_stats(stats: Stats, path: StrPath | None = None) -> Path:
    """Write *stats* atomically; return the file's path."""
    target = Path(path) if path is not None else stats_path()
    write_atomic(target, json.dumps(stats.to_json(), indent=1, ensure_ascii=False) + "\n")
    return target


def _update(path: StrPath | None, change: Any) -> StatsResult:
    loaded = load_stats(path)
    if loaded.problem is not None and loaded.problem.code == "unreadable":
        # Writing now would replace statistics we merely failed to read.
        return loaded
    stats = change(loaded.stats)
    save_stats(stats, path)
    return loaded._replace(stats=stats)


def record_game(
    preset: str,
    players: int,
    *,
    scoring: str | None = None,
    scores: Sequence[int],
    side: int,
    winner: int,
    rounds: int,
    hints: int = 0,
    path: StrPath | None = None,
) -> StatsResult:
    """Add a finished game to the file (see :meth:`Stats.with_game`).

    Returns the new statistics, with any problem met reading the old ones.
    """
    return _update(
        path,
        lambda stats: stats.with_game(
            preset,
            players,
            scoring=scoring,
            scores=scores,
            side=side,
            winner=winner,
            rounds=rounds,
            hints=hints,
        ),
    )


def record_practice(
    drill: str,
    level: str | int,
    *,
    scoring: str | None = None,
    answers: int,
    right: int,
    seconds: float,
    path: StrPath | None = None,
) -> StatsResult:
    """Add a practice session to the file (see :meth:`Stats.with_practice`)."""
    return _update(
        path,
        lambda stats: stats.with_practice(
            drill, level, scoring=scoring, answers=answers, right=right, seconds=seconds
        ),
    )


def reset_stats(path: StrPath | None = None) -> None:
    """Start the statistics again (the file is removed; a missing one is fine)."""
    target = Path(path) if path is not None else stats_path()
    target.unlink(missing_ok=True)
