"""``sniff play`` and ``sniff`` alone: the keyboard game from the command line.

Settings come from the settings file; command-line values override them for
this run only. On start the player hears a warning about a damaged settings
file, the welcome (first start), and, when a game was saved, the question
whether to resume it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from sniff.commands.common import (
    SniffParser,
    Subparsers,
    UsageError,
    add_language_option,
    add_output_options,
    add_rule_options,
    check_record_target,
    dumb_terminal,
    language_of,
    require_terminal,
    rules_from_args,
    screen_openers,
)
from sniff.engine import RulesError
from sniff.enums import BotLevel, CommandProblem, ScreenMode, values
from sniff.i18n import translator
from sniff.session.options import GameOptions
from sniff.storage import (
    Settings,
    data_dir,
    load_settings,
)
from sniff.storage.lock import FolderLock
from sniff.storage.settings import PACE_RANGE

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output as PtOutput

    from sniff.output.sound.base import SoundPlayer
    from sniff.output.speech.base import SpeechBackend
    from sniff.ui.base import UiContext

__all__ = ["add_parser", "main_play", "options_from_args", "play_parser", "run_default"]


def add_parser(subparsers: Subparsers) -> None:
    """``sniff play``: a game against bots, by keys and by ear."""
    parser = subparsers.add_parser(
        "play",
        # Translators: `sniff --help`: what the command `sniff play` does
        help=subparsers.tr._("play a game against bots, by keys and by ear"),
    )
    _add_play_options(parser)
    parser.set_defaults(handler=main_play)


def _add_play_options(parser: SniffParser) -> None:
    tr = parser.tr
    # No default preset: the settings decide.
    add_rule_options(parser, default_preset=None)
    parser.add_argument(
        "--players",
        type=int,
        # Translators: `sniff play --help`: the --players option
        help=tr._("number of players, 2 to 4 (default: the settings, else 2)"),
    )
    parser.add_argument(
        "--bots",
        # Translators: `sniff play --help`: the --bots option; {levels} lists the level names
        help=tr._("bot levels, e.g. expert or expert,greedy: {levels}").format(
            levels=", ".join(values(BotLevel))
        ),
    )
    # Translators: `sniff play --help`: the --seed option
    parser.add_argument("--seed", type=int, help=tr._("seed for a game you can play again"))
    add_language_option(parser)
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        # Translators: `sniff play --help`: the --record option
        help=tr._("write the game as a sniff-record/1 file"),
    )
    add_output_options(parser)
    parser.add_argument(
        "--pace",
        type=float,
        metavar="SECONDS",
        # Translators: `sniff play --help`: the --pace option
        help=tr._("seconds a bot's turn takes"),
    )


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
        raise UsageError(error) from None
    levels = _levels(args.bots, players, base)
    if args.pace is not None and not PACE_RANGE[0] <= args.pace <= PACE_RANGE[1]:
        raise UsageError(CommandProblem.PACE, low=PACE_RANGE[0], high=PACE_RANGE[1])
    language = language_of(args, base.language)
    changes: dict[str, Any] = {"players": players, "bot_levels": levels, "preset": rules.preset}
    if args.speech:
        changes["speech_mode"] = args.speech
    if args.no_sound:
        changes["sounds"] = False
    if args.pace is not None:
        changes["pace"] = args.pace
    if args.screen:
        changes["screen"] = args.screen
    elif dumb_terminal():
        changes["screen"] = ScreenMode.LINE  # a terminal that cannot draw: one plain line each
    try:
        settings = base.with_changes(**changes)
    except ValueError as error:
        raise UsageError(CommandProblem.SETTINGS, detail=str(error)) from None
    check_record_target(args.record)
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
        audio_out=args.audio_out,
        screen=settings.screen,
    )


def _levels(text: str | None, players: int, base: Settings) -> tuple[str, ...]:
    bots = players - 1
    if text:
        levels = [part.strip() for part in text.split(",") if part.strip()]
        bad = [level for level in levels if level not in values(BotLevel)]
        if bad or not levels:
            raise UsageError(
                CommandProblem.UNKNOWN_BOT,
                value=", ".join(bad) or text,
                choices=values(BotLevel),
            )
    else:
        levels = list(base.bot_levels)
    return tuple(levels[min(i, len(levels) - 1)] for i in range(bots))


def main_play(
    args: argparse.Namespace,
    *,
    input: Input | None = None,
    output: PtOutput | None = None,
    speech: SpeechBackend | None = None,
    sound: SoundPlayer | None = None,
    line_stream: TextIO | None = None,
    playouts: int | None = None,
    hint_playouts: int | None = None,
) -> int:
    """Run ``sniff play`` (the keyword arguments replace devices, for tests)."""
    from sniff.ui.app import SniffApp, build_context
    from sniff.ui.start import start_screen

    require_terminal(input is not None)

    options = options_from_args(args)
    options.playouts = playouts
    options.hint_playouts = hint_playouts
    tr = translator(options.language)
    ctx = build_context(
        options.settings,
        tr,
        screen_mode=options.screen,
        transcript=str(options.transcript) if options.transcript else None,
        audio_out=options.audio_out,
        speech=speech,
        sound=sound,
        line_stream=line_stream,
        screen_asked=args.screen == ScreenMode.FULL,
    )
    ctx.extra["file_settings"] = options.file_settings
    ctx.openers = screen_openers(hint_playouts=hint_playouts)
    app = SniffApp(ctx, input=input, output=output, screen_mode=options.screen)
    # One game per data folder: a second window is asked to open read-only.
    with FolderLock.acquire(data_dir()) as lock:
        options.lock = lock
        try:
            app.run(lambda host: start_screen(host, options))
        finally:
            _close(ctx)
    app.report_errors()
    return 1 if app.errors else 0


def _close(ctx: UiContext) -> None:
    ctx.output.speech.close()
    ctx.output.sound.close()
    stream = ctx.extra.get("line_stream")
    close_stream = getattr(stream, "close", None)
    if callable(close_stream) and hasattr(stream, "_flush_thread"):
        close_stream()  # a StdoutProxy of ours: flush its last lines


def play_parser() -> argparse.ArgumentParser:
    """A parser with only ``play`` (what ``sniff`` alone runs)."""
    parser = SniffParser(prog="sniff")
    subparsers = parser.add_subparsers(dest="command", parser_class=SniffParser)
    add_parser(subparsers)
    return parser


def run_default(argv: Sequence[str] | None = None) -> int:
    """``sniff`` with no command: ``sniff play`` with the settings' choices."""
    args = play_parser().parse_args(["play", *(argv or [])])
    return main_play(args)
