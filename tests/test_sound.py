"""Earcons and the mixer: the committed WAVs, the pure mixing maths, and the
real miniaudio device on its NULL backend (which runs the callback in real
time without a sound card, so latency and mixing are measured, not assumed)."""

from __future__ import annotations

import array
import importlib.util
import itertools
import math
import os
import time
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from sniff.engine import PRESETS, Combination, RuleSet
from sniff.engine.tables import points_table
from sniff.output.sound import (
    CUES,
    NullPlayer,
    SoundPlayer,
    create_player,
    placement_for_end,
    score_pitch,
    sounds_dir,
)
from sniff.output.sound.mixer import DEVICE_RATE, MiniaudioPlayer, quiet_native_output
from sniff.output.sound.mixing import Voice, mix, pan_gains, to_s16_stereo

REPO = Path(__file__).resolve().parent.parent
SOUNDS = REPO / "sounds"
JINGLES = {"round_won", "round_lost", "game_won", "game_lost"}


def load_make_sounds() -> ModuleType:
    """Import ``tools/make_sounds.py``, which is a script, not a package."""
    spec = importlib.util.spec_from_file_location("make_sounds", REPO / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_wav(path: Path) -> tuple[int, int, float, array.array[int]]:
    """(channels, sample width, seconds, samples) of a WAV file."""
    with wave.open(str(path), "rb") as handle:
        seconds = handle.getnframes() / handle.getframerate()
        samples = array.array("h", handle.readframes(handle.getnframes()))
        return handle.getnchannels(), handle.getsampwidth(), seconds, samples


def sine_pcm(freq: float, seconds: float, rate: int, amplitude: int = 8000) -> bytes:
    count = round(seconds * rate)
    return array.array(
        "h", (round(amplitude * math.sin(2 * math.pi * freq * i / rate)) for i in range(count))
    ).tobytes()


def wait_for(condition: Callable[[], bool], timeout: float = 1.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


# --- the committed WAV files --------------------------------------------------


def test_the_script_and_the_package_name_the_same_cues() -> None:
    assert tuple(load_make_sounds().CUES) == CUES


@pytest.mark.parametrize("cue", CUES)
def test_each_cue_is_short_mono_16_bit_at_minus_6_dbfs_without_clicks(cue: str) -> None:
    channels, width, seconds, samples = read_wav(SOUNDS / f"{cue}.wav")
    assert (channels, width) == (1, 2)
    assert 0.02 <= seconds <= (1.5 if cue in JINGLES else 0.6)
    peak = max(abs(s) for s in samples)
    assert peak < 32767, "clipped"
    assert -7.0 <= 20 * math.log10(peak / 32768) <= -5.0
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert 20 * math.log10(rms / 32768) > -30.0, "nearly silent"
    # Fades: the file starts and ends at (near) zero, so playback cannot click.
    assert abs(samples[0]) < 100 and abs(samples[-1]) < 100


def test_the_script_regenerates_the_committed_files_byte_for_byte(tmp_path: Path) -> None:
    written = load_make_sounds().generate(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{cue}.wav" for cue in CUES)
    for path in written:
        assert path.read_bytes() == (SOUNDS / path.name).read_bytes(), path.name


def test_sounds_dir_finds_the_wavs() -> None:
    assert all((sounds_dir() / f"{cue}.wav").is_file() for cue in CUES)


# --- space ---------------------------------------------------------------------


def test_ends_sit_left_right_and_by_pitch_in_the_middle() -> None:
    assert placement_for_end("west") == (-0.8, 1.0)
    assert placement_for_end("east") == (0.8, 1.0)
    assert placement_for_end("lead") == (0.0, 1.0)
    assert placement_for_end("somewhere") == (0.0, 1.0)
    north_pan, north_pitch = placement_for_end("North")
    south_pan, south_pitch = placement_for_end("south")
    assert north_pan == south_pan == 0.0
    assert north_pitch > 1.0 > south_pitch


def _awards(rules: RuleSet) -> list[int]:
    """Every number of points one play can earn under *rules*, smallest first."""
    return sorted({p for p in points_table(rules.scoring, rules.points_unit) if p > 0})


_SCORINGS = [
    (f"{name}+{combination.value}", PRESETS[name].with_changes(scoring=combination))
    for name in sorted(PRESETS)
    for combination in Combination
]


@pytest.mark.parametrize(("name", "rules"), _SCORINGS)
def test_every_score_a_play_can_earn_has_its_own_higher_chime(name: str, rules: RuleSet) -> None:
    awards = _awards(rules)
    pitches = [score_pitch(points) for points in awards]
    assert all(low < high for low, high in itertools.pairwise(pitches)), (name, awards)
    assert pitches[0] >= 1.0 and pitches[-1] <= 2.0  # within an octave of the plain chime


def test_small_scores_are_as_far_apart_as_the_rules_steps() -> None:
    # domino-play earns 1, 2, 3 where sniff earns 5, 10, 15: the chime steps alike.
    semitones = [12 * math.log2(score_pitch(p)) for p in (1, 2, 3, 5, 10, 15)]
    assert semitones[1] - semitones[0] == pytest.approx(semitones[4] - semitones[3])
    assert semitones[2] - semitones[1] == pytest.approx(semitones[5] - semitones[4])
    assert semitones[1] - semitones[0] >= 1.0, "one point and two are a clear step apart"
    assert score_pitch(0) == score_pitch(1) == 1.0
    assert score_pitch(10_000) == pytest.approx(2.0)  # capped at an octave


# --- pure mixing ------------------------------------------------------------


def test_pan_is_equal_power() -> None:
    for pan in (-1.0, -0.8, 0.0, 0.3, 1.0):
        left, right = pan_gains(pan)
        assert left**2 + right**2 == pytest.approx(1.0)
    assert pan_gains(-1.0) == pytest.approx((1.0, 0.0))


def test_a_west_cue_lands_mostly_in_the_left_channel() -> None:
    tone = array.array("h", sine_pcm(440, 0.02, 48_000))
    gain_left, gain_right = pan_gains(placement_for_end("west")[0])
    voice = Voice("earcon", tone, tone, gain_left=gain_left, gain_right=gain_right)
    left, right = mix([voice], 960)
    assert sum(s * s for s in left) > 20 * sum(s * s for s in right)


def test_pitch_and_rate_change_the_length_by_resampling() -> None:
    tone = array.array("h", sine_pcm(440, 0.1, 24_000))  # 2400 frames at 24 kHz
    slow = Voice("a", tone, tone, step=24_000 / 48_000)
    fast = Voice("b", tone, tone, step=2.0 * 24_000 / 48_000)
    assert len(mix([slow], 10_000)[0]) == 10_000  # the mix block is always full
    assert len(slow.render(10_000)[0]) == 0 and slow.done
    produced = len(Voice("c", tone, tone, step=0.5).render(10_000)[0])
    assert produced == pytest.approx(4800, abs=5)
    assert len(fast.render(10_000)[0]) == pytest.approx(2400, abs=2)


def test_overshoot_is_clamped_not_wrapped() -> None:
    out = to_s16_stereo([40_000.0, -40_000.0], [1.0, -2.0])
    assert list(out) == [32767, 1, -32768, -2]


# --- the real device, on miniaudio's NULL backend ---------------------------


@pytest.fixture
def player() -> Iterator[MiniaudioPlayer]:
    device = MiniaudioPlayer(backend="null")
    yield device
    device.close()


def test_both_players_satisfy_the_protocol(player: MiniaudioPlayer) -> None:
    assert isinstance(player, SoundPlayer)
    assert isinstance(NullPlayer(), SoundPlayer)


def test_an_earcon_plays_panned_through_the_device(player: MiniaudioPlayer) -> None:
    periods: list[array.array[int]] = []
    player.monitor.on_output = periods.append
    player.play("score", pan=-0.8)
    assert wait_for(lambda: player.monitor.audible_frames.get("earcon", 0) > 4800)
    player.monitor.on_output = None
    out = array.array("h", b"".join(p.tobytes() for p in periods))
    assert sum(s * s for s in out[0::2]) > 20 * sum(s * s for s in out[1::2])


def test_a_pcm_stream_plays_and_stop_silences_it_within_30_ms(player: MiniaudioPlayer) -> None:
    player.play_pcm(sine_pcm(440, 2.0, 22_050), sample_rate=22_050)
    assert player.is_playing()
    assert wait_for(lambda: player.monitor.audible_frames.get("speech", 0) > 2400)
    stopped_at = time.monotonic()
    player.stop()
    assert not player.is_playing()
    time.sleep(0.1)
    monitor = player.monitor
    assert monitor.last_audible["speech"] - stopped_at <= 0.030
    assert monitor.last_output_audible - stopped_at <= 0.030


def test_a_short_stream_ends_by_itself_after_its_length(player: MiniaudioPlayer) -> None:
    player.play_pcm(sine_pcm(300, 0.1, 16_000), sample_rate=16_000, stream="voice2")
    assert player.is_playing("voice2")
    assert wait_for(lambda: not player.is_playing("voice2"))
    assert player.monitor.audible_frames["voice2"] == pytest.approx(4800, abs=5)


def test_earcons_mix_over_speech(player: MiniaudioPlayer) -> None:
    player.play_pcm(sine_pcm(220, 1.0, 48_000), sample_rate=48_000)
    player.play("play", pan=0.8)
    player.play("turn", pitch=1.5)
    assert wait_for(lambda: player.monitor.audible_frames.get("earcon", 0) > 2400)
    assert player.monitor.audible_frames.get("speech", 0) > 0
    assert player.monitor.errors == 0


def test_a_new_utterance_replaces_the_old_one_on_its_stream(player: MiniaudioPlayer) -> None:
    long, short = sine_pcm(220, 1.0, 48_000), sine_pcm(440, 0.05, 48_000)
    player.play_pcm(long, sample_rate=48_000)
    player.play_pcm(short, sample_rate=48_000)
    assert wait_for(lambda: not player.is_playing())
    # The short one in full, plus at most a few periods of the long one.
    assert player.monitor.audible_frames["speech"] < 2400 + 4 * 480


def test_the_pieces_of_a_sentence_play_as_one_stream(player: MiniaudioPlayer) -> None:
    pieces = [sine_pcm(440, 0.05, 22_050) for _ in range(6)]
    player.play_pcm(pieces[0], sample_rate=22_050)
    for piece in pieces[1:]:
        player.append_pcm(piece, sample_rate=22_050)
    assert wait_for(lambda: not player.is_playing(), timeout=2.0)
    # All 0.3 s were heard, resampled to 48 kHz, as one sound.
    assert player.monitor.audible_frames["speech"] == pytest.approx(14_400, abs=20)


def test_a_piece_after_a_stop_starts_the_stream_afresh(player: MiniaudioPlayer) -> None:
    player.play_pcm(sine_pcm(440, 1.0, 48_000), sample_rate=48_000)
    player.stop()
    player.append_pcm(sine_pcm(440, 0.05, 48_000), sample_rate=48_000)
    assert player.is_playing()
    assert wait_for(lambda: not player.is_playing())


def test_two_earcons_at_once_follow_each_other_never_mask(player: MiniaudioPlayer) -> None:
    """A bot's cue and the turn chime asked for together: the chime waits its turn."""
    periods: list[tuple[int, int, int]] = []  # (the stream's frame it starts at, length, peak)
    played = 0

    def note(samples: array.array[int]) -> None:
        nonlocal played
        frames = len(samples) // 2  # (stereo)
        periods.append((played, frames, max(abs(s) for s in samples) if samples else 0))
        played += frames

    player.monitor.on_output = note
    player.play("play", pan=-0.8)
    player.play("turn")
    assert wait_for(lambda: not player._earcons, timeout=3.0)  # both have been played
    player.monitor.on_output = None
    loud = [(start, start + frames) for start, frames, peak in periods if peak > 200]
    lengths = [read_wav(SOUNDS / f"{cue}.wav")[2] for cue in ("play", "turn")]
    # Heard one after the other, they fill (nearly) the sum of their lengths of the
    # stream; on top of each other, only the longer one's. (Counted in the stream's
    # frames, not the clock's time: a callback late under load changes nothing.)
    heard = (loud[-1][1] - loud[0][0]) / DEVICE_RATE
    assert heard >= sum(lengths) - 0.05 > max(lengths)


def test_disabled_earcons_stay_silent_but_speech_does_not(player: MiniaudioPlayer) -> None:
    player.set_enabled(False)
    player.play("score")
    player.play_pcm(sine_pcm(440, 0.05, 48_000), sample_rate=48_000)
    assert wait_for(lambda: not player.is_playing())
    time.sleep(0.03)
    assert "earcon" not in player.monitor.audible_frames
    assert player.monitor.audible_frames["speech"] > 0


def test_a_failing_callback_turns_the_player_silent(
    player: MiniaudioPlayer, capfd: pytest.CaptureFixture[str]
) -> None:
    def explode(out: array.array[int]) -> None:
        raise RuntimeError("boom")

    player.monitor.on_output = explode
    player.play_pcm(sine_pcm(440, 1.0, 48_000), sample_rate=48_000)
    assert wait_for(lambda: player.monitor.errors > 0)
    player.monitor.on_output = None
    assert not player.is_playing()
    player.play("score")  # ignored, and no exception
    assert capfd.readouterr() == ("", "")


def test_bad_pcm_parameters_are_refused(player: MiniaudioPlayer) -> None:
    with pytest.raises(ValueError):
        player.play_pcm(b"\0\0", sample_rate=0)
    with pytest.raises(ValueError):
        player.play_pcm(b"\0\0", sample_rate=8000, channels=3)


# --- choosing a player ------------------------------------------------------


def test_create_player_on_the_null_backend_gives_the_mixer(
    capfd: pytest.CaptureFixture[str],
) -> None:
    player = create_player(backend="null")
    try:
        assert isinstance(player, MiniaudioPlayer)
    finally:
        player.close()
    assert capfd.readouterr() == ("", "")


@pytest.mark.parametrize("backend", ["no-such-backend", None])
def test_create_player_falls_back_to_silence_without_a_word(
    backend: str | None, capfd: pytest.CaptureFixture[str]
) -> None:
    # With backend=None this probes the machine's real devices: on a box
    # without a sound card ALSA complains loudly in C, which must not show.
    player = create_player(backend=backend)
    player.play("score")
    player.play_pcm(sine_pcm(440, 0.01, 8000), sample_rate=8000)
    player.stop()
    player.close()
    if backend is not None:
        assert isinstance(player, NullPlayer)
    assert capfd.readouterr() == ("", "")


def test_create_player_swallows_any_device_failure(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("device on fire")

    monkeypatch.setattr(MiniaudioPlayer, "__init__", broken)
    player = create_player()
    assert isinstance(player, NullPlayer)
    assert not player.is_playing()
    assert capfd.readouterr() == ("", "")


def test_native_chatter_is_hidden(capfd: pytest.CaptureFixture[str]) -> None:
    with quiet_native_output():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
        os.write(1, b"noise\n")
    assert capfd.readouterr() == ("", "")
