"""Reading the game's own files within limits: each limit exact at its edge, each refusal named.

(tests/test_replay_limits.py and tests/test_damaged_files.py follow damaged
files through the commands; this file pins the limits themselves.)
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sniff.storage.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    DataError,
    check_tree,
    clean_text,
    has_controls,
    load_json_file,
    loads,
    parse_json,
    parse_toml,
    read_bounded,
)

WHAT = "a test file"


def _refusal(parse: object, raw: bytes) -> str:
    with pytest.raises(DataError) as refused:
        parse(raw, WHAT)  # type: ignore[operator]
    assert refused.value.code == "corrupt"
    return str(refused.value)


def test_json_numbers_that_are_not_numbers_are_refused() -> None:
    assert [_refusal(parse_json, raw) for raw in (b"NaN", b"Infinity", b"-Infinity", b"1e400")] == [
        "a test file holds NaN, which is not a number",
        "a test file holds Infinity, which is not a number",
        "a test file holds -Infinity, which is not a number",
        "a test file holds a number too large to use (1e400)",
    ]
    assert parse_json(b"[1.5, -0.25, 1e300]", WHAT) == [1.5, -0.25, 1e300]
    # A long number is shown by its first 20 characters.
    assert _refusal(parse_json, b"1" * 30 + b".5e400") == (
        "a test file holds a number too large to use (11111111111111111111)"
    )


def test_whole_numbers_may_have_up_to_the_digits_allowed() -> None:
    largest = "9" * MAX_DIGITS
    assert parse_json(largest.encode(), WHAT) == int(largest)
    assert parse_json(f"-{largest}".encode(), WHAT) == -int(largest)
    assert (
        _refusal(parse_json, b"1" + b"0" * MAX_DIGITS) == "a test file holds a number of 41 digits"
    )
    with pytest.raises(DataError):
        parse_json(f"-1{largest}".encode(), WHAT)
    assert parse_toml(f"a = {largest}".encode(), WHAT) == {"a": int(largest)}
    assert _refusal(parse_toml, f"a = 1{largest}".encode()) == (
        "a test file holds a number of more than 40 digits"
    )


def test_nesting_may_go_as_deep_as_allowed() -> None:
    deepest = b"[" * MAX_DEPTH + b"]" * MAX_DEPTH
    assert check_tree(parse_json(deepest, WHAT), WHAT) is None
    too_deep = b"[" + deepest + b"]"
    assert _refusal(parse_json, too_deep) == "a test file nests deeper than 32 levels"
    assert _refusal(parse_json, b"[" * 5000 + b"]" * 5000) == (
        "a test file nests deeper than 32 levels"  # (past Python's own recursion limit)
    )
    # In TOML the file itself is the first level: the array may nest one level less.
    toml = b"a = " + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1)
    assert parse_toml(toml, WHAT)["a"]  # read
    assert _refusal(parse_toml, b"a = [" + toml[4:] + b"]") == (
        "a test file nests deeper than 32 levels"
    )


def test_check_tree_looks_at_every_number_but_not_at_truth_values() -> None:
    check_tree({"a": [10**MAX_DIGITS - 1, -(10**MAX_DIGITS - 1), True], "b": {"c": 1.5}}, WHAT)
    for tree in ({"a": 10**MAX_DIGITS}, [[-(10**MAX_DIGITS)]], {"a": {"b": [0, 10**50]}}):
        with pytest.raises(DataError, match=r"^a test file holds a number of more than 40 digits$"):
            check_tree(tree, WHAT)


def test_text_must_be_utf_8_json_or_toml() -> None:
    assert parse_json(b'\xef\xbb\xbf{"a": "\xc3\xa4"}', WHAT) == {"a": "ä"}  # a BOM is fine
    assert _refusal(parse_json, b'{"a": "\xff"}') == "a test file is not UTF-8 text (byte 7)"
    assert _refusal(parse_json, b'{"a": ') == "a test file is not JSON: line 1: Expecting value"
    assert _refusal(parse_json, b'{\n"a": }') == (
        "a test file is not JSON: line 2: Expecting value"
    )
    assert _refusal(parse_toml, b"a = ") == (
        "a test file is not TOML: Invalid value (at end of document)"
    )
    assert loads('{"a": [1, 2.5]}', WHAT) == {"a": [1, 2.5]}
    with pytest.raises(ValueError):
        loads("{", WHAT)


def test_a_file_is_read_up_to_its_limit_and_refused_past_it(tmp_path: Path) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(b"[" + b" " * 98 + b"]")  # 100 bytes
    assert read_bounded(path, 100, WHAT) == path.read_bytes()
    assert load_json_file(path, 100, WHAT) == []
    with pytest.raises(DataError) as refused:
        read_bounded(path, 99, WHAT)
    assert str(refused.value) == "a test file holds 100 bytes, more than the 99 allowed"
    large = tmp_path / "large"
    large.write_bytes(b"x" * (3 << 20))  # read in pieces of a mebibyte
    assert len(read_bounded(large, 3 << 20, WHAT)) == 3 << 20


def test_anything_but_a_regular_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "missing", 100, WHAT)
    with pytest.raises(DataError, match=r"^a test file is a folder, not a regular file$"):
        read_bounded(tmp_path, 100, WHAT)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    with pytest.raises(DataError, match=r"^a test file is a device or pipe, not a regular file$"):
        read_bounded(pipe, 100, WHAT)
    with pytest.raises(DataError) as refused:
        read_bounded("/dev/zero", 100, WHAT)
    assert refused.value.code == "corrupt"


def test_controls_are_found_and_taken_out_whole() -> None:
    assert not has_controls("Anna Müller, 6-4 east")
    for text in ("\x1b[2J", "a\x07", "\x7f", "\x9b", "\u202e", "\u2066x", "\u2069", "\n"):
        assert has_controls(text), repr(text)
    assert clean_text("\x1b[1;31mEve\x1b[0m") == "Eve"
    assert clean_text("\x1b]0;title\x07Bob\x1b]2;x\x1b\\!") == "Bob!"
    assert clean_text("a\x1bMb\u202ec") == "abc"
    assert clean_text("plain words") == "plain words"


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="no /proc here")
def test_a_file_that_says_it_is_empty_but_is_not_is_still_held_to_the_limit() -> None:
    # /proc files say they are empty and are not: like a file that grows while it is read.
    assert Path("/proc/self/status").stat().st_size == 0
    for limit in (0, 10):
        with pytest.raises(DataError) as refused:
            read_bounded("/proc/self/status", limit, WHAT)
        assert str(refused.value) == f"a test file holds more than the {limit} bytes allowed"
    assert b"Name:" in read_bounded("/proc/self/status", 1 << 20, WHAT)


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="no /proc here")
def test_a_file_that_fails_while_it_is_read_is_unreadable_not_damaged() -> None:
    # Reading a process's memory from its start fails (nothing is mapped there): an
    # input/output error after the file opened, as a failing disk gives.
    with pytest.raises(DataError) as refused:
        read_bounded("/proc/self/mem", 100, WHAT)
    assert (refused.value.code, str(refused.value)) == (
        "unreadable",
        "a test file cannot be read: Input/output error",
    )
