"""The web page's HTTP side: ``/`` and ``/t/CODE`` (the page, in the visitor's
language) and ``/static/...`` (its script, style and icon), beside the
WebSocket at ``/ws`` on the same port.

The files ship inside the package (``sniff/web/static``) and are read once;
only those files are ever served, by their exact names, so no path can reach
outside the folder. The page is a template whose every word comes from the
announce layer (:func:`sniff.announce.web.page_words`), with the words the
script needs as JSON data beside it. The language is the one asked for
(``?lang=de``, then kept in a cookie), else the browser's
(``Accept-Language``), else English.

Every answer carries a strict Content-Security-Policy: scripts, styles and
connections from this server only, nothing inline, no frames. Files are
revalidated by their ETag (``Cache-Control: no-cache``), so a new version of
the game is picked up at once and an unchanged file costs one short answer.
"""

from __future__ import annotations

import email.utils
import hashlib
import html
import json
import string
from dataclasses import dataclass
from functools import cache
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from sniff.announce.commands import FACTS, game_keys
from sniff.announce.keys import KeyTexts
from sniff.announce.web import PACE_CHOICES, page_words, tile_names, web_key_groups
from sniff.i18n import SUPPORTED, normalize_language, translator
from sniff.net.address import CODE_ALIASES, CODE_ALPHABET
from sniff.net.client import RETRY_WAITS
from sniff.server.codes import normal_code
from sniff.server.limits import ServerLimits
from sniff.session.table import LONGEST_WAIT

__all__ = ["CSP", "STATIC", "WebPages"]

#: Where the page's files are, inside the package.
STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
#: The policy every answer carries (the page's WebSocket is on this same server).
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
#: The content type of each kind of file served.
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".html": "text/html; charset=utf-8",
    ".json": "application/json; charset=utf-8",
}
#: The cookie that keeps the language chosen on the page.
LANGUAGE_COOKIE = "sniff_lang"
#: The highest pip of any set the server plays (double-twelve): tile names for all.
TOP_PIP = 12


@dataclass(frozen=True)
class _File:
    body: bytes
    kind: str
    etag: str


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:20] + '"'


class WebPages:
    """Answers the HTTP requests that are not the WebSocket (see the module docstring)."""

    def __init__(self, folder: Path = STATIC) -> None:
        self.files: dict[str, _File] = {}
        for path in sorted(folder.iterdir()):
            kind = TYPES.get(path.suffix)
            if path.is_file() and kind is not None and path.name != "index.html":
                body = path.read_bytes()
                self.files[path.name] = _File(body, kind, _etag(body))
        self.template = string.Template((folder / "index.html").read_text(encoding="utf-8"))

    def __call__(self, request: Request) -> Response:
        path, _, query = request.path.partition("?")
        if path.startswith("/static/"):
            found = self.files.get(path[len("/static/") :])
            if found is None:
                return _plain(HTTPStatus.NOT_FOUND, "Not found\n")
            return self._file(request, found)
        if path == "/" or (path.startswith("/t/") and normal_code(path[3:]) is not None):
            return self._page(request, parse_qs(query))
        return _not_found(_language(request.headers), table=path.startswith("/t/"))

    def _file(self, request: Request, found: _File) -> Response:
        headers = _headers(found.kind, found.etag)
        if request.headers.get("If-None-Match") == found.etag:
            return _response(HTTPStatus.NOT_MODIFIED, headers, b"")
        return _response(HTTPStatus.OK, headers, found.body)

    def _page(self, request: Request, query: dict[str, list[str]]) -> Response:
        asked = normalize_language((query.get("lang") or [""])[0])
        language = asked or _language(request.headers)
        body = self.render(language)
        etag = _etag(body)
        headers = _headers(TYPES[".html"], etag)
        headers["Vary"] = "Accept-Language, Cookie"
        if asked is not None:
            headers["Set-Cookie"] = (
                f"{LANGUAGE_COOKIE}={asked}; Path=/; Max-Age=31536000; SameSite=Strict"
            )
        if request.headers.get("If-None-Match") == etag:
            return _response(HTTPStatus.NOT_MODIFIED, headers, b"")
        return _response(HTTPStatus.OK, headers, body)

    def render(self, language: str) -> bytes:
        """The page in *language*: its template filled with the words."""
        return _rendered(self.template, language)


@cache
def _rendered(template: string.Template, language: str) -> bytes:
    tr = translator(language)
    words = page_words(tr)
    data = {
        "lang": language,
        "languages": list(SUPPORTED),
        "words": words,
        "tiles": tile_names(tr, TOP_PIP),
        "keys": {
            "plain": web_key_groups(tr, muggins=False),
            "muggins": web_key_groups(tr, muggins=True),
        },
        # The fact keys as the page's buttons: [key, what it says], from the game's keys.
        "facts": [
            [item.keys[0], KeyTexts(tr).of(item.command)]
            for item in game_keys(tr, muggins=False)
            if item.command in FACTS
        ],
        "timing": _timing(),
        # How the server reads a code, for the address a comeback takes behind a proxy.
        "codes": {"alphabet": CODE_ALPHABET, "aliases": CODE_ALIASES},
    }
    # JSON inside HTML: "<" written as an escape, so no text can close the element.
    blob = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    fields = {name: html.escape(text, quote=True) for name, text in words.items()}
    fields["lang"] = language
    fields["data"] = blob
    return template.substitute(fields).encode("utf-8")


def _timing() -> dict[str, object]:
    """The game's times the page needs (it keeps none of its own): the pauses it offers
    after each of the others' turns, the waits between tries after a dropped connection
    (the terminal client's), the most the table waits for a step to be heard, and the
    least time between two "heard" messages (well within the server's budget for them:
    a sixth of it)."""
    heard_rate = ServerLimits().heard_per_second
    return {
        "pace": list(PACE_CHOICES),
        "retry": list(RETRY_WAITS),
        "longest_wait": LONGEST_WAIT,
        "heard_every": round(6 / heard_rate, 3),
    }


def _language(headers: Headers) -> str:
    """The cookie's language, else the browser's first supported one, else English."""
    for cookie in headers.get_all("Cookie"):
        for part in cookie.split(";"):
            name, _, value = part.strip().partition("=")
            if name == LANGUAGE_COOKIE and value in SUPPORTED:
                return value
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate(headers.get("Accept-Language", "")[:500].split(",")):
        tag, _, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        code = normalize_language(tag)
        if code is not None and weight > 0:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else "en"


def _headers(kind: str, etag: str) -> Headers:
    return Headers(
        [
            ("Content-Type", kind),
            ("Cache-Control", "no-cache"),
            ("ETag", etag),
            ("Content-Security-Policy", CSP),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Permissions-Policy", "camera=(), microphone=(), geolocation=()"),
        ]
    )


def _response(status: HTTPStatus, headers: Headers, body: bytes) -> Response:
    headers["Date"] = email.utils.formatdate(usegmt=True)
    headers["Connection"] = "close"
    headers["Content-Length"] = str(len(body))
    return Response(status.value, status.phrase, headers, body)


def _not_found(language: str, *, table: bool) -> Response:
    """A page that is not there, said in the visitor's language, with the way on (the
    start page); *table*: a table's address whose code cannot be one."""
    tr = translator(language)
    if table:
        # Translators: the web page: an address /t/CODE whose code cannot be a table's.
        text = tr._("This is not a table's code: check it letter by letter.")
    else:
        # Translators: the web page: an address the server has no page for.
        text = tr._("There is no page here.")
    # Translators: the web page: the link from a page that is not there to the start page.
    start = tr._("To the start page, to open a table or join one")
    body = (
        f'<!DOCTYPE html>\n<html lang="{html.escape(language)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(text)}</title>"
        f'<link rel="stylesheet" href="/static/sniff.css"></head>'
        f"<body><main><h1>{html.escape(text)}</h1>"
        f'<p><a href="/">{html.escape(start)}</a></p></main></body></html>\n'
    ).encode()
    return _response(HTTPStatus.NOT_FOUND, _headers(TYPES[".html"], _etag(body)), body)


def _plain(status: HTTPStatus, text: str) -> Response:
    body = text.encode()
    headers = Headers(
        [
            ("Content-Type", "text/plain; charset=utf-8"),
            ("Content-Security-Policy", CSP),
            ("X-Content-Type-Options", "nosniff"),
            ("Cache-Control", "no-cache"),
        ]
    )
    return _response(status, headers, body)
