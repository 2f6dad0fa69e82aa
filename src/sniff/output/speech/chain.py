"""Ranked backends: the first one speaks, a failing one gives way to the next.

This is what keeps a blind player informed when, say, the screen reader quits
mid-game: the next backend says the utterance that failed (and anything the
failed one had queued but not said), and the caller is told once
(``on_fallback``) so it can announce the change in the player's language.
A backend that can reconnect (Speech Dispatcher, a screen reader that was
restarted) is tried again now and then; when it answers, it takes over again
and the caller is told that too. Nothing here prints or translates.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sniff.output.speech.base import SpeechBackend
from sniff.output.speech.null import NullSpeech

__all__ = ["REVIVE_SECONDS", "FallbackCallback", "FallbackEvent", "FallbackSpeech", "label_of"]

# Debug level only: an unconfigured logger's last-resort handler would print
# warnings to stderr, right into the terminal UI.
_log = logging.getLogger(__name__)

#: How often a fallen backend that can reconnect is tried again.
REVIVE_SECONDS = 5.0


@dataclass(frozen=True)
class FallbackEvent:
    """What changed in the chain, for the notice the player hears.

    *old* and *new* are backend kinds (``"screenreader"``, ``"speechd"``,
    ``"voice"``, ``"text"``...), the labels their proper names where they
    have one ("NVDA", "Speech Dispatcher"). *reason* is the failure's code;
    *started* is False when *old* never spoke (it could not start at all);
    *revived* is True when *new* came back and takes over from *old*.
    """

    old: str
    new: str
    reason: str = "failed"
    old_label: str | None = None
    new_label: str | None = None
    started: bool = True
    revived: bool = False
    detail: str = ""


FallbackCallback = Callable[[FallbackEvent], None]


def label_of(backend: object) -> str | None:
    """A backend's proper name ("NVDA", "Orca"), if it has one."""
    label = getattr(backend, "label", None)
    return label if isinstance(label, str) and label else None


class FallbackSpeech:
    """Speaks through ``backends[0]``; on any exception moves down the list.

    A :class:`NullSpeech` is added at the end if the list does not already end
    with one, so a call never raises, whatever fails.
    """

    def __init__(
        self,
        backends: Sequence[SpeechBackend],
        on_fallback: FallbackCallback | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        chain = list(backends)
        if not chain or not isinstance(chain[-1], NullSpeech):
            chain.append(NullSpeech())
        self._backends = chain
        self._rank = {id(b): i for i, b in enumerate(chain)}
        self._fallen: list[SpeechBackend] = []  # may come back (they can reconnect)
        self._on_fallback = on_fallback
        self._clock = clock
        self._revived_at = clock()
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

    @property
    def label(self) -> str | None:
        return label_of(self.active)

    @property
    def busy(self) -> bool | None:
        """Whether the active backend is still speaking (None: it cannot tell)."""
        busy = getattr(self.active, "busy", None)
        return busy if isinstance(busy, bool) else None

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Speak through the active backend, falling back on failure."""
        self._maybe_revive()
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
            for backend in [*self._backends, *self._fallen]:
                _close_quietly(backend)

    def set_rate(self, words_per_minute: int) -> None:
        """Pass the rate to every backend that has a voice (a later one may take over)."""
        self._configure("set_rate", words_per_minute)

    def set_volume(self, volume: float) -> None:
        """Pass the volume to every backend that has a voice."""
        self._configure("set_volume", volume)

    def set_language(self, language: str) -> None:
        """Pass the language to every backend that takes one."""
        self._configure("set_language", language)

    def _call(self, action: Callable[[SpeechBackend], None]) -> None:
        with self._lock:
            first_failed: tuple[SpeechBackend, Exception] | None = None
            unsaid: list[str] = []
            while True:
                backend = self._backends[0]
                try:
                    for text in unsaid:
                        backend.speak(text, interrupt=False)
                    unsaid = []
                    action(backend)
                except Exception as error:  # any failure means: next backend
                    _log.debug("speech backend %s failed", backend.name, exc_info=True)
                    if first_failed is None:
                        first_failed = (backend, error)
                    unsaid = [*list(getattr(error, "unsaid", ()) or ()), *unsaid]
                    if len(self._backends) == 1:
                        # Even the last resort failed (a custom chain): stay silent.
                        break
                    self._backends.pop(0)
                    if callable(getattr(backend, "reconnect", None)):
                        self._fallen.append(backend)
                    else:
                        _close_quietly(backend)
                    continue
                break
            if first_failed is not None:
                old, failure = first_failed
                self._notify(
                    FallbackEvent(
                        old=old.name,
                        new=self._backends[0].name,
                        reason=getattr(failure, "reason", "failed"),
                        old_label=label_of(old),
                        new_label=label_of(self._backends[0]),
                        detail=str(failure),
                    )
                )

    def _maybe_revive(self) -> None:
        """Now and then, try the fallen backends that ranked above the active one."""
        if not self._fallen or self._clock() - self._revived_at < REVIVE_SECONDS:
            return
        with self._lock:
            self._revived_at = self._clock()
            active_rank = self._rank.get(id(self._backends[0]), len(self._rank))
            for backend in sorted(self._fallen, key=lambda b: self._rank.get(id(b), 0)):
                if self._rank.get(id(backend), 0) >= active_rank:
                    continue
                try:
                    backend.reconnect()  # type: ignore[attr-defined]
                except Exception:  # still away: try again later
                    _log.debug("%s is still away", backend.name, exc_info=True)
                    continue
                self._fallen.remove(backend)
                old = self._backends[0]
                self._backends.insert(0, backend)
                self._notify(
                    FallbackEvent(
                        old=old.name,
                        new=backend.name,
                        reason="back",
                        old_label=label_of(old),
                        new_label=label_of(backend),
                        revived=True,
                    )
                )
                return

    def _notify(self, event: FallbackEvent) -> None:
        if self._on_fallback is None:
            return
        try:
            self._on_fallback(event)
        except Exception:  # a faulty notice must not stop the game
            _log.debug("on_fallback callback failed", exc_info=True)

    def _configure(self, method: str, value: object) -> None:
        with self._lock:
            for backend in [*self._backends, *self._fallen]:
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
