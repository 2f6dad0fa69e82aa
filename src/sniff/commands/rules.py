"""``sniff rules [PRESET]``: the presets, or one preset's rule fields."""

from __future__ import annotations

import argparse

from sniff.commands.common import Subparsers, UsageError, language_of
from sniff.engine import RulesError, preset

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
    from sniff.announce.rule_words import RuleWords
    from sniff.i18n import translator
    from sniff.storage import load_settings

    words = RuleWords(
        translator(language_of(args, load_settings(keep_aside=False).settings.language))
    )
    if args.name is None:
        print("\n".join(words.presets()))
        return 0
    try:
        rules = preset(args.name)
    except RulesError as error:
        raise UsageError(error) from None
    print("\n".join(words.rule_set(rules)))
    return 0
