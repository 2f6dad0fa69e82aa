"""Golden transcripts: a scripted round announced for seat 0, in English and German.

Regenerate after a deliberate wording change with ``SNIFF_UPDATE_GOLDEN=1``
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from announce_script import transcript

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("language", "verbosity"),
    [
        (language, verbosity)
        for language in ("en", "de")
        for verbosity in ("brief", "normal", "verbose")
    ],
)
def test_scripted_round_reads_as_the_golden_transcript(language: str, verbosity: str) -> None:
    lines = transcript(language, verbosity)
    path = GOLDEN / f"round_{language}_{verbosity}.txt"
    if os.environ.get("SNIFF_UPDATE_GOLDEN") == "1":
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = path.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"{path.name} line {number}"
    assert len(lines) == len(expected)
