"""Where cues sit in the stereo field, so that a blind player hears *where*
a tile went and *how much* it scored without waiting for speech.

The layout's ends map onto the listener's space: the west arm on the left,
the east arm on the right, the north and south spinner arms in the middle,
told apart by pitch (north higher, like "up"). The score chime rises with
the points it announces.
"""

from __future__ import annotations

from math import log2

from sniff.engine import End

#: A semitone as a playback-rate factor.
SEMITONE = 2.0 ** (1.0 / 12.0)

_PLACEMENTS: dict[str, tuple[float, float]] = {
    End.WEST.value: (-0.8, 1.0),
    End.EAST.value: (0.8, 1.0),
    End.NORTH.value: (0.0, SEMITONE**3),
    End.SOUTH.value: (0.0, SEMITONE**-3),
    End.LEAD.value: (0.0, 1.0),
}

#: How far the score chime rises each time the points double, in semitones.
SEMITONES_PER_DOUBLING = 1.5
#: The highest the score chime goes, so that a huge score stays pleasant: reached at
#: 256 points, far above anything one play earns (a count of 96 at the very most).
MAX_SCORE_SEMITONES = 12


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
    """Pitch factor for the score chime: it rises with the points, whatever they count.

    The chime rises :data:`SEMITONES_PER_DOUBLING` each time the points double,
    from 1.0 at one point: the rules' own steps then sound alike, so that
    domino-play's 1, 2 and 3 points are as far apart as sniff's 5, 10 and 15,
    and every other score (threes, primes, fibs) falls on its own pitch in
    between. Never below 1.0, never above :data:`MAX_SCORE_SEMITONES`.

    >>> score_pitch(1), score_pitch(0)
    (1.0, 1.0)
    >>> round(score_pitch(10) / score_pitch(5), 4) == round(score_pitch(2), 4)
    True
    """
    if points <= 1:
        return 1.0
    steps = min(MAX_SCORE_SEMITONES, SEMITONES_PER_DOUBLING * log2(points))
    return float(SEMITONE**steps)
