"""Where a server is: what a player types, made into the WebSocket address.

>>> server_url("192.168.1.20")
'ws://192.168.1.20:8765/ws'
>>> server_url("https://sniff.example.org")
'wss://sniff.example.org/ws'
>>> server_url("ws://[::1]:9000/ws")
'ws://[::1]:9000/ws'
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

__all__ = ["DEFAULT_PORT", "host_address", "is_loopback", "server_url"]

DEFAULT_PORT = 8765
#: A host's name: letters, digits and hyphens, parts between dots (an IPv4 address too).
_HOST_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


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
