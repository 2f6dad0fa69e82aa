"""The player's own screen reader, through prismatoid (module ``prism``).

prismatoid reaches NVDA, JAWS, ZDSR, ZoomText, System Access and others on
Windows, VoiceOver on macOS, and Orca on Linux (through Orca's own service,
so Orca's stop key, voice and braille apply). The reader keeps its own voice
and rate: the game never sets them. It only asks for a voice of the game's
language where the reader offers voices and the one in use speaks another
language (German text must not be read by an English voice).

Text-to-speech engines that are not screen readers (SAPI, OneCore,
AVSpeech) and prismatoid's Speech Dispatcher client are left out here: the
built-in voice and the game's own Speech Dispatcher client
(:mod:`sniff.output.speech.ssip`) serve those better.

Whether a text was heard to its end is told only where the reader says
whether it is speaking (``supports_is_speaking``): a text is taken as said
to its end once the reader was seen speaking after it was given and then
seen silent, with no interruption between. It is looked at whenever the
game asks (while bots play, every few hundredths of a second). A text the
reader was never seen speaking turns unknown after a while, and so is
every text where the reader cannot tell.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from sniff.enums import Heard, SpeechOutput, SpeechProblem
from sniff.output.speech._marks import MarkBook
from sniff.output.speech.base import SpeechError, SpeechUnavailable

__all__ = ["ENGINES", "PrismSpeech", "running_readers"]

_log = logging.getLogger(__name__)

#: Texts followed at once until the reader is seen to finish them.
FOLLOWED = 64
#: Characters a second the wait for a reader never seen speaking allows (slow on purpose).
SLOW_CHARACTERS_PER_SECOND = 8.0

#: prismatoid backends that are speech engines, not screen readers (by name).
ENGINES = frozenset(
    {"SAPI", "ONE_CORE", "AV_SPEECH", "SPEECH_DISPATCHER", "ANDROID_TTS", "WEB_SPEECH", "UIA"}
)


def _prism() -> Any:
    """The ``prism`` module, or :class:`SpeechUnavailable` where it is not installed."""
    try:
        import prism  # lazy: it loads a native library (about 0.1 s)
    except ImportError as error:
        raise SpeechUnavailable(
            f"prismatoid is not installed: {error}", SpeechProblem.MISSING_LIBRARY
        ) from None
    except OSError as error:  # the wheel is there but its library will not load
        raise SpeechUnavailable(
            f"prismatoid cannot load: {error}", SpeechProblem.MISSING_LIBRARY
        ) from None
    return prism


def _context() -> Any:
    prism = _prism()
    try:
        return prism.Context()
    except Exception as error:  # prism raises RuntimeError when it cannot start
        raise SpeechUnavailable(
            f"prismatoid cannot start: {error}", SpeechProblem.MISSING_LIBRARY
        ) from None


def _readers(context: Any) -> list[Any]:
    """The screen-reader backends prismatoid knows here, best first."""
    ids = [context.id_of(i) for i in range(context.backends_count)]
    readers = [i for i in ids if getattr(i, "name", "") not in ENGINES]
    return sorted(readers, key=lambda i: -int(context.priority_of(i)))


def _reach(context: Any, reader: Any) -> Any:
    """A connection to *reader* if it runs now, else None."""
    try:
        backend = context.create(reader)
    except Exception:  # prism raises when the reader does not run
        return None
    try:
        running = bool(backend.features.is_supported_at_runtime)
    except Exception:  # a reader that cannot say is taken at its word
        running = True
    return backend if running else None


def running_readers(context: Any = None) -> list[str]:
    """The screen readers prismatoid can reach now, by name ("NVDA", "Orca")."""
    try:
        context = _context() if context is None else context
    except SpeechUnavailable:
        return []
    return [str(backend.name) for r in _readers(context) if (backend := _reach(context, r))]


@dataclass
class _Given:
    """A text given to the reader, not yet known to be said to its end."""

    mark: int
    at: float
    wait: float  # how long it may go without the reader seen speaking
    seen: bool = False  # the reader was seen speaking since it was given


class PrismSpeech:
    """Speech and braille through the best running screen reader prismatoid reaches.

    Raises :class:`SpeechUnavailable` (``no-screen-reader``) if none runs.
    *context* is a ``prism.Context`` to look in (tests and benchmarks give one
    built on a registry of their own); by default, the system's.
    """

    name = SpeechOutput.SCREENREADER

    def __init__(self, *, language: str = "en", context: Any = None) -> None:
        self._context = _context() if context is None else context
        self._language = language
        self._id: Any = None
        self._backend: Any = None
        self._book = MarkBook()
        self._last_mark: int | None = None
        self._given: list[_Given] = []
        for reader in _readers(self._context):
            self._backend = _reach(self._context, reader)
            if self._backend is not None:
                self._id = reader
                break
        if self._backend is None:
            raise SpeechUnavailable("no screen reader is running", SpeechProblem.NO_SCREEN_READER)
        self._take(self._backend)

    def _take(self, backend: Any) -> None:
        self._backend = backend
        self.label: str = str(backend.name)
        self._features = backend.features
        self._tells = bool(self._features.supports_is_speaking)
        self._forget(Heard.UNKNOWN)
        self._choose_language()

    # -- the SpeechBackend interface ---------------------------------------------

    @property
    def busy(self) -> bool | None:
        """Whether the reader still speaks, where it can tell (None otherwise)."""
        return self._speaking()

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        if not text.strip():
            self._last_mark = self._book.new(Heard.END)
            return
        self._do(lambda: self._backend.speak(text, interrupt))
        if interrupt:
            self._forget(Heard.CUT)
        if not self._tells:
            self._last_mark = self._book.new(Heard.UNKNOWN)
            return
        mark = self._last_mark = self._book.new()
        wait = 2.0 + len(text) / SLOW_CHARACTERS_PER_SECOND
        self._given.append(_Given(mark, time.monotonic(), wait))
        if len(self._given) > FOLLOWED:
            self._book.settle(self._given.pop(0).mark, Heard.UNKNOWN)

    def braille(self, text: str) -> None:
        """Show *text* on the reader's braille display (the short form of a message)."""
        if text.strip() and self._features.supports_braille:
            self._do(lambda: self._backend.braille(text))

    def silence(self) -> None:
        if self._features.supports_stop:
            self._do(self._backend.stop)
        self._forget(Heard.CUT)

    # -- what became of each text (EndReporter) --------------------------------------

    def mark(self) -> object:
        """The mark of the text given to the last :meth:`speak`."""
        return self._last_mark

    def heard(self, mark: object) -> Heard:
        """Said to its end (seen spoken, then the reader fell silent), cut (by a key),
        pending, or unknown (the reader cannot tell, or was never seen speaking it)."""
        self._speaking()
        return self._book.get(mark)

    def _speaking(self) -> bool | None:
        """Ask the reader whether it speaks, and settle what that tells (None: it
        cannot tell)."""
        if not self._tells or self._backend is None:
            return None
        try:
            speaking = bool(self._backend.speaking)
        except Exception:  # the reader cannot tell after all
            self._tells = False
            self._forget(Heard.UNKNOWN)
            return None
        now = time.monotonic()
        still: list[_Given] = []
        for given in self._given:
            if speaking:
                given.seen = True
                still.append(given)
            elif given.seen:
                self._book.settle(given.mark, Heard.END)
            elif now - given.at > given.wait:
                self._book.settle(given.mark, Heard.UNKNOWN)
            else:
                still.append(given)
        self._given = still
        return speaking

    def _forget(self, state: Heard) -> None:
        """Stop following the texts given so far: they were cut off (*state* CUT), or
        what became of them cannot be known."""
        for given in self._given:
            if state is Heard.CUT:
                self._book.cut(given.mark)
            else:
                self._book.settle(given.mark, state)
        self._given = []

    def close(self) -> None:
        self._backend = None

    def set_language(self, language: str) -> None:
        self._language = language
        self._choose_language()

    def reconnect(self) -> None:
        """The reader was restarted: reach it again (raises while it is away)."""
        backend = _reach(self._context, self._id)
        if backend is None:
            raise SpeechUnavailable(f"{self.label} is not running", SpeechProblem.NO_SCREEN_READER)
        self._take(backend)

    # -- internals -------------------------------------------------------------------

    def _do(self, action: Any) -> None:
        if self._backend is None:
            raise SpeechError("the screen reader connection is closed", SpeechProblem.GONE)
        try:
            action()
        except Exception as error:  # prism raises its own error classes
            raise SpeechError(f"{self.label}: {error}", SpeechProblem.GONE) from None

    def _choose_language(self) -> None:
        """A voice of the game's language, if the one in use speaks another."""
        features, backend = self._features, self._backend
        if not (
            features.supports_count_voices
            and features.supports_get_voice_language
            and features.supports_set_voice
        ):
            return
        wanted = self._language.lower()
        try:
            languages = [
                str(backend.get_voice_language(i)).lower() for i in range(backend.voices_count)
            ]
            current = backend.voice if features.supports_get_voice else -1
        except Exception:  # the reader would not say: leave its voice alone
            _log.debug("voice languages unavailable", exc_info=True)
            return
        if 0 <= current < len(languages) and languages[current].startswith(wanted):
            return
        for index, language in enumerate(languages):
            if language.startswith(wanted):
                try:
                    backend.voice = index
                except Exception:  # the reader refused: keep its voice
                    _log.debug("could not choose voice %d", index, exc_info=True)
                return
