"""``sniff practice`` and ``sniff stats``: their parsers and what they run.

Imports stay inside the handlers, so ``sniff --help`` stays quick.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from sniff.cli import Subparsers
    from sniff.i18n import Translator
    from sniff.ui.base import UiContext

__all__ = ["add_practice_parser", "add_stats_parser", "practice_context", "run_stats"]

_DRILLS = ("count", "score", "tile", "timed")
_SPEECH = ("auto", "screenreader", "voice", "text", "none")
_SCORINGS = ("fives", "threes", "threes-fives", "primes", "fibs")


def _usage_error(message: str) -> Exception:
    from sniff.cli import UsageError

    return UsageError(message)


# -- sniff practice ------------------------------------------------------------------


def add_practice_parser(subparsers: Subparsers) -> None:
    """``sniff practice``: counting drills by ear."""
    parser = subparsers.add_parser("practice", help="practise counting the open ends by ear")
    parser.add_argument(
        "--drill", choices=_DRILLS, help="start this drill at once (else a small menu comes first)"
    )
    parser.add_argument("--level", type=int, choices=range(1, 6), default=None, help="level 1-5")
    parser.add_argument("--scoring", choices=_SCORINGS, help="counts that score (default fives)")
    parser.add_argument("--seed", type=int, help="seed for the questions (the same questions)")
    parser.add_argument("--lang", help="language: en or de (default: settings, then system)")
    parser.add_argument("--speech", choices=_SPEECH, help="speech output (default: settings)")
    parser.add_argument("--transcript", type=Path, metavar="FILE", help="also write speech here")
    parser.add_argument("--no-sound", action="store_true", help="no earcons")
    parser.add_argument("--screen", choices=("full", "line"), help="full screen or one line")
    parser.set_defaults(handler=_run_practice)


def practice_context(args: argparse.Namespace) -> UiContext:
    """Settings, language, speech and sound for ``sniff practice`` (the game's context)."""
    from sniff.i18n import UnknownLanguage, choose_language, translator
    from sniff.sound import NullPlayer
    from sniff.storage import load_settings
    from sniff.ui.app import build_context

    file_settings = load_settings().settings
    try:
        language = choose_language(args.lang, file_settings.language)
    except UnknownLanguage as error:
        raise _usage_error(str(error)) from None
    changes: dict[str, object] = {}
    if args.speech:
        changes["speech_mode"] = args.speech
    if args.no_sound:
        changes["sounds"] = False
    if args.screen:
        changes["screen"] = args.screen
    settings = file_settings.with_changes(**changes)
    ctx = build_context(
        settings,
        translator(language),
        screen_mode=settings.screen,
        transcript=str(args.transcript) if args.transcript else None,
        sound=None if settings.sounds else NullPlayer(),
    )
    # Command-line values hold for this run only (see the game's settings keys).
    ctx.extra["file_settings"] = file_settings
    return ctx


def _run_practice(args: argparse.Namespace) -> int:
    from sniff.engine import Combination
    from sniff.practice import Drill
    from sniff.ui.app import SniffApp, require_terminal, run_app
    from sniff.ui.practice_screen import PracticeScreen

    require_terminal(None)
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


# -- sniff stats ----------------------------------------------------------------------


def add_stats_parser(subparsers: Subparsers) -> None:
    """``sniff stats``: games and practice results; ``--reset`` starts them again."""
    parser = subparsers.add_parser("stats", help="your games and practice results")
    parser.add_argument("--reset", action="store_true", help="delete all statistics (asks first)")
    parser.add_argument("--yes", action="store_true", help="with --reset: do not ask")
    parser.add_argument("--lang", help="language: en or de (default: settings, then system)")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument(
        "--speech", choices=_SPEECH, default="text", help="also speak them (default: text only)"
    )
    parser.set_defaults(handler=_run_stats)


def _run_stats(args: argparse.Namespace) -> int:
    from sniff.i18n import UnknownLanguage, choose_language, translator
    from sniff.storage import load_settings

    try:
        language = choose_language(args.lang, load_settings().settings.language)
    except UnknownLanguage as error:
        raise _usage_error(str(error)) from None
    return run_stats(
        translator(language),
        reset=args.reset,
        yes=args.yes,
        as_json=args.json,
        speech_mode=args.speech,
    )


def run_stats(
    tr: Translator,
    *,
    reset: bool = False,
    yes: bool = False,
    as_json: bool = False,
    speech_mode: str = "text",
    out: TextIO | None = None,
    ask: Callable[[str], str] = input,
) -> int:
    """Print (and speak) the statistics, or reset them after asking."""
    from sniff.announce.practice import reset_words, stats_report
    from sniff.storage import load_stats, reset_stats, stats_path

    stream = out if out is not None else sys.stdout
    words = reset_words(tr)
    if reset:
        if not yes:
            try:
                answer = ask(words.question + " ")
            except EOFError:
                answer = ""
            if answer.strip().casefold() not in words.yes:
                print(words.kept, file=stream)
                return 1
        reset_stats()
        print(words.done, file=stream)
        return 0
    loaded = load_stats()
    if as_json:
        print(json.dumps(loaded.stats.to_json(), indent=1, ensure_ascii=False), file=stream)
        return 0
    lines = []
    if loaded.problem is not None:
        lines.append(words.problem.format(path=stats_path(), detail=loaded.problem.detail))
    lines += stats_report(tr, loaded.stats.games, loaded.stats.practice)
    for line in lines:
        print(line, file=stream)
    if speech_mode not in ("text", "none"):
        _speak(lines, speech_mode, tr.language)
    return 0


def _speak(lines: list[str], mode: str, language: str) -> None:
    """Say the lines through a voice or screen reader (text is already printed)."""
    import io
    import time

    from sniff.sound import create_player
    from sniff.speech import create_speech

    sound = create_player(False)
    # The text fallback goes nowhere: the lines are on the terminal already.
    speech = create_speech(mode, language=language, sound=sound, text_stream=io.StringIO())
    try:
        for line in lines:
            speech.speak(line)
        # The voice speaks in the background: let it finish before closing (at most a minute).
        deadline = time.monotonic() + 60.0
        time.sleep(0.2)
        while sound.is_playing("speech") and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        speech.close()
        sound.close()
