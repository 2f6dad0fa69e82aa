"""`sniff host` without a server: the game hosts the table itself, says where and its
code, and plays it at the real game screen; asked first before it listens beyond this
computer."""

from __future__ import annotations

import asyncio
import re
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from netplay import Player
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
    keys = [("Your turn", "h"), (" pips: ", "q"), ("End the table", "y")]
    said = _play(tmp_path, listen="127.0.0.1", keys=keys)
    assert said[0] == "Opening your table."  # (not "Connecting to ." with no address)
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


def test_a_host_who_quits_ends_the_table_and_everyone_is_told(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """Q at a table the host's own game serves: the host hears who still plays and that
    the table ends with them; Y ends it, and the guest hears it ended (never "dropped",
    never a table waiting in silence), then the server stops."""
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    speech = RecordingSpeech()
    ctx = build_context(Settings(pace=0), translator("en"), speech=speech, sound=NullPlayer())
    options = ServerOptions(tmp_path / "host", host="127.0.0.1", port=0)
    create = {"type": "create", "name": "Ada", "preset": "sniff", "seats": ["person", "person"]}

    def said(text: str) -> str:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = [t for t in list(speech.texts) if text in t]
            if found:
                return found[0]
            time.sleep(0.02)
        raise TimeoutError(f"never said {text!r}: {speech.texts[-4:]}")

    with create_pipe_input() as pipe:
        done: list[int] = []
        host = threading.Thread(target=lambda: done.append(run_online(
            ctx, "", create, name="Ada", hosted=options, input=pipe, output=DummyOutput())),
            daemon=True)  # fmt: skip
        host.start()
        opened = said("Your table is open at 127.0.0.1:")
        port = int(re.search(r"127\.0\.0\.1:(\d+)", opened).group(1))  # type: ignore[union-attr]
        code = re.search(r"Its code is ([0-9A-Z]{4}-[0-9A-Z]{4})", opened).group(1)  # type: ignore[union-attr]

        async def guest() -> list[str]:
            ben = Player(f"ws://127.0.0.1:{port}/ws", "Ben", plays=False)
            await ben.open()
            await ben.send({"type": "join", "code": code, "name": "Ben"})
            await ben.wait_for(lambda: ben.view is not None)
            await asyncio.to_thread(said, "New game")
            pipe.send_text("q")
            question = await asyncio.to_thread(said, "End the table")
            assert "Ben is still playing" in question and "record is kept" in question
            pipe.send_text("y")
            await ben.wait_for(lambda: ben.ws is not None and ben.ws.close_code is not None)
            return [n["kind"] for n in ben.of("notice")]

        kinds = asyncio.run(guest())
        host.join(20)
        assert not host.is_alive() and done == [0]
    assert "ended" in kinds and "dropped" not in kinds
    assert any("You ended the table" in t for t in speech.texts)


def test_a_host_who_hosts_again_is_back_at_the_same_table(tmp_path: Path, monkeypatch: Any) -> None:
    """The host's game closed while the table went on (the terminal closed): sniff host
    again brings the same table back, with the host in their seat, not a new table made
    in front of it; the guest's place is there too."""
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    options = ServerOptions(tmp_path / "host", host="127.0.0.1", port=port)
    create = {"type": "create", "name": "Ada", "preset": "sniff", "seats": ["person", "person"]}

    def host_once(until: str, then: str | None) -> list[str]:
        speech = RecordingSpeech()
        ctx = build_context(Settings(pace=0), translator("en"), speech=speech,
                            sound=NullPlayer())  # fmt: skip
        with create_pipe_input() as pipe:

            def press() -> None:
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline:
                    if any(until in t for t in list(speech.texts)):
                        break
                    time.sleep(0.02)
                if then is not None:
                    pipe.send_text(then)
                else:
                    pipe.close()  # the terminal closes: the table goes on without the host

            threading.Thread(target=press, daemon=True).start()
            run_online(ctx, "", create, name="Ada", hosted=options, input=pipe,
                       output=DummyOutput())  # fmt: skip
        return list(speech.texts)

    first = host_once("Your table is open", None)
    code = re.search(r"Its code is ([0-9A-Z]{4}-[0-9A-Z]{4})", " ".join(first)).group(1)  # type: ignore[union-attr]
    again = host_once("still going", None)
    back = next(t for t in again if "still going" in t)
    assert back.startswith(f"Your table {code} is still going")
    assert not any(t.startswith("Your table is open") for t in again)
