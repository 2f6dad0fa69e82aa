"""``sniff serve``: host tables for people who join with a code, from the terminal
or a browser, until stopped (Control C saves every table first)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

from sniff.commands.common import Subparsers, UsageError, add_language_option, language_of
from sniff.enums import CommandProblem
from sniff.server.workers import MOST_WORKERS, parse_worker

__all__ = ["add_parser", "run"]

_log = logging.getLogger(__name__)


def add_parser(subparsers: Subparsers) -> None:
    """``sniff serve``: the server for online play."""
    parser = subparsers.add_parser(
        "serve",
        # Translators: `sniff --help`: what the command `sniff serve` does
        help=subparsers.tr._("host tables that others join with a code (online play)"),
    )
    tr = parser.tr
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="ADDRESS",
        # Translators: `sniff serve --help`: the --host option
        help=tr._(
            "where to listen (default: 127.0.0.1, this computer only; behind a proxy, keep it)"
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=8765,
        # Translators: `sniff serve --help`: the --port option
        help=tr._("the port (default: 8765)"),
    )
    parser.add_argument(
        "--data",
        type=Path,
        metavar="FOLDER",
        # Translators: `sniff serve --help`: the --data option
        help=tr._("where the tables and records are kept (default: the game's data folder)"),
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=60.0,
        metavar="SECONDS",
        # Translators: `sniff serve --help`: the --grace option
        help=tr._("how long an absent player's seat waits before a bot plays (default: 60)"),
    )
    parser.add_argument(
        "--max-tables",
        type=int,
        default=2000,
        metavar="N",
        # Translators: `sniff serve --help`: the --max-tables option
        help=tr._("the most tables held at once (default: 2000)"),
    )
    parser.add_argument(
        "--per-address",
        type=int,
        default=20,
        metavar="N",
        # Translators: `sniff serve --help`: the --per-address option
        help=tr._("the most connections from one address (default: 20)"),
    )
    parser.add_argument(
        "--tables-per-address",
        type=int,
        default=5,
        metavar="N",
        # Translators: `sniff serve --help`: the --tables-per-address option
        help=tr._("the most tables open from one address, e.g. a club behind one (default: 5)"),
    )
    parser.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        # Translators: `sniff serve --help`: the --origin option
        help=tr._("another web page allowed to connect (besides the server's own)"),
    )
    parser.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        # Translators: `sniff serve --help`: the --trusted-proxy option
        help=tr._("a proxy whose X-Forwarded-For names the player's address"),
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        metavar="N",
        # Translators: `sniff serve --help`: the --bot-workers option
        help=tr._("processes for the searching bots (default: one per core)"),
    )
    parser.add_argument(
        "--bot-time",
        type=float,
        default=0.2,
        metavar="SECONDS",
        # Translators: `sniff serve --help`: the --bot-time option
        help=tr._(
            "the longest an expert or master bot thinks per play (default: 0.2; 0: no limit)"
        ),
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        # Translators: `sniff serve --help`: the --workers option
        help=tr._(
            "server processes, one per core, behind a proxy that routes by the code (default: 1)"
        ),
    )
    parser.add_argument(
        "--worker",
        metavar="K/N",
        # Translators: `sniff serve --help`: the --worker option
        help=tr._("run as process K of a server of N (what --workers starts)"),
    )
    add_language_option(parser)
    parser.set_defaults(handler=run)


def check_numbers(args: argparse.Namespace) -> None:
    """Refuse, with the option named, a number no server can run with."""
    if not 0 <= args.port <= 65535:
        raise UsageError(CommandProblem.PORT, value=args.port)
    least = {
        "--grace": (args.grace, 0),
        "--bot-time": (args.bot_time, 0),
        "--max-tables": (args.max_tables, 1),
        "--per-address": (args.per_address, 1),
        "--tables-per-address": (args.tables_per_address, 1),
        "--bot-workers": (1 if args.bot_workers is None else args.bot_workers, 1),
        "--workers": (args.workers, 1),
    }
    for option, (value, smallest) in least.items():
        if not value >= smallest:  # (NaN too)
            raise UsageError(CommandProblem.AT_LEAST, option=option, least=smallest)
    if args.workers > MOST_WORKERS:
        raise UsageError(CommandProblem.AT_MOST, option="--workers", most=MOST_WORKERS)
    if args.workers > 1 and args.port + args.workers - 1 > 65535:
        raise UsageError(CommandProblem.PORT, value=args.port + args.workers - 1)
    if args.worker is not None:
        try:
            parse_worker(args.worker)
        except ValueError:
            raise UsageError(CommandProblem.WORKER, value=args.worker) from None


def run(args: argparse.Namespace) -> int:
    from sniff.i18n import translator
    from sniff.server.app import FolderInUse, ServerOptions, SniffServer
    from sniff.server.codes import ALPHABET
    from sniff.server.limits import ServerLimits
    from sniff.server.workers import share
    from sniff.storage import data_dir, load_settings

    language = language_of(args, load_settings(keep_aside=False).settings.language)
    tr = translator(language)
    check_numbers(args)
    data = args.data or data_dir() / "server"
    if args.workers > 1 and args.worker is None:
        return run_workers(args, data, language)
    logging.basicConfig(level=logging.WARNING, format="sniff serve: %(message)s")
    codes = ALPHABET if args.worker is None else share(*parse_worker(args.worker))
    options = ServerOptions(
        data=data,
        host=args.host,
        port=args.port,
        limits=ServerLimits(
            tables=args.max_tables,
            connections_per_address=args.per_address,
            tables_per_address=args.tables_per_address,
        ),
        grace=args.grace,
        origins=tuple(args.origin),
        trusted_proxies=tuple(args.trusted_proxy),
        bot_workers=args.bot_workers,
        bot_time=args.bot_time,
        codes=codes,
    )

    async def serve() -> None:
        server = SniffServer(options)
        try:
            await server.start()
        except FolderInUse as error:
            raise UsageError(CommandProblem.DATA_IN_USE, folder=error.folder) from None
        except OSError as error:
            raise UsageError(
                CommandProblem.LISTEN, address=f"{args.host}:{args.port}", error=error
            ) from None
        shown = f"[{args.host}]" if ":" in args.host else args.host
        # Translators: sniff serve started; {ws} is the address the game joins, {web} the
        # web page's, {tables} how many tables were restored.
        text = tr._("sniff serve: listening at {ws}, the web page at {web}; {tables} tables kept")
        print(
            text.format(
                ws=f"ws://{shown}:{server.port}/ws",
                web=f"http://{shown}:{server.port}/",
                tables=len(server.tables),
            ),
            flush=True,
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for name in ("SIGINT", "SIGTERM"):
            number = getattr(signal, name, None)
            if number is not None:
                # (Windows has no signal handlers: Control C arrives as KeyboardInterrupt.)
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.add_signal_handler(number, stop.set)
        try:
            await stop.wait()
        finally:
            await server.close()
            # Translators: sniff serve stopped after saving every table.
            print(tr._("sniff serve: stopped; every table is saved"), file=sys.stderr)

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        return 130
    return 0


def run_workers(args: argparse.Namespace, data: Path, language: str) -> int:
    """``--workers N``: N servers, each in a process of its own with its own codes, port
    (``--port`` and on) and data folder (``DATA/worker-K``), each started again if it
    stops; the proxy in front routes by the code (docs/online.md)."""
    from sniff.server.workers import Supervisor, plan, worker_command
    from sniff.storage.lock import BUSY, FolderLock

    logging.basicConfig(level=logging.WARNING, format="sniff serve: %(message)s")
    with FolderLock.acquire(data) as lock:  # (one such server on one folder)
        if lock.state == BUSY:
            raise UsageError(CommandProblem.DATA_IN_USE, folder=data)
        options = worker_options(args, language)
        supervisor = Supervisor(
            plan(args.workers, args.port, data),
            lambda worker: worker_command(worker, options),
            lambda worker, pid: _log.info("worker %s started: process %d", worker.name, pid),
        )
        return supervisor.run()


def worker_options(args: argparse.Namespace, language: str) -> list[str]:
    """The options each worker of ``--workers`` is given: the server's own, the bots'
    processes shared out among the workers unless ``--bot-workers`` says."""
    import os

    bots = args.bot_workers or max(1, (os.cpu_count() or 1) // args.workers)
    out = [
        "--host", args.host, "--grace", str(args.grace), "--max-tables", str(args.max_tables),
        "--per-address", str(args.per_address),
        "--tables-per-address", str(args.tables_per_address),
        "--bot-workers", str(bots), "--bot-time", str(args.bot_time), "--lang", language,
    ]  # fmt: skip
    for origin in args.origin:
        out += ["--origin", origin]
    for proxy in args.trusted_proxy:
        out += ["--trusted-proxy", proxy]
    return out
