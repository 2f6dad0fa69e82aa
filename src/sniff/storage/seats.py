"""The seats a player holds at online tables: where to come back to.

Joining a table gives a resume token (128 random bits) that brings the player
back to their seat after a dropped connection or a restart of the game.
``online.json`` in the data folder keeps, per table, the server's address,
the table's code, the seat, the name and the token, newest first, at most
:data:`KEPT`. It is read through the one guarded reader: a damaged file is
set aside, never a crash. The file is as private as a saved game: anyone who
has it can take the player's seats.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sniff.storage.atomic import write_atomic
from sniff.storage.guarded import Loaded, load_guarded
from sniff.storage.paths import data_dir

__all__ = ["KEPT", "HeldSeat", "forget_seat", "held_seats", "keep_seat", "seats_path"]

#: How many seats are remembered (the oldest goes first).
KEPT = 20
SEATS_LIMIT = 64 * 1024


@dataclass(frozen=True)
class HeldSeat:
    server: str
    code: str
    seat: int
    name: str
    token: str

    def to_json(self) -> dict[str, Any]:
        return {
            "server": self.server,
            "code": self.code,
            "seat": self.seat,
            "name": self.name,
            "token": self.token,
        }


def seats_path() -> Path:
    return data_dir() / "online.json"


def _parse(data: Any) -> list[HeldSeat]:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("not a list of seats")
    out = []
    for item in data["seats"][:KEPT]:
        if not isinstance(item, dict):
            raise ValueError("a seat is an object")
        server, code, name, token = (item.get(k) for k in ("server", "code", "name", "token"))
        seat = item.get("seat")
        if not all(isinstance(v, str) and 0 < len(v) <= 300 for v in (server, code, token)):
            raise ValueError("a seat needs its server, code and token")
        if not isinstance(name, str) or len(name) > 40:
            raise ValueError("a seat's name is short text")
        if type(seat) is not int or not 0 <= seat < 16:
            raise ValueError("a seat is a number")
        out.append(HeldSeat(str(server), str(code), seat, name, str(token)))
    return out


def held_seats(path: Path | None = None) -> Loaded[list[HeldSeat]]:
    """The seats kept, newest first (a damaged file is set aside: see :class:`Loaded`)."""
    return load_guarded(path or seats_path(), SEATS_LIMIT, "the online seats", _parse)


def keep_seat(seat: HeldSeat, path: Path | None = None) -> None:
    """Remember *seat* first (replacing an older entry for the same table)."""
    target = path or seats_path()
    kept = held_seats(target).value or []
    kept = [s for s in kept if (s.server, s.code) != (seat.server, seat.code)]
    _write(target, [seat, *kept][:KEPT])


def forget_seat(server: str, code: str, path: Path | None = None) -> None:
    """The table has ended: its seat is of no more use."""
    target = path or seats_path()
    kept = held_seats(target).value or []
    left = [s for s in kept if (s.server, s.code) != (server, code)]
    if len(left) != len(kept):
        _write(target, left)


def _write(target: Path, seats: list[HeldSeat]) -> None:
    text = json.dumps({"seats": [s.to_json() for s in seats]}, ensure_ascii=False, indent=1)
    write_atomic(target, text + "\n")
    if os.name == "posix":
        os.chmod(target, 0o600)
