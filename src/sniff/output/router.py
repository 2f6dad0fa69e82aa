"""The speech router: every announcement goes to speech, braille and earcons
from here, and is kept in the message history that R, [ and ] walk through.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

from sniff.announce.utterance import Utterance
from sniff.enums import Cue, Heard
from sniff.i18n import Translator
from sniff.output.sound.base import SoundPlayer
from sniff.output.sound.space import placement_for_end, score_pitch
from sniff.output.speech.base import (
    BusyReporter,
    EndReporter,
    SelfChecking,
    SpeechBackend,
    speaking_backend,
    unwrapped,
)
from sniff.output.speech.chain import FallbackSpeech
from sniff.output.transcript import Transcript
from sniff.storage.settings import Settings

if TYPE_CHECKING:
    import asyncio

__all__ = ["CHARACTERS_PER_SECOND", "Output", "ProblemNotice", "Said", "SpeechRestarter"]

_log = logging.getLogger(__name__)

#: About 175 words a minute: what a speech estimate assumes where the output cannot tell.
CHARACTERS_PER_SECOND = 15.0


class SpeechRestarter(Protocol):
    """What starts speech anew for the output (``sniff.output.setup.SpeechStarter``)."""

    def restart(self, output: Output, settings: Settings, translator: Translator) -> bool: ...

    def sounds(self, output: Output, enabled: bool) -> None: ...

    def set_translator(self, translator: Translator) -> None: ...


#: Told when a side output fails: ``on_problem(what, problem)``, *what* "transcript" or
#: "audio-out", *problem* the system's error (or, where only that is left, its text);
#: returns the notice to say.
ProblemNotice = Callable[[str, "OSError | str"], "Utterance | None"]


@dataclass(frozen=True)
class Said:
    """One utterance as it went out, to ask later whether it was heard to its end."""

    utterance: Utterance
    reporter: EndReporter | None = None
    mark: object = None
    quiet: bool = False  # kept in the history only: never spoken

    def heard(self) -> Heard:
        """What became of it: said to its end, cut off, still to come, or unknown.

        An utterance with no words (an earcon alone) counts as heard; one kept
        quiet was never said (:attr:`Heard.CUT`).
        """
        if self.quiet:
            return Heard.CUT
        if not self.utterance.text:
            return Heard.END
        if self.reporter is None:
            return Heard.UNKNOWN
        return self.reporter.heard(self.mark)


class Output:
    """Everything the player hears or reads goes through here.

    It speaks through the speech backend (which falls back by itself), plays
    the earcon an utterance asks for, and keeps the message history that R,
    [ and ] walk through and that the screen shows.
    """

    def __init__(
        self,
        speech: SpeechBackend,
        sound: SoundPlayer,
        *,
        history_size: int = 500,
        on_change: Callable[[], None] | None = None,
        transcript: Transcript | None = None,
        on_problem: ProblemNotice | None = None,
    ) -> None:
        # The event loop of the thread that speaks (the interface's), once seen: a
        # speech backend that fails on a thread of its own is replaced there.
        self._loop: asyncio.AbstractEventLoop | None = None
        self.speech = speech
        self.sound = sound
        self.history: list[Utterance] = []
        self.history_size = history_size
        self.position: int | None = None  # where [ and ] stand in the history
        self.last: Utterance | None = None
        self.on_change = on_change
        self.transcript = transcript
        # Told when a side output fails ("transcript", "audio-out") with the reason;
        # returns the notice to say (once), so the player knows and the game goes on.
        self.on_problem = on_problem
        self._told: set[str] = set()
        # Starts speech anew (see sniff.output.setup.SpeechStarter); None: it cannot.
        self.starter: SpeechRestarter | None = None

    @property
    def speech(self) -> SpeechBackend:
        """The speech output (a fallback chain, perhaps wrapped for line mode)."""
        return self._speech

    @speech.setter
    def speech(self, speech: SpeechBackend) -> None:
        self._speech = speech
        chain = unwrapped(speech)  # through wrappers (line echo)
        if isinstance(chain, FallbackSpeech):
            chain.on_trouble = self._trouble

    def _trouble(self) -> None:
        """A speech backend failed on a thread of its own (any thread calls this):
        replace it on the interface's thread at once, so the fallback notice and
        what was not heard are said now, not at the next key."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to do
                loop.call_soon_threadsafe(self.check_speech)

    def check_speech(self) -> None:
        """Let the speech chain replace a backend that failed on its own thread."""
        speech = unwrapped(self.speech)
        if isinstance(speech, SelfChecking):
            try:
                speech.check()
            except Exception:  # a faulty output must not stop the game
                _log.debug("checking the speech output failed", exc_info=True)

    def _see_loop(self) -> None:
        # Not imported here: without asyncio loaded no loop can run, and the first
        # words must not wait for it.
        running = sys.modules.get("asyncio")
        if running is not None:
            with contextlib.suppress(RuntimeError):  # no loop runs on this thread
                self._loop = running.get_running_loop()

    def say(
        self, utterances: Utterance | Iterable[Utterance], *, quiet: bool = False
    ) -> list[Said]:
        """Speak, cue and remember; what went out, to ask later whether it was heard.
        *quiet*: remember only (skipped bot turns)."""
        self._see_loop()
        if isinstance(utterances, Utterance):
            utterances = [utterances]
        out: list[Said] = []
        for utterance in utterances:
            self.history.append(utterance)
            del self.history[: -self.history_size]
            self.position = None
            self.last = utterance
            out.append(Said(utterance, quiet=True) if quiet else self._emit(utterance))
        if self.on_change is not None:
            self.on_change()
        return out

    def _emit(self, utterance: Utterance) -> Said:
        self._speak_and_cue(utterance)
        said = Said(utterance)
        if utterance.text:
            reporter = self.end_reporter()
            if reporter is not None:
                said = Said(utterance, reporter, reporter.mark())
        self._keep(utterance.text)
        return said

    def end_reporter(self) -> EndReporter | None:
        """The speech output that can tell whether a text was heard to its end
        (None: it cannot)."""
        backend = self.speech
        if isinstance(backend, EndReporter):
            return backend
        chain = unwrapped(backend)  # through wrappers (line echo)
        return chain if isinstance(chain, EndReporter) else None

    def _keep(self, text: str) -> None:
        """The side outputs: the transcript and the ``--audio-out`` file."""
        transcript = self.transcript
        if transcript is not None and text:
            try:
                transcript.write(text)
            except OSError as error:
                self.transcript = None
                transcript.close()
                self._problem("transcript", error)
        failure = self.sound.audio_out_error
        if failure:
            self._problem("audio-out", str(failure))

    def _problem(self, what: str, problem: OSError | str) -> None:
        if what in self._told or self.on_problem is None:
            return
        self._told.add(what)
        notice = self.on_problem(what, problem)
        if notice is not None:
            self.say(notice)

    def _speak_and_cue(self, utterance: Utterance) -> None:
        if utterance.cue is not None:
            pan, pitch = placement_for_end(utterance.end or "")
            if utterance.cue == Cue.SCORE and utterance.points:
                pitch *= score_pitch(utterance.points)
            self.sound.play(utterance.cue, pan=pan, pitch=pitch)
        if utterance.text:
            self.speech.speak(utterance.text, interrupt=utterance.interrupt)
            # Braille gets the short form: a display shows a line at a time.
            self.speech.braille(utterance.short or utterance.text)

    def restart_speech(self, settings: Settings, translator: Translator) -> bool:
        """Start speech again for *settings* (another speech setting, or the sound
        device tried again); False where this output cannot."""
        if self.starter is None:
            return False
        return self.starter.restart(self, settings, translator)

    def set_translator(self, translator: Translator) -> None:
        """The player chose another language: the output's own notices (a speech output
        that fails, a side output that stops) are said in it from now on."""
        if self.starter is not None:
            self.starter.set_translator(translator)

    def set_sounds(self, enabled: bool) -> None:
        """Earcons on or off (on opens the sound device if none is open yet)."""
        if self.starter is None:
            self.sound.set_enabled(enabled)
        else:
            self.starter.sounds(self, enabled)

    def speaks_through(self, kind: str) -> bool:
        """Whether the output that speaks now is of *kind* (through wrappers and the chain)."""
        backend = speaking_backend(self.speech)
        return getattr(backend, "name", None) == kind

    def busy(self) -> bool | None:
        """Whether speech is still being said: True or False where the speech output
        can tell, None where it cannot (then :meth:`estimate` stands in). A speech
        backend that failed meanwhile is replaced first."""
        self._see_loop()
        self.check_speech()
        backend = speaking_backend(self.speech)  # through wrappers and the chain
        busy = backend.busy if isinstance(backend, BusyReporter) else None
        return busy if isinstance(busy, bool) else None

    def estimate(self, text: str) -> float:
        """Seconds *text* takes to say at an ordinary screen-reader rate."""
        return len(text) / CHARACTERS_PER_SECOND

    def repeat(self) -> None:
        """Say the last announcement again (also when it is the same text)."""
        if self.last is not None:
            self._speak_and_cue(_as_interrupting(self.last))

    def step(self, delta: int) -> Utterance | None:
        """Move through the history (-1: older, +1: newer) and say that message."""
        if not self.history:
            return None
        if self.position is None:
            self.position = len(self.history) - 1
        self.position = max(0, min(len(self.history) - 1, self.position + delta))
        utterance = _as_interrupting(self.history[self.position])
        self._speak_and_cue(utterance)
        return utterance

    def recent(self, count: int) -> Sequence[Utterance]:
        return self.history[-count:]


def _as_interrupting(utterance: Utterance) -> Utterance:
    return replace(utterance, interrupt=True, cue=None)
