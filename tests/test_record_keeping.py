"""The record and the save while a game is played and resumed: appended, never
cut; written atomically; only ever to a regular file.

A resumed game continues its own record: the lines it lacks are appended and
the bytes already there never change. A record of this game that cannot be
continued is set aside whole and written again; a file that is anything else
is not touched. ``--record`` never replaces a device or a pipe, and never a
record: one that went further than the save (a full disk stopped the save
while the record grew) or another game's is kept whole, and said so.
"""

from __future__ import annotations

import asyncio
import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from damaged_files import corpus, is_set_aside
from sniff.announce.files import FileWords
from sniff.cli import main
from sniff.commands.common import UsageError
from sniff.commands.play import options_from_args, play_parser
from sniff.engine import Phase, Played, preset
from sniff.i18n import translator
from sniff.session.game import GameSession
from sniff.session.keeping import Autosave, Recorder, RecordSetAside, keep_game, recorder_of
from sniff.storage import Settings, Stats, load_game, save_game, save_settings, save_stats
from sniff.storage.records import RecordWriter, read_record, verify

#: Problems told to the interface: (what, error).
Told = list[tuple[str, Exception]]


def _session(seed: int = 5) -> GameSession:
    return GameSession.new(preset("sniff"), ["greedy"], seed=seed, playouts=10)


def _advance(session: GameSession, actions: int) -> None:
    """*actions* actions, the person's (first legal) and the bots', dealing as needed."""
    for _ in range(actions):
        game = session.game
        if game.phase is Phase.GAME_OVER:
            return
        if game.phase is Phase.ROUND_OVER:
            session.next_round()
        elif session.observe(0).my_turn:
            session.act(0, game.legal_actions()[0])
        else:
            session.apply_bot(session.decide())


def _keep(
    session: GameSession,
    tmp_path: Path,
    record: Path | None,
    *,
    resume: bool = False,
    read_only: bool = False,
) -> tuple[Autosave, Told]:
    told: Told = []
    autosave = keep_game(
        session,
        save_path=tmp_path / "current-game.json",
        record_path=record,
        continue_record=resume,
        ui_state=dict,
        hints_used=lambda: 0,
        on_problem=lambda what, error: told.append((what, error)),
        read_only=read_only,
    )
    return autosave, told


def _close(session: GameSession) -> None:
    recorder = recorder_of(session)
    if recorder is not None:
        recorder.close()


def _played_then_resumed(tmp_path: Path, record: Path) -> GameSession:
    """A game played six actions with *record*, saved, and resumed (not yet kept)."""
    first = _session()
    _keep(first, tmp_path, record)
    _advance(first, 6)
    _close(first)
    return GameSession.resume(load_game(tmp_path / "current-game.json"), playouts=10)


# -- continuing -------------------------------------------------------------------------


def test_a_resumed_game_appends_to_its_record_and_never_changes_a_byte_of_it(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, record)
    before = record.read_bytes()
    _, told = _keep(resumed, tmp_path, record, resume=True)
    _advance(resumed, 8)
    _close(resumed)
    assert told == []
    assert record.read_bytes().startswith(before) and len(record.read_bytes()) > len(before)
    assert list(read_record(record).events) == list(resumed.game.log)
    verify(read_record(record))


def test_a_record_behind_the_save_catches_up_by_appending(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, record)
    # A kill between the save and the record: the last action's lines never came.
    lines = record.read_bytes().splitlines(keepends=True)
    record.write_bytes(b"".join(lines[:-2]))
    before = record.read_bytes()
    _, told = _keep(resumed, tmp_path, record, resume=True)
    _close(resumed)
    assert told == [] and record.read_bytes().startswith(before)
    assert list(read_record(record).events) == list(resumed.game.log)


def test_a_last_line_left_without_its_end_is_ended_not_cut(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, record)
    record.write_bytes(record.read_bytes().rstrip(b"\n"))
    before = record.read_bytes()
    _, told = _keep(resumed, tmp_path, record, resume=True)
    _advance(resumed, 2)
    _close(resumed)
    assert told == [] and record.read_bytes().startswith(before)
    assert list(read_record(record).events) == list(resumed.game.log)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda text: text[:-15], id="a line cut in half"),
        pytest.param(lambda text: text + '{"type": "pass", "player": 0}\n' * 3, id="ahead"),
        pytest.param(lambda text: text.replace('"count": ', '"count": 1', 1), id="a changed line"),
    ],
)
def test_a_record_of_this_game_that_cannot_go_on_is_kept_and_written_whole_again(
    tmp_path: Path, damage: Any
) -> None:
    record = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, record)
    record.write_text(damage(record.read_text()))
    damaged = record.read_bytes()
    _, told = _keep(resumed, tmp_path, record, resume=True)
    _close(resumed)
    [(what, error)] = told
    assert what == "record-aside"
    kept = getattr(error, "kept", None)
    assert is_set_aside(kept, record) and kept is not None and kept.read_bytes() == damaged
    assert list(read_record(record).events) == list(resumed.game.log)


def _foreign_files(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    text = tmp_path / "notes.txt"
    text.write_text("my shopping list\n")
    yield "a text file", text
    yield "the saved game itself", tmp_path / "current-game.json"
    other = tmp_path / "other.jsonl"
    other.write_bytes(corpus("record")[0].read_bytes())
    yield "another game's record", other
    yield "a damaged record", corpus("record")[-1]


def test_a_file_that_is_not_this_game_s_record_is_never_touched(tmp_path: Path) -> None:
    _played_then_resumed(tmp_path, tmp_path / "game.jsonl")  # the save to resume
    for what, path in _foreign_files(tmp_path):
        before = (path.read_bytes(), path.stat().st_mtime_ns)
        session = GameSession.resume(load_game(tmp_path / "current-game.json"), playouts=10)
        _, told = _keep(session, tmp_path, path, resume=True)
        assert [w for w, _ in told] == ["record-foreign"], what
        assert recorder_of(session) is None, what
        if path.name != "current-game.json":  # the save itself moves on with the game
            _advance(session, 2)
            assert (path.read_bytes(), path.stat().st_mtime_ns) == before, what


def _not_files(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Places that are not regular files, made now: a pipe, a device node, a folder."""
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    yield "a named pipe", fifo
    if hasattr(os, "mknod") and os.geteuid() == 0:
        device = tmp_path / "full.jsonl"
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 7))  # what /dev/full is
        yield "a device", device
    folder = tmp_path / "folder.jsonl"
    folder.mkdir()
    yield "a folder", folder


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_record_is_never_written_to_a_pipe_a_device_or_a_folder(tmp_path: Path) -> None:
    _played_then_resumed(tmp_path, tmp_path / "game.jsonl")  # the save to resume
    for what, path in _not_files(tmp_path):
        kind = stat.S_IFMT(path.lstat().st_mode)
        for resume in (True, False):
            session = GameSession.resume(load_game(tmp_path / "current-game.json"), playouts=10)
            _, told = _keep(session, tmp_path, path, resume=resume)
            assert [w for w, _ in told] == ["record"], what
            assert "not a regular file" in str(told[0][1]), what
            assert stat.S_IFMT(path.lstat().st_mode) == kind, what


def test_a_record_whose_folder_is_gone_is_told_and_the_game_goes_on(tmp_path: Path) -> None:
    record = tmp_path / "records" / "game.jsonl"
    record.parent.mkdir()
    resumed = _played_then_resumed(tmp_path, record)
    record.unlink()
    record.parent.rmdir()
    _, told = _keep(resumed, tmp_path, record, resume=True)
    assert [w for w, _ in told] == ["record"]
    _advance(resumed, 3)
    assert not record.parent.exists()  # no folder is made for a path a save names


def test_a_read_only_game_keeps_nothing(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, record)
    save = tmp_path / "current-game.json"
    before = (save.read_bytes(), record.read_bytes())
    autosave, told = _keep(resumed, tmp_path, record, resume=True, read_only=True)
    _advance(resumed, 6)
    assert not autosave.save(resumed) and not autosave.saved
    assert (save.read_bytes(), record.read_bytes()) == before and told == []
    assert not (tmp_path / "stats.json").exists()
    assert not any(isinstance(x, Recorder) for x in resumed.listeners)


# -- a new record for a resumed game ----------------------------------------------------


def test_a_new_record_for_a_resumed_game_holds_the_whole_game(tmp_path: Path) -> None:
    old = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, old)
    before = old.read_bytes()
    new = tmp_path / "again.jsonl"
    _, told = _keep(resumed, tmp_path, new, resume=False)
    _advance(resumed, 4)
    _close(resumed)
    assert told == [] and old.read_bytes() == before
    record = read_record(new)
    assert list(record.events) == list(resumed.game.log)
    assert record.events[0] == resumed.game.log[0]  # from the first deal on
    verify(record)


# -- never overwritten: a full disk, a record named again ------------------------------


def _full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk is full for new files: every save fails as ``write_atomic`` would (its
    temporary file cannot be written), while lines appended to the record still land in
    the blocks the record already has."""

    def full(path: Any, data: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr("sniff.storage.savegame.write_atomic", full)


def _kept_name(kept: Path | None, record: Path) -> bool:
    """``game.jsonl`` kept whole as ``game.<YYYYMMDD-HHMMSS>[-N].jsonl``, beside it."""
    pattern = re.escape(record.stem) + r"\.\d{8}-\d{6}(-\d+)?" + re.escape(record.suffix)
    return (
        kept is not None and kept.parent == record.parent and bool(re.fullmatch(pattern, kept.name))
    )


@pytest.mark.parametrize("named_again", [True, False], ids=["--record again", "its own record"])
def test_a_full_disk_stops_the_save_the_record_grows_and_a_restart_keeps_every_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, named_again: bool
) -> None:
    record = tmp_path / "game.jsonl"
    first = _session()
    _, told = _keep(first, tmp_path, record)
    _advance(first, 4)
    with monkeypatch.context() as disk:
        _full_disk(disk)
        _advance(first, 20)
        assert [what for what, _ in told] == ["save"]  # told once, not at every action
        assert told[0][1].errno == errno.ENOSPC  # type: ignore[attr-defined]
    _close(first)
    grown = record.read_bytes()
    assert list(read_record(record).events) == list(first.game.log)  # every play is there
    # The next run resumes the last save, 20 actions behind the record.
    resumed = GameSession.resume(load_game(tmp_path / "current-game.json"), playouts=10)
    behind = first.game.log[len(resumed.game.log) :]
    plays = sum(isinstance(event, Played) for event in behind)
    assert plays >= 8
    _, told = _keep(resumed, tmp_path, record, resume=not named_again)
    [(what, error)] = told
    assert what == "record-aside" and isinstance(error, RecordSetAside)
    assert (error.code, error.plays, error.path) == ("ahead", plays, record)
    assert _kept_name(error.kept, record)
    assert error.kept is not None and error.kept.read_bytes() == grown  # kept whole
    verify(read_record(error.kept))
    _advance(resumed, 3)
    _close(resumed)
    assert list(read_record(record).events) == list(resumed.game.log)
    verify(read_record(record))


def test_a_full_disk_on_the_record_too_is_told_once_and_nothing_is_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "game.jsonl"
    first = _session()
    _, told = _keep(first, tmp_path, record)
    _advance(first, 4)
    before = record.read_bytes()
    with monkeypatch.context() as disk:
        _full_disk(disk)
        recorder = recorder_of(first)
        assert recorder is not None

        class FullFile:
            def write(self, text: str) -> int:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            def flush(self) -> None:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            def close(self) -> None:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        real = recorder.sink._stream
        assert real is not None
        real.close()
        recorder.sink._stream = FullFile()  # type: ignore[assignment]
        _advance(first, 6)
        recorder.close()  # the last lines cannot be written either: no exception
    assert [what for what, _ in told] == ["save", "record"]
    assert record.read_bytes() == before


def test_a_new_game_keeps_an_older_record_at_the_path_named_and_says_so(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    older = _session(seed=9)
    _keep(older, tmp_path, record)
    _advance(older, 10)
    _close(older)
    before = record.read_bytes()
    newer = _session(seed=5)
    _, told = _keep(newer, tmp_path, record)
    [(what, error)] = told
    assert what == "record-aside" and isinstance(error, RecordSetAside)
    assert error.code == "other-game" and _kept_name(error.kept, record)
    assert error.kept is not None and error.kept.read_bytes() == before
    _advance(newer, 2)
    _close(newer)
    assert list(read_record(record).events) == list(newer.game.log)


def test_the_record_named_again_for_its_resumed_game_is_continued(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    resumed = _played_then_resumed(tmp_path, record)
    before = record.read_bytes()
    _, told = _keep(resumed, tmp_path, record, resume=False)
    _advance(resumed, 5)
    _close(resumed)
    assert told == [] and record.read_bytes().startswith(before)
    assert list(read_record(record).events) == list(resumed.game.log)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("game")] == ["game.jsonl"]


def test_a_file_named_for_the_record_that_is_no_record_is_left_alone(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my shopping list\n")
    session = _session()
    _, told = _keep(session, tmp_path, notes)
    assert [what for what, _ in told] == ["record-foreign"]
    assert recorder_of(session) is None
    _advance(session, 3)
    assert notes.read_text() == "my shopping list\n"


def test_an_empty_file_named_for_the_record_is_simply_written(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    record.touch()
    session = _session()
    _, told = _keep(session, tmp_path, record)
    _advance(session, 3)
    _close(session)
    assert told == [] and list(read_record(record).events) == list(session.game.log)


# -- atomic writes ----------------------------------------------------------------------


class WriteSpy:
    """Watches the real calls a write makes (they all still happen)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, Any]] = []
        real_fsync, real_replace = os.fsync, os.replace

        def fsync(fd: int) -> None:
            info = os.fstat(fd)
            self.calls.append(("fsync", "folder" if stat.S_ISDIR(info.st_mode) else "file"))
            real_fsync(fd)

        def replace(src: Any, dst: Any) -> None:
            self.calls.append(("replace", (Path(src), Path(dst))))
            real_replace(src, dst)

        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)

    def check(self, target: Path) -> None:
        """Temp file in the target's folder, synced, renamed over it, folder synced."""
        kinds = [call[0] for call in self.calls]
        assert kinds == ["fsync", "replace", "fsync"], self.calls
        assert self.calls[0][1] == "file" and self.calls[2][1] == "folder"
        temp, final = self.calls[1][1]
        assert final == target and temp.parent == target.parent and temp != target
        assert not temp.exists()
        self.calls.clear()


def test_save_settings_statistics_and_records_are_written_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session()
    _advance(session, 3)
    spy = WriteSpy(monkeypatch)
    save = tmp_path / "current-game.json"
    save_game(save, session.snapshot())
    spy.check(save)
    settings = tmp_path / "settings.toml"
    save_settings(Settings(pace=2), settings)
    spy.check(settings)
    stats = tmp_path / "stats.json"
    save_stats(Stats(), stats)
    spy.check(stats)
    record = tmp_path / "game.jsonl"
    game = session.game
    writer = RecordWriter(
        record, rules=game.rules, seed=5, players=session.players, sides=game.sides, events=game.log
    )
    writer.close()
    spy.check(record)
    assert list(read_record(record).events) == list(game.log)  # all there from the start


def test_the_save_is_written_after_every_action(tmp_path: Path) -> None:
    session = _session()
    _keep(session, tmp_path, None)
    save = tmp_path / "current-game.json"
    for _ in range(8):
        _advance(session, 1)
        saved = load_game(save)
        assert len(saved.actions) == len(session.state.actions)


# -- the command line -------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_record_to_anything_but_a_regular_file_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    for what, path in _not_files(tmp_path):
        kind = stat.S_IFMT(path.lstat().st_mode)
        with pytest.raises(UsageError, match="not a regular file"):
            options_from_args(play_parser().parse_args(["play", "--record", str(path)]))
        assert main(["simulate", "--record", str(path)]) == 2, what
        assert "not a regular file" in capsys.readouterr().err, what
        assert stat.S_IFMT(path.lstat().st_mode) == kind, what
    with pytest.raises(UsageError, match="its folder does not exist"):
        options_from_args(
            play_parser().parse_args(["play", "--record", str(tmp_path / "no" / "game.jsonl")])
        )


def test_a_record_through_a_link_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert main(["simulate", "--seed", "2", "--record", str(link)]) == 0
    assert link.is_symlink() and read_record(real).finished


# -- the keyboard game ------------------------------------------------------------------


def test_resuming_names_a_record_that_is_not_this_game_s_and_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_ui_game_harness import Driver

    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    notes = tmp_path / "notes.txt"
    notes.write_text("not a record\n")
    record = tmp_path / "game.jsonl"

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "4", "--record", str(record)]) as d:
            await d.press("c-s")
        save = tmp_path / "home" / "data" / "current-game.json"
        data = json.loads(save.read_text())
        data["ui"]["record"] = str(notes)  # a save edited by hand, or by someone else
        save.write_text(json.dumps(data))
        async with Driver(["--bots", "greedy"]) as d:
            await d.press("enter")
            assert (
                f"The file {notes} is not the record of this game, so it was left as it was; "
                "this game is not recorded." in d.texts
            )
            while d.game.phase is Phase.PLAY and not d.my_turn():
                await d.settle()
            await d.play_turn()
        assert notes.read_text() == "not a record\n"

    asyncio.run(go())


def test_restarting_with_the_same_record_after_a_full_disk_keeps_it_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_ui_game_harness import Driver

    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    record = tmp_path / "game.jsonl"
    argv = ["--bots", "greedy", "--seed", "4", "--record", str(record)]

    async def go() -> None:
        with monkeypatch.context() as disk:
            async with Driver(argv) as d:
                await d.play_turn()
                _full_disk(disk)  # from here to the end of the run, the save can't be written
                while sum(isinstance(e, Played) for e in d.game.log) < 6:
                    assert await d.play_turn()
                assert any("could not be saved" in t for t in d.texts), d.texts
        grown = record.read_bytes()
        async with Driver(argv) as d:
            await d.press("enter")  # resume the last save, which is behind the record
            assert d.screen.resumed
            [kept] = [p for p in tmp_path.iterdir() if _kept_name(p, record)]
            assert kept.read_bytes() == grown
            beyond = sum(isinstance(e, Played) for e in read_record(kept).events) - sum(
                isinstance(e, Played) for e in d.game.log
            )
            assert beyond > 0
            # Why it was kept (it went further than the save) and how far, and where it is.
            plays = "1 play" if beyond == 1 else f"{beyond} plays"
            assert (
                f"The game record {record} holds {plays} more than the saved game. It was "
                f"kept whole as {kept}, and {record} records the game again from where it "
                "was saved." in d.texts
            ), d.texts
            await d.play_turn()
        assert list(read_record(record).events)[: len(d.game.log)] == list(d.game.log)

    asyncio.run(go())


@pytest.mark.parametrize(
    ("language", "reason", "plays", "said"),
    [
        (
            "en",
            "ahead",
            8,
            "The game record /r/game.jsonl holds 8 plays more than the saved game. It was kept "
            "whole as /r/game.1.jsonl, and /r/game.jsonl records the game again from where it "
            "was saved.",
        ),
        (
            "de",
            "ahead",
            1,
            "Im Spielprotokoll /r/game.jsonl steht 1 angelegter Stein mehr als im gespeicherten "
            "Spiel. Es wurde vollständig als /r/game.1.jsonl aufbewahrt, und /r/game.jsonl "
            "protokolliert das Spiel wieder ab dem gespeicherten Stand.",
        ),
        (
            "en",
            "ahead",
            0,
            "The game record /r/game.jsonl goes further than the saved game. It was kept whole "
            "as /r/game.1.jsonl, and /r/game.jsonl records the game again from where it was saved.",
        ),
        (
            "en",
            "other-game",
            0,
            "The file /r/game.jsonl held the record of another game. It was kept as "
            "/r/game.1.jsonl, and this game is recorded in /r/game.jsonl.",
        ),
        (
            "de",
            "other-game",
            0,
            "In der Datei /r/game.jsonl stand das Protokoll eines anderen Spiels. Es wurde als "
            "/r/game.1.jsonl aufbewahrt, und dieses Spiel wird in /r/game.jsonl protokolliert.",
        ),
    ],
)
def test_what_the_player_hears_when_a_record_is_kept_aside(
    language: str, reason: str, plays: int, said: str
) -> None:
    words = FileWords(translator(language))
    heard = words.record_kept("/r/game.jsonl", "/r/game.1.jsonl", reason=reason, plays=plays)
    assert heard.text == said
