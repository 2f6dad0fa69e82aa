"""The tutorial: lessons as data, and the coach that plays them at the real table.

Each lesson (``lessons/*.toml``, see :mod:`sniff.learn.lesson`) is a fixed
deal and a script of steps. It is played through the one game loop,
:class:`~sniff.session.game.GameSession` (:mod:`sniff.learn.table`), on the
real game screen; the :class:`Coach` says what to do, judges the player's
action before it reaches the session, and explains what happened with the
engine's own answers. :func:`rehearse` plays a lesson through the engine
alone, to check it.
"""

from __future__ import annotations

from sniff.learn.coach import Coach
from sniff.learn.lesson import (
    KNOWN_KEYS,
    Do,
    Lesson,
    LessonError,
    Step,
    catalogue_entries,
    load_lessons,
    parse_action,
)
from sniff.learn.rehearsal import first_legal, rehearse
from sniff.learn.table import Opened, ScriptedBot, lesson_session, open_lesson

__all__ = [
    "KNOWN_KEYS",
    "Coach",
    "Do",
    "Lesson",
    "LessonError",
    "Opened",
    "ScriptedBot",
    "Step",
    "catalogue_entries",
    "first_legal",
    "lesson_session",
    "load_lessons",
    "open_lesson",
    "parse_action",
    "rehearse",
]
