"""What every command shares: the parser class, usage errors, and the
house-rule options that build a :class:`~sniff.engine.RuleSet`.

Bad input ends in one ``sniff: error: ...`` line on stderr and exit status
2, never a traceback: a command raises :class:`UsageError` and
:func:`sniff.cli.main` reports it.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from pathlib import Path
from typing import NoReturn, TypeAlias

from sniff.engine import SET_SIZES, Combination, RulesError, RuleSet, preset

__all__ = [
    "SniffParser",
    "Subparsers",
    "UsageError",
    "add_audio_out_option",
    "add_rule_options",
    "dumb_terminal",
    "require_terminal",
    "rules_from_args",
]


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2."""


class SniffParser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


#: What a command's ``add_parser`` function receives.
Subparsers: TypeAlias = "argparse._SubParsersAction[SniffParser]"


def add_rule_options(parser: argparse.ArgumentParser, *, default_preset: str | None) -> None:
    """``--preset`` and the house-rule options (``--scoring``, ``--target``...)."""
    parser.add_argument(
        "--preset",
        default=default_preset,
        help=f"rule preset (default: {default_preset or 'the settings, else sniff'})",
    )
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


#: An example of each field that takes numbers, for the refusal of a bad one.
_NUMBERS_EXAMPLE = {"hand_sizes": "7 or 7,6,5", "targets": "200 or 250,200,200"}


def _rule_value(name: str, value: str, current: object) -> object:
    """The value of ``--rule name=value`` for RuleSet; a clear refusal where
    RuleSet's own would not name the choices."""
    if name == "tile_set" and value not in SET_SIZES:
        raise UsageError(f"tile_set must be one of {', '.join(SET_SIZES)}, not {value!r}")
    # Tuple fields (hand sizes, targets) take "7" or "7,6,5"; RuleSet would
    # otherwise read a string digit by digit. Only ASCII digits: int() would
    # also take "1_0" and digits of other scripts.
    if isinstance(current, tuple):
        parts = value.split(",")
        if not all(part.strip().isascii() and part.strip().isdigit() for part in parts):
            example = _NUMBERS_EXAMPLE.get(name, "7 or 7,6,5")
            raise UsageError(f"{name} wants whole numbers, like {example}, not {value!r}")
        numbers = [int(part) for part in parts]
        if len(numbers) == 1:
            return numbers[0]
        return numbers
    return value


def add_audio_out_option(parser: argparse.ArgumentParser) -> None:
    """``--audio-out FILE.wav``: everything the game plays, also into a sound file."""
    parser.add_argument(
        "--audio-out",
        type=Path,
        metavar="FILE.wav",
        help="also write everything the game plays (voice and sounds) to this WAV file",
    )


def dumb_terminal() -> bool:
    """Whether the terminal cannot draw a screen (``TERM=dumb``, Emacs shells, some
    braille and speech terminals): then the game writes plain lines only."""
    return os.environ.get("TERM", "").strip().lower() in ("dumb", "unknown")


def require_terminal(has_input: bool) -> None:
    """Refuse to start the keyboard interface without a keyboard (stdin not a
    terminal), with one clear line instead of prompt_toolkit's traceback."""
    if not has_input and not sys.stdin.isatty():
        raise UsageError(
            "the game is played at a terminal: start it from one "
            "(bot games without a terminal: sniff simulate)"
        )
