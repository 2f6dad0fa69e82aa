"""The lessons' progress as the tutorial keeps it: read once, written after each step.

:class:`ProgressBook` holds :class:`~sniff.storage.lessons.LessonProgress`
and writes it through :mod:`sniff.storage.lessons` (atomically). A file that
could not be read is reported once, and one that could not be read at all is
never written over. A failed write is returned as its reason, so the
interface can say it (once); the lesson goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sniff.announce import Phrasebook
from sniff.announce.coach import CoachWords, lessons_line
from sniff.i18n import Translator
from sniff.learn.lesson import Lesson, load_lessons
from sniff.storage.atomic import Problem
from sniff.storage.lessons import LessonPlace, LessonProgress, load_progress, save_progress

__all__ = ["ProgressBook", "progress_lines"]


class ProgressBook:
    """The progress of the lessons, kept on disk at *path* (default: the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        loaded = load_progress(path)
        self.path = path
        self.progress: LessonProgress = loaded.progress
        self.problem: Problem | None = loaded.problem
        self.set_aside: Path | None = loaded.set_aside
        # A file we could not read at all stays as it is: writing would lose it.
        self.writable = loaded.problem is None or loaded.problem.code != "unreadable"
        self.write_failed = False

    def place(self, lesson: Lesson) -> LessonPlace | None:
        """Where *lesson* was left (None: not begun, or finished)."""
        return self.progress.places.get(lesson.name)

    def resumes_at(self, lesson: Lesson) -> int:
        """The step (from 1) *lesson* goes on from; 0 when it starts from its beginning."""
        place = self.place(lesson)
        if place is None or not (place.step or place.actions):
            return 0
        return place.step + 1

    def is_done(self, lesson: Lesson) -> bool:
        return self.progress.is_done(lesson.name)

    def done_count(self, lessons: Sequence[Lesson]) -> int:
        """How many of *lessons* are done."""
        return sum(self.is_done(lesson) for lesson in lessons)

    def keep_place(self, lesson: Lesson, step: int, actions: Sequence[str]) -> str | None:
        """Remember the place in *lesson*; the reason if it could not be written."""
        self.progress = self.progress.with_place(lesson.name, step, tuple(actions))
        return self._save()

    def finish(self, lesson: Lesson) -> str | None:
        """*lesson* is done."""
        self.progress = self.progress.with_done(lesson.name)
        return self._save()

    def forget_place(self, lesson: Lesson) -> str | None:
        """*lesson* starts from its beginning next time."""
        self.progress = self.progress.without_place(lesson.name)
        return self._save()

    def _save(self) -> str | None:
        if not self.writable:
            return None
        try:
            save_progress(self.progress, self.path)
        except OSError as error:
            self.write_failed = True
            return error.strerror or str(error)
        self.write_failed = False
        return None


def progress_lines(tr: Translator, path: Path | None = None) -> list[str]:
    """The statistics' words on the lessons (``sniff stats``, the menu's Statistics):
    how many are done, after a warning if the progress file had to be set aside."""
    lessons = load_lessons()
    book = ProgressBook(path)
    lines = []
    if book.problem is not None:
        words = CoachWords(Phrasebook(tr, seat=0, player_names=()))
        where = str(book.set_aside) if book.set_aside is not None else None
        lines.append(words.progress_set_aside(where).text)
    lines.append(lessons_line(tr, book.done_count(lessons), len(lessons)))
    return lines
