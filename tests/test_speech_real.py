"""The ear, not the transcript: real speech outputs, run for real.

- The built-in voice (pyttsx3 + eSpeak-NG) speaks with the sound effects off,
  on a machine without a sound card, into ``--audio-out``: the file holds
  audible speech.
- A real ``speech-dispatcher``, started here with a module that writes down
  what it is asked to say, hears the game's German in German, from a client
  named ``sniff``, at a priority below the screen reader's; when it goes away
  the game says so and goes on as text, and when it comes back it takes over.
- A real ``speech-dispatcher`` whose sound is broken (eSpeak NG's module
  speaking to an audio server that is not there) takes the game's messages
  and reports nothing: the game gives way to text lines at once, with the
  words it swallowed.

Each runs where its program is installed, and always in CI (``.ci/run``
installs both); elsewhere it is skipped.
"""

from __future__ import annotations

import array
import contextlib
import io
import math
import os
import shutil
import signal
import subprocess
import sys
import time
import wave
from collections.abc import Iterator
from pathlib import Path

import pytest

from sniff.cli import main
from sniff.output.speech import FallbackEvent, chain, create_speech, ssip
from terminal import run_in_terminal

SNIFF = Path(sys.executable).parent / "sniff"
HAVE_ESPEAK = shutil.which("espeak-ng") is not None or shutil.which("espeak") is not None
HAVE_SPEECHD = shutil.which("speech-dispatcher") is not None
MODULES = Path("/usr/lib/speech-dispatcher-modules")


def _need(have: bool, what: str) -> None:
    if not have:
        if os.environ.get("CI"):
            pytest.fail(f"{what} must be installed in CI (.ci/run installs it)")
        pytest.skip(f"{what} is not installed here")


# -- the built-in voice through --audio-out ------------------------------------------------


def test_the_voice_speaks_with_sounds_off_into_audio_out(tmp_path: Path) -> None:
    _need(HAVE_ESPEAK, "eSpeak-NG")
    wav_path = tmp_path / "heard.wav"
    env = {**os.environ, "SNIFF_HOME": str(tmp_path / "home"), "TERM": "xterm"}
    command = [str(SNIFF), "play", "--speech", "voice", "--no-sound", "--lang", "de"]
    command += ["--audio-out", str(wav_path), "--screen", "line", "--seed", "4"]
    command += ["--bots", "greedy", "--pace", "0"]
    shown = run_in_terminal(command, env, [(6.0, "q"), (0.5, "y")]).decode("utf-8", "replace")
    assert "Audiogerät" not in shown  # the voice was not refused: it had somewhere to speak
    with wave.open(str(wav_path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (2, 2, 48_000)
        frames = wav.readframes(wav.getnframes())
        seconds = wav.getnframes() / wav.getframerate()
    samples = array.array("h", frames)
    if sys.byteorder == "big":
        samples.byteswap()
    window = 4800  # 0.1 s of stereo at 48 kHz, as (left, right) pairs
    loud = 0
    for start in range(0, len(samples) - 2 * window, 2 * window):
        chunk = samples[start : start + 2 * window]
        if math.sqrt(sum(s * s for s in chunk) / len(chunk)) > 300:
            loud += 1
    assert seconds > 3.0
    assert loud >= 10, f"only {loud} tenths of a second of speech in {seconds:.1f} s"


# -- a real Speech Dispatcher -----------------------------------------------------------------


class SpeechDispatcher:
    """A private speech-dispatcher whose only module writes down what it is asked to say
    (or, with *broken_sound*, eSpeak NG's module, which plays to an audio server that
    is not there)."""

    def __init__(self, folder: Path, *, broken_sound: bool = False) -> None:
        self.broken_sound = broken_sound
        self.folder = folder
        self.socket = folder / "speechd.sock"
        self.said = folder / "said.txt"
        self.log = folder / "log" / "speech-dispatcher.log"
        config = folder / "conf"
        (config / "modules").mkdir(parents=True, exist_ok=True)
        (folder / "log").mkdir(exist_ok=True)
        (config / "speechd.conf").write_text(
            'LogLevel 5\nLogDir "{}"\nAddModule "capture" "sd_generic" "capture.conf"\n'
            'DefaultModule capture\nDefaultLanguage "en"\n'
            'AudioOutputMethod "alsa"\nAudioALSADevice "null"\n'.format(folder / "log"),
            encoding="utf-8",
        )
        (config / "modules" / "capture.conf").write_text(
            f'GenericExecuteSynth "echo \\"$LANGUAGE|$DATA\\" >> {self.said}; sleep 0.2"\n'
            'AddVoice "en" "male1" "en"\nAddVoice "de" "male1" "de"\n'
            'GenericLanguage "en" "en" "utf-8"\nGenericLanguage "de" "de" "utf-8"\n',
            encoding="utf-8",
        )
        if broken_sound:
            (config / "speechd.conf").write_text(
                'LogLevel 5\nLogDir "{}"\nAddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
                'DefaultModule espeak-ng\nDefaultLanguage "en"\nAudioOutputMethod "pulse"\n'.format(
                    folder / "log"
                ),
                encoding="utf-8",
            )
        self.config = config
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = ["speech-dispatcher", "-s", "-t", "0", "-C", str(self.config)]
        command += ["-S", str(self.socket), "-c", "unix_socket", "-l", "5"]
        # Its own pid file: another Speech Dispatcher on this machine (the user's, or
        # one a game spawned) must not stop this one from starting.
        command += ["-L", str(self.folder / "log"), "-P", str(self.folder / "speechd.pid")]
        if MODULES.is_dir():
            command += ["-m", str(MODULES)]
        # A session of its own (stopping it stops its output modules too) and a runtime
        # folder of its own: another Speech Dispatcher on this machine (the user's, or
        # one a game spawned) must not keep this one from starting.
        runtime = self.folder / "runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        env = {**os.environ, "XDG_RUNTIME_DIR": str(runtime)}
        env["XDG_CACHE_HOME"] = str(self.folder / "cache")  # its pid file, too
        if self.broken_sound:  # no audio server there: the sound goes nowhere, and hangs
            env["PULSE_SERVER"] = f"unix:{self.folder / 'no-pulse-here'}"
        self.process = subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
            env=env,
        )
        deadline = time.monotonic() + 10
        while not self.socket.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()  # never leave one behind
                log = self.log.read_text()[-2000:] if self.log.exists() else "(no log)"
                pytest.fail(f"speech-dispatcher did not start: {log}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop it and its modules: politely, and for good after a few seconds."""
        process = self.process
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                # One stuck on its broken sound does not stop politely: do not wait long.
                process.wait(timeout=0.3 if self.broken_sound else 5)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        self.socket.unlink(missing_ok=True)

    def lines(self) -> list[str]:
        return self.said.read_text(encoding="utf-8").splitlines() if self.said.exists() else []


@pytest.fixture
def speechd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SpeechDispatcher]:
    _need(HAVE_SPEECHD, "speech-dispatcher")
    server = SpeechDispatcher(tmp_path / "speechd")
    server.start()
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{server.socket}")
    try:
        yield server
    finally:
        server.stop()


def _wait(predicate: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(predicate) and predicate():
            return
        time.sleep(0.05)
    raise AssertionError("waited in vain")


def test_speech_dispatcher_hears_german_in_german_from_sniff(speechd: SpeechDispatcher) -> None:
    events: list[FallbackEvent] = []
    speech = create_speech("screenreader", language="de", on_fallback=events.append)
    assert speech.name == "speechd" and not events
    for text in ("Du bist dran.", "Anna legt Fünf-Drei im Westen an.", "Der Zählwert ist 13."):
        speech.speak(text)
    assert speech.busy  # the game knows it is still speaking
    _wait(lambda: len(speechd.lines()) == 3 and speech.busy is False)
    assert speechd.lines() == [
        "de|Du bist dran.",
        "de|Anna legt Fünf-Drei im Westen an.",
        "de|Der Zählwert ist 13.",
    ]
    log = speechd.log.read_text(encoding="utf-8", errors="replace")
    assert ":sniff:game" in log  # the client says who it is
    assert "SET SELF PRIORITY text" in log  # below Orca's "message"
    assert "SET SELF RATE" not in log and "SET SELF VOICE_RATE" not in log  # the rate is the user's
    speech.speak("eins")
    speech.speak("unterbrochen", interrupt=True)  # a key: what was said before is cut off
    _wait(lambda: speechd.lines()[-1] == "de|unterbrochen")
    speech.close()


def test_speech_dispatcher_going_away_and_coming_back(
    speechd: SpeechDispatcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chain, "REVIVE_SECONDS", 0.0)
    lines = io.StringIO()
    events: list[FallbackEvent] = []
    speech = create_speech("screenreader", text_stream=lines, on_fallback=events.append)
    speech.speak("first")
    _wait(lambda: speechd.lines() == ["en|first"])
    speechd.stop()
    _wait(lambda: _failed(speech, "second"))
    assert events[-1].old == "speechd" and events[-1].new == "text"
    assert "second" in lines.getvalue()  # nothing is lost: the text line has it
    speechd.start()
    speech.speak("third")  # Speech Dispatcher is tried again, and takes over
    assert events[-1].revived and events[-1].new == "speechd"
    _wait(lambda: "en|third" in speechd.lines())
    speech.close()


def test_doctor_speak_reaches_speech_dispatcher_in_german(
    speechd: SpeechDispatcher,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    assert main(["doctor", "--speak", "--lang", "de", "--speech", "screenreader"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Das Spiel spricht über: Speech Dispatcher." in out
    assert "Testsatz über Speech Dispatcher gesprochen." in out
    assert "de|Hier spricht Sniff über Speech Dispatcher." in speechd.lines()


def test_speech_dispatcher_with_its_sound_broken_gives_way_to_text_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _need(HAVE_SPEECHD, "speech-dispatcher")
    if not (MODULES / "sd_espeak-ng").exists():
        pytest.skip("Speech Dispatcher's eSpeak NG module is not installed here")
    server = SpeechDispatcher(tmp_path / "speechd", broken_sound=True)
    server.start()
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{server.socket}")
    monkeypatch.setattr(ssip, "CHARACTERS_PER_SECOND", 150.0)  # estimates of tenths of a second
    monkeypatch.setattr(ssip, "MARGIN_SECONDS", 0.2)
    monkeypatch.setattr(ssip, "BEGIN_SECONDS", 0.3)
    monkeypatch.setattr(ssip, "WAIT_SECONDS", 0.3)
    try:
        lines = io.StringIO()
        events: list[FallbackEvent] = []
        speech = create_speech("screenreader", text_stream=lines, on_fallback=events.append)
        assert speech.name == "speechd"
        speech.on_trouble = lambda: None  # as the game's output listens
        started = time.monotonic()
        speech.speak("Welcome to Sniff by ear.")
        speech.speak("M for the menu.")
        _wait(lambda: speech.check() or events, seconds=10.0)  # what the game does when told
        assert time.monotonic() - started < 5.0
        assert events[0].reason == "silent" and events[0].new == "text"
        assert lines.getvalue().splitlines() == ["Welcome to Sniff by ear.", "M for the menu."]
        speech.close()
    finally:
        server.stop()


def _failed(speech: object, text: str) -> bool:
    """Speak until the chain notices Speech Dispatcher is gone."""
    speech.speak(text)  # type: ignore[attr-defined]
    return getattr(speech, "name", "") == "text"
