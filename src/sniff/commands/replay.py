"""``sniff replay FILE``: check a game record, then tell it move by move."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from sniff.commands.common import Subparsers, UsageError, add_audio_out_option
from sniff.commands.keywatch import KeyWatch
from sniff.enums import SpeechMode, Verbosity, values
from sniff.i18n import choose_language, translator

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    tr = subparsers.tr
    parser = subparsers.add_parser(
        "replay",
        # Translators: `sniff --help`: what the command `sniff replay` does
        help=tr._("check a game record and tell it move by move"),
    )
    # Translators: `sniff replay --help`: the FILE argument
    parser.add_argument("file", type=Path, metavar="FILE", help=tr._("a sniff-record/1 file"))
    parser.add_argument(
        "--lang",
        choices=("en", "de"),
        # Translators: `sniff replay --help`: the --lang option
        help=tr._("language (default: the system's)"),
    )
    parser.add_argument(
        "--verbosity",
        choices=values(Verbosity),
        default="normal",
        # Translators: `sniff replay --help`: the --verbosity option
        help=tr._("how much is told of each move"),
    )
    parser.add_argument(
        "--speech",
        choices=[m for m in values(SpeechMode) if m != "none"],
        default="text",
        # Translators: `sniff replay --help`: the --speech option
        help=tr._("print the lines (text), or also speak them"),
    )
    add_audio_out_option(parser)
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
    return _speak_replay(lines, args.speech, tr.language, args.audio_out)


def _speak_replay(
    lines: Iterable[str], mode: str, language: str, audio_out: Path | None = None
) -> int:
    """Print each line and speak it, one after another, until the end or any key."""
    from sniff.announce.notices import NoticeWords
    from sniff.i18n import translator
    from sniff.output.router import CHARACTERS_PER_SECOND
    from sniff.output.sound import create_player
    from sniff.output.speech import FallbackEvent, create_speech

    notices = NoticeWords(translator(language))
    heard: list[str] = []

    def on_fallback(event: FallbackEvent) -> None:
        heard.append(notices.fallback(event).text)

    sound = create_player(True, audio_out=audio_out)
    speech = create_speech(mode, language=language, sound=sound, on_fallback=on_fallback)
    try:
        with KeyWatch() as keys:
            for line in lines:
                for notice in heard:
                    print(notice, file=sys.stderr, flush=True)
                    speech.speak(notice)
                heard.clear()
                print(line, flush=True)
                speech.speak(line)
                started = time.monotonic()
                while True:
                    if keys.pressed():
                        speech.silence()
                        return 0
                    busy = speech.busy
                    if busy is False:
                        break
                    said = time.monotonic() - started >= len(line) / CHARACTERS_PER_SECOND
                    if busy is None and said:
                        break
                    time.sleep(0.02)
    finally:
        speech.close()
        sound.close()
    return 0
