"""The screen-reader layer on prismatoid, run through prismatoid itself.

The reader at the end is a recording one registered in prismatoid's own
registry (``tests/prism_double.py``): everything between the game and the
reader is the real code, prismatoid's native dispatch included.
"""

from __future__ import annotations

import io

import pytest

from prism_double import ReaderLog, reader_context
from sniff.announce import Announcer, Utterance
from sniff.engine import Game, observe, preset
from sniff.enums import Heard
from sniff.i18n import translator
from sniff.output.router import Output
from sniff.output.sound import NullPlayer
from sniff.output.speech import FallbackEvent, FallbackSpeech, TextSpeech, chain, prism_reader
from sniff.output.speech.prism_reader import PrismSpeech, running_readers


def test_the_reader_is_found_by_name_and_keeps_its_own_voice_for_english() -> None:
    log = ReaderLog()
    context = reader_context(log, "NVDA")
    assert running_readers(context) == ["NVDA"]
    speech = PrismSpeech(language="en", context=context)
    assert speech.label == "NVDA"
    speech.speak("Your turn.")
    assert log.calls == [("speak", "Your turn.", False)]  # no voice or rate was touched


def test_german_text_gets_a_german_voice_never_another_rate() -> None:
    log = ReaderLog(voices=("en-US", "de-DE", "fr-FR"))
    speech = PrismSpeech(language="de", context=reader_context(log))
    assert log.of("voice") == [("voice", 1)]
    speech.set_language("en")
    assert log.of("voice")[-1] == ("voice", 0)
    assert not log.of("rate")


def test_a_reader_without_a_voice_of_the_language_keeps_its_own() -> None:
    log = ReaderLog(voices=("en-US", "en-GB"), voice=1)
    PrismSpeech(language="de", context=reader_context(log))
    assert not log.of("voice")


def test_braille_gets_the_short_form_speech_the_whole_message() -> None:
    log = ReaderLog()
    output = Output(PrismSpeech(language="en", context=reader_context(log)), NullPlayer())
    output.say(Utterance("Anna plays five-three east. The count is 13.", short="Anna 5-3 E, 13"))
    assert log.calls == [
        ("speak", "Anna plays five-three east. The count is 13.", False),
        ("braille", "Anna 5-3 E, 13"),
    ]


def test_normal_verbosity_events_carry_their_brief_form_for_braille() -> None:
    game = Game(preset("sniff"), 2, seed=3)
    words = Announcer(1, translator("en"), player_names=["You", "Anna"], verbosity="normal")
    brief = Announcer(1, translator("en"), player_names=["You", "Anna"], verbosity="brief")
    game.apply(game.legal_actions()[0])
    obs = observe(game, 1)
    normal_said = words.on_events(game.log, obs)
    brief_said = brief.on_events(game.log, obs)
    assert [u.short for u in normal_said] == [u.text for u in brief_said]
    assert all(u.short is None for u in brief_said)  # brief is its own short form


def test_only_the_players_own_keys_interrupt_the_reader() -> None:
    log = ReaderLog()
    output = Output(PrismSpeech(language="en", context=reader_context(log)), NullPlayer())
    game = Game(preset("sniff"), 2, seed=5)
    me = Announcer(0, translator("en"), player_names=["You", "Anna"])
    while game.current != 1:
        game.apply(game.legal_actions()[0])
    start = len(game.log)
    game.apply(game.legal_actions()[0])  # Anna, a bot, acts
    output.say(me.on_events(game.log[start:], observe(game, 0)))
    assert log.of("speak") and all(not call[2] for call in log.of("speak"))
    output.say(me.answers.count(observe(game, 0)))  # the player pressed C
    assert log.of("speak")[-1][2] is True


def test_busy_and_stop_come_from_the_reader() -> None:
    log = ReaderLog()
    speech = PrismSpeech(language="en", context=reader_context(log))
    log.speaking = True
    assert speech.busy is True
    log.speaking = False
    assert speech.busy is False
    speech.silence()
    assert log.calls[-1] == ("stop",)


def test_a_reader_that_quits_gives_way_with_its_name_then_comes_back(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(chain, "REVIVE_SECONDS", 0.0)
    log = ReaderLog()
    lines = io.StringIO()
    events: list[FallbackEvent] = []
    speech = FallbackSpeech(
        [PrismSpeech(language="en", context=reader_context(log, "JAWS")), TextSpeech(lines)],
        events.append,
    )
    speech.speak("one")
    log.running = False
    speech.speak("two")  # JAWS was closed: the text line has it, and the player is told
    assert "two" in lines.getvalue()
    assert (events[-1].old_label, events[-1].new) == ("JAWS", "text")
    speech.speak("three")
    assert speech.name == "text"
    log.running = True
    speech.speak("four")  # JAWS runs again: it takes over, and the player is told
    assert events[-1].revived and events[-1].new_label == "JAWS"
    assert log.of("speak")[-1] == ("speak", "four", False)
    capfd.readouterr()  # prismatoid prints the test reader's own exception; not the game's


# -- whether a text was heard to its end ----------------------------------------------


def test_a_text_is_heard_to_its_end_once_the_reader_was_seen_speaking_it_and_fell_silent() -> None:
    log = ReaderLog()
    speech = PrismSpeech(language="en", context=reader_context(log))
    speech.speak("Bot two plays five-five.")
    played = speech.mark()
    assert speech.heard(played) is Heard.PENDING  # not yet seen speaking it
    log.speaking = True
    assert speech.busy is True and speech.heard(played) is Heard.PENDING
    speech.speak("Your turn.")
    prompt = speech.mark()
    log.speaking = False
    assert speech.heard(played) is Heard.END  # seen speaking since it was given, now silent
    assert speech.heard(prompt) is Heard.PENDING  # given after the reader was last seen speaking
    log.speaking = True
    assert speech.busy
    log.speaking = False
    assert speech.heard(prompt) is Heard.END


def test_a_key_cuts_what_the_reader_was_given_before() -> None:
    log = ReaderLog(speaking=True)
    speech = PrismSpeech(language="en", context=reader_context(log))
    speech.speak("Bot two plays five-five.")
    played = speech.mark()
    speech.speak("You hold six tiles.", interrupt=True)
    answer = speech.mark()
    assert speech.heard(played) is Heard.CUT and speech.heard(answer) is Heard.PENDING
    speech.silence()
    assert speech.heard(answer) is Heard.CUT


def test_a_text_the_reader_is_never_seen_speaking_turns_unknown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    log = ReaderLog()
    speech = PrismSpeech(language="en", context=reader_context(log))
    speech.speak("Bot two passes.")
    mark = speech.mark()
    clock = prism_reader.time.monotonic() + 60.0
    monkeypatch.setattr(prism_reader.time, "monotonic", lambda: clock)
    assert speech.heard(mark) is Heard.UNKNOWN


class CannotTell(ReaderLog):
    """A reader whose "is it speaking?" fails, as prismatoid's Speech Dispatcher one."""

    @property  # type: ignore[override]
    def speaking(self) -> bool:
        raise RuntimeError("Not implemented")

    @speaking.setter
    def speaking(self, value: bool) -> None:
        pass


def test_a_reader_that_cannot_tell_whether_it_speaks_says_unknown() -> None:
    speech = PrismSpeech(language="en", context=reader_context(CannotTell()))
    speech.speak("Bot two passes.")
    first = speech.mark()
    assert speech.busy is None
    assert speech.heard(first) is Heard.UNKNOWN
    speech.speak("Your turn.")
    assert speech.heard(speech.mark()) is Heard.UNKNOWN
