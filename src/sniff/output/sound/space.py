"""Where cues sit in the stereo field, so that a blind player hears *where*
a tile went and *how much* it scored without waiting for speech.

The layout's ends map onto the listener's space: the west arm on the left,
the east arm on the right, the north and south spinner arms in the middle,
told apart by pitch (north higher, like "up").
"""

from __future__ import annotations

#: A semitone as a playback-rate factor.
SEMITONE = 2.0 ** (1.0 / 12.0)

_PLACEMENTS: dict[str, tuple[float, float]] = {
    "west": (-0.8, 1.0),
    "east": (0.8, 1.0),
    "north": (0.0, SEMITONE**3),
    "south": (0.0, SEMITONE**-3),
    "lead": (0.0, 1.0),
}

#: Highest pitch step for scores, so that a huge score stays pleasant.
MAX_SCORE_SEMITONES = 7


def placement_for_end(end: str) -> tuple[float, float]:
    """Return (pan, pitch) for a cue at the layout end named *end*.

    Names are matched case-insensitively; anything unknown is centred.

    >>> placement_for_end("west")
    (-0.8, 1.0)
    >>> placement_for_end("nowhere")
    (0.0, 1.0)
    """
    return _PLACEMENTS.get(end.strip().lower(), (0.0, 1.0))


def score_pitch(points: int) -> float:
    """Pitch factor for the score chime: 1.0 at 5 points, a semitone higher
    for every further 5, capped at ``MAX_SCORE_SEMITONES``; never below 1.0.

    >>> score_pitch(5)
    1.0
    >>> round(score_pitch(15), 4)
    1.1225
    """
    steps = max(0, min(MAX_SCORE_SEMITONES, points // 5 - 1))
    return float(SEMITONE**steps)
