"""A table's record as its journal: each step's last line marked, read back cut to the
last whole step wherever a write stopped, and a snapshot brought up to it through the
engine (storage/journal.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from sniff.engine import CallMuggins, Dealt, preset
from sniff.session.game import GameSession
from sniff.session.table import Table
from sniff.storage import GameSnapshot, restore
from sniff.storage.journal import (
    JournalError,
    continue_snapshot,
    journal_text,
    read_journal,
    step_lines,
)
from sniff.storage.records import STEP_KEY, header_line, read_record, verify


@dataclass
class Played:
    """A game of bots played step by step, as a table plays it: where each step ended,
    and the game's snapshot there."""

    session: GameSession
    ends: list[int]
    snaps: dict[int, GameSnapshot]

    def journal(self, upto: int | None = None) -> str:
        """The journal as a server writes it: created at the first deal, then step by step."""
        log = self.session.game.log
        last = len(log) if upto is None else upto
        first = self.ends[0]
        text = journal_text_of(self.session, first)
        return text + step_lines(log[first:last], first, self.ends)


def journal_text_of(session: GameSession, first: int) -> str:
    game = session.game
    header = header_line(game.rules, session.seed, session.players, game.sides)
    return header + step_lines(game.log[:first], 0)


def play(seed: int = 11) -> Played:
    """A seeded game of three bots with the muggins rule (claims, calls, calls let go)."""
    rules = preset("sniff").with_changes(targets=(61, 61, 61), muggins=True)
    session = GameSession.new(rules, ["random", "random", "greedy"], seed=seed, human=False)
    table = Table(session)
    ends = [len(session.game.log)]
    snaps = {ends[0]: session.snapshot()}

    def stepped() -> None:
        ends.append(len(session.game.log))
        snaps[ends[-1]] = session.snapshot()

    table.after_step.append(stepped)
    table.play_now()
    return Played(session, ends, snaps)


@pytest.fixture(scope="module")
def game() -> Played:
    return play()


def test_a_journal_is_a_record_with_each_steps_last_line_marked(
    game: Played, tmp_path: Path
) -> None:
    path = tmp_path / "T.jsonl"
    path.write_text(game.journal(), encoding="utf-8")
    record = read_record(path)  # any reader of records reads it
    assert list(record.events) == game.session.game.log
    assert verify(record).phase.value == "game-over"
    marks = [json.loads(line).get(STEP_KEY) for line in path.read_text().splitlines()[1:]]
    assert [m for m in marks if m is not None] == sorted(set(game.ends))
    assert marks[-1] == len(game.session.game.log)


def test_a_journal_cut_anywhere_is_read_back_to_its_last_whole_step(tmp_path: Path) -> None:
    """Wherever a write stopped (a kill, a full disk), the lines read are whole steps, and
    nothing of the step cut short is ever read: every byte of a short game's last step
    (a play, the round's end and the game's end), and about the ends of the steps before."""
    game = play(seed=9)
    data = game.journal().encode()
    sizes = {end: len(game.journal(end).encode()) for end in sorted(set(game.ends))}
    ends = list(sizes)
    path = tmp_path / "T.jsonl"
    lengths = set(range(sizes[ends[-2]], len(data) + 1))
    lengths |= {sizes[end] + d for end in ends[-6:] for d in (-2, -1, 0, 1)}
    for length in sorted(n for n in lengths if n <= len(data)):
        path.write_bytes(data[:length])
        journal = read_journal(path)
        whole = max(end for end in ends if sizes[end] <= length)
        assert len(journal.record.events) == whole, length
        assert journal.size == sizes[whole] and journal.cut == length - journal.size


def test_a_snapshot_is_brought_up_to_the_journal_through_the_engine(
    game: Played, tmp_path: Path
) -> None:
    path = tmp_path / "T.jsonl"
    path.write_text(game.journal(), encoding="utf-8")
    log = game.session.game.log
    dealt = [i + 1 for i, e in enumerate(log) if isinstance(e, Dealt)]
    for at in (game.ends[0], dealt[1] - 1, dealt[1], game.ends[-2]):
        snap = game.snaps[at]
        continued = continue_snapshot(snap, read_journal(path))
        played, _, _ = restore(continued.snapshot)
        assert played.log == log and continued.journaled == len(log) and not continued.append
        later_deal = any(isinstance(e, Dealt) for e in log[at:])
        assert (continued.snapshot.rng_state == snap.rng_state) is not later_deal


def test_a_muggins_call_let_go_leaves_no_line_and_is_kept_all_the_same(
    game: Played, tmp_path: Path
) -> None:
    actions = game.session.state.actions
    assert CallMuggins(False) in actions  # (the game played has one)
    let_go = [at for at, snap in game.snaps.items() if snap.actions[-1:] == (CallMuggins(False),)]
    assert let_go, "no step ends with a muggins call let go"
    at = let_go[0]
    snap = game.snaps[at]
    journal_path = tmp_path / "T.jsonl"
    journal_path.write_text(game.journal(at), encoding="utf-8")
    continued = continue_snapshot(snap, read_journal(journal_path))
    assert continued.snapshot.actions == snap.actions  # (the journal alone would lose it)


def test_a_journal_behind_its_snapshot_gets_the_lines_it_lacks(
    game: Played, tmp_path: Path
) -> None:
    path = tmp_path / "T.jsonl"
    behind, at = game.ends[3], game.ends[9]
    path.write_text(game.journal(behind), encoding="utf-8")
    continued = continue_snapshot(game.snaps[at], read_journal(path))
    with path.open("a", encoding="utf-8") as stream:
        stream.write(continued.append)
    assert continued.journaled == at and len(read_record(path).events) == at
    assert read_journal(path).size == path.stat().st_size  # marked: whole again


def test_a_record_from_before_journals_continues_from_its_snapshot(
    game: Played, tmp_path: Path
) -> None:
    """A server before journals wrote its record without marks, a line or so ahead of
    its snapshot (never told): the snapshot is the game, the lines beyond it are cut."""
    path = tmp_path / "T.jsonl"
    at = game.ends[6]
    lines = game.journal(game.ends[7]).splitlines(keepends=True)
    old = [json.dumps({k: v for k, v in json.loads(line).items() if k != STEP_KEY},
                      ensure_ascii=False, separators=(", ", ": ")) + "\n"
           for line in lines]  # fmt: skip
    path.write_text("".join(old), encoding="utf-8")
    journal = read_journal(path)
    assert not journal.marked
    continued = continue_snapshot(game.snaps[at], journal)
    assert continued.snapshot is game.snaps[at] and continued.journaled == at
    assert continued.size == len("".join(old[: at + 1]).encode())


def test_a_journal_that_is_not_the_snapshots_game_is_refused(game: Played, tmp_path: Path) -> None:
    path = tmp_path / "T.jsonl"
    other = play(seed=4)
    path.write_text(other.journal(), encoding="utf-8")
    with pytest.raises(JournalError):
        continue_snapshot(game.snaps[game.ends[5]], read_journal(path))
    changed = game.journal().replace('"player": 1', '"player": 2', 1)
    path.write_text(changed, encoding="utf-8")
    with pytest.raises(JournalError):
        continue_snapshot(game.snaps[game.ends[1]], read_journal(path))


def test_a_new_journal_holds_the_game_so_far_as_one_step(game: Played, tmp_path: Path) -> None:
    path = tmp_path / "T.jsonl"
    path.write_text(journal_text(game.session.game, 3, game.session.players), encoding="utf-8")
    journal = read_journal(path)
    assert journal.marked and journal.cut == 0
    assert list(journal.record.events) == game.session.game.log
