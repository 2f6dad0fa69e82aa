"""A desktop of its own with a real screen reader in it, for tests: Xvfb, a D-Bus
session bus (and with it an AT-SPI bus), Orca, and a Speech Dispatcher stand-in
that Orca speaks into (``tests/ssip_standin.py``: one voice, Speech
Dispatcher's priority rules, every sentence logged with what became of it).

Every desktop is private: its own X display, buses, home folder and socket, so
that tests running side by side (pytest-xdist) never see each other's Orca.
Keys go through the X server (``xdotool``, XTEST), so Orca hears them first,
as it hears a player's keys.

Use::

    with OrcaDesktop(tmp_path) as desk:          # skips the test when a part is missing
        desk.terminal(["sniff", "play", ...])     # gnome-terminal, a VTE terminal
        desk.wait_for_words("Your turn", timeout=20)
        desk.key("Right")
        ...
        desk.orca_said()                          # what Orca said, in order

``missing()`` names what this machine lacks (the tests skip with that reason).
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import pytest

from sniff.output.lines import WIDTH, braille_lines
from ssip_standin import Message, SsipStandIn

__all__ = ["ORCA_SPEED", "Hearing", "ListeningPlayer", "OrcaDesktop", "hearing", "missing"]

#: Characters a second the stand-in "says" (a brisk screen-reader rate).
ORCA_SPEED = 25.0
#: The programs a desktop needs, by the Debian package that brings them.
_NEEDS = {
    "Xvfb": "xvfb",
    "dbus-daemon": "dbus",
    "orca": "orca",
    "gnome-terminal": "gnome-terminal",
    "xdotool": "xdotool",
    "gsettings": "libglib2.0-bin",
}


#: The Python Orca runs on (its script names it), and a launcher that runs Orca's own
#: script with one change: Orca refuses to start, or with ``--replace`` kills, any
#: other Orca of the same user (``pgrep -u UID -x orca``), and the tests run several
#: desktops side by side, each with its own Orca.
_ORCA_PYTHON = "/usr/bin/python3"
_ORCA_LAUNCHER = """
import sys
script = sys.argv[1]
sys.argv = ["orca", *sys.argv[2:]]
space = {"__name__": "orca_in_a_test", "__file__": script}
exec(compile(open(script).read(), script, "exec"), space)
space["otherOrcas"] = lambda: []
sys.exit(space["main"]())
"""


def missing(*extra: str) -> list[str]:
    """The programs (and the packages that bring them) this machine lacks."""
    wanted = dict(_NEEDS)
    for name in extra:
        wanted[name] = name
    return [f"{name} ({package})" for name, package in wanted.items() if not shutil.which(name)]


class OrcaDesktop:
    """One private desktop with Orca running; see the module's docstring."""

    def __init__(
        self, folder: Path, *, chars_per_second: float = ORCA_SPEED, orca: bool = True
    ) -> None:
        self.with_orca = orca
        self.folder = Path(folder)
        self.home = self.folder / "home"
        self.run = self.folder / "run"
        self.chars_per_second = chars_per_second
        self.env: dict[str, str] = {}
        self.speech: SsipStandIn | None = None
        self._procs: list[subprocess.Popen[bytes]] = []
        self.orca: subprocess.Popen[bytes] | None = None

    # -- starting and stopping ---------------------------------------------------------

    def __enter__(self) -> OrcaDesktop:
        lacking = missing()
        if lacking:
            pytest.skip(f"a real screen reader needs {', '.join(lacking)}")
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        self.run.mkdir(mode=0o700, parents=True, exist_ok=True)
        # A short socket path: a test's tmp_path can be too long for a Unix socket.
        self.speech = SsipStandIn(
            chars_per_second=self.chars_per_second, log=self.folder / "speech.jsonl"
        ).start()
        env = {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("DBUS_", "XDG_", "SPEECHD_", "DISPLAY", "WAYLAND", "AT_SPI"))
            and key not in ("SNIFF_DATA", "PYTEST_CURRENT_TEST")
        }
        env.update(
            HOME=str(self.home),
            XDG_RUNTIME_DIR=str(self.run),
            XDG_CONFIG_HOME=str(self.home / ".config"),
            XDG_DATA_HOME=str(self.home / ".local" / "share"),
            XDG_CACHE_HOME=str(self.home / ".cache"),
            LANG=os.environ.get("LANG", "C.UTF-8"),
            GTK_A11Y="atspi",  # GTK 4's name for it; GTK 3 bridges to AT-SPI anyway
            NO_AT_BRIDGE="0",
            **self.speech.env,
        )
        env["DISPLAY"] = self._xvfb(env)
        env["DBUS_SESSION_BUS_ADDRESS"] = self._bus(env)
        self.env = env
        # Toolkits look at this to turn accessibility on (Orca sets it too).
        self._run(
            ["gsettings", "set", "org.gnome.desktop.interface", "toolkit-accessibility", "true"]
        )
        if self.with_orca:
            self.start_orca()

    def _xvfb(self, env: dict[str, str]) -> str:
        read, write = os.pipe()
        try:
            self._spawn(
                [
                    "Xvfb",
                    "-displayfd",
                    str(write),
                    "-screen",
                    "0",
                    "1280x800x24",
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                env,
                pass_fds=(write,),
                log="xvfb.log",
            )
        finally:
            os.close(write)
        try:
            number = _read_line(read, 10.0)
        finally:
            os.close(read)
        if not number.strip().isdigit():
            raise RuntimeError(f"Xvfb did not start: {self._tail('xvfb.log')}")
        return f":{number.strip()}"

    def _bus(self, env: dict[str, str]) -> str:
        read, write = os.pipe()
        try:
            self._spawn(
                [
                    "dbus-daemon",
                    "--session",
                    "--nofork",
                    f"--print-address={write}",
                    f"--address=unix:dir={self.run}",
                ],
                env,
                pass_fds=(write,),
                log="dbus.log",
            )
        finally:
            os.close(write)
        try:
            address = _read_line(read, 10.0).strip()
        finally:
            os.close(read)
        if not address:
            raise RuntimeError(f"the D-Bus session did not start: {self._tail('dbus.log')}")
        return address

    def start_orca(self, *, wait: bool = True) -> None:
        """Start Orca (again); by default wait until it said it is on."""
        before = len(self.orca_said())
        self.orca = self._spawn(
            [
                _ORCA_PYTHON,
                "-c",
                _ORCA_LAUNCHER,
                shutil.which("orca") or "orca",
                "--debug-file",
                str(self.folder / "orca-debug.out"),
            ],
            self.env,
            log="orca.log",
        )
        if wait:
            self.wait_until(lambda: len(self.orca_said()) > before, 30.0, "Orca to say it is on")

    def kill_orca(self) -> None:
        """Orca crashes (SIGKILL): it says nothing more until started again."""
        if self.orca is not None and self.orca.poll() is None:
            os.killpg(self.orca.pid, signal.SIGKILL)
            self.orca.wait(5)

    def stop(self) -> None:
        for proc in reversed(self._procs):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 3.0
        for proc in reversed(self._procs):
            try:
                proc.wait(max(0.05, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(2.0)
        self._procs = []
        if self.speech is not None:
            self.speech.stop()

    def _spawn(
        self,
        argv: Sequence[str],
        env: dict[str, str],
        *,
        log: str,
        pass_fds: Sequence[int] = (),
    ) -> subprocess.Popen[bytes]:
        with open(self.folder / log, "ab") as out:
            proc = subprocess.Popen(
                list(argv),
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                pass_fds=tuple(pass_fds),
                start_new_session=True,  # its own process group: stopped whole
            )
        self._procs.append(proc)
        return proc

    def _run(self, argv: Sequence[str]) -> None:
        subprocess.run(
            list(argv),
            env=self.env,
            check=True,
            timeout=20,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def _tail(self, log: str) -> str:
        path = self.folder / log
        return path.read_text(errors="replace")[-800:] if path.exists() else "(no log)"

    # -- programs on this desktop ---------------------------------------------------------

    def terminal(
        self,
        argv: Sequence[str],
        *,
        columns: int = 100,
        rows: int = 30,
        env: dict[str, str] | None = None,
    ) -> subprocess.Popen[bytes]:
        """Run *argv* in a new gnome-terminal window (which Orca reads as any terminal),
        give it the keyboard, and start it with Return, as a player starts a command."""
        proc = self._spawn(
            ["gnome-terminal", "--wait", f"--geometry={columns}x{rows}+0+0", "--",
             "bash", "-c", 'read -r _ && exec "$@"', "start", *argv],
            {**self.env, **(env or {})}, log="terminal.log",
        )  # fmt: skip
        self.focus("Terminal")
        time.sleep(0.3)  # the shell waits for the line
        self.key("Return")
        return proc

    def focus(self, name: str, timeout: float = 20.0) -> None:
        """Give the keyboard to the first window whose class is *name* (no window
        manager runs: the input focus is set directly)."""
        found: list[str] = []

        def window() -> bool:
            result = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--class", name],
                env=self.env,
                capture_output=True,
                text=True,
                timeout=10,
            )
            found[:] = result.stdout.split()
            return bool(found)

        self.wait_until(window, timeout, f"a {name} window")
        self._run(["xdotool", "windowfocus", "--sync", found[0]])

    def key(self, *names: str, delay_ms: int = 30) -> None:
        """Press keys through the X server (``Right``, ``Return``, ``h``, ``ctrl+c``)."""
        self._run(["xdotool", "key", "--delay", str(delay_ms), *names])

    def type(self, text: str) -> None:
        self._run(["xdotool", "type", "--delay", "40", text])

    # -- what was said -----------------------------------------------------------------

    def messages(self) -> list[Message]:
        """Every message the stand-in took, in order (Orca's and any other client's)."""
        assert self.speech is not None
        with self.speech._state:
            return list(self.speech.messages)

    def orca_said(self) -> list[Message]:
        """Orca's messages, in the order Orca gave them."""
        return [m for m in self.messages() if "orca" in m.sender.lower()]

    def others_said(self) -> list[Message]:
        """Messages from any client but Orca (the game speaking for itself)."""
        return [m for m in self.messages() if "orca" not in m.sender.lower()]

    def wait_for_words(self, words: str, timeout: float = 20.0, *, after: int = 0) -> Message:
        """Wait until Orca was given a message containing *words* (among its messages
        from index *after* on); that message."""
        found: list[Message] = []

        def said() -> bool:
            found[:] = [m for m in self.orca_said()[after:] if words in m.text]
            return bool(found)

        self.wait_until(said, timeout, f"Orca to say {words!r}")
        return found[0]

    def wait_until(self, predicate: Callable[[], object], timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                said = [m.text for m in self.orca_said()][-15:]
                raise AssertionError(f"waited {timeout} s for {what}; Orca said last: {said}")
            time.sleep(0.05)

    def quiet(self) -> bool:
        """Whether the voice is silent with nothing waiting."""
        return not any(m.state in ("speaking", "waiting") for m in self.messages())

    def wait_quiet(self, timeout: float = 30.0, *, settle: float = 0.3) -> None:
        """Wait until the voice has said everything (and stayed silent *settle* seconds)."""
        deadline = time.monotonic() + timeout
        quiet_since: float | None = None
        while True:
            now = time.monotonic()
            if self.quiet():
                quiet_since = quiet_since or now
                if now - quiet_since >= settle:
                    return
            else:
                quiet_since = None
            if now > deadline:
                raise AssertionError(f"the voice was still speaking after {timeout} s")
            time.sleep(0.05)

    def log(self) -> list[dict[str, object]]:
        """The stand-in's log: every message received, begun, ended or cut, in order."""
        path = self.folder / "speech.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _read_line(fd: int, timeout: float) -> str:
    """A line from a pipe, waiting at most *timeout* seconds."""
    import select

    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            break
        chunk = os.read(fd, 256)
        if not chunk:
            break
        data += chunk
    return data.decode(errors="replace")


@dataclass(frozen=True)
class Hearing:
    """What became of a program's announcements with a screen reader reading them.

    *announced*: the announcements, in order (the program's transcript); *read*:
    those found in what Orca was given; *ended*: found in a message said to its end;
    *twice*: found in two of Orca's messages given within ten seconds of each other,
    beyond the times the program itself said them; *missing*: never given to Orca.
    """

    announced: list[str]
    read: int
    ended: int
    twice: list[str]
    missing: list[str]
    out_of_order: list[str]
    characters_read: int
    characters_announced: int
    cut: list[str]

    def summary(self) -> str:
        return (
            f"{len(self.announced)} announcements: {self.read} read, {self.ended} said to the "
            f"end ({self.ended_share:.0%}), {len(self.twice)} read twice within 10 s, "
            f"{len(self.missing)} never read, {len(self.out_of_order)} out of order; "
            f"{self.characters_read} characters read for {self.characters_announced} announced"
            + "".join(f"\n  not to the end: {text}" for text in self.cut)
        )

    @property
    def ended_share(self) -> float:
        return self.ended / len(self.announced) if self.announced else 1.0


def _flat(text: str) -> str:
    """*text* on one line, its spaces as one."""
    return " ".join(text.split())


def _rows(text: str) -> list[str]:
    """The rows a text takes on an 80-column line, each on one line (as written)."""
    return [_flat(row) for row in braille_lines(text, WIDTH)]


def _holds(message: list[str], rows: list[str]) -> bool:
    """Whether *rows* stand in *message* one after another, whole."""
    size = len(rows)
    return any(message[start : start + size] == rows for start in range(len(message) - size + 1))


def hearing(announced: Sequence[str], said: Sequence[Message]) -> Hearing:
    """Match each announcement to the messages Orca was given, by whole rows: a message
    may hold several announcements written at once, and an announcement several rows."""
    messages = [[_flat(row) for row in m.text.split("\n")] for m in said]
    read = ended = 0
    twice: list[str] = []
    missing: list[str] = []
    out_of_order: list[str] = []
    cut: list[str] = []
    position = 0  # the message the previous announcement was found in
    counts: dict[str, int] = {}
    for text in announced:
        counts[text] = counts.get(text, 0) + 1
    for text in announced:
        rows = _rows(text)
        found = [index for index, rows_of in enumerate(messages) if _holds(rows_of, rows)]
        if not found:
            missing.append(text)
            continue
        read += 1
        later = [index for index in found if index >= position]
        if not later:
            out_of_order.append(text)
            later = found
        index = later[0]
        position = index
        if said[index].state == "ended":
            ended += 1
        else:
            cut.append(f"{text} ({said[index].why})")
        times = sorted(said[i].received for i in found)
        close = sum(1 for a, b in itertools.pairwise(times) if b - a < 10.0)
        if len(found) > counts[text] and close:
            twice.append(text)
    characters_read = sum(len(m.text) for m in said)
    return Hearing(
        list(announced),
        read,
        ended,
        sorted(set(twice)),
        missing,
        out_of_order,
        characters_read,
        sum(len(t) for t in announced),
        cut,
    )


class ListeningPlayer:
    """Plays the terminal game as a player who listens: before each key, waits until
    Orca was given everything the game has said (its ``--transcript`` file), has said
    it all, and *pause* seconds more."""

    def __init__(self, desk: OrcaDesktop, transcript: Path, pause: float = 1.0) -> None:
        self.desk = desk
        self.transcript = transcript
        self.pause = pause

    def announced(self) -> list[str]:
        """What the game has said so far, an announcement a line."""
        path = self.transcript
        return path.read_text(encoding="utf-8").splitlines() if path.exists() else []

    def listen(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            heard = self.announced()
            if not heard:
                break
            last = _flat(heard[-1])
            said = [_flat(m.text) for m in self.desk.orca_said()]
            # As often as the game said it (a prompt may come again, word for word).
            if sum(last in text for text in said) >= heard.count(heard[-1]):
                break
            time.sleep(0.05)
        self.desk.wait_quiet()
        time.sleep(self.pause)

    def play_turns(
        self, turns: int, *, limit: float, keys: Sequence[str] = ("Right", "Left", "e")
    ) -> int:
        """Play *turns* turns (each: *keys*, then the play Enter makes, or a draw or a
        pass where nothing fits); the turns played within *limit* seconds."""
        deadline = time.monotonic() + limit
        played = 0
        rounds = 0
        while played < turns and time.monotonic() < deadline:
            self.listen()
            heard = self.announced()
            over = [line for line in heard if "Enter for the next round" in line]
            if len(over) > rounds:
                rounds = len(over)
                self.desk.key("Return")  # the next round
                continue
            # "Your turn" may follow the play that gave it ("Ben: ... Your turn, ...").
            prompts = [line[line.index("Your turn") :] for line in heard if "Your turn" in line]
            if len(prompts) <= played:
                continue  # the others are still playing
            self.listen()  # the turn itself, said to its end
            for key in keys:
                self.desk.key(key)
                time.sleep(0.1)
                self.listen()
            prompt = prompts[-1]
            if "nothing fits" in prompt:
                self.desk.key("d" if "draw" in prompt else "p")
            else:
                # The keys above may have moved the selection: the tile the turn named
                # is chosen again by its two digits, typed together as a player who
                # knows the tile types them (a pause between them would let the first
                # choose a tile alone), then Enter plays it.
                digits = _tile_digits(prompt)
                if digits:
                    self.desk.key(*digits)
                    time.sleep(0.1)
                    self.listen()
                self.desk.key("Return")
            played += 1
        return played

    def quit(self) -> None:
        """Q, and Y once the question was heard: the game saves and ends."""
        self.listen()
        self.desk.key("q")
        self.desk.wait_for_words("Quit?", timeout=10)
        self.listen()
        self.desk.key("y")


_PIPS = {"blank": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def _tile_digits(prompt: str) -> list[str]:
    """The digit keys of the tile a turn prompt names ("Your turn, 2 fit: five-one
    west, 11." gives 5 and 1; "double five" 5 and 5)."""
    _, _, play = prompt.partition(": ")
    words = play.replace(",", " ").split()
    if len(words) >= 2 and words[0] == "double" and words[1] in _PIPS:
        return [_PIPS[words[1]]] * 2
    halves = words[0].split("-") if words else []
    if len(halves) == 2 and all(half in _PIPS for half in halves):
        return [_PIPS[half] for half in halves]
    return []
