"""The terminal game at a table on a server: connecting, waiting for the others,
the game itself (the real game screen over a remote seat), chat, and watching.

:class:`OnlineStart` connects and sits down (say where, say why not: Enter
tries again, Q quits); until every seat is taken :class:`WaitingScreen` says
who is there and the code to pass on; then the game screen plays the seat
exactly as at home (:class:`RemoteGame` is its :class:`~sniff.session.local.PlayedGame`:
the server keeps the game). A spectator gets :class:`WatchScreen`.
"""

from __future__ import annotations

import errno
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import FormattedTextControl

from sniff.announce import Utterance
from sniff.announce.commands import PUBLIC_FACTS, Command, game_keys
from sniff.announce.keys import KeyTexts
from sniff.announce.online import OnlineWords
from sniff.announce.presenter import SeatPresenter
from sniff.announce.utterance import UtteranceKind
from sniff.engine import Observation, Refusal
from sniff.enums import NewsKind
from sniff.i18n import Translator
from sniff.net.address import host_address
from sniff.net.client import ConnectError, RemoteLink, Request
from sniff.server.app import FolderInUse, SniffServer
from sniff.server.codes import normal_code
from sniff.session.keeping import ProblemHandler
from sniff.session.link import News
from sniff.session.table import Update
from sniff.storage.atomic import write_atomic
from sniff.storage.paths import data_dir
from sniff.storage.seats import HeldSeat, held_seats, keep_seat
from sniff.ui.app import run_app
from sniff.ui.base import Binding
from sniff.ui.confirm import ConfirmScreen
from sniff.ui.game.screen import GameScreen
from sniff.ui.leaving import ask_leave

if TYPE_CHECKING:
    from sniff.ui.app import SniffApp

__all__ = ["ChatScreen", "OnlineStart", "RemoteGame", "WaitingScreen", "WatchScreen"]


class ServerKeeper:
    """A game the server keeps: always saved, never here."""

    saved = True
    read_only = False
    last_error: Exception | None = None

    def save(self) -> bool:
        return True


class RemoteGame:
    """A :class:`~sniff.session.local.PlayedGame` on a server."""

    def __init__(
        self,
        link: RemoteLink,
        translator: Callable[[], Translator],
        hosted: HostedServer | None = None,
    ) -> None:
        self._link = link
        self._keeper = ServerKeeper()
        self._translator = translator
        self._hosted = hosted

    @property
    def link(self) -> RemoteLink:
        return self._link

    @property
    def keeper(self) -> ServerKeeper:
        return self._keeper

    def keep(
        self,
        ui_state: Callable[[], dict[str, Any]],
        hints_used: Callable[[], int],
        on_problem: ProblemHandler,
    ) -> None:
        """Nothing to keep here: the server keeps the game after every step."""

    def chat(self, text: str) -> None:
        self._link.chat(text)

    def open_chat(self, host: Any) -> None:
        """The chat key: a line to say to the table."""
        host.show(ChatScreen(host, self.chat))

    def chat_key(self) -> str:
        return OnlineWords(self._translator()).chat_key()

    def ask_quit(self, host: SniffApp) -> bool:
        """Q while the game goes on: what becomes of it is said and chosen (see
        :mod:`sniff.ui.leaving`)."""
        hosted = self._hosted
        stop = hosted.stop if hosted is not None and hosted.server is not None else None
        ask_leave(host, self._link, stop_server=stop)
        return True

    def close(self) -> None:
        self._link.close()


def _text_screen(lines: Callable[[], str]) -> AnyContainer:
    return Window(FormattedTextControl(lambda: [("", lines())]), wrap_lines=True)


class OnlineStart:
    """Connect and sit down; then the game, the waiting room, or the watch."""

    def __init__(
        self,
        host: SniffApp,
        link: RemoteLink,
        request: Request,
        *,
        hosted: HostedServer | None = None,
        name: str = "",
        hint_playouts: int | None = None,
    ) -> None:
        self.host = host
        self.link = link
        self.request = request
        self.hosted = hosted
        self.name = name
        self.hint_playouts = hint_playouts
        self.words = OnlineWords(host.ctx.translator)
        self.failed: Utterance | None = None
        self.trying = False

    def _say(self, said: Utterance) -> None:
        self.host.ctx.output.say(said)
        self.host.invalidate()

    def enter(self) -> None:
        if self.trying:
            return
        self.trying = True
        if self.hosted is not None and self.hosted.server is None:
            self._say(self.words.opening_table())  # (no address yet: it is this game)
        else:
            self._say(self.words.connecting(self.link.url))
        self.host.spawn(self._sit())

    async def _sit(self) -> None:
        hosted = self.hosted
        try:
            if hosted is not None and hosted.server is None:
                try:
                    self.link.url = await hosted.start()
                except FolderInUse as error:  # (another sniff host of this computer's)
                    raise ConnectError("data-in-use", str(error.folder)) from None
                except OSError as error:
                    code = "port-in-use" if error.errno == errno.EADDRINUSE else "cannot-listen"
                    raise ConnectError(code, str(error)) from None
                kept = hosted.kept_seat(self.link.url)
                if kept is not None and self.request.frame["type"] == "create":
                    # The host's own table, brought back with the server: the same table,
                    # the host back in their seat (not a new one made in front of it).
                    self.request = Request({"type": "resume", "token": kept.token})
            await self.link.open(self.request)
        except ConnectError as error:
            self.trying = False
            self.failed = self.words.cannot_sit(error.code, str(error))
            self._say(self.failed)
            return
        self.trying = False
        if hosted is not None and self.request.frame["type"] == "resume":
            self._say(self.words.hosting_again(hosted.address(), self.link.code))
        elif hosted is not None:
            self._say(self.words.hosting(hosted.address(), self.link.code))
        elif self.request.frame["type"] == "create":  # (a table on a server: the same)
            self._say(self.words.hosting(self.link.url, self.link.code))
        remember(self.link, self.name)
        self.request = Request({"type": "resume", "token": self.link.token})
        self.host.dismiss(self, announce=False)
        self.host.show(self.next_screen())

    def next_screen(self) -> Any:
        if self.link.seat < 0:
            return WatchScreen(self.host, self.link)
        if not self.link.started:
            return WaitingScreen(self.host, self.link, self.hint_playouts, self.hosted)
        return online_game_screen(self.host, self.link, self.hint_playouts, self.hosted)

    def bindings(self) -> list[Binding]:
        keys = KeyTexts(self.host.ctx.translator)
        return [
            Binding(("enter",), lambda: keys.label("enter"), self._retry_words, self.enter),
        ]

    def _retry_words(self) -> str:
        # The same key that connects tries again after a failure.
        return self.words.connecting(self.link.url).text

    def container(self) -> AnyContainer:
        return _text_screen(lambda: (self.failed or self.words.connecting(self.link.url)).text)

    def unbound_key(self, key: str) -> bool:
        return False


def online_game_screen(
    host: SniffApp,
    link: RemoteLink,
    hint_playouts: int | None,
    hosted: HostedServer | None = None,
) -> GameScreen:
    """The real game screen, playing the remote seat; after the game, its record kept."""
    game = RemoteGame(link, lambda: host.ctx.translator, hosted)
    screen = GameScreen(host, game, hint_playouts=hint_playouts, resumed=link.resumed)
    screen.listener.on_over = link.ask_record
    screen.listener.keep_record = lambda lines: str(keep_record(lines, link.code))
    return screen


class WaitingScreen:
    """Before the game: who is here, the code to pass on; the game when all are here."""

    def __init__(
        self,
        host: SniffApp,
        link: RemoteLink,
        hint_playouts: int | None,
        hosted: HostedServer | None = None,
    ) -> None:
        self.host = host
        self.link = link
        self.hint_playouts = hint_playouts
        self.hosted = hosted
        self.words = OnlineWords(host.ctx.translator)
        link.attach(self)

    # The link's feed until the game starts: only news comes.
    def update(self, update: Update) -> None:
        pass

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        pass

    def news(self, item: News) -> None:
        if item.kind is NewsKind.STARTED:
            self.host.dismiss(self, announce=False)
            screen = online_game_screen(self.host, self.link, self.hint_playouts, self.hosted)
            self.host.show(screen)
            return
        said = self.words.news(item.kind, item.name, mine=item.seat == self.link.seat,
                               text=item.text, count=item.count)  # fmt: skip
        if said is not None:
            self.host.ctx.output.say(said)
        self.host.invalidate()

    def say_code(self) -> None:
        self.host.ctx.output.say(self.words.code_is(self.link.code))

    def missing(self) -> int:
        table = self.link.table
        return 0 if table is None else sum(1 for p in table.players if not p.taken)

    def enter(self) -> None:
        self.say_waiting()

    def say_waiting(self) -> None:
        self.host.ctx.output.say(self.words.waiting(self.missing(), self.link.code))

    def bindings(self) -> list[Binding]:
        keys, words = KeyTexts(self.host.ctx.translator), self.words
        return [
            Binding(("c",), lambda: keys.label("c"), words.code_key, self.say_code),
            Binding(("w",), lambda: keys.label("w"), words.waiting_key, self.say_waiting),
        ]

    def container(self) -> AnyContainer:
        return _text_screen(lambda: self.words.waiting(self.missing(), self.link.code).text)

    def unbound_key(self, key: str) -> bool:
        return False

    def close(self) -> None:
        self.link.close()


class ChatScreen:
    """A line to say to the table: typed letters echoed, Enter sends, Escape cancels."""

    modal = True
    takes_text = True  # (every printable key is a letter of the line: "r" too)

    def __init__(self, host: SniffApp, send: Callable[[str], None]) -> None:
        self.host = host
        self.send = send
        self.text = ""
        self.words = OnlineWords(host.ctx.translator)

    def bindings(self) -> list[Binding]:
        keys = KeyTexts(self.host.ctx.translator)
        return [
            Binding(("enter",), lambda: keys.label("enter"), keys.play, self._send),
            Binding(("escape",), lambda: keys.label("escape"), keys.no, self._cancel),
            Binding(("backspace", "c-h"), lambda: keys.label("backspace"), keys.no, self._back),
        ]

    def _send(self) -> None:
        text = self.text.strip()
        self.host.dismiss(self, announce=False)
        if text:
            self.send(text)
        else:
            self.host.ctx.output.say(self.words.chat_cancelled())

    def _cancel(self) -> None:
        self.host.dismiss(self, announce=False)
        self.host.ctx.output.say(self.words.chat_cancelled())

    def _back(self) -> None:
        if self.text:
            gone, self.text = self.text[-1], self.text[:-1]
            self.host.ctx.output.say(Utterance(gone, interrupt=True, kind=UtteranceKind.ECHO))
        self.host.invalidate()

    def enter(self) -> None:
        self.host.ctx.output.say(self.words.chat_prompt())

    def container(self) -> AnyContainer:
        return _text_screen(lambda: f"> {self.text}")

    def unbound_key(self, key: str) -> bool:
        if len(key) == 1 and key.isprintable() and len(self.text) < 200:
            self.text += key
            echo = key if key != " " else self.words.space()
            self.host.ctx.output.say(Utterance(echo, interrupt=True, kind=UtteranceKind.ECHO))
            self.host.invalidate()
            return True
        return False


class WatchScreen:
    """A spectator's place: every play told in the third person, no hand (the words
    of a spectator's presenter, as on the web page)."""

    def __init__(self, host: SniffApp, link: RemoteLink) -> None:
        self.host = host
        self.link = link
        self.words = OnlineWords(host.ctx.translator)
        self.presenter = SeatPresenter(
            host.ctx.translator, None, link.players, link.rules,
            verbosity=host.ctx.settings.verbosity,
        )  # fmt: skip
        self.presenter.watched(link.events(), quiet=True)  # (what came before: unsaid)
        link.attach(self)

    def update(self, update: Update) -> None:
        """A step, in the third person (a step with no event lets a claim go)."""
        for said in self.presenter.watched(update.events, actor=update.actor):
            self.host.ctx.output.say(said)
        self.host.invalidate()

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        pass

    def news(self, item: News) -> None:
        if item.kind is NewsKind.TABLE:
            self.presenter.set_players(self.link.players)
        said = self.presenter.news(item)
        if said is not None:
            self.host.ctx.output.say(said)
        self.host.invalidate()

    def enter(self) -> None:
        self.host.ctx.output.say(self.words.code_is(self.link.code))

    def bindings(self) -> list[Binding]:
        """The public facts (ends, count, layout, scores, whose turn, what happened...):
        the game's own keys for them, answered by the spectator's presenter."""
        texts = KeyTexts(self.host.ctx.translator)
        muggins = self.link.rules.muggins
        out = []
        for item in game_keys(self.host.ctx.translator, muggins=muggins):
            if item.command in PUBLIC_FACTS:
                out.append(
                    Binding(
                        item.keys,
                        functools.partial(texts.label, *item.keys),
                        functools.partial(texts.of, item.command, muggins=muggins),
                        functools.partial(self.ask, item.command),
                        item.group.value,
                    )
                )
        return out

    def ask(self, command: Command) -> None:
        """A fact key: answered from the public view (nothing, before the game's)."""
        view = self.link.public_view()
        if view is None:
            self.host.ctx.output.say(self.words.code_is(self.link.code))
            return
        for said in self.presenter.command(command, view).said:
            self.host.ctx.output.say(said)

    def container(self) -> AnyContainer:
        return _text_screen(lambda: self.words.code_is(self.link.code).text)

    def unbound_key(self, key: str) -> bool:
        return False

    def close(self) -> None:
        self.link.close()


def keep_record(lines_json: str, code: str) -> Path:
    """An online game's record (as the server sent it), kept in the data folder."""
    lines = json.loads(lines_json)
    folder = data_dir() / "records"
    path = folder / f"online-{code.replace('-', '')}.jsonl"
    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    write_atomic(path, text)
    return path


def remember(link: RemoteLink, name: str) -> None:
    """The seat taken, kept for coming back (``sniff join`` with no code)."""
    if link.token is None or link.seat < 0:
        return
    keep_seat(HeldSeat(link.url, link.code, link.seat, name, link.token))


class HostedServer:
    """A server started inside the host's own game (``sniff host`` without ``--server``)."""

    def __init__(self, options: Any) -> None:
        self.options = options
        self.server: Any = None

    async def start(self) -> str:
        """Start it; the address this game connects to."""
        self.server = SniffServer(self.options)
        await self.server.start()
        return f"ws://127.0.0.1:{self.server.port}/ws"

    def kept_seat(self, url: str) -> HeldSeat | None:
        """The seat this player holds at a table the server brought back (its game not
        over), newest first; None: there is none."""
        tables = self.server.tables if self.server is not None else {}
        for seat in held_seats().value or []:
            host = tables.get(normal_code(seat.code) or "")
            if seat.server == url and host is not None and not host.ended:
                return seat
        return None

    async def stop(self) -> None:
        """Stop it: every table told first (see :meth:`SniffServer.close`); once."""
        server, self.server = self.server, None
        if server is not None:
            await server.close()

    def address(self) -> str:
        """Where the others connect."""
        host = host_address(self.options.host)
        shown = f"[{host}]" if ":" in host else host
        return f"{shown}:{self.server.port}"


def run_online(
    ctx: Any,
    url: str,
    request: dict[str, Any],
    *,
    name: str,
    hosted: Any = None,
    ask_first: bool = False,
    input: Any = None,
    output: Any = None,
) -> int:
    """The terminal game at a table on a server until the player quits (``sniff host``,
    ``sniff join``); *hosted*: the options of a server to start here first, after
    asking when it would listen beyond this computer."""
    link = RemoteLink(url, language=ctx.translator.language, verbosity=str(ctx.settings.verbosity))
    server = HostedServer(hosted) if hosted is not None else None

    def first(host: SniffApp) -> Any:
        if server is not None:
            host.closers.append(server.stop)  # (however the program ends)
        start = OnlineStart(host, link, Request(request), hosted=server, name=name)
        if not ask_first or server is None:
            return start
        words = OnlineWords(host.ctx.translator)
        return ConfirmScreen(
            host,
            words.listen_question(host_address(server.options.host)),
            lambda: host.show(start),
            host.exit,
        )

    app = run_app(first, ctx, input=input, output=output, screen_mode=ctx.settings.screen)
    return 1 if app.errors else 0
