"""The first screen of a game: warnings and the welcome said, then the
question whether to resume a saved game, or a new game at once."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from sniff.announce import Announcer, Utterance
from sniff.announce.game_ui import GameTexts
from sniff.announce.phrases import Phrasebook
from sniff.session.options import GameOptions
from sniff.storage import Settings, load_or_set_aside, save_settings
from sniff.ui.app import ConfirmScreen
from sniff.ui.base import Screen, UiContext
from sniff.ui.game import GameScreen, new_controller, resumed_controller

__all__ = ["start_screen"]


def start_screen(host: Any, options: GameOptions) -> Screen:
    """The first screen: warnings and welcome said, then the resume question or a new game."""

    ctx: UiContext = host.ctx
    texts = GameTexts(ctx.translator)
    output = ctx.output
    loaded = options.loaded
    if loaded.problem is not None:
        where = str(loaded.set_aside) if loaded.set_aside is not None else None
        output.say(texts.bad_settings(where, ", ".join(loaded.bad_keys)))
    if not options.file_settings.welcome_done:
        welcome = Announcer(0, ctx.translator, player_names=()).welcome()
        output.say(welcome)
        output.say(_menu_offer(texts))
        file_settings = options.file_settings.with_changes(welcome_done=True)
        ctx.extra["file_settings"] = file_settings
        ctx.settings = ctx.settings.with_changes(welcome_done=True)
        with contextlib.suppress(OSError):
            save_settings(file_settings)

    def new_game(settings: Settings | None = None) -> Any:
        if settings is not None:
            # The setup menu's choices, for this game and the ones after it.
            options.rules = settings.rules()
            options.levels = tuple(settings.bot_level(i) for i in range(settings.players - 1))
        ctl = new_controller(
            ctx,
            options.rules,
            options.levels,
            seed=options.seed,
            record_path=options.record,
            save_path=options.save_path,
            playouts=options.playouts,
        )
        options.seed = None  # a second game is a new deal
        if options.record is not None:
            options.record = _next_record_path(options.record)
        return ctl

    def game_screen(ctl: Any) -> Screen:
        return GameScreen(host, ctl, new_game=new_game, hint_playouts=options.hint_playouts)

    snap, problem, aside = load_or_set_aside(options.save_path)
    if problem is not None:
        output.say(texts.bad_save(str(aside) if aside is not None else None))
    if snap is None:
        return game_screen(new_game())

    def resume() -> None:
        ctl = resumed_controller(ctx, snap, save_path=options.save_path, playouts=options.playouts)
        host.show(game_screen(ctl))

    def fresh() -> None:
        host.show(game_screen(new_game()))

    names = ["you", *[p.name for p in snap.players[1:]]]
    book = Phrasebook(ctx.translator, seat=0, player_names=names, sides=snap.sides)
    round_no = snap.check.round if snap.check is not None else len(snap.deals)
    scores = snap.check.scores if snap.check is not None else ()
    question = texts.resume_question(round_no, book.scores_list(scores))

    def ask_again() -> None:
        # One key never loses a game: N asks again, and only Y there starts anew.
        host.show(ConfirmScreen(host, texts.new_game_question(), fresh, resume, others_no=True))

    # Escape resumes: the safe answer keeps the saved game.
    return ConfirmScreen(host, question, resume, ask_again, escape="yes")


def _menu_offer(texts: GameTexts) -> Any:
    return Utterance(texts.menu_offer(), kind="welcome")


def _next_record_path(path: Path) -> Path:
    """The record of the next game in the same run: ``game.jsonl`` -> ``game-2.jsonl``."""
    stem = path.stem
    number = 2
    head, sep, tail = stem.rpartition("-")
    if sep and tail.isdigit():
        stem, number = head, int(tail) + 1
    return path.with_name(f"{stem}-{number}{path.suffix}")
