"""The game screen: one game (and the games after it) by keys.

:class:`GameScreen` is the :class:`~sniff.ui.base.Screen` that ties the parts
together: the seat's link to the game (:mod:`sniff.session.link`: a table in
this process or on a server, the screen cannot tell), the voice (what is
said), the listener (each step told, and the table told when it was heard),
the cursor (tile and end), the acting keys, hints, and the drawing. It keeps
no rule and plays no bot. After a game over, Enter starts a new game with the
same settings (where the game offers one).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension

from sniff.announce import Utterance
from sniff.announce.commands import Command
from sniff.announce.errors import ErrorWords
from sniff.announce.files import FileWords
from sniff.engine import Phase
from sniff.session.keeping import RecordSetAside
from sniff.session.link import SeatLink
from sniff.session.local import PlayedGame
from sniff.storage.limits import DataError
from sniff.ui.base import Binding
from sniff.ui.confirm import ConfirmScreen
from sniff.ui.game.actions import GameActions
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.hinting import Hinter
from sniff.ui.game.keys import game_bindings
from sniff.ui.game.listening import GameHooks, SeatListener
from sniff.ui.game.table import render_game
from sniff.ui.game.tuning import Tuning
from sniff.ui.game.voice import GameVoice

if TYPE_CHECKING:
    from sniff.storage import Settings
    from sniff.ui.app import SniffApp

__all__ = ["GameScreen", "NewGame"]

HISTORY_SAVED = 30  # messages kept in a save, for [ and ] after resuming

#: Makes the next game: ``new_game(settings or None) -> game``.
NewGame = Callable[["Settings | None"], PlayedGame]


class GameScreen:
    """One game by keys."""

    def __init__(
        self,
        host: SniffApp,
        game: PlayedGame,
        *,
        new_game: NewGame | None = None,
        hint_playouts: int | None = None,
        resumed: bool = False,
        ui: dict[str, Any] | None = None,
        hooks: GameHooks | None = None,
        hint_limit: Callable[[], int | None] | None = None,
    ) -> None:
        self.host = host
        self.new_game_factory = new_game
        self.hint_playouts = hint_playouts
        self.hooks = hooks
        self.hint_limit = hint_limit or (lambda: host.ctx.settings.hint_limit)
        self._next_settings: Settings | None = None
        self._start_new = False
        self._control = FormattedTextControl(self._render)
        self._install(game, resumed=resumed, ui=ui or {})

    # -- one game's parts -----------------------------------------------------------

    def _install(self, game: PlayedGame, *, resumed: bool, ui: dict[str, Any]) -> None:
        host = self.host
        ctx = host.ctx
        self.game = game
        self.link: SeatLink = game.link
        self.resumed = resumed
        self.started = False
        self.voice = GameVoice(ctx, self.link)
        self.voice.offers_new_game = self.new_game_factory is not None
        self.cursor = HandCursor(self.link, self.voice, host.call_later)
        self.cursor.select_saved(ui.get("selection"))
        self.listener = SeatListener(
            self.link,
            self.voice,
            spawn=host.spawn,
            call_later=host.call_later,
            pace=ctx.settings.pace,
            on_change=host.invalidate,
        )
        self.listener.hooks = self.hooks
        self.listener.own_actions = _count(ui.get("human_actions"))
        self.hinter = Hinter(
            self.link, self.voice, host.spawn, playouts=self.hint_playouts, limit=self.hint_limit
        )
        self.hinter.used = _count(ui.get("hints"))
        self.actions = GameActions(
            self.link,
            self.voice,
            self.cursor,
            self.listener,
            new_game=self._new_game,
            hinter=self.hinter,
        )
        self.tuning = Tuning(ctx, self.voice)
        game.keep(self.ui_state, lambda: self.hinter.used, self._problem)
        self.link.attach(self.listener)
        self._bindings = game_bindings(self)
        self.host.refresh_keys()  # (a new game may bring other keys: muggins)

    @property
    def keeper(self) -> Any:
        return self.game.keeper

    def ui_state(self) -> dict[str, Any]:
        """What the interface keeps in a save."""
        selected = self.cursor.selected
        return {
            "selection": None if selected is None else str(selected),
            "hints": self.hinter.used,
            "human_actions": self.listener.own_actions,
            "history": [u.text for u in self.host.ctx.output.history[-HISTORY_SAVED:]],
        }

    def _problem(self, what: str, error: Exception) -> None:
        """A save, record or statistics file could not be kept: say so once, why in
        the player's language; the game goes on (see
        :data:`sniff.session.keeping.ProblemHandler`)."""
        texts, files = self.voice.texts, FileWords(self.voice.tr)
        why = ErrorWords(self.voice.tr).why(error)
        if what == "save":
            self.voice.say(texts.save_failed(why))
        elif what == "record-aside" and isinstance(error, RecordSetAside):
            kept = str(error.kept or "")
            path = str(error.path or "")
            self.voice.say(files.record_kept(path, kept, reason=error.code, plays=error.plays))
        elif what in ("record", "record-aside"):
            self.voice.say(files.record_failed(_file_of(error), why))
        elif what == "record-foreign":
            self.voice.say(files.record_foreign(_file_of(error)))
        elif what == "stats-aside" and isinstance(error, DataError):
            self.voice.say(files.stats_kept(str(error.kept or "")))
        else:
            self.voice.say(texts.stats_failed(why))

    # -- handlers the bindings call -------------------------------------------------

    def key(self, action: Callable[[], None]) -> Callable[[], None]:
        """A key's handler: it cuts speech off, so what was not heard stays owed."""

        def handler() -> None:
            self.listener.key_pressed()
            action()
            self.host.invalidate()

        return handler

    def command(self, command: Command) -> Callable[[], None]:
        """A key of the game (:func:`~sniff.announce.commands.game_keys`): said and done
        through the seat's presenter, as on the web page."""

        def run() -> None:
            self.actions.command(command)

        return self.key(run)

    def save_now(self) -> None:
        """Control S: save, and say whether it worked."""
        voice, keeper = self.voice, self.game.keeper
        if self.link.view().phase is Phase.GAME_OVER:
            voice.refuse(voice.announcer.answers.hand(voice.obs()))  # "the game is over"
            return
        if keeper.read_only:
            voice.say(FileWords(voice.tr).not_saved_read_only())
        elif keeper.save():
            voice.say(voice.texts.saved())
        elif keeper.last_error is not None:
            voice.say(voice.texts.save_failed(ErrorWords(voice.tr).why(keeper.last_error)))

    def quit(self) -> None:
        if self.link.view().phase is Phase.GAME_OVER:
            self.host.exit()
        else:
            self.host.request_quit()

    def ask_quit(self) -> bool:
        """Q or Control C while the game goes on, where the game asks its own question
        (an online table: what becomes of it); False: the plain question."""
        ask = getattr(self.game, "ask_quit", None)
        if not callable(ask) or self.link.view().phase is Phase.GAME_OVER:
            return False
        return bool(ask(self.host))

    def quit_question(self) -> Utterance:
        texts = self.voice.texts
        if self.game.keeper.saved:
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
        if not self.game.keeper.read_only:
            self.game.keeper.save()
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
            self.host.refresh_keys()
        voice.presenter.verbosity = settings.verbosity
        self.listener.pace.minimum = settings.pace
        ctx.output.set_sounds(settings.sounds)
        self._next_settings = settings
        if action == "new-game":
            self._start_new = True

    def _new_game(self) -> None:
        if self.new_game_factory is None:
            self.voice.refuse(self.voice.texts.game_over_prompt(new_game=False))
            return
        self.close()
        game = self.new_game_factory(self._next_settings)
        self._install(game, resumed=False, ui={})
        self.start()

    def close(self) -> None:
        """The game is left: kept if it is still going, its files closed."""
        if not self.link.closed:
            self.game.close()

    # -- saying where the player is -------------------------------------------------

    def start(self) -> None:
        """The first words of this game: a new one's deal, a resumed one's position;
        then the game goes on (the others play, or the player is asked)."""
        self.started = True
        voice, link = self.voice, self.link
        told = voice.presenter.opening(
            voice.obs(), link.events(), resumed=self.resumed, missed=link.missed
        )
        voice.say(told.events)
        if told.waits:
            self.listener.prompt(told.prompt)
        link.start(self.host.spawn)
        self.host.invalidate()

    # -- Screen ---------------------------------------------------------------------

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
            if self.link.view().phase is Phase.GAME_OVER:
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
            self.listener.prompt()
            self.link.start(self.host.spawn)

    def unbound_key(self, key: str) -> bool:
        self.listener.key_pressed()
        if len(key) == 1 and key.isdigit():
            self.cursor.digit(key)
            return True
        if key in ("c-h", "backspace"):
            return self.actions.command(Command.BACKSPACE)
        if key == "escape":
            return self.actions.command(Command.ESCAPE)
        return False


def _count(value: object) -> int:
    """A saved counter, or 0 if it is not a sensible number."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1_000_000:
        return value
    return 0


def _file_of(error: Exception) -> str:
    """The file a keeping problem is about: the system's, or the one the game named."""
    if isinstance(error, OSError) and error.filename is not None:
        return str(error.filename)
    if isinstance(error, DataError) and error.path is not None:
        return str(error.path)
    return ""
