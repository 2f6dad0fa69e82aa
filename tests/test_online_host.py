"""`sniff host` without a server: the game hosts the table itself, says where and its
code, and plays it at the real game screen; asked first before it listens beyond this
computer."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.i18n import translator
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.server.app import ServerOptions
from sniff.storage import Settings
from sniff.ui.app import build_context
from sniff.ui.online import run_online


def _play(tmp_path: Path, *, listen: str, keys: list[tuple[str, str]]) -> list[str]:
    """Host a table and press *keys*, each once something holding its text was said."""
    speech = RecordingSpeech()
    ctx = build_context(Settings(pace=0), translator("en"), speech=speech, sound=NullPlayer())
    options = ServerOptions(tmp_path / "host", host=listen, port=0)
    create = {"type": "create", "name": "Ada", "preset": "sniff", "seats": ["person", "greedy"]}
    with create_pipe_input() as pipe:

        def press() -> None:
            for awaited, key in keys:
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline:
                    if any(awaited in t for t in list(speech.texts)):
                        break
                    time.sleep(0.02)
                pipe.send_text(key)

        threading.Thread(target=press, daemon=True).start()
        run_online(ctx, "", create, name="Ada", hosted=options, ask_first=listen != "127.0.0.1",
                   input=pipe, output=DummyOutput())  # fmt: skip
    return speech.texts


def test_host_opens_its_own_table_says_the_code_and_plays(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    keys = [("Your turn", "h"), (" pips: ", "q"), ("Quit", "y")]
    said = _play(tmp_path, listen="127.0.0.1", keys=keys)
    opened = next(t for t in said if t.startswith("Your table is open at 127.0.0.1:"))
    assert "Its code is" in opened and "sniff join" in opened
    assert any(t.startswith("New game: You and ") for t in said)
    assert any(" tiles, " in t and " pips: " in t for t in said)  # H answered


def test_host_asks_before_listening_beyond_this_computer(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    said = _play(tmp_path, listen="0.0.0.0", keys=[("on your network", "n")])
    assert any("others on your network" in t.lower() for t in said)
    assert not any(t.startswith("Your table is open") for t in said)  # no: nothing opened


pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")
