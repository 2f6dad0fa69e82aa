"""Every error a player can meet, in the player's language.

The layers below (the engine's :class:`~sniff.engine.RulesError` and
:class:`~sniff.engine.ReplayError`, the bounded reader's
:class:`~sniff.storage.limits.DataError`, an :class:`OSError` from the
system) keep an English message for logs and carry a reason code with the
values concerned (a game record's :class:`~sniff.storage.records.RecordError`
too, said in :mod:`sniff.announce.record_errors`); the command line's own problems are the
:class:`~sniff.enums.CommandProblem` codes of a ``UsageError``. Here each code becomes a
sentence. What no code describes (an error a newer part of the game raises
with an English message only) is said in a translated frame around that
message, never dropped.

>>> from sniff.i18n import Translator
>>> from sniff.engine import preset
>>> words = ErrorWords(Translator.null())
>>> try:
...     preset("nope")
... except ValueError as error:
...     print(words.report(words.explain(error)))  # doctest: +ELLIPSIS
sniff: error: unknown preset 'nope'; choose one of sniff, muggins, domino-play, ...
>>> words.os_reason(FileNotFoundError(2, "No such file or directory"))
'No such file or directory'
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Mapping

from sniff.announce.record_errors import RecordErrorWords
from sniff.announce.rule_words import RuleWords
from sniff.engine import (
    ReplayError,
    RulesError,
    RulesProblem,
)
from sniff.enums import CommandProblem
from sniff.i18n import Translator, UnknownLanguage
from sniff.storage.atomic import NotARegularFile
from sniff.storage.limits import DataError, DataProblem
from sniff.storage.record_types import RecordError

__all__ = ["ErrorWords"]


def _quoted(value: object) -> str:
    """A value as typed, quoted (and with any control character escaped)."""
    return repr(value) if isinstance(value, str) else repr(str(value))


def _listed(values: object) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, tuple | list) else str(values)


class ErrorWords:
    """The error sentences in one language (English: ``Translator.null()``)."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    # -- the frame -----------------------------------------------------------------------

    def report(self, message: str) -> str:
        """The one line a command prints on stderr before it stops with status 2."""
        # Translators: the line a command prints when it cannot go on ("sniff: error: unknown
        # preset 'x'"); keep "sniff: " as it is.
        return self.tr._("sniff: error: {message}").format(message=message)

    def explain(self, error: BaseException) -> str:
        """*error* in words: by its reason code where it has one, else its own
        (English) message in a translated frame."""
        if isinstance(error, RulesError):
            return self.rules(error)
        if isinstance(error, RecordError):
            return RecordErrorWords(self.tr, self).record(error)
        if isinstance(error, ReplayError):
            return RecordErrorWords(self.tr, self).replay(error)
        if isinstance(error, DataError):
            return self.data(error)
        if isinstance(error, UnknownLanguage):
            return self.language(error.value, error.choices)
        if isinstance(error, OSError):
            return self.system(error)
        return str(error)

    def why(self, error: BaseException) -> str:
        """Only why a file could not be used, for a sentence that names the file
        itself ("your statistics in FILE could not be read (permission denied)")."""
        if isinstance(error, DataError) and error.problem is DataProblem.UNREADABLE:
            cause = error.values.get("error")
            if isinstance(cause, OSError):
                return self.os_reason(cause)
        if isinstance(error, OSError):
            return self.os_reason(error)
        return self.explain(error)

    # -- the command line ---------------------------------------------------------------------

    def command(self, problem: CommandProblem, values: Mapping[str, object]) -> str:
        """A problem of the command line (a ``UsageError``'s code and values)."""
        tr, v = self.tr, values
        if problem is CommandProblem.NOT_A_TERMINAL:
            # Translators: sniff play, practice or learn started without a keyboard (in a
            # pipe, a script); keep the commands as they are.
            return tr._(
                "the game is played at a terminal: start it from one "
                "(bot games without a terminal: sniff simulate)"
            )
        if problem is CommandProblem.RULE_SYNTAX:
            # Translators: --rule was given something without "=": {item} is what was typed;
            # keep FIELD=VALUE as the placeholder of --rule says it (FELD=WERT in German).
            return tr._("--rule wants FIELD=VALUE, not {item}").format(item=_quoted(v["item"]))
        if problem is CommandProblem.UNKNOWN_RULE:
            # Translators: --rule names a rule field that does not exist; keep 'sniff rules'.
            return tr._("unknown rule {name}; see 'sniff rules'").format(name=_quoted(v["name"]))
        if problem is CommandProblem.TILE_SET:
            # Translators: --rule tile_set=x with a set that does not exist; {choices} are the
            # names to type.
            return tr._("tile_set must be one of {choices}, not {value}").format(
                choices=_listed(v["choices"]), value=_quoted(v["value"])
            )
        if problem is CommandProblem.RULE_NUMBERS:
            # Translators: --rule hand_sizes=x or targets=x without numbers; {example} shows
            # what to type ("7 or 7,6,5").
            return tr._("{name} wants whole numbers, like {example}, not {value}").format(
                name=v["name"], example=self._example(str(v["name"])), value=_quoted(v["value"])
            )
        if problem is CommandProblem.PACE:
            # Translators: sniff play --pace outside the range the game allows.
            return tr._("--pace must be from {low} to {high} seconds").format(
                low=self._number(v["low"]), high=self._number(v["high"])
            )
        if problem is CommandProblem.JOBS:
            # Translators: sniff simulate --jobs below zero.
            return tr._("--jobs must be 0 (all cores) or more")
        if problem is CommandProblem.GAMES:
            # Translators: sniff simulate --games below one.
            return tr._("--games must be at least 1")
        if problem is CommandProblem.MAX_ROUNDS:
            # Translators: sniff simulate --max-rounds below one.
            return tr._("--max-rounds must be at least 1")
        if problem is CommandProblem.UNKNOWN_BOT:
            # Translators: --bots names a level that does not exist; {choices} are the levels
            # to type.
            return tr._("unknown bot level {value}; choose from {choices}").format(
                value=_quoted(v["value"]), choices=_listed(v["choices"])
            )
        if problem is CommandProblem.BOT_COUNT:
            given, players = int(str(v["given"])), int(str(v["players"]))
            # Translators: sniff simulate --bots lists a level per seat, but not one for each
            # player ("--bots lists 3 levels for 2 players").
            text = tr.ngettext(
                "--bots lists {given} level for {players} players",
                "--bots lists {given} levels for {players} players",
                given,
            )
            return text.format(given=given, players=players)
        if problem is CommandProblem.LESSON_RANGE:
            # Translators: sniff learn --lesson with a number no lesson has.
            return tr._("--lesson must be from 1 to {last}").format(last=v["last"])
        if problem is CommandProblem.LESSONS_MISSING:
            # Translators: sniff learn: the lesson files are missing or damaged; {detail} says
            # which and why (in English).
            text = tr._("the lessons cannot be read (is the game installed whole?): {detail}")
            return text.format(detail=v["detail"])
        if problem is CommandProblem.RECORD_TARGET:
            error = v["error"]
            reason = self.os_reason(error) if isinstance(error, OSError) else str(error)
            # Translators: sniff play --record FILE where FILE cannot be written; {reason}
            # says why ("permission denied").
            return tr._("--record {file}: {reason}").format(file=v["file"], reason=reason)
        if problem is CommandProblem.RECORD_FOLDER:
            # Translators: --record FILE in a folder that does not exist (the game never
            # creates one for a record).
            return tr._("--record {file}: its folder does not exist").format(file=v["file"])
        if problem is CommandProblem.SETTINGS:
            # Translators: the options given do not make settings the game can use; {detail}
            # says why (in English).
            return tr._("these options cannot be used together: {detail}").format(
                detail=v["detail"]
            )
        if problem is CommandProblem.SERVER_ADDRESS:
            # Translators: --server with something that is not a server's address.
            text = tr._("--server {value}: not a server's address (e.g. 192.168.1.20:8765)")
            return text.format(value=_quoted(v["value"]))
        if problem is CommandProblem.PEOPLE:
            # Translators: sniff host --people with more people than the table has seats.
            text = tr._("--people {people}: the table has only {players} seats")
            return text.format(people=v["people"], players=v["players"])
        if problem is CommandProblem.NO_SEAT_KEPT:
            # Translators: sniff join without a code, and no seat to come back to.
            return tr._("no seat to come back to: give the table's code (sniff join CODE)")
        if problem is CommandProblem.LISTEN:
            error = v["error"]
            reason = self.os_reason(error) if isinstance(error, OSError) else str(error)
            # Translators: the server cannot listen at the address; {reason} says why
            # ("address already in use").
            text = tr._("the server cannot listen at {address}: {reason}")
            return text.format(address=v["address"], reason=reason)
        if problem is CommandProblem.NOT_ONLINE:
            # Translators: sniff host --rule NAME=...: an online table does not take that
            # house rule; {choices} lists those it takes.
            text = tr._("--rule {name}: an online table takes these house rules: {choices}")
            return text.format(name=v["name"], choices=v["choices"])
        if problem is CommandProblem.AT_LEAST:
            # Translators: a number of a command's option is too small (sniff serve --grace
            # -1); {option} is the option as typed, {least} the least it takes.
            text = tr._("{option} must be {least} or more")
            return text.format(option=v["option"], least=v["least"])
        if problem is CommandProblem.PORT:
            # Translators: --port with a number that is not a port.
            return tr._("--port must be a number from 0 to 65535, not {value}").format(
                value=v["value"]
            )
        if problem is CommandProblem.AT_MOST:
            # Translators: a number of a command's option is too large (sniff serve
            # --workers 40); {option} is the option as typed, {most} the most it takes.
            text = tr._("{option} must be {most} or less")
            return text.format(option=v["option"], most=v["most"])
        if problem is CommandProblem.WORKER:
            # Translators: sniff serve --worker with something that is not "K/N" (process K
            # of a server of N processes, e.g. 2/4).
            text = tr._("--worker {value}: give the process and the processes as K/N, e.g. 2/4")
            return text.format(value=_quoted(v["value"]))
        if problem is CommandProblem.DATA_IN_USE:
            # Translators: sniff serve, when another server already keeps its tables in the
            # same data folder; {folder} is that folder.
            text = tr._(
                "another sniff serve is using the data folder {folder}: "
                "each server needs a folder of its own (--data)"
            )
            return text.format(folder=v["folder"])
        # CommandProblem.PART_MISSING
        # Translators: a part of the installed game cannot be loaded; {detail} names it.
        return tr._("a part of sniff is missing: {detail}").format(detail=v["detail"])

    def _example(self, name: str) -> str:
        if name == "targets":
            # Translators: an example of --rule targets=...: one target, or one per player count.
            return self.tr._("200 or 250,200,200")
        # Translators: an example of --rule hand_sizes=...: one size, or one per player count.
        return self.tr._("7 or 7,6,5")

    def _number(self, value: object) -> str:
        text = f"{float(str(value)):g}"
        # Translators: the decimal separator in numbers such as 1.5 seconds; German ",".
        return text.replace(".", self.tr.pgettext("decimal separator", "."))

    def language(self, value: str, choices: tuple[str, ...]) -> str:
        """``--lang`` with a language the game does not speak."""
        # Translators: --lang with a language the game does not speak; {choices} are the
        # codes to type ("en, de").
        return self.tr._("unknown language {value}; choose one of {choices}").format(
            value=_quoted(value), choices=", ".join(choices)
        )

    # -- the rules ------------------------------------------------------------------------

    def rules(self, error: RulesError) -> str:
        """A preset, rule value or player count the engine refused."""
        tr, v, problem = self.tr, error.values, error.problem
        if problem is RulesProblem.UNKNOWN_PRESET:
            # Translators: a preset name that does not exist; {choices} are the names to type.
            return tr._("unknown preset {name}; choose one of {choices}").format(
                name=_quoted(v["name"]), choices=_listed(v["choices"])
            )
        if problem is RulesProblem.UNKNOWN_RULE:
            # Translators: a rule field that does not exist; keep 'sniff rules'.
            return tr._("unknown rule {name}; see 'sniff rules'").format(name=_quoted(v["name"]))
        if problem is RulesProblem.UNKNOWN_TILE_SET:
            return tr._("tile_set must be one of {choices}, not {value}").format(
                choices=_listed(v["choices"]), value=_quoted(v["value"])
            )
        if problem is RulesProblem.NOT_A_CHOICE:
            # Translators: a rule value that is not one of the field's choices ("spinner must be
            # one of none, sniff, sniff-exposed, stubby, not 'wheel'"); {name} is the field.
            return tr._("{name} must be one of {choices}, not {value}").format(
                name=v["name"], choices=_listed(v["choices"]), value=_quoted(v["value"])
            )
        if problem is RulesProblem.NOT_NUMBERS:
            # Translators: a rule field that takes numbers was given something else.
            return tr._("{name} must be numbers, not {value}").format(
                name=v["name"], value=_quoted(v["value"])
            )
        if problem is RulesProblem.ONE_OR_THREE:
            # Translators: hand_sizes or targets take one number, or one for each player count.
            return tr._("{name} takes one number or three (for 2, 3 and 4 players)").format(
                name=v["name"]
            )
        if problem is RulesProblem.NOT_ON_OFF:
            # Translators: a rule that is on or off was given something else; keep on and off
            # as they are typed.
            return tr._("{name} must be on or off, not {value}").format(
                name=v["name"], value=_quoted(v["value"])
            )
        if problem is RulesProblem.NOT_WHOLE:
            # Translators: a rule field that takes a whole number was given something else.
            return tr._("{name} must be a whole number, not {value}").format(
                name=v["name"], value=_quoted(v["value"])
            )
        if problem is RulesProblem.DRAW_LIMIT_VALUE:
            # Translators: --rule draw_limit=x; keep "none" as it is typed.
            return tr._(
                "draw_limit must be a whole number, or none for no limit, not {value}"
            ).format(value=_quoted(v["value"]))
        if problem is RulesProblem.HAND_SIZES:
            # Translators: --rule hand_sizes with a size below one.
            return tr._("hand sizes must be three positive numbers")
        if problem is RulesProblem.TARGETS:
            # Translators: --target or --rule targets with a target below one.
            return tr._("targets must be three positive numbers")
        if problem is RulesProblem.POINTS_UNIT:
            # Translators: --rule points_unit below one.
            return tr._("the points unit must be at least 1")
        if problem is RulesProblem.DRAW_LIMIT:
            # Translators: --rule draw_limit below one.
            return tr._("the draw limit must be at least 1")
        if problem is RulesProblem.PLAYERS:
            players = int(str(v["players"]))
            # Translators: too few or too many players for the tile set ("a double six set is
            # played by 2 to 4 players, not 5"); {tile_set} is the set's name ("double six").
            text = tr.ngettext(
                "a {tile_set} set is played by 2 to {most} players, not {players}",
                "a {tile_set} set is played by 2 to {most} players, not {players}",
                players,
            )
            tile_set = RuleWords(tr).value("tile_set", v["tile_set"])
            return text.format(tile_set=tile_set, most=v["most"], players=players)
        # RulesProblem.TOO_FEW_TILES
        # Translators: the hands the rules deal need more tiles than the set holds ("4 hands
        # of 9 need more tiles").
        return tr._("{players} hands of {hand_size} need more tiles").format(
            players=v["players"], hand_size=v["hand_size"]
        )

    # -- files ------------------------------------------------------------------------------

    def data(self, error: DataError) -> str:
        """What is wrong with a file the game read (or a line of it)."""
        tr, v, problem = self.tr, error.values, error.problem
        if problem is DataProblem.FOLDER:
            # Translators: a file the game reads is a folder.
            return tr._("it is a folder, not a file")
        if problem is DataProblem.NOT_REGULAR:
            # Translators: a file the game reads is a device or a named pipe.
            return tr._("it is a device or a pipe, not a file")
        if problem is DataProblem.UNREADABLE:
            cause = v.get("error")
            reason = self.os_reason(cause) if isinstance(cause, OSError) else str(error)
            # Translators: a file the system does not let the game read; {reason} says why
            # ("permission denied").
            return tr._("it cannot be read: {reason}").format(reason=reason)
        if problem is DataProblem.TOO_LARGE:
            # Translators: a file larger than the game reads.
            return tr._("it holds {size} bytes, more than the {limit} allowed").format(
                size=v["size"], limit=v["limit"]
            )
        if problem is DataProblem.GREW:
            # Translators: a file that grew past the size the game reads while it was read.
            return tr._("it grew beyond the {limit} bytes allowed while it was read").format(
                limit=v["limit"]
            )
        if problem is DataProblem.NOT_UTF8:
            # Translators: a file that is not UTF-8 text; {byte} is where the first bad byte is.
            return tr._("it is not UTF-8 text (byte {byte})").format(byte=v["byte"])
        if problem is DataProblem.NOT_JSON:
            # Translators: a file that is not JSON; {detail} is the JSON reader's own words.
            return tr._("it is not JSON (line {line}: {detail})").format(
                line=v["line"], detail=self.json_detail(str(v["detail"]))
            )
        if problem is DataProblem.NOT_TOML:
            # Translators: a settings file that is not TOML; {detail} says where (in English).
            return tr._("it is not TOML ({detail})").format(detail=v["detail"])
        if problem is DataProblem.TOO_DEEP:
            # Translators: a file whose data nests deeper than the game reads.
            return tr._("it nests deeper than {depth} levels").format(depth=v["depth"])
        if problem is DataProblem.NUMBER_TOO_LONG:
            # Translators: a file holding a number longer than the game reads.
            return tr._("it holds a number of more than {digits} digits").format(digits=v["digits"])
        if problem is DataProblem.NOT_A_NUMBER:
            # Translators: a file holding a number the game cannot use (infinite, say);
            # {detail} names it.
            return tr._("it holds a number that cannot be used: {detail}").format(
                detail=v["detail"]
            )
        return str(v.get("detail", error))

    def json_detail(self, detail: str) -> str:
        """The JSON reader's words for what it found, in the player's language."""
        tr = self.tr
        known = {
            # Translators: what the JSON reader found: a value was missing.
            "Expecting value": tr._("a value was expected"),
            # Translators: what the JSON reader found: more after the end of the data.
            "Extra data": tr._("there is more after the end"),
            # Translators: what the JSON reader found: a key without double quotes.
            "Expecting property name enclosed in double quotes": tr._(
                "a key in double quotes was expected"
            ),
            # Translators: what the JSON reader found: a comma was missing.
            "Expecting ',' delimiter": tr._("a comma was expected"),
            # Translators: what the JSON reader found: a colon was missing.
            "Expecting ':' delimiter": tr._("a colon was expected"),
            # Translators: what the JSON reader found: a text that does not end.
            "Unterminated string starting at": tr._("a text in quotes does not end"),
            # Translators: what the JSON reader found: a control character inside a text.
            "Invalid control character at": tr._("a control character is inside a text"),
        }
        return known.get(detail, detail)

    # -- the system ---------------------------------------------------------------------------

    def system(self, error: OSError) -> str:
        """An error the system gave about a file: ``FILE: the reason``."""
        reason = self.os_reason(error)
        if error.filename is None:
            return reason
        where = str(error.filename)
        if error.filename2 is not None:
            where = f"{where} -> {error.filename2}"
        # Translators: a problem the system gave about a file, after the file's name
        # ("game.jsonl: no such file or directory").
        return self.tr._("{file}: {problem}").format(file=where, problem=reason)

    def system_text(self, text: str) -> str:
        """A reason the system gave as text only (``strerror``), in words where it is
        one the game translates; any other as it is."""
        for code in self._known_codes():
            if text == os.strerror(code):
                return self.os_reason(OSError(code, text))
        return text

    @staticmethod
    def _known_codes() -> tuple[int, ...]:
        codes = (
            errno.ENOENT, errno.EACCES, errno.EPERM, errno.EISDIR, errno.ENOTDIR,
            errno.ENOSPC, errno.EROFS, errno.ENAMETOOLONG, errno.EIO, errno.EBUSY,
            errno.EEXIST, errno.EMFILE, errno.ELOOP, errno.ENXIO,
        )  # fmt: skip
        quota = getattr(errno, "EDQUOT", None)
        return codes if quota is None else (*codes, quota)

    def os_reason(self, error: OSError) -> str:
        """Why the system refused, in words: the common cases translated, any other
        in the system's own words within a translated frame."""
        tr = self.tr
        if isinstance(error, NotARegularFile):
            # Translators: the game would write over a device, a pipe or a folder, and does not.
            return tr._("not a regular file (a device, a pipe or a folder)")
        code = error.errno
        known: dict[int, Callable[[], str]] = {
            # Translators: the system's reason: the file or folder does not exist.
            errno.ENOENT: lambda: tr._("No such file or directory"),
            # Translators: the system's reason: not allowed to read or write it.
            errno.EACCES: lambda: tr._("Permission denied"),
            # Translators: the system's reason: not allowed (an operation, not only access).
            errno.EPERM: lambda: tr._("Operation not permitted"),
            # Translators: the system's reason: a folder where a file should be.
            errno.EISDIR: lambda: tr._("Is a directory"),
            # Translators: the system's reason: a part of the path is a file, not a folder.
            errno.ENOTDIR: lambda: tr._("Not a directory"),
            # Translators: the system's reason: the disk is full.
            errno.ENOSPC: lambda: tr._("No space left on device"),
            # Translators: the system's reason: the file system can only be read.
            errno.EROFS: lambda: tr._("Read-only file system"),
            # Translators: the system's reason: a file or folder name is too long.
            errno.ENAMETOOLONG: lambda: tr._("File name too long"),
            # Translators: the system's reason: the disk or device failed to read or write.
            errno.EIO: lambda: tr._("Input/output error"),
            # Translators: the system's reason: the file is in use.
            errno.EBUSY: lambda: tr._("Device or resource busy"),
            # Translators: the system's reason: the file already exists.
            errno.EEXIST: lambda: tr._("File exists"),
            # Translators: the system's reason: too many files open at once.
            errno.EMFILE: lambda: tr._("Too many open files"),
            # Translators: the system's reason: symbolic links go round in a circle.
            errno.ELOOP: lambda: tr._("Too many levels of symbolic links"),
            # Translators: the system's reason: no device answers (a pipe with no reader).
            errno.ENXIO: lambda: tr._("No such device or address"),
        }
        quota = getattr(errno, "EDQUOT", None)
        if quota is not None:
            # Translators: the system's reason: the user's share of the disk is used up.
            known[quota] = lambda: tr._("Disk quota exceeded")
        if code in known:
            return known[code]()
        own = error.strerror or str(error)
        # Translators: a reason the system gave that the game has no words of its own for;
        # {reason} is the system's text, {code} its error number.
        return tr._("system error {code}: {reason}").format(code=code or "?", reason=own)

    # -- argparse's own messages ----------------------------------------------------------

    def argparse_messages(self) -> dict[str, str]:
        """argparse's messages about a command line, by their English text (argparse's
        own gettext message ids), in this language; keep every %-placeholder."""
        tr = self.tr
        return {
            # Translators: a command-line error: an option and what is wrong with it
            # ("argument --players: 'x' is not a whole number"); keep both %(...)s as they are.
            "argument %(argument_name)s: %(message)s": tr._(
                "argument %(argument_name)s: %(message)s"
            ),
            # Translators: a command-line error: words on the line no option takes; keep %s.
            "unrecognized arguments: %s": tr._("unrecognized arguments: %s"),
            # Translators: a command-line error: a value the command needs is missing
            # ("the following arguments are required: FILE"); keep %s.
            "the following arguments are required: %s": tr._(
                "the following arguments are required: %s"
            ),
            # Translators: a command-line error: an option given without its value.
            "expected one argument": tr._("expected one argument"),
            # Translators: a command-line error: an option given more values than it takes.
            "expected at most one argument": tr._("expected at most one argument"),
            # Translators: a command-line error: an option given no value.
            "expected at least one argument": tr._("expected at least one argument"),
            # Translators: a command-line error: an option that takes no value got one
            # ("--json=yes"); keep %r.
            "ignored explicit argument %r": tr._("ignored explicit argument %r"),
            # Translators: a command-line error: a shortened option that could be several
            # ("--s could match --speech, --seed"); keep both %(...)s as they are.
            "ambiguous option: %(option)s could match %(matches)s": tr._(
                "ambiguous option: %(option)s could match %(matches)s"
            ),
            # Translators: a command-line error: a value that is not one of the choices
            # ("invalid choice: 'dance' (choose from 'play', 'learn')"); keep both %(...)r/s.
            "invalid choice: %(value)r (choose from %(choices)s)": tr._(
                "invalid choice: %(value)r (choose from %(choices)s)"
            ),
            # Translators: a command-line error: a value of the wrong kind; keep both %(...).
            "invalid %(type)s value: %(value)r": tr._("invalid %(type)s value: %(value)r"),
            # Translators: a command-line error: two options that exclude each other; keep %s.
            "not allowed with argument %s": tr._("not allowed with argument %s"),
            # Translators: a command-line error: an option where none may come; keep %s.
            "unexpected option string: %s": tr._("unexpected option string: %s"),
        }

    def argparse_plural(self, singular: str, plural: str, n: int) -> str:
        """argparse's one message with a number ("expected 2 arguments")."""
        if singular == "expected %s argument":
            # Translators: a command-line error: an option given the wrong number of values;
            # keep %s.
            return self.tr.ngettext("expected %s argument", "expected %s arguments", n)
        return singular if n == 1 else plural

    def not_a_number(self, value: str, *, whole: bool) -> str:
        """A command-line value that should be a number ("--players x")."""
        if whole:
            # Translators: a command-line error: an option that takes a whole number got
            # something else ("argument --players: 'x' is not a whole number").
            return self.tr._("{value} is not a whole number").format(value=_quoted(value))
        # Translators: a command-line error: an option that takes a number got something else
        # ("argument --pace: 'x' is not a number").
        return self.tr._("{value} is not a number").format(value=_quoted(value))
