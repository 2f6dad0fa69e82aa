"""The one small interface every sound output speaks, and its silent stand-in.

The game asks for *cues* by name (an earcon per event) and hands speech
backends a way to play synthesized speech as raw PCM on a named *stream*,
so that speech and earcons share one device and one mixer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from sniff.enums import Cue, values

if TYPE_CHECKING:
    from sniff.output.sound.mixer import WavTap

#: Every earcon the game may ask for; ``sounds/<cue>.wav`` holds each one.
CUES: tuple[str, ...] = values(Cue)


@runtime_checkable
class SoundPlayer(Protocol):
    """Plays earcons and PCM streams; no method blocks or raises on device trouble."""

    def play(self, cue: str, *, pan: float = 0.0, pitch: float = 1.0, gain: float = 1.0) -> None:
        """Start the earcon *cue* and return at once.

        *pan* runs from -1 (left) to +1 (right), *pitch* is a playback-rate
        factor (2.0 is an octave up) and *gain* a linear volume factor.
        Unknown cues are ignored.
        """
        ...

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """Play 16-bit signed little-endian *pcm* on *stream*, replacing what
        that stream was playing; return at once."""
        ...

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """Add *pcm* to the end of what *stream* plays (the next piece of a sentence)."""
        ...

    def stop(self, stream: str = "speech") -> None:
        """Silence *stream* at once (within one device period)."""
        ...

    def is_playing(self, stream: str = "speech") -> bool:
        """Whether *stream* still has sound to play."""
        ...

    def set_enabled(self, enabled: bool) -> None:
        """Switch earcons on or off; speech streams are not affected."""
        ...

    def close(self) -> None:
        """Release the device; further calls do nothing."""
        ...

    @property
    def audible(self) -> bool:
        """Whether what it plays reaches anyone: a sound device, or an ``--audio-out`` file."""
        ...

    @property
    def failed(self) -> bool:
        """Whether the device went away while playing (then it plays nothing more)."""
        ...

    @property
    def backend_name(self) -> str:
        """The kind of device, as the sound library names it (``"alsa"``,
        ``"pulseaudio"``, ``"wasapi"``...; ``"null"``: no sound card)."""
        ...

    @property
    def audio_out_error(self) -> str | None:
        """Why the ``--audio-out`` file stopped being written, if it did."""
        ...

    def release_recording(self) -> WavTap | None:
        """Stop writing the ``--audio-out`` file and hand it over (to a player opened
        anew after the device was lost); None where none is being written."""
        ...


class NullPlayer:
    """A player that plays nothing: for ``--no-sound`` and machines without
    an audio device. It accepts every call and never fails.

    >>> NullPlayer().is_playing()
    False
    """

    def play(self, cue: str, *, pan: float = 0.0, pitch: float = 1.0, gain: float = 1.0) -> None:
        """Do nothing."""

    def play_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """Do nothing."""

    def append_pcm(
        self, pcm: bytes, *, sample_rate: int, channels: int = 1, stream: str = "speech"
    ) -> None:
        """Do nothing."""

    def stop(self, stream: str = "speech") -> None:
        """Do nothing."""

    def is_playing(self, stream: str = "speech") -> bool:
        """Nothing ever plays."""
        return False

    def set_enabled(self, enabled: bool) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""

    def release_recording(self) -> WavTap | None:
        """It writes no ``--audio-out`` file."""
        return None

    #: Nothing it plays reaches anyone: the voice cannot speak through it.
    audible = False
    failed = False
    backend_name = "null"
    audio_out_error: str | None = None
