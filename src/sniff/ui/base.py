"""What every screen of the keyboard game shares: output, bindings, the host.

Data flows one way: keys -> a screen's binding -> a controller -> the engine;
events -> the announcer -> :class:`Output` -> speech, braille, earcons and the
message history that the screen shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from sniff.announce.utterance import Utterance

if TYPE_CHECKING:
    from prompt_toolkit.layout.containers import AnyContainer

    from sniff.i18n import Translator
    from sniff.sound.base import SoundPlayer
    from sniff.speech.base import SpeechBackend
    from sniff.storage.settings import Settings


@dataclass(frozen=True)
class Binding:
    """One key binding of a screen, described in the player's language.

    *keys* are prompt_toolkit key names (``"left"``, ``"c-s"``, ``"f1"``,
    ``"d"``); *label* says the key aloud ("Control S"); *description* says
    what it does. Help (F1) is built from these, so every binding speaks.
    """

    keys: tuple[str, ...]
    label: Callable[[], str]
    description: Callable[[], str]
    handler: Callable[[], None]
    group: str = "game"


class Output:
    """Everything the player hears or reads goes through here.

    It speaks through the speech backend (which falls back by itself), plays
    the earcon an utterance asks for, and keeps the message history that R,
    [ and ] walk through and that the screen shows.
    """

    def __init__(
        self,
        speech: SpeechBackend,
        sound: SoundPlayer,
        *,
        history_size: int = 500,
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.speech = speech
        self.sound = sound
        self.history: list[Utterance] = []
        self.history_size = history_size
        self.position: int | None = None  # where [ and ] stand in the history
        self.last: Utterance | None = None
        self.on_change = on_change

    def say(self, utterances: Utterance | Iterable[Utterance], *, quiet: bool = False) -> None:
        """Speak, cue and remember. *quiet*: remember only (skipped bot turns)."""
        if isinstance(utterances, Utterance):
            utterances = [utterances]
        for utterance in utterances:
            self.history.append(utterance)
            del self.history[: -self.history_size]
            self.position = None
            self.last = utterance
            if not quiet:
                self._emit(utterance)
        if self.on_change is not None:
            self.on_change()

    def _emit(self, utterance: Utterance) -> None:
        if utterance.cue is not None:
            from sniff.sound.space import placement_for_end, score_pitch

            pan, pitch = placement_for_end(utterance.end or "")
            if utterance.cue == "score" and utterance.points:
                pitch *= score_pitch(utterance.points)
            self.sound.play(utterance.cue, pan=pan, pitch=pitch)
        if utterance.text:
            self.speech.speak(utterance.text, interrupt=utterance.interrupt)
            self.speech.braille(utterance.text)

    def repeat(self) -> None:
        """Say the last announcement again (also when it is the same text)."""
        if self.last is not None:
            self._emit(_as_interrupting(self.last))

    def step(self, delta: int) -> Utterance | None:
        """Move through the history (-1: older, +1: newer) and say that message."""
        if not self.history:
            return None
        if self.position is None:
            self.position = len(self.history) - 1
        self.position = max(0, min(len(self.history) - 1, self.position + delta))
        utterance = _as_interrupting(self.history[self.position])
        self._emit(utterance)
        return utterance

    def recent(self, count: int) -> Sequence[Utterance]:
        return self.history[-count:]


def _as_interrupting(utterance: Utterance) -> Utterance:
    return Utterance(utterance.text, True, None, utterance.end, utterance.points, utterance.kind)


@dataclass
class UiContext:
    """What the screens share."""

    settings: Settings
    translator: Translator
    output: Output
    extra: dict[str, object] = field(default_factory=dict)


class Screen(Protocol):
    """A screen of the app: the game, the setup menu, practice, help."""

    def bindings(self) -> list[Binding]:
        """Its key bindings, each with a spoken label and description."""
        ...

    def container(self) -> AnyContainer:
        """What the full-screen layout shows for it."""
        ...

    def enter(self) -> None:
        """Called when the screen is shown: say where the player is."""
        ...

    def unbound_key(self, key: str) -> bool:
        """A key no binding took (digits, letters): True if the screen used it."""
        ...


class Host(Protocol):
    """The application as the screens see it."""

    ctx: UiContext

    def show(self, screen: Screen) -> None:
        """Put *screen* on top and announce it."""
        ...

    def back(self) -> None:
        """Leave the top screen (Escape), back to the one below."""
        ...

    def exit(self) -> None:
        """End the program (after saving what must be saved)."""
        ...

    def invalidate(self) -> None:
        """Redraw the screen."""
        ...
