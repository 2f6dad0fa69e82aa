"""Two real `sniff join` terminals, one English and one German, play a game with a bot
to its end on a real `sniff serve`; each transcript holds every play of the game, in
its own language."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from pathlib import Path

import pytest

from netplay import Player, free_port
from sniff.announce.words import Words
from sniff.engine import Played
from sniff.i18n import translator
from sniff.storage.records import read_record
from test_server_restart import SNIFF, _serve
from test_tmux import Terminal, pytestmark  # noqa: F401 (tmux needed)

TIMEOUT = 150.0


def _home(base: Path, name: str) -> Path:
    """A data folder whose settings let the bots play at once (no pause)."""
    home = base / name
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.toml").write_text("pace = 0\n", encoding="utf-8")
    return home


def _join(base: Path, port: int, code: str, name: str, language: str) -> Terminal:
    home = _home(base, name)
    transcript = base / f"{name}.txt"
    command = [str(SNIFF), "join", code, "--server", f"127.0.0.1:{port}", "--name", name,
               "--lang", language, "--speech", "text", "--screen", "line", "--no-sound",
               "--transcript", str(transcript)]  # fmt: skip
    env = {"SNIFF_HOME": str(home), "LANG": "C.UTF-8", "TERM": "xterm-256color"}
    return Terminal(command, env, transcript)


@pytest.mark.skipif(not SNIFF.exists(), reason="the sniff command is not installed")
def test_two_terminals_in_two_languages_play_a_game_to_its_end(tmp_path: Path) -> None:
    data, port = tmp_path / "server", free_port()
    serve = _serve(data, port, tmp_path / "serve-home")
    url = f"ws://127.0.0.1:{port}/ws"

    async def open_table() -> str:
        # The table's maker leaves at once: a bot takes that seat for the whole game.
        maker = Player(url, "Clara", plays=False)
        await maker.open()
        await maker.send({"type": "create", "name": "Clara", "preset": "alle-fuenfe",
                          "seats": ["person", "person", "person"], "target": 15})  # fmt: skip
        await maker.wait_for(lambda: maker.code is not None)
        await maker.send({"type": "leave"})
        await asyncio.sleep(0.2)
        await maker.close()
        assert maker.code is not None
        return maker.code

    terminals: list[Terminal] = []
    try:
        code = asyncio.run(open_table())
        english = _join(tmp_path, port, code, "Ada", "en")
        terminals.append(english)
        german = _join(tmp_path, port, code, "Ben", "de")
        terminals.append(german)
        over = {english: "The game is over", german: "Das Spiel ist aus"}
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if all(any(over[t] in line for line in t.lines()) for t in terminals):
                break
            for terminal in terminals:
                terminal.send("Enter")
                terminal.send("d")
                terminal.send("p")
            time.sleep(0.15)
        else:
            raise AssertionError(
                "the game did not end:\n" + "\n".join(english.lines()[-10:] + german.lines()[-10:])
            )
        record = read_record(data / "records" / f"{code.replace('-', '')}.jsonl")
        plays = [e for e in record.events if isinstance(e, Played)]
        assert plays
        for terminal, language in ((english, "en"), (german, "de")):
            words = Words(translator(language))
            lines = terminal.lines()
            for play in plays:
                tile = words.tile(play.tile)
                said = re.compile(rf"{re.escape(tile)}\b.*, {play.count}\b", re.I)
                assert any(said.search(line) for line in lines), (language, tile, play.count)
        assert any("Spielprotokoll" in line or "Aufzeichnung" in line for line in german.lines())
    finally:
        for terminal in terminals:
            terminal.close()
        os.killpg(serve.pid, signal.SIGTERM)
        serve.wait(20)
