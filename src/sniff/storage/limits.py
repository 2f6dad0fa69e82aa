"""Reading the game's own files with limits, so that no file can freeze or crash it.

Every file the game reads back (the saved game, settings, statistics, game
records) comes through here. A file is read only if it is a regular file of
sensible size (a device such as ``/dev/zero`` or a named pipe would never
end, or never start); its text must be UTF-8 (a byte-order mark is allowed:
Windows Notepad writes one); and its JSON or TOML may nest only so deep and
hold only whole numbers of sensible size. Anything else raises
:class:`DataError`, which the loaders turn into "set aside and start afresh".

>>> parse_json(b'{"a": [1, 2]}', "a test file")
{'a': [1, 2]}
>>> try:
...     parse_json(b"[" * 100 + b"]" * 100, "a test file")
... except DataError as error:
...     print(error)
a test file nests deeper than 32 levels
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from enum import Enum
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "DataError",
    "DataProblem",
    "check_tree",
    "clean_text",
    "has_controls",
    "load_json_file",
    "loads",
    "parse_json",
    "parse_toml",
    "read_bounded",
]

#: How deep JSON or TOML may nest: the game's files need 4 or 5 levels.
MAX_DEPTH = 32
#: The most digits a whole number may have (a seed is at most 20; random states 10).
MAX_DIGITS = 40
_LARGEST = 10**MAX_DIGITS


class DataProblem(str, Enum):
    """What is wrong with a file read here: a stable code that the words layer
    (``sniff.announce.errors``) says in the player's language, with the
    :attr:`DataError.values` it names."""

    FOLDER = "folder"  # a folder where a file should be
    NOT_REGULAR = "not-regular"  # a device or a pipe
    UNREADABLE = "unreadable"  # error: the OSError the system gave
    TOO_LARGE = "too-large"  # size, limit (bytes)
    GREW = "grew"  # limit: it grew past the limit while being read
    NOT_UTF8 = "not-utf8"  # byte: where the first bad byte is
    NOT_JSON = "not-json"  # line, detail (the JSON parser's English words)
    NOT_TOML = "not-toml"  # detail (the TOML parser's English words)
    TOO_DEEP = "too-deep"  # depth: the most levels allowed
    NUMBER_TOO_LONG = "number-too-long"  # digits: the most digits allowed
    NOT_A_NUMBER = "not-a-number"  # detail: a value the number hooks refused
    OTHER = "other"  # detail: said by the program that found it (English)


class DataError(ValueError):
    """A file the game cannot use.

    *code* is ``corrupt`` (the file is not what it should be: it is set aside)
    or ``unreadable`` (the system would not let the game read it). *path* is
    the file, when known; *kept* is where a loader put it aside, once it has.
    The message is English, for logs; *problem* and *values* say what is wrong
    in a form the player is told in their language.
    """

    def __init__(
        self,
        message: str,
        code: str = "corrupt",
        kept: Path | None = None,
        *,
        path: Path | None = None,
        problem: DataProblem = DataProblem.OTHER,
        **values: object,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.kept = kept
        self.path = path
        self.problem = problem
        self.values = values if problem is not DataProblem.OTHER else {"detail": message, **values}


# -- the bytes ----------------------------------------------------------------------


def read_bounded(path: str | os.PathLike[str], limit: int, what: str) -> bytes:
    """The bytes of the regular file at *path*, at most *limit* of them.

    Raises :class:`FileNotFoundError` if there is no file (the caller decides
    what that means) and :class:`DataError` for anything but a regular file
    no larger than *limit*, or one the system will not read (``unreadable``).
    """
    # Non-blocking: opening a named pipe must not wait for a writer that never comes.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    flags |= getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise DataError(f"{what} is a folder, not a file", problem=DataProblem.FOLDER) from None
    except OSError as error:
        raise _unreadable(what, error) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            if stat.S_ISDIR(info.st_mode):
                raise DataError(
                    f"{what} is a folder, not a regular file", problem=DataProblem.FOLDER
                )
            raise DataError(
                f"{what} is a device or pipe, not a regular file", problem=DataProblem.NOT_REGULAR
            )
        if info.st_size > limit:
            raise DataError(
                f"{what} holds {info.st_size} bytes, more than the {limit} allowed",
                problem=DataProblem.TOO_LARGE,
                size=info.st_size,
                limit=limit,
            )
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:  # it grew while being read
            raise DataError(
                f"{what} holds more than the {limit} bytes allowed",
                problem=DataProblem.GREW,
                limit=limit,
            )
        return b"".join(chunks)
    except OSError as error:
        raise _unreadable(what, error) from None
    finally:
        os.close(fd)


def _unreadable(what: str, error: OSError) -> DataError:
    return DataError(
        f"{what} cannot be read: {error.strerror or error}",
        "unreadable",
        problem=DataProblem.UNREADABLE,
        error=error,
    )


def _text(raw: bytes, what: str) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(
            f"{what} is not UTF-8 text (byte {error.start})",
            problem=DataProblem.NOT_UTF8,
            byte=error.start,
        ) from None


# -- JSON and TOML ------------------------------------------------------------------


def _whole(text: str) -> int:
    # Before int(): a 5,000-digit number must not cost time or memory.
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _finite(text: str) -> float:
    number = float(text)
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(f"a number too large to use ({text[:20]})")
    return number


def _no_constant(text: str) -> float:
    raise ValueError(f"{text}, which is not a number")


def loads(text: str, what: str) -> Any:
    """``json.loads`` within the limits: :class:`json.JSONDecodeError` for text
    that is not JSON, :class:`DataError` for JSON beyond the limits."""
    try:
        data = json.loads(text, parse_int=_whole, parse_float=_finite, parse_constant=_no_constant)
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise _too_deep(what) from None
    except ValueError as error:  # from the number hooks above
        raise DataError(
            f"{what} holds {error}", problem=DataProblem.NOT_A_NUMBER, detail=str(error)
        ) from None
    check_tree(data, what)
    return data


def _too_deep(what: str) -> DataError:
    return DataError(
        f"{what} nests deeper than {MAX_DEPTH} levels",
        problem=DataProblem.TOO_DEEP,
        depth=MAX_DEPTH,
    )


def _too_long(what: str) -> DataError:
    return DataError(
        f"{what} holds a number of more than {MAX_DIGITS} digits",
        problem=DataProblem.NUMBER_TOO_LONG,
        digits=MAX_DIGITS,
    )


def parse_json(raw: bytes, what: str) -> Any:
    """JSON from *raw*, within the limits (see the module docstring)."""
    try:
        return loads(_text(raw, what), what)
    except json.JSONDecodeError as error:
        raise DataError(
            f"{what} is not JSON: line {error.lineno}: {error.msg}",
            problem=DataProblem.NOT_JSON,
            line=error.lineno,
            detail=error.msg,
        ) from None


def parse_toml(raw: bytes, what: str) -> dict[str, Any]:
    """A TOML table from *raw*, within the limits."""
    text = _text(raw, what)
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(
            f"{what} is not TOML: {error}", problem=DataProblem.NOT_TOML, detail=str(error)
        ) from None
    except RecursionError:
        raise _too_deep(what) from None
    except ValueError:  # Python's limit on the digits of a number
        raise _too_long(what) from None
    check_tree(data, what)
    return data


def check_tree(data: Any, what: str) -> None:
    """Refuse *data* (parsed JSON or TOML) if it nests deeper than :data:`MAX_DEPTH`
    or holds a whole number of more than :data:`MAX_DIGITS` digits.

    Walked with a list, not recursion: the check itself must not overflow.
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise _too_deep(what)
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _LARGEST:
            raise _too_long(what)


def load_json_file(path: str | os.PathLike[str], limit: int, what: str) -> Any:
    """:func:`read_bounded` then :func:`parse_json`."""
    return parse_json(read_bounded(path, limit, what), what)


# -- text that is printed or spoken -----------------------------------------------------

# C0 and C1 controls and DEL (a terminal obeys them: ESC starts an escape
# sequence), and the bidirectional overrides that make text read backwards.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# A whole escape sequence (CSI ``ESC [ ... m``, OSC ``ESC ] ... BEL``, or ESC and one
# character) goes at once, so that no half of it is left to be read out.
_SEQUENCE = re.compile(
    "\x1b\\[[0-?]*[ -/]*[@-~]|\x1b\\][^\x07\x1b]*(?:\x07|\x1b\\\\)?|\x1b[@-Z\\\\-_]"
)


def has_controls(text: str) -> bool:
    """Whether *text* holds a character that controls a terminal instead of showing.

    >>> has_controls("Anna"), has_controls("\\x1b[2JAnna")
    (False, True)
    """
    return _CONTROLS.search(text) is not None


def clean_text(text: str) -> str:
    """*text* without control characters, safe to print to a terminal or speak.

    >>> clean_text("\\x1b[2J\\x1b[31mEve\\x07\\x1b]0;title\\x07!")
    'Eve!'
    """
    return _CONTROLS.sub("", _SEQUENCE.sub("", text))
