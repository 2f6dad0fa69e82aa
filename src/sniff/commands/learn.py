"""``sniff learn``: the tutorial, lessons that teach Sniff by playing it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from sniff.commands.common import (
    Subparsers,
    UsageError,
    add_language_option,
    add_output_options,
    language_of,
    require_terminal,
)
from sniff.enums import CommandProblem

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output as PtOutput

    from sniff.i18n import Translator
    from sniff.learn import Lesson
    from sniff.ui.base import UiContext

__all__ = ["add_parser", "list_lessons", "run", "run_learn"]


def add_parser(subparsers: Subparsers) -> None:
    """``sniff learn``: the lessons, in order; each can be left and taken up again."""
    parser = subparsers.add_parser(
        "learn",
        # Translators: `sniff --help`: what the command `sniff learn` does
        help=subparsers.tr._("learn to play, lesson by lesson, by playing"),
    )
    tr = parser.tr
    parser.add_argument(
        "--lesson",
        type=int,
        metavar="N",
        # Translators: `sniff learn --help`: the --lesson option
        help=tr._("open lesson N at once (else the list comes first)"),
    )
    parser.add_argument(
        "--list",
        action="store_true",
        # Translators: `sniff learn --help`: the --list option
        help=tr._("print the lessons and your progress, then stop"),
    )
    add_language_option(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # The lessons and the interface are loaded here: `sniff --help` needs neither.
    from sniff.commands.practice import practice_context
    from sniff.learn import LessonError, load_lessons

    try:
        lessons = load_lessons()
    except LessonError as error:
        raise UsageError(CommandProblem.LESSONS_MISSING, detail=str(error)) from None
    if args.lesson is not None and not 1 <= args.lesson <= len(lessons):
        raise UsageError(CommandProblem.LESSON_RANGE, last=len(lessons))
    if args.list:
        from sniff.i18n import translator
        from sniff.storage import load_settings

        language = language_of(args, load_settings(keep_aside=False).settings.language)
        list_lessons(lessons, translator(language))
        return 0
    require_terminal(False)
    ctx = practice_context(args)
    status = run_learn(ctx, lessons, start=None if args.lesson is None else args.lesson - 1)
    ctx.output.sound.close()
    return status


def run_learn(
    ctx: UiContext,
    lessons: tuple[Lesson, ...],
    *,
    start: int | None = None,
    input: Input | None = None,
    output: PtOutput | None = None,
) -> int:
    """The list of lessons (or lesson *start* at once) until the player leaves;
    *input* and *output* replace the terminal (tests)."""
    from sniff.ui.app import SniffApp, run_app
    from sniff.ui.learn_screen import LessonListScreen

    def first(host: SniffApp) -> LessonListScreen:
        return LessonListScreen(host, lessons=lessons, start=start, on_exit=host.exit, goodbye=True)

    app = run_app(first, ctx, input=input, output=output, screen_mode=ctx.settings.screen)
    return 1 if app.errors else 0


def list_lessons(lessons: tuple[Lesson, ...], tr: Translator, out: TextIO | None = None) -> None:
    """Print each lesson with its state (``sniff learn --list``)."""
    import sys

    from sniff.announce import Phrasebook
    from sniff.announce.coach import CoachWords
    from sniff.learn.progress import ProgressBook

    stream = out if out is not None else sys.stdout
    words = CoachWords(Phrasebook(tr, seat=0, player_names=()))
    book = ProgressBook()
    if book.problem is not None:
        where = str(book.set_aside) if book.set_aside is not None else None
        print(words.progress_set_aside(where).text, file=stream)
    for index, lesson in enumerate(lessons):
        title = words.lesson_text(lesson.title)
        entry = words.entry(
            index + 1,
            len(lessons),
            title,
            book.is_done(lesson),
            book.resumes_at(lesson),
            len(lesson.steps),
        )
        print(entry, file=stream)
