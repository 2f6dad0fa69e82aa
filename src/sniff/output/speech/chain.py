"""Ranked backends: the first one speaks, a failing one is dropped for the next.

This is what keeps a blind player informed when, say, the screen reader quits
mid-game: the next backend repeats the utterance that failed, and the caller is
told once (``on_fallback``) so it can announce the change in the player's
language. Nothing here prints or translates.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from sniff.output.speech.base import SpeechBackend
from sniff.output.speech.null import NullSpeech

__all__ = ["FallbackCallback", "FallbackSpeech"]

# Debug level only: an unconfigured logger's last-resort handler would print
# warnings to stderr, right into the terminal UI.
_log = logging.getLogger(__name__)

FallbackCallback = Callable[[str, str, Exception], None]


class FallbackSpeech:
    """Speaks through ``backends[0]``; on any exception moves down the list.

    A :class:`NullSpeech` is added at the end if the list does not already end
    with one, so a call never raises, whatever fails.
    """

    def __init__(
        self,
        backends: Sequence[SpeechBackend],
        on_fallback: FallbackCallback | None = None,
    ) -> None:
        chain = list(backends)
        if not chain or not isinstance(chain[-1], NullSpeech):
            chain.append(NullSpeech())
        self._backends = chain
        self._on_fallback = on_fallback
        # Reentrant: on_fallback usually speaks its notice through this object.
        self._lock = threading.RLock()

    @property
    def active(self) -> SpeechBackend:
        """The backend that currently speaks."""
        return self._backends[0]

    @property
    def backends(self) -> list[SpeechBackend]:
        """The remaining chain, active first (a copy)."""
        return list(self._backends)

    @property
    def name(self) -> str:
        """The active backend's name."""
        return self.active.name

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Speak through the active backend, falling back on failure."""
        self._call(lambda backend: backend.speak(text, interrupt=interrupt))

    def braille(self, text: str) -> None:
        """Braille through the active backend, falling back on failure."""
        self._call(lambda backend: backend.braille(text))

    def silence(self) -> None:
        """Silence the active backend, falling back on failure."""
        self._call(lambda backend: backend.silence())

    def close(self) -> None:
        """Close every backend still in the chain; errors are swallowed."""
        with self._lock:
            for backend in self._backends:
                _close_quietly(backend)

    def set_rate(self, words_per_minute: int) -> None:
        """Pass the rate to every backend that has a voice (a later one may take over)."""
        self._configure("set_rate", words_per_minute)

    def set_volume(self, volume: float) -> None:
        """Pass the volume to every backend that has a voice."""
        self._configure("set_volume", volume)

    def set_language(self, language: str) -> None:
        """Pass the language to every backend that has a voice."""
        self._configure("set_language", language)

    def _call(self, action: Callable[[SpeechBackend], None]) -> None:
        with self._lock:
            first_failed: tuple[str, Exception] | None = None
            while True:
                backend = self._backends[0]
                try:
                    action(backend)
                except Exception as error:  # any failure means: next backend
                    _log.debug("speech backend %s failed", backend.name, exc_info=True)
                    if first_failed is None:
                        first_failed = (backend.name, error)
                    if len(self._backends) == 1:
                        # Even the last resort failed (a custom chain): stay silent.
                        break
                    self._backends.pop(0)
                    _close_quietly(backend)
                    continue
                break
            if first_failed is not None:
                self._notify(first_failed[0], self._backends[0].name, first_failed[1])

    def _notify(self, old_name: str, new_name: str, error: Exception) -> None:
        if self._on_fallback is None:
            return
        try:
            self._on_fallback(old_name, new_name, error)
        except Exception:  # a faulty notice must not stop the game
            _log.debug("on_fallback callback failed", exc_info=True)

    def _configure(self, method: str, value: object) -> None:
        with self._lock:
            for backend in self._backends:
                setter = getattr(backend, method, None)
                if not callable(setter):
                    continue
                try:
                    setter(value)
                except Exception:  # a bad setting must not end speech
                    _log.debug("%s(%r) failed on %s", method, value, backend.name, exc_info=True)


def _close_quietly(backend: SpeechBackend) -> None:
    try:
        backend.close()
    except Exception:  # closing a broken backend may fail too
        _log.debug("closing speech backend %s failed", backend.name, exc_info=True)
