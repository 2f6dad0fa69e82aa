"""Pure mixing: voices that resample and pan themselves, summing, clamping.

Nothing here touches a device, so tests can drive it directly; the device
callback in :mod:`sniff.output.sound.mixer` is a thin loop around these functions.
All of it runs on the audio thread, so it is written as list
comprehensions over one short period (~480 frames) at a time.
"""

from __future__ import annotations

import array
import math
import operator
from collections.abc import Callable, Sequence

#: Frames over which a stopped voice fades out (~5 ms): no click, still
#: inside the next period.
FADE_FRAMES = 240

Block = list[float]


def pan_gains(pan: float) -> tuple[float, float]:
    """Equal-power (left, right) gains for *pan* in [-1, 1].

    >>> [round(g, 3) for g in pan_gains(0.0)]
    [0.707, 0.707]
    """
    pan = min(1.0, max(-1.0, pan)) if math.isfinite(pan) else 0.0
    angle = (pan + 1.0) * math.pi / 4.0
    return math.cos(angle), math.sin(angle)


class Voice:
    """One sound being played: its samples, a read position and a rate.

    *step* is how far the read position moves per output frame: the source
    rate over the device rate, times the pitch factor. Mono sources pass the
    same array as *left* and *right*.
    """

    __slots__ = (
        "delay",
        "done",
        "fading",
        "gain_left",
        "gain_right",
        "key",
        "left",
        "pos",
        "right",
        "step",
    )

    def __init__(
        self,
        key: str,
        left: Sequence[int],
        right: Sequence[int],
        *,
        step: float = 1.0,
        gain_left: float = 1.0,
        gain_right: float = 1.0,
        delay: int = 0,
    ) -> None:
        self.key = key
        self.delay = max(0, delay)  # frames of silence before it starts
        self.left = left
        self.right = right
        self.step = step
        self.gain_left = gain_left
        self.gain_right = gain_right
        self.pos = 0.0
        self.fading = False
        self.done = len(left) == 0

    def render(self, frames: int) -> tuple[Block, Block]:
        """Up to *frames* frames of (left, right); shorter once the sound ends."""
        if self.done:
            return [], []
        if self.delay and not self.fading:
            wait = min(self.delay, frames)
            self.delay -= wait
            silence = [0.0] * wait
            if wait == frames:
                return silence, list(silence)
            left, right = self._render(frames - wait)
            return silence + left, silence + right
        return self._render(frames)

    def _render(self, frames: int) -> tuple[Block, Block]:
        if self.fading:
            frames = min(frames, FADE_FRAMES)
        length = len(self.left)
        start = self.pos
        if self.step == 1.0 and start.is_integer():
            # Source already at the device rate: plain slices, no interpolation.
            first = int(start)
            stop = min(length, first + frames)
            left_raw: Sequence[float] = self.left[first:stop]
            right_raw: Sequence[float] = (
                left_raw if self.right is self.left else self.right[first:stop]
            )
            count = stop - first
        else:
            count = min(frames, max(0, math.ceil((length - 1 - start) / self.step)))
            positions = [start + k * self.step for k in range(count)]
            left_raw = _interpolate(self.left, positions)
            right_raw = left_raw if self.right is self.left else _interpolate(self.right, positions)
        self.pos = start + count * self.step
        gl, gr = self.gain_left, self.gain_right
        if self.fading:
            ramp = [1.0 - (k + 1) / count for k in range(count)]
            left = [s * gl * r for s, r in zip(left_raw, ramp, strict=True)]
            right = [s * gr * r for s, r in zip(right_raw, ramp, strict=True)]
            self.done = True
        else:
            left = [s * gl for s in left_raw]
            right = [s * gr for s in right_raw]
        if (count < frames and not self.fading) or self.pos >= length - 1:
            self.done = True
        return left, right


def _interpolate(source: Sequence[int], positions: Sequence[float]) -> Block:
    """Linear interpolation of *source* at fractional *positions*.

    Every position must lie below ``len(source) - 1`` (``Voice.render``
    sees to that), so ``i + 1`` needs no bounds check in the hot loop.
    """
    whole = [int(p) for p in positions]
    return [
        source[i] + (source[i + 1] - source[i]) * (p - i)
        for i, p in zip(whole, positions, strict=True)
    ]


def audible_frames(block: Block) -> int:
    """Frames of *block* counted as audible: all of them if any sample would
    not round to silence, else none. Per block rather than per sample
    because ``max``/``min`` run in C and the callback must stay cheap."""
    if block and (max(block) >= 0.5 or min(block) <= -0.5):
        return len(block)
    return 0


def mix(
    voices: Sequence[Voice],
    frames: int,
    on_voice: Callable[[Voice, Block, Block], None] | None = None,
) -> tuple[Block, Block]:
    """Render *frames* frames of every voice and sum them (no clipping yet).

    *on_voice* sees each voice's own block, for monitoring.
    """
    mix_left: Block = []
    mix_right: Block = []
    for voice in voices:
        left, right = voice.render(frames)
        if on_voice is not None:
            on_voice(voice, left, right)
        if not left:
            continue
        if not mix_left:  # the first voice is the mix so far: no adding needed
            padding = [0.0] * (frames - len(left))
            mix_left, mix_right = left + padding, right + padding
            continue
        n = len(left)
        # map(operator.add) runs in C, several times faster than a comprehension.
        mix_left[:n] = list(map(operator.add, mix_left, left))
        mix_right[:n] = list(map(operator.add, mix_right, right))
    if not mix_left:
        mix_left, mix_right = [0.0] * frames, [0.0] * frames
    return mix_left, mix_right


def to_s16_stereo(
    left: Block, right: Block, gain_from: float = 1.0, gain_to: float = 1.0
) -> array.array[int]:
    """Interleave two blocks into 16-bit stereo, ramping the gain from
    *gain_from* to *gain_to* across the block and clamping what still
    overshoots."""
    frames = len(left)
    if gain_from != 1.0 or gain_to != 1.0:
        delta = (gain_to - gain_from) / max(1, frames)
        gains = [gain_from + delta * (k + 1) for k in range(frames)]
        left = [s * g for s, g in zip(left, gains, strict=True)]
        right = [s * g for s, g in zip(right, gains, strict=True)]
    out = array.array("h", bytes(4 * frames))
    if frames == 0:
        return out
    peak = max(max(left), -min(left), max(right), -min(right))
    quantise: Callable[[float], int] = round if peak < 32767.0 else _clamp
    out[0::2] = array.array("h", map(quantise, left))
    out[1::2] = array.array("h", map(quantise, right))
    return out


def _clamp(sample: float) -> int:
    return 32767 if sample >= 32767.0 else -32768 if sample <= -32768.0 else round(sample)
