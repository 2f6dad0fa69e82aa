"""``sniff play`` and ``sniff`` alone: the keyboard game from the command line.

Settings come from the settings file; command-line values override them for
this run only. On start the player hears a warning about a damaged settings
file, the welcome (first start), and, when a game was saved, the question
whether to resume it.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sniff.announce.game_ui import GameTexts
from sniff.bots import LEVELS
from sniff.cli import SniffParser, Subparsers, UsageError, add_rule_options, rules_from_args
from sniff.engine import RulesError, RuleSet
from sniff.i18n import UnknownLanguage, choose_language, translator
from sniff.speech import MODES
from sniff.storage import (
    LoadResult,
    Settings,
    load_or_set_aside,
    load_settings,
    save_settings,
)
from sniff.storage.settings import PACE_RANGE, SCREENS
from sniff.ui.base import Screen, UiContext

__all__ = ["GameOptions", "add_play_parser", "main_play", "run_default", "start_screen"]


def add_play_parser(subparsers: Subparsers) -> None:
    """``sniff play``: a game against bots, by keys and by ear."""
    parser = subparsers.add_parser("play", help="play a game against bots, by keys and by ear")
    _add_play_options(parser)
    parser.set_defaults(handler=main_play)


def _add_play_options(parser: argparse.ArgumentParser) -> None:
    add_rule_options(parser)
    # None: the settings decide (add_rule_options' defaults would hide that).
    parser.set_defaults(preset=None)
    for action in parser._actions:
        if "--preset" in action.option_strings:
            action.help = "rule preset (default: the settings' preset, else sniff)"
    parser.add_argument("--players", type=int, help="number of players, 2 to 4 (settings: 2)")
    parser.add_argument(
        "--bots", help="bot levels, e.g. expert or expert,greedy: " + ", ".join(LEVELS)
    )
    parser.add_argument("--seed", type=int, help="seed for a reproducible game")
    parser.add_argument("--lang", help="language: en or de (default: settings, then system)")
    parser.add_argument("--speech", choices=MODES, help="speech output (default: auto)")
    parser.add_argument(
        "--transcript", type=Path, metavar="FILE", help="also write every announcement to FILE"
    )
    parser.add_argument(
        "--record", type=Path, metavar="FILE", help="write the game as a sniff-record/1 file"
    )
    parser.add_argument("--no-sound", action="store_true", help="no earcons")
    parser.add_argument("--pace", type=float, metavar="SECONDS", help="seconds a bot's turn takes")
    parser.add_argument(
        "--screen", choices=SCREENS, help="full screen, or one line per announcement"
    )


class GameOptions:
    """Everything a game needs, from the settings and the command line."""

    def __init__(
        self,
        settings: Settings,
        file_settings: Settings,
        loaded: LoadResult,
        rules: RuleSet,
        levels: tuple[str, ...],
        *,
        seed: int | None = None,
        language: str = "en",
        transcript: Path | None = None,
        record: Path | None = None,
        screen: str = "full",
        playouts: int | None = None,
        hint_playouts: int | None = None,
        save_path: Path | None = None,
    ) -> None:
        self.settings = settings
        self.file_settings = file_settings
        self.loaded = loaded
        self.rules = rules
        self.levels = levels
        self.seed = seed
        self.language = language
        self.transcript = transcript
        self.record = record
        self.screen = screen
        self.playouts = playouts
        self.hint_playouts = hint_playouts
        self.save_path = save_path


def options_from_args(args: argparse.Namespace) -> GameOptions:
    """Settings file + command line; :class:`UsageError` for bad values."""
    loaded = load_settings()
    base = loaded.settings
    args.preset = args.preset or base.preset
    if args.scoring is None:
        args.scoring = base.scoring
    if args.target is None:
        args.target = base.target
    rules = rules_from_args(args)
    if not any(item.replace("-", "_").strip().startswith("muggins") for item in args.rule):
        rules = rules.with_changes(muggins=base.muggins)
    players = args.players if args.players is not None else base.players
    try:
        rules.check_players(players)
    except RulesError as error:
        raise UsageError(str(error)) from None
    levels = _levels(args.bots, players, base)
    if args.pace is not None and not PACE_RANGE[0] <= args.pace <= PACE_RANGE[1]:
        raise UsageError(f"--pace must be from {PACE_RANGE[0]:g} to {PACE_RANGE[1]:g} seconds")
    try:
        language = choose_language(args.lang, base.language)
    except UnknownLanguage as error:
        raise UsageError(str(error)) from None
    changes: dict[str, Any] = {"players": players, "bot_levels": levels, "preset": rules.preset}
    if args.speech:
        changes["speech_mode"] = args.speech
    if args.no_sound:
        changes["sounds"] = False
    if args.pace is not None:
        changes["pace"] = args.pace
    if args.screen:
        changes["screen"] = args.screen
    try:
        settings = base.with_changes(**changes)
    except ValueError as error:
        raise UsageError(str(error)) from None
    return GameOptions(
        settings,
        base,
        loaded,
        rules,
        levels,
        seed=args.seed,
        language=language,
        transcript=args.transcript,
        record=args.record,
        screen=settings.screen,
    )


def _levels(text: str | None, players: int, base: Settings) -> tuple[str, ...]:
    bots = players - 1
    if text:
        levels = [part.strip() for part in text.split(",") if part.strip()]
        bad = [level for level in levels if level not in LEVELS]
        if bad or not levels:
            raise UsageError(
                f"unknown bot level {', '.join(bad) or text!r}; choose from {', '.join(LEVELS)}"
            )
    else:
        levels = list(base.bot_levels)
    return tuple(levels[min(i, len(levels) - 1)] for i in range(bots))


def start_screen(host: Any, options: GameOptions) -> Screen:
    """The first screen: warnings and welcome said, then the resume question or a new game."""
    from sniff.announce import Announcer
    from sniff.ui.app import ConfirmScreen
    from sniff.ui.game import GameScreen, new_controller, resumed_controller

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

    from sniff.announce.phrases import Phrasebook

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
    from sniff.announce import Utterance

    return Utterance(texts.menu_offer(), kind="welcome")


def _next_record_path(path: Path) -> Path:
    """The record of the next game in the same run: ``game.jsonl`` -> ``game-2.jsonl``."""
    stem = path.stem
    number = 2
    head, sep, tail = stem.rpartition("-")
    if sep and tail.isdigit():
        stem, number = head, int(tail) + 1
    return path.with_name(f"{stem}-{number}{path.suffix}")


def main_play(
    args: argparse.Namespace,
    *,
    input: Any = None,
    output: Any = None,
    speech: Any = None,
    sound: Any = None,
    line_stream: Any = None,
    playouts: int | None = None,
    hint_playouts: int | None = None,
) -> int:
    """Run ``sniff play`` (the keyword arguments replace devices, for tests)."""
    from sniff.ui.app import SniffApp, build_context, require_terminal

    require_terminal(input)

    options = options_from_args(args)
    options.playouts = playouts
    options.hint_playouts = hint_playouts
    tr = translator(options.language)
    if sound is None and not options.settings.sounds:
        from sniff.sound import NullPlayer

        sound = NullPlayer()
    ctx = build_context(
        options.settings,
        tr,
        screen_mode=options.screen,
        transcript=str(options.transcript) if options.transcript else None,
        speech=speech,
        sound=sound,
        line_stream=line_stream,
    )
    ctx.extra["file_settings"] = options.file_settings
    app = SniffApp(ctx, input=input, output=output, screen_mode=options.screen)
    try:
        app.run(lambda host: start_screen(host, options))
    finally:
        _close(ctx)
    app.report_errors()
    return 1 if app.errors else 0


def _close(ctx: UiContext) -> None:
    closer = getattr(ctx.output.speech, "close", None)
    if callable(closer):
        closer()
    ctx.output.sound.close()
    stream = ctx.extra.get("line_stream")
    close_stream = getattr(stream, "close", None)
    if callable(close_stream) and hasattr(stream, "_flush_thread"):
        close_stream()  # a StdoutProxy of ours: flush its last lines


def play_parser() -> argparse.ArgumentParser:
    """A parser with only ``play`` (what ``sniff`` alone runs)."""
    parser = SniffParser(prog="sniff")
    subparsers = parser.add_subparsers(dest="command", parser_class=SniffParser)
    add_play_parser(subparsers)
    return parser


def run_default(argv: Sequence[str] | None = None) -> int:
    """``sniff`` with no command: ``sniff play`` with the settings' choices."""
    args = play_parser().parse_args(["play", *(argv or [])])
    return main_play(args)
