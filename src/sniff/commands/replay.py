"""``sniff replay FILE``: check a game record, then tell it move by move."""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterable
from pathlib import Path

from sniff.commands.common import Subparsers, UsageError
from sniff.enums import SpeechMode, Verbosity, values
from sniff.i18n import choose_language, translator

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("replay", help="check a game record and tell it move by move")
    parser.add_argument("file", type=Path, metavar="FILE", help="a sniff-record/1 file")
    parser.add_argument("--lang", choices=("en", "de"), help="language (default: the system's)")
    parser.add_argument("--verbosity", choices=values(Verbosity), default="normal", help="detail")
    parser.add_argument(
        "--speech",
        choices=[m for m in values(SpeechMode) if m != "none"],
        default="text",
        help="print the lines (text), or also speak them",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from sniff.announce import narrate_events
    from sniff.storage.records import RecordError, read_record, verify

    try:
        record = read_record(args.file)
        verify(record)
    except RecordError as error:
        raise UsageError(f"{args.file}: {error}") from None
    tr = translator(choose_language(args.lang, None))
    names = [player.name for player in record.players]
    lines = narrate_events(
        record.events,
        rules=record.rules,
        player_names=names,
        translator=tr,
        verbosity=args.verbosity,
        seed=record.seed,
    )
    if args.speech == "text":
        for line in lines:
            print(line)
        return 0
    return _speak_replay(lines, args.speech, tr.language)


def _speak_replay(lines: Iterable[str], mode: str, language: str) -> int:
    """Print each line and speak it through the chosen backend, one after another."""
    from sniff.output.sound import create_player
    from sniff.output.speech import create_speech

    sound = create_player(True)
    speech = create_speech(mode, language=language, sound=sound)
    try:
        for line in lines:
            print(line, flush=True)
            speech.speak(line, interrupt=False)
        # Let the queue finish before the program ends (a voice speaks in the background).
        deadline = time.monotonic() + 600
        while getattr(speech, "busy", False) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        speech.close()
        sound.close()
    return 0
