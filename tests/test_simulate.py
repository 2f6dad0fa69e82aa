"""Bot simulations: determinism (whatever the number of processes), the round limit,
record files, the summary's sums and words, and the progress line."""

from __future__ import annotations

import functools
import io
import random
from pathlib import Path

import pytest

from sniff.announce.simulation import SimulationWords
from sniff.bots import make_bot
from sniff.commands.simulate import Progress
from sniff.engine import Action, Observation, RulesError, preset
from sniff.i18n import translator
from sniff.session.simulate import Summary, bot_seed, parse_levels, record_paths, simulate
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
        runs.append((_lines(summary), summary.to_json(), [f.read_bytes() for f in files]))
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
    assert any("Wins per side" in line for line in _lines(summary))


def _lines(summary: Summary, language: str = "en") -> list[str]:
    return SimulationWords(translator(language)).summary(summary)


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


def _run(folder: Path, jobs: int) -> tuple[dict[str, object], list[int], list[bytes]]:
    """Three levels, the expert on a small budget, six games; what came out."""
    folder.mkdir()
    seen: list[int] = []
    summary = simulate(
        preset("alle-fuenfe"),
        ["expert", "greedy", "random"],
        games=6,
        seed=11,
        record=folder / "g.jsonl",
        make_bot=functools.partial(make_bot, playouts=12),
        jobs=jobs,
        on_game=seen.append,
    )
    return summary.to_json(), seen, [path.read_bytes() for path in sorted(folder.iterdir())]


def test_the_same_seeds_give_the_same_games_whatever_the_number_of_jobs(tmp_path: Path) -> None:
    alone = _run(tmp_path / "one", jobs=1)
    assert alone[1] == [1, 2, 3, 4, 5, 6], "games are counted as they end, in order"
    assert len(alone[2]) == 6
    for jobs in (2, 3):
        assert _run(tmp_path / f"jobs{jobs}", jobs=jobs) == alone


def test_a_record_that_cannot_be_written_ends_a_parallel_run(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError):
        simulate(
            preset("sniff"), ["greedy"] * 2, games=4, seed=1, record=blocked / "g.jsonl", jobs=2
        )


def test_no_jobs_is_refused() -> None:
    with pytest.raises(ValueError, match="--jobs"):
        simulate(preset("sniff"), ["random"] * 2, games=1, seed=1, jobs=0)


def test_the_summary_is_said_in_english_and_german() -> None:
    summary = simulate(preset("sniff-us"), ["greedy"] * 4, games=2, seed=8)
    english, german = _lines(summary, "en"), _lines(summary, "de")
    assert (
        english[0] == "Rules: Sniff, US rules (sniff-us), 4 players, bots: greedy, greedy, "
        "greedy, greedy."
    )
    assert german[2].startswith("Siege je Platz: Bot 1 (gierig): ")
    assert german[3].startswith("Siege je Partei: Bot 1 und Bot 3: ")
    points = summary.points_per_round()[0]
    assert f"{points:.2f}".replace(".", ",") in german[4], "German writes a decimal comma"
    assert len(english) == len(german) == 7


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_says_the_start_then_a_figure_every_interval_and_clears_its_line() -> None:
    stream, clock = io.StringIO(), _Clock()
    words = SimulationWords(translator("en"))
    progress = Progress(stream, 50, words.progress, interval=2.0, clock=clock)
    assert stream.getvalue() == "\r0 of 50 games played"
    for done in range(1, 10):  # a second passes: too soon for a new figure
        clock.now += 0.1
        progress.update(done)
    assert stream.getvalue().count("\r") == 1
    clock.now += 1.5
    progress.update(10)
    assert stream.getvalue().endswith("\r10 of 50 games played")
    progress.update(50)  # the last game: the summary follows at once, no figure
    progress.close()
    assert stream.getvalue().endswith("\r" + " " * len("10 of 50 games played") + "\r")


def test_one_game_shows_no_progress() -> None:
    stream = io.StringIO()
    progress = Progress(stream, 1, SimulationWords(translator("de")).progress)
    progress.update(1)
    progress.close()
    assert stream.getvalue() == ""
