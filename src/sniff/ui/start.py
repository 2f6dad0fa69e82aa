"""The first screen of a game: warnings and the welcome said, then the
question whether to resume a saved game, or a new game at once.

Before all that, the data folder: if another window holds it, the player is
asked whether to open read-only (or quit); if it cannot be written, that is
said. Whatever the files hold, this screen ends in a game: a saved game that
cannot be resumed is set aside (unless read-only) and a new game starts.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sniff.announce import Announcer, Utterance
from sniff.announce.errors import ErrorWords
from sniff.announce.files import FileWords
from sniff.announce.game_ui import GameTexts
from sniff.announce.phrases import Phrasebook
from sniff.announce.utterance import UtteranceKind
from sniff.enums import SeatKind
from sniff.session.game import GameSession
from sniff.session.local import LocalGame
from sniff.session.options import GameOptions
from sniff.storage import GameSnapshot, Settings, load_or_set_aside, save_path, save_settings
from sniff.storage.atomic import set_aside
from sniff.storage.lock import BUSY, READ_ONLY
from sniff.ui.base import Screen, UiContext
from sniff.ui.confirm import ConfirmScreen
from sniff.ui.game.screen import HISTORY_SAVED, GameScreen

if TYPE_CHECKING:
    from sniff.ui.app import SniffApp

#: The longest saved message taken back into the history.
MESSAGE_LIMIT = 2000

__all__ = ["GameMaker", "start_screen"]


class GameMaker:
    """Makes the games of one run: the first from the command line and settings,
    the later ones with the setup menu's choices (each with its own record file)."""

    def __init__(self, options: GameOptions) -> None:
        self.options = options

    def new(self, settings: Settings | None = None) -> tuple[GameSession, Path | None]:
        """A new game, and the record file it writes (None: no record)."""
        options = self.options
        if settings is not None:
            # The setup menu's choices, for this game and the ones after it.
            options.rules = settings.rules()
            options.levels = tuple(settings.bot_level(i) for i in range(settings.players - 1))
        session = GameSession.new(
            options.rules, options.levels, seed=options.seed, playouts=options.playouts
        )
        record = options.record
        options.seed = None  # a second game is a new deal
        if options.record is not None:
            options.record = _next_record_path(options.record)
        return session, record


def start_screen(host: SniffApp, options: GameOptions) -> Screen:
    """The first screen: the data folder's state, warnings and welcome said, then
    the resume question or a new game."""
    lock = options.lock
    if lock is not None and lock.state == BUSY:
        words = FileWords(host.ctx.translator)
        # Escape quits: the safe answer leaves the other window's game alone.
        return ConfirmScreen(
            host,
            words.folder_busy_question(),
            lambda: host.show(_first_screen(host, options, read_only=True)),
        )
    read_only = False
    if lock is not None and lock.state == READ_ONLY:
        words = FileWords(host.ctx.translator)
        detail = ErrorWords(host.ctx.translator).system_text(lock.detail)
        host.ctx.output.say(words.read_only_folder(str(lock.folder), detail))
        read_only = True
    return _first_screen(host, options, read_only=read_only)


def _first_screen(host: SniffApp, options: GameOptions, *, read_only: bool) -> Screen:
    ctx: UiContext = host.ctx
    texts = GameTexts(ctx.translator)
    files = FileWords(ctx.translator)
    output = ctx.output
    loaded = options.loaded
    if loaded.problem is not None:
        where = str(loaded.set_aside) if loaded.set_aside is not None else None
        output.say(files.bad_settings(where, ", ".join(loaded.bad_keys)))
    if not options.file_settings.welcome_done:
        output.say(Announcer(0, ctx.translator, player_names=()).welcome())
        output.say(Utterance(texts.menu_offer(), kind=UtteranceKind.WELCOME))
        file_settings = options.file_settings.with_changes(welcome_done=True)
        ctx.extra["file_settings"] = file_settings
        ctx.settings = ctx.settings.with_changes(welcome_done=True)
        with contextlib.suppress(OSError):
            save_settings(file_settings)
    maker = GameMaker(options)

    def local(
        session: GameSession, record: Path | None, *, continue_record: bool = False
    ) -> LocalGame:
        return LocalGame(
            session,
            save_path=options.save_path,
            record_path=record,
            continue_record=continue_record,
            read_only=read_only,
        )

    def screen(
        session: GameSession, record: Path | None, *, continue_record: bool = False, **resumed: Any
    ) -> GameScreen:
        return GameScreen(
            host,
            local(session, record, continue_record=continue_record),
            new_game=lambda settings: local(*maker.new(settings)),
            hint_playouts=options.hint_playouts,
            **resumed,
        )

    def new_screen() -> GameScreen:
        return screen(*maker.new())

    snap, problem, aside = load_or_set_aside(options.save_path, keep_aside=not read_only)
    if problem is not None:
        output.say(files.bad_save(str(aside) if aside is not None else None))
    if snap is None:
        return new_screen()

    def resume() -> None:
        session = _resumed_session(snap, options)
        if session is None:
            # The save read well but cannot be played here: kept, and a new game.
            kept = None if read_only else _set_aside_quietly(options.save_path)
            output.say(files.bad_save(str(kept) if kept is not None else None))
            host.show(new_screen())
            return
        ui = dict(snap.ui)
        saved_record = ui.get("record")
        # A new --record gets the whole game; without one the game's own record goes on.
        record = options.record
        if record is None and isinstance(saved_record, str) and saved_record:
            record = Path(saved_record)
        _restore_history(ctx, ui.get("history"))
        host.show(
            screen(session, record, resumed=True, continue_record=options.record is None, ui=ui)
        )

    def fresh() -> None:
        host.show(new_screen())

    names = [texts.you() if p.kind is SeatKind.HUMAN else p.name for p in snap.players]
    book = Phrasebook(ctx.translator, seat=_human_seat(snap), player_names=names, sides=snap.sides)
    round_no = snap.check.round if snap.check is not None else len(snap.deals)
    scores = snap.check.scores if snap.check is not None else ()
    question = texts.resume_question(round_no, book.scores_list(scores))

    def ask_again() -> None:
        if read_only:
            fresh()  # nothing is lost: the saved game stays on disk untouched
            return
        # One key never loses a game: N asks again, and only Y there starts anew.
        host.show(ConfirmScreen(host, texts.new_game_question(), fresh, resume, others_no=True))

    # Escape resumes: the safe answer keeps the saved game.
    return ConfirmScreen(host, question, resume, ask_again, escape="yes")


def _human_seat(snap: GameSnapshot) -> int:
    return next((seat for seat, p in enumerate(snap.players) if p.kind is SeatKind.HUMAN), 0)


def _resumed_session(snap: GameSnapshot, options: GameOptions) -> GameSession | None:
    """The saved game rebuilt, or None if it cannot be played at the keyboard."""
    try:
        session = GameSession.resume(snap, playouts=options.playouts)
    except Exception:  # a save that read well but will not rebuild must not stop the game
        return None
    return session if session.human is not None else None


def _set_aside_quietly(path: Path | None) -> Path | None:
    try:
        return set_aside(path if path is not None else save_path())
    except OSError:
        return None


def _restore_history(ctx: UiContext, history: object) -> None:
    """The saved messages, for [ and ] after resuming (only plain strings are taken)."""
    if not isinstance(history, list):
        return
    for text in history[-HISTORY_SAVED:]:
        if isinstance(text, str) and len(text) <= MESSAGE_LIMIT:
            ctx.output.history.append(Utterance(text, kind=UtteranceKind.SAVED))


def _next_record_path(path: Path) -> Path:
    """The record of the next game in the same run: ``game.jsonl`` -> ``game-2.jsonl``."""
    stem = path.stem
    number = 2
    head, sep, tail = stem.rpartition("-")
    if sep and tail.isdigit():
        stem, number = head, int(tail) + 1
    return path.with_name(f"{stem}-{number}{path.suffix}")
