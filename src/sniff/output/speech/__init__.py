"""Speech output behind one small interface.

``create_speech()`` builds what the ``--speech`` option asks for: a screen
reader, the built-in voice, plain text lines, or nothing, always with the
text/none fallback behind it. Everything here is silent on stdout except the
text backend, whose job that is.
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable
from typing import Any, TextIO

from sniff.enums import SpeechMode, SpeechOutput, SpeechProblem, values
from sniff.output.lines import is_terminal
from sniff.output.speech.base import SpeechBackend, SpeechError, SpeechUnavailable, VoiceSettings
from sniff.output.speech.chain import FallbackCallback, FallbackEvent, FallbackSpeech
from sniff.output.speech.null import NullSpeech
from sniff.output.speech.probe import orca_running
from sniff.output.speech.recording import RecordingSpeech
from sniff.output.speech.text import TextSpeech

__all__ = [
    "MODES",
    "FallbackEvent",
    "FallbackSpeech",
    "NullSpeech",
    "RecordingSpeech",
    "SpeechBackend",
    "SpeechError",
    "SpeechUnavailable",
    "TextSpeech",
    "VoiceSettings",
    "create_speech",
]

MODES: tuple[str, ...] = values(SpeechMode)

_log = logging.getLogger(__name__)


def create_speech(
    mode: str = "auto",
    *,
    language: str = "en",
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
    sound: Any = None,
    text_stream: TextIO | None = None,
    on_fallback: FallbackCallback | None = None,
) -> FallbackSpeech:
    """Build the speech output for ``mode`` (one of :data:`MODES`): a chain that
    falls back, with a notice, down to text lines (and nothing, for ``none``).

    - ``screenreader``: the screen reader that reads this terminal, where
      *text_stream* is one (:mod:`sniff.output.speech.reader`: the game writes
      lines, the reader reads them); else the running screen reader through
      prismatoid (NVDA, JAWS, VoiceOver, Orca...); on Linux the game's own Speech
      Dispatcher client behind it, then text.
    - ``voice``: the built-in voice, then a screen reader, then text. The voice
      needs *sound* to reach someone (a device or an ``--audio-out`` file).
    - ``auto``: the screen reader that reads this terminal, else a running screen
      reader, else the built-in voice, else text.

    A chosen output that cannot start is replaced at once and
    ``on_fallback`` hears why (``started=False``).

    >>> create_speech("none").name is SpeechOutput.NONE
    True
    """
    if mode not in MODES:
        raise ValueError(f"unknown speech mode {mode!r}; choose one of {', '.join(MODES)}")
    chain: list[SpeechBackend] = []
    failures: list[tuple[str, SpeechUnavailable]] = []

    def attempt(kind: str, build: Callable[[], SpeechBackend]) -> None:
        try:
            chain.append(build())
        except SpeechUnavailable as error:
            _log.debug("%s unavailable: %s", kind, error)
            failures.append((kind, error))

    def readers() -> None:
        for kind, build in _reader_builders(language):
            attempt(kind, build)

    def terminal_reader() -> bool:
        """The reader that reads the terminal, where the lines go to one."""
        if text_stream is None or not is_terminal(text_stream):
            return False
        attempt(SpeechOutput.READER, lambda: _terminal_reader(text_stream))
        return bool(chain)

    def built_in_voice() -> None:
        attempt(SpeechOutput.VOICE, lambda: _voice(language, rate, volume, voice, sound))

    if mode == SpeechMode.SCREENREADER:
        terminal_reader()
        readers()
    elif mode == SpeechMode.VOICE:
        built_in_voice()
        readers()
    elif mode == SpeechMode.AUTO:
        if terminal_reader() or _reader_running():
            readers()
        built_in_voice()
        failures = [f for f in failures if f[0] != SpeechOutput.VOICE] if chain else failures
    if mode != SpeechMode.NONE:
        chain.append(TextSpeech(text_stream))
    speech = FallbackSpeech(chain, on_fallback)
    wanted = {
        SpeechMode.SCREENREADER: SpeechOutput.SCREENREADER,
        SpeechMode.VOICE: SpeechOutput.VOICE,
    }.get(SpeechMode(mode))
    taken = {wanted, SpeechOutput.READER} if wanted is SpeechOutput.SCREENREADER else {wanted}
    if wanted is not None and on_fallback is not None and chain[0].name not in taken and failures:
        error = failures[0][1]
        with contextlib.suppress(Exception):  # a faulty notice must not stop the game
            on_fallback(
                FallbackEvent(
                    old=wanted,
                    new=speech.name,
                    reason=error.reason,
                    new_label=speech.label,
                    started=False,
                    detail=str(error),
                )
            )
    return speech


def _reader_running() -> bool:
    """Whether a screen reader seems to run (cheap checks before loading prismatoid)."""
    if _linux():
        return orca_running()
    return True  # Windows and macOS: prismatoid itself looks


def _linux() -> bool:
    return _platform().startswith("linux")


def _platform() -> str:
    return sys.platform


def _reader_builders(language: str) -> list[tuple[str, Callable[[], SpeechBackend]]]:
    """The ways to a screen reader on this system, best first."""
    builders: list[tuple[str, Callable[[], SpeechBackend]]] = []
    linux = _linux()
    if not linux or orca_running():
        builders.append((SpeechOutput.SCREENREADER, lambda: _prism_reader(language)))
    if linux:
        builders.append((SpeechOutput.SPEECHD, lambda: _speech_dispatcher(language)))
    else:
        builders.append((SpeechOutput.SCREENREADER, _accessible_output))
    return builders


def _terminal_reader(stream: TextIO) -> SpeechBackend:
    from sniff.output.speech.reader import TerminalReaderSpeech

    return TerminalReaderSpeech(stream)


def _prism_reader(language: str) -> SpeechBackend:
    from sniff.output.speech.prism_reader import PrismSpeech

    return PrismSpeech(language=language)


def _speech_dispatcher(language: str) -> SpeechBackend:
    from sniff.output.speech.ssip import SpeechDispatcherSpeech

    return SpeechDispatcherSpeech(language=language)


def _accessible_output() -> SpeechBackend:
    """accessible-output2: VoiceOver from a terminal, and a Windows reader prismatoid
    could not reach (or where it has no wheel)."""
    from sniff.output.speech.screenreader import ScreenReaderSpeech

    return ScreenReaderSpeech()


def _voice(
    language: str, rate: int | None, volume: float | None, voice: str | None, sound: Any
) -> SpeechBackend:
    if sound is None or not getattr(sound, "audible", False):
        raise SpeechUnavailable(
            "there is no sound device for the built-in voice", SpeechProblem.NO_AUDIO_DEVICE
        )
    from sniff.output.speech.voice import VoiceSpeech

    return VoiceSpeech(sound, language=language, rate=rate, volume=volume, voice=voice)
