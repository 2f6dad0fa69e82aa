"""The ``sniff`` command: parse the arguments, run the command asked for.

Each command lives in its own module of :mod:`sniff.commands`. Bad input
ends in one ``sniff: error: ...`` line on stderr and exit status 2, never a
traceback.
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
from sniff.commands.common import SniffParser, UsageError
from sniff.engine import RulesError

__all__ = ["build_parser", "main"]

Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The whole ``sniff`` parser with every command of :data:`COMMANDS`."""
    parser = SniffParser(prog="sniff", description="Sniff (All Fives dominoes) by ear.")
    parser.add_argument("--version", action="version", version=f"sniff {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=SniffParser)
    for name in COMMANDS:
        importlib.import_module(f"sniff.commands.{name}").add_parser(subparsers)
    return parser


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


def _main(argv: Sequence[str] | None) -> int:
    try:
        args = build_parser().parse_args(argv)
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:  # plain `sniff`: the game, you against the expert
            from sniff.commands.play import run_default

            return run_default([])
        return handler(args)
    except KeyboardInterrupt:
        # Control C outside the game (which takes it as a key): stop quietly.
        print(file=sys.stderr)
        return 130
    except (UsageError, RulesError) as error:
        print(f"sniff: error: {error}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help and --version end here
        return done.code if isinstance(done.code, int) else 0
    except ImportError as error:
        print(f"sniff: error: a part of sniff is missing: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``sniff replay FILE | head``): nothing to report.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        reason = error.strerror or str(error)
        where = f"{error.filename}: " if error.filename else ""
        print(f"sniff: error: {where}{reason}", file=sys.stderr)
        return 2
