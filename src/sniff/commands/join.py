"""``sniff join CODE``: sit down at a friend's table (or watch it, ``--watch``).

Without a code, the game takes the player back to the seat they last held
(after a dropped connection, or a restart): the seats are kept in the data
folder (``online.json``).
"""

from __future__ import annotations

import argparse

from sniff.commands.common import (
    Subparsers,
    UsageError,
    add_language_option,
    add_output_options,
    require_terminal,
)
from sniff.commands.host import default_name, server_option
from sniff.enums import CommandProblem

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "join",
        # Translators: `sniff --help`: what the command `sniff join` does
        help=subparsers.tr._("sit down at a friend's table with its code"),
    )
    tr = parser.tr
    parser.add_argument(
        "code",
        nargs="?",
        # Translators: `sniff join --help`: the code argument
        help=tr._("the table's code (none: back to the seat you last held)"),
    )
    server_option(parser)
    parser.add_argument(
        "--watch",
        action="store_true",
        # Translators: `sniff join --help`: the --watch option
        help=tr._("listen to the game without a seat"),
    )
    add_language_option(parser)
    add_output_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from sniff.commands.practice import practice_context
    from sniff.net.address import server_url
    from sniff.net.messages import clean_name
    from sniff.storage.seats import held_seats
    from sniff.ui.online import run_online

    name = clean_name(args.name or default_name()) or "Player"
    try:
        url = server_url(args.server or "127.0.0.1")
    except ValueError:
        raise UsageError(CommandProblem.SERVER_ADDRESS, value=args.server) from None
    request: dict[str, object]
    if args.code:
        kind = "watch" if args.watch else "join"
        request = {"type": kind, "code": args.code[:16]}
        if kind == "join":
            request["name"] = name
    else:
        kept = [s for s in held_seats().value or [] if not args.server or s.server == url]
        if not kept:
            raise UsageError(CommandProblem.NO_SEAT_KEPT)
        url, name = kept[0].server, kept[0].name
        request = {"type": "resume", "token": kept[0].token}
    require_terminal(False)
    ctx = practice_context(args)
    return run_online(ctx, url, request, name=name)
