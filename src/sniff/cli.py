"""The ``sniff`` command: parse the arguments, run the command asked for.

Each command lives in its own module of :mod:`sniff.commands`. Bad input
ends in one ``sniff: error: ...`` line on stderr and exit status 2, never a
traceback.

Global options come before the command: ``sniff --lang de`` starts a German
game, ``sniff --lang de replay FILE`` tells a record in German. Without a
command the options are the game's: ``sniff --speech text`` is ``sniff play
--speech text``. ``--help``
speaks the language the game would: ``--lang`` anywhere on the line, else
the settings, else the system's.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from sniff import __version__
from sniff.commands import COMMANDS
from sniff.commands.common import (
    SniffParser,
    UsageError,
    add_language_option,
    argparse_speaks,
    placeholder,
)
from sniff.engine import RulesError
from sniff.enums import CommandProblem
from sniff.i18n import Translator, UnknownLanguage, choose_language

__all__ = ["build_parser", "help_translator", "main"]

Handler = Callable[[argparse.Namespace], int]

_HELP = ("-h", "--help")


def build_parser(tr: Translator | None = None) -> SniffParser:
    """The whole ``sniff`` parser with every command of :data:`COMMANDS`, its help
    in *tr*'s language (English without one)."""
    tr = tr or Translator.null()
    parser = SniffParser(
        prog="sniff",
        translator=tr,
        # Translators: the first line of `sniff --help`
        description=tr._("Sniff (All Fives dominoes) by ear."),
        # Translators: the last line of `sniff --help`
        epilog=tr._(
            "Without a command, sniff starts a game and takes the options of sniff play "
            "(sniff --speech text). Every command has its own --help: sniff play --help."
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"sniff {__version__}",
        # Translators: `sniff --help`: the --version option
        help=tr._("show the version and stop"),
    )
    parser.add_argument(
        "--lang",
        dest="global_lang",
        metavar="LANG",
        # Translators: `sniff --help`: --lang given before the command, for every command
        help=tr._("language: en or de, for the command that follows (default: the settings)"),
    )
    subparsers = parser.add_subparsers(
        dest="command",
        metavar=placeholder(tr, "COMMAND"),
        # Translators: `sniff --help`: heading above the list of commands
        title=tr._("commands"),
    )
    for name in COMMANDS:
        importlib.import_module(f"sniff.commands.{name}").add_parser(subparsers)
    for command in subparsers.choices.values():
        # --lang is good anywhere on the line: a command that says nothing in words
        # (sniff rules) still takes it, for its --help.
        with contextlib.suppress(argparse.ArgumentError):  # the command has its own
            add_language_option(command)
    return parser


def _language_on_line(argv: Sequence[str]) -> str | None:
    """The last ``--lang X`` (or ``--lang=X``) anywhere before a ``--``."""
    found = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif arg.startswith("--lang="):
            found = arg.partition("=")[2]
    return found


def _settings_language() -> str | None:
    """The language in the settings file, only read: a damaged file is the game's to
    report and set aside when it starts, not the help's."""
    from sniff.storage.paths import settings_path
    from sniff.storage.settings import parse_settings

    try:
        settings, _, _ = parse_settings(settings_path().read_bytes().decode("utf-8"))
    except (OSError, ValueError):  # no file, unreadable, not UTF-8, not TOML
        return None
    return settings.language


def help_translator(argv: Sequence[str]) -> Translator:
    """The language ``--help`` and an error speak, chosen as the game chooses: ``--lang``
    on the line, else the settings, else the system's; an unknown ``--lang`` is skipped
    here (the command itself says it is unknown)."""
    from sniff.i18n import translator

    settings = _settings_language()
    try:
        return translator(choose_language(_language_on_line(argv), settings))
    except UnknownLanguage:
        return translator(choose_language(None, settings))


def _wants_help(argv: Sequence[str]) -> bool:
    return any(arg in _HELP for arg in argv[: argv.index("--") if "--" in argv else None])


def _is_the_game(argv: Sequence[str]) -> bool:
    """Options and no command (``sniff --speech text``): they are the game's options.
    ``--help`` and ``--version`` alone stay ``sniff``'s own."""
    return (
        bool(argv)
        and argv[0].startswith("-")
        and not any(arg in COMMANDS or arg in (*_HELP, "--version") for arg in argv)
    )


def _parse(argv: list[str]) -> argparse.Namespace:
    if _is_the_game(argv):
        argv = ["play", *argv]
    # English help costs nothing; another language loads its catalogue, so only for --help.
    tr = help_translator(argv) if _wants_help(argv) else None
    try:
        args = build_parser(tr).parse_args(argv)
    except UsageError:
        # argparse words its refusal while it parses: the same line parsed again in the
        # player's language fails the same way, in their words.
        language = help_translator(argv)
        with argparse_speaks(language):
            build_parser(language).parse_args(argv)
        raise
    # The command's own --lang, when given, is the later and wins.
    if getattr(args, "lang", None) is None:
        args.lang = args.global_lang
    for given in (args.global_lang, args.lang):
        if given is None:
            continue
        try:
            choose_language(given)
        except UnknownLanguage as error:
            raise UsageError(error) from None
    return args


def _tolerant_streams() -> None:
    """Never fail on a character the terminal cannot show (``PYTHONIOENCODING=ascii``,
    an old console): it is replaced, and the game goes on."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if callable(reconfigure):
            with contextlib.suppress(OSError, ValueError):  # a closed or odd stream: leave it
                reconfigure(errors="replace")


@contextlib.contextmanager
def _no_flow_control() -> Iterator[None]:
    """Control S is a key of the game (save), not the terminal's XOFF: with XON/XOFF
    on, it would stop all output until Control Q, and the game would seem frozen
    to a player who cannot see it. So flow control is off while sniff runs (and
    output restarted, in case Control S came while it was starting), and the
    terminal's own setting comes back at the end. Only in the foreground: a
    background job that touched the terminal would be stopped."""
    if sys.platform == "win32":  # no XON/XOFF on the Windows console
        yield
        return
    import termios

    try:
        fd = sys.stdin.fileno()
        foreground = os.isatty(fd) and os.tcgetpgrp(fd) == os.getpgrp()
        saved = termios.tcgetattr(fd) if foreground else None
    except (OSError, ValueError, termios.error):
        saved = None  # no terminal here (a pipe, a closed stdin): nothing to change
    if saved is None:
        yield
        return
    changed = list(saved)
    changed[0] &= ~(termios.IXON | termios.IXOFF)
    with contextlib.suppress(OSError, termios.error):
        termios.tcsetattr(fd, termios.TCSANOW, changed)
        termios.tcflow(fd, termios.TCOON)
    try:
        yield
    finally:
        with contextlib.suppress(OSError, termios.error):
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sniff`` command; returns the exit status."""
    _tolerant_streams()
    with _no_flow_control():
        return _main(argv)


#: The most characters of an error line: a damaged file may quote a huge value.
ERROR_LIMIT = 400


def _fail(argv: Sequence[str], error: BaseException) -> int:
    """Say *error* on stderr, in one line in the player's language; exit status 2."""
    try:
        from sniff.announce.errors import ErrorWords
        from sniff.storage.limits import clean_text

        tr = help_translator(argv)
        words = ErrorWords(tr)
        said = error.words(tr) if isinstance(error, UsageError) else words.explain(error)
        # What a file or the command line holds must not drive the terminal.
        said = clean_text(said)
        if len(said) > ERROR_LIMIT:
            said = said[:ERROR_LIMIT] + "..."
        line = words.report(said)
    except Exception:  # the words themselves failed (a broken install): the English
        line = f"sniff: error: {error}"
    print(line, file=sys.stderr)
    return 2


def _main(argv: Sequence[str] | None) -> int:
    line = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parse(line)
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:  # plain `sniff`: the game, you against the expert
            from sniff.commands.play import run_default

            return run_default(["--lang", args.lang] if args.lang else [])
        return handler(args)
    except KeyboardInterrupt:
        # Control C outside the game (which takes it as a key): stop quietly.
        print(file=sys.stderr)
        return 130
    except (UsageError, RulesError, UnknownLanguage) as error:
        return _fail(line, error)
    except SystemExit as done:  # --help and --version end here
        return done.code if isinstance(done.code, int) else 0
    except ImportError as error:
        return _fail(line, UsageError(CommandProblem.PART_MISSING, detail=str(error)))
    except BrokenPipeError:
        # The reader went away (``sniff replay FILE | head``): nothing to report.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        return _fail(line, error)
