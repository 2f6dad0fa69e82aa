"""The game screen: one game (and the games after it) by keys.

:class:`GameScreen` is the :class:`~sniff.ui.base.Screen` that ties the parts
together: the session (the game itself), the voice (what is said), the
cursor (tile and end), the acting keys, the bots' runner, hints, and the
drawing. After a game over, Enter starts a new game with the same settings.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension

from sniff.announce import Utterance
from sniff.announce.answers import Answers
from sniff.announce.files import FileWords
from sniff.engine import ACTIVE, Observation, Phase
from sniff.session.game import GameSession
from sniff.session.keeping import Autosave, keep_game, recorder_of
from sniff.ui.base import Binding
from sniff.ui.confirm import ConfirmScreen
from sniff.ui.game.actions import GameActions
from sniff.ui.game.bots import BotRunner, Hinter
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.keys import game_bindings
from sniff.ui.game.table import render_game
from sniff.ui.game.tuning import Tuning
from sniff.ui.game.voice import GameVoice

if TYPE_CHECKING:
    from sniff.storage import Settings
    from sniff.ui.app import SniffApp

__all__ = ["GameScreen", "NewGame"]

HISTORY_SAVED = 30  # messages kept in a save, for [ and ] after resuming

#: Makes the next game: ``new_game(settings or None) -> (session, record path)``.
NewGame = Callable[["Settings | None"], "tuple[GameSession, Path | None]"]


class GameScreen:
    """One game by keys."""

    def __init__(
        self,
        host: SniffApp,
        session: GameSession,
        *,
        new_game: NewGame | None = None,
        hint_playouts: int | None = None,
        save_path: Path | None = None,
        record_path: Path | None = None,
        resumed: bool = False,
        continue_record: bool = False,
        ui: dict[str, Any] | None = None,
        keep: bool = True,
        read_only: bool = False,
    ) -> None:
        self.host = host
        # keep=False: a game nothing of which goes to disk (a lesson): no save, no
        # record, no statistics, and the player's own saved game stays as it was.
        self.keep = keep
        self.new_game_factory = new_game
        self.hint_playouts = hint_playouts
        self.save_path = save_path
        self.read_only = read_only  # nothing is written to the data folder
        self._next_settings: Settings | None = None
        self._start_new = False
        self._unseen_page = 0
        self._control = FormattedTextControl(self._render)
        self._install(
            session,
            record_path=record_path,
            resumed=resumed,
            continue_record=continue_record,
            ui=ui or {},
        )

    # -- one game's parts -----------------------------------------------------------------

    def _install(
        self,
        session: GameSession,
        *,
        record_path: Path | None,
        resumed: bool,
        continue_record: bool,
        ui: dict[str, Any],
    ) -> None:
        host = self.host
        ctx = host.ctx
        self.session = session
        self.resumed = resumed
        self.started = False
        self.voice = GameVoice(ctx, session)
        self.cursor = HandCursor(session, self.voice, host.call_later)
        self.cursor.select_saved(ui.get("selection"))
        self.runner = BotRunner(
            session,
            self.voice,
            self.cursor,
            host.spawn,
            pace=ctx.settings.pace,
            on_change=host.invalidate,
        )
        self.hinter = Hinter(
            session,
            self.voice,
            self.cursor,
            host.spawn,
            playouts=self.hint_playouts,
            limit=lambda: host.ctx.settings.hint_limit,
        )
        self.hinter.used = _count(ui.get("hints"))
        self.actions = GameActions(
            session, self.voice, self.cursor, after=self._after_action, new_game=self._new_game
        )
        self.actions.human_actions = _count(ui.get("human_actions"))
        self.tuning = Tuning(ctx, self.voice)
        if self.keep:
            self.autosave: Autosave = keep_game(
                session,
                save_path=self.save_path,
                record_path=record_path,
                continue_record=continue_record,
                ui_state=self.ui_state,
                hints_used=lambda: self.hinter.used,
                on_problem=self._problem,
                read_only=self.read_only,
            )
        else:
            # Never written: a lesson leaves the player's own saved game as it was.
            self.autosave = Autosave(self.save_path, self.ui_state, self._problem, read_only=True)
        self._bindings = game_bindings(self)

    def ui_state(self) -> dict[str, Any]:
        """What the interface keeps in a save."""
        recorder = recorder_of(self.session)
        selected = self.cursor.selected
        return {
            "selection": None if selected is None else str(selected),
            "hints": self.hinter.used,
            "human_actions": self.actions.human_actions,
            "record": None if recorder is None else str(recorder.sink.path),
            "history": [u.text for u in self.host.ctx.output.history[-HISTORY_SAVED:]],
        }

    def _problem(self, what: str, error: Exception) -> None:
        """A save, record or statistics file could not be kept: say so once; the
        game goes on (see :data:`sniff.session.keeping.ProblemHandler`)."""
        texts, files = self.voice.texts, FileWords(self.voice.tr)
        detail = getattr(error, "strerror", None) or str(error)
        kept = str(getattr(error, "kept", None) or "")
        record = recorder_of(self.session)
        if what == "save":
            self.voice.say(texts.save_failed(detail))
        elif what == "record":
            where = getattr(error, "filename", None) or (record.sink.path if record else "")
            self.voice.say(files.record_failed(str(where), detail))
        elif what == "record-aside":
            self.voice.say(files.record_kept(str(getattr(error, "path", "")), kept))
        elif what == "record-foreign":
            self.voice.say(files.record_foreign(str(getattr(error, "path", ""))))
        elif what == "stats-aside":
            self.voice.say(files.stats_kept(kept))
        else:
            self.voice.say(texts.stats_failed(detail))

    # -- handlers the bindings call -------------------------------------------------------

    def key(self, action: Callable[[], None]) -> Callable[[], None]:
        """A key's handler: it cuts speech off, so what was not heard is caught up."""

        def handler() -> None:
            self.runner.key_pressed()
            if action != self.unseen:
                self._unseen_page = 0
            action()
            self._after_key()

        return handler

    def ask(self, query: Callable[[Answers, Observation], Utterance]) -> Callable[[], None]:
        """An information key: the answer for the player's view now."""

        def answer() -> None:
            self.cursor.cancel_digit()
            self.voice.say(query(self.voice.announcer.answers, self.voice.obs()))

        return self.key(answer)

    def _after_key(self) -> None:
        """After a key while no bot moves: say what its speech cut off."""
        if self.voice.missed and not self.runner.running:
            caught = self.voice.catchup.catch_up(self.voice.missed, self.session.rules)
            self.voice.missed = []
            if caught is not None:
                self.voice.say(caught)
        self.host.invalidate()

    def _after_action(self) -> None:
        self.runner.kick()
        self.host.invalidate()

    def unseen(self) -> None:
        """T: the tiles not seen yet, a part at a time (T again for the rest)."""
        said, more = self.voice.announcer.answers.unseen(self.voice.obs(), self._unseen_page)
        self._unseen_page = self._unseen_page + 1 if more else 0
        self.voice.say(said)

    def save_now(self) -> None:
        """Control S: save, and say whether it worked."""
        voice = self.voice
        if self.session.finished:
            voice.refuse(voice.announcer.answers.hand(voice.obs()))  # "the game is over"
            return
        if self.read_only:
            voice.say(FileWords(voice.tr).not_saved_read_only())
        elif self.autosave.save(self.session):
            voice.say(voice.texts.saved())
        elif self.autosave.last_error is not None:
            error = self.autosave.last_error
            voice.say(voice.texts.save_failed(getattr(error, "strerror", None) or str(error)))

    def quit(self) -> None:
        if self.session.game.phase is Phase.GAME_OVER:
            self.host.exit()
        else:
            self.host.request_quit()

    def quit_question(self) -> Utterance:
        texts = self.voice.texts
        if self.autosave.saved:
            return texts.quit_question()
        # Read-only, or the last save failed: never call the game saved.
        return FileWords(self.voice.tr).quit_unsaved(texts.yes_no())

    def open_menu(self) -> None:
        """M or F10: the setup menu."""
        self.cursor.cancel_digit()
        opener = self.host.ctx.openers.menu
        if opener is None:
            self.voice.refuse(self.voice.texts.no_menu_here())
            return
        if self.keep:
            self.autosave.save(self.session)
        self.host.show(opener(self.host, self._menu_done))

    def _menu_done(self, settings: Settings, action: str = "back") -> None:
        """Back from the menu: speech settings act now; rules with the next game
        (at once when the player chose "new game", after asking if one is running)."""
        ctx = self.host.ctx
        ctx.settings = settings
        voice = self.voice
        if ctx.translator is not voice.tr:
            voice.set_translator(ctx.translator)
            self._bindings = game_bindings(self)
        voice.announcer.verbosity = settings.verbosity
        self.runner.pace.minimum = settings.pace
        ctx.output.set_sounds(settings.sounds)
        self._next_settings = settings
        if action == "new-game":
            self._start_new = True

    def _new_game(self) -> None:
        if self.new_game_factory is None:
            return
        self.close()
        session, record = self.new_game_factory(self._next_settings)
        self._install(session, record_path=record, resumed=False, continue_record=False, ui={})
        self.start()

    def close(self) -> None:
        """The game is left: save it if it is still going, close its record."""
        session = self.session
        if session.closed:
            return
        if self.keep and not session.finished:
            self.autosave.save(session)
        recorder = recorder_of(session)
        if recorder is not None:
            recorder.close()
        session.close()

    # -- saying where the player is -------------------------------------------------------

    def start(self) -> None:
        """The first words of this game: a new one's deal, a resumed one's position."""
        self.started = True
        voice, session = self.voice, self.session
        self.cursor.keep()
        if self.resumed:
            obs = voice.obs()
            scores = voice.announcer.book.scores_list(session.game.scores)
            voice.say(voice.texts.resumed(session.game.round_no, scores))
            if obs.phase in ACTIVE and obs.layout.lead is not None:
                voice.say(voice.announcer.answers.ends(obs))
        else:
            voice.say(voice.new_game_words())
            voice.events(session.game.log)
        if session.bot_to_act():
            self.runner.kick()
        else:
            voice.prompt()
        self.host.invalidate()

    # -- Screen ---------------------------------------------------------------------------

    def bindings(self) -> list[Binding]:
        return self._bindings

    def container(self) -> AnyContainer:
        return Window(self._control, wrap_lines=False, height=self._height)

    def _size(self) -> tuple[int, int]:
        app = get_app_or_none()
        width, height = 80, 24
        if app is not None:
            size = app.output.get_size()
            width, height = size.columns, size.rows
        return max(20, width), max(10, height)

    def _render(self) -> StyleAndTextTuples:
        width, height = self._size()
        return render_game(self.voice, self.cursor, width, height)

    def _rows(self) -> int:
        return 1 + sum(text.count("\n") for _, text, *_ in self._render())

    def _height(self) -> Dimension:
        return Dimension.exact(self._rows())

    def message_rows(self) -> int:
        """The rows left for the messages below the table (the footer takes one)."""
        return max(3, self._size()[1] - self._rows() - 1)

    def enter(self) -> None:
        if self._start_new:
            self._start_new = False
            if self.session.finished:
                self._new_game()
            else:
                self.host.show(
                    ConfirmScreen(
                        self.host,
                        self.voice.texts.discard_game_question(),
                        self._new_game,
                        None,
                    )
                )
        elif not self.started:
            self.start()
        else:
            self.voice.prompt()
            self.runner.kick()

    def unbound_key(self, key: str) -> bool:
        self.runner.key_pressed()
        cursor = self.cursor
        if len(key) == 1 and key.isdigit():
            cursor.digit(key)
            return True
        if key in ("c-h", "backspace"):
            return cursor.backspace()
        if key == "escape":
            return cursor.clear_claim()
        return False


def _count(value: object) -> int:
    """A saved counter, or 0 if it is not a sensible number."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1_000_000:
        return value
    return 0
