"""Reading a frame from the network: strict JSON within limits, or a clear refusal.

Every frame that arrives is hostile until proven otherwise. :func:`read_frame`
turns a text frame into a JSON object, or raises :class:`FrameError` with a
stable code the other side is told (and the detail for the log): too large,
not text, not JSON, nested too deep, a number too long or not whole, a
repeated key, not an object, no ``type``. What the object's fields must be is
checked afterwards, per message (:mod:`sniff.net.messages`).

>>> read_frame('{"type": "heard", "at": 12}')
{'type': 'heard', 'at': 12}
>>> read_frame('{"type": "heard", "at": 1e999}')
Traceback (most recent call last):
...
sniff.net.wire.FrameError: a number must be whole and at most 9 digits long
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from enum import Enum
from typing import Any

from sniff.storage.jsontext import json_writer

__all__ = [
    "CLOSE_TAKEN_OVER",
    "LIMITS",
    "ErrorCode",
    "FrameError",
    "Limits",
    "encode",
    "read_frame",
    "write_frame",
]

#: The close code of a connection whose seat another connection took (the same token).
CLOSE_TAKEN_OVER = 4000


class ErrorCode(str, Enum):
    """Why a message did nothing: the stable codes of ``error`` frames (and of what a
    client refuses to read itself). docs/protocol.md says each."""

    VERSION = "version"
    HELLO_FIRST = "hello-first"
    NOT_TEXT = "not-text"
    TOO_BIG = "too-big"
    BAD_JSON = "bad-json"
    TOO_DEEP = "too-deep"
    TOO_MANY = "too-many"
    BAD_NUMBER = "bad-number"
    NOT_OBJECT = "not-object"
    NO_TYPE = "no-type"
    UNKNOWN_TYPE = "unknown-type"
    UNKNOWN_FIELD = "unknown-field"
    MISSING_FIELD = "missing-field"
    BAD_FIELD = "bad-field"
    TOO_LONG = "too-long"
    BAD_NAME = "bad-name"
    RATE = "rate"
    CHAT_RATE = "chat-rate"
    BUSY = "busy"
    SEATED = "seated"
    NO_TABLE = "no-table"
    TABLE_FULL = "table-full"
    NO_SEAT = "no-seat"
    TOO_MANY_TABLES = "too-many-tables"
    FULL = "full"
    BAD_RULES = "bad-rules"
    NOT_STARTED = "not-started"
    SPECTATOR = "spectator"
    NOT_OVER = "not-over"
    NO_RECORD = "no-record"
    NO_WORDS = "no-words"
    NOT_HOST = "not-host"  # only the table's host (its first seat) may end it
    # What a client refuses of the server's frames (never sent).
    BAD_TABLE = "bad-table"
    BAD_VIEW = "bad-view"
    UNREACHABLE = "unreachable"

    def __str__(self) -> str:
        return self.value


class FrameError(ValueError):
    """A frame refused: *code* is stable (told to the other side), the message says why."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Limits:
    """What a frame may be: *size* in bytes (UTF-8), *depth* of nesting (an object
    in an object is 2), *digits* of a number, *items* in all its lists and objects."""

    size: int = 4096
    depth: int = 5
    digits: int = 9
    items: int = 512


#: The limits of a frame from a player to the server.
LIMITS = Limits()


def _not_whole(text: str) -> Any:
    raise FrameError(ErrorCode.BAD_NUMBER, "a number must be whole and at most 9 digits long")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise FrameError(ErrorCode.BAD_JSON, f"the key {key[:40]!r} comes twice")
        out[key] = value
    return out


def _measure(value: Any, limits: Limits) -> None:
    """Fail when *value* nests deeper, or holds more items, than *limits* allow."""
    count = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limits.depth:
                raise FrameError(
                    ErrorCode.TOO_DEEP, f"a frame may nest at most {limits.depth} levels"
                )
            children = item.values() if isinstance(item, dict) else item
            count += len(item)
            if count > limits.items:
                raise FrameError(
                    ErrorCode.TOO_MANY, f"a frame may hold at most {limits.items} items"
                )
            stack.extend((child, depth + 1) for child in children)
        elif (
            isinstance(item, int)
            and not isinstance(item, bool)
            and len(str(abs(item))) > limits.digits
        ):
            raise FrameError(
                ErrorCode.BAD_NUMBER,
                f"a number must be whole and at most {limits.digits} digits long",
            )


def read_frame(data: str | bytes, limits: Limits = LIMITS) -> dict[str, Any]:
    """The JSON object of one text frame (see the module docstring)."""
    if isinstance(data, bytes | bytearray | memoryview):
        raise FrameError(ErrorCode.NOT_TEXT, "frames are JSON text, not binary")
    if len(data) > limits.size or len(data.encode("utf-8", "surrogatepass")) > limits.size:
        raise FrameError(ErrorCode.TOO_BIG, f"a frame may be at most {limits.size} bytes")
    try:
        value = _decoder(limits.digits).decode(data)
    except FrameError:
        raise
    except (ValueError, RecursionError) as error:
        raise FrameError(ErrorCode.BAD_JSON, f"not JSON: {str(error)[:80]}") from None
    if len(data) > limits.items or data.count("[") + data.count("{") > limits.depth:
        # (A shorter frame, with fewer brackets than the depth allowed, holds fewer
        # items than allowed and nests no deeper; its numbers' digits were counted as
        # they were read: measured only when it could be over. Most frames are.)
        _measure(value, limits)
    if not isinstance(value, dict):
        raise FrameError(ErrorCode.NOT_OBJECT, "a frame is a JSON object")
    kind = value.get("type")
    if not isinstance(kind, str):
        raise FrameError(ErrorCode.NO_TYPE, 'a frame needs a "type", a string')
    return value


@functools.cache
def _decoder(digits: int) -> json.JSONDecoder:
    """The strict reader of frames whose numbers have at most *digits* digits: numbers
    are read as text first, so no float and no huge integer is ever built. Made once
    (``json.loads`` with hooks makes a new decoder at every call)."""

    def whole(text: str) -> int:
        if len(text.lstrip("-")) > digits:
            raise FrameError(
                ErrorCode.BAD_NUMBER, f"a number must be whole and at most {digits} digits long"
            )
        return int(text)

    return json.JSONDecoder(
        parse_int=whole,
        parse_float=_not_whole,
        parse_constant=_not_whole,
        object_pairs_hook=_no_repeats,
    )


#: *value* as a frame's compact JSON, UTF-8 kept as it is (made once: see
#: :mod:`sniff.storage.jsontext`).
encode = json_writer((",", ":"))


def write_frame(message: dict[str, Any]) -> str:
    """One frame's text: compact JSON, UTF-8 kept as it is."""
    return encode(message)
