"""A fake speech output that takes time to speak and reports what it said to the end.

For the layers above speech (the game screen's catch-up, pacing): each text
takes ``len(text) / rate`` seconds of real time, in order; an interrupting
text, or :meth:`silence`, cuts off the one being said and drops the queue.
It keeps which texts were said to their end and which were cut, and reports
both through the game's :class:`~sniff.output.speech.base.EndReporter`
protocol, as the built-in voice and Speech Dispatcher do.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sniff.enums import Heard


@dataclass
class _Text:
    text: str
    mark: int
    start: float | None = None  # when it began to be said
    state: Heard = Heard.PENDING


class TimedSpeech:
    """Speaks at *rate* characters a second (of real time), one text after another."""

    name = "timed"

    def __init__(self, rate: float = 300.0) -> None:
        self.rate = rate
        self._texts: list[_Text] = []
        self._now = time.monotonic

    # -- the clock moves on ----------------------------------------------------------

    def _advance(self) -> None:
        """Bring the queue up to now: texts whose time has passed were said to the end."""
        now = self._now()
        moment: float | None = None
        for item in self._texts:
            if item.state is not Heard.PENDING:
                continue
            if item.start is None:
                item.start = moment if moment is not None else now
            end = item.start + len(item.text) / self.rate
            if end > now:
                return
            item.state = Heard.END
            moment = end

    def _cut_all(self) -> None:
        for item in self._texts:
            if item.state is Heard.PENDING:
                item.state = Heard.CUT

    # -- SpeechBackend ---------------------------------------------------------------

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self._advance()
        if interrupt:
            self._cut_all()
        self._texts.append(_Text(text, len(self._texts)))
        self._advance()

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        self._advance()
        self._cut_all()

    def close(self) -> None:
        pass

    @property
    def busy(self) -> bool:
        self._advance()
        return any(item.state is Heard.PENDING for item in self._texts)

    # -- EndReporter -----------------------------------------------------------------

    def mark(self) -> object:
        return len(self._texts) - 1

    def heard(self, mark: object) -> Heard:
        self._advance()
        if not isinstance(mark, int) or not 0 <= mark < len(self._texts):
            return Heard.UNKNOWN
        return self._texts[mark].state

    # -- for the tests ---------------------------------------------------------------

    @property
    def ended(self) -> list[str]:
        """Every text said to its end, in order."""
        self._advance()
        return [item.text for item in self._texts if item.state is Heard.END]

    @property
    def texts(self) -> list[str]:
        return [item.text for item in self._texts]


class UnknownSpeech:
    """A :class:`TimedSpeech` behind an output that cannot tell what it said to the end
    (as most screen readers): no marks, no ``busy``."""

    name = "unknown"

    def __init__(self, rate: float = 300.0) -> None:
        self._speech = TimedSpeech(rate)  # (not ``inner``: the game must not see through)

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self._speech.speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        pass

    def silence(self) -> None:
        self._speech.silence()

    def close(self) -> None:
        pass

    @property
    def ended(self) -> list[str]:
        return self._speech.ended

    @property
    def texts(self) -> list[str]:
        return self._speech.texts
