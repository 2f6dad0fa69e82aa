"""The game's own Speech Dispatcher client against a stand-in that keeps time.

The stand-in (``tests/ssip_standin.py``) is a real SSIP server on a Unix
socket: the client's threads, its queue and Speech Dispatcher's events are
all real. It says each message for a time that grows with its length (fast
here), and can play a Speech Dispatcher whose sound is broken.

What is pinned: every message is known to be said to its end, cut by a key,
or said again after the screen reader's speech cut it; a Speech Dispatcher
that reports nothing gives way after two messages, at once and with the
notice, and the words it swallowed are said through the next output.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import threading
import time
from collections.abc import Iterator

import pytest

from sniff.announce import Utterance
from sniff.announce.notices import NoticeWords
from sniff.enums import Heard
from sniff.i18n import translator
from sniff.output.router import Output
from sniff.output.sound import NullPlayer
from sniff.output.speech import FallbackEvent, RecordingSpeech, create_speech, ssip
from sniff.output.speech import chain as chain_module
from sniff.output.speech.chain import FallbackSpeech
from sniff.output.speech.ssip import SpeechDispatcherSpeech, speaking_seconds
from ssip_standin import SsipStandIn


@pytest.fixture
def standin(monkeypatch: pytest.MonkeyPatch) -> Iterator[SsipStandIn]:
    with SsipStandIn(time_scale=0.02) as server:
        monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
        yield server


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """Estimates for a fast stand-in: tenths of a second, not seconds."""
    monkeypatch.setattr(ssip, "CHARACTERS_PER_SECOND", 300.0)
    monkeypatch.setattr(ssip, "MARGIN_SECONDS", 0.15)
    monkeypatch.setattr(ssip, "BEGIN_SECONDS", 0.15)
    monkeypatch.setattr(ssip, "WAIT_SECONDS", 0.15)


@pytest.fixture
def client(standin: SsipStandIn) -> Iterator[SpeechDispatcherSpeech]:
    speech = SpeechDispatcherSpeech(spawn=False)
    yield speech
    speech.close()


def wait_until(predicate: object, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain")
        time.sleep(0.005)


def test_each_message_is_said_alone_and_known_said_to_its_end(
    standin: SsipStandIn, client: SpeechDispatcherSpeech
) -> None:
    texts = ["Anna plays five-three east.", "The count is 13.", "Your turn."]
    marks = []
    for text in texts:
        client.speak(text)
        marks.append(client.mark())
    standin.wait_for(lambda: standin.ended() == texts)
    wait_until(lambda: [client.heard(m) for m in marks] == [Heard.END] * 3)
    said = standin.messages
    assert all(
        (later.began or 0.0) >= (earlier.stopped or 0.0)
        for earlier, later in itertools.pairwise(said)
    )
    assert standin.client_names()[0].endswith(":sniff:game")
    assert (1, "SET SELF NOTIFICATION BEGIN on") in standin.commands


def test_a_key_cuts_the_message_and_the_queue_and_they_stay_cut(
    standin: SsipStandIn, client: SpeechDispatcherSpeech
) -> None:
    standin.time_scale = 1.0  # long enough to be cut in the middle
    client.speak("Bot two plays double six on the north, the count is twelve.")
    cut = client.mark()
    client.speak("Bot three draws a tile.")
    dropped = client.mark()
    standin.wait_for(lambda: standin.begun() != [])
    assert client.heard(cut) is Heard.PENDING
    standin.time_scale = 0.02
    client.speak("You hold six tiles.", interrupt=True)
    answer = client.mark()
    standin.wait_for(lambda: standin.ended() == ["You hold six tiles."])
    wait_until(lambda: client.heard(answer) is Heard.END)
    assert client.heard(cut) is Heard.CUT and client.heard(dropped) is Heard.CUT
    assert "Bot three draws a tile." not in standin.begun()  # dropped, never sent


def test_the_screen_readers_speech_cuts_a_message_which_is_pending_until_said_again(
    standin: SsipStandIn, client: SpeechDispatcherSpeech
) -> None:
    standin.time_scale = 1.0
    text = "Meanwhile: Bot two plays five-five on the west."
    client.speak(text)
    mark = client.mark()
    standin.wait_for(lambda: standin.begun() == [text])
    standin.time_scale = 0.02
    standin.say_as_screen_reader("Orca: sniff, terminal", seconds=0.3)
    wait_until(lambda: standin.cut() == [text])
    assert client.heard(mark) is Heard.PENDING  # to be said again after Orca
    standin.wait_for(lambda: standin.ended() == ["Orca: sniff, terminal", text])
    wait_until(lambda: client.heard(mark) is Heard.END)


def test_a_message_the_screen_reader_cuts_every_time_is_cut_in_the_end(
    standin: SsipStandIn, client: SpeechDispatcherSpeech
) -> None:
    standin.time_scale = 1.0
    text = "Bot one plays six-four on the east; the count is 10, it scores 10."
    client.speak(text)
    mark = client.mark()
    for tries in range(1, ssip.RETRIES + 2):
        standin.wait_for(lambda n=tries: standin.begun().count(text) == n)  # type: ignore[misc]
        standin.say_as_screen_reader(f"Orca speaks {tries}", seconds=0.01)
    wait_until(lambda: client.heard(mark) is Heard.CUT)
    assert not client.busy
    assert text not in standin.ended()


def test_speech_dispatcher_going_away_hands_the_unheard_on_and_their_marks_follow(
    standin: SsipStandIn,
) -> None:
    after = RecordingSpeech()
    events: list[FallbackEvent] = []
    speech = FallbackSpeech([SpeechDispatcherSpeech(spawn=False), after], events.append)
    woken = threading.Event()
    speech.on_trouble = woken.set
    standin.time_scale = 1.0
    speech.speak("Bot two plays double five, the count is ten.")
    first = speech.mark()
    speech.speak("Bot three passes.")
    second = speech.mark()
    standin.wait_for(lambda: standin.begun() != [])
    standin.stop()
    assert woken.wait(5.0), "the chain was not told at once"
    speech.check()  # what the game's output does on its own thread when woken
    assert events[-1].old == "speechd" and events[-1].reason == "gone"
    assert after.texts == ["Bot two plays double five, the count is ten.", "Bot three passes."]
    assert speech.heard(first) is Heard.END and speech.heard(second) is Heard.END
    after.heard_as[1] = Heard.CUT  # the next output cut the second one
    assert speech.heard(second) is Heard.CUT
    speech.close()


# -- a Speech Dispatcher that reports nothing (its sound broken) ------------------------


class Lines(io.StringIO):
    """Text lines, with the time each one was written."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[tuple[float, str]] = []

    def write(self, text: str) -> int:
        if text.strip():
            self.times.append((time.monotonic(), text.strip()))
        return super().write(text)


def _silent_game(language: str) -> tuple[Output, Lines, list[FallbackEvent]]:
    """Speech as the game builds it (``--speech screenreader`` on Linux), its notices
    in *language* said through the output itself."""
    lines = Lines()
    events: list[FallbackEvent] = []
    notices = NoticeWords(translator(language))
    holder: dict[str, Output] = {}

    def on_fallback(event: FallbackEvent) -> None:
        events.append(event)
        holder["output"].say(notices.fallback(event))

    speech = create_speech(
        "screenreader", language=language, text_stream=lines, on_fallback=on_fallback
    )
    assert speech.name == "speechd"
    holder["output"] = Output(speech, NullPlayer())
    return holder["output"], lines, events


@pytest.mark.parametrize(
    ("sound", "language", "notice"),
    [
        (
            "hangs",
            "en",
            "Speech Dispatcher is not saying anything; speaking as text lines instead.",
        ),
        ("mute", "de", "Speech Dispatcher sagt nichts; stattdessen jetzt: Textzeilen."),
    ],
)
def test_a_silent_speech_dispatcher_gives_way_at_once_with_the_notice(
    standin: SsipStandIn, quick: None, sound: str, language: str, notice: str
) -> None:
    standin.set_sound(sound)
    output, lines, events = _silent_game(language)
    welcome = "Welcome to Sniff by ear, the domino game you play by ear."
    offer = "M for the menu."

    async def first_moments() -> float:
        started = time.monotonic()
        output.say(Utterance(welcome, kind="welcome"))
        output.say(Utterance(offer, kind="welcome"))
        # Nothing more is said: the chain must be woken by the client's own threads.
        while not events and time.monotonic() - started < 5.0:
            await asyncio.sleep(0.01)
        return started

    started = asyncio.run(first_moments())
    assert events and events[0].reason == "silent" and events[0].new == "text"
    written = [text for _, text in lines.times]
    assert written[:2] == [welcome, offer]  # the swallowed words, through the next output
    assert written[2].startswith(notice)
    # No silence longer than the time the two messages were given: the welcome's length
    # (and the wait for it to begin, when it never did), then the wait for the next.
    if sound == "hangs":  # the welcome began and hung: the next must begin at once
        bound = speaking_seconds(welcome) + ssip.BEGIN_SECONDS
    else:  # nothing ever began: each may have waited behind a screen reader
        bound = speaking_seconds(welcome) + speaking_seconds(offer) + 2 * ssip.WAIT_SECONDS
    bound += 0.5
    assert lines.times[0][0] - started < bound
    output.say(Utterance("Your turn.", kind="prompt"))
    assert lines.getvalue().splitlines()[-1] == "Your turn."
    assert [m.text for m in standin.messages] == [welcome, offer]  # nothing more sent there


def test_a_silent_speech_dispatcher_is_not_taken_back_behind_the_players_back(
    standin: SsipStandIn, quick: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chain_module, "REVIVE_SECONDS", 0.0)
    standin.set_sound("mute")
    output, lines, events = _silent_game("en")
    output.say(Utterance("Welcome."))
    output.say(Utterance("M for the menu."))
    wait_until(lambda: output.busy() is False and events)
    standin.set_sound("works")  # it answers again, but its sound was broken: not trusted
    output.say(Utterance("Your turn."))
    assert [e.reason for e in events] == ["silent"]
    assert lines.getvalue().splitlines()[-1] == "Your turn."


def test_one_message_reported_late_is_no_fallback_and_counts_as_said(
    standin: SsipStandIn,
    client: SpeechDispatcherSpeech,
    quick: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ssip, "BEGIN_SECONDS", 3.0)  # time for the test to mend the sound
    standin.set_sound("hangs")  # the first message begins and does not end in time
    client.speak("Bot one plays three-two.")
    late = client.mark()
    client.speak("Your turn.")
    prompt = client.mark()
    wait_until(lambda: client.heard(late) is Heard.UNKNOWN)  # given up on: the queue goes on
    # The prompt reached the daemon while its sound hung (a newer text would cut the
    # late one once the sound works: the test waits, or it races the client's send).
    standin.wait_for(lambda: any(m.text == "Your turn." for m in standin.messages))
    standin.set_sound("works")  # ... and then it ends after all
    standin.wait_for(lambda: standin.ended() == ["Bot one plays three-two.", "Your turn."])
    wait_until(lambda: client.heard(prompt) is Heard.END)
    assert client.heard(late) is Heard.END
    client.speak("You hold five tiles.")  # still speaking through Speech Dispatcher
    standin.wait_for(lambda: "You hold five tiles." in standin.ended())


def test_the_screen_readers_long_speech_is_not_taken_for_silence(
    standin: SsipStandIn, client: SpeechDispatcherSpeech, quick: None
) -> None:
    standin.say_as_screen_reader("Orca reads a long line.", seconds=1.0)
    standin.wait_for(lambda: standin.begun() == ["Orca reads a long line."])
    for text in ("Bot one passes.", "Bot two passes.", "Your turn."):
        client.speak(text)
    prompt = client.mark()
    standin.wait_for(lambda: "Your turn." in standin.ended())
    wait_until(lambda: client.heard(prompt) is Heard.END)
    client.speak("You hold six tiles.")  # still through Speech Dispatcher: it did not fail
    standin.wait_for(lambda: "You hold six tiles." in standin.ended())


def test_the_estimate_follows_the_players_rate_and_the_pace_seen() -> None:
    text = "Bot two plays six-four on the east."
    assert speaking_seconds(text, rate=50) < speaking_seconds(text) < speaking_seconds(text, -50)
    assert speaking_seconds(text, seen_per_character=0.5) > len(text) * 0.5


def test_the_rate_is_asked_of_speech_dispatcher(standin: SsipStandIn) -> None:
    standin.rate = 60
    speech = SpeechDispatcherSpeech(spawn=False)
    try:
        assert speech._rate == 60
        assert (1, "GET RATE") in standin.commands
    finally:
        speech.close()


# -- the stand-in itself ----------------------------------------------------------------


def test_the_stand_in_reports_only_the_events_asked_for_and_honours_stop(
    standin: SsipStandIn,
) -> None:
    import socket

    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.connect(str(standin.path))
    reader = sock.makefile("rb")

    def receive() -> list[str]:
        reply = [reader.readline().decode().rstrip("\r\n")]
        while reply[-1][3] == "-":
            reply.append(reader.readline().decode().rstrip("\r\n"))
        return reply

    def send(line: str) -> list[str]:
        sock.sendall(line.encode() + b"\r\n")
        return receive()

    assert send("SET SELF NOTIFICATION END on") == ["220 OK NOTIFICATION SET"]
    assert send("SPEAK") == ["230 OK RECEIVING DATA"]
    assert send("..a line with a dot\r\nand another\r\n.") == ["225-1", "225 OK MESSAGE QUEUED"]
    assert receive() == ["702-1", "702-1", "702 END"]  # no 701: BEGIN was not asked for
    assert standin.ended() == [".a line with a dot\nand another"]
    standin.time_scale = 1.0
    send("SPEAK")
    assert send("a long message that is stopped in the middle.\r\n.")[0] == "225-2"
    standin.wait_for(lambda: len(standin.begun()) == 2)
    assert send("STOP SELF") == ["210 OK STOPPED"]
    assert standin.cut() == ["a long message that is stopped in the middle."]
    assert send("BOGUS") == ["500 ERR INVALID COMMAND"]
    assert send("QUIT") == ["231 HAPPY HACKING"]
    reader.close()
    sock.close()


def test_prismatoids_speech_dispatcher_client_speaks_through_the_stand_in(
    standin: SsipStandIn,
) -> None:
    prism = pytest.importorskip("prism")
    context = prism.Context()
    ids = [context.id_of(i) for i in range(context.backends_count)]
    found = [i for i in ids if getattr(i, "name", "") == "SPEECH_DISPATCHER"]
    if not found:
        pytest.skip("this prismatoid has no Speech Dispatcher backend")
    backend = context.create(found[0])
    backend.speak("Hello from prismatoid.", False)
    standin.wait_for(lambda: standin.ended() == ["Hello from prismatoid."])
    assert any("PRISM" in name for name in standin.client_names())
