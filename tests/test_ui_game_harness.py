"""Drive the real keyboard game from tests: a pipe for keys, a recording voice.

Not a test module of its own (it holds one self-check): the game tests import
:class:`Driver` from here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from sniff.commands.common import screen_openers
from sniff.commands.play import options_from_args, play_parser
from sniff.engine import Claimed, Game, Move, MugginsCalled, Phase, Played, RoundEnded
from sniff.i18n import translator
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.session.game import GameSession
from sniff.session.local import LocalGame
from sniff.storage import data_dir
from sniff.storage.lock import FolderLock
from sniff.ui.app import SniffApp, build_context
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.screen import GameScreen
from sniff.ui.start import start_screen

#: What a terminal sends for each key.
KEYS = {
    "left": "\x1b[D",
    "right": "\x1b[C",
    "up": "\x1b[A",
    "down": "\x1b[B",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "enter": "\r",
    "escape": "\x1b",
    "space": " ",
    "f1": "\x1bOP",
    "f2": "\x1bOQ",
    "f10": "\x1b[21~",
    "c-s": "\x13",
    "c-c": "\x03",
    "backspace": "\x7f",
    "pageup": "\x1b[5~",
    "pagedown": "\x1b[6~",
}


class Driver:
    """One run of the app: ``async with Driver([...]) as d: await d.press("h")``."""

    def __init__(
        self,
        argv: list[str] | None = None,
        *,
        playouts: int = 30,
        hint_playouts: int = 30,
        line_stream: Any = None,
        speech: Any = None,
    ) -> None:
        args = play_parser().parse_args(
            ["play", "--pace", "0", "--no-sound", "--speech", "none", *(argv or [])]
        )
        self.options = options_from_args(args)
        self.options.playouts = playouts
        self.options.hint_playouts = hint_playouts
        self.speech = speech if speech is not None else RecordingSpeech()
        self.tr = translator(self.options.language)
        self.ctx = build_context(
            self.options.settings,
            self.tr,
            screen_mode=self.options.screen,
            speech=self.speech,
            sound=NullPlayer(),
            line_stream=line_stream,
        )
        self.ctx.extra["file_settings"] = self.options.file_settings
        self.ctx.openers = screen_openers(hint_playouts=hint_playouts)
        self.sent = 0
        self.lock: FolderLock | None = None

    async def __aenter__(self) -> Driver:
        # As ``sniff play`` does: the data folder's lock for as long as the game runs.
        self.lock = FolderLock.acquire(data_dir())
        self.options.lock = self.lock
        self._pipe_cm = create_pipe_input()
        self.pipe = self._pipe_cm.__enter__()
        self.app = SniffApp(
            self.ctx, input=self.pipe, output=DummyOutput(), screen_mode=self.options.screen
        )
        self.task = asyncio.create_task(
            self.app.run_async(lambda host: start_screen(host, self.options))
        )
        await self.settle()
        return self

    async def __aexit__(self, *exc: object) -> None:
        if not self.task.done():
            self.app.exit()
            await asyncio.wait_for(self.task, 10)
        self._pipe_cm.__exit__(None, None, None)
        if self.lock is not None:
            self.lock.release()
        assert not self.app.errors, self.app.errors

    # -- reading ------------------------------------------------------------------

    @property
    def screen(self) -> GameScreen:
        for screen in reversed(self.app.stack):
            if isinstance(screen, GameScreen):
                return screen
        raise LookupError("no game screen")

    @property
    def local(self) -> LocalGame:
        game = self.screen.game
        assert isinstance(game, LocalGame)
        return game

    @property
    def session(self) -> GameSession:
        return self.local.session

    @property
    def game(self) -> Game:
        return self.local.session.game

    def my_turn(self) -> bool:
        """Whether the player (seat 0) is to act."""
        return self.screen.link.view().my_turn

    @property
    def cursor(self) -> HandCursor:
        return self.screen.cursor

    @property
    def texts(self) -> list[str]:
        return self.speech.texts

    def last(self) -> str:
        return self.speech.texts[-1]

    def busy(self) -> bool:
        try:
            screen = self.screen
        except LookupError:
            return False
        game = screen.game
        running = isinstance(game, LocalGame) and game.table.running
        return running or screen.listener.pacing or screen.hinter.busy

    # -- acting ---------------------------------------------------------------------

    async def settle(self, timeout: float = 20.0) -> None:
        """Wait until every key sent was handled and no bot or hint is working."""
        deadline = time.monotonic() + timeout
        quiet = 0
        while time.monotonic() < deadline:
            await asyncio.sleep(0.002)
            if self.task.done():
                return
            if self.app.handled >= self.sent and not self.busy():
                quiet += 1
                if quiet >= 3:
                    return
            else:
                quiet = 0
        raise TimeoutError(f"the app did not settle: {self.app.handled}/{self.sent} keys")

    async def press(self, *keys: str) -> None:
        """Send keys one by one, each handled before the next."""
        for key in keys:
            self.pipe.send_text(KEYS.get(key, key))
            self.sent += 1
            await self.settle()

    async def burst(self, keys: list[str], timeout: float = 20.0) -> None:
        """Send many keys at once (the fuzz), then wait until the app is quiet.

        Keys sent together may merge (Escape then ``[`` and ``A`` is Up), so
        this waits for the count of handled keys to stop moving instead.
        """
        self.pipe.send_text("".join(KEYS.get(k, k) for k in keys))
        deadline = time.monotonic() + timeout
        seen, still = -1, 0
        while time.monotonic() < deadline:
            await asyncio.sleep(0.003)
            if self.task.done():
                return
            if self.app.handled == seen and not self.busy():
                still += 1
                if still >= 8:
                    self.sent = self.app.handled
                    return
            else:
                seen, still = self.app.handled, 0
        raise TimeoutError("the app did not settle after a burst of keys")

    async def said_after(self, action: Callable[[], Awaitable[None]]) -> list[str]:
        """What was spoken while *action* ran."""
        start = len(self.speech.spoken)
        await action()
        return self.speech.texts[start:]

    async def play_turn(self) -> bool:
        """One step of a simple strategy, by keys: False when the game is over."""
        game = self.game
        if game.phase is Phase.GAME_OVER:
            return False
        if game.phase is Phase.ROUND_OVER:
            await self.press("enter")
            return True
        if not self.session.observe(0).my_turn:
            await self.settle()
            return True
        if game.phase is Phase.CLAIM:
            await self.press(*str(game.pending_points), "enter")
            return True
        if game.phase is Phase.MUGGINS:
            await self.press("y")
            return True
        moves = game.legal_moves()
        if not moves:
            await self.press("d" if game.can_draw() else "p")
            return True
        await self.play_move(moves[-1])
        return True

    async def play_move(self, move: Move) -> None:
        """Select *move*'s tile and end by arrows, then Enter."""
        index = self.cursor.hand.index(move.tile)
        await self.press("home", *["right"] * index)
        assert self.cursor.selected == move.tile
        choices = self.cursor.choices()
        steps = choices.index(move)
        await self.press(*["down"] * steps)
        assert self.cursor.chosen_move() == move
        await self.press("enter")


def scores_from_log(game: Game) -> list[int]:
    """Each side's score summed from the events alone (an invariant to check)."""
    scores = [0] * len(game.sides)
    for event in game.log:
        if (
            (isinstance(event, Played) and not game.rules.muggins)
            or (isinstance(event, Claimed) and event.correct)
            or isinstance(event, MugginsCalled)
        ):
            scores[game.side_of[event.player]] += event.points
        elif isinstance(event, RoundEnded):
            for side, points in enumerate(event.points):
                scores[side] += points
    return scores


def test_driver_starts_and_stops(tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))

    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "3"]) as d:
            assert d.game.players == 2
            assert d.texts

    asyncio.run(go())
