"""``sniff join`` remembers every table a player sat at: the code of a table where they
hold a seat takes them back to it (even after hosting or joining another table), a
code with ``--watch`` watches it, and ``sniff join`` alone returns to the only seat
kept, or lists the tables one can return to (in the player's language)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sniff.cli import main
from sniff.storage.seats import HeldSeat, keep_seat

SERVER = "ws://127.0.0.1:8765/ws"


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[tuple[str, dict[str, Any]]]:
    """Where ``sniff join`` would connect, and what it would ask (no game is run)."""
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    calls: list[tuple[str, dict[str, Any]]] = []

    def run_online(ctx: Any, url: str, request: dict[str, Any], **options: Any) -> int:
        calls.append((url, request))
        return 0

    monkeypatch.setattr("sniff.ui.online.run_online", run_online)
    monkeypatch.setattr("sniff.commands.join.require_terminal", lambda line: None)
    return calls


def _hold(code: str, token: str, server: str = SERVER) -> None:
    keep_seat(HeldSeat(server, code, 1, "Ada", token))


def test_the_code_of_a_table_with_a_seat_kept_takes_the_player_back(
    started: list[tuple[str, dict[str, Any]]],
) -> None:
    _hold("K7QD-3MXA", "first-token")
    _hold("ABCD-EFGH", "second-token")  # another table since
    assert main(["join", "k7qd 3mxa", "--speech", "none"]) == 0
    assert started[-1] == (SERVER, {"type": "resume", "token": "first-token"})
    assert main(["join", "K7QD-3MXA", "--watch", "--speech", "none"]) == 0
    assert started[-1][1]["type"] == "watch"
    assert main(["join", "ZZZZ-ZZZZ", "--name", "Ben", "--speech", "none"]) == 0
    assert started[-1][1] == {"type": "join", "code": "ZZZZ-ZZZZ", "name": "Ben"}


def test_join_alone_returns_to_the_only_seat_or_lists_them(
    started: list[tuple[str, dict[str, Any]]], capsys: pytest.CaptureFixture[str]
) -> None:
    _hold("K7QD-3MXA", "first-token")
    assert main(["join", "--speech", "none"]) == 0
    assert started[-1] == (SERVER, {"type": "resume", "token": "first-token"})
    _hold("ABCD-EFGH", "second-token")
    count = len(started)
    assert main(["--lang", "de", "join"]) == 0
    assert len(started) == count  # nothing started: the list is printed
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Du hast einen Platz an diesen Tischen")
    assert "ABCD-EFGH" in out[1] and "K7QD-3MXA" in out[2]  # newest first
