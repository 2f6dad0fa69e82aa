"""The built-in voice and its sound device: lost mid-game, said once, tried again.

The real mixer runs on miniaudio's null backend with an ``--audio-out`` file
(what a machine without a sound card has); losing the device is the call
miniaudio makes when a device stops under the program. The voice is the real
eSpeak-NG voice.
"""

from __future__ import annotations

import io
import os
import shutil
import time
import wave
from pathlib import Path

import pytest

from sniff.announce import Utterance
from sniff.i18n import translator
from sniff.output import setup
from sniff.output.router import Output
from sniff.output.setup import open_output
from sniff.output.sound import SoundPlayer, create_player
from sniff.storage.settings import Settings

HAVE_ESPEAK = shutil.which("espeak-ng") is not None or shutil.which("espeak") is not None
pytestmark = pytest.mark.skipif(
    not HAVE_ESPEAK and not os.environ.get("CI"),
    reason="eSpeak-NG is not installed (it must be in CI)",
)


def _wait(predicate: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(predicate) and predicate():
            return
        time.sleep(0.02)
    raise AssertionError("waited in vain")


def test_a_lost_device_is_said_once_and_the_voice_comes_back_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wav = tmp_path / "heard.wav"
    lines = io.StringIO()
    settings = Settings(speech_mode="voice", sounds=False)
    tr = translator("en")
    sound = create_player(False, audio_out=wav)
    output = open_output(settings, tr, sound=sound, line_mode=True, line_stream=lines)
    try:
        _lose_and_retry(output, sound, lines, settings, monkeypatch)
    finally:  # a running device must be closed, never left to the garbage collector
        output.sound.close()
        sound.close()
        output.speech.close()
    with wave.open(str(wav)) as heard:
        seconds = heard.getnframes() / heard.getframerate()
    assert seconds > 1.0  # one file, written by both players


def _lose_and_retry(
    output: Output,
    sound: SoundPlayer,
    lines: io.StringIO,
    settings: Settings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tr = translator("en")
    assert output.speech.name == "voice"
    output.say(Utterance("Anna plays five-three."))
    _wait(lambda: output.busy() is False)

    sound._on_device_stopped()  # type: ignore[attr-defined]  # miniaudio: the device stopped
    output.say(Utterance("Your turn."))
    said = [u.text for u in output.history]
    # The words that failed are said by the next output at once, then why.
    assert said[-2:] == [
        "Your turn.",
        "The sound device was lost; speaking as text lines instead. To try it again: "
        "M for the menu, then Enter on Speech.",
    ]
    assert "Your turn." in lines.getvalue()  # nothing was lost: the text line has it
    output.say(Utterance("Anna passes."))
    assert [u.kind for u in output.history].count("fallback") == 1  # said once

    # Asked to try again: the device is opened anew (here: the null backend, writing
    # on into the same file) and the voice speaks again.
    monkeypatch.setattr(
        setup,
        "create_player",
        lambda enabled, recording=None: create_player(enabled, backend="null", recording=recording),
    )
    assert output.restart_speech(settings, tr)
    assert output.speech.name == "voice" and output.sound is not sound
    output.say(Utterance("Double six."))
    _wait(lambda: output.busy() is False)


def test_text_without_sounds_opens_no_device_until_sounds_are_switched_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[object] = []

    def player(enabled: bool, **kwargs: object) -> SoundPlayer:
        made = create_player(enabled, audio_out=tmp_path / f"{len(opened)}.wav")
        opened.append(made)
        return made

    monkeypatch.setattr(setup, "create_player", player)
    settings = Settings(speech_mode="text", sounds=False)
    output = open_output(settings, translator("en"), line_stream=io.StringIO(), line_mode=True)
    try:
        assert opened == [] and not output.sound.audible  # nothing needs the device yet
        output.set_sounds(True)
        assert opened == [output.sound] and output.sound.audible
        output.set_sounds(False)
        assert len(opened) == 1  # switched off, the device stays open for next time
    finally:
        output.sound.close()
        output.speech.close()
