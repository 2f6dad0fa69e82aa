"""A software mixer on one miniaudio playback device.

Earcons and speech share one device: the device's callback pulls one short
period (~10 ms) at a time from every active *voice* (an earcon being played,
or a named PCM stream such as ``"speech"``), pans and resamples each on the
fly, sums them and limits the result. Short periods are what let ``stop()``
cut speech off within one period when the player presses a key.

The callback runs on miniaudio's audio thread. It must never raise (cffi
would print the traceback to the terminal and the device would go quiet for
good), so any failure inside it turns the player into silence instead.
"""

from __future__ import annotations

import array
import contextlib
import math
import os
import sys
import threading
import time
import wave
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sniff.output.sound.data import sounds_dir
from sniff.output.sound.mixing import Block, Voice, audible_frames, mix, pan_gains, to_s16_stereo

#: Output rate of the device; the earcons are authored at this rate too.
DEVICE_RATE = 48_000
#: Earcons allowed at once; the oldest gives way, so a key held down cannot
#: pile up work in the callback.
MAX_EARCONS = 12
#: The longest an earcon waits for the one before it to end, so that two never
#: mask each other (the bot's cue is heard before the turn chime); seconds.
MAX_EARCON_WAIT = 0.6
#: Peak the limiter holds the mix to, and how fast it lets go (per period).
LIMIT = 32000.0
LIMITER_RELEASE = 0.02


@dataclass
class MixerMonitor:
    """What the callback produced, for tests and diagnostics.

    Keys are stream names, or ``"earcon"`` for all earcons together; a stream
    being faded out after a cut counts as ``"<stream>:cut"``.
    Timestamps are ``time.monotonic()`` at the start of the callback.
    """

    periods: int = 0
    frames: int = 0
    audible_frames: dict[str, int] = field(default_factory=dict)
    last_audible: dict[str, float] = field(default_factory=dict)
    output_audible_frames: int = 0
    last_output_audible: float = 0.0
    callback_seconds_total: float = 0.0
    callback_seconds_max: float = 0.0
    errors: int = 0
    last_error: str = ""
    #: Called with every output period (interleaved stereo), if set.
    on_output: Callable[[array.array[int]], None] | None = None


class WavTap:
    """``--audio-out FILE.wav``: the mix, period by period, into a 16-bit stereo WAV.

    It runs on the audio thread, so it never raises: a failing write (a full
    disk) stops the file and is kept in :attr:`error` for a notice. The WAV
    header is brought up to date after every period, so a file left by a
    killed game still plays.
    """

    def __init__(self, path: Path) -> None:
        if path.exists() and not path.is_file():
            raise OSError(f"{path} is not a regular file")
        self.path = path
        self.error: str | None = None
        self._wave: Any = wave.open(str(path), "wb")  # noqa: SIM115 - closed by close()
        self._wave.setnchannels(2)
        self._wave.setsampwidth(2)
        self._wave.setframerate(DEVICE_RATE)
        self._lock = threading.Lock()

    def write(self, frames: array.array[int]) -> None:
        with self._lock:
            if self._wave is None:
                return
            try:
                data = frames if sys.byteorder == "little" else _swapped(frames)
                self._wave.writeframes(data.tobytes())
            except Exception as error:
                self.error = str(error) or type(error).__name__
                self._close_quietly()

    def close(self) -> None:
        with self._lock:
            self._close_quietly()

    def _close_quietly(self) -> None:
        wav, self._wave = self._wave, None
        if wav is not None:
            with contextlib.suppress(Exception):
                wav.close()


def _swapped(frames: array.array[int]) -> array.array[int]:
    copy = array.array("h", frames)
    copy.byteswap()
    return copy


@contextlib.contextmanager
def quiet_native_output() -> Iterator[None]:
    """Point file descriptors 1 and 2 at the null device for the duration.

    ALSA and friends write straight to fd 2 from C when a device is missing;
    redirecting ``sys.stderr`` would not catch that. Anything another thread
    writes meanwhile is lost too, so keep the block short.
    """
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, OSError, ValueError):
            stream.flush()
    saved: list[tuple[int, int]] = []
    devnull = -1
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            with contextlib.suppress(OSError):
                copy = os.dup(fd)
                saved.append((fd, copy))
                os.dup2(devnull, fd)
    except OSError:
        pass  # no null device: better noisy than no sound at all
    try:
        yield
    finally:
        for fd, copy in saved:
            with contextlib.suppress(OSError):
                os.dup2(copy, fd)
            os.close(copy)
        if devnull >= 0:
            os.close(devnull)


def load_wav(path: Path) -> tuple[array.array[int], array.array[int], int]:
    """Read a 16-bit WAV as (left, right, sample rate); mono gives one array twice."""
    with wave.open(str(path), "rb") as handle:
        if handle.getsampwidth() != 2 or handle.getnchannels() not in (1, 2):
            raise ValueError(f"{path.name}: not 16-bit mono or stereo")
        channels, rate = handle.getnchannels(), handle.getframerate()
        samples = _samples_from_le(handle.readframes(handle.getnframes()))
    if channels == 2:
        return samples[0::2], samples[1::2], rate
    return samples, samples, rate


def _samples_from_le(pcm: bytes) -> array.array[int]:
    samples = array.array("h")
    samples.frombytes(pcm[: len(pcm) - len(pcm) % 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return samples


class MiniaudioPlayer:
    """The real :class:`~sniff.output.sound.base.SoundPlayer` on a miniaudio device.

    *backend* names a ``miniaudio.Backend`` member (``"null"`` runs the
    callback in real time with no sound card, for tests); ``None`` lets
    miniaudio choose. Raises if the device cannot be opened: use
    :func:`sniff.output.sound.create_player` to get silence instead.
    """

    def __init__(
        self,
        *,
        enabled: bool = True,
        backend: str | None = None,
        period_ms: int = 10,
        sounds: Path | None = None,
    ) -> None:
        import miniaudio  # lazy: the first spoken prompt must not wait for it

        backends = None if backend is None else [miniaudio.Backend[backend.strip().upper()]]
        self.monitor = MixerMonitor()
        self._enabled = enabled
        self._sounds = sounds
        self._lock = threading.Lock()
        self._earcons: list[Voice] = []
        self._streams: dict[str, Voice] = {}
        self._fading: list[Voice] = []
        self._cache: dict[str, tuple[array.array[int], array.array[int], int] | None] = {}
        self._limiter = 1.0
        self._failed = False
        self._closed = False
        self._tap: WavTap | None = None
        self._earcons_end = 0.0  # when the last earcon asked for will have ended
        with quiet_native_output():
            self._device: Any = miniaudio.PlaybackDevice(
                output_format=miniaudio.SampleFormat.SIGNED16,
                nchannels=2,
                sample_rate=DEVICE_RATE,
                buffersize_msec=period_ms,
                backends=backends,
                app_name="Sniff by ear",
            )
            try:
                generator = self._generate()
                next(generator)
                self._device.stop_callback = self._on_device_stopped
                self._device.start(generator)
            except Exception:
                self._device.close()
                raise
        self.backend_name: str = str(self._device.backend)

    # --- SoundPlayer -------------------------------------------------------

    def play(self, cue: str, *, pan: float = 0.0, pitch: float = 1.0, gain: float = 1.0) -> None:
        """Start an earcon; see :class:`~sniff.output.sound.base.SoundPlayer`."""
        if not self._enabled or self._failed or self._closed:
            return
        sound = self._load(cue)
        if sound is None:
            return
        left, right, rate = sound
        pitch = min(4.0, max(0.25, pitch)) if math.isfinite(pitch) else 1.0
        gain = min(4.0, max(0.0, gain)) if math.isfinite(gain) else 1.0
        gain_left, gain_right = pan_gains(pan)
        step = rate / DEVICE_RATE * pitch
        now = time.monotonic()
        with self._lock:
            wait = min(MAX_EARCON_WAIT, max(0.0, self._earcons_end - now))
            self._earcons_end = now + wait + len(left) / (rate * pitch)
        voice = Voice(
            "earcon",
            left,
            right,
            step=step,
            gain_left=gain_left * gain,
            gain_right=gain_right * gain,
            delay=round(wait * DEVICE_RATE),
        )
        with self._lock:
            if len(self._earcons) >= MAX_EARCONS:
                oldest = self._earcons.pop(0)
                oldest.fading = True
                self._fading.append(oldest)
            self._earcons.append(voice)

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """Play PCM on *stream*; raises ValueError for a bad rate or channel count."""
        if sample_rate <= 0 or channels not in (1, 2):
            raise ValueError(f"unsupported PCM: {sample_rate} Hz, {channels} channels")
        if self._failed or self._closed:
            return
        samples = _samples_from_le(pcm[: len(pcm) - len(pcm) % (2 * channels)])
        left, right = (samples[0::2], samples[1::2]) if channels == 2 else (samples, samples)
        voice = Voice(stream, left, right, step=sample_rate / DEVICE_RATE)
        with self._lock:
            self._retire(self._streams.pop(stream, None))
            if not voice.done:
                self._streams[stream] = voice

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """Add *pcm* to the end of what *stream* is playing: the next piece of a
        sentence the voice is still making. If the stream has ended (or was
        stopped), *pcm* starts it afresh."""
        if sample_rate <= 0 or channels not in (1, 2):
            raise ValueError(f"unsupported PCM: {sample_rate} Hz, {channels} channels")
        if self._failed or self._closed:
            return
        with self._lock:
            voice = self._streams.get(stream)
            # Only a mono stream at the same rate grows in place; eSpeak makes sound
            # hundreds of times faster than it is played, so the piece always arrives
            # before the stream runs dry.
            if (
                voice is not None
                and not voice.done
                and channels == 1
                and voice.right is voice.left
                and isinstance(voice.left, array.array)
                and voice.step == sample_rate / DEVICE_RATE
            ):
                voice.left.extend(_samples_from_le(pcm[: len(pcm) - len(pcm) % 2]))
                return
        self.play_pcm(pcm, sample_rate=sample_rate, channels=channels, stream=stream)

    def stop(self, stream: str = "speech") -> None:
        """Fade *stream* out within the next period."""
        with self._lock:
            self._retire(self._streams.pop(stream, None))

    def is_playing(self, stream: str = "speech") -> bool:
        """Whether *stream* has sound left (always False once failed)."""
        voice = self._streams.get(stream)
        return voice is not None and not voice.done and not self._failed

    def set_enabled(self, enabled: bool) -> None:
        """Switch earcons on or off; turning them off fades out those playing."""
        self._enabled = enabled
        if not enabled:
            with self._lock:
                for voice in self._earcons:
                    self._retire(voice)
                self._earcons.clear()

    def close(self) -> None:
        """Stop the device and release it; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        with quiet_native_output(), contextlib.suppress(Exception):
            self._device.close()
        tap = self._tap
        if tap is not None:
            tap.close()

    @property
    def audible(self) -> bool:
        """A real device, or a file the sound is written to."""
        return not self._failed and (self.has_device or self._tap is not None)

    @property
    def failed(self) -> bool:
        """The device stopped under the game (unplugged, taken away)."""
        return self._failed

    @property
    def has_device(self) -> bool:
        """Whether a sound card plays it (miniaudio's null backend is no device)."""
        return self.backend_name.strip().lower() != "null"

    def record_to(self, tap: WavTap) -> None:
        """Also write everything played, as heard, to *tap* (``--audio-out``)."""
        self._tap = tap
        self.monitor.on_output = tap.write

    def release_recording(self) -> WavTap | None:
        """Stop writing to the ``--audio-out`` file and hand it over (to a new player)."""
        tap, self._tap = self._tap, None
        self.monitor.on_output = None
        return tap

    @property
    def audio_out_error(self) -> str | None:
        """Why the ``--audio-out`` file stopped being written, if it did."""
        return None if self._tap is None else self._tap.error

    # --- internals ---------------------------------------------------------

    def _retire(self, voice: Voice | None) -> None:
        """Hand a voice over to be faded out (caller holds the lock)."""
        if voice is not None and not voice.done:
            voice.fading = True
            self._fading.append(voice)

    def _load(self, cue: str) -> tuple[array.array[int], array.array[int], int] | None:
        """The cue's samples, read once; a missing or bad file is remembered as None."""
        if cue not in self._cache:
            folder = self._sounds if self._sounds is not None else sounds_dir()
            try:
                self._cache[cue] = load_wav(folder / f"{cue}.wav")
            except (OSError, EOFError, ValueError, wave.Error):
                self._cache[cue] = None
        return self._cache[cue]

    def _on_device_stopped(self) -> None:
        """miniaudio says the device stopped (unplugged, or closed): go silent."""
        self._failed = True

    def _generate(self) -> Generator[array.array[int] | bytes, int, None]:
        """The device's callback: receives a frame count, yields that many frames."""
        frames = yield b""
        while True:
            try:
                out: array.array[int] | bytes = self._render(frames)
            except Exception as error:  # the audio thread must never see it
                self._failed = True
                self.monitor.errors += 1
                self.monitor.last_error = repr(error)
                with contextlib.suppress(Exception), self._lock:
                    self._earcons.clear()
                    self._streams.clear()
                    self._fading.clear()
                out = bytes(4 * frames)
            frames = yield out

    def _render(self, frames: int) -> array.array[int] | bytes:
        """Mix one period; the fast path for silence allocates next to nothing."""
        started = time.perf_counter()
        now = time.monotonic()
        monitor = self.monitor
        monitor.periods += 1
        monitor.frames += frames
        with self._lock:
            voices = [*self._earcons, *self._streams.values(), *self._fading]
        if not voices or self._failed:
            out: array.array[int] | bytes = bytes(4 * frames)
            self._limiter = 1.0
        else:

            def observe(voice: Voice, left: Block, right: Block) -> None:
                audible = max(audible_frames(left), audible_frames(right))
                if audible:
                    # A stream cut off is heard apart ("speech:cut"): how fast it goes quiet.
                    key = f"{voice.key}:cut" if voice.fading else voice.key
                    monitor.audible_frames[key] = monitor.audible_frames.get(key, 0) + audible
                    monitor.last_audible[key] = now

            left, right = mix(voices, frames, observe)
            peak = max(max(left), -min(left), max(right), -min(right))
            wanted = LIMIT / peak if peak > LIMIT else 1.0
            gain = min(wanted, self._limiter + LIMITER_RELEASE)
            out = to_s16_stereo(left, right, self._limiter, gain)
            self._limiter = gain
            with self._lock:
                self._earcons = [v for v in self._earcons if not v.done]
                self._fading = [v for v in self._fading if not v.done]
                for name in [n for n, v in self._streams.items() if v.done]:
                    del self._streams[name]
            audible = frames - min(out[0::2].count(0), out[1::2].count(0))
            if audible:
                monitor.output_audible_frames += audible
                monitor.last_output_audible = now
        if monitor.on_output is not None:
            monitor.on_output(out if isinstance(out, array.array) else array.array("h", out))
        elapsed = time.perf_counter() - started
        monitor.callback_seconds_total += elapsed
        monitor.callback_seconds_max = max(monitor.callback_seconds_max, elapsed)
        return out
