"""The tables the game looks up on every move stay bounded, and stay right when emptied.

A long run of games (a tournament, a server) must hold a fixed amount of
memory: the shared events of a rule set and the fits of each set of open
ends are kept up to a limit, then dropped and made again as needed.
"""

from __future__ import annotations

import pytest

from sniff.engine import Drew, End, Move, Played, RuleSet, Tile, tables
from sniff.engine.tables import Setup, fits_for, fits_table


def test_shared_events_are_dropped_past_the_limit_and_made_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables, "EVENTS_KEPT", 3)
    setup = Setup(RuleSet(), 2)
    move = Move(Tile.of(6, 4), End.EAST)
    first = setup.new_played(0, move, 15)
    setup.new_drew(1, Tile.of(2, 1))
    setup.new_drew(1, Tile.of(3, 1))
    assert setup.shared == 3 and setup.played[0][15][move] is first
    fourth = setup.new_drew(0, Tile.of(5, 5))  # the fourth: the tables are emptied first
    assert setup.shared == 1
    assert setup.drew == [{Tile.of(5, 5): fourth}, {}]
    assert not any(by_move for by_count in setup.played for by_move in by_count)
    again = setup.new_played(0, move, 15)
    assert again == first == Played(0, Tile.of(6, 4), End.EAST, 15, 15)
    assert fourth == Drew(0, Tile.of(5, 5))


def test_fits_are_dropped_past_the_limit_and_worked_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tables, "FITS_KEPT", 2)
    monkeypatch.setitem(tables._FITS_FOUND, 9, 0)
    table = fits_table(9)
    table.clear()
    first = fits_for(9, 3, -1, -1, 9)
    fits_for(9, 4, -1, -1, 9)
    assert table[16 * 9 + 3][-17] is first and len(table) == 2
    third = fits_for(9, 5, -1, -1, 9)  # past the limit: the table starts again
    assert list(table) == [16 * 9 + 5] and table[16 * 9 + 5][-17] is third
    assert tables._FITS_FOUND[9] == 1
    again = fits_for(9, 3, -1, -1, 9)
    assert again == first and again is not first
    assert [str(m) for m in again[Tile.of(9, 3)]] == ["9-3 west", "9-3 east"]
    assert Tile.of(8, 1) not in again
