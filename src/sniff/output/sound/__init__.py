"""Earcons and PCM speech streams behind one small Protocol.

>>> player = create_player(enabled=False, backend="no-such-backend")
>>> player.is_playing()
False
"""

from __future__ import annotations

from sniff.output.sound.base import CUES, NullPlayer, SoundPlayer
from sniff.output.sound.data import cue_path, sounds_dir
from sniff.output.sound.space import placement_for_end, score_pitch

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


def create_player(enabled: bool = True, *, backend: str | None = None) -> SoundPlayer:
    """The best player this machine allows: a mixer on a real audio device,
    or a silent :class:`NullPlayer` when there is none.

    *enabled* switches earcons (speech streams always play). *backend* names
    a miniaudio backend (``"null"``, ``"alsa"``, ``"pulseaudio"``, ...);
    ``None`` lets miniaudio choose, and then its do-nothing null backend
    counts as "no device". Never raises and never prints: device probing
    output from C libraries is sent to the null device.
    """
    try:
        from sniff.output.sound.mixer import MiniaudioPlayer, quiet_native_output

        player = MiniaudioPlayer(enabled=enabled, backend=backend)
    except Exception:  # no device, no library, unknown backend: all mean silence
        return NullPlayer()
    if backend is None and player.backend_name.strip().lower() == "null":
        with quiet_native_output():
            player.close()
        return NullPlayer()
    return player
