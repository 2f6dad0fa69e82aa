"""The built-in voice (eSpeak-NG; SAPI5 and macOS through pyttsx3) played
through the sound mixer.

pyttsx3's own ``say()`` blocks the caller and, on Linux, plays through
``aplay`` where it cannot be stopped. A game read by ear must cut a stale
sentence off the moment the player presses a key, so the synthesiser's sound
is handed to the sound layer's ``"speech"`` stream, which stops within one
mixer period. eSpeak-NG hands it over piece by piece while it makes the rest
(the first piece a tenth of a millisecond after it is asked), so the voice
starts at once whatever the length of the sentence.

Threads: the caller only queues text (``speak()`` returns at once); a worker
per backend waits for the previous sentence to end and starts the next; the
engine itself lives on the synthesiser's own thread (``_synth``).

The voice knows what became of each sentence, so it is an
:class:`~sniff.output.speech.base.EndReporter`: a sentence is said to its end
when its sound has finished playing (into the device, or into the
``--audio-out`` file, which plays in real time too), and cut when a key or
:meth:`VoiceSpeech.silence` stopped it, it was dropped from the queue, or the
device or the synthesiser failed under it.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import queue
import threading
import time
import wave
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sniff.enums import Heard, SpeechOutput, SpeechProblem
from sniff.output.speech._marks import MarkBook
from sniff.output.speech._pcm import Pcm, read_pcm16
from sniff.output.speech._synth import synthesiser, voice_for
from sniff.output.speech.base import SpeechError, SpeechUnavailable

__all__ = ["PcmSink", "VoiceSpeech", "render_to_wav"]

_log = logging.getLogger(__name__)

STREAM = "speech"
# How often the worker looks whether the previous sentence has ended; short
# enough that queued sentences follow each other without a noticeable gap.
_POLL = 0.005


class PcmSink(Protocol):
    """The part of ``sniff.output.sound.SoundPlayer`` the voice needs."""

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None: ...

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None: ...

    def stop(self, stream: str = "speech") -> None: ...

    def is_playing(self, stream: str = "speech") -> bool: ...

    def close(self) -> None: ...


def render_to_wav(
    text: str,
    path: str | Path,
    *,
    language: str = "en",
    rate: int | None = None,
    voice: str | None = None,
    volume: float | None = None,
) -> Path:
    """Render ``text`` with the built-in voice into a 16-bit WAV file at ``path``.

    Raises :class:`SpeechUnavailable` if there is no synthesiser.
    """
    target = Path(path)
    synth = synthesiser()
    voices = synth.start_engine()
    chosen = voice or voice_for(voices, language)
    synth.render(text, target, voice=chosen, rate=rate, volume=volume)
    if target.read_bytes()[:4] != b"RIFF":
        # macOS writes AIFF whatever the name says; callers were promised WAV.
        _write_wav(target, read_pcm16(target))
    return target


def _write_wav(path: Path, pcm: Pcm) -> None:
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(pcm.channels)
        wav.setsampwidth(2)
        wav.setframerate(pcm.sample_rate)
        wav.writeframes(pcm.data)


@dataclass(frozen=True)
class _Utterance:
    text: str
    generation: int
    mark: int


class VoiceSpeech:
    """Speaks with pyttsx3 through a sound player's ``"speech"`` stream.

    ``sound`` is a ``sniff.output.sound.SoundPlayer`` (or anything with the same
    ``play_pcm``/``stop``/``is_playing``); without one, a player is created
    and owned. Raises :class:`SpeechUnavailable` if the synthesiser cannot
    start.
    """

    name = SpeechOutput.VOICE

    def __init__(
        self,
        sound: PcmSink | None = None,
        *,
        language: str = "en",
        rate: int | None = None,
        volume: float | None = None,
        voice: str | None = None,
    ) -> None:
        self._synth = synthesiser()
        self._voices = self._synth.start_engine()
        self._owns_sound = sound is None
        self._sound: PcmSink = sound if sound is not None else _default_player()
        self._language = language
        self._rate = rate
        self._volume = None if volume is None else _clamp(volume)
        self._voice = voice or voice_for(self._voices, language)
        self._queue: queue.Queue[_Utterance | None] = queue.Queue()
        # Guards the generation counter and the hand-over to the mixer, so a
        # sentence rendered before an interrupt can never start after it.
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._generation = 0
        self._pending = 0
        self._playing_until = 0.0
        self._book = MarkBook()
        self._last_mark: int | None = None
        self._current: _Utterance | None = None  # with the worker: being made or played
        self._made = False  # the current sentence's sound is all handed over
        self._held: list[_Utterance] = []  # taken from the queue after the device went
        self._error: BaseException | None = None
        self._closed = False
        self._worker = threading.Thread(target=self._run, name="sniff-speech-voice", daemon=True)
        self._worker.start()

    # -- the SpeechBackend interface -------------------------------------------------

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt`` stop the current sentence and the queue first."""
        self._check()
        if interrupt:
            self._cut()
        text = text.strip()
        if not text:
            self._last_mark = self._book.new(Heard.END)
            return
        with self._lock:
            self._pending += 1
            mark = self._last_mark = self._book.new()
            self._queue.put(_Utterance(text, self._generation, mark))

    def braille(self, text: str) -> None:
        """A voice has no braille display."""

    def silence(self) -> None:
        """Stop the current sentence at once and drop the queue."""
        self._check()
        self._cut()

    def mark(self) -> object:
        """The mark of the sentence given to the last :meth:`speak`."""
        return self._last_mark

    def heard(self, mark: object) -> Heard:
        """Said to its end (its sound has played), cut, or still to come."""
        return self._book.get(mark)

    def close(self) -> None:
        """Stop speaking and end the worker."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(Exception):
            self._cut()
        self._queue.put(None)
        self._worker.join(timeout=2.0)
        if self._owns_sound:
            with contextlib.suppress(Exception):
                self._sound.close()

    # -- settings ------------------------------------------------------------------

    def set_rate(self, words_per_minute: int) -> None:
        """Speaking rate in words per minute (from the next sentence on)."""
        self._rate = int(words_per_minute)

    def set_volume(self, volume: float) -> None:
        """Loudness 0.0 to 1.0 (from the next sentence on)."""
        self._volume = _clamp(volume)

    def set_language(self, language: str) -> None:
        """Switch language; the voice follows it, replacing one chosen by id."""
        self._language = language
        self._voice = voice_for(self._voices, language)

    def set_voice(self, voice: str | None) -> None:
        """Use the synthesiser voice with this id (``None``: the language's voice)."""
        self._voice = voice or voice_for(self._voices, self._language)

    @property
    def language(self) -> str:
        """The current language code."""
        return self._language

    @property
    def voice(self) -> str | None:
        """Id of the voice in use (``None``: the synthesiser's default)."""
        return self._voice

    @property
    def busy(self) -> bool:
        """True while a sentence is queued, rendering or playing."""
        return self._pending > 0 or self._sound.is_playing(STREAM)

    # -- internals -----------------------------------------------------------------

    def _check(self) -> None:
        if self._closed:
            raise SpeechError("the voice has been closed")
        if self._lost():
            # The device went away: what was not heard is handed to the next output.
            error = SpeechError("the sound device was lost", SpeechProblem.DEVICE_LOST)
            drained = self._drain()
            error.unsaid = [item.text for item in drained]
            error.unsaid_marks = [item.mark for item in drained]
            raise error
        if self._error is not None:
            # Reported on the next call: speak() returned long before the
            # worker failed, and the fallback chain needs an exception to act.
            raise SpeechError(f"the voice failed: {self._error}") from self._error

    def _drain(self) -> list[_Utterance]:
        """Take out what was not heard (the sentence the device was lost under, and the
        queue), for another output to say."""
        texts: list[_Utterance] = []
        with self._lock:
            if self._current is not None:
                texts.append(self._current)  # the worker lets go of it: a new generation
                self._book.cut(self._current.mark)
                self._current = None
                self._generation += 1
            for held in self._held:
                self._pending -= 1
                self._book.cut(held.mark)
                texts.append(held)
            self._held = []
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    self._queue.put(None)
                    break
                self._pending -= 1
                self._book.cut(item.mark)  # not said here: the chain follows it on
                texts.append(item)
        return texts

    def _cut(self) -> None:
        with self._lock:
            current = self._current
            if current is not None:
                if self._made and self._played():  # it ended just before the key
                    self._book.settle(current.mark, Heard.END)
                else:
                    self._book.cut(current.mark)
            self._generation += 1
            self._playing_until = 0.0
            for held in self._held:
                self._pending -= 1
                self._book.cut(held.mark)
            self._held = []
            while True:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:  # close() asked the worker to end: keep that
                    self._queue.put(None)
                    break
                self._pending -= 1
                self._book.cut(item.mark)
            self._sound.stop(STREAM)
        self._wake.set()

    def _lost(self) -> bool:
        """Whether the sound device went away under the voice."""
        return bool(getattr(self._sound, "failed", False))

    def _played(self) -> bool:
        """Whether the sound handed over so far has finished playing."""
        return time.monotonic() >= self._playing_until and not self._sound.is_playing(STREAM)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            ended = False
            try:
                if item.generation == self._generation and self._error is None:
                    ended = self._say(item)
            except Exception as error:  # kept for the next call, see _check
                _log.debug("voice worker failed", exc_info=True)
                self._error = error
            finally:
                with self._lock:
                    if self._current is item:
                        self._current = None
                    if ended:
                        self._pending -= 1
                        self._book.settle(item.mark, Heard.END)
                    elif self._lost() and item.generation == self._generation:
                        self._held.append(item)  # the device went: the next output says it
                    else:
                        self._pending -= 1
                        self._book.cut(item.mark)

    def _say(self, item: _Utterance) -> bool:
        """Say *item*; whether it was said to its end (its sound has played)."""
        if not self._wait_for_previous(item.generation):
            return False
        with self._lock:
            if item.generation != self._generation:
                return False
            self._current, self._made = item, False
        started = False

        def on_chunk(pcm: bytes, sample_rate: int) -> bool:
            """A piece of the sentence: the first starts the stream, the rest follow."""
            nonlocal started
            if not started:
                # eSpeak begins a word like "five" with 12 ms of nothing: start at the sound.
                pcm = without_leading_silence(pcm)
                if not pcm:
                    return True
            with self._lock:
                if item.generation != self._generation:
                    return False  # cut off: eSpeak stops making the rest
                seconds = len(pcm) / (2 * sample_rate)
                if not started:
                    self._sound.play_pcm(pcm, sample_rate=sample_rate, stream=STREAM)
                    self._playing_until = time.monotonic() + seconds
                    started = True
                else:
                    self._sound.append_pcm(pcm, sample_rate=sample_rate, stream=STREAM)
                    self._playing_until += seconds
            return True

        self._synth.stream(
            item.text, on_chunk, voice=self._voice, rate=self._rate, volume=self._volume
        )
        with self._lock:
            if item.generation != self._generation:
                return False
            self._made = True
        # The next sentence waits for this one anyway: wait here, to know it ended.
        return self._wait_for_previous(item.generation) and not self._lost()

    def _wait_for_previous(self, generation: int) -> bool:
        """Wait until the previous sentence has ended; False if interrupted meanwhile.

        Both clocks are used: the expected end covers a mixer that has not yet
        reported the new sound as playing, ``is_playing`` one that runs late.
        """
        while generation == self._generation:
            if self._lost():
                return False  # the device is gone: nothing more is heard
            remaining = self._playing_until - time.monotonic()
            if remaining <= 0 and not self._sound.is_playing(STREAM):
                return True
            self._wake.wait(max(_POLL, min(remaining, 0.05)))
            self._wake.clear()
        return False


def without_leading_silence(pcm: bytes) -> bytes:
    """16-bit PCM from its first sample that is not zero on (all of it if it has none).

    >>> without_leading_silence(bytes(6) + b"\\x05\\x00")
    b'\\x05\\x00'
    """
    samples = memoryview(pcm)[: len(pcm) - len(pcm) % 2].cast("h")
    for index, sample in enumerate(samples):
        if sample:
            return pcm[2 * index :]
    return b""


def _clamp(volume: float) -> float:
    return min(1.0, max(0.0, float(volume)))


def _default_player() -> PcmSink:
    try:
        sound: Any = importlib.import_module("sniff.output.sound")
        player: PcmSink = sound.create_player()
    except Exception as error:
        raise SpeechUnavailable(f"no sound output for the voice ({error})") from error
    return player
