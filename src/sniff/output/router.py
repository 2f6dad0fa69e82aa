"""The speech router: every announcement goes to speech, braille and earcons
from here, and is kept in the message history that R, [ and ] walk through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from sniff.announce.utterance import Utterance
from sniff.output.sound.base import SoundPlayer
from sniff.output.sound.space import placement_for_end, score_pitch
from sniff.output.speech.base import SpeechBackend

__all__ = ["CHARACTERS_PER_SECOND", "Output"]

#: About 175 words a minute: what a speech estimate assumes where the output cannot tell.
CHARACTERS_PER_SECOND = 15.0


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
            pan, pitch = placement_for_end(utterance.end or "")
            if utterance.cue == "score" and utterance.points:
                pitch *= score_pitch(utterance.points)
            self.sound.play(utterance.cue, pan=pan, pitch=pitch)
        if utterance.text:
            self.speech.speak(utterance.text, interrupt=utterance.interrupt)
            self.speech.braille(utterance.text)

    def busy(self) -> bool | None:
        """Whether speech is still being said: True or False where the speech output
        can tell, None where it cannot (then :meth:`estimate` stands in)."""
        backend: object = self.speech
        for _ in range(4):  # through wrappers (a transcript, the fallback chain)
            inner = getattr(backend, "active", None) or getattr(backend, "inner", None)
            if inner is None or inner is backend:
                break
            backend = inner
        busy = getattr(backend, "busy", None)
        return busy if isinstance(busy, bool) else None

    def estimate(self, text: str) -> float:
        """Seconds *text* takes to say at an ordinary screen-reader rate."""
        return len(text) / CHARACTERS_PER_SECOND

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
