"""``sniff stats``: your games and practice results; ``--reset`` starts them again."""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from collections.abc import Callable
from typing import TextIO

from sniff.commands.common import Subparsers, add_language_option, language_of
from sniff.enums import SpeechMode, values
from sniff.i18n import Translator, translator
from sniff.storage import load_settings, load_stats, reset_stats, stats_path

__all__ = ["add_parser", "run", "run_stats"]


def add_parser(subparsers: Subparsers) -> None:
    """``sniff stats``: games and practice results; ``--reset`` starts them again."""
    parser = subparsers.add_parser(
        "stats",
        # Translators: `sniff --help`: what the command `sniff stats` does
        help=subparsers.tr._("your games and practice results"),
    )
    tr = parser.tr
    parser.add_argument(
        "--reset",
        action="store_true",
        # Translators: `sniff stats --help`: the --reset option
        help=tr._("delete all statistics (asks first)"),
    )
    # Translators: `sniff stats --help`: the --yes option
    parser.add_argument("--yes", action="store_true", help=tr._("with --reset: do not ask"))
    add_language_option(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        # Translators: `sniff stats --help`: the --json option
        help=tr._("print the statistics as JSON"),
    )
    parser.add_argument(
        "--speech",
        choices=values(SpeechMode),
        default=SpeechMode.TEXT,
        # Translators: `sniff stats --help`: the --speech option
        help=tr._("also speak them (default: text, printed only)"),
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    language = language_of(args, load_settings(keep_aside=False).settings.language)
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
    speech_mode: str = SpeechMode.TEXT,
    out: TextIO | None = None,
    ask: Callable[[str], str] = input,
) -> int:
    """Print (and speak) the statistics, or reset them after asking."""
    # Imported here: building the parser for `sniff play` must not load the statistics.
    from sniff.announce.errors import ErrorWords
    from sniff.announce.files import FileWords
    from sniff.announce.stats import reset_words, stats_report
    from sniff.learn.progress import progress_lines

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
    if loaded.set_aside is not None:
        lines.append(FileWords(tr).stats_kept(str(loaded.set_aside)).text)
    elif loaded.problem is not None:
        cause = loaded.problem.cause
        detail = ErrorWords(tr).why(cause) if cause is not None else loaded.problem.detail
        lines.append(FileWords(tr).stats_unreadable(str(stats_path()), detail).text)
    lines += stats_report(tr, loaded.stats.games, loaded.stats.practice)
    lines += progress_lines(tr)
    for line in lines:
        print(line, file=stream)
    if speech_mode not in (SpeechMode.TEXT, SpeechMode.NONE):
        _speak(lines, speech_mode, tr.language)
    return 0


def _speak(lines: list[str], mode: str, language: str) -> None:
    """Say the lines through a voice or screen reader (text is already printed)."""
    from sniff.output.sound import create_player
    from sniff.output.speech import create_speech

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
