"""The lessons' progress on disk: written atomically, read with checks, a damaged
file set aside and never a crash, a file that cannot be read never written over."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from damaged_files import is_set_aside
from sniff.i18n import translator
from sniff.learn import load_lessons
from sniff.learn.progress import ProgressBook, progress_lines
from sniff.storage import atomic, limits
from sniff.storage.lessons import (
    MAX_BYTES,
    LessonPlace,
    LessonProgress,
    load_progress,
    progress_path,
    save_progress,
)

LESSONS = load_lessons()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_no_file_is_no_progress_and_no_problem() -> None:
    loaded = load_progress()
    assert loaded.progress == LessonProgress() and loaded.problem is None


def test_progress_is_written_atomically_and_read_back(monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Path] = []
    real = atomic.write_atomic

    def spy(path: Path, data: str | bytes) -> None:
        written.append(Path(path))
        real(path, data)

    monkeypatch.setattr("sniff.storage.lessons.write_atomic", spy)
    progress = LessonProgress().with_done("tiles").with_place("count", 3, ("6-4 lead", "draw"))
    save_progress(progress)
    assert written == [progress_path()]
    assert load_progress().progress == progress
    assert load_progress().progress.places["count"] == LessonPlace(3, ("6-4 lead", "draw"))


def test_a_lesson_done_leaves_its_place_and_is_listed_once() -> None:
    progress = LessonProgress().with_place("count", 2, ("6-4 lead",)).with_done("count")
    progress = progress.with_done("count")
    assert progress.done == ("count",) and "count" not in progress.places


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe not text",
        b"{ not json",
        b"[]",
        b'{"format": "sniff-stats", "version": 1}',
        b'{"format": "sniff-lessons", "version": 7, "done": [], "places": {}}',
        b'{"format": "sniff-lessons", "version": 1, "done": [3], "places": {}}',
        b'{"format": "sniff-lessons", "version": 1, "done": ["a", "a"], "places": {}}',
        b'{"format": "sniff-lessons", "version": 1, "done": [], "places": {"a": {"step": -1, '
        b'"actions": []}}}',
        b'{"format": "sniff-lessons", "version": 1, "done": [], "places": {"a": {"step": 1, '
        b'"actions": [7]}}}',
        b'{"format": "sniff-lessons", "version": 1, "done": [], "places": {"a": {"step": true, '
        b'"actions": []}}}',
        b"[" * 100_000,
    ],
    ids=[
        "not-utf8",
        "not-json",
        "a-list",
        "another-format",
        "another-version",
        "a-number-for-a-name",
        "twice-done",
        "negative-step",
        "a-number-for-an-action",
        "true-for-a-step",
        "deep-nesting",
    ],
)
def test_a_damaged_file_is_set_aside_and_never_a_crash(content: bytes) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    loaded = load_progress()
    assert loaded.progress == LessonProgress()
    assert loaded.problem is not None and loaded.problem.code == "corrupt"
    assert is_set_aside(loaded.set_aside, path)
    assert loaded.set_aside.read_bytes() == content and not path.exists()


def test_a_file_too_large_to_be_ours_is_set_aside() -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b" " * (MAX_BYTES + 1))
    loaded = load_progress()
    assert loaded.problem is not None and "more than the" in loaded.problem.detail
    assert loaded.set_aside is not None and loaded.set_aside.exists()


def test_an_earlier_bad_file_is_never_overwritten() -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    older = path.with_name("lessons.json.20200101-000000.bad")
    older.write_text("the first")
    path.write_text("the second")
    loaded = load_progress()
    assert is_set_aside(loaded.set_aside, path) and loaded.set_aside != older
    assert older.read_text() == "the first"


def test_a_file_that_cannot_be_read_stays_and_is_never_written_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(LessonProgress(("tiles",)).to_json()))
    real_open = os.open

    def locked(name: object, flags: int, *args: object) -> int:
        if Path(str(name)) == path and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, "Permission denied")
        return real_open(name, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(limits.os, "open", locked)
    book = ProgressBook()
    assert book.problem is not None and book.problem.code == "unreadable"
    assert book.keep_place(LESSONS[1], 1, ["6-2 lead"]) is None
    assert not book.writable
    monkeypatch.undo()
    assert json.loads(path.read_text())["done"] == ["tiles"]


def test_a_failed_write_is_reported_and_the_progress_kept_in_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full(path: object, data: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("sniff.storage.lessons.write_atomic", full)
    book = ProgressBook()
    assert book.finish(LESSONS[0]) == "No space left on device"
    assert book.write_failed and book.is_done(LESSONS[0])


def test_the_book_says_where_a_lesson_goes_on() -> None:
    book = ProgressBook()
    count = LESSONS[2]
    assert book.resumes_at(count) == 0
    book.keep_place(count, 3, ["6-4 lead", "6-3 west"])
    assert ProgressBook().resumes_at(count) == 4
    book.finish(count)
    fresh = ProgressBook()
    assert fresh.resumes_at(count) == 0 and fresh.done_count(LESSONS) == 1


def test_the_statistics_say_how_many_lessons_are_done() -> None:
    tr = translator("en")
    total = len(LESSONS)
    assert progress_lines(tr) == [f"Lessons: none of {total} done yet."]
    book = ProgressBook()
    book.finish(LESSONS[0])
    book.finish(LESSONS[1])
    assert progress_lines(tr) == [f"Lessons: 2 of {total} done."]
    assert progress_lines(translator("de")) == [f"Lektionen: 2 von {total} geschafft."]


def test_the_statistics_warn_once_about_a_damaged_file() -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_text("damaged")
    lines = progress_lines(translator("en"))
    assert lines[0].startswith("Your lesson progress could not be read; it was set aside as")
    assert lines[1] == f"Lessons: none of {len(LESSONS)} done yet."
    assert progress_lines(translator("en")) == [lines[1]]
