"""Online play's figures: the real server in one process, its players in others.

    python benchmarks/bench_server.py             # about 12 minutes
    python benchmarks/bench_server.py --quick     # under 60 s: 100 tables, 4 master
                                                  # tables, 20 leak games, no steps
    python benchmarks/bench_server.py --only leaks

Everything runs on 127.0.0.1. The server is ``server_process.py`` (the real
``SniffServer`` as ``sniff serve`` runs it, with the per-address budgets
raised, since every player here comes from one address); the players are
``netload.py`` processes (``--clients``, default 2), each told over a pipe
what to open and when to measure. The server's CPU time is read from
``/proc`` (the process and its threads; the bots' worker processes apart).

Figures (one JSON line each, as the other benchmarks print them):

- ``play_to_seats_p95_ms``: 200 tables of four people (800 connections), each
  person acting a think time (``--think``, 1 to 3 s) after their turn comes:
  from a person's ``act`` to the last of the three other seats' ``step``
  frame for it. Goal: at most 50 ms.
- ``server_cpu_per_action_ms``: the server's CPU time in that window, all of
  it (frames in and out, ``heard``, ``ready``, deals, snapshots), divided by
  the people's actions. Goal: at most 1 ms.
- ``journal_step_p95_ms``: in that window, the event loop's own time for a
  step's journal (its lines made, and its table's share of the batch that
  appended them), the p95 of each added. Goal: at most 0.2 ms.
- ``resume_ms``: in that window, a person's connection closed, then opened
  again: from the new connection's start to its seat's ``state`` frame (the
  catch-up), p95. Goal: at most 1,000 ms.
- ``save_ms``: one table's save mid-round with nothing else running: its
  snapshot built and encoded (on the event loop, in the server) and written
  atomically (in a worker thread).
- ``human_tables_per_core``: the load stepped up 200 tables at a time while
  the p95 stays within 50 ms, the server below a whole core and the load
  generator on time: the most tables that held. Goal: at least 500.
- ``master_tables``: tables of one person and three ``master`` bots, stepped
  up while the bots' decisions (each as long as its table waits for it:
  waiting for a free worker of the pool, thinking, the answer back; timed in
  the server process) stay within 250 ms at the p95. Goal: at least 20.
  With it, the master's own decision times in 4-seat games with no server
  (``master_alone``): what the server cannot make shorter; and within the
  server's ``--bot-time`` limit (``master_alone_within_bot_time``), as its
  bots think.
- ``leak_games``: 1,000 seeded games (``--quick``: 20) with a scripted
  client in every seat and a spectator, every frame checked against the
  game's record (``tests/leakcheck.py``, the suite's check). Goal: no leak.

At a table with bots each person answers every step with ``heard`` a listen
time (``--listen``, 1 to 2 s) after it came, when the terminal client would
have spoken it: the bots wait for it before they play (and think meanwhile).
At a table of people nobody waits for it, and the clients (the terminal game,
the web page) do not send it; nor do the benchmark's. Each step's details
(on standard error, and in the figures) include the server's own view: how
late its loop woke, how long its saves took, its cycle collector's whole
passes, and where its loop was when it stalled. ``--what-if`` runs a server
that is not the one shipped, to find where the time goes (no saves, syncs in
a thread of their own, every save in a thread); every figure of such a run
says so.

Every wait is bounded; every load stops with the step that breaks its goal or
with ``--budget`` seconds.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import select
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from figures import emit, percentile
from sniff.server.app import BOT_TIME

HERE = Path(__file__).resolve().parent
TICKS = os.sysconf("SC_CLK_TCK")
#: Seconds a person is away before coming back (long enough for the others to hear
#: of the drop, and usually for the table to move on: the comeback has a catch-up).
AWAY = 3.0
#: The longest any one answer of a process may take.
ANSWER = 300.0


# -- processes ---------------------------------------------------------------------------


def _read_line(process: subprocess.Popen[str], timeout: float, what: str) -> str:
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], timeout)
    if not ready:
        raise TimeoutError(f"{what} did not answer in {timeout:.0f} s")
    line = process.stdout.readline()
    if not line:
        raise RuntimeError(f"{what} ended (exit code {process.poll()})")
    return line


def cpu_seconds(pid: int) -> float:
    """The CPU time process *pid* (all its threads) has used, from /proc."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def children_of(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(n) for n in (task / "children").read_text().split()]
    return found


class Server:
    """``server_process.py`` running; its CPU time on demand."""

    def __init__(
        self,
        data: Path,
        *,
        seed: int | None = None,
        rate: float | None = None,
        what_if: Sequence[str] = (),
    ):
        command = [sys.executable, str(HERE / "server_process.py"), str(data)]
        command += [f"--{name}" for name in what_if]
        if seed is not None:
            command += ["--seed", str(seed)]
        if rate is not None:
            command += ["--rate", str(rate)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        line = _read_line(self.process, 60, "the server")
        self.port = int(line.split()[1])
        self.url = f"ws://127.0.0.1:{self.port}/ws"

    def cpu(self) -> float:
        return cpu_seconds(self.process.pid)

    def stats(self) -> dict[str, Any]:
        """What the server measured of itself since the last asking (seconds): the
        bots' decisions, its loop's lateness, its saves."""
        assert self.process.stdin is not None
        self.process.stdin.write("stats\n")
        self.process.stdin.flush()
        return dict(json.loads(_read_line(self.process, 60, "the server")))

    def workers_cpu(self) -> float:
        total = 0.0
        for pid in children_of(self.process.pid):
            with contextlib.suppress(OSError):
                total += cpu_seconds(pid)
        return total

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)


class Clients:
    """The ``netload.py`` processes, each asked in turn and answering one line."""

    def __init__(self, args: argparse.Namespace, server: Server, data: Path):
        script = str(HERE / "netload.py")
        think, listen = (f"{low},{high}" for low, high in (args.think, args.listen))
        self.processes = [
            subprocess.Popen(
                [sys.executable, script, server.url, str(data), str(n + 1), think, listen],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for n in range(args.clients)
        ]

    def send(self, index: int, command: dict[str, Any]) -> None:
        stdin = self.processes[index].stdin
        assert stdin is not None
        stdin.write(json.dumps(command) + "\n")
        stdin.flush()

    def answer(self, index: int, timeout: float = ANSWER) -> dict[str, Any]:
        text = _read_line(self.processes[index], timeout, f"load generator {index + 1}")
        return dict(json.loads(text))

    def ask(self, commands: Sequence[dict[str, Any] | None]) -> list[dict[str, Any]]:
        """One command to each process (None: none to that one), then every answer."""
        for index, command in enumerate(commands):
            if command is not None:
                self.send(index, command)
        return [self.answer(i) for i, c in enumerate(commands) if c is not None]

    def open(self, count: int, kind: str) -> list[dict[str, Any]]:
        """*count* more tables of *kind*, shared between the generators."""
        shares = split(count, len(self.processes))
        return self.ask([{"cmd": "open", "tables": n, "kind": kind} for n in shares])

    def ask_all(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        return self.ask([command] * len(self.processes))

    def stop(self) -> None:
        for process in self.processes:
            assert process.stdin is not None
            with contextlib.suppress(OSError):
                process.stdin.close()
        for process in self.processes:
            try:
                process.wait(60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)


@contextlib.contextmanager
def running(
    args: argparse.Namespace, *, seed: int | None = None, rate: float | None = None
) -> Iterator[tuple[Server, Clients]]:
    """A server with a fresh data folder, and its load generators."""
    with tempfile.TemporaryDirectory(prefix="sniff-bench-server-") as folder:
        data = Path(folder)
        server = Server(data, seed=seed, rate=rate, what_if=args.what_if or ())
        try:
            generators = Clients(args, server, data)
            try:
                yield server, generators
            finally:
                generators.stop()
        finally:
            server.stop()


def split(count: int, parts: int) -> list[int]:
    """*count* shared as evenly as can be (``split(5, 2) == [3, 2]``)."""
    return [count // parts + (1 if i < count % parts else 0) for i in range(parts)]


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


def cpu_pressure() -> float | None:
    """The share of the last 10 s in which some task waited for a core (Linux PSI,
    percent): how busy the machine was besides what the benchmark asked of it."""
    try:
        with open("/proc/pressure/cpu", encoding="ascii") as pressure:
            first = pressure.readline().split()
    except OSError:
        return None
    return float(dict(item.split("=") for item in first[1:])["avg10"])


# -- measuring a load --------------------------------------------------------------------


def measure(
    server: Server, clients: Clients, seconds: float, resume: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Mark every generator, wait *seconds* (and for *resume*'s drops and comebacks,
    run by the first generator meanwhile), then gather what was measured."""
    loads = [load_average()]
    pressures = [cpu_pressure()]
    clients.ask_all({"cmd": "mark"})
    server.stats()
    cpu, workers, started = server.cpu(), server.workers_cpu(), time.perf_counter()
    comebacks = None
    if resume is not None:
        clients.send(0, resume)
    time.sleep(seconds)
    if resume is not None:
        comebacks = clients.answer(0)
    reports = clients.ask_all({"cmd": "report"})
    own = server.stats()
    elapsed = time.perf_counter() - started
    used, workers_used = server.cpu() - cpu, server.workers_cpu() - workers
    loads.append(load_average())
    pressures.append(cpu_pressure())
    latencies = [t for r in reports for t in r["latencies"]]
    lags = [t for r in reports for t in r["lags"]]
    acts = sum(r["acts"] for r in reports)
    return {
        "seconds": round(elapsed, 1),
        "latencies": latencies,
        "decisions": own["decisions"],
        "server_loop_lag": spread(own["loop_lags"]),
        "saves": spread(own["saves"]),
        "journal": _journal(own["journal_lines"], own["journal_batches"]),
        "server_stuck": own["stuck"],
        "collections": _collections(own["collections"]),
        "waits": [t for r in reports for t in r["bot_waits"]],
        "acts": acts,
        "refused": sum(r["refused"] for r in reports),
        "games": sum(r["games"] for r in reports),
        "server_cpu_share": round(used / elapsed, 3),
        "workers_cpu_share": round(workers_used / elapsed, 3),
        "cpu_per_action_ms": round(used / max(acts, 1) * 1e3, 3),
        "clients_cpu_s": round(sum(r["cpu"] for r in reports), 1),
        "client_lag_p95_ms": ms(percentile(lags, 0.95)) if lags else None,
        "errors": [e for r in reports for e in r["errors"]][:3],
        "load_average": loads,
        "cpu_pressure": pressures,
        "comebacks": comebacks,
    }


#: Said with every figure of a what-if run (``--what-if``).
WHAT_IF: dict[str, str] = {}


def figure(name: str, value: float, unit: str, **details: Any) -> None:
    emit(name, value, unit, **details, **WHAT_IF)


def _collections(passes: Sequence[Sequence[float]]) -> dict[str, Any]:
    """The cycle collector's whole passes in the server: how many, and the longest."""
    whole = [seconds for generation, seconds in passes if generation == 2]
    return {"whole_passes": len(whole), "longest_ms": ms(max(whole, default=0.0)),
            "others_over_5_ms": len(passes) - len(whole)}  # fmt: skip


def ms(seconds: float) -> float:
    return round(seconds * 1e3, 1)


def _journal(lines: Sequence[float], batches: Sequence[Sequence[float]]) -> dict[str, Any]:
    """The event loop's time for one step's journal: its lines made, and its table's
    share of the batch that wrote them (a batch's time over its tables), each spread;
    ``step_p95_ms`` adds the two p95s (an upper bound of the step's own p95)."""
    shares = [seconds / tables for seconds, tables in batches for _ in range(int(tables))]

    def fine(times: Sequence[float]) -> dict[str, Any]:  # (to the microsecond)
        if not times:
            return {"count": 0}
        return {"p50_ms": round(percentile(times, 0.5) * 1e3, 3),
                "p95_ms": round(percentile(times, 0.95) * 1e3, 3),
                "max_ms": round(max(times) * 1e3, 3), "count": len(times)}  # fmt: skip

    made, written = fine(lines), fine(shares)
    both = made.get("p95_ms", 0.0) + written.get("p95_ms", 0.0)
    return {
        "step_p95_ms": round(both, 3),
        "lines": made,
        "write_share": written,
        "batches": len(batches),
        "tables_per_batch": round(len(shares) / max(1, len(batches)), 2),
    }


def spread(times: Sequence[float]) -> dict[str, Any]:
    if not times:
        return {"count": 0}
    return {"p50_ms": ms(percentile(times, 0.5)), "p95_ms": ms(percentile(times, 0.95)),
            "max_ms": ms(max(times)), "count": len(times)}  # fmt: skip


# -- the figures -----------------------------------------------------------------------


def human_tables(args: argparse.Namespace) -> None:
    """play_to_seats_p95_ms, server_cpu_per_action_ms, resume_ms, human_tables_per_core."""
    steps = [args.first_tables] if args.quick else list(range(200, args.most_tables + 1, 200))
    window = min(6.0, args.window) if args.quick else args.window
    deadline = time.monotonic() + args.budget
    held: list[dict[str, Any]] = []
    limit = "the last step"
    with running(args) as (server, clients):
        tables = 0
        for number, target in enumerate(steps):
            if time.monotonic() > deadline:
                limit = f"the time budget ({args.budget:.0f} s)"
                break
            opened = clients.open(target - tables, "human")
            tables = target
            time.sleep(args.settle)
            resume = None
            if number == 0:
                count = 1 if args.smoke else 8 if args.quick else 40
                resume = {"cmd": "resume", "count": count, "away": args.away}
            got = measure(server, clients, window, resume)
            step = {
                "tables": tables,
                "connections": 4 * tables,
                "open_s": max(o["seconds"] for o in opened),
                "play_to_seats": spread(got["latencies"]),
                "actions_per_s": round(got["acts"] / got["seconds"], 1),
                **{k: got[k] for k in ("server_cpu_share", "cpu_per_action_ms", "refused",
                                       "games", "client_lag_p95_ms", "server_loop_lag",
                                       "saves", "journal", "collections", "load_average",
                                       "cpu_pressure", "errors")},
            }  # fmt: skip
            print(json.dumps({"step": step}), file=sys.stderr, flush=True)
            p95 = step["play_to_seats"].get("p95_ms", float("inf"))
            if number == 0:
                emit_first(step, got, args)
            if p95 > 50:
                limit = f"the p95 went over 50 ms at {tables} tables"
                break
            held.append(step)
            if got["server_cpu_share"] >= 0.95:
                limit = f"the server used a whole core at {tables} tables"
                break
            if (got["client_lag_p95_ms"] or 0) > 20:
                limit = f"the load generators fell behind at {tables} tables"
                break
    best = held[-1] if held else None
    figure(
        "human_tables_per_core",
        best["tables"] if best else 0,
        "tables",
        goal=">= 500",
        stopped_by=limit,
        think_s=list(args.think),
        listen_s=list(args.listen),
        at_a_whole_core=round(best["tables"] / best["server_cpu_share"]) if best else None,
        steps=held,
        cores=os.cpu_count(),
    )


def save_cost() -> None:
    """save_ms: one save of a table mid-round, alone, as the server makes it: the
    snapshot built and encoded by ``TableStore.text_of`` (the random states' texts
    kept from the save before, as at every step but a deal's), then written."""
    from types import SimpleNamespace

    from sniff.bots import make_bot
    from sniff.engine import ACTIVE, Game, Phase, observe, preset
    from sniff.enums import SeatKind
    from sniff.server.store import TableStore, _replace
    from sniff.session.game import GameSession
    from sniff.storage import SaveState
    from sniff.storage.records import PlayerInfo

    game = Game(preset("sniff"), 4, seed=3)
    people = tuple(PlayerInfo(f"P{i}", SeatKind.HUMAN) for i in range(4))
    session = GameSession(SaveState(game, people, seed=3), {}, human=None)
    greedy = make_bot("greedy", seed=1)
    while len(game.log) < 60 and game.phase is not Phase.GAME_OVER:
        if game.phase in ACTIVE:
            session.act(game.current, greedy.choose(observe(game, game.current)))
        else:
            session.next_round()
    host = SimpleNamespace(
        code="BENCH000", seats=[], timer=0, started=True, owner="", session=session
    )
    with tempfile.TemporaryDirectory(prefix="sniff-bench-save-") as folder:
        store = TableStore(Path(folder))
        text = store.text_of(host)  # type: ignore[arg-type]
        started = time.perf_counter()
        for _ in range(300):
            text = store.text_of(host)  # type: ignore[arg-type]
        built = (time.perf_counter() - started) / 300
        started = time.perf_counter()
        for n in range(300):
            _replace(store.path(f"T{n % 50:07d}"), text)
        written = (time.perf_counter() - started) / 300
        store.close()
    figure("save_ms", round((built + written) * 1e3, 3), "ms", built_ms=round(built * 1e3, 3),
           written_ms=round(written * 1e3, 3), events=len(game.log), bytes=len(text.encode()),
           load_average=load_average(), cpu_pressure=cpu_pressure())  # fmt: skip


def emit_first(step: dict[str, Any], got: dict[str, Any], args: argparse.Namespace) -> None:
    """The figures of the first step: 200 tables, 800 connections (``--quick``: 100)."""
    common = {"tables": step["tables"], "connections": step["connections"],
              "think_s": list(args.think), "listen_s": list(args.listen), "cores": os.cpu_count(),
              "clients": args.clients, "load_average": step["load_average"],
              "cpu_pressure": step["cpu_pressure"]}  # fmt: skip
    latency = step["play_to_seats"]
    figure("play_to_seats_p95_ms", latency.get("p95_ms", float("nan")), "ms", goal="<= 50",
         **latency, server_loop_lag=step["server_loop_lag"], saves=step["saves"],
         server_stuck=got["server_stuck"], **common)  # fmt: skip
    figure("server_cpu_per_action_ms", step["cpu_per_action_ms"], "ms", goal="<= 1",
         actions_per_s=step["actions_per_s"], server_cpu_share=step["server_cpu_share"],
         **common)  # fmt: skip
    journal = step["journal"]
    figure("journal_step_p95_ms", journal["step_p95_ms"], "ms", goal="<= 0.2", **journal,
         **common)  # fmt: skip
    comebacks = got["comebacks"] or {"times": [], "missed_events": []}
    resume = spread(comebacks["times"])
    missed = comebacks["missed_events"]
    figure("resume_ms", resume.get("p95_ms", float("nan")), "ms", goal="<= 1000", **resume,
         away_s=args.away, missed_events_max=max(missed, default=0),
         **common)  # fmt: skip


def master_tables(args: argparse.Namespace) -> None:
    """master_tables: one person and three master bots a table, stepped up."""
    decisions = 1 if args.smoke else 10 if args.quick else 120
    alone = master_alone(decisions)
    alone_limited = master_alone(decisions, time_limit=BOT_TIME)
    steps = [1] if args.smoke else [4] if args.quick else [1, 5, 10, 20, 30]
    window = min(5.0, args.window) if args.quick else 2 * args.window
    settle = min(2.0, 2 * args.settle) if args.quick else 3 * args.settle
    deadline = time.monotonic() + args.budget
    held: list[dict[str, Any]] = []
    limit = "the last step"
    first_p95: float | None = None
    with running(args) as (server, clients):
        tables = 0
        for target in steps:
            if time.monotonic() > deadline:
                limit = f"the time budget ({args.budget:.0f} s)"
                break
            clients.open(target - tables, "master")
            tables = target
            time.sleep(settle)
            got = measure(server, clients, window)
            step = {
                "tables": tables,
                "decisions": spread(got["decisions"]),
                "waits_after_hearing": spread(got["waits"]),
                **{k: got[k] for k in ("server_cpu_share", "workers_cpu_share", "games",
                                       "client_lag_p95_ms", "load_average", "cpu_pressure",
                                       "errors")},
            }  # fmt: skip
            print(json.dumps({"step": step}), file=sys.stderr, flush=True)
            held.append(step)
            p95 = step["decisions"].get("p95_ms", float("inf"))
            first_p95 = p95 if first_p95 is None else first_p95
            if p95 > max(1000.0, 4 * first_p95):
                limit = f"the decisions' p95 was 4 times one table's at {tables} tables"
                break
    within = [s["tables"] for s in held if s["decisions"].get("p95_ms", 1e9) <= 250]
    unhurried = [
        s["tables"] for s in held if s["decisions"].get("p95_ms", 1e9) <= 1.25 * (first_p95 or 0)
    ]
    figure(
        "master_tables",
        max(within, default=0),
        "tables",
        goal=">= 20 with the decisions' p95 <= 250 ms",
        without_waiting_for_workers=max(unhurried, default=0),
        master_alone=alone,
        master_alone_within_bot_time=alone_limited,
        bot_time_s=BOT_TIME,
        stopped_by=limit,
        think_s=list(args.think),
        listen_s=list(args.listen),
        cores=os.cpu_count(),
        workers=os.cpu_count(),
        steps=held,
    )


def master_alone(decisions: int, time_limit: float | None = None) -> dict[str, Any]:
    """The master's own decision times in 4-seat ``sniff`` games (four masters, in this
    process, no server, no pool): what no server can make shorter; with *time_limit*,
    as the server's bots think (``sniff serve --bot-time``)."""
    from sniff.bots import make_bot
    from sniff.engine import ACTIVE, Game, observe, preset

    times: list[float] = []
    deadline = time.monotonic() + 60
    seed = 0
    while len(times) < decisions and time.monotonic() < deadline:
        game = Game(preset("sniff"), 4, seed=seed)
        bots = [make_bot("master", seed=seed * 4 + i, time_limit=time_limit) for i in range(4)]
        while game.phase in ACTIVE and len(times) < decisions:
            obs = observe(game, game.current)
            started = time.perf_counter()
            action = bots[game.current].choose(obs)
            times.append(time.perf_counter() - started)
            game.apply(action)
        seed += 1
    return {**spread(times), "load_average": load_average()}


def leak_games(args: argparse.Namespace) -> None:
    """leak_games: seeded games, every frame of every seat and spectator checked."""
    games = 2 if args.smoke else 20 if args.quick else args.games
    parts = split(games, args.clients)
    commands, first = [], 0
    for part in parts:
        commands.append({"cmd": "leaks", "first": first, "last": first + part, "at_once": 20})
        first += part
    loads = [load_average()]
    with running(args, seed=1000, rate=1000) as (_server, clients):
        answers = clients.ask(commands)
    loads.append(load_average())
    leaks = [leak for a in answers for leak in a["leaks"]]
    figure(
        "leak_games",
        sum(a["games"] for a in answers),
        "games",
        goal="no leak",
        leaks=len(leaks),
        first_leaks=leaks[:5],
        frames_checked=sum(a["frames"] for a in answers),
        planted_leaks_caught=all(a["planted_caught"] for a in answers),
        seconds=max(a["seconds"] for a in answers),
        seeds="1000 + n",
        load_average=loads,
    )
    if leaks or not all(a["planted_caught"] for a in answers):
        raise SystemExit("a frame leaked what its seat may not know (see first_leaks)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="online play's figures (loopback only)")
    parser.add_argument("--quick", action="store_true", help="under 60 s, smaller loads")
    parser.add_argument(
        "--smoke", action="store_true", help="the least run that still measures every figure"
    )
    parser.add_argument("--only", choices=("human", "master", "leaks"), action="append")
    parser.add_argument("--clients", type=int, default=2, help="load generator processes")
    parser.add_argument("--think", type=_pair, default=(1.0, 3.0), metavar="FROM,TO",
                        help="seconds a person thinks before acting")  # fmt: skip
    parser.add_argument("--listen", type=_pair, default=(1.0, 2.0), metavar="FROM,TO",
                        help="seconds until a step is heard")  # fmt: skip
    parser.add_argument("--window", type=float, default=20.0, help="seconds measured per step")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--most-tables", type=int, default=2000, help="the human load's cap")
    parser.add_argument("--games", type=int, default=1000, help="leak games (full run)")
    parser.add_argument("--budget", type=float, default=240.0, help="seconds per stepped load")
    parser.add_argument(
        "--what-if",
        choices=("no-snapshots", "sync-apart", "saves-threaded", "gc-freeze"),
        action="append",
        help="not the server as shipped (every figure says so): no table saved, "
        "the files synced in a thread of their own, every save in a worker thread, or "
        "the cycle collector frozen a second time (the server already does)",
    )
    args = parser.parse_args(argv)
    args.first_tables, args.away = 100, AWAY
    if args.quick:
        args.settle, args.away = 1.5, AWAY / 2
    if args.smoke:  # (a test runs it: two tables, quick people, a second each)
        args.quick, args.first_tables, args.settle, args.window = True, 2, 0.2, 0.8
        args.away = AWAY / 8
        args.think, args.listen, args.clients = (0.05, 0.2), (0.02, 0.05), 1
    if args.what_if:
        WHAT_IF["what_if"] = f"{', '.join(args.what_if)}: not the server as shipped"
    only = args.only or ["human", "master", "leaks"]
    if "human" in only:
        save_cost()
        human_tables(args)
    if "master" in only:
        master_tables(args)
    if "leaks" in only:
        leak_games(args)


def _pair(text: str) -> tuple[float, float]:
    low, high = (float(x) for x in text.split(","))
    return low, high


if __name__ == "__main__":
    main()
