"""What a game keeps on disk while it is played: the save after every action,
the ``sniff-record/1`` file event by event, and the statistics at its end.

Each is a listener of :class:`~sniff.session.game.GameSession`. None of them
may stop the game: a failure is handed to *on_problem* (which the interface
speaks, once) and the game goes on. A read-only game (a second window on the
same data folder, or a folder the game may not write) keeps nothing in the
data folder, and never says it did.

A record is never cut or overwritten. A resumed game continues its record
(its own, or the one the player names again): the lines it lacks are
appended. A record that cannot be continued is kept aside whole and the
whole game written again: a damaged one (as ``.bad``), one that goes further
than the save (the save failed while the record grew, on a full disk: its
plays stay in the kept file), or, at a path the player named, another
game's record. A file that is not a record at all is left as it is, and so
is another game's record at the path a save names.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sniff.engine import Event, Phase, Played
from sniff.session.game import GameSession
from sniff.storage import SaveError, delete_save, record_game, save_game, set_aside
from sniff.storage.atomic import Problem
from sniff.storage.limits import DataError, DataProblem
from sniff.storage.records import (
    Record,
    RecordError,
    RecordWriter,
    append_to,
    keep_aside,
    line_of,
    parse_record,
    read_record,
    record_lines,
    record_target,
    verify,
)

__all__ = [
    "Autosave",
    "ProblemHandler",
    "RecordKept",
    "RecordSetAside",
    "RecordSink",
    "Recorder",
    "StatsKeeper",
    "keep_game",
    "recorder_of",
]

#: Told what failed: ``on_problem(what, error)``. *what* is "save", "record" or
#: "stats" (it could not be written: an :class:`OSError`, mostly), "record-aside"
#: (the record could not be continued: it was kept aside whole, ``error.kept``,
#: and the whole game written again; a :class:`RecordSetAside`, whose ``code``
#: says why), "record-foreign" (the file is not this game's record: left alone,
#: no record) or "stats-aside" (the statistics could not be read: set aside,
#: ``error.kept``, and started again).
ProblemHandler = Callable[[str, Exception], None]


class Autosave:
    """Saves the game after every action, atomically; deletes the save when the
    game is over. *ui_state* gives the interface's part of the save. A
    *read_only* autosave never writes (and :meth:`save` says False)."""

    def __init__(
        self,
        path: Path | None,
        ui_state: Callable[[], dict[str, Any]],
        on_problem: ProblemHandler,
        *,
        read_only: bool = False,
    ) -> None:
        self.path = path
        self.ui_state = ui_state
        self.on_problem = on_problem
        self.read_only = read_only
        self.failed = False  # the last save failed (so nothing may be called "saved")
        self.last_error: Exception | None = None

    @property
    def saved(self) -> bool:
        """Whether the game on disk is the game as it stands (a read-only game never is)."""
        return not self.read_only and not self.failed

    def __call__(self, session: GameSession, events: Sequence[Event]) -> None:
        if self.read_only:
            return
        if session.game.phase is Phase.GAME_OVER:
            try:
                delete_save(self.path)
            except OSError as error:
                self.on_problem("save", error)
            return
        self.save(session)

    def save(self, session: GameSession) -> bool:
        """Write the save now; False (and the problem told) if it failed."""
        if self.read_only or session.game.phase is Phase.GAME_OVER:
            return False
        try:
            save_game(self.path, session.snapshot(self.ui_state()))
        except (SaveError, OSError) as error:
            self.last_error = error
            if not self.failed:
                self.on_problem("save", error)
            self.failed = True
            return False
        self.failed = False
        self.last_error = None
        return True


@dataclass(frozen=True)
class RecordKept:
    """A record that could not be continued, moved out of the way whole.

    *reason* is ``corrupt`` (it does not read, or does not replay: kept as
    ``.bad``), ``ahead`` (a good record of this game that goes further than
    the game being resumed: its save is older, say because the disk was full;
    *plays* counts the plays it holds beyond) or ``other-game`` (a good record
    of another game, where the player asked for this one to be written).
    """

    kept: Path
    reason: str
    plays: int = 0


class RecordSetAside(DataError):
    """What the interface is told when a record was kept aside (``record-aside``):
    *path* is the record, now written anew, *kept* where the old one went; *code*
    and *plays* as :class:`RecordKept`'s *reason* and *plays*."""

    def __init__(self, path: Path, kept: RecordKept) -> None:
        super().__init__(
            f"{path} could not be continued ({kept.reason}); it was kept as {kept.kept}",
            kept.reason,
            kept.kept,
            path=path,
        )
        self.plays = kept.plays


class RecordSink:
    """Writes a ``sniff-record/1`` file as the game goes (see the module docstring)."""

    def __init__(self, path: Path, stream: IO[str]) -> None:
        self.path = path
        self._stream: IO[str] | None = stream

    @classmethod
    def create(cls, path: Path, session: GameSession) -> RecordSink:
        """The whole game so far written to *path* at once (atomically), then appended to."""
        game = session.game
        writer = RecordWriter(
            path,
            rules=game.rules,
            seed=session.seed,
            players=session.players,
            sides=game.sides,
            events=game.log,
        )
        assert writer.path is not None
        writer.close()
        return cls(writer.path, append_to(writer.path))

    @classmethod
    def open(
        cls, path: Path, session: GameSession, *, own: bool
    ) -> tuple[RecordSink, RecordKept | None]:
        """The record of *session* at *path*: continued where it can be, never cut
        or overwritten; (the sink, and where an old record went if it was kept aside).

        A record of this game that the game has all of is continued: the lines
        it lacks are appended. Anything else that is a record is kept aside
        whole (:class:`RecordKept` says why) and the whole game written anew,
        except another game's record at the saved game's *own* record path,
        which is left alone (the save may name a file that has since been
        reused). Raises :class:`DataError` (code ``foreign``) if the file is
        not a record at all, or left alone (it is not touched), and
        :class:`OSError` if it cannot be read or written.
        """
        target = record_target(path)
        if not target.exists() or target.stat().st_size == 0:
            return cls.create(target, session), None  # nothing there to lose
        log = session.game.log
        try:
            record: Record | None = read_record(target)
        except RecordError:
            record = None
        header = record if record is not None else _header(target)
        this_game = header is not None and _same_game(header, session)
        if header is None or (own and not this_game):
            raise DataError(f"{target} is not the record of this game", "foreign", path=target)
        if record is not None and this_game:
            done = len(record.events)
            if list(record.events) == list(log[:done]):
                stream = append_to(target)
                sink = cls(target, stream)
                if not _ends_a_line(target):
                    stream.write("\n")  # a last line a crash left without its end
                sink.write_all(log[done:])
                return sink, None
        reason, plays = _why_not_continued(record, this_game, log)
        kept = set_aside(target) if reason == "corrupt" else keep_aside(target)
        return cls.create(target, session), RecordKept(kept, reason, plays)

    def write_all(self, events: Sequence[Event]) -> None:
        """Append the lines of *events*, flushed at once."""
        if self._stream is None:
            return
        self._stream.write("".join(line_of(event) for event in events))
        self._stream.flush()

    def close(self) -> None:
        if self._stream is not None:
            stream, self._stream = self._stream, None
            stream.close()


def _why_not_continued(
    record: Record | None, this_game: bool, log: Sequence[Event]
) -> tuple[str, int]:
    """Why a record cannot be continued: (``RecordKept.reason``, plays beyond the game)."""
    if record is None or not _replays(record):
        return "corrupt", 0
    if not this_game:
        return "other-game", 0
    if list(record.events[: len(log)]) == list(log):
        beyond = record.events[len(log) :]
        return "ahead", sum(isinstance(event, Played) for event in beyond)
    return "corrupt", 0  # this game, but not as it was played: changed by hand


def _replays(record: Record) -> bool:
    try:
        verify(record)
    except RecordError:
        return False
    return True


def _same_game(record: Record, session: GameSession) -> bool:
    return (
        record.rules == session.rules
        and record.seed == session.seed
        and record.players == session.players
    )


def _header(path: Path) -> Record | None:
    """The ``game`` line of *path* (with no events), if it is a record's."""
    try:
        return parse_record(itertools.islice(record_lines(path), 1))
    except (RecordError, OSError):
        return None


def _ends_a_line(path: Path) -> bool:
    with path.open("rb") as stream:
        stream.seek(0, 2)
        if stream.tell() == 0:
            return True
        stream.seek(-1, 2)
        return stream.read(1) == b"\n"


class Recorder:
    """The listener that appends each action's events to a :class:`RecordSink`;
    after a failure it stops writing (and says so once)."""

    def __init__(self, sink: RecordSink, on_problem: ProblemHandler) -> None:
        self.sink = sink
        self.on_problem = on_problem
        self.failed = False

    def __call__(self, session: GameSession, events: Sequence[Event]) -> None:
        if self.failed:
            return
        try:
            self.sink.write_all(events)
            if session.game.phase is Phase.GAME_OVER:
                self.sink.close()
        except OSError as error:
            self.failed = True
            self.on_problem("record", _naming(error, self.sink.path))

    def close(self) -> None:
        try:
            self.sink.close()
        except OSError as error:  # the last lines could not reach the disk
            if not self.failed:
                self.failed = True
                self.on_problem("record", _naming(error, self.sink.path))


def _naming(error: OSError, path: Path) -> OSError:
    """*error*, naming the record it is about: a write to an open file (a full disk)
    fails without a file name, and the player must hear which file stopped."""
    if error.filename is None:
        error.filename = str(path)
    return error


class StatsKeeper:
    """Adds the finished game to the statistics (the person's side, hints used);
    a damaged statistics file met on the way is told (it was set aside)."""

    def __init__(self, hints_used: Callable[[], int], on_problem: ProblemHandler) -> None:
        self.hints_used = hints_used
        self.on_problem = on_problem
        self.done = False

    def __call__(self, session: GameSession, events: Sequence[Event]) -> None:
        game = session.game
        if self.done or game.phase is not Phase.GAME_OVER or game.winner is None:
            return
        if session.human is None:
            return
        self.done = True
        try:
            result = record_game(
                game.rules.preset,
                game.players,
                scoring=game.rules.scoring.value,
                scores=game.scores,
                side=game.side_of[session.human],
                winner=game.winner,
                rounds=game.round_no,
                hints=self.hints_used(),
            )
        except OSError as error:
            self.on_problem("stats", error)
            return
        problem = result.problem
        if problem is not None and result.set_aside is not None:
            self.on_problem("stats-aside", _stats_error(problem, result.set_aside))
        elif problem is not None:
            self.on_problem("stats", _stats_error(problem, None))


def _stats_error(problem: Problem, kept: Path | None) -> DataError:
    """What was wrong with the statistics, as a :class:`DataError` that keeps the
    reason code of the error found (:attr:`Problem.cause`), so the player hears it
    in their language: a damaged file's problem, or the system's refusal."""
    cause = problem.cause
    if isinstance(cause, DataError):
        return DataError(
            problem.detail,
            problem.code,
            kept,
            path=cause.path,
            problem=cause.problem,
            **cause.values,
        )
    if isinstance(cause, OSError):
        return DataError(
            problem.detail, problem.code, kept, problem=DataProblem.UNREADABLE, error=cause
        )
    return DataError(problem.detail, problem.code, kept)


def keep_game(
    session: GameSession,
    *,
    save_path: Path | None,
    record_path: Path | None,
    continue_record: bool,
    ui_state: Callable[[], dict[str, Any]],
    hints_used: Callable[[], int],
    on_problem: ProblemHandler,
    read_only: bool = False,
) -> Autosave:
    """Attach the listeners that keep *session* on disk, in the order that loses
    nothing: the save first (so a kill never leaves a record ahead of the save),
    then the record, then the statistics at the end. Returns the autosave (for
    Control S and the save on leaving).

    *continue_record*: *record_path* is the resumed game's own record (from
    its save); otherwise the player named it for this game. Either way a
    record already there is continued if it can be, and never overwritten
    (see :meth:`RecordSink.open`). *read_only*: no save, no statistics, and
    the saved game's record is not continued (a record the player names anew
    is still written).
    """
    autosave = Autosave(save_path, ui_state, on_problem, read_only=read_only)
    session.listeners.append(autosave)
    if record_path is not None and not (read_only and continue_record):
        try:
            sink, kept = RecordSink.open(record_path, session, own=continue_record)
            if kept is not None:
                on_problem("record-aside", RecordSetAside(sink.path, kept))
        except DataError as error:
            on_problem("record-foreign", error)
        except OSError as error:
            on_problem("record", error)
        else:
            session.listeners.append(Recorder(sink, on_problem))
    if not read_only:
        session.listeners.append(StatsKeeper(hints_used, on_problem))
    return autosave


def recorder_of(session: GameSession) -> Recorder | None:
    """The session's record listener, if it writes one."""
    return next((x for x in session.listeners if isinstance(x, Recorder)), None)
