"""The ``sniff`` command: argparse entry point and its subcommands.

Each subcommand is one ``add_<name>_parser(subparsers)`` function in
:data:`SUBCOMMANDS`; it builds its parser and sets ``handler`` to a function
``(args) -> int``. Bad input ends in one ``sniff: error: ...`` line on stderr
and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import NoReturn, TypeAlias

from sniff import __version__
from sniff.engine import PRESETS, SET_SIZES, Combination, RulesError, RuleSet, preset

Handler = Callable[[argparse.Namespace], int]


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2."""


class SniffParser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


#: What an ``add_xxx_parser`` function receives.
Subparsers: TypeAlias = "argparse._SubParsersAction[SniffParser]"


# -- house rules, shared by every subcommand that builds a rule set -----------


def add_rule_options(parser: argparse.ArgumentParser, *, default_preset: str = "sniff") -> None:
    """``--preset`` and the house-rule options (``--scoring``, ``--target``...)."""
    parser.add_argument("--preset", default=default_preset, help="rule preset (default: sniff)")
    parser.add_argument(
        "--scoring", help="counts that score: " + ", ".join(c.value for c in Combination)
    )
    parser.add_argument("--target", type=int, help="points needed to win the game")
    parser.add_argument("--set", dest="tile_set", choices=list(SET_SIZES), help="tile set")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="change any rule field, e.g. --rule muggins=on (repeatable)",
    )


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    """The preset named by ``--preset`` with the house rules applied."""
    try:
        rules = preset(args.preset)
    except RulesError as error:
        raise UsageError(str(error)) from None
    changes: dict[str, object] = {}
    if args.scoring is not None:
        changes["scoring"] = args.scoring
    if args.target is not None:
        changes["targets"] = args.target
    if args.tile_set is not None:
        changes["tile_set"] = args.tile_set
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    for item in args.rule:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise UsageError(f"--rule wants FIELD=VALUE, not {item!r}")
        if name not in fields:
            raise UsageError(f"unknown rule {name!r}; see 'sniff rules'")
        changes[name] = _rule_value(name, value.strip(), fields[name])
    try:
        return rules.with_changes(**changes)
    except (RulesError, TypeError, ValueError) as error:
        raise UsageError(str(error)) from None


def _rule_value(name: str, value: str, current: object) -> object:
    # Tuple fields (hand sizes, targets) take "7" or "7,6,5"; RuleSet would
    # otherwise read a string digit by digit.
    if isinstance(current, tuple):
        try:
            numbers = [int(part) for part in value.split(",")]
        except ValueError:
            raise UsageError(f"{name} wants whole numbers, like 7 or 7,6,5") from None
        if len(numbers) == 1:
            return numbers[0]
        return numbers
    return value


# -- simulate ------------------------------------------------------------------


def add_simulate_parser(subparsers: Subparsers) -> None:
    """``sniff simulate``: bot games and their summary."""
    parser = subparsers.add_parser("simulate", help="play bot games and sum them up")
    add_rule_options(parser)
    parser.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    parser.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument(
        "--bots", help="bot level per seat, e.g. expert,greedy (one level: every seat)"
    )
    parser.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="write records; with several games FILE-001, FILE-002... before the suffix",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument(
        "--max-rounds", type=int, default=200, help="stop a game after this many rounds"
    )
    parser.set_defaults(handler=_run_simulate)


def _run_simulate(args: argparse.Namespace) -> int:
    from sniff.simulate import parse_levels, simulate

    rules = rules_from_args(args)
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
        )
    except (RulesError, ValueError) as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(summary.to_json_text())
    else:
        print("\n".join(summary.to_text()))
    return 0


# -- replay --------------------------------------------------------------------


def add_replay_parser(subparsers: Subparsers) -> None:
    """``sniff replay FILE``: verify a record, then tell it move by move."""
    parser = subparsers.add_parser("replay", help="check a game record and tell it move by move")
    parser.add_argument("file", type=Path, metavar="FILE", help="a sniff-record/1 file")
    parser.add_argument("--lang", choices=("en", "de"), help="language (default: the system's)")
    parser.add_argument(
        "--verbosity", choices=("brief", "normal", "verbose"), default="normal", help="detail"
    )
    parser.add_argument(
        "--speech",
        choices=("text", "auto", "screenreader", "voice"),
        default="text",
        help="print the lines (text), or also speak them",
    )
    parser.set_defaults(handler=_run_replay)


def _run_replay(args: argparse.Namespace) -> int:
    from sniff.announce import narrate_events
    from sniff.i18n import choose_language, translator
    from sniff.record import RecordError, read_record, verify

    try:
        record = read_record(args.file)
        verify(record)
    except RecordError as error:
        raise UsageError(f"{args.file}: {error}") from None
    tr = translator(choose_language(args.lang, None))
    names = [player.name for player in record.players]
    lines = narrate_events(
        record.events,
        player_names=names,
        translator=tr,
        verbosity=args.verbosity,
        rules=record.rules,
    )
    if args.speech == "text":
        for line in lines:
            print(line)
        return 0
    return _speak_replay(lines, args.speech, tr.language)


def _speak_replay(lines: Iterable[str], mode: str, language: str) -> int:
    """Print each line and speak it through the chosen backend, one after another."""
    import time

    from sniff.sound import create_player
    from sniff.speech import create_speech

    sound = create_player(True)
    speech = create_speech(mode, language=language, sound=sound)
    try:
        for line in lines:
            print(line, flush=True)
            speech.speak(line, interrupt=False)
        # Let the queue finish before the program ends (a voice speaks in the background).
        deadline = time.monotonic() + 600
        while getattr(speech, "busy", False) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        speech.close()
        sound.close()
    return 0


# -- rules ---------------------------------------------------------------------


def add_rules_parser(subparsers: Subparsers) -> None:
    """``sniff rules [PRESET]``: the presets, or one preset's rule fields."""
    parser = subparsers.add_parser("rules", help="list the presets or show one preset's rules")
    parser.add_argument("name", nargs="?", metavar="PRESET", help="a preset to show")
    parser.set_defaults(handler=_run_rules)


def _run_rules(args: argparse.Namespace) -> int:
    if args.name is None:
        print("Presets: " + ", ".join(PRESETS) + ". Show one with: sniff rules PRESET")
        return 0
    try:
        rules = preset(args.name)
    except RulesError as error:
        raise UsageError(str(error)) from None
    for name, value in rules.to_json().items():
        if isinstance(value, list):
            shown = ", ".join(str(v) for v in value)
        elif isinstance(value, bool):
            shown = "on" if value else "off"
        elif value is None:
            shown = "none"
        else:
            shown = str(value)
        print(f"{name}: {shown}")
    return 0


# -- the parser ------------------------------------------------------------------


#: Subcommand builders; a new subcommand adds its ``add_xxx_parser`` here.
def _add_interactive_parsers(subparsers: Subparsers) -> None:
    # The keyboard game's commands live with the interface; their modules import
    # prompt_toolkit only when a command runs, so building the parser stays cheap.
    from sniff.ui.cli_play import add_play_parser
    from sniff.ui.cli_practice import add_practice_parser, add_stats_parser

    add_play_parser(subparsers)
    add_practice_parser(subparsers)
    add_stats_parser(subparsers)


SUBCOMMANDS: list[Callable[[Subparsers], None]] = [
    _add_interactive_parsers,
    add_simulate_parser,
    add_replay_parser,
    add_rules_parser,
]


def build_parser() -> argparse.ArgumentParser:
    """The whole ``sniff`` parser with every registered subcommand."""
    parser = SniffParser(prog="sniff", description="Sniff (All Fives dominoes) by ear.")
    parser.add_argument("--version", action="version", version=f"sniff {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=SniffParser)
    for add in SUBCOMMANDS:
        add(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``sniff`` command; returns the exit status."""
    try:
        args = build_parser().parse_args(argv)
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:  # plain `sniff`: the game, you against the expert
            from sniff.ui.cli_play import run_default

            return run_default([])
        return handler(args)
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
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as error:
        reason = error.strerror or str(error)
        where = f"{error.filename}: " if error.filename else ""
        print(f"sniff: error: {where}{reason}", file=sys.stderr)
        return 2
