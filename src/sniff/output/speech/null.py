"""The backend that says nothing: ``--speech none`` and the end of every chain."""

from __future__ import annotations

from sniff.enums import SpeechOutput

__all__ = ["NullSpeech"]


class NullSpeech:
    """Accepts every call and does nothing, so it can never fail."""

    name = SpeechOutput.NONE
    busy = False  # nothing is said, so nothing is awaited

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Discard ``text``."""

    def braille(self, text: str) -> None:
        """Discard ``text``."""

    def silence(self) -> None:
        """Nothing to stop."""

    def close(self) -> None:
        """Nothing to release."""
