"""Every way a connection fails is a sentence in the player's language with what to do:
nothing listening (refused), a name not found, no answer in time, a failed secure
connection, something that is not a Sniff server, a port already in use; never the
system's English ("[Errno 111] Connect call failed"). A refusal followed by Enter
tries again and hears the same refusal (no answer of the first try left waiting).
Real sockets on 127.0.0.1; every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import socket
import ssl
import subprocess
from pathlib import Path
from typing import Any

import pytest

from netplay import Player, server, url_of
from sniff.announce.online import OnlineWords
from sniff.i18n import translator
from sniff.net import client as client_module
from sniff.net.client import UNREACHABLE, ConnectError, RemoteLink, Request

#: What the system says in English, which a German player must never hear.
_ENGLISH = re.compile(r"Errno|Connect call|refused|not known|timed out|certificate verify|"
                      r"the server did not answer|\bthe\b|\bserver\b")  # fmt: skip


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _fails(url: str, request: dict[str, Any] | None = None, **link: Any) -> ConnectError:
    attempt = RemoteLink(url, **link)
    try:
        with pytest.raises(ConnectError) as failed:
            await attempt.open(Request(request or {"type": "join", "code": "ABCD-EFGH",
                                                   "name": "Ada"}))  # fmt: skip
        return failed.value
    finally:
        attempt.close()


def test_nothing_listening_is_refused() -> None:
    error = asyncio.run(_fails(f"ws://127.0.0.1:{_free_port()}/ws"))
    assert error.code == "refused"


def test_a_name_not_found_is_said_as_such() -> None:
    async def no_such_name(url: str) -> Any:
        raise socket.gaierror(-2, "Name or service not known")

    error = asyncio.run(_fails("ws://nowhere.invalid:8765/ws", opener=no_such_name))
    assert error.code == "no-such-host"


def test_a_server_that_never_answers_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(client_module, "ANSWER_SECONDS", 0.3)

    async def go() -> ConnectError:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await asyncio.sleep(2)
            writer.close()

        quiet = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = quiet.sockets[0].getsockname()[1]
        try:
            return await _fails(f"ws://127.0.0.1:{port}/ws")
        finally:
            quiet.close()

    assert asyncio.run(go()).code == "timed-out"


def test_a_secure_connection_to_a_plain_server_fails_as_tls(tmp_path: Path) -> None:
    async def go() -> ConnectError:
        async with server(tmp_path, seed=1) as running:
            return await _fails(url_of(running).replace("ws://", "wss://"))

    assert asyncio.run(go()).code == "tls"


def test_a_certificate_that_cannot_be_checked_fails_as_tls(tmp_path: Path) -> None:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("openssl is not installed (the test's server needs a certificate)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
         "-nodes", "-subj", "/CN=127.0.0.1", "-days", "1",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=30,
    )  # fmt: skip
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)

    async def go() -> ConnectError:
        async def nothing(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(Exception):
                await reader.read(1)
            writer.close()

        secure = await asyncio.start_server(nothing, "127.0.0.1", 0, ssl=context)
        port = secure.sockets[0].getsockname()[1]
        try:
            return await _fails(f"wss://127.0.0.1:{port}/ws")  # (self-signed: not trusted)
        finally:
            secure.close()

    assert asyncio.run(go()).code == "tls"


def test_something_that_is_not_a_sniff_server(tmp_path: Path) -> None:
    async def go() -> ConnectError:
        async def web(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.readuntil(b"\r\n\r\n")
            writer.write(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()

        other = await asyncio.start_server(web, "127.0.0.1", 0)
        port = other.sockets[0].getsockname()[1]
        try:
            return await _fails(f"ws://127.0.0.1:{port}/ws")
        finally:
            other.close()

    assert asyncio.run(go()).code == "not-a-server"


def test_a_wrong_code_twice_is_refused_twice_at_once(tmp_path: Path) -> None:
    """Enter after a wrong code tries again and hears the same refusal (a waiter left
    from the first refusal once took the second, and the try timed out)."""

    async def go() -> None:
        async with server(tmp_path, seed=2) as running:
            link = RemoteLink(url_of(running))
            loop = asyncio.get_running_loop()
            for _ in range(2):
                began = loop.time()
                with pytest.raises(ConnectError) as refused:
                    await link.open(Request({"type": "join", "code": "ABCD-EFGH",
                                             "name": "Ada"}))  # fmt: skip
                assert refused.value.code == "no-table"
                assert loop.time() - began < 3
            # And then the right code seats the player on the same link.
            ada = Player(url_of(running), "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "person"]})
            await ada.wait_for(lambda: ada.code is not None)
            await link.open(Request({"type": "join", "code": ada.code, "name": "Ben"}))
            assert link.seat == 1
            link.close()
            await ada.close()

    asyncio.run(go())


@pytest.mark.parametrize("code", [*UNREACHABLE, "port-in-use", "cannot-listen", "busy",
                                  "version", "table-full", "no-table", "other-code"])  # fmt: skip
def test_each_failure_is_a_german_sentence_without_the_systems_english(code: str) -> None:
    detail = "[Errno 111] Connect call failed ('127.0.0.1', 18766)"
    for terminal in (True, False):
        german = OnlineWords(translator("de")).cannot_sit(code, detail, terminal=terminal).text
        english = OnlineWords(translator("en")).cannot_sit(code, detail, terminal=terminal).text
        assert german != english and "Errno" not in german and "Connect call" not in german
        assert not _ENGLISH.search(german), german


async def _status(port: int, host: str, path: str = "/", **headers: str) -> int:
    """The status of a plain HTTP request naming *host* in its ``Host`` header."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}", *(f"{k}: {v}" for k, v in headers.items())]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    status = await asyncio.wait_for(reader.readline(), 5)
    writer.close()
    return int(status.split()[1])


def test_a_name_that_points_here_by_dns_rebinding_is_refused(tmp_path: Path) -> None:
    """A page on any domain whose name resolves to this computer cannot use the
    server: a request for a name the server does not answer to is refused (421),
    the page and the handshake alike; addresses and this computer's names work."""
    upgrade = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}  # fmt: skip

    async def go() -> None:
        async with server(tmp_path, seed=1) as running:
            port = running.port
            evil = f"evil.example:{port}"
            assert await _status(port, evil) == 421
            assert await _status(port, evil, "/ws", Origin=f"http://{evil}", **upgrade) == 421
            assert await _status(port, f"127.0.0.1:{port}") == 200
            assert await _status(port, f"localhost:{port}") == 200
            assert await _status(port, f"{socket.gethostname()}:{port}") == 200
            status = await _status(port, f"127.0.0.1:{port}", "/ws",
                                   Origin=f"http://127.0.0.1:{port}", **upgrade)  # fmt: skip
            assert status == 101

    asyncio.run(go())


def test_every_piece_of_the_tables_news_is_german_for_a_german_player() -> None:
    """Each kind of news an online player can hear (about another, or about themselves)
    is said in German to a German player: never the English words."""
    from sniff.enums import NewsKind

    english, german = OnlineWords(translator("en")), OnlineWords(translator("de"))
    said = 0
    for kind in NewsKind:
        for mine in (False, True):
            options: dict[str, Any] = {"mine": mine, "count": 2, "text": "no-seat"}
            if kind in (NewsKind.CHAT, NewsKind.RECORD, NewsKind.BAD_FRAME):
                continue  # (what a person wrote, a record's lines, a frame's own words)
            en = english.news(kind, "Ben", **options)
            de = german.news(kind, "Ben", **options)
            assert (en is None) == (de is None), kind
            if en is not None and de is not None:
                said += 1
                assert en.text != de.text, (kind, mine, de.text)
    assert said > 30


def test_a_page_hears_a_bad_or_too_long_name_in_its_language() -> None:
    from sniff.net.wire import ErrorCode
    from sniff.server.words import refusal_said

    for code in (ErrorCode.BAD_NAME, ErrorCode.TOO_LONG):
        german = refusal_said("de", code, "a name is text of at most 100", seated=False)
        english = refusal_said("en", code, "a name is text of at most 100", seated=False)
        said = german.items[0]["text"]
        assert said != english.items[0]["text"] and "refused" not in said and "(" not in said
