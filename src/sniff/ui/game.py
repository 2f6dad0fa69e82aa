"""The game screen: the table drawn, the keys bound, the bots' turns run.

:class:`GameScreen` is a :class:`~sniff.ui.base.Screen` around a
:class:`~sniff.ui.controller.GameController`. After a game over, Enter
starts a new game with the same settings through *new_game*.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import get_app_or_none
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension

from sniff.announce import Announcer, Utterance
from sniff.announce.game_ui import bot_name
from sniff.announce.keys import KeyTexts, key_name
from sniff.bots import Bot, make_bot
from sniff.engine import Event, Game, Observation, Phase, RuleSet
from sniff.storage import GameSnapshot, SaveState, restore
from sniff.storage.records import PlayerInfo, RecordWriter, event_to_json
from sniff.ui.base import Binding, UiContext
from sniff.ui.bindings import game_bindings
from sniff.ui.controller import GameController, rng_of
from sniff.ui.table import render_game
from sniff.ui.turns import BotRunner, Hinter

if TYPE_CHECKING:
    from sniff.storage import Settings
    from sniff.ui.app import SniffApp

__all__ = ["GameScreen", "RecordSink", "new_controller", "players_for", "resumed_controller"]


def _nothing() -> None:
    pass


class GameScreen:
    """One game (and the games after it) by keys."""

    def __init__(
        self,
        host: SniffApp,
        ctl: GameController,
        *,
        new_game: Callable[[Settings | None], GameController] | None = None,
        hint_playouts: int | None = None,
    ) -> None:
        self.host = host
        self.new_game_factory = new_game
        self.hint_playouts = hint_playouts
        self.ctl = ctl
        self.runner: BotRunner
        self.hinter: Hinter
        self._install(ctl)
        self._next_settings: Settings | None = None
        self._start_new = False
        self._bindings = self._make_bindings()
        self._control = FormattedTextControl(self._render)

    def _make_bindings(self) -> list[Binding]:
        tr = self.host.ctx.translator
        keys = KeyTexts(tr)
        out = game_bindings(self)
        # Digits have no binding of their own (unbound_key takes them): help names them.
        out.append(Binding((), lambda: key_name(tr, "digits"), keys.claim_digits, _nothing))
        return out

    def _install(self, ctl: GameController) -> None:
        self.ctl = ctl
        self.runner = BotRunner(ctl, self.host.spawn, self.host.ctx.settings.pace)
        self.hinter = Hinter(ctl, self.host.spawn, self.hint_playouts)
        ctl.on_change = self.host.invalidate
        ctl.after_action = self.runner.kick
        ctl.call_later = self.host.call_later
        ctl.new_game_factory = self._new_game

    # -- handlers the bindings call --------------------------------------------------------

    def act(self, action: Callable[[GameController], None]) -> Callable[[], None]:
        """A key that acts: it also skips the bots' waiting."""

        def handler() -> None:
            self.runner.skip()
            action(self.ctl)

        return handler

    def ask(self, query: Callable[[Announcer, Observation], Utterance]) -> Callable[[], None]:
        """An information key: the announcer's answer for the player's view now."""

        def handler() -> None:
            self.runner.skip()
            self.ctl.cancel_digit()
            self.ctl.say(query(self.ctl.announcer, self.ctl.obs()))

        return handler

    def hint(self) -> None:
        self.runner.skip()
        self.ctl.cancel_digit()
        self.hinter.request()

    def quit(self) -> None:
        self.runner.skip()
        if self.ctl.game.phase is Phase.GAME_OVER:
            self.host.exit()
        else:
            self.host.request_quit()

    def quit_question(self) -> Utterance:
        return self.ctl.texts.quit_question()

    def open_menu(self) -> None:
        """M or F10: the setup menu."""
        self.runner.skip()
        self.ctl.cancel_digit()
        from sniff.ui.menu import SetupMenuScreen

        self.ctl.save(quiet=True)
        self.host.show(SetupMenuScreen(self.host, on_done=self._menu_done))

    def _menu_done(self, settings: Settings, action: str = "back") -> None:
        """Back from the menu: speech settings act now; rules with the next game
        (at once when the player chose "new game")."""
        ctx = self.host.ctx
        ctx.settings = settings
        ctl = self.ctl
        if ctx.translator is not ctl.tr:
            ctl.set_translator(ctx.translator)
            self._bindings = self._make_bindings()
        ctl.announcer.verbosity = settings.verbosity  # type: ignore[assignment]
        self.runner.pace = settings.pace
        ctx.output.sound.set_enabled(settings.sounds)
        self._next_settings = settings
        if action == "new-game":
            self._start_new = True

    def _new_game(self) -> None:
        if self.new_game_factory is None:
            return
        self.ctl.close()
        ctl = self.new_game_factory(self._next_settings)
        self._install(ctl)
        ctl.start()

    def close(self) -> None:
        """The program ends: save the game in progress."""
        self.ctl.close()

    # -- Screen ---------------------------------------------------------------------------------

    def bindings(self) -> list[Binding]:
        return self._bindings

    def container(self) -> AnyContainer:
        return Window(self._control, wrap_lines=False, height=self._height)

    def _size(self) -> tuple[int, int]:
        app = get_app_or_none()
        width, height = 80, 24
        if app is not None:
            size = app.output.get_size()
            width, height = size.columns, size.rows
        return max(20, width), max(10, height)

    def _render(self) -> StyleAndTextTuples:
        width, height = self._size()
        return render_game(self.ctl, width, height)

    def _rows(self) -> int:
        return 1 + sum(text.count("\n") for _, text, *_ in self._render())

    def _height(self) -> Dimension:
        return Dimension.exact(self._rows())

    def message_rows(self) -> int:
        """The rows left for the messages below the table (the footer takes one)."""
        return max(3, self._size()[1] - self._rows() - 1)

    def enter(self) -> None:
        if self._start_new:
            self._start_new = False
            self._new_game()
        elif not self.ctl.started:
            self.ctl.start()
        else:
            self.ctl.where()
            self.runner.kick()

    def unbound_key(self, key: str) -> bool:
        self.runner.skip()
        ctl = self.ctl
        if len(key) == 1 and key.isdigit():
            ctl.digit(key)
            return True
        if key in ("c-h", "backspace"):
            return ctl.backspace()
        if key == "escape" and ctl.claim_digits:
            ctl.claim_digits = ""
            ctl.say(ctl.texts.claim_cleared())
            return True
        return False


# -- records and building games ----------------------------------------------------------


def players_for(levels: Sequence[str]) -> tuple[PlayerInfo, ...]:
    """The record's players: "You", then the bots by name (Anna, Ben, Clara),
    their kind and level in fields of their own."""
    players = [PlayerInfo("You", "human")]
    for seat, level in enumerate(levels, start=1):
        players.append(PlayerInfo(bot_name(seat), "bot", level))
    return tuple(players)


class RecordSink:
    """Writes a ``sniff-record/1`` file as the game goes; on resume it continues
    the file (cut back to the saved position if a crash left extra lines)."""

    def __init__(self, path: Path, writer: RecordWriter | None, stream: Any | None) -> None:
        self.path = path
        self._writer = writer
        self._stream = stream

    @classmethod
    def create(cls, path: Path, state: SaveState) -> RecordSink:
        game = state.game
        writer = RecordWriter(
            path, rules=game.rules, seed=state.seed, players=state.players, sides=game.sides
        )
        writer.write_all(game.log)
        return cls(path, writer, None)

    @classmethod
    def resume(cls, path: Path, state: SaveState) -> RecordSink:
        """Continue *path*: keep its header and the events up to the saved game's."""
        try:
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        except FileNotFoundError:
            lines = []
        if not lines:
            return cls.create(path, state)
        log = state.game.log
        kept = lines[: 1 + len(log)]
        with path.open("w", encoding="utf-8", newline="\n") as out:
            out.writelines(kept)
        sink = cls(path, None, path.open("a", encoding="utf-8", newline="\n"))
        # A record behind the save (it cannot be, but a hand-edited one may be) catches up.
        sink.write_all(log[len(kept) - 1 :])
        return sink

    def write_all(self, events: Sequence[Event]) -> None:
        """Append the lines of *events*, flushed at once."""
        if self._writer is not None:
            self._writer.write_all(events)
            return
        if self._stream is not None:
            for event in events:
                line = json.dumps(event_to_json(event), ensure_ascii=False, separators=(", ", ": "))
                self._stream.write(line + "\n")
            self._stream.flush()

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        if self._stream is not None:
            self._stream.close()
        self._writer = self._stream = None


def new_controller(
    ctx: UiContext,
    rules: RuleSet,
    levels: Sequence[str],
    *,
    seed: int | None = None,
    record_path: Path | None = None,
    save_path: Path | None = None,
    playouts: int | None = None,
) -> GameController:
    """A new game: the player in seat 0 against bots of *levels*."""
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    players = players_for(levels)
    game = Game(rules, len(players), seed=seed)
    state = SaveState(game, players, seed=seed)
    bots = {
        seat: make_bot(levels[seat - 1], seed=seed * 10 + seat, playouts=playouts)
        for seat in range(1, len(players))
    }
    record = None
    if record_path is not None:
        record = RecordSink.create(record_path.resolve(), state)
    return GameController(ctx, state, bots, save_path=save_path, record=record)


def resumed_controller(
    ctx: UiContext,
    snap: GameSnapshot,
    *,
    save_path: Path | None = None,
    playouts: int | None = None,
) -> GameController:
    """The saved game, exactly as it was (bots' generators and the record too)."""
    game, bot_states, ui = restore(snap)
    state = SaveState(game, snap.players, seed=snap.seed, actions=snap.actions)
    bots: dict[int, Bot] = {}
    for seat, player in enumerate(snap.players):
        if player.kind != "bot":
            continue
        bot = make_bot(player.level or "expert", seed=seat, playouts=playouts)
        saved = bot_states[seat] if seat < len(bot_states) else None
        if saved is not None:
            rng_of(bot).setstate(saved)
        bots[seat] = bot
    record = None
    record_file = ui.get("record")
    if isinstance(record_file, str) and record_file:
        record = RecordSink.resume(Path(record_file), state)
    ctl = GameController(ctx, state, bots, ui=ui, save_path=save_path, record=record, resumed=True)
    history = ui.get("history", [])
    if isinstance(history, list):
        for text in history:
            if isinstance(text, str):
                ctx.output.history.append(Utterance(text, kind="saved"))
    return ctl
