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

``speak()`` only queues and returns at once; a sender thread talks to Speech
Dispatcher and a reader thread takes its replies and events. If Speech
Dispatcher goes away, the next call raises
:class:`~sniff.output.speech.base.SpeechError` carrying the texts not yet said,
so the fallback chain can say them; :meth:`SpeechDispatcherSpeech.reconnect`
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
from pathlib import Path

from sniff.output.speech.base import SpeechError, SpeechUnavailable

__all__ = ["SpeechDispatcherSpeech", "socket_path"]

#: How long one command may wait for its reply.
REPLY_SECONDS = 3.0
#: How long a Speech Dispatcher the game started may take to listen.
SPAWN_SECONDS = 2.0
#: The priority of the game's messages: below Orca's ``message``.
PRIORITY = "text"
#: How often a message cut off by someone else's speech is said again.
RETRIES = 2
# Event codes Speech Dispatcher sends about our messages (SSIP "7xx" replies).
_END, _CANCEL = "702", "703"


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


class SpeechDispatcherSpeech:
    """The game's own Speech Dispatcher client.

    Raises :class:`SpeechUnavailable` (reason ``no-speechd``) when Speech
    Dispatcher neither runs nor can be started.
    """

    name = "speechd"
    label = "Speech Dispatcher"

    def __init__(self, *, language: str = "en", spawn: bool = True) -> None:
        self._language = language
        self._state = threading.Condition()
        self._queue: collections.deque[tuple[str, int]] = collections.deque()  # (text, tries)
        self._current: tuple[str, int] | None = None  # being said
        self._current_id = ""
        self._cancelling = False  # the player cut the game off: send CANCEL before more
        self._replies: collections.deque[list[str]] = collections.deque()
        self._events: collections.deque[tuple[str, str]] = collections.deque()
        self._failure: SpeechError | None = None
        self._sock: socket.socket | None = None
        self._closed = False
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
        if not text.strip():
            return
        with self._state:
            if interrupt:
                self._cut()
            self._queue.append((text, 0))
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
        self._queue.clear()
        if self._current is not None:
            self._current, self._current_id = None, ""
            self._cancelling = True

    def close(self) -> None:
        """Say goodbye to Speech Dispatcher; harmless twice."""
        with self._state:
            if self._closed:
                return
            self._closed = True
            self._queue.clear()
            self._state.notify_all()
        self._drop()

    def set_language(self, language: str) -> None:
        """Speak *language* from now on (the player changed it in the menu)."""
        with self._state:
            self._language = language
            self._state.notify_all()

    def reconnect(self) -> None:
        """Try again to reach Speech Dispatcher (the chain asks, after it went away)."""
        self._drop()
        with self._state:
            self._closed = False
            self._failure = None
        self._connect(spawn=False)

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
                    "no-speechd",
                ) from None
            try:
                sock = _open(path)
            except OSError as again:
                raise SpeechUnavailable(
                    f"Speech Dispatcher did not start ({path}: {again.strerror or again})",
                    "no-speechd",
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
                "SET SELF NOTIFICATION END on",
                "SET SELF NOTIFICATION CANCEL on",
            ):
                self._command(command)
        except SpeechError as error:
            self._drop()
            raise SpeechUnavailable(f"Speech Dispatcher refused the game: {error}") from None
        self._said_language = self._language
        threading.Thread(
            target=self._send, args=(sock,), name="sniff-ssip-out", daemon=True
        ).start()

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

    def _fail(self, message: str) -> None:
        """Speech Dispatcher went away: keep what was not said, for the next output."""
        with self._state:
            if self._closed or self._failure is not None:
                return
            unsaid = ([self._current[0]] if self._current else []) + [t for t, _ in self._queue]
            error = SpeechError(message, "gone")
            error.unsaid = unsaid  # type: ignore[attr-defined]
            self._failure = error
            self._queue.clear()
            self._current = None
            self._state.notify_all()
        self._drop()

    # -- the sender: one message at a time -------------------------------------------

    def _send(self, sock: socket.socket) -> None:
        try:
            while True:
                with self._state:
                    while not self._work_to_do(sock):
                        self._state.wait(0.5)
                    if self._sock is not sock or self._closed:
                        return
                    cancel, self._cancelling = self._cancelling, False
                    language = self._language
                    item = None
                    if not cancel and self._current is None and self._queue:
                        item = self._current = self._queue.popleft()
                if cancel:
                    self._command("CANCEL SELF")
                    continue
                if language != self._said_language:
                    self._command(f"SET SELF LANGUAGE {language}")
                    self._said_language = language
                if item is not None:
                    message_id = self._say(item[0])
                    with self._state:
                        if self._current is item:  # not cut off while it went out
                            self._current_id = message_id
                            self._settle_events()
        except SpeechError as error:
            self._fail(str(error))

    def _work_to_do(self, sock: socket.socket) -> bool:
        if self._sock is not sock or self._closed:
            return True
        if self._cancelling or self._language != self._said_language:
            return True
        return self._current is None and bool(self._queue)

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
                if code in (_END, _CANCEL) and len(lines) >= 2:
                    self._events.append((code, lines[0][4:]))
                    self._settle_events()
            else:
                self._replies.append(lines)
            self._state.notify_all()

    def _settle_events(self) -> None:
        """Match end and cancel events to the message being said (state lock held)."""
        while self._events and self._current_id:
            code, message_id = self._events.popleft()
            if message_id != self._current_id or self._current is None:
                continue
            text, tries = self._current
            self._current, self._current_id = None, ""
            if code == _CANCEL and tries < RETRIES:
                # Someone else's speech (the screen reader's) cut it off: say it again.
                self._queue.appendleft((text, tries + 1))

    def _command(self, command: str, *, expect: str = "2") -> list[str]:
        return self._exchange((command + "\r\n").encode("utf-8"), expect)

    def _exchange(self, payload: bytes, expect: str) -> list[str]:
        sock = self._sock
        if sock is None:
            raise SpeechError("Speech Dispatcher is not connected", "gone")
        try:
            sock.sendall(payload)
        except OSError as error:
            raise SpeechError(f"Speech Dispatcher went away: {error}", "gone") from None
        deadline = time.monotonic() + REPLY_SECONDS
        with self._state:
            while not self._replies:
                left = deadline - time.monotonic()
                if left <= 0 or self._sock is not sock:
                    raise SpeechError("Speech Dispatcher does not answer", "gone")
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
