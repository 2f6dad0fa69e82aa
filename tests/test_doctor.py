"""``sniff doctor``: it reports in the player's language, says what to do about
what is missing, and never fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from sniff.cli import main


def test_doctor_reports_in_german_with_advice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    assert main(["doctor", "--lang", "de", "--speech", "screenreader"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Sniff-Doktor, Version ")
    assert out[2] == "Das Spiel spricht über: Textzeilen."
    assert "Speech Dispatcher läuft nicht; die Ansagen kommen als Textzeilen." in out
    assert any(line.startswith("Es läuft kein Screenreader: starte zuerst NVDA") for line in out)
    assert (
        out[-1] == f"Ordner der Einstellungen: {tmp_path / 'config'}; Datenordner "
        f"(Spielstände, Statistik): {tmp_path / 'data'}."
    )


def test_doctor_speak_tries_each_output_and_says_what_happened(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    assert main(["doctor", "--speak"]) == 0
    out = capsys.readouterr().out.splitlines()
    # Without a screen reader or a sound device here, nothing can speak: it says so.
    assert out[-1] == "No output here can speak; the game will write lines of text." or any(
        line.startswith("Test sentence said through") for line in out
    )
