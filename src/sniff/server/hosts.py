"""The names a server answers to: a defence against DNS rebinding.

A web page on any domain can have its name point at this computer (or an address
of its network) and then open tables on a player's ``sniff host`` as if it were
the server's own page: its ``Origin`` and the ``Host`` it asks for are both that
domain. So every request names, in ``Host``, an address (IPv4 or IPv6), this
computer (``localhost``, its own name, ``NAME.local``), or a name the operator
allows (the host of an ``--origin``); anything else is refused. Behind a trusted
proxy the proxy chooses the names it passes on.

>>> names = own_names(("https://sniff.example.org",), hostname="ada-pc")
>>> [answers_to(h, names) for h in ("127.0.0.1:8765", "[::1]:80", "localhost:1")]
[True, True, True]
>>> [answers_to(h, names) for h in ("Ada-PC.local:8765", "sniff.example.org")]
[True, True]
>>> [answers_to(h, names) for h in ("evil.example:8765", "", "127.0.0.1.evil.example")]
[False, False, False]
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

__all__ = ["answers_to", "host_name", "own_names"]


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port, in lower case ("" if none)."""
    header = header.strip().lower()
    if header.startswith("["):  # an IPv6 address, "[::1]:8765"
        return header[1 : header.find("]")] if "]" in header else ""
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def own_names(origins: Iterable[str], *, hostname: str | None = None) -> frozenset[str]:
    """The names this server answers to besides addresses and ``localhost``: this
    computer's name (and ``NAME.local``), and the host of each allowed origin."""
    name = (hostname if hostname is not None else socket.gethostname()).lower()
    names = {name, f"{name}.local"} if name else set()
    for origin in origins:
        host = urlsplit(origin).hostname
        if host:
            names.add(host.lower())
    return frozenset(names)


def answers_to(header: str, names: frozenset[str]) -> bool:
    """Whether a request whose ``Host`` is *header* is for this server (see the module
    docstring)."""
    name = host_name(header)
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name == "localhost" or name.endswith(".localhost") or name in names
