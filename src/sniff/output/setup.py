"""Opening the output for a run: speech (with its fallback chain), earcons,
the ``--screen line`` echo, and the router that ties them together.

A speech output that fails is replaced by the next one and the change is
said once, in the player's language.
"""

from __future__ import annotations

from typing import Any, TextIO

from sniff.announce import Announcer, Utterance
from sniff.i18n import Translator
from sniff.output.router import Output
from sniff.output.sound import create_player
from sniff.output.speech import create_speech
from sniff.output.speech.text import one_line
from sniff.storage.settings import Settings

__all__ = ["open_output"]


class _LineEcho:
    """``--screen line``: every announcement also becomes a line of text, unless the
    speech backend already writes lines (the text backend), so nothing is read twice."""

    def __init__(self, inner: Any, stream: TextIO) -> None:
        self.inner = inner
        self.stream = stream

    @property
    def name(self) -> str:
        return str(self.inner.name)

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        self.inner.speak(text, interrupt=interrupt)
        if self.inner.name != "text" and one_line(text):
            self.stream.write(one_line(text) + "\n")
            self.stream.flush()

    def braille(self, text: str) -> None:
        self.inner.braille(text)

    def silence(self) -> None:
        self.inner.silence()

    def close(self) -> None:
        self.inner.close()


class _Discard:
    """Where text lines go while the full screen shows the messages itself."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass


def open_output(
    settings: Settings,
    translator: Translator,
    *,
    line_mode: bool = False,
    transcript: str | None = None,
    speech: Any = None,
    sound: Any = None,
    line_stream: TextIO | None = None,
) -> Output:
    """Speech, earcons and the message history for *settings*.

    *speech* and *sound* replace the real backends (tests); *line_stream*
    is where line mode writes its lines.
    """
    pending: list[Utterance] = []
    holder: dict[str, Output] = {}
    notified: set[tuple[str, str]] = set()
    notices = Announcer(0, translator, player_names=())

    def on_fallback(old: str, new: str, error: Exception) -> None:
        if (old, new) in notified:
            return
        notified.add((old, new))
        # Before the output exists, the backend failed while starting: it never spoke.
        notice = notices.fallback_notice(old, new, started="output" in holder)
        if "output" in holder:
            holder["output"].say(notice)
        else:
            pending.append(notice)

    if sound is None:
        sound = create_player(settings.sounds)
    if speech is None:
        speech = create_speech(
            settings.speech_mode,
            language=translator.language,
            rate=settings.voice_rate,
            volume=settings.voice_volume,
            voice=settings.voice_name,
            transcript=transcript,
            sound=sound,
            text_stream=line_stream if line_mode else _Discard(),  # type: ignore[arg-type]
            on_fallback=on_fallback,
        )
    if line_mode and line_stream is not None:
        speech = _LineEcho(speech, line_stream)
    output = Output(speech, sound)
    holder["output"] = output
    for notice in pending:
        output.say(notice)
    return output
