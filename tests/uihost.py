"""A small real host for screen tests: a prompt_toolkit Application fed by a pipe.

It does what the game's application does for a screen (a stack of screens,
their bindings, unbound keys to ``unbound_key``), without the game, so the
menu and practice screens can be driven by keys on their own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from prompt_toolkit.application import Application
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import DynamicContainer, Layout
from prompt_toolkit.layout.containers import Window
from prompt_toolkit.output import DummyOutput

from sniff.announce.utterance import Utterance
from sniff.i18n import translator
from sniff.output.router import Output
from sniff.output.sound import NullPlayer
from sniff.output.speech import RecordingSpeech
from sniff.storage import Settings
from sniff.ui.base import Screen, UiContext

#: What a key sends on a terminal.
KEYS = {
    "up": "\x1b[A",
    "down": "\x1b[B",
    "right": "\x1b[C",
    "left": "\x1b[D",
    "home": "\x1b[H",
    "end": "\x1b[F",
    "enter": "\r",
    "backspace": "\x7f",
    "escape": "\x1b",
    "f1": "\x1bOP",
    "f3": "\x1bOR",
}


class SoundLog(NullPlayer):
    """A silent player that remembers the earcons asked for."""

    def __init__(self) -> None:
        self.cues: list[str] = []
        self.enabled = True

    def play(self, cue: str, *, pan: float = 0.0, pitch: float = 1.0, gain: float = 1.0) -> None:
        self.cues.append(cue)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled


def make_context(language: str = "en", settings: Settings | None = None) -> UiContext:
    """A context with a recording speech backend and a sound log."""
    speech = RecordingSpeech()
    output = Output(speech, SoundLog())
    return UiContext(settings or Settings(language=language), translator(language), output)


def speech_of(ctx: UiContext) -> RecordingSpeech:
    speech = ctx.output.speech
    assert isinstance(speech, RecordingSpeech)
    return speech


def sound_of(ctx: UiContext) -> SoundLog:
    sound = ctx.output.sound
    assert isinstance(sound, SoundLog)
    return sound


class TestHost:
    """Implements :class:`sniff.ui.base.Host` around a real Application."""

    __test__ = False  # not a test class, despite its name

    def __init__(self, ctx: UiContext) -> None:
        self.ctx = ctx
        self.stack: list[Screen] = []
        self.exited = False
        self.app: Application[None] | None = None

    # -- Host -----------------------------------------------------------------------

    def show(self, screen: Screen) -> None:
        self.stack.append(screen)
        screen.enter()

    def back(self) -> None:
        self.stack.pop()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.exit()

    def exit(self) -> None:
        self.exited = True
        if self.app is not None and self.app.is_running and not self.app.future.done():
            self.app.exit()

    def invalidate(self) -> None:
        if self.app is not None:
            self.app.invalidate()

    # -- the application ---------------------------------------------------------------

    def _key_bindings(self) -> KeyBindings:
        kb = KeyBindings()
        kb.add("c-c")(lambda event: self.exit())
        if not self.stack:
            return kb

        @kb.add("<any>")
        def _unbound(event: KeyPressEvent) -> None:
            if self.stack:
                key = event.data if len(event.data) == 1 else str(event.key_sequence[0].key)
                if not self.stack[-1].unbound_key(key):
                    self.ctx.output.say(_invalid())

        for binding in self.stack[-1].bindings():
            for key in binding.keys:
                kb.add(key)(_call(binding.handler))
        return kb

    def run(
        self,
        first: Callable[[TestHost], Screen],
        keys: Sequence[str],
        *,
        pause: float = 0.005,
    ) -> None:
        """Show *first*, press *keys* one by one (names from :data:`KEYS` or text), then stop."""
        from prompt_toolkit.key_binding import DynamicKeyBindings

        def container() -> Window:
            if not self.stack:
                return Window()
            return self.stack[-1].container()  # type: ignore[return-value]

        with create_pipe_input() as pipe:
            app: Application[None] = Application(
                layout=Layout(DynamicContainer(container)),
                key_bindings=DynamicKeyBindings(self._key_bindings),
                input=pipe,
                output=DummyOutput(),
            )
            app.ttimeoutlen = 0.001  # a lone Escape is a key at once
            self.app = app

            async def press() -> None:
                for key in keys:
                    if self.exited:
                        return
                    pipe.send_text(KEYS.get(key, key))
                    # Let the key be read, parsed (Escape waits for ttimeoutlen) and handled.
                    await asyncio.sleep(0.02 if key == "escape" else pause)
                await asyncio.sleep(0.02)
                self.exit()

            def start() -> None:
                self.show(first(self))
                app.create_background_task(press())

            app.run(pre_run=start)


def _call(handler: Callable[[], None]) -> Callable[[KeyPressEvent], None]:
    def run(event: KeyPressEvent) -> None:
        handler()

    return run


def _invalid() -> Utterance:
    return Utterance("invalid key", interrupt=True, cue="invalid")
