"""What ``sniff doctor`` finds: every way the game could speak here, and which it uses.

Facts only, in plain values; :mod:`sniff.announce.doctor` says them in the
player's language. Looking never fails: whatever cannot be looked at is
reported as such.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import importlib.util
import shutil
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from sniff.enums import SpeechMode, SpeechProblem
from sniff.output.lines import Discard, is_terminal
from sniff.output.setup import reader_reads_terminal
from sniff.output.sound import create_player
from sniff.output.speech import FallbackEvent, create_speech
from sniff.output.speech._synth import synthesiser, voice_for
from sniff.output.speech.base import BusyReporter, SpeechBackend, SpeechUnavailable, label_of
from sniff.output.speech.prism_reader import running_readers
from sniff.output.speech.probe import orca_running
from sniff.output.speech.ssip import socket_path

__all__ = ["Diagnosis", "SpeakResult", "diagnose", "speak_through_each"]


@dataclass
class Diagnosis:
    """What was found. ``None`` means "could not tell"."""

    platform: str
    language: str
    speech_mode: str
    used: str = ""  # the output the game would speak through now (a kind)
    used_label: str | None = None
    start_problems: list[FallbackEvent] = field(default_factory=list)
    prismatoid: str | None = None  # its version, if installed
    prism_backends: list[str] = field(default_factory=list)
    readers_running: list[str] = field(default_factory=list)
    accessible_output2: bool = False
    orca_running: bool | None = None  # Linux only: Orca runs in this desktop session
    reader: str | None = None  # the screen reader that reads this terminal ("Orca")
    reader_sign: str | None = None  # how it was seen (a ReaderSign)
    speechd_socket: str | None = None  # Linux only
    speechd_running: bool | None = None
    speechd_installed: bool | None = None
    voice_engine: str | None = None  # None: no synthesizer
    voice_error: str | None = None
    voice_for_language: str | None = None  # the voice chosen for the language
    audio_device: str | None = None  # the device's backend; None: no device
    config_dir: str = ""
    data_dir: str = ""


def diagnose(*, language: str, speech_mode: str, config_dir: Path, data_dir: Path) -> Diagnosis:
    """Look at everything (takes a second: the voice engine is started)."""
    found = Diagnosis(
        platform=sys.platform,
        language=language,
        speech_mode=speech_mode,
        config_dir=str(config_dir),
        data_dir=str(data_dir),
    )
    _readers(found)
    seen = reader_reads_terminal()
    if seen is not None:
        found.reader, found.reader_sign = seen.name, seen.sign
    if sys.platform.startswith("linux"):
        found.orca_running = orca_running()
        path = socket_path()
        found.speechd_socket = str(path)
        found.speechd_running = _answers(path)
        found.speechd_installed = shutil.which("speech-dispatcher") is not None
    _voice(found, language)
    player = create_player(False)
    found.audio_device = player.backend_name if player.audible else None
    try:
        speech = create_speech(
            speech_mode,
            language=language,
            sound=player,
            # The terminal the doctor runs in: a screen reader that reads it is what the
            # game in this terminal speaks through (nothing is written to it here).
            text_stream=_terminal_or_nothing(),
            on_fallback=found.start_problems.append,
        )
        found.used, found.used_label = speech.name, speech.label
        speech.close()
    finally:
        player.close()
    return found


def _terminal_or_nothing() -> TextIO:
    """This program's terminal, where it writes to one; else nowhere."""
    return sys.stdout if is_terminal(sys.stdout) else Discard()  # type: ignore[return-value]


def _readers(found: Diagnosis) -> None:
    with contextlib.suppress(importlib.metadata.PackageNotFoundError):
        found.prismatoid = importlib.metadata.version("prismatoid")
    found.accessible_output2 = importlib.util.find_spec("accessible_output2") is not None
    if found.prismatoid is None:
        return
    try:
        import prism

        context = prism.Context()
        found.prism_backends = [
            str(context.name_of(context.id_of(i))) for i in range(context.backends_count)
        ]
    except Exception:
        found.prism_backends = []
    found.readers_running = running_readers()


def _answers(path: Path) -> bool:
    """Whether something listens on Speech Dispatcher's socket."""
    if not path.exists():
        return False
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(path))
    except OSError:
        return False
    finally:
        probe.close()
    return True


def _voice(found: Diagnosis, language: str) -> None:
    try:
        voices = synthesiser().start_engine()
    except (SpeechUnavailable, ImportError) as error:
        found.voice_error = str(error)
        return
    found.voice_engine = synthesiser().name
    chosen = voice_for(voices, language)
    found.voice_for_language = next((v.name for v in voices if v.id == chosen), None)


@dataclass(frozen=True)
class SpeakResult:
    """One output tried by ``sniff doctor --speak``: *kind* and *label* name it;
    *spoke* says whether it took the sentence; *reason* why not (a failure code)."""

    kind: str
    label: str | None
    spoke: bool
    reason: str = ""


def speak_through_each(
    sentence: Callable[[str, str | None], str], *, language: str, wait: float = 8.0
) -> list[SpeakResult]:
    """Say a test sentence through every output that starts here, one after another,
    each one once: the screen reader (or Speech Dispatcher), then the built-in
    voice. ``sentence(kind, label)`` gives the words for each; an output that
    cannot start is listed with its reason."""
    results: list[SpeakResult] = []
    tried: set[tuple[str, str | None]] = set()
    player = create_player(True)
    try:
        for mode in (SpeechMode.SCREENREADER, SpeechMode.VOICE):
            problems: list[FallbackEvent] = []
            speech = create_speech(
                mode,
                language=language,
                sound=player,
                text_stream=_terminal_or_nothing(),
                on_fallback=problems.append,
            )
            try:
                backend: SpeechBackend = speech.active
                if mode is SpeechMode.VOICE and backend.name != SpeechMode.VOICE:
                    reason = problems[0].reason if problems else SpeechProblem.FAILED
                    results.append(SpeakResult(SpeechMode.VOICE, None, False, reason))
                if backend.name in (SpeechMode.TEXT, SpeechMode.NONE):
                    continue
                key = (backend.name, label_of(backend))
                if key in tried:
                    continue
                tried.add(key)
                spoke = _say_and_wait(backend, sentence(*key), wait)
                results.append(SpeakResult(*key, spoke))
            finally:
                speech.close()
    finally:
        player.close()
    return results


def _say_and_wait(backend: SpeechBackend, sentence: str, wait: float) -> bool:
    """Whether *backend* took *sentence*; waits (up to *wait* s) until it is said."""
    try:
        backend.speak(sentence)
        deadline = time.monotonic() + wait
        while _busy(backend) and time.monotonic() < deadline:
            time.sleep(0.05)
    except Exception:  # the doctor reports, it never fails
        return False
    return True


def _busy(backend: SpeechBackend) -> bool:
    """Whether *backend* says it is still speaking (one that cannot tell is not waited on)."""
    return isinstance(backend, BusyReporter) and backend.busy is True
