"""Where a server is: what a player types, made into the WebSocket address; and
which of a server's processes holds a table, from its code.

A server may run one process per core behind a proxy (docs/online.md), each with
tables whose codes begin with its own characters. The client puts the first
character of the code it joins (or of its resume token, which begins with its
table's) in the address, ``/ws/K``, and the proxy sends the connection to that
process; a ``create`` goes to plain ``/ws``, to any process. A server of one
process takes every address alike.

>>> server_url("192.168.1.20")
'ws://192.168.1.20:8765/ws'
>>> server_url("https://sniff.example.org")
'wss://sniff.example.org/ws'
>>> server_url("ws://[::1]:9000/ws")
'ws://[::1]:9000/ws'
>>> routed("wss://sniff.example.org/ws", code="k7qd-3mxa")
'wss://sniff.example.org/ws/K'
>>> routed("wss://sniff.example.org/ws")
'wss://sniff.example.org/ws'
>>> server_url("127.0.0.1;18765")
Traceback (most recent call last):
ValueError: not a host name: '127.0.0.1;18765'
>>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("0.0.0.0")
(True, True, False)
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit

__all__ = [
    "CODE_ALIASES",
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "DEFAULT_PORT",
    "host_address",
    "is_loopback",
    "normal_code",
    "routed",
    "server_url",
]

DEFAULT_PORT = 8765
#: A host's name: letters, digits and hyphens, parts between dots (an IPv4 address too).
_HOST_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")

#: An invite code's characters: Crockford's base 32 (digits and capitals without I, L,
#: O and U), and its length (:mod:`sniff.server.codes` makes them).
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 8
#: The look-alikes a code is read with: what each stands for.
CODE_ALIASES = {"O": "0", "I": "1", "L": "1"}
_ALIASES = str.maketrans(CODE_ALIASES)


def normal_code(text: str) -> str | None:
    """The code *text* means, or None if it cannot be one: any case, hyphens and spaces
    ignored, the look-alikes taken as what they look like (O as zero, I and L as one).

    >>> normal_code("k7qd 3mxa") == normal_code("K7QD-3MXA")
    True
    """
    cleaned = text.upper().replace("-", "").replace(" ", "").translate(_ALIASES)
    if len(cleaned) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in cleaned):
        return None
    return cleaned


def routed(url: str, *, code: str | None = None, token: str | None = None) -> str:
    """The address *url* (``.../ws``) for a connection that joins or watches table *code*,
    or resumes with *token*: the table's first character after it, for a proxy that
    routes by it (see the module docstring); *url* itself for a new table, or a key
    that names no process (a token of a server before this)."""
    first = (normal_code(code) or "")[:1] if code is not None else (token or "")[:1]
    return f"{url}/{first}" if first and first in CODE_ALPHABET else url


def server_url(text: str) -> str:
    """The WebSocket address for *text*: ``host``, ``host:port``, or a ``ws``, ``wss``,
    ``http`` or ``https`` address (the last two meet the server behind its proxy).
    Raises ValueError when *text* is none of these."""
    text = text.strip()
    if "://" not in text:
        text = f"ws://{text}"
    parts = urlsplit(text)
    scheme = {"ws": "ws", "http": "ws", "wss": "wss", "https": "wss"}.get(parts.scheme)
    if scheme is None or not parts.hostname:
        raise ValueError(f"not a server address: {text!r}")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"not a port: {text!r}") from None
    if port is None and parts.scheme in ("ws",) and "://" in text and ":" not in parts.netloc:
        port = DEFAULT_PORT
    host = parts.hostname
    if not _valid_host(host):
        raise ValueError(f"not a host name: {host!r}")
    shown = f"[{host}]" if ":" in host else host
    netloc = shown if port is None else f"{shown}:{port}"
    return f"{scheme}://{netloc}/ws"


def _valid_host(host: str) -> bool:
    """Whether *host* is an IP address or a host's name (nothing else may be dialled:
    "127.0.0.1;18765" is a mistyped port, not a name)."""
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return len(host) <= 253 and _HOST_NAME.fullmatch(host) is not None


def is_loopback(host: str) -> bool:
    """Whether *host* is this computer only (127.0.0.1, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_address(listen: str) -> str:
    """The address others use to reach a server listening on *listen*: the address
    itself, or for "every address" this computer's address on its network."""
    if listen not in ("0.0.0.0", "::", ""):
        return listen
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the way out
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()
