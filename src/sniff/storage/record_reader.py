"""Reading a ``sniff-record/1`` record back into engine events, within limits.

A record is read line by line, and never more than :data:`LINE_LIMIT` bytes a
line, :data:`LINES_LIMIT` lines or :data:`SIZE_LIMIT` bytes in all, so that
``/dev/zero`` or a file of endless blank lines is refused at once in little
memory; every fault is a :class:`RecordError` naming its line. A pipe is read
too, but a named pipe that nothing comes from is given up on after
:data:`PIPE_WAIT` seconds (:class:`PipeSilent`) instead of waited on for
ever. Nothing here checks the rules: :func:`sniff.storage.records.verify`
does.
"""

from __future__ import annotations

import errno
import json
import os
import select
import stat
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any

from sniff.engine import (
    Dealt,
    End,
    Event,
    Played,
    RoundEnd,
    RulesError,
    RuleSet,
    Tile,
    full_set,
)
from sniff.storage.event_codec import event_from
from sniff.storage.limits import DataError, loads
from sniff.storage.record_types import (
    FORMAT,
    REASONS,
    PlayerInfo,
    Record,
    RecordError,
    RecordProblem,
)

#: The longest line read: a deal of the double-twelve set to eight seats takes 800 bytes.
LINE_LIMIT = 64 * 1024
#: The most lines read (blank ones too): a game of 200 rounds takes some 20,000.
LINES_LIMIT = 500_000
#: The largest record read, in bytes.
SIZE_LIMIT = 32 * 1024 * 1024
#: How long a named pipe is waited on for its first bytes (or its end), in seconds.
PIPE_WAIT = 5.0

__all__ = [
    "LINES_LIMIT",
    "LINE_LIMIT",
    "PIPE_WAIT",
    "SIZE_LIMIT",
    "PipeSilent",
    "parse_record",
    "read_record",
    "record_lines",
]


class PipeSilent(TimeoutError):
    """Nothing came from a pipe within *seconds*: no program writes to it."""

    def __init__(self, path: str | os.PathLike[str], seconds: float) -> None:
        super().__init__(errno.ETIMEDOUT, f"nothing came from it in {seconds:g} seconds", str(path))
        self.seconds = seconds


class _Before:
    """What a record's earlier lines tell a later one: the round's last play (a claim
    is judged against it, and it went out) and the last round dealt (a deal of the
    same round again is one thrown in)."""

    def __init__(self) -> None:
        self.last_play: Played | None = None
        self.last_deal_round = 0

    def saw(self, event: Event) -> None:
        if isinstance(event, Played):
            self.last_play = event
        elif isinstance(event, Dealt):
            self.last_deal_round = event.round


class _Line:
    """One parsed line with checked accessors that raise :class:`RecordError`: the
    record's :class:`~sniff.storage.event_codec.EventFields`."""

    def __init__(
        self,
        data: dict[str, Any],
        line_no: int,
        max_pip: int,
        players: int,
        *,
        rules: RuleSet | None = None,
        sides: int = 0,
        before: _Before | None = None,
    ) -> None:
        self.data = data
        self.no = line_no
        self.rules = rules  # (an event's line: the game line's rules)
        self.max_pip = max_pip
        self.players = players
        self.sides = sides
        self.before = before or _Before()

    def fail(self, message: str, problem: RecordProblem, **values: object) -> RecordError:
        return RecordError(message, self.no, problem=problem, **values)

    def get(self, key: str) -> Any:
        if key not in self.data:
            kind = self.data.get("type")
            raise self.fail(
                f"a {kind} line needs {key!r}", RecordProblem.MISSING_KEY, line=kind, key=key
            )
        return self.data[key]

    def maybe_number(self, key: str, *, nullable: bool = False) -> int | None:
        value = self.get(key)
        if value is None and nullable:
            return None
        if type(value) is not int:
            raise self.fail(
                f"{key!r} must be a whole number, not {json.dumps(value)}",
                RecordProblem.NOT_WHOLE,
                key=key,
                value=value,
            )
        return value

    def integer(self, key: str) -> int:
        value = self.maybe_number(key)
        assert value is not None
        return value

    def _seat(self, key: str, *, nullable: bool = False) -> int | None:
        value = self.maybe_number(key, nullable=nullable)
        if value is not None and not 0 <= value < self.players:
            raise self.fail(
                f"{key!r} is {value}, but the seats are 0 to {self.players - 1}",
                RecordProblem.SEAT,
                key=key,
                value=value,
                last=self.players - 1,
            )
        return value

    def _tile(self, value: Any, key: str = "tile") -> Tile:
        if not isinstance(value, list) or len(value) != 2 or any(type(v) is not int for v in value):
            raise self.fail(
                f"{key!r} must hold tiles as [a, b], not {json.dumps(value)}",
                RecordProblem.NOT_A_TILE,
                key=key,
                value=value,
            )
        a, b = value
        if not (0 <= a <= self.max_pip and 0 <= b <= self.max_pip):
            raise self.fail(
                f"[{a}, {b}] is not a tile of a double-{self.max_pip} set",
                RecordProblem.TILE_RANGE,
                tile=(a, b),
                max_pip=self.max_pip,
            )
        return Tile.of(a, b)

    def _tiles(self, value: Any, key: str) -> tuple[Tile, ...]:
        if not isinstance(value, list):
            raise self.fail(f"{key!r} must be a list of tiles", RecordProblem.NOT_TILES, key=key)
        tiles = tuple(self._tile(v, key) for v in value)
        return tiles

    # -- EventFields (sniff.storage.event_codec) -------------------------------------

    def fields(self, kind: str) -> None:
        pass  # (a record's line may hold more: a later version's fields are passed over)

    def number(self, key: str, *, least: int = 0) -> int:
        return self.integer(key)  # (how far it may go is the rules' to check: verify)

    def seat(self, key: str) -> int:
        value = self._seat(key)
        assert value is not None
        return value

    def maybe_seat(self, key: str) -> int | None:
        return self._seat(key, nullable=True)

    def tile(self, key: str) -> Tile:
        return self._tile(self.get(key), key)

    def drawn(self, key: str) -> Tile:
        return self.tile(key)  # (a record holds every draw with its tile)

    def tiles(self, key: str) -> tuple[Tile, ...]:
        return self._tiles(self.get(key), key)

    def hands(self, key: str) -> tuple[tuple[Tile, ...], ...]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) != self.players:
            raise self.fail(
                f"{key!r} must list one hand for each of the {self.players} seats",
                RecordProblem.HANDS,
                key=key,
                players=self.players,
            )
        hands = tuple(self._tiles(hand, key) for hand in value)
        every = [t for hand in hands for t in hand]
        _no_duplicates(self, every)
        return hands

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self.get(key)
        size = self.sides
        if (
            not isinstance(value, list)
            or len(value) != size
            or any(type(v) is not int for v in value)
        ):
            raise self.fail(
                f"{key!r} must be {size} whole numbers, one per side",
                RecordProblem.NUMBERS,
                key=key,
                size=size,
            )
        return tuple(value)

    def end(self, key: str) -> End:
        try:
            return End(self.get(key))
        except ValueError:
            raise self.fail(
                f"no end called {json.dumps(self.data[key])}",
                RecordProblem.UNKNOWN_END,
                value=self.data[key],
            ) from None

    def flag(self, key: str) -> bool:
        value = self.data.get(key, False)
        if not isinstance(value, bool):
            raise self.fail(f"{key!r} must be true or false", RecordProblem.ENDWISE)
        return value

    def reason(self, key: str) -> RoundEnd:
        word = self.get(key)
        if word not in REASONS:
            raise self.fail(
                f"a round ends by {', '.join(REASONS)}, not {json.dumps(word)}",
                RecordProblem.ROUND_END,
                value=word,
                choices=REASONS,
            )
        return RoundEnd(word)

    def side(self, key: str) -> int:
        winner = self.integer(key)
        if not 0 <= winner < self.sides:
            raise self.fail(
                f"the winner is a side, 0 to {self.sides - 1}, not {winner}",
                RecordProblem.WINNER,
                value=winner,
                last=self.sides - 1,
            )
        return winner

    def dealt(self, hands: tuple[tuple[Tile, ...], ...], boneyard: tuple[Tile, ...]) -> None:
        every = [t for hand in hands for t in hand] + list(boneyard)
        _no_duplicates(self, every)
        rules = self.rules
        assert rules is not None
        if len(every) != len(full_set(rules.max_pip)):
            raise self.fail(
                f"a deal must hold the whole {rules.tile_set} set",
                RecordProblem.WHOLE_SET,
                tile_set=rules.tile_set,
            )

    def redeal(self, round_no: int) -> bool:
        return round_no == self.before.last_deal_round

    def correct(self, points: int) -> bool:
        last = self.before.last_play
        return last is not None and points == last.points

    def went_out(self, reason: RoundEnd) -> int | None:
        last = self.before.last_play
        return last.player if reason is RoundEnd.DOMINO and last else None

    def unknown(self, kind: object) -> Exception:
        return self.fail(
            f"unknown line type {json.dumps(kind)}", RecordProblem.UNKNOWN_LINE, value=kind
        )


def _no_duplicates(line: _Line, tiles: Sequence[Tile]) -> None:
    seen: set[Tile] = set()
    for tile in tiles:
        if tile in seen:
            raise line.fail(f"the tile {tile} appears twice", RecordProblem.TWICE, tile=tile)
        seen.add(tile)


def _parse_header(data: dict[str, Any]) -> tuple[RuleSet, int | None, list[PlayerInfo], Any]:
    line = _Line(data, 1, 12, 0)
    if data.get("type") != "game":
        raise _not_first(1)
    fmt = line.get("format")
    if fmt != FORMAT:
        raise line.fail(
            f"the format is {json.dumps(fmt)}, not {FORMAT!r}",
            RecordProblem.FORMAT,
            value=fmt,
            expected=FORMAT,
        )
    if not isinstance(line.get("preset"), str):
        raise line.fail("'preset' must be a string", RecordProblem.NOT_TEXT, key="preset")
    rules_data = line.get("rules")
    if not isinstance(rules_data, dict):
        raise line.fail("'rules' must be an object of rule fields", RecordProblem.RULES_OBJECT)
    try:
        rules = RuleSet.from_json(rules_data)
    except RulesError as error:
        raise line.fail(str(error), RecordProblem.RULES, error=error) from None
    except (TypeError, ValueError) as error:
        raise line.fail(
            f"the rules cannot be read: {error}", RecordProblem.RULES, detail=str(error)
        ) from None
    seed = line.maybe_number("seed", nullable=True)
    raw_players = line.get("players")
    if not isinstance(raw_players, list):
        raise line.fail("'players' must be a list", RecordProblem.NOT_A_LIST, key="players")
    players: list[PlayerInfo] = []
    for raw in raw_players:
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise line.fail("each player needs a 'name' string", RecordProblem.PLAYER_NAME)
        kind = raw.get("kind")
        if kind not in ("human", "bot"):
            raise line.fail(
                f"a player's kind is 'human' or 'bot', not {json.dumps(kind)}",
                RecordProblem.PLAYER_KIND,
                value=kind,
            )
        level = raw.get("level")
        if kind == "bot" and not isinstance(level, str):
            raise line.fail(
                f"the bot {raw['name']!r} needs a 'level' string",
                RecordProblem.BOT_LEVEL,
                name=raw["name"],
            )
        players.append(PlayerInfo(raw["name"], kind, level if kind == "bot" else None))
    try:
        rules.check_players(len(players))
    except RulesError as error:
        raise line.fail(str(error), RecordProblem.RULES, error=error) from None
    return rules, seed, players, line.get("sides")


def _not_first(line_no: int) -> RecordError:
    return RecordError(
        "the first line must be the 'game' line", line_no, problem=RecordProblem.GAME_FIRST
    )


def _parse_sides(value: Any, players: int) -> tuple[tuple[int, ...], ...]:
    line = _Line({"type": "game"}, 1, 12, players)
    if not isinstance(value, list) or not all(isinstance(side, list) for side in value):
        raise line.fail("'sides' must be a list of lists of seats", RecordProblem.SIDES)
    seats = [s for side in value for s in side]
    if any(type(s) is not int for s in seats) or sorted(seats) != list(range(players)):
        raise line.fail("'sides' must hold every seat exactly once", RecordProblem.SIDES_SEATS)
    return tuple(tuple(side) for side in value)


def read_record(path: str | os.PathLike[str]) -> Record:
    """Read a record file into engine events; :class:`RecordError` on anything
    wrong, naming *path* (:class:`OSError` if it cannot be opened)."""
    try:
        return parse_record(record_lines(path))
    except RecordError as error:
        raise error.in_file(path) from None


def record_lines(path: str | os.PathLike[str]) -> Iterator[str]:
    """The lines of the record at *path*, read one at a time within the limits
    (:data:`LINE_LIMIT`, :data:`LINES_LIMIT`, :data:`SIZE_LIMIT`).

    A pipe or a device is read too (``sniff replay /dev/stdin``), but never
    more than the limits allow. A pipe that nothing comes from within
    :data:`PIPE_WAIT` seconds (a named pipe no program has opened to write)
    raises :class:`PipeSilent` instead of waiting for ever.
    """
    with _open_patiently(path) as stream:
        info = os.fstat(stream.fileno())
        if stat.S_ISREG(info.st_mode) and info.st_size > SIZE_LIMIT:
            raise RecordError(
                f"the file holds {info.st_size} bytes; a record holds at most {SIZE_LIMIT}",
                problem=RecordProblem.FILE_TOO_LARGE,
                size=info.st_size,
                limit=SIZE_LIMIT,
            )
        total = 0
        number = 0
        while True:
            raw = stream.readline(LINE_LIMIT + 1)
            if not raw:
                return
            number += 1
            total += len(raw)
            if len(raw) > LINE_LIMIT:
                raise RecordError(
                    f"the line is longer than {LINE_LIMIT} bytes",
                    number,
                    problem=RecordProblem.LINE_TOO_LONG,
                    limit=LINE_LIMIT,
                )
            if number > LINES_LIMIT:
                raise RecordError(
                    f"a record has at most {LINES_LIMIT} lines",
                    number,
                    problem=RecordProblem.TOO_MANY_LINES,
                    limit=LINES_LIMIT,
                )
            if total > SIZE_LIMIT:
                raise RecordError(
                    f"a record holds at most {SIZE_LIMIT} bytes",
                    number,
                    problem=RecordProblem.TOO_MANY_BYTES,
                    limit=SIZE_LIMIT,
                )
            try:
                yield raw.decode("utf-8-sig" if number == 1 else "utf-8")
            except UnicodeDecodeError:
                raise RecordError(
                    "the line is not UTF-8 text", number, problem=RecordProblem.NOT_UTF8
                ) from None


def _open_patiently(path: str | os.PathLike[str]) -> IO[bytes]:
    """*path* opened to read; a pipe only once something (bytes, or its end) comes.

    Opening a named pipe waits for a writer, for ever if none comes; so it is
    opened without waiting, and given :data:`PIPE_WAIT` seconds to say
    anything. After that it is read as any pipe: a writer that is there may
    take its time (a slow network, a password asked for).
    """
    try:
        is_pipe = stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        is_pipe = False  # open() below says what is wrong
    if not is_pipe:
        return open(path, "rb")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        ready, _, _ = select.select([fd], [], [], PIPE_WAIT)
        if not ready:
            raise PipeSilent(path, PIPE_WAIT)
        os.set_blocking(fd, True)
        return open(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def parse_record(lines: Iterable[str]) -> Record:
    """Read a record from its lines (see :func:`read_record`)."""
    header: tuple[RuleSet, int | None, list[PlayerInfo], tuple[tuple[int, ...], ...]] | None
    header = None
    events: list[Event] = []
    numbers: list[int] = []
    before = _Before()
    for no, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            data = loads(text, "the line")
        except json.JSONDecodeError as error:
            raise RecordError(
                f"not JSON ({error.msg})", no, problem=RecordProblem.NOT_JSON, detail=error.msg
            ) from None
        except DataError as error:
            raise RecordError(str(error), no, problem=RecordProblem.DATA, error=error) from None
        if not isinstance(data, dict):
            raise RecordError(
                "each line must be a JSON object", no, problem=RecordProblem.NOT_AN_OBJECT
            )
        if header is None:
            if no != 1:
                raise _not_first(no)
            rules, seed, players, raw_sides = _parse_header(data)
            header = (rules, seed, players, _parse_sides(raw_sides, len(players)))
            continue
        rules, _, players, sides = header
        line = _Line(
            data, no, rules.max_pip, len(players), rules=rules, sides=len(sides), before=before
        )
        event = event_from(data.get("type"), line)
        before.saw(event)
        events.append(event)
        numbers.append(no)
    if header is None:
        raise RecordError("the record is empty", problem=RecordProblem.EMPTY)
    rules, seed, players, sides = header
    return Record(rules.preset, rules, seed, tuple(players), sides, tuple(events), tuple(numbers))
