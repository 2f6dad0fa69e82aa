"""Real speech, no mocks: eSpeak-NG renders audible sentences, spoken to directly
(the built-in voice on Linux) and through pyttsx3 (the way SAPI5 on Windows and
the macOS synthesiser are driven)."""

from __future__ import annotations

import array
import math
import os
import shutil
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pytest

from sniff.output.speech._pcm import read_pcm16
from sniff.output.speech.voice import render_to_wav

HAVE_ESPEAK = shutil.which("espeak-ng") is not None or shutil.which("espeak") is not None
pytestmark = pytest.mark.skipif(
    not HAVE_ESPEAK and not os.environ.get("CI"),
    reason="eSpeak-NG is not installed (it must be in CI)",
)

ENGLISH = "You play the double five. Fifteen points."
GERMAN = "Du legst den Fünferpasch. Fünfzehn Punkte."


def samples(path: Path) -> tuple[array.array[int], float]:
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2
        data = array.array("h", wav.readframes(wav.getnframes()))
        if sys.byteorder == "big":
            data.byteswap()
        return data, wav.getnframes() / wav.getframerate()


def rms(data: array.array[int]) -> float:
    return math.sqrt(sum(s * s for s in data) / len(data))


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("speech")
    return {
        "en": render_to_wav(ENGLISH, folder / "en.wav", language="en"),
        "de": render_to_wav(GERMAN, folder / "de.wav", language="de"),
    }


@pytest.mark.parametrize("language", ["en", "de"])
def test_rendered_sentence_is_audible_speech(rendered: dict[str, Path], language: str) -> None:
    data, seconds = samples(rendered[language])
    assert 0.5 < seconds < 10.0
    # Full scale is 32767; eSpeak speech sits around 2000-6000 RMS, silence near 0.
    assert rms(data) > 500
    # Speech has pauses and syllables: loudness varies over 50 ms windows.
    window = 1102
    levels = [rms(data[i : i + window]) for i in range(0, len(data) - window, window)]
    assert max(levels) > 4 * min(levels) + 1


def test_german_differs_from_english(rendered: dict[str, Path]) -> None:
    english, en_seconds = samples(rendered["en"])
    german, de_seconds = samples(rendered["de"])
    assert english != german
    assert abs(en_seconds - de_seconds) > 0.01 or english[:4000] != german[:4000]


def test_rate_changes_the_length(tmp_path: Path) -> None:
    slow = render_to_wav(ENGLISH, tmp_path / "slow.wav", rate=120)
    fast = render_to_wav(ENGLISH, tmp_path / "fast.wav", rate=320)
    assert samples(slow)[1] > 1.5 * samples(fast)[1]


def test_no_chatter_on_stdout(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    # pyttsx3's eSpeak driver prints "Audio saved to ..." for every file.
    render_to_wav("Quiet please.", tmp_path / "quiet.wav")
    out, err = capfd.readouterr()
    assert out == ""
    assert err == ""


_PYTTSX3_SCRIPT = """
import sys
from pathlib import Path
from sniff.output.speech._synth import synthesiser
from sniff.output.speech.voice import render_to_wav
folder = Path(sys.argv[1])
render_to_wav(sys.argv[2], folder / "en.wav", language="en")
render_to_wav(sys.argv[3], folder / "de.wav", language="de")
pieces = []
synthesiser().stream("Your turn.", lambda pcm, rate: pieces.append((len(pcm), rate)) or True,
                     voice=None, rate=None, volume=None)
print(type(synthesiser()).__name__, len(pieces), pieces[0][1])
"""


def test_the_pyttsx3_engine_renders_the_same_sentences(tmp_path: Path) -> None:
    # eSpeak-NG allows one user per process: pyttsx3 gets a process of its own.
    env = dict(os.environ, SNIFF_VOICE_ENGINE="pyttsx3")
    done = subprocess.run(
        [sys.executable, "-c", _PYTTSX3_SCRIPT, str(tmp_path), ENGLISH, GERMAN],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["Pyttsx3Synthesiser", "1", "22050"]
    assert done.stderr == ""  # pyttsx3's own chatter stays out of the terminal
    for language in ("en", "de"):
        data, seconds = samples(tmp_path / f"{language}.wav")
        assert 0.5 < seconds < 10.0 and rms(data) > 500


def test_aiff_is_read_like_wav(tmp_path: Path) -> None:
    """macOS writes AIFF: the reader turns big-endian samples into 16-bit LE."""
    frames = [0, 1000, -1000, 32767, -32768]
    body = struct.pack(">5h", *frames)
    rate = b"\x40\x0d\xac\x44" + b"\x00" * 6  # 22050.0 as 80-bit extended
    comm = struct.pack(">hIh", 1, len(frames), 16) + rate
    ssnd = struct.pack(">II", 0, 0) + body
    chunks = b"COMM" + struct.pack(">I", len(comm)) + comm
    chunks += b"SSND" + struct.pack(">I", len(ssnd)) + ssnd
    path = tmp_path / "x.aiff"
    path.write_bytes(b"FORM" + struct.pack(">I", 4 + len(chunks)) + b"AIFF" + chunks)
    pcm = read_pcm16(path)
    assert pcm.sample_rate == 22050
    assert pcm.channels == 1
    assert list(struct.unpack("<5h", pcm.data)) == frames


def test_8_bit_wav_is_widened(tmp_path: Path) -> None:
    path = tmp_path / "x8.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(1)
        wav.setframerate(8000)
        wav.writeframes(bytes([128, 255, 0]))
    pcm = read_pcm16(path)
    assert list(struct.unpack("<3h", pcm.data)) == [0, 127 * 256, -128 * 256]
