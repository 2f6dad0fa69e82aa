"""Every error a player can meet, in the player's language.

The layers below (the engine's :class:`~sniff.engine.RulesError` and
:class:`~sniff.engine.ReplayError`, the bounded reader's
:class:`~sniff.storage.limits.DataError`, an :class:`OSError` from the
system) keep an English message for logs and carry a reason code with the
values concerned; the command line's own problems are the
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

from sniff.announce.rulewords import RuleWords
from sniff.announce.words import Words
from sniff.engine import (
    EVENT_NAMES,
    End,
    Move,
    Reason,
    Refusal,
    ReplayError,
    ReplayProblem,
    RulesError,
    RulesProblem,
    Tile,
    event_fields,
)
from sniff.enums import CommandProblem
from sniff.i18n import Translator, UnknownLanguage
from sniff.storage.atomic import NotARegularFile
from sniff.storage.limits import DataError, DataProblem

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
        if isinstance(error, ReplayError):
            return self.replay(error)
        if isinstance(error, DataError):
            return self.data(error)
        if isinstance(error, UnknownLanguage):
            return self.language(error.value, error.choices)
        if isinstance(error, OSError):
            return self.system(error)
        record = self._record(error)
        if record is not None:
            return record
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

    def _record(self, error: BaseException) -> str | None:
        """A record that cannot be read or replayed (``RecordError``): its line and
        what is wrong there; a reason with a code (a replay, a limit) is said in words."""
        line = getattr(error, "line_no", None)
        message = getattr(error, "message", None)
        if not isinstance(line, int) or not isinstance(message, str):
            return None
        # The record reader wraps the engine's or the limits' error in its own and keeps
        # that error's message: the wrapped error is the one with the reason code.
        cause = error.__cause__ or error.__context__
        if isinstance(cause, ReplayError) and cause.message == message:
            what = self.replay(cause)
        elif isinstance(cause, DataError) and str(cause) == message:
            what = self.data(cause)
        else:
            what = message
        if not line:
            return what
        # Translators: sniff replay: where in a record the problem is, then what it is
        # ("line 6: count is 21 in the record, but the rules give 20").
        return self.tr._("line {line}: {problem}").format(line=line, problem=what)

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

    # -- a record replayed -----------------------------------------------------------------

    def replay(self, error: ReplayError) -> str:
        """A recorded event the rules would not have produced."""
        tr, v, problem = self.tr, error.values, error.problem
        if problem is ReplayProblem.NO_DEAL_FIRST:
            # Translators: sniff replay: the record's events do not begin with a deal.
            return tr._("a game starts with a deal")
        if problem is ReplayProblem.HAND_SIZE:
            size = int(str(v["size"]))
            # Translators: sniff replay: a deal gives a hand the wrong number of tiles.
            return tr.ngettext(
                "each hand must hold {size} tile", "each hand must hold {size} tiles", size
            ).format(size=size)
        if problem is ReplayProblem.RECORD_STOPS:
            # Translators: sniff replay: the record ends where the rules go on; {event} is what
            # comes next ("play (player 1, tile 6-4, ...)").
            return tr._("the record stops, but the rules go on with {event}").format(
                event=self.event(v["expected"])
            )
        if problem is ReplayProblem.OTHER_LINE:
            recorded = EVENT_NAMES[type(v["recorded"])]
            # Translators: sniff replay: the record has one kind of line where the rules give
            # another; {line} names the record's line ("draw"), {event} what the rules give.
            return tr._("the record has a {line} line, but the rules give {event}").format(
                line=self.line_name(recorded), event=self.event(v["expected"])
            )
        if problem is ReplayProblem.OTHER_VALUE:
            # Translators: sniff replay: one value of a line differs from what the rules give
            # ("count is 21 in the record, but the rules give 20"); {name} names the value.
            return tr._("{name} is {recorded} in the record, but the rules give {expected}").format(
                name=self.field_name(str(v["field"])),
                recorded=self.value(v["recorded"]),
                expected=self.value(v["expected"]),
            )
        if problem is ReplayProblem.GAME_OVER:
            # Translators: sniff replay: a line after the game's end.
            return tr._("the game is already over")
        if problem is ReplayProblem.DEAL_NEXT:
            # Translators: sniff replay: after a round's end, the next line must deal.
            return tr._("the round is over: a deal must come next")
        if problem is ReplayProblem.NOT_AN_ACTION:
            # Translators: sniff replay: a line no player's action makes, where a seat must act
            # ("a deal line where seat 1 must act"); {line} names the line.
            return tr._("a {line} line where seat {seat} must act").format(
                line=self.line_name(str(v["line"])), seat=v["seat"]
            )
        if problem is ReplayProblem.NOT_THEIR_TURN:
            # Translators: sniff replay: a seat acts out of turn.
            return tr._("seat {seat} acts, but it is seat {current}'s turn").format(
                seat=v["seat"], current=v["current"]
            )
        if problem is ReplayProblem.REFUSED:
            refusal = v["refusal"]
            why = self.refusal(refusal) if isinstance(refusal, Refusal) else str(refusal)
            # Translators: sniff replay: the rules refuse the recorded action; {reason} says why.
            return tr._("the rules refuse this: {reason}").format(reason=why)
        # ReplayProblem.ENGINE
        # Translators: sniff replay: the engine could not take the recorded action; {detail}
        # says why (in English).
        return tr._("the engine cannot replay this: {detail}").format(detail=v["detail"])

    def refusal(self, refusal: Refusal) -> str:
        """Why the rules refuse a recorded action, said of the record (no "you")."""
        tr = self.tr
        tile = str(refusal.tiles[0]) if refusal.tiles else ""
        action = refusal.action
        reason = refusal.reason
        texts: dict[Reason, Callable[[], str]] = {
            # Translators: sniff replay, why the rules refuse a line: the game has ended.
            Reason.GAME_OVER: lambda: tr._("the game is over"),
            # Translators: sniff replay, why the rules refuse a line: the round has ended.
            Reason.ROUND_OVER: lambda: tr._("the round is over"),
            # Translators: sniff replay, why the rules refuse a line: not at this moment.
            Reason.WRONG_PHASE: lambda: tr._("the game waits for something else"),
            # Translators: sniff replay, why the rules refuse a line: the tile is not in the hand.
            Reason.NOT_IN_HAND: lambda: tr._("the tile {tile} is not in the hand"),
            # Translators: sniff replay, why the rules refuse a line: the end is not open.
            Reason.END_CLOSED: lambda: tr._("the end {end} is not open"),
            # Translators: sniff replay, why the rules refuse a line: the tile does not fit.
            Reason.DOES_NOT_FIT: lambda: tr._("{tile} does not fit the end {end}"),
            # Translators: sniff replay, why the rules refuse a line: another tile must lead.
            Reason.MUST_LEAD: lambda: tr._("{tile} must lead"),
            # Translators: sniff replay, why the rules refuse a line: the drawn tile must be played.
            Reason.MUST_PLAY_DRAWN: lambda: tr._("the tile drawn, {tile}, must be played"),
            # Translators: sniff replay, why the rules refuse a line: a tile in the hand fits.
            Reason.HOLDS_PLAYABLE: lambda: tr._("a tile in the hand fits: {tile}"),
            # Translators: sniff replay, why the rules refuse a line: a tile in the hand fits.
            Reason.CAN_PLAY: lambda: tr._("a tile in the hand fits: {tile}"),
            # Translators: sniff replay, why the rules refuse a line: nothing left to draw.
            Reason.BONEYARD_EMPTY: lambda: tr._("the boneyard is empty"),
            # Translators: sniff replay, why the rules refuse a line: no more draws this turn.
            Reason.DRAW_LIMIT: lambda: tr._("no more draws this turn"),
            # Translators: sniff replay, why the rules refuse a line: a pass while a draw is left.
            Reason.CAN_DRAW: lambda: tr._("no pass while a tile can be drawn"),
            # Translators: sniff replay, why the rules refuse a line: not laid lengthwise.
            Reason.ENDWISE: lambda: tr._("{tile} cannot be laid lengthwise"),
            # Translators: sniff replay, why the rules refuse a line: a claim below zero.
            Reason.NEGATIVE_CLAIM: lambda: tr._("a claim cannot be negative"),
        }
        if reason in (Reason.HOLDS_PLAYABLE, Reason.CAN_PLAY) and not tile:
            # Translators: sniff replay, why the rules refuse a draw or a pass: a tile fits.
            return tr._("a tile in the hand fits")
        text = texts[reason]()
        end = action.end if isinstance(action, Move) else End.LEAD
        return text.format(tile=tile, end=self.value(end))

    def line_name(self, line: str) -> str:
        """A record line's type in words ("play": a play)."""
        tr = self.tr
        names = {
            # Translators: sniff replay: the name of a record line that deals a round; the
            # English is the line's type as written in the file.
            "deal": tr.pgettext("record line", "deal"),
            # Translators: sniff replay: the name of a record line that plays a tile.
            "play": tr.pgettext("record line", "play"),
            # Translators: sniff replay: the name of a record line that draws a tile.
            "draw": tr.pgettext("record line", "draw"),
            # Translators: sniff replay: the name of a record line where a player passes.
            "pass": tr.pgettext("record line", "pass"),
            # Translators: sniff replay: the name of a record line where points are claimed.
            "claim": tr.pgettext("record line", "claim"),
            # Translators: sniff replay: the name of a record line where muggins is called.
            "muggins": tr.pgettext("record line", "muggins"),
            # Translators: sniff replay: the name of a record line that ends a round.
            "round_end": tr.pgettext("record line", "round_end"),
            # Translators: sniff replay: the name of a record line that ends the game.
            "game_end": tr.pgettext("record line", "game_end"),
        }
        return names.get(line, line)

    def field_name(self, field: str) -> str:
        """A value of a record line in words; the English is its key in the file."""
        tr = self.tr
        names = {
            # Translators: sniff replay: a value of a record line, named; the English is its key
            # in the file. Here: the round's number.
            "round": tr.pgettext("record key", "round"),
            # Translators: sniff replay: a value of a record line: the hands dealt or left.
            "hands": tr.pgettext("record key", "hands"),
            # Translators: sniff replay: a value of a record line: the boneyard's tiles.
            "boneyard": tr.pgettext("record key", "boneyard"),
            # Translators: sniff replay: a value of a record line: the seat that leads.
            "leader": tr.pgettext("record key", "leader"),
            # Translators: sniff replay: a value of a record line: whether hands were dealt again.
            "redeal": tr.pgettext("record key", "redeal"),
            # Translators: sniff replay: a value of a record line: the seat that acts.
            "player": tr.pgettext("record key", "player"),
            # Translators: sniff replay: a value of a record line: the tile played or drawn.
            "tile": tr.pgettext("record key", "tile"),
            # Translators: sniff replay: a value of a record line: where the tile was played.
            "end": tr.pgettext("record key", "end"),
            # Translators: sniff replay: a value of a record line: the count after a play.
            "count": tr.pgettext("record key", "count"),
            # Translators: sniff replay: a value of a record line: the points earned.
            "points": tr.pgettext("record key", "points"),
            # Translators: sniff replay: a value of a record line: a double laid lengthwise.
            "endwise": tr.pgettext("record key", "endwise"),
            # Translators: sniff replay: a value of a record line: whether a claim was right.
            "correct": tr.pgettext("record key", "correct"),
            # Translators: sniff replay: a value of a record line: how the round ended.
            "reason": tr.pgettext("record key", "reason"),
            # Translators: sniff replay: a value of a record line: the scores.
            "scores": tr.pgettext("record key", "scores"),
            # Translators: sniff replay: a value of a record line: the seat that went out.
            "went_out": tr.pgettext("record key", "went_out"),
            # Translators: sniff replay: a value of a record line: the side that won.
            "winner": tr.pgettext("record key", "winner"),
        }
        return names.get(field, field)

    def event(self, event: object) -> str:
        """An event in a few words: ``play (player 1, tile 6-4, end east, ...)``."""
        kind = EVENT_NAMES.get(type(event), type(event).__name__)
        shown = ", ".join(
            # Translators: sniff replay: one value of a record line, named ("count 14").
            self.tr._("{name} {value}").format(name=self.field_name(name), value=self.value(v))
            for name, v in event_fields(event).items()  # type: ignore[arg-type]
        )
        # Translators: sniff replay: a record line in a few words ("play (player 1, tile 6-4,
        # end east, count 14, points 0)").
        return self.tr._("{line} ({values})").format(line=self.line_name(kind), values=shown)

    def value(self, value: object) -> str:
        """A value of a record line as the file writes it, in the reader's words where
        it has words (an end, yes or no, nothing)."""
        tr = self.tr
        if isinstance(value, Tile):
            return str(value)
        if isinstance(value, End):
            if value is End.LEAD:
                # Translators: sniff replay: the end of a lead, as written in a record ("lead").
                return tr.pgettext("record value", "lead")
            return Words(tr).end(value)
        if isinstance(value, tuple):
            return "[" + ", ".join(self.value(v) for v in value) + "]"
        if value is None:
            # Translators: sniff replay: a value that is not there (JSON null), e.g. no leader.
            return tr.pgettext("record value", "null")
        if isinstance(value, bool):
            if value:
                # Translators: sniff replay: the value true of a record line.
                return tr.pgettext("record value", "true")
            # Translators: sniff replay: the value false of a record line.
            return tr.pgettext("record value", "false")
        reasons = {
            # Translators: sniff replay: a round that ended because a player went out.
            "domino": tr.pgettext("record value", "domino"),
            # Translators: sniff replay: a round that ended because nobody could play.
            "blocked": tr.pgettext("record value", "blocked"),
            # Translators: sniff replay: a round that ended because a side reached the target.
            "target": tr.pgettext("record value", "target"),
        }
        return reasons.get(value, str(value)) if isinstance(value, str) else str(value)

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
