"""The lessons' progress file read back exactly, and every damaged one refused with its reason.

(tests/test_learn_progress.py follows the file through the tutorial; this
file pins the format: the round trip, each limit at its edge, and the
plain-English detail a bug report gets for each kind of damage.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sniff.storage.lessons import (
    MAX_ACTIONS,
    MAX_LESSONS,
    MAX_TEXT,
    LessonPlace,
    LessonProgress,
    load_progress,
    save_progress,
)

_names = st.text("abcdefghij-", min_size=1, max_size=MAX_TEXT)
_actions = st.lists(st.sampled_from(["6-4 lead", "draw", "pass", "5-5 east"]), max_size=6)


@st.composite
def _progress(draw: st.DrawFn) -> LessonProgress:
    progress = LessonProgress()
    for name in draw(st.lists(_names, max_size=5)):
        progress = progress.with_done(name)
    for name in draw(st.lists(_names, max_size=5)):
        progress = progress.with_place(name, draw(st.integers(0, MAX_ACTIONS)), draw(_actions))
    return progress


@settings(max_examples=15)
@given(_progress())
def test_progress_read_back_is_the_progress_written(progress: LessonProgress) -> None:
    assert LessonProgress.from_json(progress.to_json()) == progress
    assert LessonProgress.from_json(json.loads(json.dumps(progress.to_json()))) == progress


def test_the_file_round_trips_and_is_sorted_json(tmp_path: Path) -> None:
    progress = LessonProgress(("tiles", "count"), {"sniff": LessonPlace(2, ("6-6 lead", "draw"))})
    path = save_progress(progress.with_place("blocked", 0, ()), tmp_path / "lessons.json")
    assert path == tmp_path / "lessons.json"
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "format": "sniff-lessons",
        "version": 1,
        "done": ["tiles", "count"],
        "places": {
            "blocked": {"step": 0, "actions": []},
            "sniff": {"step": 2, "actions": ["6-6 lead", "draw"]},
        },
    }
    loaded = load_progress(path)
    assert loaded.problem is None and loaded.set_aside is None
    assert loaded.progress.done == ("tiles", "count")
    assert loaded.progress.places["sniff"] == LessonPlace(2, ("6-6 lead", "draw"))


def test_places_and_done_lessons_change_one_lesson_at_a_time() -> None:
    progress = LessonProgress().with_place("count", 3, ("6-4 lead",)).with_place("tiles", 1, ())
    assert progress.places["count"] == LessonPlace(3, ("6-4 lead",))
    assert progress.without_place("count").places == {"tiles": LessonPlace(1, ())}
    done = progress.with_done("count")
    assert done.done == ("count",) and set(done.places) == {"tiles"}
    assert done.is_done("count") and not done.is_done("tiles")
    assert done.with_done("count") == done  # listed once
    assert done.with_done("tiles").done == ("count", "tiles")  # in the order finished


def _document(**changes: Any) -> dict[str, Any]:
    document: dict[str, Any] = {"format": "sniff-lessons", "version": 1, "done": [], "places": {}}
    document.update(changes)
    return document


def _place(step: Any = 0, actions: Any = ()) -> dict[str, Any]:
    return {"step": step, "actions": list(actions) if isinstance(actions, tuple) else actions}


ACCEPTED = {
    "as many lessons done as allowed": _document(done=[f"l{i}" for i in range(MAX_LESSONS)]),
    "as many places as allowed": _document(places={f"l{i}": _place() for i in range(MAX_LESSONS)}),
    "a name as long as allowed": _document(done=["n" * MAX_TEXT]),
    "the last step allowed": _document(places={"count": _place(MAX_ACTIONS)}),
    "as many actions as allowed": _document(places={"count": _place(1, ("draw",) * MAX_ACTIONS)}),
    "an action as long as allowed": _document(places={"count": _place(1, ("d" * MAX_TEXT,))}),
}


@pytest.mark.parametrize("document", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_a_file_at_each_limit_is_read(document: dict[str, Any]) -> None:
    assert (
        LessonProgress.from_json(document).to_json()
        == LessonProgress.from_json(json.loads(json.dumps(document))).to_json()
    )


REFUSED = {
    "not a table": ([], "not a Sniff lessons file"),
    "another format": (_document(format="sniff-stats"), "not a Sniff lessons file"),
    "another version": (_document(version=2), "lessons file of version 2, not 1"),
    "no version": ({"format": "sniff-lessons"}, "lessons file of version None, not 1"),
    "done not a list": (_document(done="tiles"), "'done' must be a list of lessons"),
    "too many done": (
        _document(done=[f"l{i}" for i in range(MAX_LESSONS + 1)]),
        "'done' must be a list of lessons",
    ),
    "places not a table": (_document(places=[]), "'places' must map lessons to places"),
    "too many places": (
        _document(places={f"l{i}": _place() for i in range(MAX_LESSONS + 1)}),
        "'places' must map lessons to places",
    ),
    "a lesson done twice": (_document(done=["tiles", "tiles"]), "a lesson is listed as done twice"),
    "an empty name": (_document(done=[""]), "expected a lesson's name, not ''"),
    "a name too long": (_document(done=["n" * (MAX_TEXT + 1)]), "expected a lesson's name, not"),
    "a name not text": (_document(done=[7]), "expected a lesson's name, not 7"),
    "a place not a table": (
        _document(places={"count": 3}),
        "expected a place in a lesson, not 3",
    ),
    "a step below zero": (
        _document(places={"count": _place(-1)}),
        "expected a step number, not -1",
    ),
    "a step past the last": (
        _document(places={"count": _place(MAX_ACTIONS + 1)}),
        f"expected a step number, not {MAX_ACTIONS + 1}",
    ),
    "a step that is true": (
        _document(places={"count": _place(True)}),
        "expected a step number, not True",
    ),
    "a step in words": (
        _document(places={"count": _place("two")}),
        "expected a step number, not 'two'",
    ),
    "actions not a list": (
        _document(places={"count": _place(1, "draw")}),
        "'actions' must be a list of actions",
    ),
    "too many actions": (
        _document(places={"count": _place(1, ("draw",) * (MAX_ACTIONS + 1))}),
        "'actions' must be a list of actions",
    ),
    "an empty action": (
        _document(places={"count": _place(1, ("",))}),
        "expected an action such as '6-4 east', not ''",
    ),
    "an action too long": (
        _document(places={"count": _place(1, ("d" * (MAX_TEXT + 1),))}),
        "expected an action such as '6-4 east', not 'ddd",
    ),
    "an action not text": (
        _document(places={"count": _place(1, [5])}),
        "expected an action such as '6-4 east', not 5",
    ),
}


@pytest.mark.parametrize(("document", "detail"), REFUSED.values(), ids=REFUSED.keys())
def test_a_damaged_file_is_set_aside_with_its_reason(
    document: Any, detail: str, tmp_path: Path
) -> None:
    with pytest.raises(ValueError) as refused:
        LessonProgress.from_json(document)
    assert str(refused.value).startswith(detail)
    path = tmp_path / "lessons.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_progress(path)
    assert loaded.progress == LessonProgress()
    assert loaded.problem is not None and loaded.problem.code == "corrupt"
    assert loaded.problem.detail.startswith(detail)
    assert loaded.set_aside is not None and not path.exists()
    assert json.loads(loaded.set_aside.read_text(encoding="utf-8")) == document


def test_a_missing_file_is_no_progress_and_no_problem(tmp_path: Path) -> None:
    assert load_progress(tmp_path / "lessons.json") == (LessonProgress(), None, None)


def test_a_file_too_large_is_refused_as_lesson_progress(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    path.write_bytes(b" " * 1_000_001)
    loaded = load_progress(path)
    assert loaded.problem is not None
    assert loaded.problem.detail == (
        "lesson progress holds 1000001 bytes, more than the 1000000 allowed"
    )


def test_progress_the_system_will_not_read_is_left_where_it_is(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    path.symlink_to(path)  # a loop: the system refuses to open it
    loaded = load_progress(path)
    assert loaded.progress == LessonProgress() and loaded.set_aside is None
    assert loaded.problem is not None and loaded.problem.code == "unreadable"
    assert loaded.problem.detail == (
        f"{path}: lesson progress cannot be read: Too many levels of symbolic links"
    )
    assert path.is_symlink()
