"""What every command shares: the parser class, usage errors, and the
house-rule options that build a :class:`~sniff.engine.RuleSet`.

Bad input ends in one ``sniff: error: ...`` line on stderr and exit status
2, never a traceback: a command raises :class:`UsageError` and
:func:`sniff.cli.main` reports it.

Help is in the player's language: each parser carries a
:class:`~sniff.i18n.Translator` (``parser.tr``, and ``subparsers.tr`` for a
command's ``add_parser``), and every help text goes through it.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias

from sniff.engine import SET_SIZES, Combination, RulesError, RuleSet, preset
from sniff.enums import CommandProblem, ScreenMode, SpeechMode, values
from sniff.i18n import Translator, UnknownLanguage, choose_language

__all__ = [
    "SniffParser",
    "SniffSubparsers",
    "Subparsers",
    "UsageError",
    "add_audio_out_option",
    "add_language_option",
    "add_output_options",
    "add_rule_options",
    "argparse_speaks",
    "dumb_terminal",
    "placeholder",
    "require_terminal",
    "rules_from_args",
]


class UsageError(Exception):
    """Bad input from the command line: reported in one line, exit status 2.

    What is wrong is a :class:`~sniff.enums.CommandProblem` with the values it
    names, or the error it stands for (a ``RulesError``, an ``OSError``...):
    :func:`sniff.cli.main` has either said in the player's language
    (:meth:`words`). ``str()`` is the English, for logs and tests. A plain
    message (from code that gives no code) is said as it is.
    """

    def __init__(self, what: CommandProblem | BaseException | str, /, **values: object) -> None:
        super().__init__(what)
        self.problem = what if isinstance(what, CommandProblem) else None
        self.cause = what if isinstance(what, BaseException) else None
        self.values = values

    def words(self, tr: Translator) -> str:
        """What is wrong, in *tr*'s language."""
        from sniff.announce.errors import ErrorWords

        words = ErrorWords(tr)
        if self.problem is not None:
            return words.command(self.problem, self.values)
        if self.cause is not None:
            return words.explain(self.cause)
        message = str(self.args[0])
        # A plain message made from a lower error ("FILE: " and that error's English):
        # the lower error carries the reason code, so it is said in words, after what
        # the command put before it.
        lower = self.__cause__ or self.__context__
        if lower is not None and str(lower) and message.endswith(str(lower)):
            return message[: len(message) - len(str(lower))] + words.explain(lower)
        return message

    def __str__(self) -> str:
        return self.words(Translator.null())


def _formatter_class(tr: Translator) -> type[argparse.HelpFormatter]:
    """argparse's formatter with the word before the usage line in *tr*'s language."""
    # Translators: starts the first line of every command's --help, before the command line
    # itself ("usage: sniff play [--players PLAYERS] ..."); keep the colon and the space.
    prefix = tr._("usage: ")

    class Formatter(argparse.HelpFormatter):
        def add_usage(
            self,
            usage: str | None,
            actions: Iterable[argparse.Action],
            groups: Iterable[argparse._MutuallyExclusiveGroup],
            prefix: str | None = prefix,
        ) -> None:
            super().add_usage(usage, actions, groups, prefix)

    return Formatter


class SniffParser(argparse.ArgumentParser):
    """An ArgumentParser whose help speaks *translator*'s language and which raises
    :class:`UsageError` instead of printing usage and exiting."""

    def __init__(self, *args: Any, translator: Translator | None = None, **kwargs: Any) -> None:
        tr = translator or Translator.null()
        kwargs["add_help"] = False  # our own -h, with its help translated
        kwargs.setdefault("formatter_class", _formatter_class(tr))
        super().__init__(*args, **kwargs)
        self.tr = tr
        # argparse names its two sections itself, in English; these are the same two.
        # Translators: heading in --help above the values a command takes without a
        # dash (a record file, a preset name)
        self._positionals.title = tr._("arguments")
        # Translators: heading in --help above the options (--players, --lang...)
        self._optionals.title = tr._("options")
        self.add_argument(
            "-h",
            "--help",
            action="help",
            default=argparse.SUPPRESS,
            # Translators: --help of every command: what -h and --help do
            help=tr._("show this help and stop"),
        )

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As argparse's, with the value's placeholder (``FILE``, ``SECONDS``) in this
        parser's language, and numbers that are refused in it too."""
        if kwargs.get("type") is int:
            kwargs["type"] = _NumberType(self.tr, whole=True)
        elif kwargs.get("type") is float:
            kwargs["type"] = _NumberType(self.tr, whole=False)
        action = super().add_argument(*args, **kwargs)
        if action.nargs != 0 and action.choices is None:
            shown = action.metavar or action.dest.upper()
            if isinstance(shown, str):
                action.metavar = placeholder(self.tr, shown)
        return action

    def add_subparsers(self, **kwargs: Any) -> SniffSubparsers:  # type: ignore[override]
        """As argparse's, with :class:`SniffSubparsers` handing on this parser's language."""
        kwargs.setdefault("parser_class", SniffParser)
        kwargs.setdefault("action", SniffSubparsers)
        action = super().add_subparsers(**kwargs)
        assert isinstance(action, SniffSubparsers)
        action.tr = self.tr
        return action

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


class _NumberType:
    """``type=int`` or ``type=float`` whose refusal ("'x' is not a whole number") is
    in the parser's language; argparse reports it after the option's name."""

    def __init__(self, tr: Translator, *, whole: bool) -> None:
        self.tr = tr
        self.whole = whole
        self.__name__ = "int" if whole else "float"

    def __call__(self, text: str) -> int | float:
        try:
            return int(text) if self.whole else float(text)
        except ValueError:
            from sniff.announce.errors import ErrorWords

            words = ErrorWords(self.tr)
            raise argparse.ArgumentTypeError(words.not_a_number(text, whole=self.whole)) from None


def placeholder(tr: Translator, english: str) -> str:
    """The word ``--help`` shows for an option's value ("--pace SECONDS"), in *tr*'s
    language; one it has no word for stays as it is."""
    words = {
        # Translators: in --help, the placeholder for a command's name (sniff COMMAND ...);
        # capitals, one word.
        "COMMAND": tr.pgettext("placeholder", "COMMAND"),
        # Translators: in --help, the placeholder for a file name (--record FILE); capitals.
        "FILE": tr.pgettext("placeholder", "FILE"),
        # Translators: in --help, the placeholder for a sound file's name; keep ".wav".
        "FILE.wav": tr.pgettext("placeholder", "FILE.wav"),
        # Translators: in --help, the placeholder for a number (--jobs N); capitals.
        "N": tr.pgettext("placeholder", "N"),
        # Translators: in --help, the placeholder for a time in seconds (--pace SECONDS).
        "SECONDS": tr.pgettext("placeholder", "SECONDS"),
        # Translators: in --help, the placeholder for a language code (--lang LANG).
        "LANG": tr.pgettext("placeholder", "LANG"),
        # Translators: in --help, the placeholder for a rule preset's name (--preset PRESET).
        "PRESET": tr.pgettext("placeholder", "PRESET"),
        # Translators: in --help, the placeholder of --rule: a rule's name, "=", its value.
        "FIELD=VALUE": tr.pgettext("placeholder", "FIELD=VALUE"),
        # Translators: in --help, the placeholder for a number of players (--players PLAYERS).
        "PLAYERS": tr.pgettext("placeholder", "PLAYERS"),
        # Translators: in --help, the placeholder for bot levels (--bots BOTS).
        "BOTS": tr.pgettext("placeholder", "BOTS"),
        # Translators: in --help, the placeholder for a seed number (--seed SEED).
        "SEED": tr.pgettext("placeholder", "SEED"),
        # Translators: in --help, the placeholder for points to win (--target TARGET).
        "TARGET": tr.pgettext("placeholder", "TARGET"),
        # Translators: in --help, the placeholder for a scoring name (--scoring SCORING).
        "SCORING": tr.pgettext("placeholder", "SCORING"),
        # Translators: in --help, the placeholder for a number of games (--games GAMES).
        "GAMES": tr.pgettext("placeholder", "GAMES"),
        # Translators: in --help, the placeholder for a number of rounds (--max-rounds ROUNDS).
        "MAX_ROUNDS": tr.pgettext("placeholder", "ROUNDS"),
        # Translators: in --help, the placeholder for a network address (--server ADDRESS).
        "ADDRESS": tr.pgettext("placeholder", "ADDRESS"),
        # Translators: in --help, the placeholder for a folder (--data FOLDER).
        "FOLDER": tr.pgettext("placeholder", "FOLDER"),
        # Translators: in --help, the placeholder for a web address (--origin URL).
        "URL": tr.pgettext("placeholder", "URL"),
        # Translators: in --help, the placeholder for a table's code (sniff join CODE).
        "CODE": tr.pgettext("placeholder", "CODE"),
        # Translators: in --help, the placeholder for a name (--name NAME).
        "NAME": tr.pgettext("placeholder", "NAME"),
        # Translators: in --help, the placeholder for a port number (--port PORT).
        "PORT": tr.pgettext("placeholder", "PORT"),
        # Translators: in --help, the placeholder for a number of seconds (--timer TIMER).
        "TIMER": tr.pgettext("placeholder", "TIMER"),
    }
    return words.get(english, english)


@contextlib.contextmanager
def argparse_speaks(tr: Translator) -> Iterator[None]:
    """While parsing: argparse's own messages ("unrecognized arguments: ...") in *tr*'s
    language. argparse asks gettext through its module's ``_`` and ``ngettext`` at the
    moment it words a message, so those two are lent for the parse and given back."""
    from sniff.announce.errors import ErrorWords

    words = ErrorWords(tr)
    messages = words.argparse_messages()
    lent = {
        "_": lambda message: messages.get(message, message),
        "ngettext": words.argparse_plural,
    }
    kept = {name: getattr(argparse, name) for name in lent if hasattr(argparse, name)}
    for name in kept:
        setattr(argparse, name, lent[name])
    try:
        yield
    finally:
        for name, value in kept.items():
            setattr(argparse, name, value)


if TYPE_CHECKING:
    from collections.abc import Callable

    from sniff.storage.settings import Settings
    from sniff.ui.app import SniffApp
    from sniff.ui.base import Host, Openers, Screen

    _SubparsersBase: TypeAlias = argparse._SubParsersAction[SniffParser]
else:
    _SubparsersBase = argparse._SubParsersAction


class SniffSubparsers(_SubparsersBase):
    """The commands of ``sniff``; each command's parser gets the same language
    (:attr:`tr`), and its one-line help doubles as the top of its own ``--help``."""

    tr: Translator = Translator.null()

    def add_parser(self, name: str, **kwargs: Any) -> SniffParser:
        if kwargs.get("help") is not None:
            kwargs.setdefault("description", kwargs["help"])
        if isinstance(self._parser_class, type) and issubclass(self._parser_class, SniffParser):
            kwargs.setdefault("translator", self.tr)
        return super().add_parser(name, **kwargs)


#: What a command's ``add_parser`` function receives.
Subparsers: TypeAlias = SniffSubparsers


def add_language_option(parser: SniffParser, choices: Sequence[str] | None = None) -> None:
    """``--lang``: the language of what the command says."""
    parser.add_argument(
        "--lang",
        choices=choices,
        # Translators: --help of the commands that speak: the --lang option
        help=parser.tr._("language: en or de (default: the settings, else the system's)"),
    )


def language_of(args: argparse.Namespace, settings_language: str | None) -> str:
    """The language a command speaks: ``--lang``, else the settings' (*settings_language*),
    else the system's; an unknown ``--lang`` is a :class:`UsageError`."""
    try:
        return choose_language(getattr(args, "lang", None), settings_language)
    except UnknownLanguage as error:
        raise UsageError(error) from None


def add_rule_options(parser: SniffParser, *, default_preset: str | None) -> None:
    """``--preset`` and the house-rule options (``--scoring``, ``--target``...)."""
    tr = parser.tr
    if default_preset is None:
        # Translators: --help of sniff play: the --preset option when no preset is given
        preset_help = tr._("rule preset (default: the settings, else sniff)")
    else:
        # Translators: --help of sniff simulate: the --preset option; {preset} is its default
        preset_help = tr._("rule preset (default: {preset})").format(preset=default_preset)
    parser.add_argument("--preset", default=default_preset, help=preset_help)
    parser.add_argument(
        "--scoring",
        # Translators: --help: the --scoring option; {choices} lists the names to type
        help=tr._("counts that score: {choices}").format(
            choices=", ".join(c.value for c in Combination)
        ),
    )
    parser.add_argument(
        "--target",
        type=int,
        # Translators: --help: the --target option
        help=tr._("points needed to win the game"),
    )
    parser.add_argument(
        "--set",
        dest="tile_set",
        choices=list(SET_SIZES),
        # Translators: --help: the --set option (double-six, double-nine...)
        help=tr._("tile set"),
    )
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        # Translators: --help: the --rule option; keep "--rule muggins=on" as it is
        help=tr._("change any rule field, e.g. --rule muggins=on (repeatable)"),
    )


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    """The preset named by ``--preset`` with the house rules applied."""
    try:
        rules = preset(args.preset)
    except RulesError as error:
        raise UsageError(error) from None
    changes: dict[str, object] = {}
    if args.scoring is not None:
        changes["scoring"] = args.scoring
    if args.target is not None:
        changes["targets"] = args.target
    if args.tile_set is not None:
        changes["tile_set"] = args.tile_set
    fields = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    for item in args.rule:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or not name:
            raise UsageError(CommandProblem.RULE_SYNTAX, item=item)
        if name not in fields:
            raise UsageError(CommandProblem.UNKNOWN_RULE, name=name)
        changes[name] = _rule_value(name, value.strip(), fields[name])
    try:
        return rules.with_changes(**changes)
    except (RulesError, TypeError, ValueError) as error:
        raise UsageError(error) from None


def _rule_value(name: str, value: str, current: object) -> object:
    """The value of ``--rule name=value`` for RuleSet; a clear refusal where
    RuleSet's own would not name the choices."""
    if name == "tile_set" and value not in SET_SIZES:
        raise UsageError(CommandProblem.TILE_SET, value=value, choices=tuple(SET_SIZES))
    # Tuple fields (hand sizes, targets) take "7" or "7,6,5"; RuleSet would
    # otherwise read a string digit by digit. Only ASCII digits: int() would
    # also take "1_0" and digits of other scripts.
    if isinstance(current, tuple):
        parts = value.split(",")
        if not all(part.strip().isascii() and part.strip().isdigit() for part in parts):
            raise UsageError(CommandProblem.RULE_NUMBERS, name=name, value=value)
        numbers = [int(part) for part in parts]
        if len(numbers) == 1:
            return numbers[0]
        return numbers
    return value


def check_record_target(path: Path | None) -> None:
    """``--record FILE``: refused at once (with the reason in the player's language)
    unless FILE can be a record: a regular file, or a new one in a folder that exists."""
    if path is None:
        return
    from sniff.storage.records import record_target

    try:
        record_target(path)
    except FileNotFoundError:
        raise UsageError(CommandProblem.RECORD_FOLDER, file=path) from None
    except OSError as error:
        # Only a regular file is written: never a device such as /dev/full.
        raise UsageError(CommandProblem.RECORD_TARGET, file=path, error=error) from None


def add_audio_out_option(parser: SniffParser) -> None:
    """``--audio-out FILE.wav``: everything the game plays, also into a sound file."""
    parser.add_argument(
        "--audio-out",
        type=Path,
        metavar="FILE.wav",
        # Translators: --help: the --audio-out option
        help=parser.tr._("also write all the game plays (voice and sounds) to this WAV file"),
    )


def add_output_options(parser: SniffParser) -> None:
    """How a game or a drill is heard and shown: ``--speech``, ``--transcript``,
    ``--no-sound``, ``--audio-out`` and ``--screen``."""
    tr = parser.tr
    parser.add_argument(
        "--speech",
        choices=values(SpeechMode),
        # Translators: --help of sniff play and sniff practice: the --speech option
        help=tr._("speech output (default: the settings, else auto)"),
    )
    parser.add_argument(
        "--transcript",
        type=Path,
        metavar="FILE",
        # Translators: --help of sniff play and sniff practice: the --transcript option
        help=tr._("also write everything said to FILE"),
    )
    # Translators: --help of sniff play and sniff practice: the --no-sound option
    parser.add_argument("--no-sound", action="store_true", help=tr._("no earcons"))
    add_audio_out_option(parser)
    parser.add_argument(
        "--screen",
        choices=values(ScreenMode),
        # Translators: --help of sniff play and sniff practice: the --screen option
        help=tr._("full screen, or one line per announcement (for braille and terminal readers)"),
    )


def screen_openers(*, hint_playouts: int | None = None) -> Openers:
    """The screens a game opens over itself (the setup menu, and from it the
    lessons), made and imported only when the player first asks for them: the
    first spoken prompt comes sooner (``docs/performance.md``, cold start)."""
    from sniff.ui.base import Openers

    def menu(host: Host, on_done: Callable[[Settings, str], None]) -> Screen:
        from sniff.ui.menu import SetupMenuScreen

        return SetupMenuScreen(host, on_done=on_done)

    def lessons(host: SniffApp) -> Screen:
        from sniff.ui.learn_screen import LessonListScreen

        return LessonListScreen(host, hint_playouts=hint_playouts)

    return Openers(menu=menu, lessons=lessons)


def dumb_terminal() -> bool:
    """Whether the terminal cannot draw a screen (``TERM=dumb``, Emacs shells, some
    braille and speech terminals): then the game writes plain lines only."""
    return os.environ.get("TERM", "").strip().lower() in ("dumb", "unknown")


def require_terminal(has_input: bool) -> None:
    """Refuse to start the keyboard interface without a keyboard (stdin not a
    terminal), with one clear line instead of prompt_toolkit's traceback."""
    if not has_input and not sys.stdin.isatty():
        raise UsageError(CommandProblem.NOT_A_TERMINAL)
