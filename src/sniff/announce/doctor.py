"""``sniff doctor`` in words: what was found, and what to do about each line.

The first thing a player runs when they hear nothing, so every line says the
fact and, where something is missing, the next step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from sniff.announce.menu import LANGUAGE_NAMES
from sniff.announce.notices import NoticeWords, OutputChange
from sniff.announce.phrases import sentences
from sniff.enums import ReaderSign, SpeechOutput, SpeechProblem
from sniff.i18n import Translator

__all__ = ["Diagnosis", "DoctorWords"]


class Diagnosis(Protocol):
    """What ``sniff doctor`` found (``sniff.output.diagnose.Diagnosis``)."""

    @property
    def language(self) -> str: ...
    @property
    def speech_mode(self) -> str: ...
    @property
    def used(self) -> str: ...
    @property
    def used_label(self) -> str | None: ...
    @property
    def start_problems(self) -> Sequence[OutputChange]: ...
    @property
    def prismatoid(self) -> str | None: ...
    @property
    def prism_backends(self) -> Sequence[str]: ...
    @property
    def readers_running(self) -> Sequence[str]: ...
    @property
    def accessible_output2(self) -> bool: ...
    @property
    def orca_running(self) -> bool | None: ...
    @property
    def reader(self) -> str | None: ...
    @property
    def reader_sign(self) -> str | None: ...
    @property
    def speechd_socket(self) -> str | None: ...
    @property
    def speechd_running(self) -> bool | None: ...
    @property
    def speechd_installed(self) -> bool | None: ...
    @property
    def voice_engine(self) -> str | None: ...
    @property
    def voice_for_language(self) -> str | None: ...
    @property
    def audio_device(self) -> str | None: ...
    @property
    def config_dir(self) -> str: ...
    @property
    def data_dir(self) -> str: ...


class DoctorWords:
    """The doctor's report, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.notices = NoticeWords(tr)

    def report(self, found: Diagnosis, version: str) -> list[str]:
        tr = self.tr
        lines = [
            # Translators: sniff doctor, first line; {version} is the game's version.
            sentences(tr._("Sniff doctor, version {version}").format(version=version)),
            sentences(
                # Translators: sniff doctor: the language the game speaks and the speech setting.
                tr._("language: {language}; speech setting: {mode}").format(
                    language=LANGUAGE_NAMES.get(found.language, found.language),
                    mode=self.notices.speech_mode_name(found.speech_mode),
                )
            ),
        ]
        used = self.notices.output_name(found.used, found.used_label)
        if found.used == SpeechOutput.READER:
            # Translators: sniff doctor: a screen reader reads the terminal ({output} is its
            # name, "Orca"); the game writes each announcement as a line and is silent itself.
            text = tr._(
                "the game writes each announcement as a line, and {output} reads it; "
                "the game does not speak itself"
            )
        else:
            # Translators: sniff doctor: where the game's words go now ("the built-in voice").
            text = tr._("the game speaks through: {output}")
        lines.append(sentences(text.format(output=used)))
        for change in found.start_problems:
            lines.append(self.notices.fallback(change).text)
        lines.extend(self._readers(found))
        if found.speechd_socket is not None:
            lines.append(self._speechd(found))
        lines.append(self._voice(found))
        lines.append(self._device(found))
        # Translators: sniff doctor: where settings and saved games are kept.
        text = tr._("settings folder: {config}; data folder (saves, statistics): {data}")
        lines.append(sentences(text.format(config=found.config_dir, data=found.data_dir)))
        return lines

    def _readers(self, found: Diagnosis) -> list[str]:
        tr = self.tr
        lines = []
        if found.reader:
            text = self._reader(found.reader, found.reader_sign)
        elif found.readers_running:
            # Translators: sniff doctor: screen readers the game can reach ("NVDA").
            text = tr._("screen readers running: {names}").format(
                names=", ".join(found.readers_running)
            )
        elif found.orca_running:
            # Translators: sniff doctor (Linux): Orca runs in this desktop, but the doctor
            # was not started in a terminal Orca reads (its output goes to a file or a pipe).
            text = tr._(
                "Orca is running, but this is not a terminal it reads; in a terminal, "
                "Orca reads what the game writes"
            )
        else:
            # Translators: sniff doctor: no screen reader is running. Advice: start NVDA,
            # JAWS, VoiceOver or Orca before the game, or use the built-in voice.
            text = tr._(
                "no screen reader is running: start NVDA, JAWS, VoiceOver or Orca first, "
                "or choose the built-in voice"
            )
        lines.append(sentences(text))
        if found.prismatoid is not None:
            # Translators: sniff doctor: the screen reader library and what it can reach.
            text = tr._("prismatoid {version} is installed; it knows {names}").format(
                version=found.prismatoid, names=", ".join(found.prism_backends) or "-"
            )
        elif found.accessible_output2:
            # Translators: sniff doctor: only the older screen reader library is installed.
            text = tr._("prismatoid is not installed; accessible-output2 is used instead")
        else:
            # Translators: sniff doctor: no screen reader library; advice to install it.
            text = tr._(
                "prismatoid is not installed: install it (pip install prismatoid) "
                "to speak through a screen reader"
            )
        lines.append(sentences(text))
        return lines

    def _reader(self, reader: str, sign: str | None) -> str:
        """The screen reader that reads this terminal, and how the game saw it."""
        tr = self.tr
        signs: dict[str, str] = {
            # Translators: sniff doctor: how the game saw the screen reader: Orca's own
            # D-Bus service (Orca 46 and later).
            ReaderSign.SERVICE: tr._("Orca's own service answers"),
            # Translators: sniff doctor: Orca is listed on the desktop's accessibility bus.
            ReaderSign.REGISTRY: tr._("it is on the desktop's accessibility bus"),
            # Translators: sniff doctor: the screen reader's program runs in this session.
            ReaderSign.PROCESS: tr._("its program runs in this session"),
            # Translators: sniff doctor: Speakup, the Linux console's screen reader, is loaded.
            ReaderSign.KERNEL: tr._("its kernel module is loaded"),
            # Translators: sniff doctor: prismatoid, the screen reader library, found it.
            ReaderSign.PRISM: tr._("prismatoid finds it running"),
        }
        # Translators: sniff doctor: the screen reader that reads this terminal ({reader},
        # "Orca", "NVDA") and how it was seen ({how}, one of the short phrases above).
        text = tr._("{reader} reads this terminal ({how})")
        return sentences(text.format(reader=reader, how=signs.get(str(sign), str(sign))))

    def _speechd(self, found: Diagnosis) -> str:
        tr = self.tr
        if found.speechd_running:
            # Translators: sniff doctor (Linux): Speech Dispatcher answers at {path}.
            text = tr._("Speech Dispatcher is running ({path})")
        elif found.speechd_installed:
            # Translators: sniff doctor (Linux): installed but not running; it is started
            # when a game begins.
            text = tr._(
                "Speech Dispatcher is installed but not running ({path}); "
                "the game starts it when needed"
            )
        else:
            # Translators: sniff doctor (Linux): not installed; advice with the package name.
            text = tr._(
                "Speech Dispatcher is not installed: install the package speech-dispatcher "
                "(Orca needs it too)"
            )
        return sentences(text.format(path=found.speechd_socket))

    def _voice(self, found: Diagnosis) -> str:
        tr = self.tr
        if found.voice_engine is None:
            # Translators: sniff doctor: no speech synthesizer; advice for Linux packages.
            text = tr._(
                "the built-in voice cannot start: install espeak-ng "
                "(Debian, Ubuntu, Fedora: the package espeak-ng)"
            )
            return sentences(text)
        if found.voice_for_language:
            # Translators: sniff doctor: the voice engine and its voice for the language.
            text = tr._("the built-in voice uses {engine}; voice for this language: {voice}")
            voice = found.voice_for_language
            return sentences(text.format(engine=found.voice_engine, voice=voice))
        # Translators: sniff doctor: the engine has no voice for the game's language.
        text = tr._("the built-in voice uses {engine}, but it has no voice for this language")
        return sentences(text.format(engine=found.voice_engine))

    def _device(self, found: Diagnosis) -> str:
        tr = self.tr
        if found.audio_device:
            # Translators: sniff doctor: the sound device found ({device} is its system, e.g.
            # "PulseAudio").
            text = tr._("sound device: {device}").format(device=found.audio_device)
        else:
            # Translators: sniff doctor: no sound device; advice.
            text = tr._(
                "no sound device found: the built-in voice and the sounds cannot play; "
                "use a screen reader, or --audio-out FILE.wav to record them"
            )
        return sentences(text)

    def speaking(self, kind: str, label: str | None) -> str:
        """The test sentence for one output, naming it."""
        output = self.notices.output_name(kind, label)
        # Translators: sniff doctor --speak: the test sentence said through each output;
        # {output} names it ("Speech Dispatcher", "the built-in voice").
        return self.tr._("This is Sniff, speaking through {output}.").format(output=output)

    def spoke(self, output: str, ok: bool, reason: str = "") -> str:
        """What came of saying the test sentence through *output*."""
        tr = self.tr
        if ok:
            # Translators: sniff doctor --speak: a test sentence was said through {output}.
            return sentences(tr._("test sentence said through {output}").format(output=output))
        if reason == SpeechProblem.NO_AUDIO_DEVICE:
            # Translators: sniff doctor --speak: the built-in voice could not speak: no sound
            # device ({output} is "the built-in voice").
            text = tr._("{output} could not say it: there is no sound device")
        elif reason == SpeechProblem.NO_SYNTHESIZER:
            # Translators: sniff doctor --speak: no speech synthesizer (eSpeak NG) installed.
            text = tr._("{output} could not say it: no speech synthesizer is installed")
        else:
            # Translators: sniff doctor --speak: the output failed to say the test sentence.
            text = tr._("{output} failed to say the test sentence")
        return sentences(text.format(output=output))

    def heard_nothing(self) -> str:
        """The last advice of ``sniff doctor --speak``, whole in itself: an installed game
        has no docs folder to point at, and a player who heard nothing needs it now."""
        # Translators: sniff doctor --speak, last lines: what to check if none of the test
        # sentences was heard, and how to play meanwhile; keep the command as it is.
        text = self.tr._(
            "if you heard none of these: check that your speakers or headphones are on and the "
            "system's sound is not muted or turned down, and start your screen reader before "
            "the game; the lines above say what each output still needs. Until then, play "
            "with lines of text: sniff play --speech text"
        )
        return sentences(text)

    def nothing_to_speak(self) -> str:
        # Translators: sniff doctor --speak when no output can speak here.
        return sentences(self.tr._("no output here can speak; the game will write lines of text"))
