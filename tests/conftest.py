"""Test-wide settings.

Hypothesis runs derandomized and keeps no example database: the suite gives
the same result on every machine and every run, and nothing it finds is
written into the repository. A property test that should explore more is
run by hand with ``--hypothesis-profile=explore``.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

settings.register_profile("default", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, database=None, max_examples=500)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def _no_speech_from_this_machine(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Tests never speak through the machine's own Speech Dispatcher or Orca: the
    suite gives the same result whether or not they are installed or running.
    A test that wants a real Speech Dispatcher starts its own and points
    ``SPEECHD_ADDRESS`` at it; a test that wants a real Orca starts a desktop of
    its own (``tests/orca_desktop.py``). The games a test starts as programs look
    for a screen reader on a D-Bus session that does not exist, and so never see
    the machine's Orca (nor another test's)."""
    socket = tmp_path_factory.getbasetemp() / "no-speech-dispatcher.sock"
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{socket}")
    bus = tmp_path_factory.getbasetemp() / "no-session-bus.sock"
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", f"unix:path={bus}")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sniff.output.speech.orca_running", lambda: False)
    monkeypatch.setattr("sniff.output.speech.probe.terminal_reader", lambda *a, **k: None)
