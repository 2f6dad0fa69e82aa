"""The terminal game with a real screen reader: Orca reading a GNOME terminal.

Each test runs a desktop of its own (``tests/orca_desktop.py``): Xvfb, its own
D-Bus and AT-SPI buses, Orca 43 speaking into a Speech Dispatcher stand-in that
keeps one voice and Speech Dispatcher's priority rules and logs every sentence
with what became of it. The installed ``sniff`` runs in gnome-terminal, keys go
through the X server, and the tests assert on what Orca said, in order.

The player of these tests waits a second after the voice falls silent before
each key, as a player who listens does. What they measure is printed (run with
``-s`` to see it): the figures of docs/speech.md come from here and from
``benchmarks/bench_orca.py``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from orca_desktop import ListeningPlayer, OrcaDesktop, hearing

SNIFF = Path(sys.executable).parent / "sniff"

# One desktop with Orca at a time (on one worker): two would share the machine's two
# cores with the rest of the suite, and a starved terminal reports text in pieces.
pytestmark = [pytest.mark.slow, pytest.mark.orca, pytest.mark.xdist_group("orca")]

#: In the suite the voice speaks faster than the figures' 25 characters a second, and
#: the player waits less: the same order of events in less time
#: (``benchmarks/bench_orca.py`` measures at the figures' pace).
FAST = 150.0
PAUSE = 0.25


def _sniff(tmp_path: Path, *options: str) -> list[str]:
    if not SNIFF.exists():
        pytest.fail(f"the sniff command is not installed next to {sys.executable}")
    return [
        str(SNIFF),
        "play",
        "--players",
        "3",
        "--no-sound",
        "--seed",
        "11",
        "--transcript",
        str(tmp_path / "heard.txt"),
        *options,
    ]


def _before_quitting(announced: list[str]) -> list[str]:
    """The announcements up to the quit question (what comes after it is written as the
    game ends and the terminal closes: Orca may never get to it)."""
    for index, text in enumerate(announced):
        if text.startswith("Quit?"):
            return announced[:index]
    return announced


def test_orca_reads_each_announcement_once_in_order_and_the_game_stays_silent(
    tmp_path: Path,
) -> None:
    with OrcaDesktop(tmp_path / "desk", chars_per_second=FAST) as desk:
        start = len(desk.orca_said())
        # Ten rows: the terminal is full after a few announcements and scrolls at each
        # new line (where a line break and the words after it once came as one piece).
        desk.terminal(_sniff(tmp_path), rows=10, env={"SNIFF_HOME": str(tmp_path / "data")})
        desk.wait_for_words("Welcome to Sniff", timeout=30, after=start)
        player = ListeningPlayer(desk, tmp_path / "heard.txt", PAUSE)
        played = player.play_turns(2, limit=45, keys=("Right", "e"))
        player.quit()
        desk.wait_quiet()
        said = desk.orca_said()[start:]
        announced = player.announced()
        others = desk.others_said()
    result = hearing(_before_quitting(announced), said)
    print(f"\nOrca, terminal, {played} turns: {result.summary()}")
    assert played == 2, [m.text for m in said][-10:]
    # Exactly one voice: Orca's. The game never spoke through another channel.
    assert others == [], [m.text for m in others]
    # The first thing Orca read of the game is true: the welcome, not a lost reader.
    game = [m.text for m in said if m.text not in ("newline", "Terminal frame.", "return")]
    assert game[0].startswith("Welcome to Sniff"), game[:3]
    assert not any("No screen reader" in text for text in game)
    # Arrow keys are answered with the game's words, never with "blank".
    assert "blank" not in [m.text.strip().lower() for m in said]
    assert result.missing == [] and result.out_of_order == [], result.summary()
    assert result.twice == [], result.twice
    assert result.ended_share >= 0.95, result.summary()


def test_the_full_screen_asked_for_with_orca_is_lines_and_the_player_hears_why(
    tmp_path: Path,
) -> None:
    with OrcaDesktop(tmp_path / "desk", chars_per_second=FAST) as desk:
        start = len(desk.orca_said())
        desk.terminal(
            _sniff(tmp_path, "--screen", "full"), env={"SNIFF_HOME": str(tmp_path / "data")}
        )
        desk.wait_for_words("Welcome to Sniff", timeout=30, after=start)
        began = time.monotonic()
        player = ListeningPlayer(desk, tmp_path / "heard.txt", PAUSE)
        played = player.play_turns(1, limit=30, keys=("Left",))
        seconds = time.monotonic() - began
        player.quit()
        desk.wait_quiet()
        said = desk.orca_said()[start:]
        announced = player.announced()
    result = hearing(_before_quitting(announced), said)
    print(f"\nOrca, --screen full, {played} turns in {seconds:.0f} s: {result.summary()}")
    game = [
        " ".join(m.text.split())
        for m in said
        if m.text not in ("newline", "Terminal frame.", "return")
    ]
    assert game[0].startswith("Orca reads this terminal, so the game writes"), game[:2]
    assert result.missing == [] and result.twice == [], result.summary()
    # Nothing is read beyond the announcements (a full screen was read whole at each change).
    assert result.characters_read <= 2 * result.characters_announced, result.summary()


def test_orca_started_late_takes_over_and_a_crash_and_a_restart_are_said(
    tmp_path: Path,
) -> None:
    with OrcaDesktop(tmp_path / "desk", chars_per_second=FAST, orca=False) as desk:
        player = ListeningPlayer(desk, tmp_path / "heard.txt", PAUSE)
        desk.terminal(_sniff(tmp_path), env={"SNIFF_HOME": str(tmp_path / "data")})
        desk.wait_until(lambda: len(player.announced()) >= 3, 30, "the game to start")
        desk.start_orca()
        desk.focus("Terminal")
        desk.wait_for_words("Orca is running now", timeout=20)
        # Orca reads what the game writes from now on; the game does not speak itself.
        desk.wait_quiet()
        desk.key("h")
        desk.wait_for_words("tiles,", timeout=10)
        assert desk.others_said() == []
        # Orca crashes: the game notices within seconds and speaks for itself.
        desk.kill_orca()
        desk.wait_until(
            lambda: any("Orca stopped reading" in m.text for m in desk.others_said()),
            15,
            "the game to say that Orca stopped",
        )
        desk.key("h")
        desk.wait_until(
            lambda: any("tiles," in m.text for m in desk.others_said()), 10, "the game's own voice"
        )
        # Orca comes back: it reads the terminal again and the game falls silent.
        before = len(desk.orca_said())
        desk.start_orca()
        desk.focus("Terminal")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            desk.wait_quiet()
            desk.key("e")
            time.sleep(1.0)
            if any("reading this terminal again" in m.text for m in desk.orca_said()[before:]):
                break
        desk.wait_for_words("reading this terminal again", timeout=5, after=before)
        own = len(desk.others_said())
        desk.wait_quiet()
        desk.key("s")
        desk.wait_for_words("Score", timeout=10, after=before)
        assert len(desk.others_said()) == own, "the game spoke over Orca again"
        player.quit()
        desk.wait_until(lambda: (tmp_path / "data").exists(), 5, "the game to save")
    heard = "\n".join(player.announced())
    assert "Traceback" not in heard and "Error" not in heard
