"""What is wrong with a game record, in the player's language: ``sniff replay``'s
refusal of a record that is damaged or does not follow the rules.

The record reader's :class:`~sniff.storage.records.RecordError` carries a
reason code (:class:`~sniff.storage.records.RecordProblem`) and the values
concerned, and keeps the error it wraps (the engine's ``RulesError`` or
``ReplayError``, the bounded reader's ``DataError``); the engine's
:class:`~sniff.engine.ReplayError` carries its own code and the events, fields
and seats concerned. Here they become a sentence, the events told in a few
words with their values as the record writes them; keys and values from the
file stay as the file writes them, quoted, and a long value is cut.

>>> from sniff.i18n import Translator
>>> from sniff.engine import Passed
>>> RecordErrorWords(Translator.null()).event(Passed(1))
'pass (player 1)'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Protocol

from sniff.announce.rule_words import RuleWords
from sniff.announce.words import Words
from sniff.engine import (
    EVENT_NAMES,
    SET_SIZES,
    Direction,
    End,
    Move,
    Reason,
    Refusal,
    ReplayError,
    ReplayProblem,
    RoundEnd,
    Tile,
    event_fields,
)
from sniff.i18n import Translator
from sniff.storage.record_types import RecordError, RecordProblem

__all__ = ["VALUE_SHOWN", "LowerWords", "RecordErrorWords", "shown"]


class LowerWords(Protocol):
    """How the errors a record error wraps are said (``sniff.announce.errors.ErrorWords``)."""

    def explain(self, error: BaseException) -> str:
        """A lower error (the rules', the bounded reader's) in words."""
        ...

    def json_detail(self, detail: str) -> str:
        """The JSON reader's English words for what it found, in words."""
        ...


class _English:
    """The lower errors' own English, where no :class:`LowerWords` is given."""

    def explain(self, error: BaseException) -> str:
        return str(error)

    def json_detail(self, detail: str) -> str:
        return detail


#: The most characters of a value from the file that is quoted: a damaged line may
#: hold a huge one, and the start shows what it is.
VALUE_SHOWN = 40


def shown(value: object) -> str:
    """A value read from a record as JSON writes it, cut after :data:`VALUE_SHOWN`
    characters.

    >>> shown("up"), shown([7, 1]), shown(None), shown("x" * 50)[-4:]
    ('"up"', '[7, 1]', 'null', 'xxx…')
    """
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= VALUE_SHOWN else text[: VALUE_SHOWN - 1] + "…"


def _key(key: object) -> str:
    """A key of a record line as the file writes it, quoted ('count')."""
    return repr(str(key))


class RecordErrorWords:
    """A record's problems in one language (English: ``Translator.null()``)."""

    def __init__(self, tr: Translator, lower: LowerWords | None = None) -> None:
        self.tr = tr
        # How the errors a record error wraps are said (the rules', the bounded reader's).
        self._lower: LowerWords = lower if lower is not None else _English()

    def record(self, error: RecordError) -> str:
        """A record that cannot be read or replayed: the file, the line and what is
        wrong there."""
        tr = self.tr
        what = self.problem(error)
        if error.line_no:
            # Translators: sniff replay: where in a record the problem is, then what it is
            # ("line 6: count is 21 in the record, but the rules give 20").
            what = tr._("line {line}: {problem}").format(line=error.line_no, problem=what)
        if error.path is not None:
            # Translators: a problem the system gave about a file, after the file's name
            # ("game.jsonl: no such file or directory").
            what = tr._("{file}: {problem}").format(file=str(error.path), problem=what)
        return what

    def problem(self, error: RecordError) -> str:
        """What is wrong with a record, without where (see :meth:`record`)."""
        problem, v = error.problem, error.values
        wrapped = v.get("error")
        if problem is RecordProblem.REPLAY and isinstance(wrapped, ReplayError):
            return self._turned(self.replay(wrapped), v)
        if problem in (RecordProblem.DATA, RecordProblem.RULES) and isinstance(
            wrapped, BaseException
        ):
            return self._lower.explain(wrapped)
        return self._file(problem, v) or self._game_line(problem, v) or self._line(problem, v)

    def _file(self, problem: RecordProblem, v: Mapping[str, object]) -> str:
        """What is wrong with the file and its lines as text."""
        tr = self.tr
        if problem is RecordProblem.FILE_TOO_LARGE:
            # Translators: sniff replay: a file too large to be a game record.
            return tr._("the file holds {size} bytes; a record holds at most {limit}").format(
                size=v["size"], limit=v["limit"]
            )
        if problem is RecordProblem.LINE_TOO_LONG:
            # Translators: sniff replay: a line of a game record longer than a record's lines are.
            return tr._("the line is longer than {limit} bytes").format(limit=v["limit"])
        if problem is RecordProblem.TOO_MANY_LINES:
            # Translators: sniff replay: a game record with more lines than a record has.
            return tr._("a record has at most {limit} lines").format(limit=v["limit"])
        if problem is RecordProblem.TOO_MANY_BYTES:
            # Translators: sniff replay: a game record that grew too large while it was read.
            return tr._("a record holds at most {limit} bytes").format(limit=v["limit"])
        if problem is RecordProblem.NOT_UTF8:
            # Translators: sniff replay: a line of a game record that is not text.
            return tr._("the line is not UTF-8 text")
        if problem is RecordProblem.NOT_JSON:
            # Translators: sniff replay: a line of a game record that is not JSON; {detail} is
            # what the JSON reader found ("a comma was expected").
            return tr._("not JSON ({detail})").format(
                detail=self._lower.json_detail(str(v["detail"]))
            )
        if problem is RecordProblem.RULES:
            # Translators: sniff replay: the rules in a record cannot be read; {detail} says
            # why (in English).
            return tr._("the rules cannot be read: {detail}").format(detail=v.get("detail", ""))
        if problem is RecordProblem.NOT_AN_OBJECT:
            # Translators: sniff replay: a line of a game record that is JSON, but not {...}.
            return tr._("each line must be a JSON object")
        if problem is RecordProblem.EMPTY:
            # Translators: sniff replay: a game record file with nothing in it.
            return tr._("the record is empty")
        return ""

    def _game_line(self, problem: RecordProblem, v: Mapping[str, object]) -> str:
        """What is wrong with the first line, which names the game."""
        tr = self.tr
        if problem is RecordProblem.GAME_FIRST:
            # Translators: sniff replay: a record must start with its "game" line; keep 'game'
            # as it is written in the file.
            return tr._("the first line must be the 'game' line")
        if problem is RecordProblem.FORMAT:
            # Translators: sniff replay: a record of another format ("the format is
            # "sniff-record/2", not 'sniff-record/1'").
            return tr._("the format is {value}, not {expected}").format(
                value=shown(v["value"]), expected=_key(v["expected"])
            )
        if problem is RecordProblem.NOT_TEXT:
            # Translators: sniff replay: a value of a record's game line that must be text in
            # quotes ("'preset' must be a string"); {key} is the key as written in the file.
            return tr._("{key} must be a string").format(key=_key(v["key"]))
        if problem is RecordProblem.NOT_A_LIST:
            # Translators: sniff replay: a value of a record line that must be a list [...];
            # {key} is the key as written in the file.
            return tr._("{key} must be a list").format(key=_key(v["key"]))
        if problem is RecordProblem.RULES_OBJECT:
            # Translators: sniff replay: the rules in a record's game line are not {...};
            # keep 'rules' as it is written in the file.
            return tr._("'rules' must be an object of rule fields")
        if problem is RecordProblem.PLAYER_NAME:
            # Translators: sniff replay: a player in a record's game line without a name; keep
            # 'name' as it is written in the file.
            return tr._("each player needs a 'name' string")
        if problem is RecordProblem.PLAYER_KIND:
            # Translators: sniff replay: a player who is neither a person nor a computer
            # player; keep 'human' and 'bot' as they are written in the file.
            return tr._("a player's kind is 'human' or 'bot', not {value}").format(
                value=shown(v["value"])
            )
        if problem is RecordProblem.BOT_LEVEL:
            # Translators: sniff replay: a computer player in a record without a level; {name}
            # is its name; keep 'level' as it is written in the file.
            return tr._("the bot {name} needs a 'level' string").format(name=shown(v["name"]))
        if problem is RecordProblem.SIDES:
            # Translators: sniff replay: the sides of a record's game line are not lists of
            # seats; keep 'sides' as it is written in the file.
            return tr._("'sides' must be a list of lists of seats")
        if problem is RecordProblem.SIDES_SEATS:
            # Translators: sniff replay: the sides of a record name a seat twice or not at all;
            # keep 'sides' as it is written in the file.
            return tr._("'sides' must hold every seat exactly once")
        if problem is RecordProblem.SIDES_RULES:
            # Translators: sniff replay: the sides of a record are not how its rules seat
            # the players (partners opposite, say).
            return tr._("the sides do not match the rules' seating")
        return ""

    def _line(self, problem: RecordProblem, v: Mapping[str, object]) -> str:
        """What is wrong with a value of a line."""
        tr = self.tr
        key = _key(v.get("key", ""))
        if problem is RecordProblem.MISSING_KEY:
            line = v["line"]
            name = self.line_name(line) if isinstance(line, str) else shown(line)
            # Translators: sniff replay: a record line without a value it must have ("a play
            # line needs 'count'"); {line} names the line, {key} is the key as in the file.
            return tr._("a {line} line needs {key}").format(line=name, key=key)
        if problem is RecordProblem.NOT_WHOLE:
            # Translators: a value that must be a whole number was given something else
            # ("'count' must be a whole number, not "14"").
            return tr._("{name} must be a whole number, not {value}").format(
                name=key, value=shown(v["value"])
            )
        if problem is RecordProblem.SEAT:
            # Translators: sniff replay: a seat number no player has ("'player' is 5, but the
            # seats are 0 to 1").
            return tr._("{key} is {value}, but the seats are 0 to {last}").format(
                key=key, value=shown(v["value"]), last=v["last"]
            )
        if problem is RecordProblem.NOT_A_TILE:
            # Translators: sniff replay: a tile not written as two numbers; keep [a, b].
            return tr._("{key} must hold tiles as [a, b], not {value}").format(
                key=key, value=shown(v["value"])
            )
        if problem is RecordProblem.TILE_RANGE:
            sets = {pips: name for name, pips in SET_SIZES.items()}
            tile_set = sets.get(int(str(v["max_pip"])), f"double-{v['max_pip']}")
            # Translators: sniff replay: a tile with more pips than the set has ("[7, 1] is not
            # a tile of the double six set").
            return tr._("{tile} is not a tile of the {tile_set} set").format(
                tile=shown(list(v["tile"])),  # type: ignore[call-overload]
                tile_set=self._tile_set(tile_set),
            )
        if problem is RecordProblem.NOT_TILES:
            # Translators: sniff replay: a value of a record line that must be a list of tiles.
            return tr._("{key} must be a list of tiles").format(key=key)
        if problem is RecordProblem.HANDS:
            players = int(str(v["players"]))
            # Translators: sniff replay: the hands of a record line are not one for each seat.
            return tr.ngettext(
                "{key} must list one hand for each of the {players} seats",
                "{key} must list one hand for each of the {players} seats",
                players,
            ).format(key=key, players=players)
        if problem is RecordProblem.NUMBERS:
            size = int(str(v["size"]))
            # Translators: sniff replay: points or scores of a record line that are not one
            # whole number for each side.
            return tr.ngettext(
                "{key} must be {size} whole number, one per side",
                "{key} must be {size} whole numbers, one per side",
                size,
            ).format(key=key, size=size)
        if problem is RecordProblem.TWICE:
            # Translators: sniff replay: a tile dealt or held twice in a record line.
            return tr._("the tile {tile} appears twice").format(tile=v["tile"])
        if problem is RecordProblem.WHOLE_SET:
            # Translators: sniff replay: a deal in a record that leaves tiles out ("a deal must
            # hold the whole double six set").
            return tr._("a deal must hold the whole {tile_set} set").format(
                tile_set=self._tile_set(str(v["tile_set"]))
            )
        if problem is RecordProblem.UNKNOWN_END:
            # Translators: sniff replay: a play on an end that does not exist ("no end called
            # "up""); the value is as written in the file.
            return tr._("no end called {value}").format(value=shown(v["value"]))
        if problem is RecordProblem.ENDWISE:
            # Translators: sniff replay: keep 'endwise', true and false as written in the file.
            return tr._("'endwise' must be true or false")
        if problem is RecordProblem.ROUND_END:
            # Translators: sniff replay: a round's end with a reason a record does not know;
            # {choices} are the reasons as written in the file (domino, blocked, target).
            return tr._("a round ends by {choices}, not {value}").format(
                choices=", ".join(str(c) for c in v["choices"]),  # type: ignore[attr-defined]
                value=shown(v["value"]),
            )
        if problem is RecordProblem.WINNER:
            # Translators: sniff replay: a game's winner that is not one of the sides.
            return tr._("the winner is a side, 0 to {last}, not {value}").format(
                last=v["last"], value=shown(v["value"])
            )
        # RecordProblem.UNKNOWN_LINE
        # Translators: sniff replay: a record line of a type the format does not have.
        return tr._("unknown line type {value}").format(value=shown(v.get("value")))

    def _tile_set(self, name: str) -> str:
        return RuleWords(self.tr).value("tile_set", name)

    def _turned(self, problem: str, v: Mapping[str, object]) -> str:
        """*problem*, and why a turn out of order looks so where the record went round
        the other way."""
        direction = v.get("direction")
        if not isinstance(direction, Direction):
            return problem
        # Translators: sniff replay: a turn out of order ({problem}: "seat 2 acts, but it is
        # seat 1's turn") where the record went round the table the other way; {direction}
        # is the rules' direction ("counter-clockwise").
        return self.tr._(
            "{problem} (seats are numbered clockwise, and the rules' direction is {direction}: "
            "after seat {seat} comes seat {expected}, not seat {actor})"
        ).format(
            problem=problem,
            direction=RuleWords(self.tr).value("direction", direction.value),
            seat=v["seat"],
            expected=v["expected"],
            actor=v["actor"],
        )

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
            # Translators: sniff replay: the name of a record's first line, which names the
            # game, its rules and players; the English is the line's type as in the file.
            "game": tr.pgettext("record line", "game"),
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
            RoundEnd.DOMINO: tr.pgettext("record value", "domino"),
            # Translators: sniff replay: a round that ended because nobody could play.
            RoundEnd.BLOCKED: tr.pgettext("record value", "blocked"),
            # Translators: sniff replay: a round that ended because a side reached the target.
            RoundEnd.TARGET: tr.pgettext("record value", "target"),
        }
        if isinstance(value, str) and value in reasons:
            return reasons[RoundEnd(value)]
        return str(value)
