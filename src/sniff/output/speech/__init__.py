"""Speech output behind one small interface.

``create_speech()`` builds what the ``--speech`` option asks for: a screen
reader, the built-in voice, plain text lines, or nothing, always with the
text/none fallback behind it and, with ``--transcript``, a transcript file
in front. Everything here is silent on stdout except the text backend,
whose job that is.
"""

from __future__ import annotations

import importlib
import logging
import os
from typing import Any, TextIO

from sniff.output.speech.base import SpeechBackend, SpeechError, SpeechUnavailable, VoiceSettings
from sniff.output.speech.chain import FallbackCallback, FallbackSpeech
from sniff.output.speech.null import NullSpeech
from sniff.output.speech.recording import RecordingSpeech
from sniff.output.speech.text import TextSpeech
from sniff.output.speech.transcript import TranscriptSpeech

__all__ = [
    "MODES",
    "FallbackSpeech",
    "NullSpeech",
    "RecordingSpeech",
    "SpeechBackend",
    "SpeechError",
    "SpeechUnavailable",
    "TextSpeech",
    "TranscriptSpeech",
    "VoiceSettings",
    "create_speech",
]

MODES: tuple[str, ...] = ("auto", "screenreader", "voice", "text", "none")

_log = logging.getLogger(__name__)


def create_speech(
    mode: str = "auto",
    *,
    language: str = "en",
    rate: int | None = None,
    volume: float | None = None,
    voice: str | None = None,
    transcript: str | os.PathLike[str] | None = None,
    sound: Any = None,
    text_stream: TextIO | None = None,
    on_fallback: FallbackCallback | None = None,
) -> SpeechBackend:
    """Build the speech output for ``mode`` (one of :data:`MODES`).

    ``auto`` takes a running screen reader, else the built-in voice if it
    starts and ``sound`` is a real audio device (not ``NullPlayer``), else
    text. An explicitly chosen backend that cannot start is replaced by text
    at once, and ``on_fallback(mode, "text", error)`` tells the caller, who
    announces it. ``sound`` is a ``sniff.output.sound.SoundPlayer``.

    >>> create_speech("none").name
    'none'
    """
    if mode not in MODES:
        raise ValueError(f"unknown speech mode {mode!r}; choose one of {', '.join(MODES)}")
    first: SpeechBackend | None = None
    failure: Exception | None = None
    if mode == "auto":
        first = _auto(language, rate, volume, voice, sound)
    elif mode == "screenreader":
        try:
            first = _screen_reader()
        except SpeechUnavailable as error:
            failure = error
    elif mode == "voice":
        try:
            first = _voice(language, rate, volume, voice, sound)
        except SpeechUnavailable as error:
            failure = error
    chain: list[SpeechBackend] = [] if first is None else [first]
    if mode != "none":
        chain.append(TextSpeech(text_stream))
    speech: SpeechBackend = FallbackSpeech(chain, on_fallback)
    if transcript is not None:
        speech = TranscriptSpeech(speech, transcript)
    if failure is not None and on_fallback is not None:
        on_fallback(mode, speech.name, failure)
    return speech


def _auto(
    language: str, rate: int | None, volume: float | None, voice: str | None, sound: Any
) -> SpeechBackend | None:
    from sniff.output.speech.screenreader import screen_reader_running

    if screen_reader_running():
        try:
            return _screen_reader()
        except SpeechUnavailable:
            _log.debug("screen reader seen but not reachable", exc_info=True)
    if _is_device_player(sound):
        try:
            return _voice(language, rate, volume, voice, sound)
        except SpeechUnavailable:
            _log.debug("built-in voice unavailable", exc_info=True)
    return None


def _screen_reader() -> SpeechBackend:
    from sniff.output.speech.screenreader import ScreenReaderSpeech

    return ScreenReaderSpeech()


def _voice(
    language: str, rate: int | None, volume: float | None, voice: str | None, sound: Any
) -> SpeechBackend:
    from sniff.output.speech.voice import VoiceSpeech

    return VoiceSpeech(sound, language=language, rate=rate, volume=volume, voice=voice)


def _is_device_player(sound: Any) -> bool:
    """A player that reaches speakers: not missing, not the sound layer's NullPlayer."""
    if sound is None:
        return False
    try:
        null_player = importlib.import_module("sniff.output.sound").NullPlayer
    except (ImportError, AttributeError):
        return type(sound).__name__ != "NullPlayer"
    return not isinstance(sound, null_player)
