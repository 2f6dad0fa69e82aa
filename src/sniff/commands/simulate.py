"""``sniff simulate``: bot games, summed up (and recorded if asked)."""

from __future__ import annotations

import argparse
from pathlib import Path

from sniff.commands.common import Subparsers, UsageError, add_rule_options, rules_from_args
from sniff.engine import RulesError

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    """``sniff simulate``: bot games and their summary."""
    parser = subparsers.add_parser("simulate", help="play bot games and sum them up")
    add_rule_options(parser, default_preset="sniff")
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
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from sniff.session.simulate import parse_levels, simulate  # only when bots play

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
