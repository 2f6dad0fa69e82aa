"""The installed ``sniff`` in a pseudo-terminal that is its controlling terminal,
as when a person starts it from a shell (not a test module).

Output is collected in the background; :meth:`Pty.wait_for` polls it with a
time limit, so a slow machine only makes a test slower.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

SNIFF = Path(sys.executable).parent / "sniff"
TIMEOUT = 20.0


def _own_terminal() -> None:
    """In the child: a session of its own, with the pty as its terminal, and
    Control C as a shell gives it (a test run started in the background would
    otherwise hand down an ignored SIGINT)."""
    import fcntl
    import signal
    import termios

    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def wait_raw(fd: int, timeout: float = 20.0) -> None:
    """Wait until the program on the terminal *fd* reads keys one by one as the game
    does (its canonical line mode off, and Control C a key, not a signal), at most
    *timeout* seconds. (Before that, in line mode, the game asks the terminal where its
    cursor stands, with the line mode off a moment but Control C still a signal: a
    key typed then would be taken for the terminal's answer.)"""
    import termios

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        flags = termios.tcgetattr(fd)[3]
        if not flags & termios.ICANON and not flags & termios.ISIG:
            return
        time.sleep(0.02)


class Pty:
    """``sniff *args`` in a pseudo-terminal; ``env`` adds to the environment."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        import termios

        master, slave = os.openpty()
        self.slave = slave  # kept open to read the terminal's settings
        self.settings_before = termios.tcgetattr(slave)
        self.process = subprocess.Popen(
            [str(SNIFF), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "TERM": "xterm", "LANG": "en_US.UTF-8", **env},
            preexec_fn=_own_terminal,
            close_fds=True,
        )
        self.master = master
        self._raw = False
        self.output = bytearray()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        while True:
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            if not chunk:
                return
            self.output += chunk

    @property
    def text(self) -> str:
        return self.output.decode("utf-8", "replace")

    def send(self, keys: str, *, raw: bool = True) -> None:
        """Type *keys*, once the game reads keys one by one (never into the line
        discipline before it starts: the terminal would change them, Enter into
        Control J). *raw* False: as they are, now (a command that reads lines, or a
        Control C the terminal itself turns into a signal)."""
        if raw and not self._raw:
            wait_raw(self.slave)
            self._raw = True
        os.write(self.master, keys.encode())

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.text:
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {timeout:g} s for {text!r}; got:\n{self.text}")
            time.sleep(0.05)

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        return self.process.wait(timeout=timeout)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)
