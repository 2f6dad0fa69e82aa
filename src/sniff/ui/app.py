"""The keyboard application: a stack of screens on one prompt_toolkit Application.

:class:`SniffApp` implements :class:`~sniff.ui.base.Host`. The key bindings
are those of the top screen (each a :class:`~sniff.ui.base.Binding` with
spoken words) plus the keys every screen has: F1 or ? help built from the
bindings, R repeat, [ and ] through the messages, Q and Control C quit after
a yes/no question. A key no one takes goes to ``screen.unbound_key()``, and
if the screen does not want it either, its name is said with the invalid
earcon.

``--screen full`` draws the top screen's container full-screen;
``--screen line`` draws nothing but a prompt and appends every announcement
as a line of text above it, so a terminal screen reader reads each once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import traceback
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO, cast

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import DynamicKeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import DynamicContainer, HSplit, Layout, Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output import Output as PtOutput
from prompt_toolkit.styles import Style

from sniff.announce import Utterance
from sniff.announce.game_ui import GameTexts
from sniff.announce.keys import KeyTexts, help_part, invalid_key, key_name
from sniff.announce.notices import NoticeWords
from sniff.enums import Cue, ScreenMode, SpeechMode, SpeechOutput
from sniff.i18n import Translator
from sniff.output.lines import is_terminal
from sniff.output.setup import SpeechStarter, open_output, reader_reads_terminal
from sniff.output.sound.base import SoundPlayer
from sniff.output.speech.base import SpeechBackend
from sniff.output.speech.probe import ReaderSeen
from sniff.output.speech.reader import ReaderArrival
from sniff.output.terminal_lines import writer_for
from sniff.storage.settings import Settings
from sniff.ui.base import Binding, Screen, UiContext
from sniff.ui.confirm import ConfirmScreen
from sniff.ui.messages import MessageArea

__all__ = ["SniffApp", "build_context", "run_app"]

_log = logging.getLogger(__name__)
#: Seconds each of the app's closers may take when the program ends.
CLOSE_SECONDS = 5.0

#: High contrast: bright text on black, the selection reversed.
STYLE = Style.from_dict(
    {
        "": "#ffffff bg:#000000",
        "title": "bold #ffffff",
        "table": "bold #ffff00",
        "label": "bold #ffffff",
        "tile": "#ffffff",
        "playable": "bold #00ff00",
        "selected": "reverse bold",
        "choice": "bold #00ffff",
        "message": "#ffffff",
        "footer": "#c0c0c0",
        "question": "bold #ffff00",
    }
)

# Keys that are not keys a player pressed (terminal answers, mouse events).
_IGNORED = {Keys.CPRResponse, Keys.Vt100MouseEvent, Keys.WindowsMouseEvent, Keys.Ignore}


def _with_capitals(keys: tuple[str, ...]) -> list[str]:
    """A binding's keys, and each letter's capital too: keys work with Shift and Caps Lock."""
    out = list(keys)
    out += [key.upper() for key in keys if len(key) == 1 and key.isalpha() and key.islower()]
    return out


def _named_keys(keys: tuple[str, ...]) -> tuple[str, ...]:
    """A binding's keys that type no character ("f1", "pageup"; not "r" or "?")."""
    return tuple(key for key in keys if len(key) > 1)


def build_context(
    settings: Settings,
    translator: Translator,
    *,
    screen_mode: str = ScreenMode.FULL,
    transcript: str | None = None,
    audio_out: Path | None = None,
    speech: SpeechBackend | None = None,
    sound: SoundPlayer | None = None,
    line_stream: TextIO | None = None,
    screen_asked: bool = False,
) -> UiContext:
    """The screens' shared context: *settings*, *translator* and the output
    (:func:`sniff.output.setup.open_output`, whose arguments these are).

    While a screen reader reads this terminal the screen is drawn as lines, whatever
    *screen_mode* says: the reader reads every change of a full screen (measured with
    Orca: the whole message area again at each redraw). *screen_asked*: the player
    asked for the full screen on the command line, and hears why there is none.
    """
    reader = None
    if speech is None and line_stream is None and screen_mode == ScreenMode.FULL:
        reader = reader_reads_terminal()
        if reader is not None:
            screen_mode = ScreenMode.LINE
    if line_stream is None and screen_mode == ScreenMode.LINE:
        line_stream = sys.stdout  # nothing else writes there in line mode
        # Where the terminal's cursor stands, asked before the keyboard is read.
        writer_for(line_stream).locate()
    output = open_output(
        settings,
        translator,
        line_mode=screen_mode == ScreenMode.LINE,
        transcript=transcript,
        audio_out=audio_out,
        speech=speech,
        sound=sound,
        line_stream=line_stream,
    )
    ctx = UiContext(settings, translator, output)
    ctx.extra["screen_mode"] = screen_mode
    if reader is not None and screen_asked:
        output.say(NoticeWords(translator).reader_takes_lines(reader.name))
    if reader is None and screen_mode == ScreenMode.LINE and speech is None:
        reader = reader_reads_terminal()
    if reader is not None and settings.speech_mode == SpeechMode.VOICE:
        output.say(NoticeWords(translator).reader_and_voice(reader.name))
    if line_stream is not None:
        ctx.extra["line_stream"] = line_stream
    return ctx


class SniffApp:
    """The application: a stack of screens, their keys, one prompt_toolkit Application."""

    def __init__(
        self,
        ctx: UiContext,
        *,
        input: Input | None = None,
        output: PtOutput | None = None,
        screen_mode: str = ScreenMode.FULL,
    ) -> None:
        self.ctx = ctx
        # The context's screen wins: it was drawn as lines for a screen reader.
        screen_mode = str(ctx.extra.get("screen_mode", screen_mode))
        self.screen_mode = screen_mode
        self.stack: list[Screen] = []
        self.errors: list[BaseException] = []
        #: Run when the program ends, inside its loop (a server this game runs, stopped).
        self.closers: list[Callable[[], Awaitable[None]]] = []
        self._bindings: KeyBindings = KeyBindings()
        self._exiting = False
        self.handled = 0  # keys handled so far (tests wait for them)
        self._help_part = 0  # F1 steps through the help, a part at a time
        self._arrival: ReaderArrival | None = None  # looks for a screen reader started later
        full = screen_mode == ScreenMode.FULL
        if full:
            # Every screen's own drawing, then the messages (all that was said,
            # wrapped, newest at the bottom), then the footer.
            area = MessageArea(ctx.output, lambda: self.top, lambda: self.ctx.translator)
            body: AnyContainer = HSplit(
                [DynamicContainer(self._top_container), area.messages(), area.footer()]
            )
        else:
            # Line mode draws nothing: each announcement is a plain line of its own
            # (written by the output), and the cursor stays at the start of a line.
            body = Window()
            output = DummyOutput()
        self.application: Application[None] = Application(
            layout=Layout(HSplit([body])),
            key_bindings=DynamicKeyBindings(lambda: self._bindings),
            full_screen=full,
            style=STYLE,
            input=input,
            output=output,
        )
        # Escape alone must not wait half a second for a following key.
        self.application.ttimeoutlen = 0.05
        self.application.timeoutlen = 0.2
        ctx.output.on_change = self.invalidate

    @property
    def keys(self) -> KeyTexts:
        """The names and help of the keys every screen has, in the language spoken now:
        the setup menu may change it while the application runs."""
        return KeyTexts(self.ctx.translator)

    # -- Host ---------------------------------------------------------------------------

    @property
    def top(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def show(self, screen: Screen) -> None:
        """Put *screen* on top and announce it."""
        self.stack.append(screen)
        self._rebuild()
        self._guard(screen.enter)

    def back(self, *, announce: bool = True) -> None:
        """Leave the top screen; the one below says where the player is."""
        if self.stack:
            self.stack.pop()
        if not self.stack:
            self.exit()
            return
        self._rebuild()
        if announce:
            self._guard(self.stack[-1].enter)

    def dismiss(self, screen: Screen, *, announce: bool = True) -> None:
        """Take *screen* off the stack without ending the program when it was the last."""
        if screen in self.stack:
            self.stack.remove(screen)
        self._rebuild()
        if announce and self.stack:
            self._guard(self.stack[-1].enter)

    def exit_if_empty(self) -> None:
        """End the program when no screen is left."""
        if not self.stack:
            self.exit()

    def exit(self) -> None:
        """Close every screen (the game saves itself) and end the program."""
        if self._exiting:
            return
        self._exiting = True
        if self._arrival is not None:
            self._arrival.stop()
        for screen in reversed(self.stack):
            close = getattr(screen, "close", None)
            if callable(close):
                self._guard(close)
        if self.application.is_running:
            self.application.exit()

    def invalidate(self) -> None:
        if self.application.is_running:
            self.application.invalidate()

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> object:
        """Run *coroutine* as a background task; its errors are kept, not lost."""

        async def guarded() -> None:
            try:
                await coroutine
            except Exception as error:  # a task must not die silently
                self._failed(error)

        return self.application.create_background_task(guarded())

    def call_later(self, delay: float, callback: Callable[[], None]) -> object:
        loop = self.application.loop
        if loop is None:
            return None
        return loop.call_later(delay, lambda: self._guard(callback))

    def confirm(
        self,
        question: Utterance,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        """Ask a yes/no question (Y or Enter, N or Escape)."""
        self.show(ConfirmScreen(self, question, on_yes, on_no))

    def request_quit(self) -> None:
        """Q or Control C: ask first (a screen may ask its own question)."""
        top = self.top
        own = getattr(top, "ask_quit", None)
        if callable(own) and own():  # (the screen asks its own question, and acts on it)
            return
        ask = getattr(top, "quit_question", None)
        question = ask() if callable(ask) else None
        if question is None:
            question = GameTexts(self.ctx.translator).quit_plain()
        self.confirm(question, self.exit, self.stay)

    def stay(self) -> None:
        """N at a question before quitting: said, and the screen below takes up again
        (its prompt, if it waits for the player)."""
        self.ctx.output.say(GameTexts(self.ctx.translator).staying())
        if self.stack:
            self._guard(self.stack[-1].enter)

    # -- keys ------------------------------------------------------------------------------

    def refresh_keys(self) -> None:
        """The top screen's keys changed (a new game, another language): take them anew."""
        self._rebuild()

    def _rebuild(self) -> None:
        kb = KeyBindings()
        top = self.top
        if top is None:
            self._bindings = kb
            return
        own = top.bindings()
        taken: set[str] = set()
        for binding in [*own, *self._global_bindings(top)]:
            for key in _with_capitals(binding.keys):
                if key not in taken:  # the screen's own keys come first
                    taken.add(key)
                    kb.add(key)(self._handler(binding.handler))
        kb.add(Keys.Any)(self._unbound)
        self._bindings = kb
        self.invalidate()

    def _handler(self, handler: Callable[[], None]) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            self.handled += 1
            self._note_key(event)
            if handler != self.help:
                self._help_part = 0
            self._guard(handler)

        return handle

    def _note_key(self, event: KeyPressEvent) -> None:
        """Tell the lines which key their next words answer (a screen reader reads
        the terminal differently after a letter than after an arrow key)."""
        stream = self.ctx.extra.get("line_stream")
        if stream is None or not event.key_sequence:
            return
        key = event.key_sequence[0].key
        writer_for(cast(TextIO, stream)).key(key.value if isinstance(key, Keys) else str(key))

    def _global_bindings(self, top: Screen) -> list[Binding]:
        keys = self.keys
        out = [
            Binding(("f1", "?"), lambda: keys.label("f1", "?"), keys.help, self.help, "global"),
            Binding(("r",), lambda: keys.label("r"), keys.repeat, self.ctx.output.repeat, "global"),
            # Page Up and Page Down too: [ and ] need AltGr on German keyboards.
            Binding(
                ("[", "pageup"),
                lambda: keys.label("[", "pageup"),
                keys.older,
                lambda: self._step(-1),
                "global",
            ),
            Binding(
                ("]", "pagedown"),
                lambda: keys.label("]", "pagedown"),
                keys.newer,
                lambda: self._step(1),
                "global",
            ),
        ]
        if not getattr(top, "modal", False):
            out.append(
                Binding(
                    ("q", "c-c"), lambda: keys.label("q"), keys.quit, self.request_quit, "global"
                )
            )
        if getattr(top, "takes_text", False):
            # A line being typed (chat) takes every printable key: "r" is a letter there,
            # not "repeat"; F1 and the page keys still work.
            out = [replace(b, keys=named) for b in out if (named := _named_keys(b.keys))]
        return out

    def _step(self, delta: int) -> None:
        if self.ctx.output.step(delta) is None:
            self.ctx.output.sound.play(Cue.INVALID)
        self.invalidate()  # the message area shows the message reached

    def help(self) -> None:
        """F1: the keys of the top screen, a group at a time; F1 again for the next
        group, and after the last the keys every screen has (then it starts over)."""
        top = self.top
        if top is None:
            return
        own = top.bindings()
        taken = {key for binding in own for key in binding.keys}
        groups: dict[str, list[tuple[str, str]]] = {}
        for binding in own:
            groups.setdefault(binding.group, []).append((binding.label(), binding.description()))
        common = [
            (b.label(), b.description())
            for b in self._global_bindings(top)
            if not set(b.keys) <= taken
        ]
        parts = [group for group in [*groups.values(), common] if group]
        index = self._help_part % max(1, len(parts))
        self._help_part = index + 1
        self.ctx.output.say(help_part(self.ctx.translator, parts, index))

    def _unbound(self, event: KeyPressEvent) -> None:
        press = event.key_sequence[0]
        if press.key in _IGNORED:
            return
        self.handled += 1
        self._note_key(event)
        self._help_part = 0
        name = press.key.value if isinstance(press.key, Keys) else str(press.key)
        top = self.top
        used = False
        if top is not None:
            result: list[bool] = []
            self._guard(lambda: result.append(top.unbound_key(name)))
            used = bool(result and result[0])
        if not used:
            self.say_invalid(name)

    def say_invalid(self, name: str) -> None:
        """A key that does nothing here: its name, "F1 for help", the invalid earcon."""
        self.ctx.output.say(invalid_key(self.ctx.translator, key_name(self.ctx.translator, name)))

    # -- drawing -------------------------------------------------------------------------------

    def _top_container(self) -> AnyContainer:
        top = self.top
        if top is None:
            return Window()
        return top.container()

    # -- errors ---------------------------------------------------------------------------------

    def _guard(self, action: Callable[[], object]) -> None:
        """Run a key's action; an error is kept for the report, the game goes on."""
        try:
            action()
        except Exception as error:  # one broken key must not end the game
            self._failed(error)

    def _failed(self, error: BaseException) -> None:
        self.errors.append(error)
        _log.debug("error in the interface", exc_info=error)

    # -- running ---------------------------------------------------------------------------------

    async def run_async(self, first: Callable[[SniffApp], Screen]) -> None:
        """Run until the player quits, starting with the screen *first* builds."""
        self._exiting = False

        def start() -> None:
            self._watch_for_a_reader()
            self.show(first(self))

        await self.application.run_async(pre_run=start)

    def run(self, first: Callable[[SniffApp], Screen]) -> None:
        """:meth:`run_async` for a plain program. SIGTERM and SIGHUP (the terminal
        closed) end it as Q and Y would: the game is saved."""

        def start() -> None:
            self._on_signals()
            self._watch_for_a_reader()
            self.show(first(self))

        self._exiting = False

        async def main() -> None:
            try:
                await self.application.run_async(pre_run=start)
            except EOFError:
                # The terminal closed (its input ended): as SIGHUP, every screen is
                # closed and the game kept; no traceback.
                self.exit()
            # What must end inside the program's loop (a server this game runs tells its
            # tables first), a few seconds at most each.
            for closer in self.closers:
                try:
                    await asyncio.wait_for(closer(), CLOSE_SECONDS)
                except Exception as error:  # (the program ends all the same)
                    self._failed(error)

        asyncio.run(main())

    def _on_signals(self) -> None:
        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            number = getattr(signal, name, None)
            if number is None:
                continue  # Windows has no SIGHUP; closing the console ends the process
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, lambda: self._guard(self.exit))

    # -- a screen reader that starts after the game -------------------------------------

    def _watch_for_a_reader(self) -> None:
        """Look, while the game runs, for a screen reader that starts reading the
        terminal later (the player started Orca after the game): the game then takes
        the lines a reader reads and stops speaking over it."""
        output = self.ctx.output
        starter = output.starter
        if (
            not isinstance(starter, SpeechStarter)
            or starter.injected
            or not is_terminal(sys.stdout)
        ):
            return
        if self.screen_mode == ScreenMode.LINE and output.speaks_through(SpeechOutput.READER):
            return  # a reader reads it already (and the chain follows it)
        loop = asyncio.get_running_loop()

        def arrived(seen: ReaderSeen) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the game ended
                loop.call_soon_threadsafe(self._guard, lambda: self._reader_arrived(seen))

        self._arrival = ReaderArrival(arrived)

    def _reader_arrived(self, seen: ReaderSeen) -> None:
        if self._exiting:
            return
        output, ctx = self.ctx.output, self.ctx
        starter = output.starter
        if not isinstance(starter, SpeechStarter):
            return
        if self.screen_mode == ScreenMode.FULL:
            self._draw_lines_from_now_on()
        starter.take_lines(sys.stdout)
        ctx.extra["line_stream"] = sys.stdout
        # The reader heard no key yet: the lines go below what is on the screen.
        writer_for(sys.stdout).key("")
        output.restart_speech(ctx.settings, ctx.translator)
        notices = NoticeWords(ctx.translator)
        output.say(notices.reader_arrived(seen.name))
        if ctx.settings.speech_mode == SpeechMode.VOICE:
            output.say(notices.reader_and_voice(seen.name))

    def _draw_lines_from_now_on(self) -> None:
        """Leave the full screen while the game runs: the terminal gets its own screen
        back and from now on only the lines of the announcements."""
        app = self.application
        renderer = app.renderer
        real = renderer.output
        renderer.erase(leave_alternate_screen=True)
        with contextlib.suppress(Exception):  # a terminal that is gone: nothing to show
            real.show_cursor()
            real.flush()
        quiet = DummyOutput()
        renderer.output = quiet
        renderer.full_screen = False
        app.output = quiet
        app.full_screen = False
        app.layout = Layout(HSplit([Window()]))
        self.screen_mode = ScreenMode.LINE
        self.ctx.extra["screen_mode"] = ScreenMode.LINE

    def report_errors(self, stream: TextIO | None = None) -> None:
        """After the app ended: print what went wrong, for a bug report."""
        out = stream or sys.stderr
        for error in self.errors:
            out.write("".join(traceback.format_exception(error)))


def run_app(
    first_screen_factory: Callable[[SniffApp], Screen],
    ctx: UiContext,
    *,
    input: Input | None = None,
    output: PtOutput | None = None,
    screen_mode: str = ScreenMode.FULL,
) -> SniffApp:
    """Run the app with the screen *first_screen_factory* builds (``sniff practice``
    uses it with the practice screen); returns the app after the player quit."""
    app = SniffApp(ctx, input=input, output=output, screen_mode=screen_mode)
    try:
        app.run(first_screen_factory)
    finally:
        ctx.output.speech.close()
        stream = ctx.extra.get("line_stream")
        close_stream = getattr(stream, "close", None)
        if callable(close_stream) and stream is not sys.stdout:
            close_stream()
    app.report_errors()
    return app
