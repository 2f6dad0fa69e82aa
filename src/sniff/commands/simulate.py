"""``sniff simulate``: bot games, summed up (and recorded if asked).

On a terminal, a line on stderr tells how far a long run is; it stays quiet
when stderr is not a terminal (a pipe, a log file) and with ``--json``, so
what a script reads is the summary alone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from sniff.commands.common import (
    Subparsers,
    UsageError,
    add_language_option,
    add_rule_options,
    check_record_target,
    language_of,
    rules_from_args,
)
from sniff.engine import RulesError
from sniff.enums import BotLevel, CommandProblem, values
from sniff.i18n import translator
from sniff.storage import load_settings

__all__ = ["Progress", "add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    """``sniff simulate``: bot games and their summary."""
    parser = subparsers.add_parser(
        "simulate",
        # Translators: `sniff --help`: what the command `sniff simulate` does
        help=subparsers.tr._("play bot games and sum them up"),
    )
    tr = parser.tr
    add_rule_options(parser, default_preset="sniff")
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        # Translators: `sniff simulate --help`: the --players option
        help=tr._("number of players, 2 to 4 (default: 2)"),
    )
    parser.add_argument(
        "--games",
        type=int,
        default=1,
        # Translators: `sniff simulate --help`: the --games option
        help=tr._("number of games (default: 1)"),
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        # Translators: `sniff simulate --help`: the --seed option; the games after the first
        # take the next seeds
        help=tr._("seed of the first game (default: 1)"),
    )
    parser.add_argument(
        "--bots",
        # Translators: `sniff simulate --help`: the --bots option; {levels} lists the level names
        help=tr._(
            "bot level per seat, e.g. expert,greedy; one level: every seat ({levels})"
        ).format(levels=", ".join(values(BotLevel))),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        # Translators: `sniff simulate --help`: the --jobs option; the results do not depend on it
        help=tr._("play on N processor cores at once; 0: all of them (default: 1)"),
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        # Translators: `sniff simulate --help`: the --record option
        help=tr._("write records; with several games FILE-001, FILE-002... before the suffix"),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        # Translators: `sniff simulate --help`: the --json option
        help=tr._("print the summary as JSON (and no progress)"),
    )
    parser.add_argument(
        "--max-rounds",
        type=int,
        default=200,
        # Translators: `sniff simulate --help`: the --max-rounds option
        help=tr._("stop a game after this many rounds (default: 200)"),
    )
    add_language_option(parser)
    parser.set_defaults(handler=run)


class Progress:
    """One line on a terminal, "12 of 100 games played", written over in place.

    It says "0 of 100" at once, so the player knows the run has started, then
    a new figure at most every *interval* seconds: a screen reader that reads
    new terminal text hears a figure now and then rather than a stream of them.
    """

    def __init__(
        self,
        stream: TextIO,
        total: int,
        say: Callable[[int, int], str],
        *,
        interval: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._stream = stream
        self._total = total
        self._say = say
        self._interval = interval
        self._clock = clock
        self._last = clock()
        self._width = 0
        if total > 1:  # one game is over before anyone could read a figure
            self._write(say(0, total))

    def update(self, done: int) -> None:
        """*done* games are played; say so if the last figure is old enough."""
        if done >= self._total or self._width == 0:
            return
        now = self._clock()
        if now - self._last < self._interval:
            return
        self._last = now
        self._write(self._say(done, self._total))

    def close(self) -> None:
        """Clear the line, so that the summary starts on a clean one."""
        if self._width:
            self._write("")
            self._stream.write("\r")
            self._stream.flush()

    def _write(self, text: str) -> None:
        # Spaces rather than an escape sequence clear the rest: a dumb terminal has none.
        self._stream.write("\r" + text.ljust(self._width))
        self._stream.flush()
        self._width = max(self._width, len(text))


def _check_counts(args: argparse.Namespace) -> None:
    """The numbers and bot levels of the command line, refused here with a reason
    the player is told in their language."""
    if args.jobs < 0:
        raise UsageError(CommandProblem.JOBS)
    if args.games < 1:
        raise UsageError(CommandProblem.GAMES)
    if args.max_rounds < 1:
        raise UsageError(CommandProblem.MAX_ROUNDS)
    if args.bots:
        levels = [part.strip() for part in args.bots.split(",")]
        bad = [level for level in levels if level not in values(BotLevel)]
        if bad:
            raise UsageError(CommandProblem.UNKNOWN_BOT, value=bad[0], choices=values(BotLevel))
        if len(levels) not in (1, args.players):
            raise UsageError(CommandProblem.BOT_COUNT, given=len(levels), players=args.players)


def _shows_progress(args: argparse.Namespace, stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return not args.json and callable(isatty) and bool(isatty())


def run(args: argparse.Namespace) -> int:
    # Imported here: the bots and their games are loaded only when bots play.
    from sniff.announce.simulation import SimulationWords
    from sniff.session.simulate import parse_levels, record_paths, simulate

    language = language_of(args, load_settings(keep_aside=False).settings.language)
    _check_counts(args)
    if args.record is not None:  # the first file tells for the folder they all go to
        check_record_target(record_paths(args.record, args.games)[0])
    jobs = args.jobs or os.cpu_count() or 1
    rules = rules_from_args(args)
    words = SimulationWords(translator(language))
    progress = (
        Progress(sys.stderr, args.games, words.progress)
        if _shows_progress(args, sys.stderr)
        else None
    )
    try:
        rules.check_players(args.players)
        levels = parse_levels(args.bots, args.players)
        summary = simulate(
            rules,
            levels,
            games=args.games,
            seed=args.seed,
            max_rounds=args.max_rounds,
            record=args.record,
            jobs=jobs,
            on_game=progress.update if progress is not None else None,
        )
    except (RulesError, ValueError) as error:
        raise UsageError(error) from None
    finally:
        if progress is not None:
            progress.close()
    if args.json:
        # Every rule played, house rules included, beside the preset's name.
        print(json.dumps({**summary.to_json(), "rules": rules.to_json()}, ensure_ascii=False))
    else:
        print("\n".join(words.summary(summary, rules)))
    return 0
