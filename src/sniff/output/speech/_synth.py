"""The one pyttsx3 engine of the process, owned by one thread.

pyttsx3 is not thread-safe, its eSpeak driver keeps one global synthesis
callback (a second engine would steal it and leave the first waiting
forever), and SAPI5 objects belong to the COM apartment that created them.
So a single daemon thread creates the engine and runs every job on it;
everyone else hands jobs over and waits for the result.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sniff.output.speech._quiet import quiet_thread
from sniff.output.speech.base import SpeechError, SpeechUnavailable

__all__ = ["VoiceInfo", "choose_voice", "synthesiser"]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")

# Generous: a long sentence renders in well under a second, but a machine
# under load must not drop speech for nothing.
RENDER_TIMEOUT = 20.0
# eSpeak renders several seconds of speech in milliseconds: a sentence not
# finished after this was lost by the driver and is rendered again.
_FIRST_WAIT = 2.0
_SETTLE = 0.005

_INSTALL_HINT = {
    "linux": "install eSpeak-NG (for example: sudo apt install espeak-ng)",
    "darwin": "the macOS speech synthesiser could not be started",
    "win32": "the Windows SAPI5 speech synthesiser could not be started",
}


@dataclass(frozen=True)
class VoiceInfo:
    """What the synthesiser tells about one of its voices."""

    id: str
    name: str
    languages: tuple[str, ...]


# Regions tried first when a bare language is asked for; eSpeak-NG's own
# English default is British, and its German voice is plain "de".
_PREFERRED_REGIONS = {"en": ("en-gb", "en-us"), "de": ("de-de",)}
_LANGUAGE_NAMES = {"en": ("english",), "de": ("german", "deutsch")}


def choose_voice(voices: Sequence[VoiceInfo], language: str) -> str | None:
    """Pick the id of the voice that best speaks ``language``, or ``None``.

    >>> voices = [VoiceInfo("gmw/en", "English", ("en-gb",)),
    ...           VoiceInfo("gmw/de", "German", ("de",))]
    >>> choose_voice(voices, "de")
    'gmw/de'
    """
    lang = language.lower().replace("_", "-").split("-")[0]
    best: tuple[int, str] | None = None
    for voice in voices:
        score = _score(voice, lang)
        if score is not None and (best is None or score < best[0]):
            best = (score, voice.id)
    return None if best is None else best[1]


def _score(voice: VoiceInfo, lang: str) -> int | None:
    codes = [code.lower().replace("_", "-") for code in voice.languages]
    preferred = _PREFERRED_REGIONS.get(lang, ())
    if lang in codes:
        return 0
    for index, region in enumerate(preferred):
        if region in codes:
            return 1 + index
    if any(code.startswith(lang + "-") for code in codes):
        return 10
    ident = voice.id.lower()
    if ident == lang or ident.endswith(("/" + lang, "\\" + lang, "." + lang)):
        return 11
    text = f"{voice.id} {voice.name}".lower()
    if any(word in text for word in _LANGUAGE_NAMES.get(lang, ())):
        return 12
    return None


def _language_codes(raw: object) -> tuple[str, ...]:
    """pyttsx3 drivers give str, or bytes with a leading priority byte."""
    if not isinstance(raw, (list, tuple)):
        raw = [raw] if raw else []
    codes: list[str] = []
    for item in raw:
        code = item.decode("utf-8", "ignore") if isinstance(item, bytes) else str(item)
        code = code.lstrip("".join(chr(n) for n in range(32))).strip()
        if code:
            codes.append(code)
    return tuple(codes)


class _Synthesiser:
    """Runs jobs on the engine's own thread."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[Callable[[Any], Any], Future[Any]]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._engine: Any = None
        self._defaults: dict[str, Any] = {}
        self.voices: tuple[VoiceInfo, ...] = ()
        self._stuck = False
        self._finished = threading.Event()
        self._async_driver = False
        self._finished_at = 0.0

    def run(self, job: Callable[[Any], _T], timeout: float = RENDER_TIMEOUT) -> _T:
        """Run ``job(engine)`` on the engine thread and return its result."""
        if self._stuck:
            raise SpeechError("the speech synthesiser stopped responding")
        self._ensure_thread()
        future: Future[Any] = Future()
        self._jobs.put((job, future))
        try:
            result: _T = future.result(timeout)
        except FutureTimeout as error:
            self._stuck = True
            raise SpeechError("the speech synthesiser stopped responding") from error
        return result

    def start_engine(self) -> tuple[VoiceInfo, ...]:
        """Create the engine if needed; raise :class:`SpeechUnavailable` if it cannot run."""
        try:
            return self.run(lambda _engine: self.voices)
        except SpeechUnavailable:
            raise
        except SpeechError as error:
            raise SpeechUnavailable(str(error)) from error

    def render(
        self,
        text: str,
        path: Path,
        *,
        voice: str | None,
        rate: int | None,
        volume: float | None,
    ) -> None:
        """Render ``text`` into the audio file ``path`` with these settings."""

        def job(engine: Any) -> None:
            # Properties are global to the engine, shared by every user of it:
            # set all of them for each utterance. Rate and volume go both before
            # and after the voice: after a language switch eSpeak-NG ignored a
            # rate set only after the voice (measured with 1.51).
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
            # eSpeak's callback thread still tidies up (and ends the driver's
            # loop) just after it reports the end of a sentence; starting the
            # next one at that instant can lose it, so leave it a moment.
            pause = self._finished_at + _SETTLE - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            with quiet_thread():
                for wait in (_FIRST_WAIT, _FIRST_WAIT, RENDER_TIMEOUT):
                    self._finished.clear()
                    engine.save_to_file(text, os.fspath(path))
                    engine.runAndWait()
                    # eSpeak renders on its own thread and runAndWait() returns
                    # before the file is written; reading it early would get the
                    # previous sentence or nothing. A sentence the driver lost,
                    # or wrote empty (pyttsx3 drops the samples that arrive with
                    # eSpeak's end-of-message event), is rendered again.
                    finished = not self._async_driver or self._finished.wait(wait)
                    self._finished_at = time.monotonic()
                    if finished and _has_audio(path):
                        return
            raise SpeechError(f"the synthesiser wrote no audio for {text!r}")

        self.run(job)

    def _on_finished(self, name: object = None, completed: object = True) -> None:
        self._finished.set()

    def _ensure_thread(self) -> None:
        with self._start_lock:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._loop, name="sniff-speech-synth", daemon=True
                )
                self._thread.start()

    def _loop(self) -> None:
        if sys.platform == "win32":
            # SAPI5 is COM: this thread needs its own apartment.
            with contextlib.suppress(Exception):
                importlib.import_module("comtypes").CoInitialize()
        while True:
            job, future = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue
            try:
                if self._engine is None:
                    self._open_engine()
                future.set_result(job(self._engine))
            except BaseException as error:  # handed to the waiting caller, not lost
                future.set_exception(error)

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
                engine.connect("finished-utterance", self._on_finished)
                driver = getattr(getattr(engine, "proxy", None), "_driver", None)
                self._async_driver = type(driver).__name__ == "EspeakDriver" or (
                    sys.platform not in ("win32", "darwin")
                )
        except ImportError as error:
            raise SpeechUnavailable(f"pyttsx3 is not installed ({error})") from error
        except Exception as error:
            _log.debug("pyttsx3 failed to start", exc_info=True)
            raise SpeechUnavailable(f"no speech voice: {hint} ({error})") from error
        self.voices = tuple(
            VoiceInfo(
                str(getattr(v, "id", "")),
                str(getattr(v, "name", "") or ""),
                _language_codes(getattr(v, "languages", ())),
            )
            for v in voices
        )
        self._engine = engine


def _has_audio(path: Path) -> bool:
    """The file exists and holds samples (a WAV header alone is 44 bytes)."""
    try:
        return path.stat().st_size > 64
    except OSError:
        return False


_SYNTHESISER = _Synthesiser()


def synthesiser() -> _Synthesiser:
    """The process-wide synthesiser."""
    return _SYNTHESISER
