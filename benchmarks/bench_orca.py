"""What a player hears with a real screen reader: Orca 43 reading the terminal game.

Each run starts a private desktop (``tests/orca_desktop.py``: Xvfb, its own
D-Bus and AT-SPI buses, Orca speaking into a Speech Dispatcher stand-in with one
voice at 25 characters a second), runs the installed ``sniff`` in gnome-terminal,
and plays as a listening player: before each key it waits until Orca has said
everything the game said, then one second more.

Figures (one JSON line each):

- ``terminal_said_twice``: announcements Orca was given twice within ten seconds
  (beyond the times the game itself said them), a 3-player game with two bots;
- ``terminal_said_to_end_share``: the share of the game's announcements Orca said
  to their end;
- ``terminal_game_own_speech``: messages the game itself sent to Speech
  Dispatcher while Orca read (one voice: 0);
- ``full_screen_read_ratio``: characters Orca read in 30 s of play started with
  ``--screen full``, over the characters of the announcements in that time.

Needs what the Orca tests need (docs/install.md). ``--quick``: one short game.

    python benchmarks/bench_orca.py            # about 3 minutes
    python benchmarks/bench_orca.py --quick    # under a minute
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from figures import emit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from orca_desktop import ListeningPlayer, OrcaDesktop, hearing, missing  # noqa: E402

SNIFF = Path(sys.executable).parent / "sniff"
#: The figures' player: a second after each announcement, at 25 characters a second.
PAUSE = 1.0


def _command(folder: Path, seed: int, *options: str) -> list[str]:
    return [
        str(SNIFF), "play", "--players", "3", "--no-sound", "--seed", str(seed),
        "--transcript", str(folder / "heard.txt"), *options,
    ]  # fmt: skip


def terminal(folder: Path, seed: int, turns: int) -> None:
    """One game in line mode (the screen a reader gets), *turns* turns of the player."""
    with OrcaDesktop(folder / "desk") as desk:
        start = len(desk.orca_said())
        desk.terminal(_command(folder, seed), env={"SNIFF_HOME": str(folder / "data")})
        desk.wait_for_words("Welcome to Sniff", timeout=30, after=start)
        player = ListeningPlayer(desk, folder / "heard.txt", PAUSE)
        played = player.play_turns(turns, limit=40.0 * turns)
        player.quit()
        desk.wait_quiet()
        result = hearing(player.announced(), desk.orca_said()[start:])
        own = len(desk.others_said())
    details = {"turns": played, "announcements": len(result.announced), "seed": seed}
    emit("terminal_said_twice", len(result.twice), "announcements", twice=result.twice, **details)
    emit(
        "terminal_said_to_end_share",
        round(result.ended_share, 3),
        "share",
        ended=result.ended,
        not_to_the_end=result.cut,
        missing=len(result.missing),
        out_of_order=len(result.out_of_order),
        **details,
    )
    emit("terminal_game_own_speech", own, "messages", **details)


def full_screen(folder: Path, seed: int, seconds: float) -> None:
    """*seconds* of play started with ``--screen full``."""
    with OrcaDesktop(folder / "desk") as desk:
        start = len(desk.orca_said())
        desk.terminal(
            _command(folder, seed, "--screen", "full"), env={"SNIFF_HOME": str(folder / "data")}
        )
        desk.wait_for_words("Welcome to Sniff", timeout=30, after=start)
        began = time.monotonic()
        player = ListeningPlayer(desk, folder / "heard.txt", PAUSE)
        player.play_turns(99, limit=seconds)
        said = desk.orca_said()[start:]
        announced = player.announced()
        player.quit()
    result = hearing(announced, said)
    ratio = result.characters_read / max(1, result.characters_announced)
    emit(
        "full_screen_read_ratio",
        round(ratio, 3),
        "read/announced",
        seconds=round(time.monotonic() - began, 1),
        characters_read=result.characters_read,
        characters_announced=result.characters_announced,
        seed=seed,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one short game")
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--only-seed", action="store_true", help="one game, --seed, no full screen")
    parser.add_argument(
        "--keep", type=Path, help="a new folder to keep the desktops' logs in (speech.jsonl...)"
    )
    args = parser.parse_args()
    lacking = missing()
    if lacking or not SNIFF.exists():
        print(f"needs {', '.join(lacking) or 'the installed sniff'}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-orca-") as folder:
        base = Path(folder) if args.keep is None else args.keep
        base.mkdir(parents=True, exist_ok=True)
        games = 1 if args.quick else 3
        for index in range(games) if not args.only_seed else [0]:
            game = base / f"terminal-{index}"
            game.mkdir()
            terminal(game, args.seed + index, 2 if args.quick else 5)
        if args.only_seed:
            return 0
        screen = base / "full"
        screen.mkdir()
        full_screen(screen, args.seed, 15.0 if args.quick else 30.0)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
