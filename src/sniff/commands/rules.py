"""``sniff rules [PRESET]``: the presets, or one preset's rule fields."""

from __future__ import annotations

import argparse

from sniff.commands.common import Subparsers, UsageError
from sniff.engine import PRESETS, RulesError, preset

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "rules",
        # Translators: `sniff --help`: what the command `sniff rules` does
        help=subparsers.tr._("list the presets or show one preset's rules"),
    )
    # Translators: `sniff rules --help`: the PRESET argument
    parser.add_argument("name", nargs="?", metavar="PRESET", help=parser.tr._("a preset to show"))
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.name is None:
        print("Presets: " + ", ".join(PRESETS) + ". Show one with: sniff rules PRESET")
        return 0
    try:
        rules = preset(args.name)
    except RulesError as error:
        raise UsageError(error) from None
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
