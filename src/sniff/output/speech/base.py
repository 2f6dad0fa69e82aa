"""The one small interface every speech output implements, and its errors.

Backends are ranked and chained (see :mod:`sniff.output.speech.chain`); the game
only ever talks to a :class:`SpeechBackend`.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from sniff.enums import Heard

__all__ = [
    "Busy",
    "EndReporter",
    "SpeechBackend",
    "SpeechError",
    "SpeechUnavailable",
    "VoiceSettings",
]


class SpeechError(RuntimeError):
    """A backend that worked before has failed while the game was running.

    *reason* is a short, stable code the interface turns into a sentence in
    the player's language (``"gone"``: the program behind it went away,
    ``"device-lost"``: the sound device vanished, ...); the message is the
    detail, in English, for logs and ``sniff doctor``.
    """

    def __init__(self, message: str, reason: str = "failed") -> None:
        super().__init__(message)
        self.reason = reason


class SpeechUnavailable(SpeechError):
    """A backend cannot start here; the message says what is missing and how to fix it.

    Reasons: ``no-screen-reader``, ``no-speechd`` (Speech Dispatcher is not
    running and cannot be started), ``no-audio-device``, ``no-synthesizer``,
    ``missing-library`` (a Python package is not installed), ``unsupported``.
    """

    def __init__(self, message: str, reason: str = "unavailable") -> None:
        super().__init__(message, reason)


@runtime_checkable
class SpeechBackend(Protocol):
    """Where announcements go: a screen reader, a voice, a terminal line, nowhere."""

    @property
    def name(self) -> str:
        """Short name for logs and the fallback notice ("voice", "text", ...)."""

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Say ``text``; with ``interrupt`` cut off what is being said and drop the queue."""

    def braille(self, text: str) -> None:
        """Show ``text`` on a braille display, where the backend can reach one."""

    def silence(self) -> None:
        """Stop speaking at once and forget queued utterances."""

    def close(self) -> None:
        """Release the backend; calling it twice is harmless."""


#: What a backend says of itself when asked whether it is still speaking: True or
#: False where it can tell, None where it cannot (a backend sets ``busy`` to one of
#: these, as an attribute or a property). Pacing waits on it.
Busy = bool | None


@runtime_checkable
class VoiceSettings(Protocol):
    """Backends whose voice the player can tune from the settings menu."""

    def set_rate(self, words_per_minute: int) -> None:
        """Speaking rate in words per minute."""

    def set_volume(self, volume: float) -> None:
        """Loudness from 0.0 (silent) to 1.0 (full)."""

    def set_language(self, language: str) -> None:
        """Language code such as ``"en"`` or ``"de"``; the voice follows it."""


@runtime_checkable
class EndReporter(Protocol):
    """Backends that can tell whether a text was said to its end.

    Right after :meth:`SpeechBackend.speak`, :meth:`mark` names the text just
    given (an opaque value); :meth:`heard` later says what became of it. A
    backend keeps a bounded number of marks: an old mark it has forgotten is
    :attr:`Heard.UNKNOWN`. Both are called from the interface's thread and
    must return at once.
    """

    def mark(self) -> object:
        """The mark of the text given to the last ``speak()`` call."""

    def heard(self, mark: object) -> Heard:
        """What became of the text marked *mark*."""
