"""``sniff practice``: counting drills by ear."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from sniff.commands.common import (
    Subparsers,
    add_language_option,
    add_output_options,
    dumb_terminal,
    language_of,
    require_terminal,
)
from sniff.engine import Combination
from sniff.enums import ScreenMode, values
from sniff.i18n import translator
from sniff.practice import LEVELS, Drill
from sniff.storage import load_settings

if TYPE_CHECKING:
    from sniff.ui.base import UiContext

__all__ = ["add_parser", "practice_context", "run"]


def add_parser(subparsers: Subparsers) -> None:
    """``sniff practice``: counting drills by ear."""
    parser = subparsers.add_parser(
        "practice",
        # Translators: `sniff --help`: what the command `sniff practice` does
        help=subparsers.tr._("practise counting the open ends by ear"),
    )
    tr = parser.tr
    parser.add_argument(
        "--drill",
        choices=values(Drill),
        # Translators: `sniff practice --help`: the --drill option
        help=tr._("start this drill at once (else a small menu comes first)"),
    )
    parser.add_argument(
        "--level",
        type=int,
        choices=sorted(LEVELS),
        default=None,
        # Translators: `sniff practice --help`: the --level option; {last} is the highest level
        help=tr._("level 1 to {last}").format(last=len(LEVELS)),
    )
    parser.add_argument(
        "--scoring",
        choices=values(Combination),
        # Translators: `sniff practice --help`: the --scoring option
        help=tr._("counts that score (default: fives)"),
    )
    parser.add_argument(
        "--seed",
        type=int,
        # Translators: `sniff practice --help`: the --seed option
        help=tr._("seed for the questions (the same seed, the same questions)"),
    )
    add_language_option(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def practice_context(args: argparse.Namespace) -> UiContext:
    """Settings, language, speech and sound for ``sniff practice`` (the game's context)."""
    from sniff.ui.app import build_context

    file_settings = load_settings(keep_aside=False).settings
    language = language_of(args, file_settings.language)
    changes: dict[str, object] = {}
    if args.speech:
        changes["speech_mode"] = args.speech
    if args.no_sound:
        changes["sounds"] = False
    if args.screen:
        changes["screen"] = args.screen
    elif dumb_terminal():
        changes["screen"] = ScreenMode.LINE
    settings = file_settings.with_changes(**changes)
    ctx = build_context(
        settings,
        translator(language),
        screen_mode=settings.screen,
        transcript=str(args.transcript) if args.transcript else None,
        audio_out=args.audio_out,
        screen_asked=args.screen == ScreenMode.FULL,
    )
    # Command-line values hold for this run only (see the game's settings keys).
    ctx.extra["file_settings"] = file_settings
    return ctx


def run(args: argparse.Namespace) -> int:
    # The interface is imported here: prompt_toolkit is heavy, `sniff --help` is not.
    from sniff.ui.app import SniffApp, run_app
    from sniff.ui.practice_screen import PracticeScreen

    require_terminal(False)
    ctx = practice_context(args)
    drill = Drill(args.drill) if args.drill else Drill.COUNT
    combination = Combination(args.scoring) if args.scoring else Combination.FIVES

    def first(host: SniffApp) -> PracticeScreen:
        return PracticeScreen(
            host,
            drill=drill,
            level=args.level or 1,
            combination=combination,
            seed=args.seed,
            start=args.drill is not None,
            on_exit=host.exit,
            goodbye=True,
        )

    app = run_app(first, ctx, screen_mode=ctx.settings.screen)
    ctx.output.sound.close()
    return 1 if app.errors else 0
