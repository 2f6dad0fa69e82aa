"""``sniff host``: open a table for friends and sit down at it.

Without ``--server`` the game hosts the table itself, on this computer only
(``--listen`` another address, after saying yes to the question, lets others
on the network in). It says the table's code, letter by letter, to pass on.
"""

from __future__ import annotations

import argparse
import getpass

from sniff.commands.common import (
    Subparsers,
    UsageError,
    add_language_option,
    add_output_options,
    add_rule_options,
    require_terminal,
    rules_from_args,
)
from sniff.enums import BotLevel, CommandProblem, values

__all__ = ["add_parser", "default_name", "run", "server_option"]


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "host",
        # Translators: `sniff --help`: what the command `sniff host` does
        help=subparsers.tr._("open a table for friends, and sit down at it"),
    )
    tr = parser.tr
    server_option(parser)
    add_rule_options(parser, default_preset="sniff")
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        # Translators: `sniff host --help`: the --players option
        help=tr._("seats at the table, 2 to 4 (default: 2)"),
    )
    parser.add_argument(
        "--people",
        type=int,
        metavar="N",
        # Translators: `sniff host --help`: the --people option
        help=tr._("how many of the seats are for people, you included (default: all)"),
    )
    parser.add_argument(
        "--bots",
        default="expert",
        choices=values(BotLevel),
        # Translators: `sniff host --help`: the --bots option
        help=tr._("the level of the bots in the other seats (default: expert)"),
    )
    parser.add_argument(
        "--timer",
        type=int,
        default=0,
        choices=(0, 60, 120, 300),
        # Translators: `sniff host --help`: the --timer option
        help=tr._("seconds for a turn before a bot plays it (default: 0, no timer)"),
    )
    parser.add_argument(
        "--listen",
        default="127.0.0.1",
        metavar="ADDRESS",
        # Translators: `sniff host --help`: the --listen option
        help=tr._(
            "without --server: where the game listens (default: this computer only; "
            "0.0.0.0 lets your network in, after a question)"
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=8765,
        # Translators: `sniff host --help`: the --port option
        help=tr._("without --server: the port (default: 8765)"),
    )
    add_language_option(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def server_option(parser: argparse.ArgumentParser) -> None:
    """``--server`` and ``--name``, shared by host and join."""
    tr = parser.tr  # type: ignore[attr-defined]
    parser.add_argument(
        "--server",
        metavar="ADDRESS",
        # Translators: `sniff host/join --help`: the --server option
        help=tr._("the server's address, e.g. 192.168.1.20:8765 or https://sniff.example.org"),
    )
    parser.add_argument(
        "--name",
        # Translators: `sniff host/join --help`: the --name option
        help=tr._("your name at the table (default: your user name)"),
    )


def default_name() -> str:
    try:
        return getpass.getuser().capitalize()[:20]
    except (OSError, KeyError, ImportError):
        return "Player"


def house_rules(args: argparse.Namespace) -> dict[str, object]:
    """The house rules asked for (--scoring, --rule ...), as an online table takes them;
    a rule a server table does not take is refused here, in the player's language."""
    from sniff.engine import preset
    from sniff.net.messages import HOUSE_RULES

    rules = rules_from_args(args)
    base = preset(args.preset)
    changed: dict[str, object] = {}
    for field, value in rules.to_json().items():
        if field in ("preset", "targets") or value == base.to_json()[field]:
            continue
        if field not in HOUSE_RULES:
            raise UsageError(CommandProblem.NOT_ONLINE, name=field, choices=", ".join(HOUSE_RULES))
        changed[field] = value
    return changed


def run(args: argparse.Namespace) -> int:
    from sniff.commands.practice import practice_context
    from sniff.net.address import DEFAULT_PORT, is_loopback, server_url
    from sniff.net.messages import clean_name
    from sniff.server.app import ServerOptions
    from sniff.storage import data_dir
    from sniff.ui.online import run_online

    if not 0 <= args.port <= 65535:
        raise UsageError(CommandProblem.PORT, value=args.port)
    people = args.players if args.people is None else args.people
    if not 1 <= people <= args.players:
        raise UsageError(CommandProblem.PEOPLE, people=people, players=args.players)
    seats = ["person"] * people + [args.bots] * (args.players - people)
    name = clean_name(args.name or default_name()) or "Player"
    create: dict[str, object] = {
        "type": "create", "name": name, "preset": args.preset, "seats": seats,
        "timer": args.timer, "rules": house_rules(args),
    }  # fmt: skip
    if args.target is not None:
        create["target"] = args.target
    hosted = None
    url = ""
    if args.server:
        try:
            url = server_url(args.server)
        except ValueError:
            raise UsageError(CommandProblem.SERVER_ADDRESS, value=args.server) from None
    else:
        hosted = ServerOptions(
            data=data_dir() / "host", host=args.listen, port=args.port or DEFAULT_PORT
        )
    require_terminal(False)
    ctx = practice_context(args)
    ask_first = hosted is not None and not is_loopback(args.listen)
    return run_online(ctx, url, create, name=name, hosted=hosted, ask_first=ask_first)
