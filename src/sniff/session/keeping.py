"""What a game keeps on disk while it is played: the save after every action,
the ``sniff-record/1`` file event by event, and the statistics at its end.

Each is a listener of :class:`~sniff.session.game.GameSession`. None of them
may stop the game: a failure is handed to *on_problem* (which the interface
speaks, once) and the game goes on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Any

from sniff.engine import Event, Phase
from sniff.session.game import GameSession
from sniff.storage import SaveError, delete_save, record_game, save_game
from sniff.storage.records import RecordWriter, event_to_json

__all__ = [
    "Autosave",
    "ProblemHandler",
    "RecordSink",
    "Recorder",
    "StatsKeeper",
    "keep_game",
    "recorder_of",
]

#: Told what failed: ``on_problem(what, error)``; *what* is "save", "record" or "stats".
ProblemHandler = Callable[[str, Exception], None]


class Autosave:
    """Saves the game after every action, atomically; deletes the save when the
    game is over. *ui_state* gives the interface's part of the save."""

    def __init__(
        self,
        path: Path | None,
        ui_state: Callable[[], dict[str, Any]],
        on_problem: ProblemHandler,
    ) -> None:
        self.path = path
        self.ui_state = ui_state
        self.on_problem = on_problem
        self.failed = False  # the last save failed (so nothing may be called "saved")
        self.last_error: Exception | None = None

    def __call__(self, session: GameSession, events: Sequence[Event]) -> None:
        if session.game.phase is Phase.GAME_OVER:
            try:
                delete_save(self.path)
            except OSError as error:
                self.on_problem("save", error)
            return
        self.save(session)

    def save(self, session: GameSession) -> bool:
        """Write the save now; False (and the problem told) if it failed."""
        if session.game.phase is Phase.GAME_OVER:
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


class RecordSink:
    """Writes a ``sniff-record/1`` file as the game goes; on resume it continues
    the file (cut back to the saved position if a crash left extra lines)."""

    def __init__(self, path: Path, writer: RecordWriter | None, stream: IO[str] | None) -> None:
        self.path = path
        self._writer = writer
        self._stream = stream

    @classmethod
    def create(cls, path: Path, session: GameSession) -> RecordSink:
        game = session.game
        writer = RecordWriter(
            path, rules=game.rules, seed=session.seed, players=session.players, sides=game.sides
        )
        writer.write_all(game.log)
        return cls(path, writer, None)

    @classmethod
    def resume(cls, path: Path, session: GameSession) -> RecordSink:
        """Continue *path*: keep its header and the events up to the saved game's."""
        try:
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        except FileNotFoundError:
            lines = []
        if not lines:
            return cls.create(path, session)
        log = session.game.log
        kept = lines[: 1 + len(log)]
        with path.open("w", encoding="utf-8", newline="\n") as out:
            out.writelines(kept)
        sink = cls(path, None, path.open("a", encoding="utf-8", newline="\n"))
        # A record behind the save (it cannot be, but a hand-edited one may be) catches up.
        sink.write_all(log[len(kept) - 1 :])
        return sink

    def write_all(self, events: Sequence[Event]) -> None:
        """Append the lines of *events*, flushed at once."""
        if self._writer is not None:
            self._writer.write_all(events)
            return
        if self._stream is not None:
            for event in events:
                line = json.dumps(event_to_json(event), ensure_ascii=False, separators=(", ", ": "))
                self._stream.write(line + "\n")
            self._stream.flush()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._stream is not None:
            self._stream.close()
        self._writer = self._stream = None


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
            self.on_problem("record", error)

    def close(self) -> None:
        self.sink.close()


class StatsKeeper:
    """Adds the finished game to the statistics (the person's side, hints used)."""

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
            record_game(
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


def keep_game(
    session: GameSession,
    *,
    save_path: Path | None,
    record_path: Path | None,
    continue_record: bool,
    ui_state: Callable[[], dict[str, Any]],
    hints_used: Callable[[], int],
    on_problem: ProblemHandler,
) -> Autosave:
    """Attach the listeners that keep *session* on disk, in the order that loses
    nothing: the save first (so a kill never leaves a record ahead of the save),
    then the record, then the statistics at the end. Returns the autosave (for
    Control S and the save on leaving).

    *continue_record*: *record_path* is the resumed game's own record, to be
    continued; otherwise the whole game so far is written to it.
    """
    autosave = Autosave(save_path, ui_state, on_problem)
    session.listeners.append(autosave)
    if record_path is not None:
        try:
            if continue_record:
                sink = RecordSink.resume(record_path, session)
            else:
                sink = RecordSink.create(record_path, session)
        except OSError as error:
            on_problem("record", error)
        else:
            session.listeners.append(Recorder(sink, on_problem))
    session.listeners.append(StatsKeeper(hints_used, on_problem))
    return autosave


def recorder_of(session: GameSession) -> Recorder | None:
    """The session's record listener, if it writes one."""
    return next((x for x in session.listeners if isinstance(x, Recorder)), None)
