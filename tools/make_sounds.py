"""Synthesize the game's earcons and write them as WAV files into ``sounds/``.

Pure Python (``math``, ``array``, ``wave``, a seeded ``random.Random``), so the
sounds are ours, need no sample library and can be rebuilt byte for byte::

    python tools/make_sounds.py            # writes <repo>/sounds/*.wav
    python tools/make_sounds.py OUT_DIR    # writes somewhere else

Every cue is 16-bit mono at 48 kHz (the mixer's own rate, so playing one at
its natural pitch needs no resampling), normalised to a -6 dBFS peak and
wrapped in short raised-cosine fades so that nothing clicks.
"""

from __future__ import annotations

import argparse
import array
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

SAMPLE_RATE = 48_000
PEAK_DBFS = -6.0
#: Fades in milliseconds: short enough to keep attacks crisp, long enough
#: that the first and last samples start and end at zero.
FADE_IN_MS = 1.5
FADE_OUT_MS = 12.0

Samples = list[float]


# --- building blocks -------------------------------------------------------


def silence(seconds: float) -> Samples:
    """Return *seconds* of silence."""
    return [0.0] * round(seconds * SAMPLE_RATE)


def partials_note(
    freq: float,
    seconds: float,
    partials: Sequence[tuple[float, float, float]],
    *,
    attack: float = 0.004,
) -> Samples:
    """Additive note: *partials* are (frequency ratio, amplitude, decay time).

    Each partial decays exponentially with its own time constant, which is
    what makes struck things (wood, bells) sound struck.
    """
    count = round(seconds * SAMPLE_RATE)
    out = [0.0] * count
    attack_frames = max(1, round(attack * SAMPLE_RATE))
    for ratio, amplitude, decay in partials:
        phase = 0.0
        damping = math.exp(-1.0 / (decay * SAMPLE_RATE))
        level = amplitude
        partial_freq = freq * ratio
        if partial_freq >= SAMPLE_RATE / 2.2:  # would alias: leave it out
            continue
        increment = 2.0 * math.pi * partial_freq / SAMPLE_RATE
        for i in range(count):
            out[i] += level * math.sin(phase)
            phase += increment
            level *= damping
    for i in range(min(attack_frames, count)):
        out[i] *= i / attack_frames
    return out


def held_note(
    freq: float,
    seconds: float,
    harmonics: Sequence[float],
    *,
    attack: float = 0.02,
    release: float = 0.06,
    vibrato: float = 0.0,
) -> Samples:
    """A sustained note (brass-like when rich in harmonics) with a linear
    attack and release; *vibrato* is its depth in semitones at 5 Hz."""
    count = round(seconds * SAMPLE_RATE)
    attack_frames = max(1, round(attack * SAMPLE_RATE))
    release_frames = max(1, round(release * SAMPLE_RATE))
    out = [0.0] * count
    phase = 0.0
    for i in range(count):
        t = i / SAMPLE_RATE
        f = freq
        if vibrato:
            # Vibrato fades in so the note starts steady, as players do.
            depth = vibrato * min(1.0, t / 0.25)
            f *= 2.0 ** (depth * math.sin(2.0 * math.pi * 5.0 * t) / 12.0)
        value = 0.0
        for n, amplitude in enumerate(harmonics, start=1):
            if f * n < SAMPLE_RATE / 2.2:
                value += amplitude * math.sin(n * phase)
        envelope = min(1.0, i / attack_frames, (count - i) / release_frames)
        out[i] = value * envelope
        phase += 2.0 * math.pi * f / SAMPLE_RATE
    return out


def filtered_noise(
    seconds: float,
    rng: random.Random,
    *,
    centre: Callable[[float], float],
    q: float,
    envelope: Callable[[float], float],
) -> Samples:
    """White noise through a resonant band-pass (state-variable filter)
    whose centre frequency and loudness follow functions of time in seconds."""
    count = round(seconds * SAMPLE_RATE)
    low = band = 0.0
    damping = 1.0 / q
    out = [0.0] * count
    for i in range(count):
        t = i / SAMPLE_RATE
        tune = 2.0 * math.sin(math.pi * centre(t) / SAMPLE_RATE)
        high = (rng.random() * 2.0 - 1.0) - low - damping * band
        band += tune * high
        low += tune * band
        out[i] = band * envelope(t)
    return out


def place(target: Samples, sound: Samples, at_seconds: float, gain: float = 1.0) -> None:
    """Mix *sound* into *target* starting at *at_seconds*, growing it if needed."""
    start = round(at_seconds * SAMPLE_RATE)
    end = start + len(sound)
    if end > len(target):
        target.extend([0.0] * (end - len(target)))
    for i, value in enumerate(sound):
        target[start + i] += value * gain


def finish(samples: Samples) -> array.array[int]:
    """Fade, normalise to the target peak and quantise to 16 bits."""
    count = len(samples)
    fade_in = max(2, round(FADE_IN_MS / 1000 * SAMPLE_RATE))
    fade_out = max(2, round(FADE_OUT_MS / 1000 * SAMPLE_RATE))
    shaped = list(samples)
    for i in range(min(fade_in, count)):
        shaped[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_in)
    for i in range(min(fade_out, count)):
        shaped[count - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade_out)
    peak = max(abs(v) for v in shaped) or 1.0
    scale = 32767.0 * 10.0 ** (PEAK_DBFS / 20.0) / peak
    return array.array("h", (round(v * scale) for v in shaped))


# --- the cues ---------------------------------------------------------------

# Note frequencies (equal temperament, A4 = 440 Hz).
C4, E4, G4 = 261.63, 329.63, 392.00
A3, D4, F4, FS4, EB4 = 220.00, 293.66, 349.23, 369.99, 311.13
C5, E5, G5, A5 = 523.25, 659.26, 783.99, 880.00
C6, E6, G6 = 1046.50, 1318.51, 1567.98
BRASS = (1.0, 0.55, 0.35, 0.2, 0.12, 0.06)
SOFT = (1.0, 0.25, 0.08)


def cue_play(rng: random.Random) -> Samples:
    """A tile laid down: wood-block modes (inharmonic, fast decays) plus a
    few milliseconds of filtered noise for the contact."""
    body = partials_note(
        430.0,
        0.14,
        [(1.0, 1.0, 0.030), (2.57, 0.55, 0.018), (4.1, 0.3, 0.010), (6.3, 0.12, 0.006)],
        attack=0.0008,
    )
    contact = filtered_noise(
        0.012, rng, centre=lambda t: 2500.0, q=1.2, envelope=lambda t: math.exp(-t / 0.003)
    )
    place(body, contact, 0.0, 0.35)
    return body


def cue_score(rng: random.Random) -> Samples:
    """Points: a bright bell (slightly stretched partials) that rings out."""
    del rng
    return partials_note(
        C6,
        0.5,
        [(1.0, 1.0, 0.22), (2.0, 0.45, 0.14), (3.01, 0.25, 0.09), (4.23, 0.12, 0.05)],
        attack=0.002,
    )


def cue_draw(rng: random.Random) -> Samples:
    """A tile drawn from the boneyard: noise whose band sweeps upwards, with
    three grains of friction so it reads as sliding, not as wind."""

    def grains(t: float) -> float:
        swell = math.sin(math.pi * min(1.0, t / 0.26))
        rattle = 0.65 + 0.35 * math.cos(2.0 * math.pi * 11.0 * t)
        return swell * rattle

    return filtered_noise(0.26, rng, centre=lambda t: 1400.0 + 5000.0 * t, q=2.5, envelope=grains)


def cue_pass(rng: random.Random) -> Samples:
    """A pass: two low soft notes falling a fourth."""
    del rng
    out = silence(0.5)
    place(out, held_note(D4, 0.2, SOFT, attack=0.01, release=0.08), 0.0)
    place(out, held_note(A3, 0.28, SOFT, attack=0.01, release=0.16), 0.21)
    return out


def cue_turn(rng: random.Random) -> Samples:
    """Your turn: two gentle pings rising a fourth."""
    del rng
    ping = [(1.0, 1.0, 0.09), (2.0, 0.15, 0.05)]
    out = silence(0.36)
    place(out, partials_note(E5, 0.16, ping), 0.0)
    place(out, partials_note(A5, 0.22, ping), 0.12)
    return out


def cue_invalid(rng: random.Random) -> Samples:
    """Not allowed: a short dull buzz; odd harmonics give the buzz, their
    steep roll-off keeps it from being harsh."""
    del rng
    return held_note(155.0, 0.22, (1.0, 0.0, 0.4, 0.0, 0.18, 0.0, 0.08), attack=0.012, release=0.07)


def cue_menu(rng: random.Random) -> Samples:
    """Moving in a menu: a tiny, high tick."""
    del rng
    return partials_note(2200.0, 0.035, [(1.0, 1.0, 0.006), (1.5, 0.3, 0.004)], attack=0.0005)


def cue_practice_right(rng: random.Random) -> Samples:
    """A right answer: a quick major arpeggio of bells."""
    del rng
    bell = [(1.0, 1.0, 0.12), (2.0, 0.3, 0.07), (3.0, 0.1, 0.04)]
    out = silence(0.42)
    for i, note in enumerate((C6, E6, G6)):
        place(out, partials_note(note, 0.25, bell), 0.07 * i)
    return out


def cue_practice_wrong(rng: random.Random) -> Samples:
    """A wrong answer: a soft low "uh-uh", two repeated notes."""
    del rng
    out = silence(0.42)
    tone = (1.0, 0.35, 0.15, 0.05)
    place(out, held_note(233.08, 0.13, tone, attack=0.01, release=0.05), 0.0)
    place(out, held_note(233.08 * 0.94, 0.2, tone, attack=0.01, release=0.1), 0.19)
    return out


def _phrase(
    notes: Sequence[tuple[float, float, float]], harmonics: Sequence[float], length: float
) -> Samples:
    """Notes as (frequency, start, duration); the last one gets vibrato."""
    out = silence(length)
    for i, (freq, start, duration) in enumerate(notes):
        last = i == len(notes) - 1
        note = held_note(
            freq,
            duration,
            harmonics,
            attack=0.015,
            release=0.25 if last else 0.04,
            vibrato=0.12 if last else 0.0,
        )
        place(out, note, start)
    return out


def cue_round_won(rng: random.Random) -> Samples:
    """A round won: a rising arpeggio of bells ending on the octave."""
    del rng
    bell = [(1.0, 1.0, 0.25), (2.0, 0.35, 0.12), (3.0, 0.12, 0.06)]
    out = silence(1.1)
    for i, note in enumerate((C5, E5, G5)):
        place(out, partials_note(note, 0.4, bell), 0.11 * i)
    place(out, partials_note(C6, 0.75, bell), 0.33)
    return out


def cue_round_lost(rng: random.Random) -> Samples:
    """A round lost: a soft falling minor arpeggio."""
    del rng
    soft_bell = [(1.0, 1.0, 0.25), (2.0, 0.2, 0.1)]
    out = silence(1.1)
    for i, note in enumerate((G4, EB4)):
        place(out, partials_note(note, 0.45, soft_bell), 0.16 * i)
    place(out, partials_note(C4, 0.75, soft_bell), 0.32)
    return out


def cue_game_won(rng: random.Random) -> Samples:
    """The game won: a short rising brass fanfare ending on a full chord."""
    del rng
    out = _phrase([(G4, 0.0, 0.12), (C5, 0.13, 0.12), (E5, 0.26, 0.12)], BRASS, 1.4)
    chord = (C5, E5, G5, C6)
    for note in chord:
        place(out, held_note(note, 1.0, BRASS, attack=0.02, release=0.35), 0.39, 0.5)
    return out


def cue_game_lost(rng: random.Random) -> Samples:
    """The game lost: a falling, muted phrase, the last note drooping away."""
    del rng
    muted = (1.0, 0.4, 0.15, 0.05)
    return _phrase(
        [(G4, 0.0, 0.24), (FS4, 0.27, 0.24), (F4, 0.54, 0.24), (E4, 0.81, 0.58)], muted, 1.4
    )


#: Cue name -> synthesiser. The order is the order files are written in.
CUES: dict[str, Callable[[random.Random], Samples]] = {
    "play": cue_play,
    "score": cue_score,
    "draw": cue_draw,
    "pass": cue_pass,
    "turn": cue_turn,
    "invalid": cue_invalid,
    "round_won": cue_round_won,
    "round_lost": cue_round_lost,
    "game_won": cue_game_won,
    "game_lost": cue_game_lost,
    "menu": cue_menu,
    "practice_right": cue_practice_right,
    "practice_wrong": cue_practice_wrong,
}


def write_wav(path: Path, samples: array.array[int]) -> None:
    """Write 16-bit mono little-endian PCM (``wave`` adds no timestamps,
    so the bytes depend on the samples alone)."""
    if sys.byteorder == "big":
        samples = array.array("h", samples)
        samples.byteswap()
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(SAMPLE_RATE)
        handle.writeframes(samples.tobytes())


def generate(out_dir: Path) -> list[Path]:
    """Synthesize every cue into *out_dir* (created if missing); return the paths.

    Each cue gets its own seeded generator, so changing one cue never
    changes the noise in another.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for index, (name, synthesise) in enumerate(CUES.items()):
        rng = random.Random(1000 + index)
        path = out_dir / f"{name}.wav"
        write_wav(path, finish(synthesise(rng)))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry: regenerate the sounds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    default = Path(__file__).resolve().parent.parent / "sounds"
    parser.add_argument("out_dir", nargs="?", type=Path, default=default)
    args = parser.parse_args(argv)
    generate(args.out_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
