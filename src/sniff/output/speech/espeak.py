"""eSpeak-NG spoken to directly, for the built-in voice on Linux.

pyttsx3's eSpeak driver renders a sentence into a file and polls for its end
every 10 ms, which costs 12 to 16 ms before the first sample whatever the
length. Called directly in its synchronous mode, eSpeak-NG hands over the
first 50 ms of sound about a tenth of a millisecond after it is asked, so the
voice can start while the rest of the sentence is still being made, and stop
making it the moment the player presses a key.

eSpeak-NG keeps one global state (one voice, one callback) per process, so one
thread owns it and runs every job; the rest of the game hands jobs over.
pyttsx3 must then not load its own eSpeak driver in the same process:
:func:`sniff.output.speech._synth.synthesiser` chooses one or the other.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import wave
from collections.abc import Callable
from ctypes import CFUNCTYPE, POINTER, Structure, c_char_p, c_int, c_short, c_uint, c_void_p
from pathlib import Path
from typing import Any

from sniff.enums import SpeechProblem
from sniff.output.speech._jobs import JobThread
from sniff.output.speech._voices import VoiceInfo
from sniff.output.speech.base import SpeechError, SpeechUnavailable

__all__ = ["EspeakSynthesiser", "library_path"]

#: Length of the pieces of sound eSpeak-NG hands over, in milliseconds.
CHUNK_MS = 50
_AUDIO_OUTPUT_SYNCHRONOUS = 2
_INITIALIZE_DONT_EXIT = 0x8000
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_ENDPAUSE = 0x1000
_RATE, _VOLUME = 1, 2
_NAMES = ("espeak-ng", "libespeak-ng.so.1", "espeak")

_Callback = CFUNCTYPE(c_int, POINTER(c_short), c_int, c_void_p)


class _Voice(Structure):
    _fields_ = [
        ("name", c_char_p),
        ("languages", c_void_p),  # (priority byte, language, NUL)*, then a 0 byte
        ("identifier", c_char_p),
        ("gender", ctypes.c_ubyte),
        ("age", ctypes.c_ubyte),
        ("variant", ctypes.c_ubyte),
        ("xx1", ctypes.c_ubyte),
        ("score", c_int),
        ("spare", c_void_p),
    ]


def library_path() -> str | None:
    """Where eSpeak-NG's library is, as the loader knows it (None: not installed)."""
    if not sys.platform.startswith("linux"):
        return None
    for name in _NAMES:
        found = ctypes.util.find_library(name)
        if found:
            return found
    return None


def _languages(pointer: int | None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Decode eSpeak's packed language list: the languages, and the voice's
    priority for each (lower is better: eSpeak's own order when choosing)."""
    codes: list[str] = []
    priorities: list[int] = []
    if not pointer:
        return (), ()
    offset = 0
    for _ in range(16):  # a voice names a handful of languages; never run away
        priority = ctypes.string_at(pointer + offset, 1)
        if priority == b"\0":
            break
        text = ctypes.string_at(pointer + offset + 1)
        codes.append(text.decode("utf-8", "replace"))
        priorities.append(priority[0])
        offset += len(text) + 2
    return tuple(codes), tuple(priorities)


class EspeakSynthesiser:
    """eSpeak-NG on its own thread: voices, rendering to a file, and streaming."""

    def __init__(self, path: str | None = None) -> None:
        self._path = path or library_path()
        self._jobs = JobThread("sniff-speech-espeak", opener=self._open)
        self._lib: Any = None
        self._callback: Any = None  # kept alive: eSpeak holds only a pointer to it
        self._sink: Callable[[bytes, int], bool] | None = None
        self._sink_error: BaseException | None = None
        self.sample_rate = 0
        self.voices: tuple[VoiceInfo, ...] = ()
        self._settings: tuple[str | None, int | None, float | None] | None = None

    # -- the synthesiser interface ---------------------------------------------------

    @property
    def name(self) -> str:
        return "eSpeak NG"

    def start_engine(self) -> tuple[VoiceInfo, ...]:
        """Load eSpeak-NG if needed; :class:`SpeechUnavailable` if it cannot run."""
        return self._jobs.run(lambda: self.voices)

    def stream(
        self,
        text: str,
        on_chunk: Callable[[bytes, int], bool],
        *,
        voice: str | None,
        rate: int | None,
        volume: float | None,
    ) -> int:
        """Say *text*, handing each piece of 16-bit mono PCM to ``on_chunk(pcm,
        sample_rate)`` as it is made; *on_chunk* returns False to stop. Returns
        the sample rate."""

        def job() -> int:
            self._apply(voice, rate, volume)
            self._sink, self._sink_error = on_chunk, None
            try:
                data = text.encode("utf-8") + b"\0"
                flags = _CHARS_UTF8 | _ENDPAUSE
                error = self._lib.espeak_Synth(
                    data, len(data), 0, _POS_CHARACTER, 0, flags, None, None
                )
            finally:
                self._sink = None
            if self._sink_error is not None:  # the sound layer failed: the caller hears of it
                raise self._sink_error
            if error not in (0, 1):  # EE_OK, or stopped on purpose
                raise SpeechError(f"eSpeak-NG could not say {text!r} (error {error})")
            return self.sample_rate

        return self._jobs.run(job)

    def render(
        self, text: str, path: Path, *, voice: str | None, rate: int | None, volume: float | None
    ) -> None:
        """Render *text* into a 16-bit mono WAV file at *path*."""
        pieces: list[bytes] = []

        def keep(chunk: bytes, _rate: int) -> bool:
            pieces.append(chunk)
            return True

        sample_rate = self.stream(text, keep, voice=voice, rate=rate, volume=volume)
        if not pieces:
            raise SpeechError(f"eSpeak-NG made no sound for {text!r}")
        with wave.open(os.fspath(path), "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(sample_rate)
            wav.writeframes(b"".join(pieces))

    # -- on the eSpeak thread ----------------------------------------------------------

    def _open(self) -> None:
        """Load the library, start it, and list its voices (on the job thread)."""
        if self._path is None:
            raise SpeechUnavailable("eSpeak-NG is not installed", SpeechProblem.NO_SYNTHESIZER)
        try:
            lib = ctypes.CDLL(self._path)
            lib.espeak_Initialize.restype = c_int
            lib.espeak_Initialize.argtypes = [c_int, c_int, c_char_p, c_int]
            lib.espeak_SetSynthCallback.argtypes = [_Callback]
            lib.espeak_SetVoiceByName.argtypes = [c_char_p]
            lib.espeak_SetParameter.argtypes = [c_int, c_int, c_int]
            lib.espeak_Synth.restype = c_int
            lib.espeak_Synth.argtypes = [
                c_char_p,
                ctypes.c_size_t,
                c_uint,
                c_int,
                c_uint,
                c_uint,
                c_void_p,
                c_void_p,
            ]
            lib.espeak_ListVoices.restype = POINTER(POINTER(_Voice))
            lib.espeak_ListVoices.argtypes = [c_void_p]
        except (OSError, AttributeError) as error:
            raise SpeechUnavailable(
                f"eSpeak-NG cannot load: {error}", SpeechProblem.NO_SYNTHESIZER
            ) from None
        rate = lib.espeak_Initialize(
            _AUDIO_OUTPUT_SYNCHRONOUS, CHUNK_MS, None, _INITIALIZE_DONT_EXIT
        )
        if rate <= 0:
            raise SpeechUnavailable(
                "eSpeak-NG could not start (no voice data?)", SpeechProblem.NO_SYNTHESIZER
            )
        self._callback = _Callback(self._on_sound)
        lib.espeak_SetSynthCallback(self._callback)
        self._lib, self.sample_rate = lib, rate
        self.voices = self._list_voices()

    def _list_voices(self) -> tuple[VoiceInfo, ...]:
        found: list[VoiceInfo] = []
        table = self._lib.espeak_ListVoices(None)
        for index in range(2000):
            entry = table[index]
            if not entry:
                break
            voice = entry.contents
            codes, priorities = _languages(voice.languages)
            found.append(
                VoiceInfo(
                    (voice.identifier or b"").decode("utf-8", "replace"),
                    (voice.name or b"").decode("utf-8", "replace"),
                    codes,
                    priorities,
                )
            )
        return tuple(found)

    def _apply(self, voice: str | None, rate: int | None, volume: float | None) -> None:
        """Voice, rate and volume for the next sentence (set only when they change)."""
        wanted = (voice, rate, volume)
        if wanted == self._settings:
            return
        lib = self._lib
        if voice and lib.espeak_SetVoiceByName(voice.encode("utf-8")) != 0:
            raise SpeechError(f"eSpeak-NG has no voice {voice!r}")
        # eSpeak keeps 175 words a minute and volume 100 unless told otherwise.
        lib.espeak_SetParameter(_RATE, int(rate) if rate else 175, 0)
        level = 1.0 if volume is None else volume
        lib.espeak_SetParameter(_VOLUME, round(max(0.0, min(1.0, level)) * 100), 0)
        self._settings = wanted

    def _on_sound(self, wav: Any, samples: int, events: Any) -> int:
        """eSpeak's callback: 0 goes on, 1 stops the sentence. Never raises."""
        sink = self._sink
        if sink is None:
            return 1
        if samples <= 0:
            return 0
        try:
            keep_going = sink(ctypes.string_at(wav, samples * 2), self.sample_rate)
        except Exception as error:  # raised again to the caller once eSpeak has stopped
            self._sink_error = error
            return 1
        return 0 if keep_going else 1
