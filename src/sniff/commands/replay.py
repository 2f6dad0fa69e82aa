"""``sniff replay FILE``: check a game record, then tell it move by move.

The record is read within limits (see :mod:`sniff.storage.records`), checked
against the rules, and only then told. Every line printed or spoken is
stripped of control characters first: a record may come from anywhere, and
a player's name must not drive the terminal. Exit status: 0 for a whole
game, 1 for a record that stops before the game is over (it is told as far
as it goes, then the line where it stops is said), 2 for a damaged record
(the line that is wrong is named; nothing is told).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from sniff.commands.common import Subparsers, UsageError, add_audio_out_option, language_of
from sniff.commands.keywatch import KeyWatch
from sniff.enums import SpeechMode, Verbosity, values
from sniff.i18n import translator

__all__ = ["add_parser", "run"]

#: How much of a player's name is told.
NAME_LIMIT = 64


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
        default=Verbosity.NORMAL,
        # Translators: `sniff replay --help`: the --verbosity option
        help=tr._("how much is told of each move"),
    )
    parser.add_argument(
        "--speech",
        choices=[m for m in values(SpeechMode) if m != SpeechMode.NONE],
        default=SpeechMode.TEXT,
        # Translators: `sniff replay --help`: the --speech option
        help=tr._("print the lines (text), or also speak them"),
    )
    add_audio_out_option(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from sniff.announce import narrate_events
    from sniff.announce.files import FileWords
    from sniff.storage import load_settings
    from sniff.storage.limits import clean_text
    from sniff.storage.records import RecordError, read_record, verify

    try:
        record = read_record(args.file)
        verify(record)
    except RecordError as error:
        # A damaged line may quote a huge value: the start says what is wrong.
        message = clean_text(f"{args.file}: {error}")
        raise UsageError(message if len(message) <= 400 else message[:400] + "...") from None
    # The player's language: --lang, else the settings (only looked at), else the system's.
    tr = translator(language_of(args, load_settings(keep_aside=False).settings.language))
    names = [clean_text(player.name)[:NAME_LIMIT] for player in record.players]
    told = narrate_events(
        record.events,
        rules=record.rules,
        player_names=names,
        translator=tr,
        verbosity=args.verbosity,
        seed=record.seed,
    )
    lines = (clean_text(line) for line in told)
    ending = None
    if not record.finished:
        last = record.lines[-1] if record.lines else 1
        ending = FileWords(tr).record_unfinished(clean_text(str(args.file)), last).text
    if args.speech == SpeechMode.TEXT:
        for line in lines:
            print(line)
        if ending is not None:
            print(ending, file=sys.stderr)
    elif _speak_replay(lines, ending, args.speech, tr.language, args.audio_out):
        return 0  # stopped by a key: the player chose to stop, nothing is wrong
    return 0 if ending is None else 1


def _speak_replay(
    lines: Iterable[str],
    ending: str | None,
    mode: str,
    language: str,
    audio_out: Path | None = None,
) -> bool:
    """Print each line and speak it, one after another, until the end or any key
    (True: a key stopped it). *ending*, if any, goes to stderr and is spoken last."""
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
            told = ((line, sys.stdout) for line in lines)
            for line, stream in itertools.chain(told, [(ending, sys.stderr)]):
                if line is None:
                    continue
                for notice in heard:
                    print(notice, file=sys.stderr, flush=True)
                    speech.speak(notice)
                heard.clear()
                print(line, file=stream, flush=True)
                speech.speak(line)
                started = time.monotonic()
                while True:
                    if keys.pressed():
                        speech.silence()
                        return True
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
    return False
