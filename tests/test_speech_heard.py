"""Whether a text was heard to its end, asked through the layers the game uses:
the router's :class:`Said`, the line echo, the fallback chain, and each kind
of backend (those that can tell, and those that cannot).

The backends that can tell are run for real in their own files (Speech
Dispatcher against a stand-in in ``test_speech_ssip.py``, the voice through
eSpeak NG in ``test_speech_voice.py``, a screen reader through prismatoid in
``test_speech_prism.py``); here a recording backend stands in for them.
"""

from __future__ import annotations

import io

import pytest

from sniff.announce import Utterance
from sniff.enums import Heard
from sniff.output.router import Output
from sniff.output.sound import NullPlayer
from sniff.output.speech import (
    FallbackEvent,
    FallbackSpeech,
    RecordingSpeech,
    SpeechError,
    TextSpeech,
    screenreader,
)
from sniff.output.speech.screenreader import ScreenReaderSpeech
from sniff.output.terminal_lines import LineEcho


class Failing(RecordingSpeech):
    """Takes texts until told to fail; then hands the ones it did not say on, with
    their marks, as a backend that went away does."""

    def __init__(self, name: str = "speechd") -> None:
        super().__init__()
        self.name = name
        self.fail_on: str | None = None  # "speak" or "braille"
        self.unsaid_from = 0  # texts from this place on were not said

    def _fail(self) -> None:
        error = SpeechError(f"{self.name} went away", "gone")
        error.unsaid = self.texts[self.unsaid_from :]  # type: ignore[attr-defined]
        error.unsaid_marks = list(range(self.unsaid_from, len(self.spoken)))  # type: ignore[attr-defined]
        for mark in error.unsaid_marks:  # type: ignore[attr-defined]
            self.heard_as[mark] = Heard.CUT
        raise error

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        if self.fail_on == "speak":
            self._fail()
        super().speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        if self.fail_on == "braille":
            self._fail()
        super().braille(text)


def test_a_handed_on_text_is_followed_to_the_output_that_says_it() -> None:
    first, second = Failing(), RecordingSpeech()
    speech = FallbackSpeech([first, second])
    speech.speak("Bot one plays six-four.")
    said_before = speech.mark()
    speech.speak("Bot two passes.")
    handed_on = speech.mark()
    first.heard_as[1] = Heard.PENDING  # still queued there when it goes away
    first.unsaid_from, first.fail_on = 1, "speak"
    speech.speak("Your turn.")
    prompt = speech.mark()
    assert second.texts == ["Bot two passes.", "Your turn."]
    assert speech.heard(said_before) is Heard.END  # the first output said it
    assert speech.heard(handed_on) is Heard.END  # the second said it in the end
    second.heard_as[0] = Heard.CUT
    assert speech.heard(handed_on) is Heard.CUT and speech.heard(prompt) is Heard.END


def test_the_fallback_notice_said_meanwhile_does_not_take_the_texts_mark() -> None:
    first, second = Failing(), RecordingSpeech()
    output: dict[str, Output] = {}

    def notice(event: FallbackEvent) -> None:
        output["o"].say(Utterance(f"{event.old} stopped working", kind="fallback"))

    speech = FallbackSpeech([first, second], notice)
    output["o"] = Output(speech, NullPlayer())
    first.fail_on = "speak"
    [said] = output["o"].say(Utterance("Bot two plays five-five."))
    assert second.texts == ["Bot two plays five-five.", "speechd stopped working"]
    second.heard_as[1] = Heard.CUT  # the notice was cut; the play was not
    assert said.heard() is Heard.END


def test_a_failure_while_brailling_leaves_the_mark_on_the_text_spoken() -> None:
    first, second = Failing(), RecordingSpeech()
    speech = FallbackSpeech([first, second], lambda event: speech.speak("notice"))
    output = Output(speech, NullPlayer())
    first.unsaid_from, first.fail_on = 0, "braille"
    [said] = output.say(Utterance("Bot three draws two tiles and plays."))
    assert second.texts == ["Bot three draws two tiles and plays.", "notice"]
    second.heard_as[0] = Heard.CUT
    assert said.heard() is Heard.CUT  # followed to where it was said again


def test_the_line_echo_passes_the_question_through() -> None:
    inner = RecordingSpeech()
    lines = io.StringIO()
    output = Output(LineEcho(FallbackSpeech([inner]), lines), NullPlayer())
    assert output.end_reporter() is not None
    played, prompt = output.say([Utterance("Anna plays five-three."), Utterance("Your turn.")])
    inner.heard_as[0] = Heard.CUT
    assert (played.heard(), prompt.heard()) == (Heard.CUT, Heard.END)
    assert lines.getvalue() == "Anna plays five-three.\nYour turn."


def test_outputs_that_cannot_tell_say_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    class AccessibleOutput:  # shaped like accessible-output2's NVDA output
        name = "NVDA"

        def is_active(self) -> bool:
            return True

        def speak(self, text: str, interrupt: bool = False) -> None:
            pass

        def braille(self, text: str, **options: object) -> None:
            pass

        def silence(self) -> None:
            pass

    monkeypatch.setattr(screenreader, "_platform", lambda: "win32")
    monkeypatch.setattr(screenreader, "_load_output", lambda name: AccessibleOutput())
    for backend in (ScreenReaderSpeech(), TextSpeech(io.StringIO())):
        output = Output(FallbackSpeech([backend]), NullPlayer())
        [said] = output.say(Utterance("Bot one passes."))
        assert said.heard() is Heard.UNKNOWN, backend.name
    [quiet] = Output(FallbackSpeech([]), NullPlayer()).say(Utterance("Bot one passes."))
    assert quiet.heard() is Heard.UNKNOWN  # no speech at all: nobody can tell


def test_marks_of_another_output_or_none_are_unknown() -> None:
    speech = FallbackSpeech([RecordingSpeech()])
    assert speech.heard(None) is Heard.UNKNOWN
    assert speech.heard(3) is Heard.UNKNOWN
    assert speech.heard(speech.mark()) is Heard.UNKNOWN  # nothing said yet
