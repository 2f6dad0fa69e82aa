"""Ranked backends: the first one speaks, a failing one gives way to the next.

This is what keeps a blind player informed when, say, the screen reader quits
mid-game: the next backend says the utterance that failed (and anything the
failed one had queued but not said), and the caller is told once
(``on_fallback``) so it can announce the change in the player's language.
A backend that can reconnect (Speech Dispatcher, a screen reader that was
restarted) is tried again now and then; when it answers, it takes over again
and the caller is told that too. Nothing here prints or translates.

The chain is an :class:`~sniff.output.speech.base.EndReporter` for whichever
backend speaks: a mark names the backend that took the text, and when a
failing backend hands its unsaid texts on, their marks follow them to the
next one, so the game learns whether each was heard in the end. A backend
that cannot tell (text lines, a screen reader that does not say) reads
:attr:`~sniff.enums.Heard.UNKNOWN`.

A backend may fail on a thread of its own (Speech Dispatcher falling silent):
it calls its ``on_failure``, the chain calls :attr:`FallbackSpeech.on_trouble`,
and the owner calls :meth:`FallbackSpeech.check` on its own thread, which falls
back at once, with the notice, instead of at the next thing said.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sniff.enums import Heard, SpeechProblem
from sniff.output.speech.base import (
    BusyReporter,
    EndReporter,
    FailureReporter,
    FollowsLanguage,
    Reconnecting,
    SelfChecking,
    SpeechBackend,
    SpeechError,
    VoiceSettings,
    label_of,
)
from sniff.output.speech.null import NullSpeech

__all__ = ["REVIVE_SECONDS", "FallbackCallback", "FallbackEvent", "FallbackSpeech", "label_of"]

# Debug level only: an unconfigured logger's last-resort handler would print
# warnings to stderr, right into the terminal UI.
_log = logging.getLogger(__name__)

#: How often a fallen backend that can reconnect is tried again.
REVIVE_SECONDS = 5.0
# Texts handed on from a failed backend whose marks are still followed.
_KEPT_MOVES = 512

# A text as one backend knows it: the backend and its mark (None: it cannot tell).
_Key = tuple[SpeechBackend, object]


@dataclass(frozen=True)
class FallbackEvent:
    """What changed in the chain, for the notice the player hears.

    *old* and *new* are backend kinds (a :class:`~sniff.enums.SpeechOutput`
    mostly: ``screenreader``, ``speechd``, ``voice``, ``text``...), the labels
    their proper names where they have one ("NVDA", "Speech Dispatcher").
    *reason* is the failure's code;
    *started* is False when *old* never spoke (it could not start at all);
    *revived* is True when *new* came back and takes over from *old*.
    """

    old: str
    new: str
    reason: SpeechProblem = SpeechProblem.FAILED
    old_label: str | None = None
    new_label: str | None = None
    started: bool = True
    revived: bool = False
    detail: str = ""


FallbackCallback = Callable[[FallbackEvent], None]


@dataclass(frozen=True, eq=False)
class _ChainMark:
    """The chain's mark: the backend that took the text, and that backend's mark."""

    backend: SpeechBackend | None
    inner: object = None


def _mark_of(backend: SpeechBackend) -> object:
    """*backend*'s mark for the text it was just given (None: it cannot tell)."""
    if not isinstance(backend, EndReporter):
        return None
    try:
        return backend.mark()
    except Exception:  # a reporter that fails can tell nothing
        _log.debug("%s could not mark a text", backend.name, exc_info=True)
        return None


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
        self._last = _ChainMark(None)
        # Texts a failed backend handed on: where each went (bounded, oldest dropped).
        self._moved: OrderedDict[_Key, _Key] = OrderedDict()
        #: Called from any thread when a backend failed on its own: the owner should
        #: call :meth:`check` soon, on its own thread.
        self.on_trouble: Callable[[], None] | None = None
        for backend in chain:
            if isinstance(backend, FailureReporter):
                backend.on_failure = self._backend_failed

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
        active = self.active
        busy = active.busy if isinstance(active, BusyReporter) else None
        return busy if isinstance(busy, bool) else None

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Speak through the active backend, falling back on failure."""
        self._maybe_revive()
        taken = self._call(lambda backend: backend.speak(text, interrupt=interrupt), marking=True)
        # Set after the call: a fallback notice said meanwhile has a mark of its own.
        self._last = _ChainMark(*taken) if taken is not None else _ChainMark(None)

    def braille(self, text: str) -> None:
        """Braille through the active backend, falling back on failure."""
        self._call(lambda backend: backend.braille(text))

    def silence(self) -> None:
        """Silence the active backend, falling back on failure."""
        self._call(lambda backend: backend.silence())

    def check(self) -> None:
        """Fall back now if the active backend failed on its own thread (a Speech
        Dispatcher that fell silent): its unheard texts go to the next backend and
        the notice is said, without waiting for the next thing to say."""
        self._call(_check)

    # -- what became of each text (EndReporter) --------------------------------------

    def mark(self) -> object:
        """The mark of the text given to the last :meth:`speak`."""
        return self._last

    def heard(self, mark: object) -> Heard:
        """What became of the text marked *mark*, asked of the backend that has it
        now (following it when a failed backend handed it on)."""
        if not isinstance(mark, _ChainMark) or mark.backend is None:
            return Heard.UNKNOWN
        key: _Key = (mark.backend, mark.inner)
        try:
            for _ in range(16):  # a text handed on again and again is still found
                moved = self._moved.get(key)
                if moved is None:
                    break
                key = moved
        except TypeError:  # a mark that cannot be looked up
            return Heard.UNKNOWN
        backend, inner = key
        if inner is None or not isinstance(backend, EndReporter):
            return Heard.UNKNOWN
        try:
            return backend.heard(inner)
        except Exception:  # a reporter that fails can tell nothing
            _log.debug("%s could not tell what was heard", backend.name, exc_info=True)
            return Heard.UNKNOWN

    def _move(self, origin: _Key, target: _Key) -> None:
        """A text of *origin* was handed on and is now *target* (lock held)."""
        try:
            self._moved[origin] = target
        except TypeError:  # an unhashable mark: it reads unknown
            return
        while len(self._moved) > _KEPT_MOVES:
            self._moved.popitem(last=False)

    def _backend_failed(self) -> None:
        """A backend's own thread found it failed: tell the owner (any thread)."""
        wake = self.on_trouble
        if wake is not None:
            try:
                wake()
            except Exception:  # the next call falls back anyway
                _log.debug("on_trouble failed", exc_info=True)

    def close(self) -> None:
        """Close every backend still in the chain; errors are swallowed."""
        with self._lock:
            for backend in [*self._backends, *self._fallen]:
                _close_quietly(backend)

    def set_rate(self, words_per_minute: int) -> None:
        """Pass the rate to every backend that has a voice (a later one may take over)."""

        def apply(backend: SpeechBackend) -> None:
            if isinstance(backend, VoiceSettings):
                backend.set_rate(words_per_minute)

        self._configure("set_rate", words_per_minute, apply)

    def set_volume(self, volume: float) -> None:
        """Pass the volume to every backend that has a voice."""

        def apply(backend: SpeechBackend) -> None:
            if isinstance(backend, VoiceSettings):
                backend.set_volume(volume)

        self._configure("set_volume", volume, apply)

    def set_language(self, language: str) -> None:
        """Pass the language to every backend that takes one."""

        def apply(backend: SpeechBackend) -> None:
            if isinstance(backend, FollowsLanguage):
                backend.set_language(language)

        self._configure("set_language", language, apply)

    def _call(
        self, action: Callable[[SpeechBackend], None], *, marking: bool = False
    ) -> _Key | None:
        """Run *action* on the active backend, falling down the chain while it fails;
        the texts a failed backend did not say go first to the next one. With
        *marking*, the backend that took the action and its mark (None if none did)."""
        taken: _Key | None = None
        with self._lock:
            last = self._last
            first_failed: tuple[SpeechBackend, Exception] | None = None
            unsaid: list[tuple[str, _Key | None]] = []
            while True:
                backend = self._backends[0]
                try:
                    while unsaid:
                        text, origin = unsaid[0]
                        backend.speak(text, interrupt=False)
                        unsaid.pop(0)
                        if origin is not None:
                            self._move(origin, (backend, _mark_of(backend)))
                    action(backend)
                    if marking:
                        taken = (backend, _mark_of(backend))
                except Exception as error:  # any failure means: next backend
                    _log.debug("speech backend %s failed", backend.name, exc_info=True)
                    if first_failed is None:
                        first_failed = (backend, error)
                    unsaid = [*_handed_on(backend, error), *unsaid]
                    if len(self._backends) == 1:
                        # Even the last resort failed (a custom chain): stay silent.
                        break
                    self._backends.pop(0)
                    if isinstance(backend, Reconnecting):
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
                        reason=(
                            failure.reason
                            if isinstance(failure, SpeechError)
                            else SpeechProblem.FAILED
                        ),
                        old_label=label_of(old),
                        new_label=label_of(self._backends[0]),
                        detail=str(failure),
                    )
                )
            if not marking:
                self._last = last  # braille, silence and check say no new text
        return taken

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
                    if isinstance(backend, Reconnecting):
                        backend.reconnect()
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
                        reason=SpeechProblem.BACK,
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

    def _configure(
        self, method: str, value: object, apply: Callable[[SpeechBackend], None]
    ) -> None:
        """*apply* a setting to every backend, still in the chain or fallen (a later
        one may take over, a fallen one come back)."""
        with self._lock:
            for backend in [*self._backends, *self._fallen]:
                try:
                    apply(backend)
                except Exception:  # a bad setting must not end speech
                    _log.debug("%s(%r) failed on %s", method, value, backend.name, exc_info=True)


def _check(backend: SpeechBackend) -> None:
    """Let *backend* raise a failure found on its own thread, if it can."""
    if isinstance(backend, SelfChecking):
        backend.check()


def _handed_on(backend: SpeechBackend, error: Exception) -> list[tuple[str, _Key | None]]:
    """The texts a failed *backend* did not say, each with its mark there (if known)."""
    if not isinstance(error, SpeechError):
        return []
    texts = [str(text) for text in error.unsaid]
    marks = list(error.unsaid_marks)
    if len(marks) != len(texts):
        return [(text, None) for text in texts]
    return [
        (text, (backend, mark) if mark is not None else None)
        for text, mark in zip(texts, marks, strict=True)
    ]


def _close_quietly(backend: SpeechBackend) -> None:
    try:
        backend.close()
    except Exception:  # closing a broken backend may fail too
        _log.debug("closing speech backend %s failed", backend.name, exc_info=True)
