"""Reading a small JSON file of the game's own (statistics, lesson progress) so
that nothing in it can stop the game.

One path for all of them: read with limits (:mod:`sniff.storage.limits`),
check the contents, and on any fault set the file aside and say why. A file
the system will not let the game read is left where it is (``unreadable``):
the caller must then not write over it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from sniff.storage.atomic import Problem, set_aside
from sniff.storage.limits import DataError, load_json_file

__all__ = ["Loaded", "load_guarded"]

_T = TypeVar("_T")


class Loaded(NamedTuple, Generic[_T]):
    """What was read (None: nothing usable), what was wrong, and where a damaged
    file was put."""

    value: _T | None
    problem: Problem | None = None
    set_aside: Path | None = None


def load_guarded(source: Path, limit: int, what: str, parse: Callable[[Any], _T]) -> Loaded[_T]:
    """Read *source* (at most *limit* bytes of JSON) and ``parse`` it.

    No file: ``Loaded(None)``. A damaged one (``corrupt``): set aside.
    Never raises for the file's sake.
    """
    try:
        return Loaded(parse(load_json_file(source, limit, what)))
    except FileNotFoundError:
        return Loaded(None)
    except DataError as error:
        if error.code == "unreadable":
            return Loaded(None, Problem("unreadable", f"{source}: {error}", error))
        return _corrupt(source, str(error))
    except Exception as error:  # the last guard (a ValueError of the parser, mostly)
        return _corrupt(source, str(error) if isinstance(error, ValueError) else repr(error))


def _corrupt(source: Path, detail: str) -> Loaded[Any]:
    try:
        aside: Path | None = set_aside(source)
    except OSError as error:
        aside = None
        detail += f" (could not set the file aside: {error.strerror or error})"
    return Loaded(None, Problem("corrupt", detail), aside)
