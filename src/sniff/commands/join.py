"""``sniff join CODE``: sit down at a friend's table (or watch it, ``--watch``).

The seats a player held are kept in the data folder (``online.json``): the code
of a table where they hold a seat takes them back to it (after a dropped
connection, a crash, another table in between); without a code, the game takes
them back to their only seat, or lists the tables they can return to.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sniff.commands.common import (
    Subparsers,
    UsageError,
    add_language_option,
    add_output_options,
    language_of,
    require_terminal,
)
from sniff.commands.host import default_name, server_option
from sniff.enums import CommandProblem

if TYPE_CHECKING:
    from sniff.i18n import Translator
    from sniff.storage.seats import HeldSeat

__all__ = ["add_parser", "run", "seats_listed"]


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
        help=tr._("the table's code (none: back to your seat, or the tables you can return to)"),
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
    from sniff.i18n import translator
    from sniff.net.address import server_url
    from sniff.net.messages import clean_name
    from sniff.server.codes import normal_code
    from sniff.storage import load_settings
    from sniff.storage.seats import held_seats
    from sniff.ui.online import run_online

    name = clean_name(args.name or default_name()) or "Player"
    try:
        url = server_url(args.server or "127.0.0.1")
    except ValueError:
        raise UsageError(CommandProblem.SERVER_ADDRESS, value=args.server) from None
    kept = [s for s in held_seats().value or [] if not args.server or s.server == url]
    request: dict[str, object]
    if args.code:
        # A seat held at this table (away, or another table in between): back to it.
        wanted = normal_code(args.code)
        mine = [s for s in kept if wanted is not None and normal_code(s.code) == wanted]
        if mine and not args.watch:
            url, name = mine[0].server, mine[0].name
            request = {"type": "resume", "token": mine[0].token}
        else:
            request = {"type": "watch" if args.watch else "join", "code": args.code[:16],
                       "name": name}  # fmt: skip
    elif not kept:
        raise UsageError(CommandProblem.NO_SEAT_KEPT)
    elif len(kept) > 1:
        settings = load_settings(keep_aside=False).settings
        print(seats_listed(translator(language_of(args, settings.language)), kept))
        return 0
    else:
        url, name = kept[0].server, kept[0].name
        request = {"type": "resume", "token": kept[0].token}
    require_terminal(False)
    ctx = practice_context(args)
    return run_online(ctx, url, request, name=name)


def seats_listed(tr: Translator, seats: Sequence[HeldSeat]) -> str:
    """The tables a player can return to, one a line, newest first, and how."""
    # Translators: `sniff join` without a code, when seats are kept at several tables;
    # the list of them follows, one a line.
    lines = [tr._("You hold a seat at these tables; sniff join CODE takes you back to one:")]
    for seat in seats:
        # Translators: one table in that list ("K7QD-3MXA on ws://192.168.1.20:8765/ws,
        # as Ada").
        line = tr._("{code} on {server}, as {name}")
        lines.append("  " + line.format(code=seat.code, server=seat.server, name=seat.name))
    return "\n".join(lines)
