"""The messages of protocol version 1, as the server reads them from a player.

Each message is a JSON object with a ``type`` and known fields only (see
docs/protocol.md). :func:`read_message` turns a frame already read by
:func:`sniff.net.wire.read_frame` into one of the frozen values below, or
raises :class:`~sniff.net.wire.FrameError` with the reason. Actions stay raw
(:class:`Act` holds the JSON object): only the table knows the rules they are
read against (:func:`sniff.net.codec.read_action`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from sniff.engine import PRESETS
from sniff.enums import BotLevel, Verbosity, values
from sniff.net.wire import ErrorCode, FrameError
from sniff.storage.limits import clean_text

__all__ = [
    "CHAT_MOST",
    "NAME_MOST",
    "PROTOCOL",
    "SEAT_KINDS",
    "TIMERS",
    "Act",
    "Ask",
    "Chat",
    "Create",
    "Heard",
    "Hello",
    "Join",
    "Key",
    "Leave",
    "Message",
    "Ready",
    "RecordWanted",
    "Resume",
    "Watch",
    "clean_chat",
    "clean_name",
    "read_message",
]

#: The protocol's version: a client that speaks another is told so, clearly.
PROTOCOL = 1
#: The longest name (after cleaning) and chat message.
NAME_MOST = 20
CHAT_MOST = 200
#: The turn timers a table may have, in seconds (0: none).
TIMERS = (0, 60, 120, 300)
#: What a seat of a new table holds: a person, or a bot of a level.
SEAT_KINDS = ("person", *values(BotLevel))
#: The house rules a table may change, with the most a number may be (the rest
#: of a preset is as the preset says).
HOUSE_RULES = ("scoring", "direction", "draw_while_playable", "muggins", "double_endwise")
#: The information a words client may ask for (the keyboard game's fact keys).
QUESTIONS = (
    "hand", "ends", "count", "layout", "scores", "round", "boneyard", "unseen",
    "history", "since", "turn", "tile", "preview", "hint", "help", "repeat",
)  # fmt: skip


@dataclass(frozen=True)
class Hello:
    version: int
    language: str
    verbosity: str
    words: bool  # the client wants the words said (a browser), not only the game
    client: str


@dataclass(frozen=True)
class Create:
    name: str
    preset: str
    seats: tuple[str, ...]  # seat 0 is the creator; then "person" or a bot level
    rules: dict[str, Any]
    target: int | None
    timer: int


@dataclass(frozen=True)
class Join:
    code: str
    name: str


@dataclass(frozen=True)
class Watch:
    code: str
    name: str = ""  # what the spectator's chat is signed with (none: "a spectator")


@dataclass(frozen=True)
class Resume:
    token: str


@dataclass(frozen=True)
class Act:
    action: dict[str, Any]
    at: int  # the position the action was decided at


@dataclass(frozen=True)
class Key:
    """A key of the game pressed on a words client (the terminal game's name of it:
    ``right``, ``enter``, ``5``, ``h``): the server's presenter for the seat says what
    it means and does what it asks (see docs/protocol.md)."""

    key: str
    at: int  # the position the page showed when the key was pressed


@dataclass(frozen=True)
class Ready:
    """The player is ready for the next round."""


@dataclass(frozen=True)
class Heard:
    at: int


@dataclass(frozen=True)
class Chat:
    text: str


@dataclass(frozen=True)
class Ask:
    what: str
    tile: list[int] | None
    end: str | None
    page: int


@dataclass(frozen=True)
class RecordWanted:
    """The game's record, after the game."""


@dataclass(frozen=True)
class Leave:
    """The player leaves the table for good (*end*: the host ends it for everyone)."""

    end: bool = False


Message = (
    Hello
    | Create
    | Join
    | Watch
    | Resume
    | Act
    | Key
    | Ready
    | Heard
    | Chat
    | Ask
    | RecordWanted
    | Leave
)


def clean_name(text: str) -> str:
    """A name as others hear it: printable, one line, at most :data:`NAME_MOST`
    characters (``"\\x1b[31mEve\\n"`` -> ``"Eve"``)."""
    return _printable(text)[:NAME_MOST].strip()


def clean_chat(text: str) -> str:
    """A chat message: printable, one line, at most :data:`CHAT_MOST` characters."""
    return _printable(text)[:CHAT_MOST].strip()


def _printable(text: str) -> str:
    # Line breaks and tabs part words; every other control goes (escape sequences whole).
    text = text.replace("\r", " ").replace("\n", " ").replace("\t", " ")
    text = clean_text(unicodedata.normalize("NFC", text))
    kept = (c if c.isprintable() else " " for c in text)
    return " ".join("".join(kept).split())


def _fields(data: dict[str, Any], *allowed: str) -> None:
    extra = set(data) - {*allowed, "type"}
    if extra:
        name = sorted(extra)[0][:40]
        raise FrameError(
            ErrorCode.UNKNOWN_FIELD, f"the {data['type']} message has no field {name!r}"
        )


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise FrameError(ErrorCode.MISSING_FIELD, f"the {data['type']} message needs {key!r}")
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} has the wrong type")
    return value


def _text(data: dict[str, Any], key: str, most: int, default: Any = ...) -> str:
    value = _get(data, key, str, default)
    if len(value) > most:
        raise FrameError(ErrorCode.TOO_LONG, f"{key!r} may be at most {most} characters")
    return str(value)


def _choice(data: dict[str, Any], key: str, choices: tuple[Any, ...], default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise FrameError(ErrorCode.MISSING_FIELD, f"the {data['type']} message needs {key!r}")
        return default
    value = data[key]
    # (true and false are no numbers here, though Python counts them as 1 and 0)
    if isinstance(value, bool | dict | list) or value not in choices:
        raise FrameError(
            ErrorCode.BAD_FIELD, f"{key!r} must be one of {', '.join(map(str, choices))}"
        )
    return value


def _name(data: dict[str, Any], default: Any = ...) -> str:
    name = clean_name(_text(data, "name", 100, default))
    if not any(c.isalnum() for c in name) and (name or default is ...):
        raise FrameError(ErrorCode.BAD_NAME, "a name needs at least one letter or digit")
    return name


def _code(data: dict[str, Any]) -> str:
    return _text(data, "code", 16)


def _at(data: dict[str, Any]) -> int:
    value = _get(data, "at", int)
    if not 0 <= value <= 100_000:
        raise FrameError(ErrorCode.BAD_FIELD, "'at' is a position in the game")
    return int(value)


def read_message(data: dict[str, Any]) -> Message:
    """The message a frame holds (see the module docstring)."""
    kind = data["type"]
    if kind == "hello":
        _fields(data, "version", "lang", "verbosity", "words", "client")
        version = _get(data, "version", int)
        return Hello(
            version,
            _choice(data, "lang", ("en", "de"), "en"),
            _choice(data, "verbosity", values(Verbosity), "normal"),
            _get(data, "words", bool, False),
            clean_name(_text(data, "client", 60, "")),
        )
    if kind == "create":
        _fields(data, "name", "preset", "seats", "rules", "target", "timer")
        seats = _get(data, "seats", list)
        if not 2 <= len(seats) <= 4 or any(s not in SEAT_KINDS for s in seats):
            kinds = ", ".join(SEAT_KINDS)
            raise FrameError(
                ErrorCode.BAD_FIELD, f"'seats' lists 2 to 4 seats, each one of {kinds}"
            )
        if seats[0] != "person":
            raise FrameError(ErrorCode.BAD_FIELD, "the first seat is the one who creates the table")
        rules = _get(data, "rules", dict, {})
        unknown = set(rules) - set(HOUSE_RULES)
        if unknown:
            raise FrameError(ErrorCode.BAD_FIELD, f"no house rule {sorted(unknown)[0][:40]!r} here")
        if any(not isinstance(v, str | bool) for v in rules.values()):
            raise FrameError(ErrorCode.BAD_FIELD, "a house rule's value is a word or true/false")
        target = _get(data, "target", (int, type(None)), None)
        if target is not None and not 10 <= target <= 1000:
            raise FrameError(ErrorCode.BAD_FIELD, "'target' is from 10 to 1000 points")
        return Create(
            _name(data),
            _choice(data, "preset", tuple(sorted(PRESETS)), "sniff"),
            tuple(seats),
            dict(rules),
            target,
            _choice(data, "timer", TIMERS, 0),
        )
    if kind == "join":
        _fields(data, "code", "name")
        return Join(_code(data), _name(data))
    if kind == "watch":
        _fields(data, "code", "name")
        return Watch(_code(data), _name(data, ""))
    if kind == "resume":
        _fields(data, "token")
        return Resume(_text(data, "token", 64))
    if kind == "act":
        _fields(data, "action", "at")
        return Act(_get(data, "action", dict), _at(data))
    if kind == "key":
        _fields(data, "key", "at")
        key = _text(data, "key", 12)
        if not key or not all(c.isascii() and (c.isalnum() or c in "[]/") for c in key):
            raise FrameError(ErrorCode.BAD_FIELD, "'key' names a key of the game")
        return Key(key.lower(), _at(data))
    if kind == "ready":
        _fields(data)
        return Ready()
    if kind == "heard":
        _fields(data, "at")
        return Heard(_at(data))
    if kind == "chat":
        _fields(data, "text")
        text = clean_chat(_text(data, "text", 1000))
        if not text:
            raise FrameError(ErrorCode.BAD_FIELD, "a chat message needs words")
        return Chat(text)
    if kind == "ask":
        _fields(data, "what", "tile", "end", "page")
        tile = _get(data, "tile", (list, type(None)), None)
        end = _get(data, "end", (str, type(None)), None)
        page = _get(data, "page", int, 0)
        if not 0 <= page <= 100:
            raise FrameError(ErrorCode.BAD_FIELD, "'page' is from 0 to 100")
        return Ask(_choice(data, "what", QUESTIONS), tile, end, page)
    if kind == "record":
        _fields(data)
        return RecordWanted()
    if kind == "leave":
        _fields(data, "end")
        return Leave(_get(data, "end", bool, False))
    raise FrameError(ErrorCode.UNKNOWN_TYPE, f"no message of type {str(kind)[:40]!r}")
