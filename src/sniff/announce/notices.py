"""Notices about the outputs themselves: a speech output that could not start,
stopped working or came back, and a side output (the transcript, the
``--audio-out`` file) that failed. Each is true, short and translated: the
player hears what happened and where the words go now.
"""

from __future__ import annotations

from typing import Protocol

from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.enums import Cue, SpeechMode, SpeechOutput, SpeechProblem
from sniff.i18n import Translator

__all__ = ["NoticeWords", "OutputChange"]


class OutputChange(Protocol):
    """What the speech chain reports (``sniff.output.speech.FallbackEvent``)."""

    @property
    def old(self) -> str: ...
    @property
    def new(self) -> str: ...
    @property
    def reason(self) -> str: ...
    @property
    def old_label(self) -> str | None: ...
    @property
    def new_label(self) -> str | None: ...
    @property
    def started(self) -> bool: ...
    @property
    def revived(self) -> bool: ...


class NoticeWords:
    """The notices, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    def output_name(self, kind: str, label: str | None = None) -> str:
        """An output as a player knows it: its proper name ("NVDA", "Speech
        Dispatcher") where it has one, else the kind in words ("the built-in voice")."""
        if label:
            return label
        tr = self.tr
        names: dict[str, str] = {
            # Translators: the speech output through the running screen reader, in notices
            # ("the screen reader stopped working").
            SpeechOutput.SCREENREADER: tr.pgettext("speech", "the screen reader"),
            # Translators: Linux's speech service, in notices.
            SpeechOutput.SPEECHD: tr.pgettext("speech", "Speech Dispatcher"),
            # Translators: the game's own voice (eSpeak NG, SAPI...), in notices.
            SpeechOutput.VOICE: tr.pgettext("speech", "the built-in voice"),
            # Translators: the speech output as lines of text (for braille or a terminal
            # reader), in notices ("speaking as text lines instead").
            SpeechOutput.TEXT: tr.pgettext("speech", "text lines"),
            # Translators: no speech at all, in notices.
            SpeechOutput.NONE: tr.pgettext("speech", "no speech"),
            # Translators: the screen reader that reads the game's lines in the terminal
            # (Orca, NVDA...), in notices where its own name is not known.
            SpeechOutput.READER: tr.pgettext("speech", "the screen reader reading this terminal"),
        }
        return names.get(kind, kind)

    def speech_mode_name(self, mode: str) -> str:
        """A speech setting as a player knows it: "screen reader", "built-in voice"."""
        tr = self.tr
        names: dict[str, str] = {
            # Translators: the speech setting: through the running screen reader (NVDA, Orca...).
            SpeechMode.SCREENREADER: tr.pgettext("speech", "screen reader"),
            # Translators: the speech setting: the game's own voice (eSpeak NG).
            SpeechMode.VOICE: tr.pgettext("speech", "built-in voice"),
            # Translators: the speech setting: lines of text (for braille or a terminal reader).
            SpeechMode.TEXT: tr.pgettext("speech", "text lines"),
            # Translators: the speech setting that chooses the output by itself.
            SpeechMode.AUTO: tr.pgettext("speech", "automatic"),
            # Translators: the speech setting with no speech at all.
            SpeechMode.NONE: tr.pgettext("speech", "no speech"),
        }
        return names.get(mode, mode)

    def fallback(self, change: OutputChange) -> Utterance:
        """The chain changed outputs; *change* says from what, to what and why."""
        tr = self.tr
        old = self.output_name(change.old, change.old_label)
        new = self.output_name(change.new, change.new_label)
        if change.revived and change.new == SpeechOutput.READER:
            # Translators: the screen reader (Orca, NVDA) reads the game's terminal again
            # after it had stopped; the game's own speech stops. {new} is its name.
            text = tr._("{new} is reading this terminal again; the game stops speaking itself")
            text = text.format(new=new)
        elif change.old == SpeechOutput.READER and not change.revived and change.started:
            # Translators: the screen reader that read the game's terminal stopped (Orca
            # crashed or was closed); {old} is its name, {new} how the game speaks now.
            text = tr._("{old} stopped reading this terminal; speaking through {new} instead")
            text = text.format(old=old, new=new)
        elif change.revived:
            # Translators: a speech output is back (Speech Dispatcher restarted, the screen
            # reader started again); {new} is its name.
            text = tr._("{new} is back; speaking through it again").format(new=new)
        elif not change.started:
            text = self._could_not_start(change.reason, change.old, new)
        elif change.reason == SpeechProblem.DEVICE_LOST:
            # Translators: the sound device went away during the game; {new} is where the
            # words go now ("text lines"). M opens the menu; Enter on its Speech item starts
            # the speech again, which tries the device again.
            text = tr._(
                "the sound device was lost; speaking as {new} instead. To try it again: "
                "M for the menu, then Enter on Speech"
            ).format(new=new)
        elif change.reason == SpeechProblem.SILENT:
            # Translators: Speech Dispatcher took the game's messages but reported none of
            # them said (its sound is broken, for instance); {old} is its name, {new} where
            # the words go now. M opens the menu; Enter on its Speech item tries it again.
            text = tr._(
                "{old} is not saying anything; speaking as {new} instead. To try it again: "
                "M for the menu, then Enter on Speech"
            ).format(old=old, new=new)
        else:
            # Translators: a speech output failed during the game and another took over; {old}
            # and {new} are names ("NVDA stopped working; speaking as text lines instead").
            text = tr._("{old} stopped working; speaking as {new} instead")
            text = text.format(old=old, new=new)
        return Utterance(
            sentences(text), interrupt=False, cue=Cue.INVALID, kind=UtteranceKind.FALLBACK
        )

    def _could_not_start(self, reason: str, kind: str, new: str) -> str:
        tr = self.tr
        if reason == SpeechProblem.NO_SCREEN_READER:
            # Translators: at start, no screen reader was found ("No screen reader is running;
            # speaking as text lines instead.").
            text = tr._("no screen reader is running; speaking as {new} instead")
        elif reason == SpeechProblem.NO_SPEECHD:
            # Translators: at start, Linux's speech service is not running.
            text = tr._("Speech Dispatcher is not running; speaking as {new} instead")
        elif reason == SpeechProblem.NO_AUDIO_DEVICE:
            # Translators: at start, the built-in voice has no sound device to speak through.
            text = tr._("the built-in voice has no sound device; speaking as {new} instead")
        elif reason == SpeechProblem.NO_SYNTHESIZER:
            # Translators: at start, no speech synthesizer (eSpeak NG, SAPI) is installed.
            text = tr._("no speech synthesizer is installed; speaking as {new} instead")
        elif reason == SpeechProblem.MISSING_LIBRARY:
            # Translators: at start, a part the screen reader connection needs is not
            # installed; "sniff doctor" tells which.
            text = tr._(
                "the screen reader connection is not installed (see sniff doctor); "
                "speaking as {new} instead"
            )
        else:
            # Translators: at start, a speech output could not start; {old} and {new} are
            # names ("The built-in voice could not start; speaking as text lines instead.").
            text = tr._("{old} could not start; speaking as {new} instead")
        return text.format(old=self.output_name(kind), new=new)

    def reader_takes_lines(self, reader: str) -> Utterance:
        """The player asked for the full screen, but a screen reader reads the terminal:
        the game writes lines instead (a full screen would be read again at each change)."""
        # Translators: at start, when the player asked for the full screen (--screen full)
        # while a screen reader reads the terminal; {reader} is its name ("Orca", "NVDA").
        text = self.tr._(
            "{reader} reads this terminal, so the game writes each announcement as a line "
            "instead of drawing the table, which {reader} would read again at every change"
        ).format(reader=reader)
        return Utterance(sentences(text), kind=UtteranceKind.FALLBACK)

    def reader_arrived(self, reader: str) -> Utterance:
        """A screen reader started reading the terminal while the game ran."""
        # Translators: a screen reader (Orca, NVDA) was started while the game ran; the game
        # now writes each announcement as a line for it and stops speaking itself. {reader}
        # is its name.
        text = self.tr._(
            "{reader} is running now: the game writes each announcement as a line for it "
            "and stops speaking itself"
        ).format(reader=reader)
        return Utterance(sentences(text), kind=UtteranceKind.FALLBACK)

    def reader_and_voice(self, reader: str) -> Utterance:
        """The built-in voice was chosen while a screen reader reads the terminal: the
        player hears every announcement from both."""
        # Translators: at start, when the speech setting is the built-in voice while a screen
        # reader reads the terminal; {reader} is its name. M opens the menu, where the Speech
        # item chooses the screen reader.
        text = self.tr._(
            "{reader} reads this terminal as well, so you hear the game twice. To hear it "
            "once: M for the menu, then Speech, then screen reader"
        ).format(reader=reader)
        return Utterance(sentences(text), cue=Cue.INVALID, kind=UtteranceKind.FALLBACK)

    def side_output_failed(self, what: str, detail: str) -> Utterance:
        """The transcript or the ``--audio-out`` file cannot be written: the game goes on.
        *detail* is why, in words (``ErrorWords.why``)."""
        tr = self.tr
        if what == "transcript":
            # Translators: the transcript file could not be written (a full disk); {detail}
            # says why (the system's reason, in words). Speech goes on.
            text = tr._(
                "the transcript could not be written ({detail}); the game goes on without it"
            )
        else:
            # Translators: the --audio-out sound file could not be written; {detail} says why.
            text = tr._(
                "the sound file could not be written ({detail}); the game goes on without it"
            )
        return Utterance(
            sentences(text.format(detail=detail)), cue=Cue.INVALID, kind=UtteranceKind.FALLBACK
        )
