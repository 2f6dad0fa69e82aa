"""Atomic writes and setting bad files aside (sniff.storage.atomic, .paths)."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

import pytest

from damaged_files import is_set_aside
from sniff.storage.atomic import set_aside, write_atomic
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
