"""Opening the output for a run: speech (with its fallback chain), earcons,
the side outputs (transcript, ``--audio-out``), the ``--screen line`` echo,
and the router that ties them together.

Nothing may reach the player as silence: a speech output that fails is
replaced by the next one, and every such change, and every side output that
fails, is said once in the player's language. When the player chooses
another speech setting, or the same one again after the sound device was
lost, :meth:`SpeechStarter.restart` builds the chain anew (and opens the
device again) while the game goes on.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from sniff.announce import Utterance
from sniff.announce.errors import ErrorWords
from sniff.announce.notices import NoticeWords
from sniff.enums import SpeechMode
from sniff.i18n import Translator
from sniff.output.lines import Discard, is_terminal
from sniff.output.router import Output
from sniff.output.sound import NullPlayer, create_player
from sniff.output.sound.base import SoundPlayer
from sniff.output.speech import FallbackEvent, create_speech, probe
from sniff.output.speech.base import SpeechBackend
from sniff.output.speech.probe import ReaderSeen
from sniff.output.terminal_lines import LineEcho
from sniff.output.transcript import Transcript
from sniff.storage.settings import Settings

__all__ = ["VOICE_MODES", "SpeechStarter", "open_output", "reader_reads_terminal"]

#: The speech settings that may speak with the built-in voice.
VOICE_MODES = (SpeechMode.AUTO, SpeechMode.VOICE)


class SpeechStarter:
    """Builds the speech chain for a speech setting, the same way each time.

    It remembers what does not change during a run (line mode and its
    stream, the ``--audio-out`` file); the notices go through *tell*, worded
    by :attr:`notices` in the language spoken now (:meth:`set_translator`).
    """

    def __init__(
        self,
        *,
        line_mode: bool,
        line_stream: TextIO | None,
        audio_out: Path | None,
        injected: bool = False,
        translator: Translator,
    ) -> None:
        self.line_mode = line_mode
        self.line_stream = line_stream
        self.audio_out = audio_out
        self.injected = injected  # speech handed in by a test: it is never rebuilt
        self.translator = translator
        self.notices = NoticeWords(translator)
        self.tell: Callable[[Utterance], None] | None = None

    def set_translator(self, translator: Translator) -> None:
        """Word the notices in *translator*'s language from now on (the setup menu
        changed the language while the game runs)."""
        self.translator = translator
        self.notices = NoticeWords(translator)

    def side_output_failed(self, what: str, problem: OSError | str) -> Utterance:
        """The notice for a side output that stopped (*what*: "transcript" or
        "audio-out"): *problem* is the system's error, or its text where only that
        is left (the sound thread keeps a text); either is said in words."""
        errors = ErrorWords(self.translator)
        why = errors.why(problem) if isinstance(problem, OSError) else errors.system_text(problem)
        return self.notices.side_output_failed(what, why)

    def speech(
        self, settings: Settings, translator: Translator, sound: SoundPlayer
    ) -> SpeechBackend:
        """A new chain for *settings*, wrapped for line mode."""
        self.set_translator(translator)
        speech = create_speech(
            settings.speech_mode,
            language=translator.language,
            rate=settings.voice_rate,
            volume=settings.voice_volume,
            voice=settings.voice_name,
            sound=sound,
            # In full-screen mode the screen shows the messages: text lines go nowhere.
            text_stream=self.line_stream if self.line_mode else Discard(),  # type: ignore[arg-type]
            on_fallback=self._on_fallback,
        )
        return self.wrapped(speech)

    def take_lines(self, stream: TextIO) -> None:
        """Write lines to *stream* from now on (a screen reader started reading the
        terminal while the game ran full-screen); the next :meth:`restart` wraps the
        speech for them."""
        self.line_mode = True
        self.line_stream = stream

    def wrapped(self, speech: SpeechBackend) -> SpeechBackend:
        """*speech*, and in line mode every announcement also as lines of text."""
        if self.line_mode and self.line_stream is not None:
            return LineEcho(speech, self.line_stream)
        return speech

    def _on_fallback(self, event: FallbackEvent) -> None:
        if self.tell is not None:
            self.tell(self.notices.fallback(event))

    def restart(self, output: Output, settings: Settings, translator: Translator) -> bool:
        """Start speech again with *settings* (a new setting, or the sound device
        tried again); False where the speech was handed in and cannot be rebuilt."""
        if self.injected:
            return False
        sound = output.sound
        if sound.failed or not sound.audible:
            # Try the device again; an --audio-out file being written goes on in the new one.
            fresh = create_player(settings.sounds, recording=sound.release_recording())
            if fresh.audible:
                output.sound = fresh
                with contextlib.suppress(Exception):
                    sound.close()
            else:
                fresh.close()
        old = output.speech
        output.speech = self.speech(settings, translator, output.sound)
        with contextlib.suppress(Exception):  # a broken old output must not stop the new
            old.close()
        return True

    def sounds(self, output: Output, enabled: bool) -> None:
        """Earcons on or off; on opens the sound device if none was opened yet."""
        sound = output.sound
        if enabled and not sound.audible and not self.injected:
            fresh = create_player(True)
            if fresh.audible:
                output.sound = fresh
                with contextlib.suppress(Exception):
                    sound.close()
                return
            fresh.close()
        sound.set_enabled(enabled)


def reader_reads_terminal() -> ReaderSeen | None:
    """The screen reader that reads this program's terminal, if one does (and the
    program writes to a terminal at all)."""
    return probe.terminal_reader() if is_terminal(sys.stdout) else None


def _player(settings: Settings, audio_out: Path | None) -> SoundPlayer:
    """The sound device, opened only where something will play through it: the
    earcons, the built-in voice (which speaks with earcons off too), or a file."""
    wanted = settings.sounds or audio_out is not None or settings.speech_mode in VOICE_MODES
    return create_player(settings.sounds, audio_out=audio_out) if wanted else NullPlayer()


def open_output(
    settings: Settings,
    translator: Translator,
    *,
    line_mode: bool = False,
    transcript: str | Path | None = None,
    audio_out: Path | None = None,
    speech: SpeechBackend | None = None,
    sound: SoundPlayer | None = None,
    line_stream: TextIO | None = None,
) -> Output:
    """Speech, earcons and the message history for *settings*.

    The sound device is opened whatever the earcon setting: the built-in
    voice speaks through it even with earcons off. *speech* and *sound*
    replace the real backends (tests); *line_stream* is where line mode
    writes its lines. An *audio_out* or *transcript* that cannot be opened
    raises OSError (the command line reports it before the game starts).
    The output's :attr:`~Output.starter` can start speech again later.
    """
    pending: list[Utterance] = []
    holder: dict[str, Output] = {}

    def tell(notice: Utterance) -> None:
        if "output" in holder:
            holder["output"].say(notice)
        else:
            pending.append(notice)  # the output is still being opened

    def on_problem(what: str, problem: OSError | str) -> Utterance | None:
        # The starter's words: in the language spoken when the problem comes.
        return starter.side_output_failed(what, problem)

    starter = SpeechStarter(
        line_mode=line_mode,
        line_stream=line_stream,
        audio_out=audio_out,
        injected=speech is not None,
        translator=translator,
    )
    starter.tell = tell
    if sound is None:
        sound = _player(settings, audio_out)
    if speech is None:
        speech = starter.speech(settings, translator, sound)
    else:
        speech = starter.wrapped(speech)
    output = Output(
        speech,
        sound,
        transcript=Transcript(transcript) if transcript is not None else None,
        on_problem=on_problem,
    )
    output.starter = starter
    holder["output"] = output
    for notice in pending:
        output.say(notice)
    return output
