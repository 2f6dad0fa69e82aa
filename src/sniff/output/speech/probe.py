"""Which screen reader reads this terminal, found without loading anything heavy.

A terminal screen reader reads what a program writes on its own: Orca reads
a GNOME terminal, NVDA and JAWS a Windows console, VoiceOver the macOS
Terminal, Speakup and Fenrir the Linux console. While one does, the game
must not speak the same words a second time through another channel; so the
game asks here first.

On Linux the answer is for *this* desktop session only (a second desktop on
the same computer, a test's private desktop, has its own Orca):

1. Orca's own D-Bus service (``org.gnome.Orca.Service``, Orca 46 and later)
   on this session's bus;
2. an application named ``orca`` on this session's accessibility (AT-SPI)
   bus, as every Orca since GNOME 3 registers;
3. failing the buses (no D-Bus client, a bus that does not answer), an
   ``orca`` process that shares this program's session (the same D-Bus
   session bus or display);
4. on the Linux text console: Speakup (its kernel module) or Fenrir (its
   process).

On Windows prismatoid names the running reader
(:func:`sniff.output.speech.prism_reader.running_readers`); on macOS
VoiceOver's program runs; and the game runs in a console those readers read.

Nothing here raises: a look that fails finds nothing.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from sniff.enums import ReaderSign

__all__ = [
    "ORCA_SERVICE",
    "ReaderSeen",
    "orca_in_session",
    "orca_running",
    "process_running",
    "terminal_reader",
]

_log = logging.getLogger(__name__)

#: Orca's remote-control service on the session bus (Orca 46 and later).
ORCA_SERVICE = "org.gnome.Orca.Service"
#: Seconds each D-Bus question may take: a bus that hangs must not delay the game.
_BUS_TIMEOUT = 0.5
#: The session's variables two processes of one desktop share.
_SESSION_KEYS = ("DBUS_SESSION_BUS_ADDRESS", "WAYLAND_DISPLAY", "DISPLAY")


@dataclass(frozen=True)
class ReaderSeen:
    """A screen reader that reads this terminal: its *name* ("Orca", "NVDA") and
    the *sign* it was seen by (which ``sniff doctor`` reports)."""

    name: str
    sign: ReaderSign


def terminal_reader(environ: Mapping[str, str] | None = None) -> ReaderSeen | None:
    """The screen reader that reads this program's terminal, or None."""
    env = os.environ if environ is None else environ
    try:
        platform = _platform()
        if platform.startswith("linux"):
            return orca_in_session(env) or _console_reader(env)
        if platform == "darwin":
            return ReaderSeen("VoiceOver", ReaderSign.PROCESS) if _voiceover() else None
        return _prism_reader()
    except Exception:  # looking must never stop the game
        _log.debug("looking for a screen reader failed", exc_info=True)
        return None


def _platform() -> str:
    return sys.platform


def orca_running() -> bool:
    """Whether Orca runs in this desktop session (Linux)."""
    return sys.platform.startswith("linux") and orca_in_session() is not None


def orca_in_session(environ: Mapping[str, str] | None = None) -> ReaderSeen | None:
    """Orca in this desktop session, by its service, the AT-SPI bus or its process."""
    env = os.environ if environ is None else environ
    answered, seen = _on_the_buses(env)
    if seen is not None:
        return seen
    if answered:
        return None  # the buses answered and know no Orca: a process would be another's
    return ReaderSeen("Orca", ReaderSign.PROCESS) if _orca_process(env) else None


def _on_the_buses(env: Mapping[str, str]) -> tuple[bool, ReaderSeen | None]:
    """(whether the accessibility bus answered, Orca if it is there)."""
    address = _session_bus(env)
    if address is None:
        return False, None
    try:
        from jeepney import DBusAddress, new_method_call
        from jeepney.io.blocking import open_dbus_connection
    except ImportError:  # no D-Bus client: the process is the only sign
        return False, None
    try:
        with open_dbus_connection(address, auth_timeout=_BUS_TIMEOUT) as bus:
            names = DBusAddress(
                "/org/freedesktop/DBus", "org.freedesktop.DBus", "org.freedesktop.DBus"
            )
            owned = bus.send_and_get_reply(
                new_method_call(names, "NameHasOwner", "s", (ORCA_SERVICE,)),
                timeout=_BUS_TIMEOUT,
            )
            if owned.body and owned.body[0]:
                return True, ReaderSeen("Orca", ReaderSign.SERVICE)
            a11y = DBusAddress("/org/a11y/bus", "org.a11y.Bus", "org.a11y.Bus")
            reply = bus.send_and_get_reply(
                new_method_call(a11y, "GetAddress"), timeout=_BUS_TIMEOUT
            )
            a11y_address = str(reply.body[0]) if reply.body else ""
        if not a11y_address:
            return False, None
        with open_dbus_connection(a11y_address, auth_timeout=_BUS_TIMEOUT) as bus:
            for name in _application_names(bus):
                if name.lower() == "orca":
                    return True, ReaderSeen("Orca", ReaderSign.REGISTRY)
        return True, None
    except Exception:  # no bus, no accessibility bus, a bus that does not answer
        _log.debug("the D-Bus look for Orca failed", exc_info=True)
        return False, None


def _application_names(bus: object) -> list[str]:
    """The names of the applications registered on an AT-SPI bus."""
    from jeepney import DBusAddress, new_method_call

    send = bus.send_and_get_reply  # type: ignore[attr-defined]
    root = DBusAddress(
        "/org/a11y/atspi/accessible/root",
        "org.a11y.atspi.Registry",
        "org.a11y.atspi.Accessible",
    )
    children = send(new_method_call(root, "GetChildren"), timeout=_BUS_TIMEOUT).body
    names: list[str] = []
    for owner, path in (children[0] if children else [])[:64]:
        app = DBusAddress(path, owner, "org.freedesktop.DBus.Properties")
        with contextlib.suppress(Exception):  # an application that does not answer
            reply = send(
                new_method_call(app, "Get", "ss", ("org.a11y.atspi.Accessible", "Name")),
                timeout=_BUS_TIMEOUT,
            )
            value = reply.body[0] if reply.body else ("s", "")
            names.append(str(value[1]))
    return names


def _session_bus(env: Mapping[str, str]) -> str | None:
    """This session's D-Bus address, if it has one."""
    address = env.get("DBUS_SESSION_BUS_ADDRESS", "").strip()
    if address:
        return address
    runtime = env.get("XDG_RUNTIME_DIR", "").strip()
    if runtime and (Path(runtime) / "bus").exists():
        return f"unix:path={Path(runtime) / 'bus'}"
    return None


def _orca_process(env: Mapping[str, str]) -> bool:
    """An ``orca`` process of this desktop session (same bus or display as ours)."""
    ours = {key: env.get(key, "") for key in _SESSION_KEYS if env.get(key)}
    if not ours:
        return False  # no desktop session here: an Orca elsewhere cannot read us
    for pid in _processes("orca"):
        theirs = _environment(pid)
        if any(theirs.get(key) == value for key, value in ours.items()):
            return True
    return False


def _console_reader(env: Mapping[str, str]) -> ReaderSeen | None:
    """Speakup or Fenrir, where this program runs on the Linux text console."""
    if env.get("TERM", "") != "linux":
        return None
    synth = Path("/sys/accessibility/speakup/synth")
    with contextlib.suppress(OSError):
        if synth.read_text().strip() not in ("", "none"):
            return ReaderSeen("Speakup", ReaderSign.KERNEL)
    if any(True for _ in _processes("fenrir")) or any(True for _ in _processes("fenrir-daemon")):
        return ReaderSeen("Fenrir", ReaderSign.PROCESS)
    return None


def _voiceover() -> bool:
    """Whether VoiceOver runs (macOS; its program is called so), for a terminal."""
    return sys.stdout.isatty() and process_running("VoiceOver")


def _prism_reader() -> ReaderSeen | None:
    """The reader prismatoid finds running (Windows: NVDA, JAWS...), if the game runs
    in a console that reader reads."""
    if not sys.stdout.isatty():
        return None
    from sniff.output.speech.prism_reader import running_readers

    readers = running_readers()
    return ReaderSeen(readers[0], ReaderSign.PRISM) if readers else None


def _processes(name: str) -> list[int]:
    """The ids of this user's processes called *name* (by name or by the script
    they run: Orca is a Python script, whose process may be called ``python3``)."""
    proc = Path("/proc")
    found: list[int] = []
    if not proc.is_dir():
        return found
    uid = os.getuid() if hasattr(os, "getuid") else None
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if uid is not None and entry.stat().st_uid != uid:
                continue
            if (entry / "comm").read_text().strip() == name:
                found.append(int(entry.name))
                continue
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(os.path.basename(arg.decode(errors="ignore")) == name for arg in argv[:2]):
            found.append(int(entry.name))
    return found


def _environment(pid: int) -> dict[str, str]:
    """A process's environment (empty where it cannot be read)."""
    try:
        raw = Path(f"/proc/{pid}/environ").read_bytes()
    except OSError:
        return {}
    pairs = (item.decode(errors="ignore").partition("=") for item in raw.split(b"\0") if item)
    return {key: value for key, _, value in pairs}


def process_running(name: str) -> bool:
    """Whether a process called *name* runs (any session: VoiceOver has one per Mac)."""
    if Path("/proc").is_dir():
        return bool(_processes(name))
    pgrep = shutil.which("pgrep")
    if pgrep is None:
        return False
    result = subprocess.run(
        [pgrep, "-x", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return result.returncode == 0
