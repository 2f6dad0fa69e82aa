"""Lessons as data: one TOML file per lesson in ``sniff/learn/lessons/``.

A lesson is a fixed deal and a script of steps. A new lesson is a new file
and needs no code; ``tools/update_catalogues.py`` extracts its texts for the
translators, and ``tests/test_learn_lessons.py`` plays it through the engine.

The file::

    order = 2                      # where it stands in the list
    title = "Matching an end"      # every text is English, translated by gettext
    rules = "sniff"                # a preset; [house] may change single rules
    keys = ["left", "right", "enter", "e"]   # what F1 names in this lesson
    setup = ["6-6 lead"]           # played before the lesson starts, by whoever acts
    others = [["6-1 west"]]        # each other seat's actions in turn (scripted)
    bot = "scripted"               # or a bot level ("random") with bot_seed

    [deal]
    hands = ["6-2 2-0 ...", "6-1 ..."]   # seat 0 is the player
    boneyard = "..."                     # in drawing order
    leader = 0

    [[steps]]
    do = "play"                    # say, key, select, play, draw, pass or free
    move = "6-2 lead"              # play: the move wanted (or moves = [...])
    text = "Lead six-two: ..."     # what the coach asks
    after = "Six-two is the lead." # what it says once done
    wrong = "Look for a 2."        # advice after a wrong play (else: text again)
    count = 8                      # play: the count and points the engine must give
    points = 0
    note = "..."                   # for the translators

``key`` steps wait for one of ``keys``; ``select`` for the cursor on
``tile``; ``free`` lets the player play on until the round is over. Texts
may hold the placeholders of :data:`sniff.announce.coach.FACTS`.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from string import Formatter
from typing import Any

from sniff.announce.coach import FACTS, LESSON_CONTEXT
from sniff.bots import LEVELS
from sniff.engine import (
    DRAW,
    PASS,
    Action,
    Deal,
    Move,
    RulesError,
    RuleSet,
    Tile,
    preset,
)

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = [
    "KNOWN_KEYS",
    "Do",
    "Lesson",
    "LessonError",
    "Step",
    "action_text",
    "catalogue_entries",
    "load_lessons",
    "parse_action",
]

#: The game's keys a lesson may name for its help (``digits``: the number keys).
KNOWN_KEYS: tuple[str, ...] = (
    "left",
    "right",
    "home",
    "end",
    "up",
    "down",
    "enter",
    "digits",
    "d",
    "p",
    "h",
    "e",
    "c",
    "l",
    "s",
    "i",
    "b",
    "t",
    "g",
    "a",
    "f2",
    "v",
)

_BOT_SCRIPTED = "scripted"


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the fault."""


class Do(str, Enum):
    """What a step waits for."""

    SAY = "say"  # Enter, after an explanation
    KEY = "key"  # one of the step's keys
    SELECT = "select"  # the cursor on a tile
    PLAY = "play"  # one of the step's moves
    DRAW = "draw"
    PASS = "pass"
    FREE = "free"  # any play, until the round is over


@dataclass(frozen=True)
class Step:
    """One step of a lesson."""

    do: Do
    text: str
    after: str | None = None
    wrong: str | None = None
    keys: tuple[str, ...] = ()
    tile: Tile | None = None
    moves: tuple[Move, ...] = ()
    count: int | None = None
    points: int | None = None
    note: str | None = None

    def wanted(self) -> tuple[Action, ...]:
        """The actions the step waits for (none: it waits for a key, not an action;
        a free step takes any)."""
        if self.do is Do.PLAY:
            return self.moves
        if self.do is Do.DRAW:
            return (DRAW,)
        if self.do is Do.PASS:
            return (PASS,)
        return ()

    def texts(self) -> Iterator[tuple[str, str]]:
        """(role, text) for each text of the step."""
        yield "text", self.text
        if self.after:
            yield "after", self.after
        if self.wrong:
            yield "wrong", self.wrong


@dataclass(frozen=True)
class Lesson:
    """A lesson: a fixed deal, what happens before it starts, and its steps."""

    name: str  # the file's name without .toml: how progress knows it
    order: int
    title: str
    rules: RuleSet
    players: int
    deal: Deal
    setup: tuple[Action, ...]
    others: tuple[tuple[Action, ...], ...]  # seat 1, 2, ...: their actions in turn
    bot: str  # "scripted", or a bot level
    bot_seed: int
    keys: tuple[str, ...]
    steps: tuple[Step, ...]
    title_note: str | None = None

    @property
    def scripted(self) -> bool:
        return self.bot == _BOT_SCRIPTED


# -- actions ------------------------------------------------------------------------------


def parse_action(text: str) -> Action:
    """ "draw", "pass", or a move as the rulebook writes it ("6-4 east").

    >>> parse_action("6-4 lead"), parse_action("Draw")
    (Move(tile=Tile(high=6, low=4), end=<End.LEAD: 'lead'>, endwise=False), Draw())
    """
    word = text.strip().lower()
    if word == str(DRAW):
        return DRAW
    if word == str(PASS):
        return PASS
    return Move.parse(text)


def action_text(action: Action) -> str:
    """The words :func:`parse_action` reads back."""
    return str(action)


# -- loading ------------------------------------------------------------------------------


def load_lessons() -> tuple[Lesson, ...]:
    """Every lesson shipped with the game, in order. :class:`LessonError` for a bad file."""
    folder = resources.files("sniff.learn").joinpath("lessons")
    lessons = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            name = entry.name[: -len(".toml")]
            lessons.append(read_lesson(name, entry.read_text(encoding="utf-8")))
    lessons.sort(key=lambda lesson: lesson.order)
    orders = [lesson.order for lesson in lessons]
    if len(set(orders)) != len(orders):
        raise LessonError("two lessons have the same order")
    return tuple(lessons)


def read_lesson(name: str, text: str) -> Lesson:
    """The lesson *name* from its TOML *text*."""
    try:
        data = tomllib.loads(text)
        return _lesson(name, data)
    except LessonError:
        raise
    except (tomllib.TOMLDecodeError, ValueError, RulesError, TypeError, KeyError) as error:
        raise LessonError(f"lesson {name}: {error}") from None


def _lesson(name: str, data: Mapping[str, Any]) -> Lesson:
    rules = preset(_text(data, "rules"))
    house = data.get("house", {})
    if not isinstance(house, dict):
        raise LessonError(f"lesson {name}: [house] must be a table of rule changes")
    if house:
        rules = rules.with_changes(**house)
    players = int(data.get("players", 2))
    rules.check_players(players)
    deal_data = data["deal"]
    hands = tuple(_tiles(hand) for hand in deal_data["hands"])
    deal = Deal(hands, _tiles(deal_data.get("boneyard", "")), int(deal_data.get("leader", 0)))
    others = tuple(tuple(parse_action(a) for a in seat) for seat in data.get("others", []))
    bot = str(data.get("bot", _BOT_SCRIPTED))
    if bot != _BOT_SCRIPTED and bot not in LEVELS:
        raise LessonError(f"lesson {name}: no bot level {bot!r}")
    keys = tuple(str(key) for key in data.get("keys", []))
    unknown = [key for key in keys if key not in KNOWN_KEYS]
    if unknown:
        raise LessonError(f"lesson {name}: unknown keys {unknown}")
    lesson = Lesson(
        name=name,
        order=int(data["order"]),
        title=_text(data, "title"),
        rules=rules,
        players=players,
        deal=deal,
        setup=tuple(parse_action(a) for a in data.get("setup", [])),
        others=others,
        bot=bot,
        bot_seed=int(data.get("bot_seed", 0)),
        keys=keys,
        steps=tuple(_step(name, i, s) for i, s in enumerate(data["steps"], start=1)),
        title_note=data.get("title_note"),
    )
    if len(hands) != players:
        raise LessonError(f"lesson {name}: {len(hands)} hands for {players} players")
    if lesson.scripted and len(others) != players - 1:
        raise LessonError(f"lesson {name}: a scripted lesson lists each other seat's actions")
    if not lesson.steps:
        raise LessonError(f"lesson {name}: no steps")
    _check_placeholders(name, lesson.title)
    return lesson


def _step(lesson: str, number: int, data: Mapping[str, Any]) -> Step:
    where = f"lesson {lesson}, step {number}"
    try:
        do = Do(data["do"])
    except ValueError:
        raise LessonError(f"{where}: no step kind {data['do']!r}") from None
    moves = [data["move"]] if "move" in data else list(data.get("moves", []))
    keys = tuple(str(key) for key in data.get("keys", []))
    step = Step(
        do=do,
        text=_text(data, "text"),
        after=_maybe_text(data, "after"),
        wrong=_maybe_text(data, "wrong"),
        keys=keys,
        tile=Tile.parse(data["tile"]) if "tile" in data else None,
        moves=tuple(Move.parse(m) for m in moves),
        count=data.get("count"),
        points=data.get("points"),
        note=data.get("note"),
    )
    needs = {Do.KEY: bool(step.keys), Do.SELECT: step.tile is not None, Do.PLAY: bool(step.moves)}
    if not needs.get(do, True):
        raise LessonError(f"{where}: a {do.value} step needs its keys, tile or move")
    unknown = [key for key in keys if key not in KNOWN_KEYS]
    if unknown:
        raise LessonError(f"{where}: unknown keys {unknown}")
    for _role, text in step.texts():
        _check_placeholders(where, text)
    return step


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise LessonError(f"{key} must be a text")
    return " ".join(value.split())  # one paragraph, as it is heard


def _maybe_text(data: Mapping[str, Any], key: str) -> str | None:
    return _text(data, key) if key in data else None


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(word) for word in str(text).split())


def _check_placeholders(where: str, text: str) -> None:
    for _literal, field, _spec, _conversion in Formatter().parse(text):
        if field is not None and field not in FACTS:
            raise LessonError(f"{where}: unknown placeholder {{{field}}} in {text!r}")


# -- the catalogue -----------------------------------------------------------------------


_PLACEHOLDERS = (
    "The game fills in the placeholders ({count}, {ends}...) with the table's facts, in "
    "your language."
)

_ROLES = {
    "text": "what the coach asks the player to do, or explains",
    "after": "what the coach says once the step is done",
    "wrong": "the coach's advice after a wrong play",
}


def catalogue_entries(lessons: tuple[Lesson, ...]) -> Iterator[tuple[str, str, list[str], str]]:
    """(text, context, translator comments, where) for every text of *lessons*,
    for ``tools/update_catalogues.py``."""
    for lesson in lessons:
        where = f"src/sniff/learn/lessons/{lesson.name}.toml"
        comments = [f"Tutorial, lesson {lesson.order}: its title, said when it starts."]
        if lesson.title_note:
            comments.append(lesson.title_note)
        yield lesson.title, LESSON_CONTEXT, comments, where
        for number, step in enumerate(lesson.steps, start=1):
            for role, text in step.texts():
                comments = [
                    f"Tutorial, lesson {lesson.order} ({lesson.title}), step {number}: "
                    f"{_ROLES[role]}."
                ]
                if "{" in text:
                    comments.append(_PLACEHOLDERS)
                if step.note:
                    comments.append(step.note)
                yield text, LESSON_CONTEXT, comments, where
