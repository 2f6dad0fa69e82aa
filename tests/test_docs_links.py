"""The docs stand on their own: every link leads to a file of the project, none to the
specification folder outside it, and each English page has its German one and back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([*ROOT.glob("docs/*.md"), *ROOT.glob("docs/de/*.md"), ROOT / "README.md"])
_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_link_leads_to_a_file_of_the_project(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in _LINK.findall(text):
        if re.match(r"[a-z]+:", target):  # a web address
            continue
        where = (page.parent / target).resolve()
        assert where.is_relative_to(ROOT), f"{page.name}: {target} is outside the project"
        assert where.exists(), f"{page.name}: {target} does not exist"
    assert "shared/" not in text, f"{page.name} points at the specification folder"


def test_the_record_format_is_in_both_languages_and_each_names_the_other() -> None:
    english = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    german = (ROOT / "docs" / "de" / "record-format.md").read_text(encoding="utf-8")
    assert "(de/record-format.md)" in english and "(../record-format.md)" in german
    # The same example record in both, and the same rule keys in both tables.
    example = re.compile(r"```json\n(.*?)```", re.S)
    assert example.findall(english) == example.findall(german)
    keys = re.compile(r"^\| `(\w+)`", re.M)
    assert keys.findall(english) == keys.findall(german)


def test_the_example_record_is_what_the_game_writes(tmp_path: Path) -> None:
    from sniff.cli import main

    path = tmp_path / "game.jsonl"
    assert main(["simulate", "--target", "30", "--seed", "1", "--record", str(path)]) == 0
    english = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
    shown = re.search(r"```json\n(.*?)```", english, re.S)
    assert shown is not None and shown[1] == path.read_text(encoding="utf-8")
