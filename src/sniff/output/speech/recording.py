"""A fake backend that remembers every call, for UI and announcer tests."""

from __future__ import annotations

from sniff.enums import Heard

__all__ = ["RecordingSpeech"]


class RecordingSpeech:
    """Keeps what the game asked for, in order.

    >>> speech = RecordingSpeech()
    >>> speech.speak("Your turn", interrupt=True)
    >>> speech.spoken
    [('Your turn', True)]
    """

    name = "recording"
    #: Nothing is said aloud: a recorded line is "heard" at once (pacing never waits).
    busy = False

    def __init__(self) -> None:
        self.spoken: list[tuple[str, bool]] = []
        self.brailled: list[str] = []
        self.silenced = 0
        self.closed = False
        self.rate: int | None = None
        self.volume: float | None = None
        self.language: str | None = None
        # What became of each text, by its place in ``spoken`` (unset: said to its end,
        # at once). A test sets entries to play a listener who cut something off.
        self.heard_as: dict[int, Heard] = {}

    @property
    def texts(self) -> list[str]:
        """Just the spoken texts, for assertions that ignore ``interrupt``."""
        return [text for text, _ in self.spoken]

    def clear(self) -> None:
        """Forget everything recorded so far (settings are kept)."""
        self.spoken.clear()
        self.heard_as.clear()
        self.brailled.clear()
        self.silenced = 0

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Record ``(text, interrupt)``."""
        self.spoken.append((text, interrupt))

    def mark(self) -> object:
        """The place in ``spoken`` of the last text."""
        return len(self.spoken) - 1

    def heard(self, mark: object) -> Heard:
        """Said to its end, unless a test said otherwise in ``heard_as``."""
        if not isinstance(mark, int) or not 0 <= mark < len(self.spoken):
            return Heard.UNKNOWN
        return self.heard_as.get(mark, Heard.END)

    def braille(self, text: str) -> None:
        """Record the braille text."""
        self.brailled.append(text)

    def silence(self) -> None:
        """Count the call."""
        self.silenced += 1

    def close(self) -> None:
        """Remember that the backend was closed."""
        self.closed = True

    # Voice settings are recorded too, so a settings-menu test can check them.
    def set_rate(self, words_per_minute: int) -> None:
        """Record the rate."""
        self.rate = words_per_minute

    def set_volume(self, volume: float) -> None:
        """Record the volume."""
        self.volume = volume

    def set_language(self, language: str) -> None:
        """Record the language."""
        self.language = language
