"""How much one connection and one address may ask of the server.

Every connection has a budget of messages (a token bucket: a steady rate and a
short burst); every address has a budget of wrong invite codes a minute, of
tables it may keep open, and of connections at once. Past a budget the
server answers with a refusal (``rate``), and a connection that goes on
flooding is closed. Nothing here trusts a header: the address is the peer's,
or, behind a proxy the operator names, the one the proxy reports. An IPv6
address counts for its whole /64 (one network hands out any of its 2**64
addresses: each of them must not bring a fresh budget).

>>> budget_of("2001:db8:1:2:aaaa::1"), budget_of("2001:db8:1:2:bbbb::9")
('2001:db8:1:2::/64', '2001:db8:1:2::/64')
>>> budget_of("192.0.2.7"), budget_of("::ffff:192.0.2.7"), budget_of("unknown")
('192.0.2.7', '192.0.2.7', 'unknown')
"""

from __future__ import annotations

import ipaddress
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["AddressBook", "Bucket", "ServerLimits", "budget_of"]


def budget_of(address: str) -> str:
    """The key of *address*'s budgets: an IPv4 address itself, an IPv6 one's /64."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass(frozen=True)
class ServerLimits:
    """The budgets (see the module docstring); ``sniff serve`` can change each."""

    messages_per_second: float = 20.0
    message_burst: int = 60
    refusals_before_close: int = 50  # refused messages in a row before the connection closes
    wrong_codes_per_minute: int = 10
    tables_per_address: int = 5
    connections_per_address: int = 20
    tables: int = 2000  # tables held at once
    spectators_per_table: int = 20

    #: "heard" has a budget of its own, this many times the messages': a client says it
    #: after every step, and a fast one must not lose its actions to it.
    HEARD_TIMES = 5

    @property
    def heard_per_second(self) -> float:
        return self.messages_per_second * self.HEARD_TIMES

    @property
    def heard_burst(self) -> int:
        return self.message_burst * self.HEARD_TIMES


class Bucket:
    """A token bucket: *rate* tokens a second, at most *burst* saved up."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.at = clock()

    def take(self) -> bool:
        """Spend a token: False when there is none (too many messages)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class AddressBook:
    """What each address has used of its budgets."""

    def __init__(self, limits: ServerLimits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.connections: dict[str, int] = defaultdict(int)
        self.tables: dict[str, int] = defaultdict(int)
        self._wrong: dict[str, deque[float]] = defaultdict(deque)

    def connect(self, address: str) -> bool:
        """A connection from *address*: False when it has too many open."""
        if self.connections[address] >= self.limits.connections_per_address:
            return False
        self.connections[address] += 1
        return True

    def disconnect(self, address: str) -> None:
        self.connections[address] -= 1
        if self.connections[address] <= 0:
            del self.connections[address]

    def may_guess(self, address: str) -> bool:
        """Whether *address* may try another code (it has not guessed wrong too often)."""
        wrong = self._wrong[address]
        while wrong and self.clock() - wrong[0] > 60:
            wrong.popleft()
        if not wrong:
            del self._wrong[address]
        return len(wrong) < self.limits.wrong_codes_per_minute

    def guessed_wrong(self, address: str) -> None:
        self._wrong[address].append(self.clock())

    def may_open_table(self, address: str) -> bool:
        return self.tables[address] < self.limits.tables_per_address

    def opened_table(self, address: str) -> None:
        self.tables[address] += 1

    def closed_table(self, address: str) -> None:
        self.tables[address] -= 1
        if self.tables[address] <= 0:
            del self.tables[address]
