"""Earcons and PCM speech streams behind one small Protocol.

>>> player = create_player(enabled=False, backend="no-such-backend")
>>> player.is_playing()
False
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from sniff.output.sound.base import CUES, NullPlayer, SoundPlayer
from sniff.output.sound.data import cue_path, sounds_dir
from sniff.output.sound.space import placement_for_end, score_pitch

if TYPE_CHECKING:
    from sniff.output.sound.mixer import WavTap

__all__ = [
    "CUES",
    "NullPlayer",
    "SoundPlayer",
    "create_player",
    "cue_path",
    "placement_for_end",
    "score_pitch",
    "sounds_dir",
]


def create_player(
    enabled: bool = True,
    *,
    backend: str | None = None,
    audio_out: Path | None = None,
    recording: WavTap | None = None,
) -> SoundPlayer:
    """The best player this machine allows: a mixer on a real audio device,
    or a silent :class:`NullPlayer` when there is none.

    *enabled* switches earcons (speech streams always play: the built-in
    voice speaks whether earcons are on or not). *backend* names a miniaudio
    backend (``"null"``, ``"alsa"``, ``"pulseaudio"``, ...); ``None`` lets
    miniaudio choose, and then its do-nothing null backend counts as "no
    device". With *audio_out*, everything played is also written to that WAV
    file, mixed as heard; with no device, only there (the mixer then runs on
    the null backend, in real time). Never raises for want of a device and
    never prints: device probing output from C libraries is sent to the null
    device. An *audio_out* that cannot be written raises OSError.
    *recording* is an ``--audio-out`` file already being written (by a player
    that lost its device), to go on in this one.
    """
    from sniff.output.sound.mixer import MiniaudioPlayer, WavTap, quiet_native_output

    tap = WavTap(audio_out) if audio_out is not None else recording
    player: MiniaudioPlayer | None
    try:
        player = MiniaudioPlayer(enabled=enabled, backend=backend)
    except Exception:  # no device, no library, unknown backend: all mean silence
        player = None
    if player is not None and backend is None and not player.has_device and tap is None:
        with quiet_native_output():
            player.close()
        player = None
    if player is None and tap is not None:
        with contextlib.suppress(Exception):
            player = MiniaudioPlayer(enabled=enabled, backend="null")
    if player is None:
        if tap is not None:
            tap.close()
        return NullPlayer()
    if tap is not None:
        player.record_to(tap)
    return player
