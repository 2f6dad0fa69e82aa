"""``sniff doctor``: it reports in the player's language, says what to do about
what is missing, and never fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from sniff.cli import main
from sniff.output import diagnose
from sniff.output.sound import NullPlayer


def test_doctor_reports_in_german_with_advice(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    assert main(["doctor", "--lang", "de", "--speech", "screenreader"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Sniff-Doktor, Version ")
    assert out[2] == "Das Spiel spricht über: Textzeilen."
    assert "Speech Dispatcher läuft nicht; stattdessen jetzt: Textzeilen." in out
    assert any(line.startswith("Es läuft kein Screenreader: Starte zuerst NVDA") for line in out)
    assert (
        out[-1] == f"Einstellungsordner: {tmp_path / 'config'}; Datenordner für Spielstände "
        f"und Statistik: {tmp_path / 'data'}."
    )


def test_doctor_speak_says_why_an_output_could_not_speak(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    # No sound device, whatever this machine has; Speech Dispatcher is pointed at
    # nothing by conftest, and no screen reader runs in the suite.
    monkeypatch.setattr(diagnose, "create_player", lambda *a, **k: NullPlayer())
    assert main(["doctor", "--speak"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "Language: English; speech setting: automatic."
    assert out[-2:] == [
        "The built-in voice could not say it: there is no sound device.",
        "No output here can speak; the game will write lines of text.",
    ]
