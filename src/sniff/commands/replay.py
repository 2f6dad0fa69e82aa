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
from typing import TYPE_CHECKING, Any

from sniff.commands.common import (
    Subparsers,
    UsageError,
    add_audio_out_option,
    add_language_option,
    language_of,
)
from sniff.commands.keywatch import KeyWatch
from sniff.enums import SpeechMode, Verbosity, values
from sniff.i18n import translator

if TYPE_CHECKING:
    from sniff.storage import Settings

__all__ = ["PATIENCE", "add_parser", "run", "speak_lines"]

#: How much of a player's name (or a computer player's level) is told.
NAME_LIMIT = 64
#: How long past its estimate a line is waited for while the speech says it is busy.
PATIENCE = 5.0


def add_parser(subparsers: Subparsers) -> None:
    tr = subparsers.tr
    parser = subparsers.add_parser(
        "replay",
        # Translators: `sniff --help`: what the command `sniff replay` does
        help=tr._("check a game record and tell it move by move"),
    )
    # Translators: `sniff replay --help`: the FILE argument
    parser.add_argument("file", type=Path, metavar="FILE", help=tr._("a sniff-record/1 file"))
    add_language_option(parser)
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
    from sniff.announce.files import FileWords
    from sniff.announce.replay import tell_record
    from sniff.storage import load_settings
    from sniff.storage.limits import clean_text
    from sniff.storage.records import PipeSilent, PlayerInfo, RecordError, read_record, verify

    # The player's language: --lang, else the settings (only looked at), else the system's.
    settings = load_settings(keep_aside=False).settings
    tr = translator(language_of(args, settings.language))
    files = FileWords(tr)
    shown = clean_text(str(args.file))
    try:
        record = read_record(args.file)
        verify(record)
    except PipeSilent as silent:
        raise UsageError(files.pipe_silent(shown, silent.seconds).text) from None
    except RecordError as error:
        # Said in the player's language from its reason code (sniff.announce.record_errors),
        # naming the file; the command line cleans and shortens it (a damaged line may
        # quote a huge value).
        raise UsageError(error.in_file(args.file)) from None
    players = [
        PlayerInfo(
            clean_text(player.name)[:NAME_LIMIT],
            player.kind,
            None if player.level is None else clean_text(player.level)[:NAME_LIMIT],
        )
        for player in record.players
    ]
    told = tell_record(
        players,
        record.events,
        rules=record.rules,
        translator=tr,
        verbosity=args.verbosity,
        seed=record.seed,
    )
    lines = (clean_text(line) for line in told)
    ending = None
    if not record.finished:
        last = record.lines[-1] if record.lines else 1
        ending = files.record_unfinished(shown, last).text
    if args.speech == SpeechMode.TEXT or _reader_reads(args.speech):
        # A screen reader that reads the terminal says the printed lines itself.
        for line in lines:
            print(line)
        if ending is not None:
            print(ending, file=sys.stderr)
    elif _speak_replay(lines, ending, args.speech, tr.language, settings, args.audio_out):
        return 0  # stopped by a key: the player chose to stop, nothing is wrong
    return 0 if ending is None else 1


def _reader_reads(mode: str) -> bool:
    """Whether the screen reader setting finds a reader reading this terminal."""
    if mode != SpeechMode.SCREENREADER:
        return False
    from sniff.output.setup import reader_reads_terminal

    return reader_reads_terminal() is not None


def _speak_replay(
    lines: Iterable[str],
    ending: str | None,
    mode: str,
    language: str,
    settings: Settings,
    audio_out: Path | None = None,
) -> bool:
    """Speak the replay through *mode* with the player's voice settings (see
    :func:`speak_lines`); True if a key stopped it."""
    from sniff.announce.notices import NoticeWords
    from sniff.i18n import translator
    from sniff.output.lines import Discard
    from sniff.output.sound import create_player
    from sniff.output.speech import FallbackEvent, create_speech

    notices = NoticeWords(translator(language))
    heard: list[str] = []

    def on_fallback(event: FallbackEvent) -> None:
        heard.append(notices.fallback(event).text)

    sound = create_player(True, audio_out=audio_out)
    speech = create_speech(
        mode,
        language=language,
        rate=settings.voice_rate,
        volume=settings.voice_volume,
        voice=settings.voice_name,
        sound=sound,
        # Each line is printed here already: text lines from the fallback would say it twice.
        text_stream=Discard(),  # type: ignore[arg-type]
        on_fallback=on_fallback,
    )
    try:
        with KeyWatch() as keys:
            return speak_lines(lines, ending, speech, keys, heard)
    finally:
        speech.close()
        sound.close()


def speak_lines(
    lines: Iterable[str],
    ending: str | None,
    speech: Any,
    keys: Any,
    notices: list[str],
    *,
    characters_per_second: float | None = None,
    patience: float = PATIENCE,
) -> bool:
    """Print each line and speak it, one after another, until the end or any key
    (True: a key stopped it). *ending*, if any, goes to stderr and is spoken last;
    *notices* (what the speech chain reported, filled as it goes) go to stderr
    and are spoken before the next line.

    Each line is waited for while the speech says it is busy, but not for
    ever: an output that never says it has finished (Speech Dispatcher with
    no sound device) is given the line's estimated time plus *patience*
    seconds, and from then on paced by the estimate alone. Moving on never
    cuts anything off: the next line is queued behind it. The estimate reads
    *characters_per_second* (default: the router's screen-reader rate).
    """
    from sniff.output.router import CHARACTERS_PER_SECOND

    rate = characters_per_second or CHARACTERS_PER_SECOND
    trust_busy = True
    told = ((line, sys.stdout) for line in lines)
    for line, stream in itertools.chain(told, [(ending, sys.stderr)]):
        if line is None:
            continue
        for notice in notices:
            print(notice, file=sys.stderr, flush=True)
            speech.speak(notice)
        notices.clear()
        print(line, file=stream, flush=True)
        speech.speak(line)
        started = time.monotonic()
        estimate = len(line) / rate
        while True:
            if keys.pressed():
                speech.silence()
                return True
            busy = speech.busy if trust_busy else None
            if busy is False:
                break
            waited = time.monotonic() - started
            if busy is None and waited >= estimate:
                break
            if busy and waited >= estimate + patience:
                trust_busy = False  # it will not say when it is done: pace by the estimate
                break
            time.sleep(0.02)
    return False
