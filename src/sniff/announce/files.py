"""What the game says about its files: a damaged one set aside, a record that
could not be continued, a data folder in use by another window or not writable.

Each sentence says what happened, what was kept and where, and what the game
does now; the game always goes on.

>>> from sniff.i18n import Translator
>>> FileWords(Translator.null()).bad_save("/tmp/x.bad").text
'Your saved game could not be read; it was kept as /tmp/x.bad. A new game starts.'
"""

from __future__ import annotations

import math

from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.enums import Cue
from sniff.i18n import Translator

__all__ = ["FileWords"]


def _say(text: str, kind: UtteranceKind, *, cue: Cue | None = Cue.INVALID) -> Utterance:
    return Utterance(sentences(text), cue=cue, kind=kind)


class FileWords:
    """The sentences about the game's files, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    # -- a file set aside -----------------------------------------------------------

    def bad_save(self, where: str | None) -> Utterance:
        """The saved game could not be read: a new game starts."""
        if where:
            # Translators: the saved game was damaged; {file} is where it was put aside.
            text = self.tr._(
                "your saved game could not be read; it was kept as {file}. A new game starts"
            ).format(file=where)
        else:
            # Translators: the saved game could not be read at all.
            text = self.tr._("your saved game could not be read. A new game starts")
        return _say(text, UtteranceKind.BAD_SAVE)

    def bad_settings(self, where: str | None, keys: str) -> Utterance:
        """The settings file had problems: defaults are used (for some or all)."""
        tr = self.tr
        if keys and where:
            # Translators: some settings were not understood; {keys} names them, {file} is
            # where the player's own file was kept (the game wrote the rest back).
            text = tr._(
                "some settings were not understood and use their defaults: {keys}. "
                "Your file was kept as {file}"
            ).format(keys=keys, file=where)
        elif keys:
            # Translators: some settings were not understood; {keys} names them.
            text = tr._("some settings were not understood and use their defaults: {keys}")
            text = text.format(keys=keys)
        elif where:
            # Translators: the settings file was damaged; {file} is where it was kept.
            text = tr._(
                "your settings could not be read; the file was kept as {file}. "
                "The default settings are used"
            ).format(file=where)
        else:
            # Translators: the settings file could not be read.
            text = tr._("your settings could not be read. The default settings are used")
        return _say(text, UtteranceKind.BAD_SETTINGS)

    def stats_kept(self, where: str) -> Utterance:
        """The statistics file was damaged: set aside, the statistics start again."""
        # Translators: the statistics file was damaged; {file} is where it was kept.
        text = self.tr._(
            "your statistics could not be read; the file was kept as {file}, "
            "and they start again from nothing"
        ).format(file=where)
        return _say(text, UtteranceKind.STATS_KEPT)

    def stats_unreadable(self, where: str, detail: str) -> Utterance:
        """The system would not let the game read the statistics: they stay as they are."""
        # Translators: the statistics file could not be read (no permission, say); {detail}
        # says why (the system's reason, in words). Nothing is changed or added.
        text = self.tr._(
            "your statistics in {file} could not be read ({detail}); the file is left as it is"
        ).format(file=where, detail=detail)
        return _say(text, UtteranceKind.STATS_UNREADABLE)

    # -- the game record ------------------------------------------------------------

    def record_kept(
        self, record: str, where: str, *, reason: str = "corrupt", plays: int = 0
    ) -> Utterance:
        """A record that could not be continued was kept aside whole (at *where*) and
        the game is written to *record* anew. *reason* and *plays* are those of
        :class:`~sniff.session.keeping.RecordKept`: ``ahead`` (it went further than
        the saved game, by *plays* plays), ``other-game``, or ``corrupt``."""
        tr = self.tr
        if reason == "ahead" and plays > 0:
            # Translators: a resumed game's record went further than its save (the save
            # had failed, on a full disk, say). {file} is the record, {old} where it was
            # kept whole, {plays} how many plays it holds that the saved game lacks.
            text = tr.ngettext(
                "the game record {file} holds {plays} play more than the saved game. It was "
                "kept whole as {old}, and {file} records the game again from where it was saved",
                "the game record {file} holds {plays} plays more than the saved game. It was "
                "kept whole as {old}, and {file} records the game again from where it was saved",
                plays,
            )
        elif reason == "ahead":
            # Translators: as "the game record {file} holds {plays} plays more...", where
            # what the record holds beyond the save is draws or passes, no play.
            text = tr._(
                "the game record {file} goes further than the saved game. It was kept whole "
                "as {old}, and {file} records the game again from where it was saved"
            )
        elif reason == "other-game":
            # Translators: the file named with --record held another game's record. {file}
            # is it, {old} where the old record was kept; this game is written to {file}.
            text = tr._(
                "the file {file} held the record of another game. It was kept as {old}, "
                "and this game is recorded in {file}"
            )
        else:
            # Translators: a resumed game's record file was damaged. {old} is where the old
            # file was kept, {file} the record, which now holds the whole game again.
            text = tr._(
                "the game record could not be continued; the old file was kept as {old}, "
                "and the whole game is written to {file} again"
            )
        return _say(text.format(old=where, file=record, plays=plays), UtteranceKind.RECORD_KEPT)

    def record_foreign(self, record: str) -> Utterance:
        """The file where the saved game's record should be is something else."""
        # Translators: the resumed game's record file holds something else; {file} is it.
        text = self.tr._(
            "the file {file} is not the record of this game, so it was left as it was; "
            "this game is not recorded"
        ).format(file=record)
        return _say(text, UtteranceKind.RECORD_FOREIGN)

    def record_failed(self, record: str, detail: str) -> Utterance:
        """The record cannot be written (a full disk, a folder gone)."""
        # Translators: the game record file could not be written; {file} is the file,
        # {detail} says why (the system's reason, in words: "no space left on device").
        text = self.tr._("the game record {file} could not be written: {detail}").format(
            file=record, detail=detail
        )
        return _say(text, UtteranceKind.RECORD_FAILED)

    def record_unfinished(self, record: str, line: int) -> Utterance:
        """``sniff replay``: the record stops before the game is over."""
        # Translators: sniff replay, after telling a record that has no game end; {file}
        # is the record, {line} the number of its last line.
        text = self.tr._(
            "the record {file} stops at line {line}, before the game is over: the game was "
            "stopped early, or the file was cut short"
        ).format(file=record, line=line)
        return _say(text, UtteranceKind.RECORD_UNFINISHED)

    def pipe_silent(self, pipe: str, seconds: float) -> Utterance:
        """``sniff replay`` of a pipe nothing came from: no program writes to it."""
        wait = max(1, math.ceil(seconds))
        # Translators: sniff replay FILE, where FILE is a named pipe that no program wrote
        # anything to; {file} is the pipe, {seconds} how long the game waited.
        text = self.tr.ngettext(
            "nothing came from {file} in {seconds} second: no program is writing to it. "
            "Start the program that writes the record, or name the record file itself",
            "nothing came from {file} in {seconds} seconds: no program is writing to it. "
            "Start the program that writes the record, or name the record file itself",
            wait,
        ).format(file=pipe, seconds=wait)
        return _say(text, UtteranceKind.PIPE_SILENT)

    # -- the data folder ------------------------------------------------------------

    def folder_busy_question(self) -> Utterance:
        """At start: another window holds the data folder."""
        # Translators: asked at start when Sniff is already running with the same saved
        # game and statistics (in another window).
        text = self.tr._(
            "Sniff is already open in another window, with the same saved game and "
            "statistics. Open this one read-only? Nothing will be saved"
        )
        # Translators: how to answer the question whether to open read-only.
        keys = self.tr._("Y or Enter: open read-only. N or Escape: quit.")
        return Utterance(sentences(text) + " " + keys, kind=UtteranceKind.QUESTION)

    def read_only_folder(self, folder: str, detail: str) -> Utterance:
        """At start: the data folder cannot be written."""
        # Translators: said at start; {folder} is the data folder, {detail} why it cannot
        # be written (the system's reason, in words).
        text = self.tr._(
            "the folder {folder} cannot be written ({detail}). This game will not be "
            "saved, and no statistics are kept"
        ).format(folder=folder, detail=detail)
        return _say(text, UtteranceKind.READ_ONLY)

    def not_saved_read_only(self) -> Utterance:
        """Control S in a read-only game."""
        # Translators: after Control S in a window opened read-only.
        return _say(self.tr._("not saved: this game is read-only"), UtteranceKind.SAVE_FAILED)

    def quit_unsaved(self, yes_no: str) -> Utterance:
        """Asked before quitting a game that is not saved (read-only, or saving failed)."""
        # Translators: asked when you press Q during a game that could not be saved.
        text = self.tr._("quit? The game is not saved, it will be lost.")
        return Utterance(sentences(text) + " " + yes_no, kind=UtteranceKind.QUESTION)
