"""Speech Dispatcher, spoken to directly in its own protocol (SSIP).

On Linux, Orca and most speech programs talk to Speech Dispatcher. The game
does too, as a polite client of its own: it names itself (``sniff``), leaves
the rate, the voice and the output module to the player's settings, asks for
the game's language (German text must not be read by an English voice), and
gives way to the screen reader. SSIP is a small line protocol on a Unix
socket, so no ``python3-speechd`` package is needed.

How it gives way: the game's messages go out with the ``text`` priority, below
Orca's ``message``, so the screen reader's own speech is never kept waiting
behind the game's. Speech Dispatcher keeps only the newest ``text`` message,
so this client keeps its own queue and hands over one message at a time, the
next when Speech Dispatcher reports the last one ended. A message the screen
reader's speech cut off is said again afterwards; one the player cut off (a
key) is not.

What became of each message is known from Speech Dispatcher's events (begin,
end, cancel), so the client is an
:class:`~sniff.output.speech.base.EndReporter`: the game can ask whether a
play was said to its end or cut off, and say it again if it was cut.

A Speech Dispatcher whose sound is broken takes messages and reports nothing
(seen with its audio server gone: the first message begins and never ends,
the next never begins). So a message not reported ended in a time that fits
its length (:func:`speaking_seconds`, from its begin; a few seconds more,
:data:`WAIT_SECONDS`, while it has not begun, as the screen reader's own
speech goes first) counts as said and the next one goes out;
:data:`SILENT_LIMIT` such messages in a row mean Speech Dispatcher is silent,
and the client fails with reason ``silent``, handing the unheard messages on,
so the fallback chain speaks them and tells the player at once.

``speak()`` only queues and returns at once; a sender thread talks to Speech
Dispatcher and a reader thread takes its replies and events. If Speech
Dispatcher goes away, the next call raises
:class:`~sniff.output.speech.base.SpeechError` carrying the texts not yet said,
so the fallback chain can say them (:attr:`on_failure` tells the chain at
once, from the thread that noticed); :meth:`SpeechDispatcherSpeech.reconnect`
lets the chain come back once Speech Dispatcher runs again.
"""

from __future__ import annotations

import collections
import contextlib
import getpass
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sniff.enums import Heard, SpeechOutput, SpeechProblem
from sniff.output.speech._marks import MarkBook
from sniff.output.speech.base import SpeechError, SpeechUnavailable

__all__ = ["SILENT_LIMIT", "SpeechDispatcherSpeech", "socket_path", "speaking_seconds"]

#: How long one command may wait for its reply.
REPLY_SECONDS = 3.0
#: How long a Speech Dispatcher the game started may take to listen.
SPAWN_SECONDS = 2.0
#: The priority of the game's messages: below Orca's ``message``.
PRIORITY = "text"
#: How often a message cut off by someone else's speech is said again.
RETRIES = 2
#: Characters a second at Speech Dispatcher's rate 0: a little slower than its
#: voices speak, so the estimate errs on the long side.
CHARACTERS_PER_SECOND = 12.0
#: Time allowed beyond the estimate before a message counts as unreported.
MARGIN_SECONDS = 1.0
#: How long the screen reader's own speech (``message`` priority, before ours) may
#: keep a message of the game's from beginning.
WAIT_SECONDS = 5.0
#: After a message that began and never ended, how soon the next one must begin.
BEGIN_SECONDS = 2.0
#: Messages in a row left unreported before Speech Dispatcher counts as silent.
SILENT_LIMIT = 2
# Event codes Speech Dispatcher sends about our messages (SSIP "7xx" replies).
_BEGIN, _END, _CANCEL = "701", "702", "703"
# Messages whose late events are still matched, and events waiting for their message.
_KEPT_SENT, _KEPT_EARLY = 64, 32


def socket_path(environ: dict[str, str] | None = None) -> Path:
    """Where Speech Dispatcher listens: ``$SPEECHD_ADDRESS`` (``unix_socket:PATH``),
    else its default under ``$XDG_RUNTIME_DIR``, else under ``~/.cache``."""
    env = os.environ if environ is None else environ
    method, _, rest = env.get("SPEECHD_ADDRESS", "").partition(":")
    if method == "unix_socket" and rest:
        return Path(rest)
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime:
        return Path(runtime) / "speech-dispatcher" / "speechd.sock"
    return Path.home() / ".cache" / "speech-dispatcher" / "speechd.sock"


def speaking_seconds(text: str, rate: int = 0, seen_per_character: float = 0.0) -> float:
    """The longest *text* should take Speech Dispatcher to say, at its *rate*
    (-100 to 100; each 100 about doubles the speed), or at the slowest pace seen
    so far (*seen_per_character*, seconds), whichever is slower; with a margin.

    >>> round(speaking_seconds("x" * 60), 2)
    7.5
    >>> speaking_seconds("x" * 60, rate=100) < speaking_seconds("x" * 60) < speaking_seconds(
    ...     "x" * 60, seen_per_character=0.2)
    True
    """
    speed = float(2.2 ** (max(-100, min(100, rate)) / 100))
    per_character = 1.0 / (CHARACTERS_PER_SECOND * speed)
    return len(text) * max(per_character, seen_per_character) * 1.3 + MARGIN_SECONDS


@dataclass(eq=False)
class _Message:
    """One text of the game's on its way through Speech Dispatcher."""

    text: str
    mark: int
    tries: int = 0  # times said again after someone else's speech cut it off
    id: str = ""  # Speech Dispatcher's number for it, once queued there
    sent: float = 0.0
    begun: float | None = None


class SpeechDispatcherSpeech:
    """The game's own Speech Dispatcher client.

    Raises :class:`SpeechUnavailable` (reason ``no-speechd``) when Speech
    Dispatcher neither runs nor can be started.
    """

    name = SpeechOutput.SPEECHD
    label = "Speech Dispatcher"

    def __init__(self, *, language: str = "en", spawn: bool = True) -> None:
        self._language = language
        self._state = threading.Condition()
        self._queue: collections.deque[_Message] = collections.deque()
        self._current: _Message | None = None  # being said
        self._cancelling = False  # the player cut the game off: send CANCEL before more
        self._replies: collections.deque[list[str]] = collections.deque()
        self._sent: collections.OrderedDict[str, _Message] = collections.OrderedDict()
        self._early: collections.deque[tuple[str, str]] = collections.deque(maxlen=_KEPT_EARLY)
        self._unreported: list[_Message] = []  # in a row, since the last reported end
        self._seen: collections.deque[float] = collections.deque(maxlen=8)  # seconds a character
        self._rate = 0
        self._book = MarkBook()
        self._last_mark: int | None = None
        self._failure: SpeechError | None = None
        self._silent = False  # it fell silent: not trusted again until speech is restarted
        self._sock: socket.socket | None = None
        self._closed = False
        #: Called (from one of the client's threads) when it fails on its own, so the
        #: fallback chain need not wait for the next call to notice.
        self.on_failure: Callable[[], None] | None = None
        self._connect(spawn=spawn)

    # -- the SpeechBackend interface ---------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether a message of the game's is still queued or being said."""
        with self._state:
            return self._current is not None or bool(self._queue)

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Queue *text* (return at once); *interrupt* first cuts off the game's speech."""
        self._raise_failure()
        with self._state:
            if not text.strip():
                self._last_mark = self._book.new(Heard.END)
                return
            if interrupt:
                self._cut()
            message = _Message(text, self._book.new())
            self._last_mark = message.mark
            self._queue.append(message)
            self._state.notify_all()

    def braille(self, text: str) -> None:
        """Speech Dispatcher has no braille (BRLTTY shows the console instead)."""

    def silence(self) -> None:
        """Cut off what the game is saying and forget its queue."""
        self._raise_failure()
        with self._state:
            self._cut()
            self._state.notify_all()

    def _cut(self) -> None:
        """Drop the queue and what is being said (state lock held): a CANCEL goes
        out before anything new, and the cut message is never said again."""
        for message in self._queue:
            self._book.cut(message.mark)
        self._queue.clear()
        if self._current is not None:
            self._book.cut(self._current.mark)
            self._current = None
            self._cancelling = True

    def close(self) -> None:
        """Say goodbye to Speech Dispatcher; harmless twice."""
        with self._state:
            if self._closed:
                return
            self._closed = True
            self._cut()
            self._state.notify_all()
        self._drop()

    def set_language(self, language: str) -> None:
        """Speak *language* from now on (the player changed it in the menu)."""
        with self._state:
            self._language = language
            self._state.notify_all()

    def check(self) -> None:
        """Raise the failure the client's threads found, if any (the chain asks)."""
        self._raise_failure()

    def reconnect(self) -> None:
        """Try again to reach Speech Dispatcher (the chain asks, after it went away).

        A Speech Dispatcher that fell silent is not tried again behind the
        player's back: it answers while its sound is still broken. Starting
        speech again from the menu makes a new client."""
        if self._silent:
            raise SpeechUnavailable("Speech Dispatcher fell silent earlier", SpeechProblem.SILENT)
        self._drop()
        with self._state:
            self._closed = False
            self._failure = None
        self._connect(spawn=False)

    # -- what became of each text (EndReporter) --------------------------------------

    def mark(self) -> object:
        """The mark of the text given to the last :meth:`speak`."""
        return self._last_mark

    def heard(self, mark: object) -> Heard:
        """Said to its end (Speech Dispatcher reported it), cut (by a key, or by the
        screen reader's speech more often than it is said again), pending, or
        unknown (no word came back in time)."""
        return self._book.get(mark)

    # -- the connection ------------------------------------------------------------

    def _connect(self, *, spawn: bool) -> None:
        path = socket_path()
        try:
            sock = _open(path)
        except OSError as error:
            # Not running, or a socket left behind by one that died: start it as its own
            # clients do, then try once more.
            if not spawn or not _autospawn(path):
                raise SpeechUnavailable(
                    f"Speech Dispatcher is not running ({path}: {error.strerror or error})",
                    SpeechProblem.NO_SPEECHD,
                ) from None
            try:
                sock = _open(path)
            except OSError as again:
                raise SpeechUnavailable(
                    f"Speech Dispatcher did not start ({path}: {again.strerror or again})",
                    SpeechProblem.NO_SPEECHD,
                ) from None
        sock.settimeout(None)
        self._sock = sock
        self._replies.clear()
        threading.Thread(target=self._read, args=(sock,), name="sniff-ssip-in", daemon=True).start()
        try:
            for command in (
                f"SET SELF CLIENT_NAME {_user()}:sniff:game",
                f"SET SELF PRIORITY {PRIORITY}",
                f"SET SELF LANGUAGE {self._language}",
                # Begin and end of our messages: when the game is still speaking.
                "SET SELF NOTIFICATION BEGIN on",
                "SET SELF NOTIFICATION END on",
                "SET SELF NOTIFICATION CANCEL on",
            ):
                self._command(command)
        except SpeechError as error:
            self._drop()
            raise SpeechUnavailable(f"Speech Dispatcher refused the game: {error}") from None
        self._rate = self._ask_rate()
        self._said_language = self._language
        threading.Thread(
            target=self._send, args=(sock,), name="sniff-ssip-out", daemon=True
        ).start()

    def _ask_rate(self) -> int:
        """The rate our messages are said at (the player's default), for the estimate."""
        with contextlib.suppress(SpeechError, ValueError, IndexError):
            reply = self._command("GET RATE")
            return int(reply[0][4:])
        return 0

    def _drop(self) -> None:
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        with self._state:
            self._state.notify_all()

    def _raise_failure(self) -> None:
        with self._state:
            failure = self._failure
        if failure is not None:
            raise failure

    def _fail(self, message: str, reason: SpeechProblem = SpeechProblem.GONE) -> None:
        """Speech Dispatcher went away or fell silent: keep what was not heard, with
        its marks, for the next output, and tell the chain at once."""
        with self._state:
            if self._closed or self._failure is not None:
                return
            handed = [*self._unreported]
            if self._current is not None:
                handed.append(self._current)
            handed += self._queue
            error = SpeechError(message, reason)
            error.unsaid = [m.text for m in handed]
            error.unsaid_marks = [m.mark for m in handed]
            for handed_on in handed:
                self._book.cut(handed_on.mark)  # not said here: the chain follows it on
            self._failure = error
            self._silent = self._silent or reason is SpeechProblem.SILENT
            self._queue.clear()
            self._current = None
            self._unreported = []
            self._state.notify_all()
        self._drop()
        notify = self.on_failure
        if notify is not None:
            with contextlib.suppress(Exception):  # the chain also notices on its next call
                notify()

    # -- the sender: one message at a time -------------------------------------------

    def _send(self, sock: socket.socket) -> None:
        try:
            while True:
                silent = False
                with self._state:
                    while not self._work_to_do(sock):
                        if self._expire(time.monotonic()):
                            silent = True
                            break
                        if not self._work_to_do(sock):  # the next message may go at once
                            self._state.wait(self._wait_seconds(time.monotonic()))
                    if self._sock is not sock or self._closed or self._failure is not None:
                        return
                    cancel, self._cancelling = self._cancelling, False
                    language = self._language
                    item = None
                    if not silent and not cancel and self._current is None and self._queue:
                        item = self._current = self._queue.popleft()
                if silent:
                    self._fail(
                        f"Speech Dispatcher reported nothing of {SILENT_LIMIT} messages in a row "
                        "(its sound may be broken)",
                        SpeechProblem.SILENT,
                    )
                    return
                if cancel:
                    self._command("CANCEL SELF")
                    continue
                if language != self._said_language:
                    self._command(f"SET SELF LANGUAGE {language}")
                    self._said_language = language
                if item is not None:
                    message_id = self._say(item.text)
                    with self._state:
                        item.id, item.sent = message_id, time.monotonic()
                        self._remember(item)
        except SpeechError as error:
            self._fail(str(error))

    def _work_to_do(self, sock: socket.socket) -> bool:
        if self._sock is not sock or self._closed or self._failure is not None:
            return True
        if self._cancelling or self._language != self._said_language:
            return True
        return self._current is None and bool(self._queue)

    def _deadline(self, message: _Message) -> float:
        """When *message* should have been reported ended (state lock held)."""
        estimate = speaking_seconds(message.text, self._rate, max(self._seen, default=0.0))
        if message.begun is not None:
            return message.begun + estimate
        if self._unreported and self._unreported[-1].begun is not None:
            # The last one began and never ended (its sound hangs): this one must at
            # least begin soon.
            return message.sent + BEGIN_SECONDS
        # It may wait behind the screen reader's own speech before it begins.
        return message.sent + estimate + WAIT_SECONDS

    def _wait_seconds(self, now: float) -> float:
        current = self._current
        if current is None or not current.id:
            return 0.5
        return max(0.01, min(0.5, self._deadline(current) - now))

    def _expire(self, now: float) -> bool:
        """Give up waiting for a message not reported ended in time (state lock held):
        it counts as said and the next one may go. True when too many in a row went
        unreported: Speech Dispatcher is silent."""
        current = self._current
        if current is None or not current.id or now < self._deadline(current):
            return False
        self._book.settle(current.mark, Heard.UNKNOWN)
        self._unreported.append(current)
        self._current = None
        return len(self._unreported) >= SILENT_LIMIT

    def _say(self, text: str) -> str:
        self._command("SPEAK", expect="230")
        lines = [("." + line) if line.startswith(".") else line for line in text.splitlines()]
        reply = self._exchange(("\r\n".join(lines) + "\r\n.\r\n").encode("utf-8"), "225")
        return reply[0][4:] if reply[0].startswith("225-") else ""

    # -- the reader: replies and events ------------------------------------------------

    def _read(self, sock: socket.socket) -> None:
        buffer = b""
        lines: list[str] = []
        while True:
            try:
                chunk = sock.recv(4096)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buffer += chunk
            while b"\r\n" in buffer:
                raw, buffer = buffer.split(b"\r\n", 1)
                lines.append(raw.decode("utf-8", "replace"))
                if len(lines[-1]) >= 4 and lines[-1][3] == " ":  # a reply's last line
                    self._dispatch(lines)
                    lines = []
        if self._sock is sock:
            self._fail("Speech Dispatcher closed the connection")

    def _dispatch(self, lines: list[str]) -> None:
        code = lines[-1][:3]
        with self._state:
            if code.startswith("7"):
                if code in (_BEGIN, _END, _CANCEL) and len(lines) >= 2:
                    self._event(code, lines[0][4:])
            else:
                self._replies.append(lines)
            self._state.notify_all()

    def _remember(self, message: _Message) -> None:
        """Match *message*'s events from now on, and any that came before its number
        was known (state lock held)."""
        if not message.id:
            return
        self._sent[message.id] = message
        while len(self._sent) > _KEPT_SENT:
            self._sent.popitem(last=False)
        early = [event for event in self._early if event[1] == message.id]
        for event in early:
            self._early.remove(event)
            self._apply(event[0], message)

    def _event(self, code: str, message_id: str) -> None:
        message = self._sent.get(message_id)
        if message is None:  # its number is not back yet (or it is long forgotten)
            self._early.append((code, message_id))
        else:
            self._apply(code, message)

    def _apply(self, code: str, message: _Message) -> None:
        """What an event says about one of our messages (state lock held)."""
        now = time.monotonic()
        if code == _BEGIN:
            message.begun = now
            return
        current = message is self._current
        if current:
            self._current = None
        if code == _END:
            self._book.settle(message.mark, Heard.END)  # an end beats an earlier guess
            if message.begun is not None and len(message.text) >= 8:
                self._seen.append((now - message.begun) / len(message.text))
            self._unreported = []
        elif current and message.tries < RETRIES:
            # Someone else's speech (the screen reader's) cut it off: say it again.
            self._unreported = []
            self._queue.appendleft(_Message(message.text, message.mark, message.tries + 1))
        else:
            self._book.cut(message.mark)
            if message.begun is None:
                # Given up on before it began, and now replaced by a newer one: it was
                # kept waiting (behind the screen reader's speech), not swallowed.
                self._unreported = []

    def _command(self, command: str, *, expect: str = "2") -> list[str]:
        return self._exchange((command + "\r\n").encode("utf-8"), expect)

    def _exchange(self, payload: bytes, expect: str) -> list[str]:
        sock = self._sock
        if sock is None:
            raise SpeechError("Speech Dispatcher is not connected", SpeechProblem.GONE)
        try:
            sock.sendall(payload)
        except OSError as error:
            raise SpeechError(f"Speech Dispatcher went away: {error}", SpeechProblem.GONE) from None
        deadline = time.monotonic() + REPLY_SECONDS
        with self._state:
            while not self._replies:
                left = deadline - time.monotonic()
                if left <= 0 or self._sock is not sock:
                    raise SpeechError("Speech Dispatcher does not answer", SpeechProblem.GONE)
                self._state.wait(left)
            reply = self._replies.popleft()
        if not reply[-1].startswith(expect):
            raise SpeechError(f"Speech Dispatcher refused {payload[:30]!r}: {reply[-1]}")
        return reply


def _user() -> str:
    with contextlib.suppress(Exception):
        return getpass.getuser().replace(":", "_") or "user"
    return "user"


def _open(path: Path) -> socket.socket:
    """A connection to the socket at *path* (OSError if nobody listens)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(REPLY_SECONDS)
    try:
        sock.connect(str(path))
    except OSError:
        sock.close()
        raise
    return sock


def _autospawn(path: Path) -> bool:
    """Start Speech Dispatcher as its own clients do (it declines when the user
    disabled autospawn) and wait until it listens at *path*; whether it does.
    Not for an address of the user's own (``SPEECHD_ADDRESS``): a spawned server
    would listen elsewhere."""
    program = shutil.which("speech-dispatcher")
    if program is None or os.environ.get("SPEECHD_ADDRESS"):
        return False
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [program, "--spawn"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=5,
            check=False,
        )
    deadline = time.monotonic() + SPAWN_SECONDS
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            _open(path).close()
            return True
        time.sleep(0.05)
    return False
