"""Opening the output for a run: speech (with its fallback chain), earcons,
the side outputs (transcript, ``--audio-out``), the ``--screen line`` echo,
and the router that ties them together.

Nothing may reach the player as silence: a speech output that fails is
replaced by the next one, and every such change, and every side output that
fails, is said once in the player's language.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TextIO

from sniff.announce import Utterance
from sniff.announce.notices import NoticeWords
from sniff.i18n import Translator
from sniff.output.lines import Discard, LineEcho
from sniff.output.router import Output
from sniff.output.sound import create_player
from sniff.output.speech import FallbackEvent, create_speech
from sniff.output.transcript import Transcript
from sniff.storage.settings import Settings

__all__ = ["open_output"]


def open_output(
    settings: Settings,
    translator: Translator,
    *,
    line_mode: bool = False,
    transcript: str | Path | None = None,
    audio_out: Path | None = None,
    speech: Any = None,
    sound: Any = None,
    line_stream: TextIO | None = None,
) -> Output:
    """Speech, earcons and the message history for *settings*.

    The sound device is opened whatever the earcon setting: the built-in
    voice speaks through it even with earcons off. *speech* and *sound*
    replace the real backends (tests); *line_stream* is where line mode
    writes its lines. An *audio_out* or *transcript* that cannot be opened
    raises OSError (the command line reports it before the game starts).
    """
    notices = NoticeWords(translator)
    pending: list[Utterance] = []
    holder: dict[str, Output] = {}

    def tell(notice: Utterance) -> None:
        if "output" in holder:
            holder["output"].say(notice)
        else:
            pending.append(notice)  # the output is still being opened

    def on_fallback(event: FallbackEvent) -> None:
        tell(notices.fallback(event))

    def on_problem(what: str, detail: str) -> Utterance | None:
        return notices.side_output_failed(what, detail)

    if sound is None:
        sound = create_player(settings.sounds, audio_out=audio_out)
    if speech is None:
        speech = create_speech(
            settings.speech_mode,
            language=translator.language,
            rate=settings.voice_rate,
            volume=settings.voice_volume,
            voice=settings.voice_name,
            sound=sound,
            # In full-screen mode the screen shows the messages: text lines go nowhere.
            text_stream=line_stream if line_mode else Discard(),  # type: ignore[arg-type]
            on_fallback=on_fallback,
        )
    if line_mode and line_stream is not None:
        speech = LineEcho(speech, line_stream)
    output = Output(
        speech,
        sound,
        transcript=Transcript(transcript) if transcript is not None else None,
        on_problem=on_problem,
    )
    holder["output"] = output
    for notice in pending:
        output.say(notice)
    return output
