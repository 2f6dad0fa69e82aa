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

import logging
import sys
import traceback
from collections.abc import Callable, Coroutine
from typing import Any, TextIO

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import DynamicKeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import DynamicContainer, HSplit, Layout, Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.output import Output as PtOutput
from prompt_toolkit.styles import Style

from sniff.announce import Announcer, Utterance
from sniff.announce.keys import KeyTexts, help_utterances, key_name
from sniff.i18n import Translator
from sniff.output.setup import open_output
from sniff.storage.settings import Settings
from sniff.ui.base import Binding, Screen, UiContext

__all__ = ["ConfirmScreen", "SniffApp", "build_context", "run_app", "yes_keys_of"]

_log = logging.getLogger(__name__)

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

#: Messages handed to the message area (more than fit: it shows the newest).
MESSAGES_SHOWN = 12

# Keys that are not keys a player pressed (terminal answers, mouse events).
_IGNORED = {Keys.CPRResponse, Keys.Vt100MouseEvent, Keys.WindowsMouseEvent, Keys.Ignore}


class ConfirmScreen:
    """A yes/no question: Y or Enter says yes (J too in German), N or Escape says no.

    *escape* ``"yes"`` makes Escape say yes (a question whose yes keeps
    everything as it is); *others_no*: any other key says no as well.
    """

    modal = True

    def __init__(
        self,
        host: SniffApp,
        question: Utterance,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        *,
        escape: str = "no",
        others_no: bool = False,
    ) -> None:
        self.host = host
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.escape = escape
        self.others_no = others_no
        self.keys = KeyTexts(host.ctx.translator)
        self.below = host.top  # drawn above the question, so the table stays in view

    def bindings(self) -> list[Binding]:
        keys = self.keys
        yes_keys = (*yes_keys_of(self.host.ctx.translator), "enter")
        no_keys: tuple[str, ...] = ("n",)
        if self.escape == "yes":
            yes_keys += ("escape",)
        else:
            no_keys += ("escape",)
        return [
            Binding(yes_keys, lambda: keys.label(*yes_keys), keys.yes, self._yes),
            Binding(no_keys, lambda: keys.label(*no_keys), keys.no, self._no),
        ]

    def _yes(self) -> None:
        self.host.dismiss(self, announce=False)
        self.on_yes()
        self.host.exit_if_empty()

    def _no(self) -> None:
        self.host.dismiss(self, announce=self.on_no is None)
        if self.on_no is not None:
            self.on_no()
        self.host.exit_if_empty()

    def container(self) -> AnyContainer:
        question = Window(
            FormattedTextControl(lambda: [("class:question", self.question.text)]),
            wrap_lines=True,
            height=2,
        )
        if self.below is None:
            return question
        return HSplit([self.below.container(), question])

    def message_rows(self) -> int | None:
        """The screen below's message rows, less the question's two."""
        wish = getattr(self.below, "message_rows", None)
        rows = wish() if callable(wish) else None
        return rows - 2 if isinstance(rows, int) else None

    def enter(self) -> None:
        self.host.ctx.output.say(self.question)

    def unbound_key(self, key: str) -> bool:
        if self.others_no:
            self._no()
            return True
        return False


def yes_keys_of(tr: Translator) -> tuple[str, ...]:
    """The letter keys that say yes: Y, and J in German ("ja")."""
    return ("y", "j") if tr.language.startswith("de") else ("y",)


def build_context(
    settings: Settings,
    translator: Translator,
    *,
    screen_mode: str = "full",
    transcript: str | None = None,
    speech: Any = None,
    sound: Any = None,
    line_stream: TextIO | None = None,
) -> UiContext:
    """The screens' shared context: *settings*, *translator* and the output
    (:func:`sniff.output.setup.open_output`, whose arguments these are)."""
    if line_stream is None and screen_mode == "line":
        from prompt_toolkit.patch_stdout import StdoutProxy

        line_stream = StdoutProxy(raw=True)  # type: ignore[assignment]
    output = open_output(
        settings,
        translator,
        line_mode=screen_mode == "line",
        transcript=transcript,
        speech=speech,
        sound=sound,
        line_stream=line_stream,
    )
    ctx = UiContext(settings, translator, output)
    ctx.extra["screen_mode"] = screen_mode
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
        screen_mode: str = "full",
    ) -> None:
        self.ctx = ctx
        self.screen_mode = screen_mode
        self.stack: list[Screen] = []
        self.errors: list[BaseException] = []
        self.keys = KeyTexts(ctx.translator)
        self._bindings: KeyBindings = KeyBindings()
        self._exiting = False
        self.handled = 0  # keys handled so far (tests wait for them)
        full = screen_mode == "full"
        if full:
            # Every screen's own drawing, then the messages (all that was said,
            # wrapped, newest at the bottom), then the footer.
            messages = Window(
                FormattedTextControl(
                    self._message_text,
                    get_cursor_position=self._message_cursor,
                    show_cursor=False,
                ),
                wrap_lines=True,
                height=self._message_height,
            )
            footer = Window(FormattedTextControl(self._footer), height=1)
            body: AnyContainer = HSplit([DynamicContainer(self._top_container), messages, footer])
        else:
            body = Window(FormattedTextControl(self._prompt), height=1)
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
        ask = getattr(top, "quit_question", None)
        question = ask() if callable(ask) else None
        if question is None:
            from sniff.announce.game_ui import GameTexts

            question = GameTexts(self.ctx.translator).quit_plain()
        self.confirm(question, self.exit)

    # -- keys ------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        kb = KeyBindings()
        top = self.top
        if top is None:
            self._bindings = kb
            return
        own = top.bindings()
        taken = {key for binding in own for key in binding.keys}
        for binding in own:
            for key in binding.keys:
                kb.add(key)(self._handler(binding.handler))
        for binding in self._global_bindings(top):
            for key in binding.keys:
                if key not in taken:
                    kb.add(key)(self._handler(binding.handler))
        kb.add(Keys.Any)(self._unbound)
        self._bindings = kb
        self.invalidate()

    def _handler(self, handler: Callable[[], None]) -> Callable[[KeyPressEvent], None]:
        def handle(event: KeyPressEvent) -> None:
            self.handled += 1
            self._guard(handler)

        return handle

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
        return out

    def _step(self, delta: int) -> None:
        if self.ctx.output.step(delta) is None:
            self.ctx.output.sound.play("invalid")
        self.invalidate()  # the message area shows the message reached

    def help(self) -> None:
        """F1: every key of the top screen, then the keys every screen has."""
        top = self.top
        if top is None:
            return
        own = top.bindings()
        taken = {key for binding in own for key in binding.keys}
        # One part per group of keys (hand, play, questions, settings...), then the
        # keys every screen has: a long list is easier to take in, and to step through.
        groups: dict[str, list[tuple[str, str]]] = {}
        for binding in own:
            groups.setdefault(binding.group, []).append((binding.label(), binding.description()))
        common = [
            (b.label(), b.description())
            for b in self._global_bindings(top)
            if not set(b.keys) <= taken
        ]
        parts = [*groups.values(), common]
        self.ctx.output.say(help_utterances(self.ctx.translator, parts))

    def _unbound(self, event: KeyPressEvent) -> None:
        press = event.key_sequence[0]
        if press.key in _IGNORED:
            return
        self.handled += 1
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
        spoken = key_name(self.ctx.translator, name)
        announcer = Announcer(0, self.ctx.translator, player_names=())
        self.ctx.output.say(announcer.invalid_key(spoken))

    # -- drawing -------------------------------------------------------------------------------

    def _top_container(self) -> AnyContainer:
        top = self.top
        if top is None:
            return Window()
        return top.container()

    def _shown_messages(self) -> list[Utterance]:
        """The messages in the message area: the newest, or up to the one [ or ] reached."""
        output = self.ctx.output
        history = output.history
        end = len(history) if output.position is None else output.position + 1
        return history[max(0, end - MESSAGES_SHOWN) : end]

    def _message_text(self) -> StyleAndTextTuples:
        shown = self._shown_messages()
        out: StyleAndTextTuples = []
        stepping = self.ctx.output.position is not None
        for i, utterance in enumerate(shown):
            last = i == len(shown) - 1
            style = "class:selected" if stepping and last else "class:message"
            out.append((style, utterance.text + ("" if last else "\n")))
        return out

    def _message_cursor(self) -> Point:
        """The end of the newest message shown: the window scrolls to keep it in view."""
        shown = self._shown_messages()
        if not shown:
            return Point(x=0, y=0)
        return Point(x=len(shown[-1].text), y=len(shown) - 1)

    def _message_height(self) -> Dimension:
        top = self.top
        wish = getattr(top, "message_rows", None)
        if callable(wish):
            rows = wish()
            if isinstance(rows, int):
                return Dimension.exact(max(2, rows))
        return Dimension(min=2, preferred=3, max=3)

    def _footer(self) -> StyleAndTextTuples:
        from sniff.announce.game_ui import GameTexts

        return [("class:footer", GameTexts(self.ctx.translator).screen_help())]

    def _prompt(self) -> StyleAndTextTuples:
        return [("", "sniff> ")]

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
        await self.application.run_async(pre_run=lambda: self.show(first(self)))

    def run(self, first: Callable[[SniffApp], Screen]) -> None:
        """:meth:`run_async` for a plain program."""
        self._exiting = False
        self.application.run(pre_run=lambda: self.show(first(self)))

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
    screen_mode: str = "full",
) -> SniffApp:
    """Run the app with the screen *first_screen_factory* builds (``sniff practice``
    uses it with the practice screen); returns the app after the player quit."""
    app = SniffApp(ctx, input=input, output=output, screen_mode=screen_mode)
    try:
        app.run(first_screen_factory)
    finally:
        closer = getattr(ctx.output.speech, "close", None)
        if callable(closer):
            closer()
        stream = ctx.extra.get("line_stream")
        close_stream = getattr(stream, "close", None)
        if callable(close_stream) and stream is not sys.stdout:
            close_stream()
    app.report_errors()
    return app
