"""A server of several processes: each its own first characters of the codes, the
client's address naming the table's process, and one server per data folder (a
second is refused, with a sentence in the player's language)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from netplay import server
from sniff.commands.common import UsageError
from sniff.enums import CommandProblem
from sniff.i18n import translator
from sniff.net.address import CODE_ALPHABET, routed
from sniff.server.app import FolderInUse, _game_path
from sniff.server.codes import new_code, new_token
from sniff.server.workers import parse_worker, plan, share, worker_command
from sniff.storage.lock import FolderLock

SNIFF = Path(sys.executable).with_name("sniff")


@pytest.mark.parametrize("count", [1, 2, 3, 4, 5, 8, 32])
def test_the_processes_share_the_code_alphabet_without_overlap(count: int) -> None:
    shares = [share(k, count) for k in range(1, count + 1)]
    assert "".join(shares) == CODE_ALPHABET
    assert max(map(len, shares)) - min(map(len, shares)) <= 1


def test_four_processes_take_eight_characters_each_as_docs_online_says() -> None:
    assert [share(k, 4) for k in range(1, 5)] == ["01234567", "89ABCDEF", "GHJKMNPQ", "RSTVWXYZ"]


@pytest.mark.parametrize("text", ["0/2", "3/2", "2", "a/b", "1/33", "/2", "2/"])
def test_a_worker_not_k_of_n_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_worker(text)


def test_each_worker_has_its_port_and_data_folder(tmp_path: Path) -> None:
    workers = plan(3, 9000, tmp_path)
    assert [(w.port, w.data.name, w.name) for w in workers] == [
        (9000, "worker-1", "1/3"),
        (9001, "worker-2", "2/3"),
        (9002, "worker-3", "3/3"),
    ]
    command = worker_command(workers[1], ["--host", "127.0.0.1"])
    assert command[-6:] == ["--worker", "2/3", "--port", "9001", "--data", str(workers[1].data)]


def test_a_process_makes_codes_and_tokens_beginning_with_its_own_characters() -> None:
    mine = share(2, 2)
    for _ in range(200):
        code = new_code(mine)
        assert code[0] in mine and all(c in CODE_ALPHABET for c in code)
        assert new_token(code[0])[0] == code[0]


def test_the_client_puts_the_tables_first_character_in_the_address() -> None:
    url = "ws://127.0.0.1:8765/ws"
    assert routed(url, code="k7qd-3mxa") == url + "/K"
    assert routed(url, code="o7qd-3mxa") == url + "/0"  # (read as the server reads it)
    assert routed(url, token="G" + "x" * 22) == url + "/G"
    assert routed(url) == url  # a new table: any process
    assert routed(url, code="no code!") == url
    assert routed(url, token="-abc") == url  # a token of a server before this one


def test_the_server_takes_the_game_at_ws_and_ws_k_only() -> None:
    assert _game_path("/ws") and _game_path("/ws/K")
    assert not _game_path("/ws/") and not _game_path("/ws/KK") and not _game_path("/wsK")
    assert not _game_path("/ws//")


def test_a_second_server_on_one_data_folder_is_refused(tmp_path: Path) -> None:
    async def both() -> None:
        async with server(tmp_path):
            second = server(tmp_path)
            with pytest.raises(FolderInUse) as refused:
                await second.__aenter__()
            assert refused.value.folder == tmp_path
        async with server(tmp_path):  # the first stopped: its lock went with it
            pass

    asyncio.run(both())


def test_the_refusal_is_a_sentence_in_english_and_german(tmp_path: Path) -> None:
    error = UsageError(CommandProblem.DATA_IN_USE, folder=tmp_path)
    english = error.words(translator("en"))
    german = error.words(translator("de"))
    assert str(tmp_path) in english and "another sniff serve" in english
    assert str(tmp_path) in german and german != english and "Datenordner" in german


@pytest.mark.skipif(not SNIFF.exists(), reason="the sniff command is not installed")
def test_sniff_serve_on_a_folder_in_use_says_so_and_stops(tmp_path: Path) -> None:
    with FolderLock.acquire(tmp_path) as lock:
        assert lock.writable
        done = subprocess.run(
            [str(SNIFF), "serve", "--port", "0", "--data", str(tmp_path), "--lang", "de"],
            capture_output=True, text=True, timeout=60,
            env={**os.environ, "SNIFF_HOME": str(tmp_path / "home"), "LANG": "C.UTF-8"},
        )  # fmt: skip
    assert done.returncode == 2
    assert "Datenordner" in done.stderr and str(tmp_path) in done.stderr
    assert not (tmp_path / "tables").exists() or not any((tmp_path / "tables").iterdir())


def test_a_second_sniff_host_on_one_data_folder_is_told_in_its_language(tmp_path: Path) -> None:
    from sniff.announce.online import OnlineWords
    from sniff.server.app import ServerOptions
    from sniff.ui.online import HostedServer

    async def both() -> None:
        first = HostedServer(ServerOptions(tmp_path, port=0, web=False))
        await first.start()
        try:
            with pytest.raises(FolderInUse):
                await HostedServer(ServerOptions(tmp_path, port=0, web=False)).start()
        finally:
            await first.server.close()

    asyncio.run(both())
    english = OnlineWords(translator("en")).cannot_sit("data-in-use", str(tmp_path)).text
    german = OnlineWords(translator("de")).cannot_sit("data-in-use", str(tmp_path)).text
    assert str(tmp_path) in english and "nother game is hosting" in english
    assert str(tmp_path) in german and "Datenordner" in german
