"""Bot-only games, many at a time, with a summary (``sniff simulate``).

Game *i* of a run uses the seed ``seed + i``; each seat's bot gets the seed
``game_seed * 16 + seat``, so the same options always give the same games,
byte-identical records and the same summary. Games depend on nothing but
their seed, so several processes can play them (``jobs``): the results are
collected in game order and come out the same whatever the number of jobs.
"""

from __future__ import annotations

import json
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

from sniff.bots import Bot
from sniff.engine import Game, GameEnded, Passed, Phase, Played, RoundEnded, RuleSet
from sniff.enums import BotLevel, SeatKind, values
from sniff.session.game import BotFactory, GameSession
from sniff.session.keeping import Recorder, RecordSink
from sniff.session.table import Table
from sniff.storage import SaveState
from sniff.storage.records import PlayerInfo

DEFAULT_MAX_ROUNDS = 200
#: Seconds the first process waits at a time for the workers' results (see _play_all).
WAKE_EVERY = 0.2


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of *seat*'s bot in the game seeded *game_seed* (seats are < 16)."""
    return game_seed * 16 + seat


def record_paths(path: Path, games: int) -> list[Path]:
    """Where each game's record goes: *path* itself for one game, else
    ``stem-001.suffix``, ``stem-002.suffix``... (wider numbers past 999)."""
    if games == 1:
        return [path]
    width = max(3, len(str(games)))
    return [path.with_name(f"{path.stem}-{i:0{width}d}{path.suffix}") for i in range(1, games + 1)]


@dataclass
class GameResult:
    """What one simulated game came to."""

    seed: int
    winner: int | None  # a side; None if the game was stopped at the round limit
    scores: tuple[int, ...]
    rounds: int
    plays: int
    turns: int  # plays and passes: every turn ends with one of them


def play_game(
    rules: RuleSet,
    levels: Sequence[str],
    seed: int,
    *,
    make_bot: BotFactory | None = None,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    record: Path | None = None,
) -> GameResult:
    """Play one game between bots of *levels* (one per seat), optionally recorded."""
    session = GameSession.new(
        rules, levels, seed=seed, human=False, bot_seed=bot_seed, bot_factory=make_bot
    )
    recorder = None
    if record is not None:
        recorder = Recorder(RecordSink.create(record, session), _raise)
        session.listeners.append(recorder)
    table = Table(session)
    table.max_rounds = max_rounds
    try:
        table.play_now()
    finally:
        if recorder is not None:
            recorder.close()
    log = session.game.log
    return GameResult(
        seed=seed,
        winner=next((e.winner for e in log if isinstance(e, GameEnded)), None),
        scores=tuple(session.game.scores),
        rounds=sum(isinstance(e, RoundEnded) for e in log),
        plays=sum(isinstance(e, Played) for e in log),
        turns=sum(isinstance(e, (Played, Passed)) for e in log),
    )


def play_between(
    rules: RuleSet,
    bots: Sequence[Bot],
    *,
    seed: int,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    game: Game | None = None,
) -> Game:
    """Play a game of *rules* between these *bots* (one per seat) through the one game
    loop and return it (benchmarks and tests that bring their own bots). Each bot is
    handed only its own observation. The game is made from *rules* and *seed*, unless
    one already made is given (for a benchmark that watches it as it is played).
    Raises RuntimeError when no side wins in *max_rounds* rounds.

    >>> from sniff.bots import make_bot
    >>> from sniff.engine import preset
    >>> bots = [make_bot("greedy", seed=s) for s in (1, 2)]
    >>> game = play_between(preset("alle-fuenfe"), bots, seed=7)
    >>> game.phase.value, max(game.scores) >= game.target
    ('game-over', True)
    """
    if game is None:
        game = Game(rules, len(bots), seed=seed)
    players = tuple(
        PlayerInfo(f"Bot {seat + 1}", SeatKind.BOT, str(getattr(bot, "level", "bot")))
        for seat, bot in enumerate(bots)
    )
    session = GameSession(SaveState(game, players, seed=seed), dict(enumerate(bots)), human=None)
    table = Table(session)
    table.max_rounds = max_rounds
    table.play_now()
    if game.phase is not Phase.GAME_OVER:
        raise RuntimeError(f"no winner after {max_rounds} rounds")
    return game


def _raise(what: str, error: Exception) -> None:
    """A record that cannot be written ends a simulation: its records are what it is for."""
    raise error


@dataclass
class Summary:
    """The figures of a simulation run."""

    preset: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    levels: tuple[str, ...]
    seed: int
    max_rounds: int
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def unfinished(self) -> int:
        return sum(r.winner is None for r in self.results)

    @property
    def rounds(self) -> int:
        return sum(r.rounds for r in self.results)

    def wins_per_side(self) -> list[int]:
        return [sum(r.winner == side for r in self.results) for side in range(len(self.sides))]

    def wins_per_seat(self) -> list[int]:
        """A seat is credited with each win of its side."""
        per_side = self.wins_per_side()
        return [
            next(per_side[i] for i, side in enumerate(self.sides) if seat in side)
            for seat in range(self.players)
        ]

    def points_per_round(self) -> list[float]:
        """Each side's average score change per round, over all games."""
        rounds = max(self.rounds, 1)
        return [
            sum(r.scores[side] for r in self.results) / rounds for side in range(len(self.sides))
        ]

    def to_json(self) -> dict[str, Any]:
        rounds = max(self.rounds, 1)
        return {
            "preset": self.preset,
            "players": self.players,
            "bots": list(self.levels),
            "seed": self.seed,
            "sides": [list(side) for side in self.sides],
            "games": self.games,
            "finished": self.games - self.unfinished,
            "unfinished": self.unfinished,
            "max_rounds": self.max_rounds,
            "wins_per_seat": self.wins_per_seat(),
            "wins_per_side": self.wins_per_side(),
            "points_per_round": [round(p, 2) for p in self.points_per_round()],
            "plays_per_round": round(sum(r.plays for r in self.results) / rounds, 2),
            "turns_per_round": round(sum(r.turns for r in self.results) / rounds, 2),
            "rounds_per_game": round(self.rounds / max(self.games, 1), 2),
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False)


def parse_levels(text: str | None, players: int) -> tuple[str, ...]:
    """``expert,greedy`` -> one level per seat; one level applies to every seat."""
    levels: list[str] = (
        [BotLevel.GREEDY] if not text else [part.strip() for part in text.split(",")]
    )
    for level in levels:
        if level not in values(BotLevel):
            known = ", ".join(values(BotLevel))
            raise ValueError(f"unknown bot level {level!r}; choose from {known}")
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise ValueError(f"--bots lists {len(levels)} levels for {players} players")
    return tuple(levels)


def simulate(
    rules: RuleSet,
    levels: Sequence[str],
    *,
    games: int,
    seed: int,
    max_rounds: int = DEFAULT_MAX_ROUNDS,
    record: Path | None = None,
    make_bot: BotFactory | None = None,
    jobs: int = 1,
    on_game: Callable[[int], None] | None = None,
) -> Summary:
    """Play *games* bot games (game *i* seeded ``seed + i``) and sum them up.

    *jobs* processes play them (1: this process alone); *make_bot*, when given,
    must then be picklable (a class or a module-level function). *on_game* is
    called with the number of games done so far, after each game, in order.
    """
    players = len(levels)
    rules.check_players(players)
    if games < 1:
        raise ValueError("play at least one game")
    if max_rounds < 1:
        raise ValueError("--max-rounds must be at least 1")
    if jobs < 1:
        raise ValueError("--jobs must be at least 1")
    paths: list[Path | None] = (
        list(record_paths(record, games)) if record is not None else [None] * games
    )
    summary = Summary(
        preset=rules.preset,
        players=players,
        sides=tuple(tuple(side) for side in rules.sides(players)),
        levels=tuple(levels),
        seed=seed,
        max_rounds=max_rounds,
    )
    tasks = [
        _Task(rules, tuple(levels), seed + i, make_bot, max_rounds, paths[i]) for i in range(games)
    ]
    for done, result in enumerate(_play_all(tasks, jobs), start=1):
        summary.results.append(result)
        if on_game is not None:
            on_game(done)
    return summary


@dataclass(frozen=True)
class _Task:
    """One game to play, as a worker process receives it."""

    rules: RuleSet
    levels: tuple[str, ...]
    seed: int
    make_bot: BotFactory | None
    max_rounds: int
    record: Path | None


def _play_task(task: _Task) -> GameResult:
    return play_game(
        task.rules,
        task.levels,
        task.seed,
        make_bot=task.make_bot,
        max_rounds=task.max_rounds,
        record=task.record,
    )


def _play_tasks(tasks: list[_Task]) -> list[GameResult]:
    """(In a worker) a chunk of tasks' results."""
    return [_play_task(task) for task in tasks]


def _ignore_interrupts() -> None:
    """Control C goes to the whole process group: the first process alone answers it
    (it stops the workers), so the player sees no traceback from each worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_all(tasks: list[_Task], jobs: int) -> Iterator[GameResult]:
    """Each task's result, in the tasks' order, played by up to *jobs* processes.

    Stopped early (Control C, or the results no longer wanted), the workers are
    killed at once: a ``multiprocessing.Pool`` told to stop while its workers
    wait for tasks or write results can wait for ever (its locks are shared with
    them), and Control C must end the command, not hang it. A process pool of
    ``concurrent.futures`` notices workers that died and lets go of them."""
    workers = min(jobs, len(tasks))
    if workers <= 1:
        yield from map(_play_task, tasks)
        return
    # "spawn" on every system: the same behaviour as on Windows and macOS, and no fork of
    # a process that may run threads (a speech engine, a test runner).
    context = multiprocessing.get_context("spawn")
    # Small chunks keep every worker busy to the end and the progress even; a few per
    # worker and round trip keep the traffic between the processes small.
    chunk = max(1, len(tasks) // (workers * 16))
    # Control C while the workers start must not reach them before they ignore it
    # (each would print a traceback): ignored here while the pool is made, so that they
    # start ignoring it. Where the system can, it is also held back meanwhile (blocked):
    # one that comes then is not lost but raised here once the pool is made; and the
    # pool's own threads, started meanwhile, keep it blocked, so it always reaches this
    # thread, the one that can stop the command.
    main = threading.current_thread() is threading.main_thread()
    hold = main and hasattr(signal, "pthread_sigmask")
    if hold:
        # (multiprocessing's resource tracker unblocks it once it has started: started
        # first, it cannot undo the hold)
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
    before = set(multiprocessing.active_children())
    pool: ProcessPoolExecutor | None = None
    ours: set[multiprocessing.process.BaseProcess] = set()
    try:
        try:
            pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)
            chunks = [
                pool.submit(_play_tasks, tasks[start : start + chunk])  # (the workers start)
                for start in range(0, len(tasks), chunk)
            ]
            ours = set(multiprocessing.active_children()) - before
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)
            if hold:  # (a Control C that came meanwhile is raised here: the workers go)
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        for future in chunks:
            # Waited for a moment at a time: where Control C cannot be held back, it may
            # reach one of the pool's own threads, and this one (which alone can stop the
            # command) sees it only once it is awake.
            while True:
                try:
                    results = future.result(timeout=WAKE_EVERY)
                except FutureTimeout:
                    continue
                break
            yield from results
    except BaseException:
        for worker in ours:
            worker.kill()
        if pool is not None:
            # (waited for: the pool lets go of the killed workers at once, and a pool
            # still letting go when the interpreter ends can print a traceback)
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
