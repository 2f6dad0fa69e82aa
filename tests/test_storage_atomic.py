"""Atomic writes and setting bad files aside (sniff.storage.atomic, .paths)."""

from __future__ import annotations

import errno
import os
from datetime import datetime
from pathlib import Path

import pytest

from damaged_files import is_set_aside
from sniff.storage.atomic import (
    NotARegularFile,
    Problem,
    _move_without_overwrite,
    aside_name,
    set_aside,
    write_atomic,
)
from sniff.storage.guarded import load_guarded
from sniff.storage.limits import DataError
from sniff.storage.paths import config_dir, data_dir, save_path, settings_path, stats_path


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_write_atomic_writes_text_and_bytes_and_creates_the_folder(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "er" / "file.txt"
    write_atomic(target, "grüße\n")
    assert target.read_bytes() == "grüße\n".encode()
    write_atomic(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01"
    assert _leftovers(target.parent) == []


def test_a_crash_before_the_rename_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "settings.toml"
    target.write_text("old = 1\n")

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="No space"):
        write_atomic(target, "new = 2\n" * 10_000)
    assert target.read_text() == "old = 1\n"
    assert _leftovers(tmp_path) == []


def test_a_crash_while_writing_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "stats.json"
    target.write_text('{"old": true}')

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt  # Ctrl+C between the write and the sync

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, '{"new": true}')
    assert target.read_text() == '{"old": true}'
    assert _leftovers(tmp_path) == []


def test_a_crash_on_a_new_file_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(src: object, dst: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "new.json", "{}")
    assert list(tmp_path.iterdir()) == []


def test_set_aside_names_bad_files_by_time_and_never_overwrites_one(tmp_path: Path) -> None:
    target = tmp_path / "settings.toml"
    contents = ["first", "second", "third"]
    moved = []
    when = datetime(2026, 11, 24, 9, 5, 7)
    for text in contents:
        target.write_text(text)
        moved.append(set_aside(target, now=when))
        assert not target.exists()
    assert [p.name for p in moved] == [
        "settings.toml.20261124-090507.bad",
        "settings.toml.20261124-090507-2.bad",
        "settings.toml.20261124-090507-3.bad",
    ]
    assert [p.read_text() for p in moved] == contents
    target.write_text("fourth")
    assert is_set_aside(set_aside(target), target)  # now: the clock's own time


def test_set_aside_of_a_missing_file_raises(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        set_aside(tmp_path / "nothing")
    assert list(tmp_path.iterdir()) == []


def test_sniff_home_holds_config_and_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    assert config_dir() == tmp_path / "config"
    assert data_dir() == tmp_path / "data"
    assert settings_path() == tmp_path / "config" / "settings.toml"
    assert save_path() == tmp_path / "data" / "current-game.json"
    assert stats_path() == tmp_path / "data" / "stats.json"


def test_without_sniff_home_the_platform_folders_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SNIFF_HOME", raising=False)
    assert "sniff" in str(config_dir()).lower()
    assert "sniff" in str(data_dir()).lower()
    assert os.path.isabs(settings_path())


def test_only_a_regular_file_is_replaced_and_a_link_is_followed(tmp_path: Path) -> None:
    with pytest.raises(NotARegularFile) as refused:
        write_atomic(tmp_path, "x")
    assert (refused.value.errno, refused.value.strerror, refused.value.filename) == (
        errno.EINVAL,
        "not a regular file",
        str(tmp_path),
    )
    with pytest.raises(NotARegularFile):
        write_atomic("/dev/null", "x")
    real = tmp_path / "real.txt"
    real.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(link, b"new")
    assert link.is_symlink() and real.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "real.txt"]


def test_a_bad_file_is_set_aside_under_the_second_it_was_found(tmp_path: Path) -> None:
    when = datetime(2026, 11, 24, 9, 5, 7)
    assert aside_name("stats.json", when) == "stats.json.20261124-090507.bad"
    assert aside_name("stats.json", when, 3) == "stats.json.20261124-090507-3.bad"
    for text in ("one", "two"):
        (tmp_path / "stats.json").write_text(text)
        set_aside(tmp_path / "stats.json", now=when)
    assert (tmp_path / "stats.json.20261124-090507.bad").read_text() == "one"
    assert (tmp_path / "stats.json.20261124-090507-2.bad").read_text() == "two"
    assert not (tmp_path / "stats.json").exists()


def _refuse(data: object) -> object:
    raise ValueError("not ours")


def _break(data: object) -> object:
    raise KeyError("players")


def test_a_damaged_file_is_set_aside_with_the_parser_s_words(tmp_path: Path) -> None:
    path = tmp_path / "lessons.json"
    for parse, detail in ((_refuse, "not ours"), (_break, "KeyError('players')")):
        path.write_text("[]")
        loaded = load_guarded(path, 100, "lesson progress", parse)
        assert (loaded.value, loaded.problem) == (None, Problem("corrupt", detail))
        assert loaded.set_aside is not None and loaded.set_aside.read_text() == "[]"
    assert load_guarded(tmp_path / "none.json", 100, "x", _refuse) == (None, None, None)


def test_a_damaged_file_that_cannot_be_set_aside_is_reported_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (As root no folder refuses a rename: the refusal is made here.)
    def refuse(path: object, **_: object) -> Path:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("sniff.storage.guarded.set_aside", refuse)
    path = tmp_path / "lessons.json"
    path.write_text("[]")
    loaded = load_guarded(path, 100, "lesson progress", _refuse)
    assert loaded == (
        None,
        Problem("corrupt", "not ours (could not set the file aside: Read-only file system)"),
        None,
    )
    assert path.read_text() == "[]"


def test_where_hard_links_are_refused_a_bad_file_is_still_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Some file systems (FAT, some network drives) refuse hard links: set_aside then
    # renames, still never over a file that is there.
    def no_links(source: object, target: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    when = datetime(2026, 1, 2, 3, 4, 5)
    first = tmp_path / "stats.json.20260102-030405.bad"
    first.write_text("older")
    (tmp_path / "stats.json").write_text("newer")
    moved = set_aside(tmp_path / "stats.json", now=when)
    assert moved.name == "stats.json.20260102-030405-2.bad"
    assert (first.read_text(), moved.read_text()) == ("older", "newer")
    assert not (tmp_path / "stats.json").exists()


def test_a_name_taken_at_the_last_moment_is_not_written_over(tmp_path: Path) -> None:
    source, target = tmp_path / "bad", tmp_path / "taken"
    source.write_text("bad")
    target.write_text("taken")
    assert _move_without_overwrite(source, target) is False
    assert (source.read_text(), target.read_text()) == ("bad", "taken")
    free = tmp_path / "free"
    assert _move_without_overwrite(source, free) is True
    assert free.read_text() == "bad" and not source.exists()


def test_a_data_error_carries_its_code_file_and_where_it_was_kept(tmp_path: Path) -> None:
    error = DataError("set aside", kept=tmp_path / "x.bad", path=tmp_path / "x")
    assert (str(error), error.code, error.kept, error.path) == (
        "set aside",
        "corrupt",
        tmp_path / "x.bad",
        tmp_path / "x",
    )
    assert DataError("no", "unreadable").code == "unreadable"
    assert (DataError("no").kept, DataError("no").path) == (None, None)


def test_without_hard_links_a_name_taken_at_the_last_moment_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, target: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    source, target = tmp_path / "bad", tmp_path / "taken"
    source.write_text("bad")
    target.write_text("taken")
    assert _move_without_overwrite(source, target) is False
    assert (source.read_text(), target.read_text()) == ("bad", "taken")
