"""One module per command of ``sniff``; each has ``add_parser(subparsers)``,
which registers the command's options and its ``run(args) -> int``.

A new command is a new module here and one name in :data:`COMMANDS`.
"""

from __future__ import annotations

#: The commands, in the order ``sniff --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "play",
    "learn",
    "practice",
    "stats",
    "doctor",
    "simulate",
    "replay",
    "rules",
    "host",
    "join",
    "serve",
)
