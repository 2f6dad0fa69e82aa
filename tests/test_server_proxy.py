"""`sniff serve --workers 2` behind the real nginx, with docs/deploy/'s file: tables
made through the proxy land on both processes, each connection is routed to its
table's process by the code in its address, kill -9 of one process leaves the other's
tables playing, and its tables come back when it is started again (by the server
itself), with everything its players were told. Skips where nginx is not installed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from netplay import Player
from sniff.net.address import routed
from sniff.server.workers import share

SNIFF = Path(sys.executable).with_name("sniff")
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
SITE = Path(__file__).resolve().parents[1] / "docs" / "deploy" / "nginx-sniff-workers.conf"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(NGINX is None, reason="nginx is not installed"),
    pytest.mark.skipif(not SNIFF.exists(), reason="the sniff command is not installed"),
]


def _free_ports(count: int, *, together: int = 1) -> list[int]:
    """*count* free loopback ports, the first *together* of them one after another."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            first = int(probe.getsockname()[1])
        if first + together > 65000:
            continue
        ports = list(range(first, first + together))
        with contextlib.ExitStack() as held:
            for port in ports:
                probe = held.enter_context(socket.socket())
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    break
            else:
                while len(ports) < count:
                    extra = held.enter_context(socket.socket())
                    extra.bind(("127.0.0.1", 0))
                    ports.append(int(extra.getsockname()[1]))
                return ports
    raise AssertionError("no free ports")


def _site(ports: list[int], listen: int, redirect: int) -> str:
    """The docs' file, on the test's ports, without TLS (the routing as written)."""
    text = SITE.read_text(encoding="utf-8")
    changes = [
        ("127.0.0.1:8765;", f"127.0.0.1:{ports[0]};"),
        ("127.0.0.1:8766;", f"127.0.0.1:{ports[1]};"),
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{listen};"),
        ("listen 80;", f"listen 127.0.0.1:{redirect};"),
    ]
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    kept = [
        line for line in text.splitlines() if not line.strip().startswith(("ssl_", "listen [::]"))
    ]
    return "\n".join(kept) + "\n"


@contextlib.contextmanager
def _nginx(folder: Path, site: str) -> Iterator[None]:
    assert NGINX is not None
    (folder / "site.conf").write_text(site, encoding="utf-8")
    temp = "".join(
        f"  {kind}_temp_path {folder}/{kind};\n"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = folder / "nginx.conf"
    main.write_text(
        f"daemon off;\nmaster_process on;\nworker_processes 1;\npid {folder}/nginx.pid;\n"
        f"error_log {folder}/error.log;\nevents {{ worker_connections 256; }}\n"
        f"http {{\n  access_log off;\n{temp}  include {folder}/site.conf;\n}}\n",
        encoding="utf-8",
    )
    args = [NGINX, "-e", str(folder / "error.log"), "-p", str(folder), "-c", str(main)]
    checked = subprocess.run([*args, "-t", "-q"], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        yield
    finally:
        process.send_signal(signal.SIGQUIT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def _pid(data: Path, worker: int) -> int | None:
    """The process holding worker *worker*'s data folder (its lock file says)."""
    with contextlib.suppress(OSError, ValueError):
        return int((data / f"worker-{worker}" / "sniff.lock").read_text().strip())
    return None


def _answers(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def _wait(test: Any, what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.1)


async def _steps(players: list[Player], count: int) -> None:
    """*count* steps of the game at the players' table, each acted by whoever is due
    (both ready at a round's end), each waited for. Stops early at the game's end."""
    for _ in range(count):
        if any(p.over for p in players):
            return
        before = max(p.at for p in players)
        for player in players:
            view = player.view
            if view is None or player.seat is None:
                continue
            if view["phase"] == "round-over":
                await player.send({"type": "ready"})
            elif view["current"] == player.seat and view["legal"]:
                await player.send({"type": "act", "action": view["legal"][0], "at": player.at})
        for player in players:  # (each has the step: its view is the new one)
            await player.wait_for(lambda p=player, b=before: p.at > b or p.over)


async def _table(url: str) -> list[Player]:
    """A table of two scripted people made through the proxy (plain /ws: any process),
    the second joining by the code (routed to the table's process)."""
    ada = Player(url, "Ada", plays=False)
    await ada.open()
    await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"],
                    "target": 250})  # fmt: skip
    await ada.wait_for(lambda: ada.code is not None)
    assert ada.code is not None
    bo = Player(routed(url, code=ada.code), "Bo", plays=False)
    await bo.open()
    await bo.send({"type": "join", "code": ada.code, "name": "Bo"})
    await ada.wait_for(lambda: ada.view is not None and bo.view is not None)
    return [ada, bo]


def test_two_processes_behind_nginx_each_its_own_tables(tmp_path: Path) -> None:
    first, second, listen, redirect = _free_ports(4, together=2)
    data, home = tmp_path / "server", tmp_path / "home"
    (tmp_path / "nginx").mkdir()
    url = f"ws://127.0.0.1:{listen}/ws"
    served = subprocess.Popen(
        [str(SNIFF), "serve", "--workers", "2", "--host", "127.0.0.1", "--port", str(first),
         "--data", str(data), "--trusted-proxy", "127.0.0.1", "--per-address", "100",
         "--tables-per-address", "20"],
        env={**os.environ, "SNIFF_HOME": str(home), "LANG": "C.UTF-8"},
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        _wait(lambda: _answers(first) and _answers(second), "both processes to listen")
        with _nginx(tmp_path / "nginx", _site([first, second], listen, redirect)):
            _wait(lambda: _answers(listen), "nginx to listen")
            asyncio.run(_play(url, data))
            # The web page comes through the proxy too, from any process.
            page = f"http://127.0.0.1:{listen}/"
            with urllib.request.urlopen(page, timeout=10) as answer:
                assert answer.status == 200 and b"sniff-data" in answer.read()
    finally:
        os.killpg(served.pid, signal.SIGTERM)
        try:
            served.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(served.pid, signal.SIGKILL)
            served.wait(10)
    assert served.returncode == 0


async def _play(url: str, data: Path) -> None:
    shares = [share(1, 2), share(2, 2)]
    tables: dict[int, list[Player]] = {}
    others: list[Player] = []
    for _ in range(8):  # (the proxy shares new tables out among the processes)
        players = await _table(url)
        code = players[0].code
        assert code is not None
        worker = 1 if code[0] in shares[0] else 2
        assert code[0] in shares[worker - 1]
        assert players[0].token is not None and players[0].token[0] == code[0]
        if worker in tables:
            others += players
        else:
            tables[worker] = players
        if len(tables) == 2:
            break
    assert sorted(tables) == [1, 2], "every new table went to one process"
    for players in tables.values():
        await _steps(players, 6)
    # Each table's files are in its own process's folder.
    for worker, players in tables.items():
        code = (players[0].code or "").replace("-", "")
        assert (data / f"worker-{worker}" / "records" / f"{code}.jsonl").exists()

    killed = _pid(data, 1)
    assert killed is not None
    told = {p.name: p.told() for p in tables[1]}
    tokens = {p.name: p.token for p in tables[1]}
    os.kill(killed, signal.SIGKILL)
    # The other process's table plays on meanwhile.
    at = max(p.at for p in tables[2])
    await _steps(tables[2], 6)
    assert max(p.at for p in tables[2]) > at or tables[2][0].over
    for player in tables[1]:
        await player.close()

    # The server starts the killed process again; its table is back.
    await asyncio.to_thread(
        _wait, lambda: _pid(data, 1) not in (None, killed), "worker 1 started again"
    )
    back = []
    for name, token in tokens.items():
        assert token is not None
        player = Player(routed(url, token=token), name, plays=False)
        for _ in range(100):  # (nginx says 502 until the process listens)
            try:
                await player.open()
                break
            except Exception:
                await asyncio.sleep(0.2)
        await player.send({"type": "resume", "token": token})
        await player.wait_for(lambda p=player: p.view is not None)
        log = player.of("state")[0]["log"]
        assert log[: len(told[name])] == told[name]  # nothing told was lost
        back.append(player)
    at = max(p.at for p in back)
    await _steps(back, 6)
    assert max(p.at for p in back) > at or back[0].over
    await _steps(tables[2], 2)
    for player in [*back, *tables[2], *others]:
        await player.close()
