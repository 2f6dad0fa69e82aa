"""``--transcript FILE``: every announcement also goes to a file, one line each."""

from __future__ import annotations

import os
import threading

from sniff.output.speech.base import SpeechBackend
from sniff.output.speech.text import one_line

__all__ = ["TranscriptSpeech"]


class TranscriptSpeech:
    """Wraps any backend and appends each spoken text to ``path``.

    The file is UTF-8 and flushed after every line, so a test (or a sighted
    helper) can read it while the game runs. It is written before the inner
    backend speaks, so the transcript is complete even if speech fails.
    """

    def __init__(self, inner: SpeechBackend, path: str | os.PathLike[str]) -> None:
        self.inner = inner
        self.path = os.fspath(path)
        self._lock = threading.Lock()
        # newline="\n": the same bytes on every platform, so transcripts compare.
        self._file = open(self.path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115

    @property
    def name(self) -> str:
        """The inner backend's name: the transcript is not an output of its own."""
        return self.inner.name

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Append ``text`` to the file, then pass it on."""
        line = one_line(text)
        if line:
            with self._lock:
                if not self._file.closed:
                    self._file.write(line + "\n")
                    self._file.flush()
        self.inner.speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        """Pass on; braille repeats what was spoken, so the file does not."""
        self.inner.braille(text)

    def silence(self) -> None:
        """Pass on."""
        self.inner.silence()

    def close(self) -> None:
        """Close the inner backend and the file."""
        try:
            self.inner.close()
        finally:
            with self._lock:
                self._file.close()

    def set_rate(self, words_per_minute: int) -> None:
        """Forward to the inner backend if it has a voice."""
        _forward(self.inner, "set_rate", words_per_minute)

    def set_volume(self, volume: float) -> None:
        """Forward to the inner backend if it has a voice."""
        _forward(self.inner, "set_volume", volume)

    def set_language(self, language: str) -> None:
        """Forward to the inner backend if it has a voice."""
        _forward(self.inner, "set_language", language)


def _forward(backend: object, method: str, value: object) -> None:
    setter = getattr(backend, method, None)
    if callable(setter):
        setter(value)
