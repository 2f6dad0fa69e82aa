"""``sniff doctor``: which screen readers, voices and sound devices the game finds
here, which one it speaks through, where it keeps its files, and with
``--speak`` a test sentence through each working output. The first thing to
run when nothing is heard."""

from __future__ import annotations

import argparse

from sniff import __version__
from sniff.commands.common import Subparsers, add_language_option, language_of
from sniff.enums import SpeechMode, values
from sniff.i18n import translator
from sniff.storage import load_settings
from sniff.storage.paths import config_dir, data_dir

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "doctor",
        # Translators: `sniff --help`: what the command `sniff doctor` does
        help=subparsers.tr._("what the game finds to speak through here, and what to do"),
    )
    tr = parser.tr
    add_language_option(parser)
    parser.add_argument(
        "--speech",
        choices=values(SpeechMode),
        # Translators: `sniff doctor --help`: the --speech option
        help=tr._("the speech setting to check (default: the settings)"),
    )
    parser.add_argument(
        "--speak",
        action="store_true",
        # Translators: `sniff doctor --help`: the --speak option
        help=tr._("also say a test sentence through each output"),
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    # Imported here: looking at the outputs loads the speech libraries.
    from sniff.announce.doctor import DoctorWords
    from sniff.output.diagnose import diagnose, speak_through_each

    settings = load_settings(keep_aside=False).settings
    language = language_of(args, settings.language)
    words = DoctorWords(translator(language))
    found = diagnose(
        language=language,
        speech_mode=args.speech or settings.speech_mode,
        config_dir=config_dir(),
        data_dir=data_dir(),
    )
    for line in words.report(found, __version__):
        print(line, flush=True)
    if args.speak:
        results = speak_through_each(words.speaking, language=language)
        for result in results:
            name = words.notices.output_name(result.kind, result.label)
            print(words.spoke(name, result.spoke, result.reason), flush=True)
        if any(result.spoke for result in results):
            print(words.heard_nothing(), flush=True)
        else:
            print(words.nothing_to_speak(), flush=True)
    return 0
