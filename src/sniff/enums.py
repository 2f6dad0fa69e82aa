"""The game's closed sets outside the rules, each defined once.

The rules' own closed sets (presets, scoring combinations, spinner modes...)
live in :mod:`sniff.engine.rules`. These are the product's: bot levels,
speech outputs, how much is said, how the screen is drawn, and the earcons.
Every other module takes its choices from here, so a new member is added in
one place. They are ``str`` enums: a member equals its value, so settings
files, command-line options and records keep their plain words.

>>> BotLevel("expert") is BotLevel.EXPERT, Verbosity.BRIEF == "brief"
(True, True)
>>> values(ScreenMode)
('full', 'line')
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "BotLevel",
    "CommandProblem",
    "Cue",
    "Heard",
    "NewsKind",
    "ScreenMode",
    "SeatKind",
    "SpeechMode",
    "SpeechOutput",
    "SpeechProblem",
    "Verbosity",
    "values",
]


class BotLevel(str, Enum):
    """A computer player's strength, weakest first."""

    RANDOM = "random"
    GREEDY = "greedy"
    EXPERT = "expert"
    MASTER = "master"

    def __str__(self) -> str:
        return self.value


class SpeechMode(str, Enum):
    """Where the words go: the screen reader, the built-in voice, text lines, nowhere."""

    AUTO = "auto"
    SCREENREADER = "screenreader"
    VOICE = "voice"
    TEXT = "text"
    NONE = "none"

    def __str__(self) -> str:
        return self.value


class Verbosity(str, Enum):
    """How much each announcement says."""

    BRIEF = "brief"
    NORMAL = "normal"
    VERBOSE = "verbose"

    def __str__(self) -> str:
        return self.value


class ScreenMode(str, Enum):
    """``full``: the table drawn full-screen; ``line``: one plain line per announcement."""

    FULL = "full"
    LINE = "line"

    def __str__(self) -> str:
        return self.value


class Cue(str, Enum):
    """The earcons; ``sounds/<value>.wav`` holds each one."""

    PLAY = "play"
    SCORE = "score"
    DRAW = "draw"
    PASS = "pass"
    TURN = "turn"
    INVALID = "invalid"
    ROUND_WON = "round_won"
    ROUND_LOST = "round_lost"
    GAME_WON = "game_won"
    GAME_LOST = "game_lost"
    MENU = "menu"
    PRACTICE_RIGHT = "practice_right"
    PRACTICE_WRONG = "practice_wrong"

    def __str__(self) -> str:
        return self.value


class Heard(str, Enum):
    """What became of one text given to a speech output.

    ``end``: said to its end; ``cut``: cut off or dropped before its end (a key,
    another text that interrupted it, the output failing); ``pending``: still
    queued or being said; ``unknown``: the output cannot tell (then the game
    counts what may have been missed instead of saying it again).
    """

    END = "end"
    CUT = "cut"
    PENDING = "pending"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


class SpeechOutput(str, Enum):
    """A speech output by kind: what a speech backend is (its ``name``), and what the
    notices and ``sniff doctor`` name. The first four are also speech settings
    (:class:`SpeechMode`); Speech Dispatcher is reached on Linux behind the screen
    reader setting, and a screen reader that reads the terminal (``reader``) by the
    screen reader and automatic settings."""

    SCREENREADER = "screenreader"
    SPEECHD = "speechd"
    VOICE = "voice"
    TEXT = "text"
    NONE = "none"
    # The screen reader reads the terminal, where the game writes each announcement
    # as a line; the game itself stays silent.
    READER = "reader"

    def __str__(self) -> str:
        return self.value


class ReaderSign(str, Enum):
    """How the game saw the screen reader that reads its terminal (``sniff doctor``
    says which): Orca's own D-Bus service, Orca on the accessibility (AT-SPI) bus,
    the reader's process, Speakup's kernel module, or prismatoid (Windows, macOS)."""

    SERVICE = "service"
    REGISTRY = "registry"
    PROCESS = "process"
    KERNEL = "kernel"
    PRISM = "prism"

    def __str__(self) -> str:
        return self.value


class SpeechProblem(str, Enum):
    """Why a speech output could not start, stopped, or came back: the reason code a
    speech error carries, which the notices say in the player's language."""

    FAILED = "failed"  # it failed while speaking (no more is known)
    UNAVAILABLE = "unavailable"  # it cannot start here (no more is known)
    GONE = "gone"  # the program behind it went away
    DEVICE_LOST = "device-lost"  # the sound device vanished
    SILENT = "silent"  # Speech Dispatcher took the texts but said none of them
    BACK = "back"  # an output that had failed answers again and takes over
    NO_SCREEN_READER = "no-screen-reader"
    NO_SPEECHD = "no-speechd"  # Speech Dispatcher is not running and cannot be started
    NO_AUDIO_DEVICE = "no-audio-device"
    NO_SYNTHESIZER = "no-synthesizer"
    MISSING_LIBRARY = "missing-library"  # a Python package is not installed
    UNSUPPORTED = "unsupported"  # no screen reader support on this system

    def __str__(self) -> str:
        return self.value


class SeatKind(str, Enum):
    """Who sits in a seat: a person or a computer player. One word for each in the
    code; a game record writes ``human`` (its format says so), the online protocol
    ``person`` (:mod:`sniff.net.codec` turns one into the other at the wire)."""

    HUMAN = "human"
    BOT = "bot"

    def __str__(self) -> str:
        return self.value


class NewsKind(str, Enum):
    """Something about an online table rather than its game: what the server tells
    (the protocol's ``notice`` kinds, chat, the table itself) and what the terminal
    client adds about its own connection. A local game has none."""

    JOINED = "joined"
    STARTED = "started"
    DROPPED = "dropped"
    BACK = "back"
    STAND_IN = "stand-in"
    TIMED_OUT = "timed-out"
    WAITING_READY = "waiting-ready"
    NOT_READY = "not-ready"  # the time to be ready ran out: the next round is dealt
    LEFT = "left"  # a person left for good: a bot plays their seat to the end
    ENDED = "ended"  # the table's host ended it for everyone (its record is kept)
    ROUND_LIMIT = "round-limit"  # the game played the most rounds a table plays
    CLOSING = "closing"  # the server stops: every table is kept for when it is back
    OVER = "over"
    CHAT = "chat"
    TABLE = "table"  # the table changed (who sits where, who is here)
    RECORD = "record"  # the game's record came
    ERROR = "error"  # the server refused a message (its code in the news' text)
    CONNECTION_LOST = "connection-lost"
    RECONNECTING = "reconnecting"
    RECONNECTED = "reconnected"
    GAVE_UP = "gave-up"
    NOT_CONNECTED = "not-connected"
    TABLE_GONE = "table-gone"
    BAD_FRAME = "bad-frame"
    TAKEN_OVER = "taken-over"  # another connection (a second window) took this seat

    def __str__(self) -> str:
        return self.value


def values(kind: type[Enum]) -> tuple[str, ...]:
    """The plain words of a closed set, in order (for option lists and files)."""
    return tuple(str(member.value) for member in kind)


class CommandProblem(str, Enum):
    """What is wrong with a command line: the codes a ``UsageError`` carries
    (``sniff.commands.common``); ``sniff.announce.errors`` says each, with its values,
    in the player's language."""

    NOT_A_TERMINAL = "not-a-terminal"
    RULE_SYNTAX = "rule-syntax"  # item: what followed --rule
    UNKNOWN_RULE = "unknown-rule"  # name
    TILE_SET = "tile-set"  # value, choices
    RULE_NUMBERS = "rule-numbers"  # name, value
    PACE = "pace"  # low, high (seconds)
    JOBS = "jobs"
    GAMES = "games"
    MAX_ROUNDS = "max-rounds"
    UNKNOWN_BOT = "unknown-bot"  # value, choices
    BOT_COUNT = "bot-count"  # given, players
    LESSON_RANGE = "lesson-range"  # last
    LESSONS_MISSING = "lessons-missing"  # detail (English, from the lesson reader)
    RECORD_TARGET = "record-target"  # file, error (the OSError)
    RECORD_FOLDER = "record-folder"  # file: its folder does not exist (never created)
    SETTINGS = "settings"  # detail (English, from the settings)
    PART_MISSING = "part-missing"  # detail (English, the module that is missing)
    SERVER_ADDRESS = "server-address"  # value: not a server's address
    PEOPLE = "people"  # people, players: more people than seats
    NO_SEAT_KEPT = "no-seat-kept"  # sniff join without a code, and no seat to come back to
    LISTEN = "listen"  # address, error (the OSError): the server cannot listen there
    NOT_ONLINE = "not-online"  # name, choices: a house rule an online table does not take
    AT_LEAST = "at-least"  # option, least: a number of an option below its least
    PORT = "port"  # value: not a port (0 to 65535)
    AT_MOST = "at-most"  # option, most: a number of an option above its most
    WORKER = "worker"  # value: --worker not K/N (1 <= K <= N <= 32)
    DATA_IN_USE = "data-in-use"  # folder: another server holds the data folder's lock
