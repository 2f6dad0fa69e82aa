"""The one small interface every speech output implements, its errors, and the
small protocols for what only some outputs do.

Backends are ranked and chained (see :mod:`sniff.output.speech.chain`); the game
only ever talks to a :class:`SpeechBackend`. What an output may do beyond it
(tell whether it is still speaking, name itself, come back after failing, report
a failure found on a thread of its own, wrap another) is a protocol here, asked
with ``isinstance`` rather than looked up by name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from sniff.enums import Heard, SpeechProblem

__all__ = [
    "Busy",
    "BusyReporter",
    "Chain",
    "EndReporter",
    "FailureReporter",
    "FollowsLanguage",
    "Labelled",
    "Reconnecting",
    "SelfChecking",
    "SpeechBackend",
    "SpeechError",
    "SpeechUnavailable",
    "VoiceSettings",
    "Wrapper",
    "label_of",
    "speaking_backend",
    "unwrapped",
]


class SpeechError(RuntimeError):
    """A backend that worked before has failed while the game was running.

    *reason* is a :class:`~sniff.enums.SpeechProblem` the interface turns into a
    sentence in the player's language (``GONE``: the program behind it went
    away, ``DEVICE_LOST``: the sound device vanished, ...); the message is the
    detail, in English, for logs and ``sniff doctor``. A backend that fails with
    texts queued but not said hands them on in :attr:`unsaid` (with their marks
    in :attr:`unsaid_marks`, where it can tell what became of each), so that the
    next output in the chain says them.
    """

    def __init__(self, message: str, reason: SpeechProblem | str = SpeechProblem.FAILED) -> None:
        super().__init__(message)
        self.reason = SpeechProblem(reason)
        self.unsaid: list[str] = []
        self.unsaid_marks: list[object] = []


class SpeechUnavailable(SpeechError):
    """A backend cannot start here; the message says what is missing and how to fix it.

    Reasons: ``NO_SCREEN_READER``, ``NO_SPEECHD`` (Speech Dispatcher is not
    running and cannot be started), ``NO_AUDIO_DEVICE``, ``NO_SYNTHESIZER``,
    ``MISSING_LIBRARY`` (a Python package is not installed), ``UNSUPPORTED``,
    ``SILENT`` (Speech Dispatcher fell silent before).
    """

    def __init__(
        self, message: str, reason: SpeechProblem | str = SpeechProblem.UNAVAILABLE
    ) -> None:
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


@runtime_checkable
class FollowsLanguage(Protocol):
    """Backends that speak in the language they are told (a screen reader's own
    voice, Speech Dispatcher, the built-in voice), whether or not they can be tuned."""

    def set_language(self, language: str) -> None:
        """Language code such as ``"en"`` or ``"de"``."""


@runtime_checkable
class BusyReporter(Protocol):
    """Backends that can say whether they are still speaking (:data:`Busy`)."""

    @property
    def busy(self) -> Busy:
        """True or False where the backend can tell, None where it cannot."""


@runtime_checkable
class Labelled(Protocol):
    """Backends with a proper name for the notices ("NVDA", "Orca")."""

    @property
    def label(self) -> str | None:
        """The proper name, or None."""


@runtime_checkable
class Reconnecting(Protocol):
    """Backends that can come back after failing (Speech Dispatcher started again,
    the screen reader restarted): the chain tries them again now and then."""

    def reconnect(self) -> None:
        """Connect again; raise if it is still away."""


@runtime_checkable
class SelfChecking(Protocol):
    """Backends (and the chain) that may find a failure on a thread of their own:
    :meth:`check`, called on the owner's thread, raises it there (or falls back)."""

    def check(self) -> None:
        """Raise a failure found meanwhile, if any."""


@runtime_checkable
class FailureReporter(Protocol):
    """Backends that tell their owner at once when they fail on their own thread."""

    on_failure: Callable[[], None] | None


@runtime_checkable
class Wrapper(Protocol):
    """An output around another (the line echo of ``--screen line``)."""

    @property
    def inner(self) -> SpeechBackend:
        """The output it wraps."""


@runtime_checkable
class Chain(Protocol):
    """Outputs ranked behind one another (``chain.FallbackSpeech``): one speaks."""

    @property
    def active(self) -> SpeechBackend:
        """The output that speaks now."""


def label_of(backend: object) -> str | None:
    """A backend's proper name ("NVDA", "Orca"), if it has one."""
    if not isinstance(backend, Labelled):
        return None
    label = backend.label
    return label if isinstance(label, str) and label else None


#: How deep wrappers and chains are followed (a line echo around a chain is two).
_DEPTH = 4


def unwrapped(speech: object) -> object:
    """*speech* without the wrappers around it (a line echo): the chain, mostly."""
    for _ in range(_DEPTH):
        inner: object = speech.inner if isinstance(speech, Wrapper) else speech
        if inner is speech:
            break
        speech = inner
    return speech


def speaking_backend(speech: object) -> object:
    """The backend that speaks now: through wrappers and the chain's active one."""
    for _ in range(_DEPTH):
        inner: object = speech
        if isinstance(speech, Chain):
            inner = speech.active
        elif isinstance(speech, Wrapper):
            inner = speech.inner
        if inner is speech:
            break
        speech = inner
    return speech
