"""Read a rendered utterance as 16-bit little-endian PCM for the sound stream.

eSpeak-NG and SAPI5 write WAV; macOS's NSSpeechSynthesizer writes AIFF
whatever the file is called, so both are read here. Only the standard
library is used (``aifc``/``audioop`` are gone from Python 3.13).
"""

from __future__ import annotations

import struct
import wave
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Pcm", "read_pcm16"]


@dataclass(frozen=True)
class Pcm:
    """Interleaved signed 16-bit little-endian samples."""

    data: bytes
    sample_rate: int
    channels: int

    @property
    def duration(self) -> float:
        """Length in seconds."""
        frames = len(self.data) // (2 * self.channels)
        return frames / self.sample_rate if self.sample_rate else 0.0


def read_pcm16(path: str | Path) -> Pcm:
    """Read a WAV or AIFF file and return its samples as 16-bit LE PCM."""
    with open(path, "rb") as file:
        head = file.read(12)
    if head[:4] == b"FORM" and head[8:12] in (b"AIFF", b"AIFC"):
        return _read_aiff(Path(path).read_bytes())
    with wave.open(str(path), "rb") as wav:
        width = wav.getsampwidth()
        raw = wav.readframes(wav.getnframes())
        return Pcm(_le_to_16(raw, width, signed=width > 1), wav.getframerate(), wav.getnchannels())


def _le_to_16(raw: bytes, width: int, *, signed: bool) -> bytes:
    """Keep the two most significant bytes of each little-endian sample."""
    if width == 2:
        return raw
    count = len(raw) // width
    out = bytearray(count * 2)
    if width == 1:
        high = raw if signed else raw.translate(_FLIP_SIGN)
        out[1::2] = high[:count]
    else:
        out[0::2] = raw[width - 2 :: width][:count]
        out[1::2] = raw[width - 1 :: width][:count]
    return bytes(out)


def _be_to_16(raw: bytes, width: int) -> bytes:
    """Big-endian signed samples of any width to 16-bit little-endian."""
    count = len(raw) // width
    out = bytearray(count * 2)
    out[1::2] = raw[0::width][:count]
    if width > 1:
        out[0::2] = raw[1::width][:count]
    return bytes(out)


# Unsigned 8-bit WAV samples centre on 128; flipping the top bit makes them signed.
_FLIP_SIGN = bytes((b ^ 0x80) for b in range(256))


def _read_aiff(blob: bytes) -> Pcm:
    compressed = blob[8:12] == b"AIFC"
    channels = width = rate = 0
    little_endian = False
    samples = b""
    pos = 12
    while pos + 8 <= len(blob):
        kind, size = blob[pos : pos + 4], struct.unpack(">I", blob[pos + 4 : pos + 8])[0]
        body = blob[pos + 8 : pos + 8 + size]
        if kind == b"COMM":
            channels, _frames, bits = struct.unpack(">hIh", body[:8])
            width = (bits + 7) // 8
            rate = round(_extended_to_float(body[8:18]))
            if compressed:
                codec = body[18:22]
                if codec not in (b"NONE", b"sowt", b"twos"):
                    raise ValueError(f"unsupported AIFF-C compression {codec!r}")
                little_endian = codec == b"sowt"
        elif kind == b"SSND":
            offset = struct.unpack(">I", body[:4])[0]
            samples = body[8 + offset :]
        pos += 8 + size + (size & 1)  # chunks are padded to even length
    if not channels or not width or not rate:
        raise ValueError("AIFF file without a usable COMM chunk")
    data = _le_to_16(samples, width, signed=True) if little_endian else _be_to_16(samples, width)
    return Pcm(data, rate, channels)


def _extended_to_float(raw: bytes) -> float:
    """Decode the 80-bit IEEE extended float AIFF uses for the sample rate."""
    exponent, mantissa = struct.unpack(">HQ", raw)
    exponent, mantissa = int(exponent), int(mantissa)
    sign = -1.0 if exponent & 0x8000 else 1.0
    exponent &= 0x7FFF
    if exponent == 0 and mantissa == 0:
        return 0.0
    return float(sign * mantissa * 2.0 ** (exponent - 16383 - 63))
