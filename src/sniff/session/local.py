"""A game played on this computer: its table, the player's seat, and its files.

The game screen plays whatever :class:`PlayedGame` it is given: a
:class:`LocalGame` here (the table runs in this process, and the save, the
record and the statistics are kept on disk after every action), or a game
on a server (which keeps them itself). The screen asks the game's
:class:`Keeper` for Control S and before quitting, and hears its problems.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from sniff.session.game import GameSession
from sniff.session.keeping import Autosave, ProblemHandler, keep_game, recorder_of
from sniff.session.link import LocalLink, SeatLink
from sniff.session.table import Table, Thinker, ThreadThinker

__all__ = ["Keeper", "LocalGame", "PlayedGame"]


class Keeper(Protocol):
    """What keeps a game: Control S, and what quitting may promise."""

    @property
    def saved(self) -> bool:
        """Whether the game as it stands is kept (so quitting loses nothing)."""

    @property
    def read_only(self) -> bool:
        """Whether nothing is written here (a second window on the same data)."""

    @property
    def last_error(self) -> Exception | None:
        """Why the last save failed (None: it did not)."""

    def save(self) -> bool:
        """Keep the game now; False if it could not be kept."""


class PlayedGame(Protocol):
    """A game the screen can play: the seat's link and what keeps the game."""

    @property
    def link(self) -> SeatLink: ...

    @property
    def keeper(self) -> Keeper: ...

    def keep(
        self,
        ui_state: Callable[[], dict[str, Any]],
        hints_used: Callable[[], int],
        on_problem: ProblemHandler,
    ) -> None:
        """Start keeping the game; *ui_state* is the screen's part of a save."""

    def close(self) -> None:
        """The game is left: kept as it stands, its files closed."""


class LocalGame:
    """A game whose table runs here (see the module docstring).

    *keep*: False for a game nothing of which goes to disk (a lesson: no save,
    record or statistics). *continue_record*: *record_path* is the resumed
    game's own record, to be continued. *read_only*: another window holds the
    data folder, nothing is written to it.
    """

    def __init__(
        self,
        session: GameSession,
        *,
        thinker: Thinker | None = None,
        save_path: Path | None = None,
        record_path: Path | None = None,
        continue_record: bool = False,
        keep: bool = True,
        read_only: bool = False,
    ) -> None:
        self.session = session
        self.table = Table(session, thinker=thinker or ThreadThinker())
        seat = session.human if session.human is not None else 0
        self._link = LocalLink(self.table, seat)
        self.save_path = save_path
        self.record_path = record_path
        self.continue_record = continue_record
        self.keeps = keep
        self.read_only = read_only
        self.autosave = Autosave(save_path, dict, _ignore, read_only=True)

    @property
    def link(self) -> LocalLink:
        return self._link

    @property
    def keeper(self) -> LocalGame:
        return self

    # -- Keeper ----------------------------------------------------------------------

    @property
    def saved(self) -> bool:
        return self.autosave.saved

    @property
    def last_error(self) -> Exception | None:
        return self.autosave.last_error

    def save(self) -> bool:
        return self.autosave.save(self.session)

    def keep(
        self,
        ui_state: Callable[[], dict[str, Any]],
        hints_used: Callable[[], int],
        on_problem: ProblemHandler,
    ) -> None:
        def state() -> dict[str, Any]:
            recorder = recorder_of(self.session)
            path = None if recorder is None else str(recorder.sink.path)
            return {**ui_state(), "record": path}

        if not self.keeps:
            # Never written: a lesson leaves the player's own saved game as it was.
            self.autosave = Autosave(self.save_path, state, on_problem, read_only=True)
            return
        self.autosave = keep_game(
            self.session,
            save_path=self.save_path,
            record_path=self.record_path,
            continue_record=self.continue_record,
            ui_state=state,
            hints_used=hints_used,
            on_problem=on_problem,
            read_only=self.read_only,
        )

    def close(self) -> None:
        session = self.session
        if session.closed:
            return
        if self.keeps and not session.finished:
            self.autosave.save(session)
        recorder = recorder_of(session)
        if recorder is not None:
            recorder.close()
        self._link.close()


def _ignore(what: str, error: Exception) -> None:
    """Problems before the screen listens: there are none to hear (nothing is written)."""
