"""A Speech Dispatcher stand-in for tests: a real SSIP server on a Unix socket.

It speaks enough of Speech Dispatcher's protocol (SSIP) for the game's own
client (:mod:`sniff.output.speech.ssip`) and for prismatoid's Speech Dispatcher
backend (both tried), with the replies and events a real Speech Dispatcher
(0.11) gives, and instead of sound it keeps time: each message is "said" for
a time that grows with its length. It writes down every command, reports the
begin, end and cancel of each message to the client that sent it (as Speech
Dispatcher does, when the client asked for them), and can play a Speech
Dispatcher whose sound is broken.

Use::

    from ssip_standin import SsipStandIn

    with SsipStandIn(time_scale=0.05) as sd:
        monkeypatch.setenv("SPEECHD_ADDRESS", sd.address)  # or env={**os.environ, **sd.env}
        ...  # run the game (in this process, or as a program: the socket is real)
        sd.wait_for(lambda: "Your turn." in sd.ended())
        assert sd.cut() == []

The installed game speaks to it as well: ``sniff play --speech screenreader``
(on Linux, with no Orca running, that is the game's own Speech Dispatcher
client) started with ``env={**os.environ, **sd.env}``, in a pseudo-terminal
(``tests/terminal.py``). Speech Dispatcher is never started in its place while
``SPEECHD_ADDRESS`` is set.

``SsipStandIn(path=None, *, chars_per_second=15.0, time_scale=1.0, sound="works", rate=0)``
    *path*: where it listens (it must not exist yet); by default a socket in a
    folder of its own under the system's temporary folder, removed on
    :meth:`stop` (a Unix socket's path must stay short: about 100 bytes,
    which a test's ``tmp_path`` may pass). A message of *n*
    characters takes ``n / chars_per_second * time_scale`` seconds (at least
    a hundredth of a second); *time_scale* below 1 makes tests fast while the
    lengths stay in proportion. *rate* is what ``GET RATE`` answers (the
    rate the client's messages are said at, -100 to 100). *sound*:

    - ``"works"``: messages begin, are said and end; the events go out.
    - ``"hangs"``: as seen with Speech Dispatcher's audio server gone: the
      first message begins (``701``) and never ends, and nothing after it is
      ever said or reported; commands are still answered.
    - ``"mute"``: messages are taken and answered (``225``), and nothing is
      ever said or reported.

    :meth:`set_sound` changes it while running.

Speaking follows Speech Dispatcher's priorities, as far as a game needs them:
one message is said at a time, ``important`` before ``message`` before
``text``; a new ``text`` message cancels the ``text`` messages being said or
waiting (Speech Dispatcher keeps only the newest), and an ``important`` or
``message`` message cancels a ``text`` one being said (as Orca's speech
cuts a game's off). ``CANCEL`` drops the client's messages (said and
waiting), ``STOP`` the one being said.

What it tells:

- ``address``: ``"unix_socket:PATH"`` for ``SPEECHD_ADDRESS``; ``env``: that
  variable as a dict.
- ``commands``: every command line, as ``(client number, line)`` (the lines of
  a message's text are not commands; they are in ``messages``).
- ``messages``: every :class:`Message` in the order received, with its text,
  client, priority, language, ``state`` (``"waiting"``, ``"speaking"``,
  ``"ended"``, ``"cancelled"``) and the times it began and stopped.
- ``ended()``: the texts said to their end, in the order they ended;
  ``cut()``: the texts cancelled, whether begun or not; ``begun()``: the
  texts that began, in order.
- ``said_to_end(text)``: whether *text* was said to its end (at least once).
- ``client_names()``: the names the clients gave (``SET SELF CLIENT_NAME``).
- ``wait_for(predicate, timeout=5.0)``: wait until *predicate()* is true, or
  fail the test.
- ``say_as_screen_reader(text, priority="message", seconds=None)``: a message
  from another client (the screen reader), which cuts off a ``text`` message
  being said; *seconds*: how long it takes (by default, by its length).
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

__all__ = ["Message", "SsipStandIn"]

_PRIORITIES = {"important": 1, "message": 2, "text": 3, "notification": 4, "progress": 5}
_LOW = ("notification", "progress")
_TAG = re.compile(r"<[^>]*>")
_EVENTS = {"begin": "701 BEGIN", "end": "702 END", "cancel": "703 CANCELED"}
# Replies to SET, by parameter: what Speech Dispatcher answers.
_SET_REPLIES = {
    "LANGUAGE": "201 OK LANGUAGE SET",
    "PRIORITY": "202 OK PRIORITY SET",
    "RATE": "203 OK RATE SET",
    "PITCH": "204 OK PITCH SET",
    "PUNCTUATION": "205 OK PUNCTUATION SET",
    "CAP_LET_RECOGN": "206 OK CAP LET RECOGNITION SET",
    "SPELLING": "207 OK SPELLING SET",
    "CLIENT_NAME": "208 OK CLIENT NAME SET",
    "VOICE_TYPE": "209 OK VOICE SET",
    "VOICE": "209 OK VOICE SET",
    "SYNTHESIS_VOICE": "209 OK VOICE SET",
    "OUTPUT_MODULE": "216 OK OUTPUT MODULE SET",
    "PAUSE_CONTEXT": "217 OK PAUSE CONTEXT SET",
    "VOLUME": "218 OK VOLUME SET",
    "SSML_MODE": "219 OK SSML MODE SET",
    "NOTIFICATION": "220 OK NOTIFICATION SET",
    "PITCH_RANGE": "263 OK PITCH RANGE SET",
    "DEBUG": "262 OK DEBUGGING SET",
    "HISTORY": "220 OK CLIENT HISTORY SET",
}
_VOICES = (("English", "en", "none"), ("German", "de", "none"))


@dataclass
class Message:
    """One message a client gave, and what became of it."""

    id: int
    client: int
    text: str
    priority: str
    language: str
    state: str = "waiting"
    seconds: float | None = None  # how long it takes to say (None: by its length)
    began: float | None = None
    stopped: float | None = None  # when it ended or was cancelled
    until: float = 0.0  # when it will have been said, while speaking
    sender: str = ""  # the client's name (``SET SELF CLIENT_NAME``) when it was given
    why: str = ""  # why it was cancelled: "cancel by NAME", "stop by NAME",
    # "newer text", "priority from NAME", "client gone"
    received: float = 0.0  # when the server took it (time.monotonic)
    received_wall: float = 0.0  # the same, by the wall clock (time.time), to compare
    # with times taken in another process (a browser's Date.now())


@dataclass
class _Client:
    number: int
    sock: socket.socket | None
    name: str = ""
    priority: str = "text"
    language: str = "en"
    rate: int = 0
    notify: set[str] = field(default_factory=set)
    ssml: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class SsipStandIn:
    """A Speech Dispatcher stand-in listening at *path*; see the module's docstring."""

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        chars_per_second: float = 15.0,
        time_scale: float = 1.0,
        sound: str = "works",
        rate: int = 0,
        log: str | os.PathLike[str] | None = None,
    ) -> None:
        self._folder = None if path is None else Path(path).parent
        self._own_folder = path is None
        if path is None:
            self._folder = Path(tempfile.mkdtemp(prefix="ssip-"))
            path = self._folder / "speechd.sock"
        self.path = Path(path)
        if len(os.fsencode(self.path)) > 100:
            raise ValueError(f"a Unix socket path this long will not bind: {self.path}")
        self.chars_per_second = chars_per_second
        self.time_scale = time_scale
        self.rate = rate
        self.commands: list[tuple[int, str]] = []
        self.messages: list[Message] = []
        self._sound = ""
        self._ended: list[Message] = []
        self._clients: dict[int, _Client] = {0: _Client(0, None, "screen reader", "message")}
        self._state = threading.Condition()
        self._listener: socket.socket | None = None
        self._threads: list[threading.Thread] = []
        self._running = False
        self._hung = False
        self._started = time.monotonic()
        self._log = None if log is None else open(log, "a", encoding="utf-8")  # noqa: SIM115
        self.set_sound(sound)

    # -- starting and stopping -----------------------------------------------------

    @property
    def address(self) -> str:
        """The value of ``SPEECHD_ADDRESS`` that leads a client here."""
        return f"unix_socket:{self.path}"

    @property
    def env(self) -> dict[str, str]:
        """``SPEECHD_ADDRESS`` for a program started by the test."""
        return {"SPEECHD_ADDRESS": self.address}

    def start(self) -> SsipStandIn:
        """Listen, and start saying messages."""
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(str(self.path))
        listener.listen(8)
        listener.settimeout(0.1)
        self._listener, self._running = listener, True
        for target, name in ((self._accept, "ssip-accept"), (self._speaker, "ssip-speaker")):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def stop(self) -> None:
        """Close every connection and stop listening (the clients see it go away)."""
        with self._state:
            if not self._running:
                return
            self._running = False
            self._state.notify_all()
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.close()
        for client in list(self._clients.values()):
            _close(client.sock)
        for thread in self._threads:
            thread.join(timeout=2.0)
        self._threads = [thread for thread in self._threads if thread.is_alive()]
        self.path.unlink(missing_ok=True)
        if self._log is not None:
            with self._state:
                self._log.close()
                self._log = None
        if self._own_folder and self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)

    def __enter__(self) -> SsipStandIn:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def set_sound(self, sound: str) -> None:
        """``"works"``, ``"hangs"`` or ``"mute"`` (see the module's docstring)."""
        if sound not in ("works", "hangs", "mute"):
            raise ValueError(f"unknown sound {sound!r}")
        with self._state:
            self._sound = sound
            self._hung = False
            self._state.notify_all()

    # -- what the test asks --------------------------------------------------------

    def ended(self) -> list[str]:
        """The texts said to their end, in the order they ended."""
        with self._state:
            return [message.text for message in self._ended]

    def cut(self) -> list[str]:
        """The texts cancelled (begun or not), in the order received."""
        with self._state:
            return [m.text for m in self.messages if m.state == "cancelled"]

    def begun(self) -> list[str]:
        """The texts that began, in the order they began."""
        with self._state:
            started = [m for m in self.messages if m.began is not None]
        return [m.text for m in sorted(started, key=lambda m: m.began or 0.0)]

    def said_to_end(self, text: str) -> bool:
        """Whether *text* was said to its end, at least once."""
        return text in self.ended()

    def client_names(self) -> list[str]:
        """The names the clients gave themselves, in the order they connected."""
        with self._state:
            return [c.name for number, c in sorted(self._clients.items()) if number and c.name]

    def wait_for(self, predicate: Callable[[], object], timeout: float = 5.0) -> None:
        """Wait until *predicate()* is true; AssertionError after *timeout* seconds."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"waited {timeout} s in vain; ended {self.ended()}, cut {self.cut()}"
                )
            time.sleep(0.005)

    def say_as_screen_reader(
        self, text: str, priority: str = "message", seconds: float | None = None
    ) -> None:
        """Another client's message (the screen reader's): it cuts a ``text`` one off."""
        self._queue(self._clients[0], text, priority, seconds)

    # -- connections -----------------------------------------------------------------

    def _accept(self) -> None:
        number = 0
        while self._running:
            listener = self._listener
            if listener is None:
                return
            try:
                sock, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            number += 1
            client = _Client(number, sock)
            with self._state:
                self._clients[number] = client
            thread = threading.Thread(
                target=self._serve, args=(client,), name=f"ssip-client-{number}", daemon=True
            )
            thread.start()
            self._threads.append(thread)

    def _serve(self, client: _Client) -> None:
        sock = client.sock
        assert sock is not None
        reader = sock.makefile("rb")
        try:
            while self._running:
                raw = reader.readline()
                if not raw:
                    break
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                with self._state:
                    self.commands.append((client.number, line))
                if line.upper() == "SPEAK":
                    self._send(client, ["230 OK RECEIVING DATA"])
                    text = self._read_text(reader)
                    if text is None:
                        break
                    if client.ssml:
                        text = _plain(text)
                    message = self._queue(client, text, client.priority)
                    self._send(client, [f"225-{message.id}", "225 OK MESSAGE QUEUED"])
                elif not self._answer(client, line):
                    break
        except OSError:
            pass
        finally:
            reader.close()
            _close(sock)
            with self._state:
                self._cancel(
                    lambda m: m.client == client.number, speaking_only=False, why="client gone"
                )
                self._state.notify_all()

    def _read_text(self, reader: object) -> str | None:
        lines: list[str] = []
        while True:
            raw = reader.readline()  # type: ignore[attr-defined]
            if not raw:
                return None
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if line == ".":
                return "\n".join(lines)
            lines.append(line[1:] if line.startswith("..") else line)

    def _answer(self, client: _Client, line: str) -> bool:
        """Answer one command; False when the client said goodbye."""
        words = line.split()
        verb = words[0].upper() if words else ""
        if verb == "QUIT":
            self._send(client, ["231 HAPPY HACKING"])
            return False
        if verb == "SET" and len(words) >= 4:
            self._send(client, [self._set(client, words[2].upper(), words[3:])])
        elif verb == "GET" and len(words) >= 2:
            self._send(
                client, [f"251-{self._get(client, words[1].upper())}", "251 OK GET RETURNED"]
            )
        elif verb == "LIST" and len(words) >= 2:
            self._send(client, self._list(words[1].upper()))
        elif verb == "HISTORY" and words[1:3] == ["GET", "CLIENT_ID"]:
            self._send(client, [f"240-{client.number}", "240 OK CLIENT ID SENT"])
        elif verb in ("CANCEL", "STOP") and len(words) >= 2:
            self._stop(client, words[1], verb.lower())
            self._send(client, ["213 OK CANCELED" if verb == "CANCEL" else "210 OK STOPPED"])
        elif verb in ("PAUSE", "RESUME") and len(words) >= 2:
            self._send(client, ["211 OK PAUSED" if verb == "PAUSE" else "212 OK RESUMED"])
        elif verb in ("CHAR", "KEY", "SOUND_ICON") and len(words) >= 2:
            said = " ".join(words[1:])
            if verb == "CHAR" and said == "space":
                said = " "
            message = self._queue(client, said, client.priority)
            self._send(client, [f"225-{message.id}", "225 OK MESSAGE QUEUED"])
        elif verb == "BLOCK" and len(words) >= 2:
            self._send(
                client,
                ["260 OK INSIDE BLOCK" if words[1].upper() == "BEGIN" else "261 OK OUTSIDE BLOCK"],
            )
        else:
            self._send(client, ["500 ERR INVALID COMMAND"])
        return True

    def _set(self, client: _Client, what: str, values: list[str]) -> str:
        value = " ".join(values)
        with self._state:
            if what == "CLIENT_NAME":
                client.name = value
            elif what == "PRIORITY" and value.lower() in _PRIORITIES:
                client.priority = value.lower()
            elif what == "LANGUAGE":
                client.language = value
            elif what == "SSML_MODE":
                client.ssml = value.lower() == "on"
            elif what == "RATE":
                with contextlib.suppress(ValueError):
                    client.rate = int(value)
            elif what == "NOTIFICATION" and len(values) >= 2:
                kinds = (
                    ("begin", "end", "cancel")
                    if values[0].lower() == "all"
                    else (values[0].lower(),)
                )
                for kind in kinds:
                    if values[1].lower() == "on":
                        client.notify.add(kind)
                    else:
                        client.notify.discard(kind)
        return _SET_REPLIES.get(what, "500 ERR INVALID COMMAND")

    def _get(self, client: _Client, what: str) -> str:
        return {
            "RATE": str(client.rate or self.rate),
            "PITCH": "0",
            "VOLUME": "0",
            "OUTPUT_MODULE": "standin",
            "VOICE_TYPE": "MALE1",
            "LANGUAGE": client.language,
        }.get(what, "0")

    def _list(self, what: str) -> list[str]:
        if what == "OUTPUT_MODULES":
            return ["250-standin", "250 OK MODULE LIST SENT"]
        if what == "SYNTHESIS_VOICES":
            return [*("249-" + "\t".join(voice) for voice in _VOICES), "249 OK VOICE LIST SENT"]
        if what == "VOICES":
            return ["249-MALE1", "249-FEMALE1", "249 OK VOICE LIST SENT"]
        return ["500 ERR INVALID COMMAND"]

    def _send(self, client: _Client, lines: list[str]) -> None:
        sock = client.sock
        if sock is None:
            return
        data = "".join(line + "\r\n" for line in lines).encode("utf-8")
        with client.lock, contextlib.suppress(OSError):
            sock.sendall(data)

    # -- speaking --------------------------------------------------------------------

    def _queue(
        self, client: _Client, text: str, priority: str, seconds: float | None = None
    ) -> Message:
        """Take a message and apply Speech Dispatcher's priority rules (SSIP 4.9.1):

        - ``important`` cuts whatever else is being said (``message`` and ``text``
          wait behind it, ``notification`` and ``progress`` are dropped);
        - ``message`` drops every ``text``, ``notification`` and ``progress``
          message, said or waiting, and waits behind earlier ``message`` ones;
        - ``text`` keeps only the newest ``text`` message, and drops
          ``notification`` and ``progress`` ones;
        - ``notification`` and ``progress`` are dropped while anything more
          urgent waits or is said (a newer ``notification`` replaces an older).
        """
        with self._state:
            number = len(self.messages) + 1
            message = Message(number, client.number, text, priority, client.language)
            message.seconds = seconds
            message.sender = client.name
            message.received = time.monotonic()
            message.received_wall = time.time()
            self.messages.append(message)
            rank = _PRIORITIES[priority]
            why = f"priority from {client.name or client.number}"
            if priority == "important":
                self._cancel(lambda m: m.priority != "important", speaking_only=True, why=why)
                self._cancel(lambda m: m.priority in _LOW, speaking_only=False, why=why)
            elif priority == "message":
                self._cancel(lambda m: m.priority in ("text", *_LOW), speaking_only=False, why=why)
            elif priority == "text":
                self._cancel(
                    lambda m: m.priority == "text" and m is not message,
                    speaking_only=False,
                    why="newer text",
                )
                self._cancel(lambda m: m.priority in _LOW, speaking_only=False, why=why)
            else:
                busier = any(
                    m.state in ("speaking", "waiting") and _PRIORITIES[m.priority] < rank
                    for m in self.messages
                    if m is not message
                )
                if busier:
                    self._cancel(lambda m: m is message, speaking_only=False, why="busy")
                elif priority == "notification":
                    self._cancel(
                        lambda m: m.priority == "notification" and m is not message,
                        speaking_only=False,
                        why="newer notification",
                    )
            self._note(message, "received")
            self._state.notify_all()
            return message

    def _stop(self, client: _Client, target: str, verb: str) -> None:
        """``CANCEL`` drops the messages said and waiting, ``STOP`` the one being said."""
        speaking_only = verb == "stop"
        why = f"{verb} by {client.name or client.number}"
        with self._state:
            if target.upper() == "ALL":
                self._cancel(lambda m: True, speaking_only=speaking_only, why=why)
            elif target.upper() == "SELF":
                self._cancel(
                    lambda m: m.client == client.number, speaking_only=speaking_only, why=why
                )
            elif target.isdigit():
                self._cancel(lambda m: m.id == int(target), speaking_only=speaking_only, why=why)
            self._state.notify_all()

    def _cancel(self, which: Callable[[Message], bool], *, speaking_only: bool, why: str) -> None:
        """Cancel the messages *which* picks (state lock held); a hung or mute sound
        reports nothing, and a hung one stays stuck."""
        if self._sound != "works":
            return
        states = ("speaking",) if speaking_only else ("speaking", "waiting")
        for message in self.messages:
            if message.state in states and which(message):
                message.state, message.stopped = "cancelled", time.monotonic()
                message.why = why
                self._event(message, "cancel")
                self._note(message, "cut")

    def _note(self, message: Message, what: str) -> None:
        """Write *what* became of *message* to the log file, if there is one (lock held)."""
        if self._log is None:
            return
        entry = {
            "t": round(time.monotonic() - self._started, 3),
            "what": what,
            "id": message.id,
            "sender": message.sender,
            "priority": message.priority,
            "text": message.text,
        }
        if message.why:
            entry["why"] = message.why
        with contextlib.suppress(OSError, ValueError):
            self._log.write(json.dumps(entry, ensure_ascii=False) + "\n")
            self._log.flush()

    def _event(self, message: Message, kind: str) -> None:
        client = self._clients.get(message.client)
        if client is not None and kind in client.notify:
            code, word = _EVENTS[kind].split(" ", 1)
            self._send(
                client, [f"{code}-{message.id}", f"{code}-{client.number}", f"{code} {word}"]
            )

    def _speaker(self) -> None:
        """Says one message at a time, the most urgent first."""
        with self._state:
            while self._running:
                now = time.monotonic()
                speaking = next((m for m in self.messages if m.state == "speaking"), None)
                if speaking is not None and self._sound == "works" and now >= speaking.until:
                    speaking.state, speaking.stopped = "ended", now
                    self._ended.append(speaking)
                    self._event(speaking, "end")
                    self._note(speaking, "ended")
                    continue
                if speaking is None and self._sound != "mute" and not self._hung:
                    waiting = [m for m in self.messages if m.state == "waiting"]
                    if waiting:
                        nxt = min(waiting, key=lambda m: (_PRIORITIES[m.priority], m.id))
                        seconds = nxt.seconds
                        if seconds is None:
                            seconds = len(nxt.text) / self.chars_per_second * self.time_scale
                        nxt.state, nxt.began = "speaking", now
                        nxt.until = now + max(0.01, seconds)
                        self._hung = self._sound == "hangs"
                        self._event(nxt, "begin")
                        self._note(nxt, "begun")
                        continue
                wait = 0.5 if speaking is None else max(0.001, speaking.until - now)
                self._state.wait(min(0.5, wait))


def _plain(ssml: str) -> str:
    """The words of an SSML message (Orca sends its text so, with a mark per word)."""
    return html.unescape(_TAG.sub("", ssml)).replace("\ue000", "").strip()


def _close(sock: socket.socket | None) -> None:
    if sock is None:
        return
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
