"""Bot simulations: determinism, the round limit, record files and the summary's sums."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sniff.engine import Action, Observation, RulesError, preset
from sniff.session.simulate import bot_seed, parse_levels, record_paths, simulate
from sniff.storage.records import read_record, verify


def test_same_seed_gives_byte_identical_records_and_summary(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        folder = tmp_path / name
        folder.mkdir()
        summary = simulate(
            preset("sniff-us"),
            ["greedy", "random"] * 2,
            games=3,
            seed=21,
            record=folder / "g.jsonl",
        )
        files = sorted(folder.iterdir())
        runs.append((summary.to_text(), summary.to_json(), [f.read_bytes() for f in files]))
    assert runs[0] == runs[1]
    other = simulate(preset("sniff-us"), ["greedy", "random"] * 2, games=3, seed=22)
    assert other.to_json() != runs[0][1]


def test_record_files_are_numbered_before_the_suffix() -> None:
    assert record_paths(Path("out/game.jsonl"), 1) == [Path("out/game.jsonl")]
    assert record_paths(Path("out/game.jsonl"), 3) == [
        Path("out/game-001.jsonl"),
        Path("out/game-002.jsonl"),
        Path("out/game-003.jsonl"),
    ]
    assert record_paths(Path("g.jsonl"), 1200)[-1] == Path("g-1200.jsonl")


def test_each_game_and_seat_gets_its_own_seed(tmp_path: Path) -> None:
    simulate(preset("sniff"), ["greedy", "greedy"], games=2, seed=40, record=tmp_path / "r.jsonl")
    seeds = [read_record(p).seed for p in sorted(tmp_path.iterdir())]
    assert seeds == [40, 41]
    assert len({bot_seed(g, s) for g in range(50) for s in range(8)}) == 400


def test_the_round_limit_stops_endless_games_and_counts_them(tmp_path: Path) -> None:
    # Four random players in sniff-stubby can drift below zero for ever.
    summary = simulate(
        preset("sniff-stubby"),
        ["random"] * 4,
        games=2,
        seed=1,
        max_rounds=3,
        record=tmp_path / "s.jsonl",
    )
    assert summary.unfinished == 2
    assert sum(summary.wins_per_side()) == 0
    assert summary.rounds == 6
    for path in record_paths(tmp_path / "s.jsonl", 2):
        record = read_record(path)
        assert not record.finished
        assert '"type": "game_end"' not in path.read_text(encoding="utf-8")
        verify(record)


def test_summary_figures_add_up() -> None:
    summary = simulate(preset("sniff"), ["greedy", "random", "greedy"], games=6, seed=3)
    data = summary.to_json()
    assert data["games"] == 6
    assert sum(data["wins_per_side"]) + data["unfinished"] == 6
    assert data["wins_per_seat"] == data["wins_per_side"]  # one seat per side
    assert data["turns_per_round"] >= data["plays_per_round"] > 0
    assert data["rounds_per_game"] == round(summary.rounds / 6, 2)
    finals = [r.scores for r in summary.results if r.winner is not None]
    assert all(max(s) >= 200 for s in finals)


def test_partnership_wins_credit_both_partners() -> None:
    summary = simulate(preset("sniff-us"), ["greedy"] * 4, games=2, seed=8)
    seats, sides = summary.wins_per_seat(), summary.wins_per_side()
    assert seats == [sides[0], sides[1], sides[0], sides[1]]
    assert any("Wins per side" in line for line in summary.to_text())


class _Chooser:
    """A tiny local bot: any legal action, from its own generator."""

    def __init__(self, level: str, *, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal)


def test_any_chooser_can_be_plugged_in(tmp_path: Path) -> None:
    rules = preset("domino-play").with_changes(double_endwise=True, muggins=True)
    summary = simulate(
        rules, ["random"] * 3, games=2, seed=5, make_bot=_Chooser, record=tmp_path / "d.jsonl"
    )
    assert summary.games == 2
    for path in record_paths(tmp_path / "d.jsonl", 2):
        verify(read_record(path))


def test_bot_levels_are_read_per_seat() -> None:
    assert parse_levels(None, 3) == ("greedy", "greedy", "greedy")
    assert parse_levels("expert", 2) == ("expert", "expert")
    assert parse_levels("expert, random", 2) == ("expert", "random")
    with pytest.raises(ValueError, match="unknown bot level"):
        parse_levels("genius", 2)
    with pytest.raises(ValueError, match="3 levels for 2 players"):
        parse_levels("random,random,greedy", 2)


def test_impossible_tables_are_refused() -> None:
    with pytest.raises(RulesError):
        simulate(preset("sniff"), ["random"] * 5, games=1, seed=1)
    with pytest.raises(ValueError):
        simulate(preset("sniff"), ["random"] * 2, games=0, seed=1)
