"""kill -9 of a real `sniff serve` mid-game, then a restart on the same data folder:
every table is back, the players resume their seats, and nothing a player was told
is lost or changed."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from netplay import Player, free_port
from sniff.storage.records import read_record, verify

SNIFF = Path(sys.executable).with_name("sniff")


def _serve(data: Path, port: int, home: Path) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [str(SNIFF), "serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(data)],
        env={**os.environ, "SNIFF_HOME": str(home), "LANG": "C.UTF-8"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    deadline = time.monotonic() + 20
    assert process.stdout is not None
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if "listening" in line:
            return process
        if process.poll() is not None:
            break
    process.kill()
    raise AssertionError("sniff serve did not start")


@pytest.mark.skipif(not SNIFF.exists(), reason="the sniff command is not installed")
def test_a_server_killed_mid_game_comes_back_with_every_table(tmp_path: Path) -> None:
    data, home, port = tmp_path / "server", tmp_path / "home", free_port()
    url = f"ws://127.0.0.1:{port}/ws"
    first = _serve(data, port, home)

    async def before() -> tuple[list[Player], str]:
        ada, bo = Player(url, "Ada"), Player(url, "Bo")
        await ada.open()
        await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person", "greedy"],
                        "target": 100})  # fmt: skip
        await ada.wait_for(lambda: ada.code is not None)
        await bo.open()
        await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
        await ada.wait_for(lambda: ada.at >= 25, timeout=30)
        os.killpg(first.pid, signal.SIGKILL)  # in the middle of whatever it was doing
        first.wait(10)
        await asyncio.sleep(0.2)
        for player in (ada, bo):
            await player.close()
        assert ada.code is not None
        return [ada, bo], ada.code.replace("-", "")

    players, code = asyncio.run(before())
    told = {player.name: player.told() for player in players}
    tokens = {player.name: player.token for player in players}
    second = _serve(data, port, home)
    try:

        async def after() -> None:
            back = []
            for name, token in tokens.items():
                player = Player(url, name)
                await player.open()
                await player.send({"type": "resume", "token": token})
                await player.wait_for(lambda p=player: p.view is not None)
                state = player.of("state")[0]["log"]
                # Everything told before the kill is there, as it was: nothing lost.
                assert state[: len(told[name])] == told[name]
                back.append(player)
            for player in back:
                await player.wait_for(lambda p=player: p.over, timeout=60)
                await player.close()

        asyncio.run(after())
        game = verify(read_record(data / "records" / f"{code}.jsonl"))
        assert game.phase.value == "game-over"
    finally:
        os.killpg(second.pid, signal.SIGTERM)
        second.wait(20)
