"""A table's record as its journal: the lines of each step appended, the end of each
step marked, and the game read back from a snapshot and the whole steps after it.

A server keeps each table's game in its ``sniff-record/1`` record (shared/RECORD.md)
while it is played, and appends a step's lines before anyone is told of the step.
The last line of each step carries one key the format does not name,
:data:`~sniff.storage.records.STEP_KEY` (``"at"``): how many events the record
holds up to that line. Readers of records ignore keys they do not know, so the
file stays a record for every tool; and the end of each whole step is written in
the file itself. A write cut short (the process killed in the middle of it, a
full disk) leaves a last line without its end, or the first lines of a step
without its mark: :func:`read_journal` cuts both back to the last whole step, so
neither is ever read as a step.

A snapshot of the table (:mod:`sniff.storage.savegame`) is written now and then;
it holds what a record does not: the seats, the random generators, a muggins call
let go (which leaves no line). :func:`continue_snapshot` brings it up to the
journal's last whole step through the engine, every line checked as
:func:`~sniff.storage.records.verify` checks a record. A record written before
journals (no step marked) continues from its snapshot, as such records did.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from sniff.engine import (
    Action,
    CallMuggins,
    Event,
    Game,
    MugginsCalled,
    Phase,
    ReplayError,
    action_of,
    replay,
)
from sniff.storage.limits import DataError, loads, read_bounded
from sniff.storage.record_reader import LINES_LIMIT, SIZE_LIMIT, parse_record
from sniff.storage.record_types import PlayerInfo, Record, RecordError, RecordProblem
from sniff.storage.records import STEP_KEY, header_line, line_of
from sniff.storage.savegame import GameSnapshot, restore, snapshot

__all__ = [
    "Continued",
    "Journal",
    "JournalError",
    "continue_snapshot",
    "journal_text",
    "read_journal",
    "step_lines",
]


class JournalError(ValueError):
    """A journal that cannot be continued: not a record, or not this game's (the
    English message says why; the table is then kept by its snapshot alone)."""


def step_lines(events: Sequence[Event], first: int, ends: Collection[int] = ()) -> str:
    """The record lines of *events*, the game's events after the first *first*; the
    line that ends each step is marked with its position (*ends*, and the last line,
    which always ends one).

    >>> from sniff.engine import Passed
    >>> print(step_lines([Passed(0), Passed(1)], 7), end="")
    {"type": "pass", "player": 0}
    {"type": "pass", "player": 1, "at": 9}
    """
    last = first + len(events)
    return "".join(
        line_of(event, at=at if at in ends or at == last else None)
        for at, event in enumerate(events, start=first + 1)
    )


def journal_text(game: Game, seed: int | None, players: Sequence[PlayerInfo]) -> str:
    """A new journal: the ``game`` line and every event so far, as one whole step."""
    return header_line(game.rules, seed, players, game.sides) + step_lines(game.log, 0)


@dataclass(frozen=True)
class Journal:
    """A journal read back: its whole steps (*record*, read and checked as any record),
    the bytes they take (*size*: where the next step goes) and those cut after them
    (*cut*: a step not whole). *marked*: its steps are marked (False: a record of a
    server before journals, whose steps are told by its snapshot). *line_ends*: where
    each of its lines ends, the ``game`` line first."""

    record: Record
    size: int
    cut: int
    marked: bool
    line_ends: tuple[int, ...]

    def bytes_for(self, events: int) -> int:
        """The bytes of the ``game`` line and the first *events* events."""
        if events == 0:
            return self.line_ends[0]
        return self.line_ends[self.record.lines[events - 1] - 1]


def read_journal(path: Path) -> Journal:
    """Read a table's journal, cut back to its last whole step (see the module docstring).

    Raises :class:`FileNotFoundError` when there is none, :class:`DataError` when it
    cannot be read, and :class:`~sniff.storage.record_types.RecordError` when its
    whole steps are not a record, or a mark is not where it says."""
    raw = read_bounded(path, SIZE_LIMIT, "the table's record")
    whole = raw[: raw.rfind(b"\n") + 1]  # a last line without its end is torn
    lines = whole.split(b"\n")[:-1]
    if len(lines) > LINES_LIMIT:
        raise RecordError(
            f"a record has at most {LINES_LIMIT} lines",
            LINES_LIMIT + 1,
            problem=RecordProblem.TOO_MANY_LINES,
            limit=LINES_LIMIT,
        )
    ends, size = [], 0
    for line in lines:
        size += len(line) + 1
        ends.append(size)
    last = _last_mark(lines)
    kept = lines if last is None else lines[: last[0] + 1]
    try:
        record = parse_record(line.decode("utf-8") for line in kept)
    except UnicodeDecodeError:
        raise RecordError("a line is not UTF-8 text", problem=RecordProblem.NOT_UTF8) from None
    if last is not None and last[1] != len(record.events):
        raise RecordError(
            f"the step's mark says {last[1]} events, the record holds {len(record.events)}",
            last[0] + 1,
            problem=RecordProblem.DATA,
            detail="a step's mark",
        )
    size = ends[len(kept) - 1] if kept else 0
    return Journal(record, size, len(raw) - size, last is not None, tuple(ends[: len(kept)]))


def _last_mark(lines: Sequence[bytes]) -> tuple[int, int] | None:
    """The last line that ends a step, and its mark: (index, events up to it)."""
    for index in range(len(lines) - 1, -1, -1):
        if b'"' + STEP_KEY.encode() + b'"' not in lines[index]:
            continue
        try:
            data = loads(lines[index].decode("utf-8"), "the line")
        except (ValueError, DataError):
            continue  # (not a line of a whole step: cut with what follows)
        mark = data.get(STEP_KEY) if isinstance(data, dict) else None
        if type(mark) is int:
            return index, mark
    return None


@dataclass(frozen=True)
class Continued:
    """A table's game from its snapshot and journal: *snapshot* is the game to resume;
    the journal is kept to *size* bytes and *append* written after them (the lines
    the snapshot has and the journal lacks), and then holds *journaled* events."""

    snapshot: GameSnapshot
    size: int
    append: str
    journaled: int


def continue_snapshot(snap: GameSnapshot, journal: Journal) -> Continued:
    """*snap* brought up to *journal*'s last whole step, through the engine.

    A journal ahead of the snapshot gives the game its steps, every line checked
    (the snapshot adds the seats' and generators' states; a deal after it gets a new
    generator, so that no deal is dealt again). One behind it (a step whose lines
    could not be written, a full disk) or with no step marked (a record of before)
    is continued from the snapshot: the lines it lacks are appended, and an unmarked
    record's lines beyond the snapshot (never told) are cut. Raises
    :class:`JournalError` when the journal is not this game's, and
    :class:`~sniff.storage.savegame.SaveError` when the snapshot does not replay."""
    record = journal.record
    if record.rules != snap.rules or list(record.players) != list(snap.players):
        raise JournalError("the record is another game's")
    known = snap.check.events if snap.check is not None else None
    if journal.marked and known is not None and len(record.events) >= known:
        return _ahead(snap, journal)
    game, _, _ = restore(snap)
    held = min(len(record.events), len(game.log))
    if list(record.events[:held]) != game.log[:held]:
        raise JournalError(f"the record and the snapshot part at event {held}")
    rest = step_lines(game.log[held:], held) if held < len(game.log) else ""
    return Continued(snap, journal.bytes_for(held), rest, len(game.log))


def _ahead(snap: GameSnapshot, journal: Journal) -> Continued:
    record = journal.record
    try:
        game, actions = _replayed(record)
    except ReplayError as error:
        raise JournalError(f"the record does not replay: {error.message}") from None
    if actions[: len(snap.actions)] != list(snap.actions)[: len(actions)]:
        raise JournalError("the record's actions are not the snapshot's")
    if len(actions) < len(snap.actions):
        actions = list(snap.actions)  # (a muggins call let go: the snapshot's own)
    later = snapshot(
        game,
        snap.players,
        actions,
        seed=snap.seed,
        bot_rng_states=snap.bot_rng_states,
        ui=snap.ui,
    )
    if later.deals[: len(snap.deals)] != snap.deals:
        raise JournalError("the record's deals are not the snapshot's")
    # The game's generator moves only at a deal: after a deal the snapshot did not see,
    # a new one (the old state would deal that round again).
    state = snap.rng_state if len(later.deals) == len(snap.deals) else _fresh_state()
    later = dataclasses.replace(later, rng_state=state)
    return Continued(later, journal.size, "", len(record.events))


def _replayed(record: Record) -> tuple[Game, list[Action]]:
    """The record's game through the engine, every line checked, and the actions that
    made it (a muggins call let go leaves no line, but was an action)."""
    events = record.events
    actions: list[Action] = []
    played: Game | None = None
    for index, game in replay(record.rules, len(record.players), events, seed=record.seed):
        played = game
        action = action_of(events[index])
        if action is not None:
            actions.append(action)
        following = events[index + 1] if index + 1 < len(events) else None
        if (
            index + 1 == len(game.log)
            and game.phase is Phase.MUGGINS
            and following is not None
            and not isinstance(following, MugginsCalled)
        ):
            actions.append(CallMuggins(False))
    assert played is not None  # (a replay yields at least the first deal, or raises)
    return played, actions


def _fresh_state() -> tuple[object, ...]:
    return random.Random().getstate()
