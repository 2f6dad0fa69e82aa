"""The web page's HTTP side: the page at / and /t/CODE in the visitor's language, its
files by their exact names with the right types and caching, a strict
Content-Security-Policy on every answer, and 404 for anything else (no path
leaves the static folder)."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from netplay import server
from sniff.announce.web import page_words
from sniff.i18n import translator
from sniff.server.web import CSP, STATIC, WebPages

PAGES = WebPages()


def _get(path: str, **headers: str) -> Response:
    return PAGES(Request(path, Headers(headers)))


def _data(body: bytes) -> dict[str, object]:
    found = re.search(rb'<script type="application/json" id="sniff-data">(.*?)</script>', body)
    assert found is not None
    return json.loads(found.group(1))


def test_the_page_is_served_at_the_root_and_at_a_tables_address() -> None:
    for path in ("/", "/t/K7QD-3MXA", "/t/k7qd3mxa", "/?lang=de"):
        response = _get(path)
        assert response.status_code == 200, path
        assert response.headers["Content-Type"] == "text/html; charset=utf-8"
        assert response.headers["Content-Security-Policy"] == CSP
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Cache-Control"] == "no-cache"
        assert int(response.headers["Content-Length"]) == len(response.body)


def test_the_policy_allows_this_server_only_and_nothing_inline() -> None:
    rules = dict(part.strip().split(" ", 1) for part in CSP.split(";"))
    assert rules["default-src"] == "'none'"
    for kind in ("script-src", "style-src", "connect-src", "img-src"):
        assert rules[kind] == "'self'", kind
    assert rules["frame-ancestors"] == "'none'"
    body = _get("/").body.decode()
    # No inline script or style, no handler attribute, nothing from another site.
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", body, flags=re.S)
    for attributes, content in scripts:
        assert 'src="/static/' in attributes or 'type="application/json"' in attributes
        if "src=" in attributes:
            assert not content.strip()
    assert "<style" not in body and " style=" not in body
    assert not re.search(r"\son[a-z]+=", body)
    assert not re.search(r"(src|href)=\"(https?:)?//", body)


def test_every_file_of_the_static_folder_is_served_with_its_type() -> None:
    types = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
             ".svg": "image/svg+xml"}  # fmt: skip
    names = [p.name for p in STATIC.iterdir() if p.suffix in types]
    assert {
        "app.js",
        "live.js",
        "net.js",
        "table.js",
        "keys.js",
        "settings.js",
        "start.js",
        "sniff.css",
        "icon.svg",
    } <= set(names)
    for name in names:
        response = _get(f"/static/{name}")
        assert response.status_code == 200
        assert response.headers["Content-Type"] == types[Path(name).suffix]
        assert response.body == (STATIC / name).read_bytes()
        again = _get(f"/static/{name}", **{"If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304 and again.body == b""


def test_no_request_reaches_outside_the_static_folder_or_an_unknown_page() -> None:
    for path in (
        "/static/../server/web.py",
        "/static/%2e%2e/server/web.py",
        "/static/..%2fserver%2fweb.py",
        "/static/index.html",
        "/static/",
        "/static//etc/passwd",
        "/t/not-a-code!",
        "/t/ABC",
        "/favicon.ico",
        "/admin",
        "//example.org/",
    ):
        response = _get(path)
        assert response.status_code == 404, path
        assert response.headers["Content-Security-Policy"] == CSP


def test_a_malformed_table_address_says_so_in_the_visitors_language_with_the_way_on() -> None:
    """/t/ with a code that cannot be one is a page in the visitor's language that
    says so and leads to the start page (not a plain English "Not found")."""
    english = _get("/t/ABC")
    german = _get("/t/ABC", **{"Accept-Language": "de-DE,de;q=0.9"})
    assert english.status_code == german.status_code == 404
    assert b"This is not a table" in english.body and b'href="/"' in english.body
    assert b"Das ist kein Code eines Tisches" in german.body
    assert b'<html lang="de">' in german.body
    other = _get("/admin")
    assert b"There is no page here." in other.body


def test_the_language_is_the_one_asked_for_then_the_browsers() -> None:
    german = page_words(translator("de"))["join_heading"]
    english = page_words(translator("en"))["join_heading"]
    assert german != english

    def heading(response: Response) -> str:
        return german if german.encode() in response.body else english

    assert heading(_get("/")) == english
    assert heading(_get("/", **{"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"})) == german
    assert heading(_get("/", **{"Accept-Language": "fr-FR, en;q=0.5, de;q=0.7"})) == german
    assert heading(_get("/", **{"Accept-Language": "de;q=0, en"})) == english
    asked = _get("/?lang=de", **{"Accept-Language": "en"})
    assert heading(asked) == german
    assert asked.headers["Set-Cookie"].startswith("sniff_lang=de;")
    assert heading(_get("/", Cookie="a=b; sniff_lang=de", **{"Accept-Language": "en"})) == german
    assert _data(_get("/?lang=de").body)["lang"] == "de"
    assert b'<html lang="de">' in _get("/?lang=de").body


def test_every_word_of_the_page_comes_translated_from_the_catalogue() -> None:
    for language in ("en", "de"):
        body = _get(f"/?lang={language}").body
        data = _data(body)
        words = data["words"]
        assert isinstance(words, dict) and words == page_words(translator(language))
        text = re.sub(r"<script.*?</script>", "", body.decode(), flags=re.S)
        assert "$" not in text  # every field of the template was filled
        tiles = data["tiles"]
        assert isinstance(tiles, dict) and len(tiles) == 91  # up to double twelve
    german = page_words(translator("de"))
    english = page_words(translator("en"))
    named = ("lang_", "preset_")  # named in their own language, or a name of its own
    same = {k for k in english if english[k] == german[k] and not k.startswith(named)}
    # Only words that are the same in both languages (a unit's label, a template).
    assert same <= {"verbosity_normal", "level_master"}, sorted(same)


def test_the_script_makes_no_sentence_of_its_own() -> None:
    """Every text the script shows comes from the server's words: the script holds
    no English sentence (a string with a space between two letters)."""
    for path in STATIC.glob("*.js"):
        code = path.read_text(encoding="utf-8")
        code = re.sub(r"//[^\n]*", "", code)
        for literal in re.findall(r'"([^"\n]*)"|`([^`\n]*)`', code):
            text = literal[0] or literal[1]
            assert not re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text), (path.name, text)


def test_the_server_answers_the_page_over_a_real_socket(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path) as running:
            base = f"http://127.0.0.1:{running.port}"

            def fetch(path: str) -> tuple[int, bytes, dict[str, str]]:
                try:
                    with urllib.request.urlopen(base + path, timeout=5) as answer:
                        return answer.status, answer.read(), dict(answer.headers)
                except urllib.error.HTTPError as error:
                    return error.code, error.read(), dict(error.headers)

            loop = asyncio.get_running_loop()
            status, body, headers = await loop.run_in_executor(None, fetch, "/")
            assert status == 200 and b"sniff-data" in body
            assert headers["Content-Security-Policy"] == CSP
            status, _, _ = await loop.run_in_executor(None, fetch, "/static/app.js")
            assert status == 200
            status, _, _ = await loop.run_in_executor(None, fetch, "/static/../app.py")
            assert status == 404

    asyncio.run(go())


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_help_page_lists_every_key_with_what_it_does(language: str) -> None:
    data = _data(_get(f"/?lang={language}").body)
    keys = data["keys"]
    assert isinstance(keys, dict)
    plain = [label for group in keys["plain"] for label, _ in group]
    muggins = [label for group in keys["muggins"] for label, _ in group]
    assert {"H", "E", "C", "L", "S", "I", "B", "T", "G", "A", "W", "F2", "R", "D", "P"} <= set(
        plain
    )
    assert set(plain) < set(muggins)  # the muggins keys only under the muggins rule
    for group in keys["muggins"]:
        for label, description in group:
            assert label and description


def test_the_german_page_names_the_escape_key_as_the_whole_german_game_does() -> None:
    """German keyboards print "Esc" on the key, but the game is heard first: the German
    game names it "Escape" everywhere (its lessons, its questions, its help, docs/de),
    which a German voice says as a word, where it may spell "Esc" out letter by letter.
    The page says "Escape" too, in its key list and in every text: one name."""
    body = _get("/?lang=de").body.decode()
    data = _data(body.encode())
    keys = data["keys"]
    assert isinstance(keys, dict)
    labels = [label for group in keys["muggins"] for label, _ in group]
    assert "Escape" in labels
    assert not re.search(r"\bEsc\b|\bESC\b", body)
