"""One online game with drops and returns at random moments, on a fake clock: the
piece that ``tests/test_server_drops.py`` plays a few of and
``benchmarks/bench_drops.py`` plays hundreds of.

A table of 2 to 4 seats (the first a person, the others people or bots) is
made on a real :class:`~sniff.server.app.SniffServer` in this event loop. Each
person is a terminal-protocol seat (:class:`netplay.Player`) or a page seat (a
words client: ``"words": true`` in its hello, in English or German), and a page
spectator may watch. Then, for a bounded number of moments, a person drops,
comes back with their token, or time passes (the drop notice, the grace, the
bots' pace), and every person here acts once and says what they heard.

What is looked at:

- every return: its ``state`` says where the seat was told up to (``seen``, not
  before what the connection that dropped knew), and its catch-up (the log after
  ``seen``) is exactly the record's events after it, as the seat may see them;
- a turn of a person nobody's connection holds is played by a bot after the
  grace, and no table stands still with nothing to wait for (a silent wait);
- every ``table``, ``state`` and ``step`` a page seat or spectator is told is
  followed by its ``say`` frame (never silence); a step of another seat that has
  events is said with words; no ``say`` says that the words failed.

The server's own errors (a traceback in the announcer, say) are counted by
:class:`ErrorLog` around the games. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from netplay import Player
from sniff.announce.online import OnlineWords
from sniff.engine import Phase, public_event
from sniff.i18n import translator
from sniff.net.codec import event_json
from sniff.server.app import SniffServer
from sniff.server.codes import shown_code
from sniff.session.clock import FakeClock
from sniff.session.policy import DROP_NOTICE, GRACE

__all__ = ["PRESETS", "ErrorLog", "Figures", "one_game", "plan_seats"]

#: The presets the games cycle through: the plain one, the two 4-seat partnership
#: ones, and the two whose rounds are led by the highest double.
PRESETS = ("sniff", "sniff-us", "sniff-stubby", "muggins", "alle-fuenfe")
#: The most moments of one game (each a drop, a return or time passing, and a turn).
MOMENTS = 600
#: Moments in a row with nothing new in the game before the table counts as silent.
STILL = 40
NAMES = ("Ada", "Ben", "Cleo", "Dan")


@dataclass
class Figures:
    """What the games showed (added up over games with ``+=``)."""

    games: int = 0
    finished: int = 0  # played to the end within MOMENTS
    events: int = 0
    drops: int = 0
    returns: int = 0
    page_returns: int = 0
    silent: int = 0  # a table that waited with nobody to wait for
    catch_up_wrong: int = 0  # a return told a catch-up other than the record's
    page_frames: int = 0  # table, state and step frames told to page seats and spectators
    words_missing: int = 0  # ... not followed by their say frame
    words_empty: int = 0  # another seat's step with events, said with no words
    words_failed: int = 0  # a say that the words failed (the server's fault, said)
    problems: list[str] = field(default_factory=list)  # the first few, described

    def __iadd__(self, other: Figures) -> Figures:
        for item in fields(self):
            mine = getattr(self, item.name)
            setattr(self, item.name, mine + getattr(other, item.name))
        del self.problems[10:]
        return self

    def note(self, what: str, problem: str) -> None:
        setattr(self, what, getattr(self, what) + 1)
        if len(self.problems) < 10:
            self.problems.append(f"{what}: {problem}")

    def counts(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "problems"}


class ErrorLog(logging.Handler):
    """Every log record of level ERROR or above (a traceback logged by the server, a
    task that failed), from any logger, while it is installed (``with``)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def __enter__(self) -> ErrorLog:
        logging.getLogger().addHandler(self)
        return self

    def __exit__(self, *exc: object) -> None:
        logging.getLogger().removeHandler(self)

    def described(self) -> list[str]:
        out = []
        for record in self.records[:5]:
            kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
            out.append(f"{record.name}: {record.getMessage()} {kind}".strip())
        return out


@dataclass
class _Seat:
    """One person's seat: who is at it now (None: away), and how to come back."""

    index: int
    name: str
    page: bool
    language: str
    player: Player | None = None
    token: str = ""
    knew: int = 0  # the ``at`` the connection that dropped last knew
    gone: list[Player] = field(default_factory=list)  # connections that dropped


def plan_seats(preset: str, rng: random.Random, pages: float) -> list[str]:
    """The seats: 4 for a partnership preset, else 2 to 4; the first a person; each
    other a person (terminal or page) or a quick bot. Page seats are ``page-en`` or
    ``page-de``."""
    count = 4 if preset in ("sniff-us", "sniff-stubby") else rng.randint(2, 4)
    seats = []
    for index in range(count):
        if index > 0 and rng.random() < 0.4:
            seats.append(rng.choice(("greedy", "random")))
        elif rng.random() < pages:
            seats.append(rng.choice(("page-en", "page-de")))
        else:
            seats.append("person")
    if count > 2 and all(s in ("greedy", "random") for s in seats[1:]):
        seats[1] = "person"  # (someone to drop besides the host)
    return seats


async def _settle(people: list[_Seat], game: Any) -> None:
    """Until every person here has been told the game as it stands (bounded)."""
    for _ in range(50):
        await asyncio.sleep(0.002)
        if all(s.player is None or s.player.at >= len(game.log) for s in people):
            break
    await asyncio.sleep(0.002)


def _got(player: Player, *kinds: str) -> Callable[[], bool]:
    """Whether *player* was sent a frame of one of *kinds* (for its bounded waits)."""
    return lambda: any(frame["type"] in kinds for frame in player.frames)


async def _open(url: str, seat: _Seat) -> Player:
    player = Player(url, seat.name, language=seat.language, plays=False, words=seat.page)
    await player.open()
    return player


def _check_return(figures: Figures, seat: _Seat, back: Player, game: Any) -> None:
    """The catch-up of a seat back: from where it was told up to, the record's events."""
    states = back.of("state")
    if len(states) != 1:
        figures.note("catch_up_wrong", f"{seat.name}: {len(states)} states on return")
        return
    state = states[0]
    seen, at = state.get("seen"), state["at"]
    if seen is None or not seat.knew <= seen <= at:
        figures.note("catch_up_wrong", f"{seat.name}: knew {seat.knew}, seen {seen}, at {at}")
        return
    told = state["log"][seen:]
    shown = (public_event(e, seat.index) for e in game.log[seen:at])
    record = [event_json(e) for e in shown if e is not None]
    if told != record:
        figures.note("catch_up_wrong", f"{seat.name}: told {told[:2]}, record {record[:2]}")


def _check_words(figures: Figures, player: Player, seat: int | None) -> None:
    """A page seat's or spectator's frames: each table, state and step followed by its
    say; another's step with events said with words; no say that the words failed."""
    failed = OnlineWords(translator(player.language)).words_failed().text
    frames = player.frames
    for number, frame in enumerate(frames):
        kind = frame["type"]
        if kind == "say" and any(item["text"] == failed for item in frame["items"]):
            figures.note("words_failed", f"{player.name} after frame {number}")
        if kind not in ("table", "state", "step"):
            continue
        figures.page_frames += 1
        if number + 1 == len(frames):
            continue  # (the connection dropped before its say came: not silence)
        follow = frames[number + 1]
        if follow["type"] != "say" or "screen" not in follow:
            figures.note("words_missing", f"{player.name}: {kind} then {follow['type']}")
        elif kind == "step" and frame["events"] and frame["actor"] != seat and not follow["items"]:
            figures.note("words_empty", f"{player.name}: {frame['events'][:2]}")


async def one_game(
    server: SniffServer,
    url: str,
    clock: FakeClock,
    rng: random.Random,
    *,
    preset: str = "sniff",
    pages: float = 0.5,
    spectator: bool = False,
    target: int = 50,
) -> Figures:
    """One game of *preset* with drops and returns (see the module docstring); *pages*:
    the share of people at page seats; *spectator*: a page watches the whole game."""
    figures = Figures(games=1)
    plan = plan_seats(preset, rng, pages)
    people = [
        _Seat(i, NAMES[i], kind.startswith("page"), kind[5:] if kind.startswith("page") else "en")
        for i, kind in enumerate(plan)
        if kind == "person" or kind.startswith("page")
    ]
    seats = ["person" if s.startswith("page") else s for s in plan]
    host_seat = people[0]
    host_seat.player = first = await _open(url, host_seat)
    await first.send({"type": "create", "name": first.name, "preset": preset, "seats": seats,
                      "target": target})  # fmt: skip
    await first.wait_for(lambda: first.code is not None)
    assert first.code is not None
    hosted = next(t for t in server.tables.values() if shown_code(t.code) == first.code)
    watcher = None
    if spectator:
        watcher = Player(url, "Zoe", language=rng.choice(("en", "de")), plays=False, words=True)
        await watcher.open()
        await watcher.send({"type": "watch", "code": first.code})
        await watcher.wait_for(lambda: watcher is not None and bool(watcher.of("state")))
    for seat in people[1:]:
        seat.player = joiner = await _open(url, seat)
        await joiner.send({"type": "join", "code": first.code, "name": seat.name})
        await joiner.wait_for(_got(joiner, "seated", "error"))
    for seat in people:
        assert seat.player is not None and seat.player.seat == seat.index, (seat, plan)
        seat.token = seat.player.token or ""
    game = hosted.session.game
    last, still = -1, 0
    for _ in range(MOMENTS):
        if game.phase is Phase.GAME_OVER or hosted.ended:
            figures.finished = 1
            break
        seat = rng.choice(people)
        roll = rng.random()
        if seat.player is not None and roll < 0.12:
            seat.knew = seat.player.at
            await seat.player.close()
            seat.gone.append(seat.player)
            seat.player = None
            figures.drops += 1
        elif seat.player is None and roll < 0.45:
            back = await _open(url, seat)
            await back.send({"type": "resume", "token": seat.token})
            await back.wait_for(_got(back, "state", "error"))
            if back.of("error"):  # (the game ended meanwhile: the seat is no longer kept)
                await back.close()
                seat.gone.append(back)
                continue
            _check_return(figures, seat, back, game)
            seat.player = back
            figures.returns += 1
            figures.page_returns += seat.page
        elif roll < 0.75:
            await _time_passes(figures, clock, people, game)
        clock.advance(0.7)  # (the bots' pace, and the drop notice in time)
        for here in people:  # each person here acts once, and says what they heard
            if here.player is not None and here.page:
                await _keys(here.player, rng)  # (a page plays by its keys)
        await _settle(people, game)
        for here in people:
            player = here.player
            if player is not None:
                player.plays = True
                await player.act_if_due()
                player.plays = False
                await player.send({"type": "heard", "at": player.at})
        await _settle(people, game)
        still = still + 1 if len(game.log) == last else 0
        last = len(game.log)
        if still >= STILL:
            figures.note("silent", f"{preset} {plan}: still at {last}, phase {game.phase}")
            break
    figures.events = len(game.log)
    for seat in people:
        if seat.player is not None:
            await seat.player.close()
            seat.gone.append(seat.player)
        for player in seat.gone:
            if player.words:
                _check_words(figures, player, seat.index)
    if watcher is not None:
        await watcher.close()
        _check_words(figures, watcher, None)
    return figures


#: The page's keys that change nothing at the table: choosing a tile and an end, the
#: facts, saying again, a digit, a claim's digits taken back.
LOOKING = ("left", "right", "home", "end", "up", "down", "h", "e", "c", "l", "s", "i", "b",
           "t", "g", "a", "w", "r", "backspace", "escape", "3", "x")  # fmt: skip


async def _keys(player: Player, rng: random.Random) -> None:
    """What a page seat does at a moment: a few keys that look around, then, on its
    turn or after a round, Enter (the selected play, or ready). Where Enter does not
    act (nothing fits, a claim to type), the scripted act that follows does."""
    for _ in range(rng.randrange(3)):
        await player.send({"type": "key", "key": rng.choice(LOOKING), "at": player.at})
    view = player.view
    if view is None or player.seat is None:
        return
    if view["phase"] == "round-over" or (view["current"] == player.seat and view["legal"]):
        await player.send({"type": "key", "key": "enter", "at": player.at})


async def _time_passes(figures: Figures, clock: FakeClock, people: list[_Seat], game: Any) -> None:
    """The drop notice and the grace pass: the turn of a person nobody's connection
    holds is then a bot's, played within a bounded while (else a silent wait)."""
    before = len(game.log)
    current = game.current if game.phase not in (Phase.ROUND_OVER, Phase.GAME_OVER) else None
    clock.advance(DROP_NOTICE + GRACE + 1)
    await _settle(people, game)
    away = {s.index for s in people if s.player is None}
    if current is None or current not in away:
        return
    for _ in range(100):
        if len(game.log) > before or game.phase is Phase.GAME_OVER:
            return
        clock.advance(0.5)  # (the bots' pace between steps runs on it too)
        for here in people:  # (and each person here says what they heard)
            if here.player is not None:
                await here.player.send({"type": "heard", "at": here.player.at})
        await asyncio.sleep(0.01)
    figures.note("silent", f"seat {current} away, its turn unplayed at {len(game.log)}")
