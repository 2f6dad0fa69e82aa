"""What the statistics say: ``sniff stats`` and the setup menu's Statistics item.

Games are told per rule preset (by its display name, "Alle Fünfe"), player
count and scoring system; practice per drill, level and, for the drills
whose answers depend on it, scoring system. The report comes in sections
(games, practice); printed, each section is a heading and its lines; spoken
in the menu, one entry at a time, the heading said with the first entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from sniff.announce.phrases import sentences
from sniff.announce.practice import PracticeWords
from sniff.engine import Combination
from sniff.i18n import Translator
from sniff.practice.drills import Drill

if TYPE_CHECKING:
    from sniff.storage.stats import GameKey, GameTally, PracticeKey, PracticeTally

__all__ = [
    "ResetWords",
    "Section",
    "reset_words",
    "stats_entries",
    "stats_report",
    "stats_sections",
]


class Section(NamedTuple):
    """A part of the statistics: its heading and one line per tally (none: the
    heading says so)."""

    heading: str
    lines: list[str]


def stats_sections(
    tr: Translator,
    games: Mapping[GameKey, GameTally],
    practice: Mapping[PracticeKey, PracticeTally],
) -> list[Section]:
    """The games and the practice, each a :class:`Section`."""
    words = PracticeWords(tr)
    game_lines = [_game_line(words, k, t) for k, t in sorted(games.items(), key=_order)]
    practice_lines = [
        _practice_line(words, k, t) for k, t in sorted(practice.items(), key=_practice_order)
    ]
    return [
        Section(
            # Translators: sniff stats: heading of the games part.
            tr._("Games:")
            if game_lines
            # Translators: sniff stats: no game has been finished yet.
            else tr._("Games: none finished yet."),
            game_lines,
        ),
        Section(
            # Translators: sniff stats: heading of the practice part.
            tr._("Practice:")
            if practice_lines
            # Translators: sniff stats: no practice answers yet.
            else tr._("Practice: no answers yet."),
            practice_lines,
        ),
    ]


def stats_report(
    tr: Translator,
    games: Mapping[GameKey, GameTally],
    practice: Mapping[PracticeKey, PracticeTally],
) -> list[str]:
    """The statistics as lines of text (``sniff stats``): each heading, then its lines.

    *games* and *practice* are :class:`sniff.storage.Stats` tallies.
    """
    lines: list[str] = []
    for section in stats_sections(tr, games, practice):
        lines.append(section.heading)
        lines.extend(section.lines)
    return lines


def stats_entries(
    tr: Translator,
    games: Mapping[GameKey, GameTally],
    practice: Mapping[PracticeKey, PracticeTally],
) -> list[str]:
    """The statistics to be said one entry at a time (the setup menu): each
    section's heading goes with its first entry ("Games: Sniff, 2 players...")."""
    entries: list[str] = []
    for section in stats_sections(tr, games, practice):
        if not section.lines:
            entries.append(section.heading)
            continue
        entries.append(f"{section.heading} {section.lines[0]}")
        entries.extend(section.lines[1:])
    return entries


def _order(item: tuple[tuple[object, ...], object]) -> tuple[str, ...]:
    """Keys in order, a scoring not recorded (None) first."""
    return tuple("" if part is None else str(part) for part in item[0])


_DRILL_ORDER = {drill.value: i for i, drill in enumerate(Drill)}
_SCORING_ORDER = tuple(c.value for c in Combination)


def _practice_order(item: tuple[PracticeKey, PracticeTally]) -> tuple[int, str, int, str]:
    """Practice in the menu's order: drill, level, scoring (unknown names last, by name)."""
    drill, level, scoring = item[0]
    known = scoring in _SCORING_ORDER
    rank = -1 if scoring is None else _SCORING_ORDER.index(scoring) if known else 99
    return (_DRILL_ORDER.get(drill, 99), level, rank, scoring or "")


def _game_line(words: PracticeWords, key: GameKey, tally: GameTally) -> str:
    tr = words.tr
    menu = words.menu
    played, won, hints = tally.played, tally.won, tally.hints
    average, best, margin = tally.average_points, tally.best_score, tally.best_margin
    preset = menu.preset(key.preset)
    if key.scoring is None:
        # Translators: sniff stats: the games of one rule preset and player count ("Alle
        # Fünfe, 2 players"), from before the scoring was recorded.
        where = tr._("{preset}, {players} players").format(preset=preset, players=key.players)
    else:
        # Translators: sniff stats: the games of one rule preset, player count and scoring
        # ("Sniff, 2 players, scoring fives").
        where = tr._("{preset}, {players} players, scoring {scoring}").format(
            preset=preset, players=key.players, scoring=menu.combination(key.scoring)
        )
    parts: list[str] = [
        # Translators: sniff stats: the games of one preset, player count and scoring ("Sniff,
        # 2 players, scoring fives: 5 games played, 3 won, 60 percent").
        tr.ngettext(
            "{where}: {played} game played, {won} won, {percent}",
            "{where}: {played} games played, {won} won, {percent}",
            played,
        ).format(
            where=where,
            played=played,
            won=won,
            percent=words.percent(won / played if played else 0.0),
        )
    ]
    if average is not None:
        parts.append(
            # Translators: sniff stats: your average points per round.
            tr._("{points} points per round").format(points=menu.number(round(average, 1)))
        )
    if best is not None and margin is not None:
        # Translators: sniff stats: your best won game, its score and the lead over the next.
        parts.append(tr._("best game {score}, won by {margin}").format(score=best, margin=margin))
    # Translators: sniff stats: hints (F2) used in these games.
    parts.append(tr.ngettext("{n} hint used", "{n} hints used", hints).format(n=hints))
    return sentences(*parts)


def _practice_line(words: PracticeWords, key: PracticeKey, tally: PracticeTally) -> str:
    tr = words.tr
    answers, right, average = tally.answers, tally.right, tally.average_seconds
    try:
        drill, level = words.drill(Drill(key.drill)), words.level(int(key.level))
    except (ValueError, KeyError):
        drill, level = key.drill, key.level  # written by a later version: said as stored
    # Translators: sniff stats: a practice drill and its level ("the count, level 2, doubles").
    where = tr._("{drill}, {level}").format(drill=drill, level=level)
    if key.scoring is not None:
        # Translators: sniff stats: a practice drill and level, then the scoring it asked
        # about ("does it score, level 1, two plain ends, scoring threes").
        where = tr._("{drill}, scoring {scoring}").format(
            drill=where, scoring=words.menu.combination(key.scoring)
        )
    # Translators: sniff stats: one practice drill, level and scoring ("the count, level 2,
    # doubles: 40 answers, 35 right, 88 percent").
    text = tr.ngettext(
        "{where}: {answers} answer, {right} right, {percent}",
        "{where}: {answers} answers, {right} right, {percent}",
        answers,
    ).format(
        where=where,
        answers=answers,
        right=right,
        percent=words.percent(right / answers if answers else 0.0),
    )
    parts = [text]
    if average is not None:
        parts.append(
            # Translators: mean time per practice answer ("4.2 seconds per answer").
            tr._("{seconds} per answer").format(seconds=words.menu.seconds(round(average, 1)))
        )
    return sentences(*parts)


class ResetWords(NamedTuple):
    """What ``sniff stats --reset`` says."""

    question: str
    yes: frozenset[str]  # the accepted answers, casefolded
    kept: str
    done: str


def reset_words(tr: Translator) -> ResetWords:
    """The texts of ``sniff stats --reset``."""
    return ResetWords(
        # Translators: sniff stats --reset asks before deleting; the player types the word yes.
        tr._("Delete all statistics? Type yes to confirm:"),
        # Translators: the accepted answers to the reset question, separated by "|"; German
        # "ja|yes".
        frozenset(tr.pgettext("confirm", "yes").casefold().split("|")) | {"yes"},
        # Translators: sniff stats --reset: the player did not confirm.
        tr._("Nothing deleted."),
        # Translators: sniff stats --reset: done.
        tr._("Statistics deleted."),
    )
