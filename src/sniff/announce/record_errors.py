"""What is wrong with a game record, in the player's language: ``sniff replay``'s
refusal of a record that is damaged or does not follow the rules.

The engine's :class:`~sniff.engine.ReplayError` carries a reason code and the
events, fields and seats concerned; here they become a sentence, the events
told in a few words with their values as the record writes them.

>>> from sniff.i18n import Translator
>>> from sniff.engine import Passed
>>> RecordErrorWords(Translator.null()).event(Passed(1))
'pass (player 1)'
"""

from __future__ import annotations

from collections.abc import Callable

from sniff.announce.words import Words
from sniff.engine import (
    EVENT_NAMES,
    End,
    Move,
    Reason,
    Refusal,
    ReplayError,
    ReplayProblem,
    Tile,
    event_fields,
)
from sniff.i18n import Translator
from sniff.storage.limits import DataError

__all__ = ["RecordErrorWords"]


class RecordErrorWords:
    """A record's problems in one language (English: ``Translator.null()``)."""

    def __init__(self, tr: Translator, data: Callable[[DataError], str] = str) -> None:
        self.tr = tr
        # How a limit of the bounded reader is said (``ErrorWords.data``; English alone).
        self._data = data

    def record(self, error: BaseException) -> str | None:
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
            what = self._data(cause)
        else:
            what = message
        if not line:
            return what
        # Translators: sniff replay: where in a record the problem is, then what it is
        # ("line 6: count is 21 in the record, but the rules give 20").
        return self.tr._("line {line}: {problem}").format(line=line, problem=what)

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
