"""Speech and braille through accessible-output2: the second way to a screen reader
on Windows and macOS, after prismatoid (:mod:`sniff.output.speech.prism_reader`).

It is what reaches VoiceOver from a terminal (prismatoid's VoiceOver backend
needs an application window, which a console program does not have) and a
Windows reader where prismatoid has no wheel (32-bit Windows) or cannot
connect.

NVDA, JAWS and other Windows screen readers, VoiceOver on macOS, and Speech
Dispatcher on Linux (which is how Orca speaks). The player keeps their own
voice, rate and braille display.

accessible-output2 has habits the game must not inherit: it prints from
imports and constructors, its ``output()`` raises on NVDA after speaking (so
``speak()`` and ``braille()`` are called separately here), and on Linux it
needs Debian's ``python3-speechd``, which is not on PyPI.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import logging
import shutil
import subprocess
import sys
import time
from typing import Any

from sniff.enums import SpeechOutput, SpeechProblem
from sniff.output.speech._quiet import quiet
from sniff.output.speech.base import SpeechError, SpeechUnavailable
from sniff.output.speech.probe import process_running

__all__ = ["ScreenReaderSpeech"]

_log = logging.getLogger(__name__)

# accessible-output2 output modules per platform, best first. SAPI5 is not among
# them: it is no screen reader, and the built-in voice speaks through it better
# (it can be cut off at once).
_OUTPUTS = {
    "win32": ("nvda", "jaws", "zdsr", "system_access", "dolphin", "pc_talker"),
    "darwin": ("voiceover",),
    "linux": ("speech_dispatcher",),
}

_RECHECK_SECONDS = 1.0

_SPEECHD_HINT = (
    "Speech Dispatcher is not reachable from Python: install python3-speechd "
    "(sudo apt install python3-speechd) and create the virtual environment "
    "with --system-site-packages"
)


def _platform() -> str:
    return "linux" if sys.platform.startswith("linux") else sys.platform


def _load_output(module: str) -> Any:
    """Construct one accessible-output2 output, or ``None`` if it cannot start."""
    try:
        with quiet():
            mod = importlib.import_module(f"accessible_output2.outputs.{module}")
            return mod.output_class()
    except Exception:  # ao2 raises many kinds; any means "not here"
        _log.debug("accessible-output2 output %s unavailable", module, exc_info=True)
        return None


def _is_active(output: Any) -> bool:
    try:
        with quiet():
            return bool(output.is_active())
    except Exception:  # a probe that fails means "not running"
        return False


class _OsaVoiceOver:
    """VoiceOver through ``osascript`` when ao2's ``appscript`` is not installed.

    Needs "Allow VoiceOver to be controlled with AppleScript" in VoiceOver Utility.
    """

    name = "VoiceOver"

    def __init__(self) -> None:
        self._osascript = shutil.which("osascript")
        if self._osascript is None:
            raise SpeechUnavailable("osascript not found")

    def is_active(self) -> bool:
        return process_running("VoiceOver")

    def speak(self, text: str, interrupt: bool = False) -> None:
        quoted = text.replace("\\", "\\\\").replace('"', '\\"')
        # Popen, not run: the game must not wait for VoiceOver.
        subprocess.Popen(
            [str(self._osascript), "-e", f'tell application "VoiceOver" to output "{quoted}"'],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def silence(self) -> None:
        self.speak("")


class ScreenReaderSpeech:
    """Speaks through the first running screen reader accessible-output2 can reach.

    Raises :class:`SpeechUnavailable` (without printing) if none is reachable.
    If the screen reader goes away mid-game, calls raise :class:`SpeechError`
    so the fallback chain takes over.
    """

    def __init__(self) -> None:
        platform = _platform()
        candidates = _OUTPUTS.get(platform, ())
        if not candidates:
            raise SpeechUnavailable(
                f"no screen reader support on {sys.platform}", SpeechProblem.UNSUPPORTED
            )
        try:
            with quiet():
                importlib.import_module("accessible_output2.outputs")
        except Exception as error:
            message = f"accessible-output2 is not usable: {error}"
            raise SpeechUnavailable(message, SpeechProblem.MISSING_LIBRARY) from error
        self._output: Any = None
        for module in candidates:
            output = _load_output(module)
            if output is None and module == "voiceover":
                with contextlib.suppress(SpeechUnavailable):
                    output = _OsaVoiceOver()
            if output is not None and _is_active(output):
                self._output = output
                break
            if output is not None:
                _close_output(output)
        if self._output is None:
            if platform == "linux":
                raise SpeechUnavailable(_SPEECHD_HINT, SpeechProblem.MISSING_LIBRARY)
            raise SpeechUnavailable(
                "no running screen reader was found", SpeechProblem.NO_SCREEN_READER
            )
        self.name = SpeechOutput.SCREENREADER
        self.label = str(getattr(self._output, "name", "") or "") or None
        self._checked_at = time.monotonic()
        self._has_braille = _supports_braille(self._output)

    @property
    def has_braille(self) -> bool:
        """True if the screen reader takes braille messages from the game."""
        return self._has_braille

    def speak(self, text: str, *, interrupt: bool = False) -> None:
        """Have the screen reader say ``text``."""
        output = self._live()
        output.speak(text, interrupt=interrupt)

    def braille(self, text: str) -> None:
        """Show ``text`` on the screen reader's braille display, where it supports that."""
        if self._has_braille:
            self._live().braille(text)

    def silence(self) -> None:
        """Stop the screen reader's speech."""
        output = self._live()
        silence = getattr(output, "silence", None)
        if callable(silence):
            silence()

    def close(self) -> None:
        """Release the connection (Speech Dispatcher needs this to exit cleanly)."""
        output, self._output = self._output, None
        if output is not None:
            _close_output(output)

    def _live(self) -> Any:
        if self._output is None:
            raise SpeechError("the screen reader backend is closed")
        # The player may quit the screen reader mid-game: then hand over. The
        # probe can cost a process scan, so it runs at most once a second.
        now = time.monotonic()
        if now - self._checked_at >= _RECHECK_SECONDS:
            self._checked_at = now
            if not _is_active(self._output):
                raise SpeechError(f"{self.name} is no longer running")
        return self._output


def _supports_braille(output: Any) -> bool:
    probe = getattr(output, "has_braille", None)
    if callable(probe):
        with contextlib.suppress(Exception):
            return bool(probe())
    try:
        base = importlib.import_module("accessible_output2.outputs.base").Output
    except Exception:  # without the base class, trust the method
        return callable(getattr(output, "braille", None))
    # ao2's base braille() is a stub returning False; only real overrides count.
    return getattr(type(output), "braille", base.braille) is not base.braille


def _close_output(output: Any) -> None:
    close = getattr(output, "close", None)
    if callable(close):
        try:
            with quiet():
                close()
        except Exception:  # closing a half-started output may fail
            _log.debug("closing screen reader output failed", exc_info=True)
