"""The load generator of ``bench_server.py``: players over real WebSockets, in a
process of their own, told what to do on standard input.

``bench_server.py`` starts one or more of these
(``python netload.py URL DATA SEED THINK LISTEN``, the last two as ``from,to``
seconds)
and sends one JSON command a line; each answer is one JSON line on standard
output:

- ``{"cmd": "open", "tables": n, "kind": "human" | "master"}``: open *n* more
  tables (four people, or one person and three ``master`` bots) and keep them
  playing: each person acts a think time after their turn comes (and says
  ``ready`` after a round), answers every step with ``heard`` a listen time
  after it came (when the terminal client's speech of it would end: the bots
  wait for it) where the table waits for it (its ``paces``: only where a bot
  plays; the terminal game and the web page say nothing at a table of people),
  and a finished game is replaced by a new table.
- ``{"cmd": "mark"}``: start measuring (what came before is dropped).
- ``{"cmd": "report"}``: what was measured since the mark: the time from each
  person's ``act`` to the last of the other seats' ``step`` frame for it, how
  long a person waited for each bot's frame once the step before was heard,
  the actions, and how late this process's own loop ran (a late loop
  measures the load generator, not the server).
- ``{"cmd": "resume", "count": k, "away": s}``: *k* times, one person's
  connection closed, *s* seconds away, then a new connection until the seat's
  ``state`` frame (its catch-up) is in: the times.
- ``{"cmd": "leaks", "first": a, "last": b, "at_once": n}``: games *a* to
  *b* - 1 with a scripted client in every seat and a spectator
  (``tests/netplay.py``), each checked frame by frame against the game's
  record in the server's data folder (``tests/leakcheck.py``).
- ``{"cmd": "quit"}``.

Everything is bounded: each wait has a time-out, each command a size, and the
process ends when its standard input closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import json
import random
import resource
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

#: Seconds any one answer from the server may take before the generator gives up.
ANSWER = 30.0
#: The phases in which a person may act (sniff.engine.ACTIVE, as the wire spells them).
ACTIVE = ("play", "claim", "muggins")


class Seat:
    """One person's connection: plays the first legal action after a think time."""

    def __init__(self, load: Load, table: LoadTable, name: str) -> None:
        self.load = load
        self.table = table
        self.name = name
        self.ws: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.index = -1
        self.token = ""
        self.at = 0
        self.view: dict[str, Any] | None = None
        self.planned = -1  # the position an action or "ready" is planned for
        self.last_frame = 0.0
        self.paces = True  # the table waits for "heard" (its table frame says)
        self.heard_at = 0  # the last position said heard, and when
        self.heard_sent = 0.0
        self.waiters: list[tuple[str, asyncio.Future[dict[str, Any]]]] = []

    async def connect(self) -> None:
        self.planned = -1  # (a plan made before a drop was dropped with it)
        self.ws = await connect(self.load.url, max_size=2**22, open_timeout=ANSWER)
        self.reader = asyncio.get_running_loop().create_task(self._read(self.ws))
        welcome = self.expect("welcome")
        await self.send({"type": "hello", "version": 1, "lang": "en", "client": "netload"})
        await asyncio.wait_for(welcome, ANSWER)

    def expect(self, kind: str) -> asyncio.Future[dict[str, Any]]:
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiters.append((kind, future))
        return future

    async def send(self, frame: dict[str, Any]) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.send(json.dumps(frame))

    async def close(self) -> None:
        ws, self.ws = self.ws, None
        self.table.gone(self)
        if ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 5)
        if self.reader is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self.reader, 5)

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(Exception):
            async for text in ws:
                self.take(json.loads(text), time.perf_counter())

    def take(self, frame: dict[str, Any], now: float) -> None:
        kind = frame["type"]
        for wanted, future in list(self.waiters):
            if not future.done() and (wanted == kind or kind == "error"):
                if kind == "error":
                    future.set_exception(RuntimeError(f"{self.name}: {frame}"))
                else:
                    future.set_result(frame)
                self.waiters.remove((wanted, future))
                break
        if kind == "seated":
            self.index, self.token = frame["seat"], frame["token"]
        elif kind == "table":
            self.table.code = frame["code"]
            self.paces = frame.get("paces", True) is not False
        elif kind in ("state", "step"):
            self.at, self.view = frame["at"], frame["view"]
            if kind == "step":
                self.load.stepped(self, frame, now)
                self.hear(self.at)
            self.last_frame = now
            self.plan()
        elif kind == "refused":
            self.load.refused += 1
            self.table.pending.pop(self.index, None)
            self.planned = -1
            self.plan()
        elif kind == "notice" and frame["kind"] == "over":
            self.table.finish()
        elif kind == "error":
            self.load.errors.append(str(frame)[:200])

    def hear(self, at: int) -> None:
        """Say ``heard`` once the step would have been spoken (a listen time from now),
        as the terminal client does when its speech of the step ends."""

        if not self.paces:
            return  # (a table without a bot waits for nobody: the clients say nothing)

        def heard() -> None:
            if self.ws is not None and at > self.heard_at:
                self.heard_at, self.heard_sent = at, time.perf_counter()
                self.load.post(self, {"type": "heard", "at": at})

        asyncio.get_running_loop().call_later(self.load.rng.uniform(*self.load.listen), heard)

    def plan(self) -> None:
        """Act (or say ready) a think time from now, if it is this seat's to do."""
        view = self.view
        if view is None or self.planned == self.at or self.ws is None:
            return
        due = view["phase"] == "round-over" or (
            view["phase"] in ACTIVE and view["current"] == self.index and view["legal"]
        )
        if due:
            self.planned = self.at
            at = self.at
            delay = self.load.rng.uniform(*self.load.think)
            asyncio.get_running_loop().call_later(delay, self._act_now, at)

    def _act_now(self, at: int) -> None:
        view = self.view
        if view is None or self.at != at or self.ws is None:
            return
        if view["phase"] == "round-over":
            self.load.post(self, {"type": "ready"})
            return
        self.table.acting(self)
        self.load.post(self, {"type": "act", "action": view["legal"][0], "at": at})


class LoadTable:
    """A table of the load: its seats and the actions waiting for the others' frames."""

    def __init__(self, load: Load, kind: str, number: int) -> None:
        self.load = load
        self.kind = kind
        self.number = number
        self.code = ""
        self.seats: list[Seat] = []
        self.pending: dict[int, tuple[float, set[int]]] = {}  # actor -> (sent, waiting)
        self.over = False

    async def open(self) -> None:
        people = 4 if self.kind == "human" else 1
        kinds = ["person"] * people + ["master"] * (4 - people)
        first = Seat(self.load, self, f"T{self.number}-0")
        self.seats.append(first)
        await first.connect()
        # ("seated" comes first; the table, with its code, once the table is saved)
        told = first.expect("table")
        await first.send({"type": "create", "name": first.name, "preset": "sniff", "seats": kinds})
        await asyncio.wait_for(told, ANSWER)
        for i in range(1, people):
            other = Seat(self.load, self, f"T{self.number}-{i}")
            self.seats.append(other)
            await other.connect()
            seated = other.expect("seated")
            await other.send({"type": "join", "code": self.code, "name": other.name})
            await asyncio.wait_for(seated, ANSWER)

    def acting(self, seat: Seat) -> None:
        others = {s.index for s in self.seats if s is not seat and s.ws is not None}
        if others:
            self.pending[seat.index] = (time.perf_counter(), others)

    def heard_from(self, seat: Seat, actor: int, now: float) -> None:
        entry = self.pending.get(actor)
        if entry is None:
            return
        sent, waiting = entry
        waiting.discard(seat.index)
        if not waiting:
            del self.pending[actor]
            self.load.delivered(sent, now)

    def gone(self, seat: Seat) -> None:
        """*seat* dropped: no action waits for its frame any more."""
        for actor in list(self.pending):
            self.heard_from(seat, actor, time.perf_counter())

    def finish(self) -> None:
        if not self.over:
            self.over = True
            self.load.finished(self)


class Load:
    """Every table of this process, and what was measured (see the module docstring)."""

    def __init__(
        self,
        url: str,
        data: Path,
        seed: int,
        think: tuple[float, float],
        listen: tuple[float, float],
    ) -> None:
        self.url = url
        self.data = data
        self.rng = random.Random(seed)
        self.think = think
        self.listen = listen
        self.tables: list[LoadTable] = []
        self.numbers = itertools.count(seed * 1_000_000)
        self.tasks: set[asyncio.Task[Any]] = set()
        self.reset()

    def reset(self) -> None:
        self.since = time.perf_counter()
        self.latencies: list[float] = []
        self.bot_waits: list[float] = []
        self.acts = 0
        self.refused = 0
        self.games = 0
        self.lags: list[float] = []
        self.errors: list[str] = []

    def spawn(self, coroutine: Any) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def post(self, seat: Seat, frame: dict[str, Any]) -> None:
        if frame["type"] == "act":
            self.acts += 1
        self.spawn(seat.send(frame))

    # -- what is measured ------------------------------------------------------------

    def stepped(self, seat: Seat, frame: dict[str, Any], now: float) -> None:
        actor = frame["actor"]
        if frame["bot"]:
            if seat.last_frame >= self.since:
                # How long the person waits for the bot once the step before is heard.
                self.bot_waits.append(max(0.0, now - max(seat.last_frame, seat.heard_sent)))
        elif actor is not None and actor != seat.index:
            seat.table.heard_from(seat, actor, now)

    def delivered(self, sent: float, now: float) -> None:
        if sent >= self.since:
            self.latencies.append(now - sent)

    def finished(self, table: LoadTable) -> None:
        self.games += 1

        async def replace() -> None:
            await asyncio.sleep(1.0)
            for seat in table.seats:
                await seat.close()
            if table in self.tables:
                self.tables.remove(table)
                await self.open_table(table.kind)

        self.spawn(replace())

    async def watch_lag(self) -> None:
        """How late this process's loop wakes (every 50 ms, for as long as it runs)."""
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(0.05)
            self.lags.append(loop.time() - before - 0.05)

    # -- commands ----------------------------------------------------------------------

    async def open_table(self, kind: str) -> None:
        table = LoadTable(self, kind, next(self.numbers))
        self.tables.append(table)
        await table.open()

    async def open(self, count: int, kind: str) -> dict[str, Any]:
        started = time.perf_counter()
        gate = asyncio.Semaphore(20)

        async def one(number: int) -> None:
            if kind == "master":
                # Tables that all deal at once would ask the bots' pool for every
                # opening lead (the longest decisions) at once: they come in one by one.
                await asyncio.sleep(0.3 * number)
            async with gate:
                await self.open_table(kind)

        await asyncio.gather(*(one(n) for n in range(count)))
        return {"opened": count, "tables": len(self.tables), "seconds": _since(started)}

    def report(self) -> dict[str, Any]:
        return {
            "seconds": _since(self.since),
            "latencies": self.latencies,
            "bot_waits": self.bot_waits,
            "acts": self.acts,
            "refused": self.refused,
            "games": self.games,
            "lags": self.lags,
            "errors": self.errors[:5],
            "cpu": _cpu(),
        }

    async def resume(self, count: int, away: float, lanes: int = 4) -> dict[str, Any]:
        """*count* drops and comebacks, *lanes* at a time (see the module docstring)."""
        times: list[float] = []
        missed: list[int] = []
        busy: set[Seat] = set()

        async def lane(share: int) -> None:
            for _ in range(share):
                seats = [
                    s
                    for t in self.tables
                    if not t.over and t.kind == "human"
                    for s in t.seats
                    if s.ws is not None and s.token and s not in busy
                ]
                if not seats:
                    return
                seat = self.rng.choice(seats)
                busy.add(seat)
                seen = seat.at
                await seat.close()
                await asyncio.sleep(away)
                if seat.table.over:
                    continue  # (its game ended meanwhile: the seat is gone with it)
                started = time.perf_counter()
                await seat.connect()
                state = seat.expect("state")
                await seat.send({"type": "resume", "token": seat.token})
                try:
                    frame = await asyncio.wait_for(state, ANSWER)
                except RuntimeError as error:  # an error frame: the table ended meanwhile
                    self.errors.append(str(error)[:200])
                    continue
                times.append(time.perf_counter() - started)
                missed.append(frame["at"] - seen)
                busy.discard(seat)

        shares = [count // lanes + (1 if i < count % lanes else 0) for i in range(lanes)]
        await asyncio.gather(*(lane(n) for n in shares))
        return {"times": times, "missed_events": missed}

    async def leaks(self, first: int, last: int, at_once: int) -> dict[str, Any]:
        """Games *first* .. *last* - 1, every frame checked against the record."""
        from leakcheck import Leak, check_frames
        from sniff.storage.records import read_record

        started = time.perf_counter()
        frames = 0
        leaks: list[str] = []
        caught: list[bool] = []
        numbers = iter(range(first, last))
        while batch := list(itertools.islice(numbers, at_once)):
            games = await asyncio.gather(*(leak_game(self.url, n) for n in batch))
            for people, watcher, code in games:
                record = read_record(self.data / "records" / f"{code}.jsonl")
                if not caught:
                    caught.append(planted_leaks_caught(people[0].frames, record))
                for player, seat in [*((p, p.seat) for p in people), (watcher, None)]:
                    try:
                        frames += check_frames(player.frames, record, seat)
                    except Leak as leak:
                        leaks.append(f"{code}: {leak}"[:300])
                    await player.close()
        return {"games": last - first, "frames": frames, "leaks": leaks,
                "planted_caught": all(caught), "seconds": _since(started)}  # fmt: skip


async def leak_game(url: str, number: int) -> tuple[list[Any], Any, str]:
    """Game *number*: 2 to 4 scripted people (a preset in turn) and a spectator, to the end."""
    from netplay import Player
    from sniff.engine import PRESETS

    preset = sorted(PRESETS)[number % len(PRESETS)]
    count = 2 + number % 3
    people = [Player(url, f"P{number}-{i}") for i in range(count)]
    first = people[0]
    await first.open()
    await first.send({"type": "create", "name": first.name, "preset": preset,
                      "seats": ["person"] * count, "target": 30})  # fmt: skip
    await first.wait_for(lambda: first.code is not None)
    watcher = Player(url, f"W{number}", plays=False)
    await watcher.open()
    await watcher.send({"type": "watch", "code": first.code})
    for other in people[1:]:
        await other.open()
        await other.send({"type": "join", "code": first.code, "name": other.name})
    for player in people:
        await player.wait_for(_over(player), timeout=120)
    await watcher.wait_for(_over(watcher), timeout=30)
    assert first.code is not None
    return people, watcher, first.code.replace("-", "")


def _over(player: Any) -> Callable[[], bool]:
    return lambda: bool(player.over)


def planted_leaks_caught(frames: list[dict[str, Any]], record: Any) -> bool:
    """Whether the check catches a leak put into seat 0's own frames: a deal that shows
    seat 1's hand, a view holding a tile seat 0 never saw in that round, another
    seat's drawn tile, the seed. A check that lets these pass is no check."""
    from leakcheck import Leak, allowed_tiles, check_frames

    deal = next(e for e in record.events if type(e).__name__ == "Dealt")
    dealt = {(t.high, t.low) for hand in deal.hands for t in hand}
    dealt |= {(t.high, t.low) for t in deal.boneyard}
    hidden = [list(min(dealt - allowed_tiles(record, 0)[deal.round]))]
    view = copy.deepcopy(next(f["view"] for f in frames if f["type"] == "step" and f["view"]))
    view["round"], view["hand"] = deal.round, [*view["hand"], hidden[0]]
    shown = [[], [[t.high, t.low] for t in deal.hands[1]]] + [[]] * (len(deal.hands) - 2)
    plants = [
        {"type": "step", "at": 1, "actor": None, "bot": False, "view": None, "events": [
            {"type": "deal", "round": deal.round, "hands": shown, "boneyard": [],
             "leader": 0, "redeal": False}]},
        {"type": "step", "at": 1, "actor": 0, "bot": False, "events": [], "view": view},
        {"type": "step", "at": 1, "actor": 1, "bot": False, "view": None, "events": [
            {"type": "draw", "player": 1, "tile": hidden[0]}]},
        {"type": "welcome", "version": 1, "seed": 7},
    ]  # fmt: skip
    for plant in plants:
        try:
            check_frames([*frames, plant], record, 0)
        except Leak:
            continue
        return False
    return True


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 3)


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def main(
    url: str, data: Path, seed: int, think: tuple[float, float], listen: tuple[float, float]
) -> None:
    load = Load(url, data, seed, think, listen)
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def read_input() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, '{"cmd": "quit"}')

    threading.Thread(target=read_input, daemon=True).start()
    load.spawn(load.watch_lag())
    while True:
        command = json.loads(await lines.get())
        name = command["cmd"]
        answer: dict[str, Any]
        if name == "open":
            answer = await load.open(command["tables"], command["kind"])
        elif name == "mark":
            load.reset()
            answer = {"marked": True}
        elif name == "report":
            answer = load.report()
        elif name == "resume":
            answer = await load.resume(command["count"], command["away"])
        elif name == "leaks":
            answer = await load.leaks(command["first"], command["last"], command["at_once"])
        else:
            break
        print(json.dumps(answer), flush=True)
    for table in list(load.tables):
        for seat in table.seats:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(seat.close(), 2)
    for task in list(load.tasks):
        task.cancel()


if __name__ == "__main__":
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    think, listen = (tuple(float(x) for x in arg.split(",")) for arg in sys.argv[4:6])
    asyncio.run(main(sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), think, listen))  # type: ignore[arg-type]
