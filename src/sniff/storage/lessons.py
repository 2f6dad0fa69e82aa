"""The tutorial's progress: lessons done, and the place in each lesson begun.

One small versioned JSON file in the data folder (``lessons.json``), written
atomically after every step. A place is the step reached and the player's
actions so far, as the rulebook writes them (``"6-4 lead"``, ``"draw"``): a
lesson is a fixed deal, so those actions rebuild the table exactly.

Reading never fails: no file gives no progress; a damaged one is set aside
as ``lessons.json.bad`` (never overwritten) and reported; one that cannot be
read at all is left in place and reported.

>>> progress = LessonProgress().with_place("count", 3, ("6-4 lead",)).with_done("tiles")
>>> progress.done, progress.places["count"].step
(('tiles',), 3)
>>> LessonProgress.from_json(progress.to_json()) == progress
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from sniff.storage.atomic import Problem, StrPath, write_atomic
from sniff.storage.guarded import load_guarded
from sniff.storage.paths import data_dir

__all__ = [
    "LessonPlace",
    "LessonProgress",
    "ProgressResult",
    "load_progress",
    "progress_path",
    "save_progress",
]

FORMAT = "sniff-lessons"
VERSION = 1
PROGRESS_FILE = "lessons.json"

#: Limits on what a progress file may hold: larger is not ours (or damaged).
MAX_BYTES = 1_000_000
MAX_LESSONS = 500
MAX_ACTIONS = 1_000
MAX_TEXT = 64


def progress_path() -> Path:
    """The progress file, ``lessons.json`` in the data folder."""
    return data_dir() / PROGRESS_FILE


@dataclass(frozen=True)
class LessonPlace:
    """Where a lesson was left: the step reached and the player's actions so far."""

    step: int = 0
    actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class LessonProgress:
    """The lessons done (in the order they were finished) and the places in lessons begun."""

    done: tuple[str, ...] = ()
    places: Mapping[str, LessonPlace] = field(default_factory=dict)

    def is_done(self, lesson: str) -> bool:
        return lesson in self.done

    def with_place(self, lesson: str, step: int, actions: tuple[str, ...]) -> LessonProgress:
        """The place reached in *lesson*."""
        place = LessonPlace(step, tuple(actions))
        return dataclasses.replace(self, places={**self.places, lesson: place})

    def without_place(self, lesson: str) -> LessonProgress:
        """*lesson* to start from its beginning next time."""
        places = {name: place for name, place in self.places.items() if name != lesson}
        return dataclasses.replace(self, places=places)

    def with_done(self, lesson: str) -> LessonProgress:
        """*lesson* finished: counted as done, and started afresh if opened again."""
        done = self.done if lesson in self.done else (*self.done, lesson)
        return dataclasses.replace(self.without_place(lesson), done=done)

    # -- JSON ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "done": list(self.done),
            "places": {
                name: {"step": place.step, "actions": list(place.actions)}
                for name, place in sorted(self.places.items())
            },
        }

    @classmethod
    def from_json(cls, data: Any) -> LessonProgress:
        """Read :meth:`to_json` output; :class:`ValueError` if it is not one."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a Sniff lessons file")
        if data.get("version") != VERSION:
            raise ValueError(f"lessons file of version {data.get('version')!r}, not {VERSION}")
        done = data.get("done")
        places = data.get("places")
        if not isinstance(done, list) or len(done) > MAX_LESSONS:
            raise ValueError("'done' must be a list of lessons")
        if not isinstance(places, dict) or len(places) > MAX_LESSONS:
            raise ValueError("'places' must map lessons to places")
        names = tuple(_name(name) for name in done)
        if len(set(names)) != len(names):
            raise ValueError("a lesson is listed as done twice")
        return cls(names, {_name(name): _place(value) for name, value in places.items()})


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value or len(value) > MAX_TEXT:
        raise ValueError(f"expected a lesson's name, not {value!r}")
    return value


def _place(value: Any) -> LessonPlace:
    if not isinstance(value, dict):
        raise ValueError(f"expected a place in a lesson, not {value!r}")
    step, actions = value.get("step"), value.get("actions")
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= MAX_ACTIONS:
        raise ValueError(f"expected a step number, not {step!r}")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise ValueError("'actions' must be a list of actions")
    for action in actions:
        if not isinstance(action, str) or not action or len(action) > MAX_TEXT:
            raise ValueError(f"expected an action such as '6-4 east', not {action!r}")
    return LessonPlace(step, tuple(actions))


# -- the file ---------------------------------------------------------------------------


class ProgressResult(NamedTuple):
    """The progress, and what was wrong with the file if something was."""

    progress: LessonProgress
    problem: Problem | None = None
    set_aside: Path | None = None


def load_progress(path: StrPath | None = None) -> ProgressResult:
    """Read the progress (default: ``lessons.json`` in the data folder).

    None yet: no progress. A damaged file (code ``corrupt``) is set aside and
    no progress returned; one that cannot be read (``unreadable``) is left in
    place, and the caller must not write over it.
    """
    source = Path(path) if path is not None else progress_path()
    loaded = load_guarded(source, MAX_BYTES, "lesson progress", LessonProgress.from_json)
    progress = loaded.value if loaded.value is not None else LessonProgress()
    return ProgressResult(progress, loaded.problem, loaded.set_aside)


def save_progress(progress: LessonProgress, path: StrPath | None = None) -> Path:
    """Write *progress* atomically; return the file's path."""
    target = Path(path) if path is not None else progress_path()
    write_atomic(target, json.dumps(progress.to_json(), indent=1, ensure_ascii=False) + "\n")
    return target
