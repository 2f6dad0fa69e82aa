"""``sniff serve``: one asyncio process that hosts many tables over WebSockets.

:class:`SniffServer` listens (on 127.0.0.1 unless told otherwise), restores
the tables its data folder holds, checks each connection's Origin and
address, and gives it a :class:`~sniff.server.connection.Connection`, which
reads and checks every frame and hands what is asked for to the server
(create, join, watch, resume) or to its table (:mod:`sniff.server.hosted`).
Nothing from one connection can stall another table: frames go out through
each connection's own queue, searching bots think in other processes, and a
slow disk sends the saves to worker threads (:mod:`sniff.server.store`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from sniff import __version__
from sniff.bots import make_bot
from sniff.engine import PRESETS, Game, RulesError
from sniff.enums import BotLevel, NewsKind, SeatKind
from sniff.net.frames import PERSON, ErrorFrame, RecordFrame, SeatedFrame
from sniff.net.messages import Ask, Create, Join, Key, Resume, Watch
from sniff.net.wire import LIMITS, ErrorCode, FrameError, write_frame
from sniff.server.codes import ALPHABET, new_code, new_token, normal_code, token_hash
from sniff.server.connection import CLOSE_GOING_AWAY, CLOSE_TRY_LATER, Connection
from sniff.server.hosted import HostedTable
from sniff.server.hosts import answers_to, own_names
from sniff.server.keepalive import PING_EVERY, PING_TIMEOUT, QuietPings
from sniff.server.limits import AddressBook, ServerLimits, budget_of
from sniff.server.seats import seat_from
from sniff.server.store import Kept, TableStore
from sniff.server.thinking import PoolThinker
from sniff.server.web import WebPages
from sniff.server.words import TableWords
from sniff.session.clock import Clock, LoopClock, Timer
from sniff.session.game import BOT_NAMES, GameSession, bot_name
from sniff.session.link import News
from sniff.session.policy import GRACE, SeatState
from sniff.session.simulate import bot_seed
from sniff.session.table import Thinker
from sniff.storage import SaveState
from sniff.storage.lock import BUSY, FolderLock
from sniff.storage.records import STEP_KEY, PlayerInfo

__all__ = ["FolderInUse", "ServerOptions", "SniffServer"]

_log = logging.getLogger(__name__)

#: How long a finished table stays, for its record, before it is let go.
FINISHED_KEPT = 600.0

#: Seconds a searching bot thinks at most per decision (see :mod:`sniff.server.thinking`).
BOT_TIME = 0.2

#: Seconds between moving what has lived that long out of the cycle collector's sight,
#: and how many of those between whole passes (see :meth:`SniffServer._tame_collector`).
FREEZE_EVERY, FREEZES_PER_WHOLE_PASS = 10.0, 360
#: Tables let go, at least, before a whole pass of the collector frees them (see
#: :meth:`SniffServer._collector_tick`).
LET_GO_PER_WHOLE_PASS = 50


class FolderInUse(RuntimeError):
    """Another server holds the data folder's lock: two servers on one folder would both
    restore and both write every table."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"another server is using the data folder {folder}")
        self.folder = folder


@dataclass
class ServerOptions:
    """How a server runs (``sniff serve``'s options)."""

    data: Path
    host: str = "127.0.0.1"
    port: int = 8765
    limits: ServerLimits = field(default_factory=ServerLimits)
    grace: float = GRACE
    origins: tuple[str, ...] = ()  # browser pages allowed besides the server's own
    trusted_proxies: tuple[str, ...] = ()  # their X-Forwarded-For is believed
    bot_workers: int | None = None
    #: Seconds a searching bot thinks at most per decision (None or 0: its whole budget).
    #: A seeded server (tests) thinks by budget only, so that its games play again.
    bot_time: float | None = BOT_TIME
    web: bool = True
    #: The characters this process's codes begin with: all of them, or in a server of
    #: several processes its own share (:mod:`sniff.server.workers`), by which the proxy
    #: routes to it.
    codes: str = ALPHABET
    #: Tests only: table *n* is dealt from seed ``seed + n`` and its bots seeded as in
    #: ``sniff simulate``, so a hosted game can be played again locally. Never set by
    #: ``sniff serve``: a seed known outside the server would tell every hand.
    seed: int | None = None


class SniffServer:
    """The server (see the module docstring)."""

    def __init__(
        self,
        options: ServerOptions,
        *,
        clock: Clock | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.options = options
        self.clock: Clock = clock or LoopClock()
        limit = None if options.seed is not None or not options.bot_time else options.bot_time
        self.pool = (
            None if thinker is not None else PoolThinker(options.bot_workers, time_limit=limit)
        )
        self.thinker: Thinker = thinker or self.pool  # type: ignore[assignment]
        self.store = TableStore(options.data)
        self.addresses = AddressBook(options.limits)
        self._names = own_names(options.origins)
        self.tables: dict[str, HostedTable] = {}
        self._tokens: dict[str, tuple[str, int]] = {}  # token hash -> (code, seat)
        self._finished: dict[str, Timer] = {}  # code -> the end of its keeping
        self._server: Server | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._made = 0  # tables made (for a seeded test server)
        self._collector: asyncio.Future[None] | None = None
        self._freezes = 0  # the collector's ticks
        self._let_go = 0  # tables let go since its last whole pass
        self._lock: FolderLock | None = None
        self.web: Callable[[Request], Response | None] | None = None
        if options.web:  # web: the page at / and /t/CODE, its files at /static/
            self.web = WebPages()

    # -- running -----------------------------------------------------------------------

    async def start(self) -> None:
        """Lock the data folder, restore the kept tables, then listen. Raises
        :class:`FolderInUse` if another server holds the folder (the lock goes with its
        process, even after kill -9), :class:`OSError` if the address is taken."""
        self._lock = FolderLock.acquire(self.options.data)
        if self._lock.state == BUSY:
            self._lock = None
            raise FolderInUse(self.options.data)
        if not self._lock.writable:  # (a folder nobody can write: said at each save)
            _log.warning("the data folder %s cannot be written", self.options.data)
        for kept in self.store.load():
            self._restore(kept)
        options = self.options
        try:
            self._server = await serve(
                self._connected,
                options.host,
                options.port,
                max_size=LIMITS.size,
                max_queue=16,
                compression=None,
                process_request=self._request,
                server_header=f"sniff/{__version__}",
                create_connection=QuietPings,  # (pinged only when quiet)
                ping_interval=PING_EVERY,
                ping_timeout=PING_TIMEOUT,
            )
        except OSError:
            self._lock.release()
            self._lock = None
            raise
        self._collector = asyncio.ensure_future(self._tame_collector())

    async def _tame_collector(self) -> None:
        """Python's cycle collector, passing over every object the server holds (all its
        tables), stops the event loop for a tenth of a second and more with hundreds of
        tables, and every frame due meanwhile waits. What has lived ten seconds (the
        tables, their games) is moved out of its sight (:meth:`_collector_tick`)."""
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            self._collector_tick()

    def _collector_tick(self) -> None:
        """Move what lives out of the collector's sight; first, a whole pass over
        everything when enough tables were let go since the last (at least
        :data:`LET_GO_PER_WHOLE_PASS`, and as many as the server holds), else once an
        hour. A table let go is garbage only for a whole pass: it and its feeds refer
        to each other, and it was out of sight. Without these passes a busy server
        kept up to an hour of finished games (34 MB to 157 MB over 1,000 games); with
        them it keeps at most about as many as it holds, and each pass costs about
        as much as the tables let go since."""
        self._freezes += 1
        let_go = self._let_go >= max(LET_GO_PER_WHOLE_PASS, len(self.tables))
        if let_go or self._freezes % FREEZES_PER_WHOLE_PASS == 0:
            self._let_go = 0
            gc.unfreeze()
            gc.collect()
        gc.freeze()

    @property
    def port(self) -> int:
        assert self._server is not None
        sockets = list(self._server.sockets)
        return int(sockets[0].getsockname()[1])

    async def close(self) -> None:
        """Stop listening, save every table, let go of the bots' workers."""
        if self._collector is not None:
            self._collector.cancel()
        gc.unfreeze()
        if self._server is not None:
            await self._say_closing(self._server)
            self._server.close()
            await self._server.wait_closed()
        for host in list(self.tables.values()):
            await host.flush()
            with contextlib.suppress(OSError):
                await self.store.write(host, whole=True)  # (the bots' generators too)
            host.close()
        await self.store.sync()
        self.store.close()
        if self.pool is not None:
            self.pool.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    async def _say_closing(self, server: Server) -> None:
        """Everyone at a table is told that the server stops and their table is kept,
        then closed (each connection after its frames), for at most a second."""
        for host in list(self.tables.values()):
            if not host.ended:
                host.news(News(NewsKind.CLOSING))
            await host.flush()
            for channel in [*host.channels.values(), *host.spectators]:
                channel.close(CLOSE_GOING_AWAY, "the server stops")
        for _ in range(50):
            if not server.connections:
                return
            await asyncio.sleep(0.02)

    def spawn(self, coroutine: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- connections ---------------------------------------------------------------------

    def _request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Before the handshake: the name asked for (DNS rebinding), the web page's
        files, and the browser's Origin checked. The game's connection is at ``/ws``, or
        ``/ws/K`` where a proxy routes by the table's first character
        (:func:`~sniff.net.address.routed`)."""
        if not self._host_allowed(connection, request.headers):
            return connection.respond(
                HTTPStatus.MISDIRECTED_REQUEST, "This server does not answer to that name\n"
            )
        if not _game_path(request.path.split("?")[0]):
            if self.web is not None:
                return self.web(request)
            return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")
        origin = request.headers.get("Origin")
        if origin is not None and not self._origin_allowed(origin, request.headers):
            return connection.respond(HTTPStatus.FORBIDDEN, "This page may not use the server\n")
        return None

    def _host_allowed(self, connection: ServerConnection, headers: Headers) -> bool:
        """The ``Host`` asked for is an address, this computer, or a name allowed (see
        :mod:`sniff.server.hosts`); a trusted proxy chooses the names it passes on."""
        peer = connection.remote_address
        if isinstance(peer, tuple) and peer and str(peer[0]) in self.options.trusted_proxies:
            return True
        return answers_to(headers.get("Host", ""), self._names)

    def _origin_allowed(self, origin: str, headers: Headers) -> bool:
        """A browser's page may connect when it is the server's own page (same host)
        or one the operator allows."""
        if origin in self.options.origins:
            return True
        host = headers.get("Host", "")
        scheme, _, rest = origin.partition("://")
        return scheme in ("http", "https") and rest.rstrip("/") == host

    def address_of(self, ws: ServerConnection) -> str:
        """Whose budgets a connection uses: its address (a proxy's report, behind one
        the operator trusts), an IPv6 one's whole /64 (see :func:`budget_of`)."""
        peer = ws.remote_address
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        if address in self.options.trusted_proxies and ws.request is not None:
            forwarded = ws.request.headers.get("X-Forwarded-For", "")
            last = forwarded.split(",")[-1].strip()
            if last:
                return budget_of(last[:64])
        return budget_of(address)

    async def _connected(self, ws: ServerConnection) -> None:
        address = self.address_of(ws)
        if not self.addresses.connect(address):
            busy = ErrorFrame(ErrorCode.BUSY, "too many connections from here")
            await ws.send(write_frame(busy.to_json()))
            await ws.close(CLOSE_TRY_LATER, "too many connections")
            return
        connection = Connection(self, ws, address, self.options.limits)
        try:
            await connection.run()
        finally:
            self.addresses.disconnect(address)

    # -- tables --------------------------------------------------------------------------

    def create(self, connection: Connection, message: Create) -> None:
        """A new table, with its creator in seat 0."""
        limits = self.options.limits
        if not self.addresses.may_open_table(connection.address):
            raise FrameError(ErrorCode.TOO_MANY_TABLES, "this address has enough tables open")
        if len(self.tables) >= limits.tables:
            raise FrameError(ErrorCode.FULL, "the server holds all the tables it can: try later")
        rules = PRESETS[message.preset]
        try:
            rules = rules.with_changes(**message.rules)
            if message.target is not None:
                rules = rules.with_changes(targets=(message.target,) * 3)
            rules.check_players(len(message.seats))
        except RulesError as error:
            raise FrameError(ErrorCode.BAD_RULES, str(error)) from None
        code = new_code(self.options.codes)
        while code in self.tables:
            code = new_code(self.options.codes)
        seats = [
            SeatState(i, SeatKind.HUMAN) if kind == PERSON else SeatState(i, SeatKind.BOT, kind)
            for i, kind in enumerate(message.seats)
        ]
        session = self._session(rules, seats)
        host = self._host(code, session, seats, timer=message.timer, owner=connection.address)
        self.addresses.opened_table(connection.address)
        self._seat(connection, host, seats[0], message.name)

    def _session(self, rules: Any, seats: list[SeatState]) -> GameSession:
        fixed = self.options.seed
        seed = random.SystemRandom().randrange(2**31) if fixed is None else fixed + self._made
        self._made += 1
        players = tuple(_player_info(seat) for seat in seats)
        bots = {
            seat.index: make_bot(
                seat.level or BotLevel.EXPERT,
                seed=secrets.randbits(32) if fixed is None else bot_seed(seed, seat.index),
            )
            for seat in seats
            if seat.kind is SeatKind.BOT
        }
        game = Game(rules, len(seats), seed=seed)
        return GameSession(SaveState(game, players, seed=seed), bots, human=None)

    def _host(
        self,
        code: str,
        session: GameSession,
        seats: list[SeatState],
        *,
        timer: int,
        owner: str,
        started: bool = False,
        journaled: int | None = None,
    ) -> HostedTable:
        host = HostedTable(
            code,
            session,
            seats,
            timer=timer,
            clock=self.clock,
            thinker=self.thinker,
            store=self.store,
            on_end=self._ended,
            on_start=self._started,
            on_vacant=self._vacant,
            grace=self.options.grace,
            started=started,
            owner=owner,
            words=TableWords(),  # web: the words of every browser at this table
        )
        self.tables[code] = host
        self.store.watch(host, journaled)
        for seat in seats:
            if seat.key is not None:
                self._tokens[seat.key] = (code, seat.index)
        return host

    def _seat(self, connection: Connection, host: HostedTable, seat: SeatState, name: str) -> None:
        connection.table, connection.seat = host, seat
        token = new_token(host.code[0])  # (a proxy routes a comeback by it)
        connection.send(SeatedFrame(seat.index, token))  # (at once; the rest after the save)
        host.take(seat, token, name, connection)
        assert seat.key is not None
        self._tokens[seat.key] = (host.code, seat.index)

    def _find(self, connection: Connection, text: str) -> HostedTable:
        address = connection.address
        if not self.addresses.may_guess(address):
            raise FrameError(ErrorCode.RATE, "too many wrong codes: wait a minute")
        code = normal_code(text)
        host = self.tables.get(code) if code is not None else None
        if host is None or host.ended:
            self.addresses.guessed_wrong(address)
            raise FrameError(ErrorCode.NO_TABLE, "no table has this code")
        return host

    def join(self, connection: Connection, message: Join) -> None:
        host = self._find(connection, message.code)
        seat = host.free_seat()
        if seat is None:
            raise FrameError(
                ErrorCode.TABLE_FULL, "every seat of this table is taken: watch it instead"
            )
        self._seat(connection, host, seat, message.name)

    def watch(self, connection: Connection, message: Watch) -> None:
        host = self._find(connection, message.code)
        if len(host.spectators) >= self.options.limits.spectators_per_table:
            raise FrameError(ErrorCode.TABLE_FULL, "this table has all the listeners it can take")
        connection.table, connection.name = host, message.name
        host.watch(connection)

    def resume(self, connection: Connection, message: Resume) -> None:
        address = connection.address
        if not self.addresses.may_guess(address):
            raise FrameError(ErrorCode.RATE, "too many wrong tokens: wait a minute")
        found = self._tokens.get(token_hash(message.token))
        host = self.tables.get(found[0]) if found is not None else None
        # (A finished table kept for those who had not heard its end seats them again:
        # they hear the last plays and may ask for the record.)
        if found is None or host is None or host.seats[found[1]].left:
            self.addresses.guessed_wrong(address)
            raise FrameError(ErrorCode.NO_SEAT, "this seat is no longer kept: the table has ended")
        seat = host.seats[found[1]]
        connection.table, connection.seat = host, seat
        connection.send(SeatedFrame(seat.index, message.token))
        host.sit(seat, connection)

    def _started(self, host: HostedTable) -> None:
        """Every seat is taken: the bots get names no person has, the record begins."""
        session = host.session
        taken = {seat.name.casefold() for seat in host.seats if seat.person}
        for seat in host.seats:
            if seat.person:
                continue
            # The name the waiting room gave the seat (bot_name), unless a person has it.
            free = [n for n in (bot_name(seat.index), *BOT_NAMES) if n.casefold() not in taken]
            seat.name = free[0] if free else f"Bot {seat.index + 1}"
            taken.add(seat.name.casefold())
        session.state.players = tuple(_player_info(seat) for seat in host.seats)
        self.store.begin(host)  # (the record, the table's journal from now on)

    def _restore(self, kept: Kept) -> None:
        """A table from its snapshot: everyone away until they come back."""
        try:
            session = GameSession.resume(kept.snapshot)
            seats = [seat_from(item, i) for i, item in enumerate(kept.table["seats"])]
            if len(seats) != session.game.players:
                raise ValueError("seats do not match the game")
        except Exception as error:  # a table that will not come back must not stop the server
            _log.warning("table %s not restored: %s", kept.code, error)
            return
        timer = kept.table.get("timer", 0)
        host = self._host(
            kept.code,
            session,
            seats,
            timer=timer if timer in (0, 60, 120, 300) else 0,
            owner=str(kept.table.get("owner", ""))[:64],
            started=kept.table.get("started") is True,
            journaled=kept.journaled,
        )
        self.addresses.opened_table(host.owner)
        for seat in seats:
            if seat.person and seat.taken:
                seat.away_since = self.clock.now()

    def _ended(self, host: HostedTable) -> None:
        """A game over, or nobody there for half an hour: the table is let go (later,
        for a finished game: its players may still ask for the record)."""

        async def let_go() -> None:
            await host.flush()
            self.store.finish(host)
            # A finished table no longer counts among its owner's open ones.
            self.addresses.closed_table(host.owner)
            if not host.channels and not host.spectators and not host.owes_the_end:
                self._forget(host)  # (nobody is here to ask for its record)
                return
            forget = self.clock.call_later(FINISHED_KEPT, lambda: self._forget(host))
            self._finished[host.code] = forget

        self.spawn(let_go())

    def _vacant(self, host: HostedTable) -> None:
        """The last connection left *host*: a finished table is let go at once when
        every person at it heard the end, not held for :data:`FINISHED_KEPT` with its
        whole game. One whose connection dropped before the end comes back to hear
        it (the last plays, the scores): for them it is kept that long."""
        if host.code in self._finished and not host.owes_the_end:
            self._forget(host)

    def _forget(self, host: HostedTable) -> None:
        keeping = self._finished.pop(host.code, None)
        if keeping is not None:
            keeping.cancel()  # (its timer holds the table)
        if self.tables.get(host.code) is host:
            del self.tables[host.code]
            self._let_go += 1
            for seat in host.seats:
                if seat.key is not None:
                    self._tokens.pop(seat.key, None)
            host.close()

    def send_record(self, connection: Connection, host: HostedTable) -> None:
        """The game's record, after the game: every hand is public by then; the seed
        (which would tell the deals of a game still going) is left out all the same."""
        if not host.ended:  # (over, or ended by its host: every hand may be shown)
            raise FrameError(ErrorCode.NOT_OVER, "the record is given after the game")
        path = self.store.record_path(host.code)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()[:5000]
        except OSError:
            raise FrameError(ErrorCode.NO_RECORD, "this game's record could not be read") from None
        out = []
        for line in lines:
            data = json.loads(line)
            if data.get("type") == "game":
                data["seed"] = None
            data.pop(STEP_KEY, None)  # (the journal's own: where each step ends)
            out.append(data)
        connection.send(RecordFrame(tuple(out)))

    def answer(
        self, connection: Connection, host: HostedTable, seat: SeatState | None, ask: Ask
    ) -> None:
        """A words client's question (a fact key of the web page), answered in its words
        (:meth:`sniff.server.words.TableWords.answer`; the hint off the event loop)."""
        words = host.words
        if not connection.words or not isinstance(words, TableWords):
            raise FrameError(
                ErrorCode.NO_WORDS, "this server answers questions for words clients only"
            )
        words.answer(host, connection, None if seat is None else seat.index, ask, self.spawn)

    def key(
        self, connection: Connection, host: HostedTable, seat: SeatState | None, key: Key
    ) -> None:
        """A words client's key of the game (a key of the web page), said and done by the
        seat's presenter (:meth:`sniff.server.words.TableWords.key`)."""
        words = host.words
        if not connection.words or not isinstance(words, TableWords):
            raise FrameError(ErrorCode.NO_WORDS, "this server takes keys from words clients only")
        words.key(host, connection, None if seat is None else seat.index, key, self.spawn)


def _game_path(path: str) -> bool:
    """Whether *path* is the game's WebSocket: ``/ws``, or ``/ws/`` and one character."""
    return path == "/ws" or (len(path) == 5 and path.startswith("/ws/") and path[4] != "/")


def _player_info(seat: SeatState) -> PlayerInfo:
    if not seat.person:
        return PlayerInfo(seat.name or f"Bot {seat.index + 1}", SeatKind.BOT, seat.level)
    return PlayerInfo(seat.name or f"Seat {seat.index + 1}", SeatKind.HUMAN)


async def serve_forever(options: ServerOptions, ready: Callable[[SniffServer], None]) -> None:
    """Run a server until cancelled (``sniff serve``)."""
    server = SniffServer(options)
    await server.start()
    ready(server)
    try:
        await asyncio.Event().wait()
    finally:
        await server.close()


def allowed(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(item.strip() for item in items if item.strip())
