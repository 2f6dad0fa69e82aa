"""The speech synthesiser of the built-in voice, one per process.

Two engines behind one interface (``start_engine``, ``render``, ``stream``):

- On Linux, eSpeak-NG spoken to directly (:mod:`sniff.output.speech.espeak`):
  the voice starts a tenth of a millisecond after it is asked.
- Elsewhere (SAPI5 on Windows, the macOS synthesiser), and on Linux where
  ``SNIFF_VOICE_ENGINE=pyttsx3`` asks for it, pyttsx3: each sentence is
  rendered into a file and read back.

Each engine lives on one thread of its own (:class:`~sniff.output.speech._jobs.JobThread`):
pyttsx3 is not thread-safe, its eSpeak driver keeps one global callback, and
SAPI5 objects belong to the COM apartment that made them. Only one of the two
may load eSpeak-NG in a process, which is why there is one synthesiser.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from sniff.enums import SpeechProblem
from sniff.output.speech._jobs import JobThread
from sniff.output.speech._pcm import read_pcm16
from sniff.output.speech._quiet import quiet_thread
from sniff.output.speech._voices import VoiceInfo, choose_voice, language_codes, locale_region
from sniff.output.speech.base import SpeechError, SpeechUnavailable
from sniff.output.speech.espeak import EspeakSynthesiser, library_path

__all__ = [
    "ENGINE_VARIABLE",
    "Synthesiser",
    "VoiceInfo",
    "choose_voice",
    "locale_region",
    "synthesiser",
    "voice_for",
]

_log = logging.getLogger(__name__)

#: Set to ``pyttsx3`` to make the built-in voice use pyttsx3 on Linux too.
ENGINE_VARIABLE = "SNIFF_VOICE_ENGINE"
# eSpeak renders several seconds of speech in milliseconds: a sentence not
# finished after this was lost by pyttsx3's driver and is rendered again.
_FIRST_WAIT = 2.0
_SETTLE = 0.005

_INSTALL_HINT = {
    "linux": "install eSpeak-NG (for example: sudo apt install espeak-ng)",
    "darwin": "the macOS speech synthesiser could not be started",
    "win32": "the Windows SAPI5 speech synthesiser could not be started",
}


class Synthesiser(Protocol):
    """What the built-in voice needs of an engine."""

    @property
    def name(self) -> str:
        """The engine as a player knows it ("eSpeak NG", "SAPI 5")."""

    def start_engine(self) -> tuple[VoiceInfo, ...]:
        """Start it if needed; its voices. :class:`SpeechUnavailable` if it cannot run."""

    def render(
        self, text: str, path: Path, *, voice: str | None, rate: int | None, volume: float | None
    ) -> None:
        """Render *text* into an audio file (WAV; AIFF on macOS)."""

    def stream(
        self,
        text: str,
        on_chunk: Callable[[bytes, int], bool],
        *,
        voice: str | None,
        rate: int | None,
        volume: float | None,
    ) -> int:
        """Hand *text*'s 16-bit mono PCM to ``on_chunk(pcm, sample_rate)`` piece by
        piece (False stops it); return the sample rate."""


class Pyttsx3Synthesiser:
    """pyttsx3's engine on its own thread."""

    def __init__(self) -> None:
        self._jobs = JobThread("sniff-speech-synth", opener=self._open_engine)
        if sys.platform == "win32":
            self._jobs.on_start = _com_apartment
        self._engine: Any = None
        self._defaults: dict[str, Any] = {}
        self.voices: tuple[VoiceInfo, ...] = ()
        self._finished_event = threading.Event()
        self._async_driver = False
        self._finished_at = 0.0
        self._folder: Path | None = None

    @property
    def name(self) -> str:
        if sys.platform == "win32":
            return "SAPI 5"
        if sys.platform == "darwin":
            return "NSSpeechSynthesizer"
        return "eSpeak NG (pyttsx3)"

    def start_engine(self) -> tuple[VoiceInfo, ...]:
        return self._jobs.run(lambda: self.voices)

    def render(
        self, text: str, path: Path, *, voice: str | None, rate: int | None, volume: float | None
    ) -> None:
        self._jobs.run(lambda: self._render(text, path, voice, rate, volume))

    def stream(
        self,
        text: str,
        on_chunk: Callable[[bytes, int], bool],
        *,
        voice: str | None,
        rate: int | None,
        volume: float | None,
    ) -> int:
        """pyttsx3 only renders whole sentences: one piece, read back from a file."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="sniff-speech-"))
        path = self._folder / "utterance.wav"
        self.render(text, path, voice=voice, rate=rate, volume=volume)
        pcm = read_pcm16(path)
        data = pcm.data if pcm.channels == 1 else _left(pcm.data)
        on_chunk(data, pcm.sample_rate)
        return pcm.sample_rate

    def _render(
        self, text: str, path: Path, voice: str | None, rate: int | None, volume: float | None
    ) -> None:
        engine = self._engine
        # Properties are global to the engine: set all of them for each sentence.
        # Rate and volume go both before and after the voice: after a language
        # switch eSpeak-NG ignored a rate set only after the voice (seen with 1.51).
        settings = {
            "rate": rate if rate is not None else self._defaults["rate"],
            "volume": volume if volume is not None else 1.0,
        }
        for name, value in settings.items():
            engine.setProperty(name, value)
        engine.setProperty("voice", voice or self._defaults["voice"])
        for name, value in settings.items():
            engine.setProperty(name, value)
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
        # eSpeak's callback thread still tidies up just after it reports the end of
        # a sentence; starting the next one at that instant can lose it.
        pause = self._finished_at + _SETTLE - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        with quiet_thread():
            for wait in (_FIRST_WAIT, _FIRST_WAIT, 20.0):
                self._finished_event.clear()
                engine.save_to_file(text, os.fspath(path))
                engine.runAndWait()
                # eSpeak renders on its own thread and runAndWait() returns before the
                # file is written; a sentence the driver lost, or wrote empty, is
                # rendered again.
                finished = not self._async_driver or self._finished_event.wait(wait)
                self._finished_at = time.monotonic()
                if finished and _has_audio(path):
                    return
        raise SpeechError(f"the synthesiser wrote no audio for {text!r}")

    def _open_engine(self) -> None:
        hint = _INSTALL_HINT.get(sys.platform, "no speech synthesiser is installed")
        try:
            with quiet_thread():
                pyttsx3 = importlib.import_module("pyttsx3")
                engine = pyttsx3.init()
                voices = engine.getProperty("voices") or []
                self._defaults = {
                    "voice": engine.getProperty("voice"),
                    "rate": engine.getProperty("rate"),
                }
                engine.connect("finished-utterance", lambda *a, **k: self._finished_event.set())
                driver = getattr(getattr(engine, "proxy", None), "_driver", None)
                self._async_driver = type(driver).__name__ == "EspeakDriver" or (
                    sys.platform not in ("win32", "darwin")
                )
        except ImportError as error:
            raise SpeechUnavailable(
                f"pyttsx3 is not installed ({error})", SpeechProblem.MISSING_LIBRARY
            ) from error
        except Exception as error:
            _log.debug("pyttsx3 failed to start", exc_info=True)
            raise SpeechUnavailable(
                f"no speech voice: {hint} ({error})", SpeechProblem.NO_SYNTHESIZER
            ) from error
        default = str(self._defaults.get("voice") or "")
        self.voices = tuple(
            VoiceInfo(
                str(getattr(v, "id", "")),
                str(getattr(v, "name", "") or ""),
                language_codes(getattr(v, "languages", ())),
                # The system's own choice (Windows, macOS): it tells the player's region.
                default=bool(default) and str(getattr(v, "id", "")) == default,
            )
            for v in voices
        )
        self._engine = engine


def _com_apartment() -> None:
    """SAPI5 is COM: the engine's thread needs its own apartment."""
    with contextlib.suppress(Exception):
        importlib.import_module("comtypes").CoInitialize()


def _left(data: bytes) -> bytes:
    """The left channel of interleaved 16-bit stereo."""
    return b"".join(data[i : i + 2] for i in range(0, len(data), 4))


def _has_audio(path: Path) -> bool:
    """The file exists and holds samples (a WAV header alone is 44 bytes)."""
    try:
        return path.stat().st_size > 64
    except OSError:
        return False


def voice_for(voices: tuple[VoiceInfo, ...], language: str) -> str | None:
    """The voice for *language* in the player's region (see :mod:`._voices`)."""
    return choose_voice(voices, language, region=locale_region(language))


_SYNTHESISER: Synthesiser | None = None


def synthesiser() -> Synthesiser:
    """The process-wide synthesiser: eSpeak-NG directly on Linux, else pyttsx3."""
    global _SYNTHESISER
    if _SYNTHESISER is None:
        wanted = os.environ.get(ENGINE_VARIABLE, "").strip().lower()
        path = library_path()
        if path is not None and wanted != "pyttsx3":
            _SYNTHESISER = EspeakSynthesiser(path)
        else:
            _SYNTHESISER = Pyttsx3Synthesiser()
    return _SYNTHESISER
