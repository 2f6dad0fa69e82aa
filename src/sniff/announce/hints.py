"""A hint in words: the advised action, what it makes, and why.

"Six-four on the north end makes 20: you score 20. No other play scores as
much. It leaves no score for the next player." Why this play comes from the
engine's answers alone (what each play scores, the most the next player could
answer it with): it scores the most, or as much as others but leaves the
next player less. When the advice gives up points now, it says why: "Five-one
on the east end would score 10, but the next player could answer with 20;
this play leaves at most 5." Where those figures do not explain the choice,
the hint says so plainly: the play did best when the rest of the round was played out.
"""

from __future__ import annotations

from sniff.announce.phrases import BookPart, sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import CallMuggins, Claim, Draw, End, Move, Pass
from sniff.session.hints import Hint

__all__ = ["HintWords"]


class HintWords(BookPart):
    """Hints for one seat."""

    def hint(self, hint: Hint, *, muggins: bool) -> Utterance:
        """The hint said; under the muggins rule the points stay the player's to count."""
        tr = self.tr
        action = hint.action
        if isinstance(action, Draw):
            # Translators: a hint: draw from the boneyard.
            return self._say(tr._("hint: draw a tile"))
        if isinstance(action, Pass):
            # Translators: a hint: pass.
            return self._say(tr._("hint: pass"))
        if isinstance(action, Claim):
            # Translators: a hint while claiming (muggins rule).
            return self._say(tr._("hint: claim {points}").format(points=action.points))
        if isinstance(action, CallMuggins):
            if action.call:
                # Translators: a hint: call muggins.
                return self._say(tr._("hint: call muggins"))
            # Translators: a hint: let the claim go.
            return self._say(tr._("hint: let it go"))
        assert isinstance(action, Move)
        parts = [self._move(hint, action, muggins)]
        if muggins:
            # The points are the player's to count: only what the next player could do.
            if hint.reply is not None:
                parts.append(self._reply(hint.reply))
        elif hint.gives_up_points and hint.best_move is not None:
            parts.append(self._why_not_more(hint, hint.best_move))
        elif self._safer(hint):
            parts.append(self._safer_than_rivals(hint))
        else:
            parts.append(self._why_this(hint))
            if hint.reply is not None:
                parts.append(self._reply(hint.reply))
        return Utterance(sentences(*parts), interrupt=True, kind=UtteranceKind.HINT)

    def _say(self, text: str) -> Utterance:
        return Utterance(sentences(text), interrupt=True, kind=UtteranceKind.HINT)

    def _where(self, move: Move) -> str:
        where = self.words.at(move.end)
        if move.endwise:
            # Translators: an end choice for a double laid along the line (house rule).
            where = f"{where}, {self.tr._('lengthwise')}"
        return where

    def _move(self, hint: Hint, move: Move, muggins: bool) -> str:
        tr, words = self.tr, self.words
        tile = words.tile(move.tile)
        score = "" if muggins else self.book.earned(self.book.seat, hint.points)
        if move.end is End.LEAD and muggins:
            # Translators: a hint: lead this tile (muggins rule: the points are yours to count).
            return tr._("lead {tile}").format(tile=tile)
        if move.end is End.LEAD:
            # Translators: a hint: lead this tile; {score} is "you score 10" or "no score".
            return tr._("lead {tile}: {score}").format(tile=tile, score=score)
        if muggins:
            # Translators: a hint under the muggins rule, which leaves the points to the
            # player to claim ("six-four on the north end makes 20").
            return tr._("{tile} {end} makes {count}").format(
                tile=tile, end=self._where(move), count=hint.count
            )
        # Translators: a hint ("six-four on the north end makes 20: you score 20").
        return tr._("{tile} {end} makes {count}: {score}").format(
            tile=tile, end=self._where(move), count=hint.count, score=score
        )

    def _reply(self, reply: int) -> str:
        if reply:
            # Translators: a hint, after the play: the most the next opponent could score.
            text = self.tr.ngettext(
                "the next player could score {points} with tiles you have not seen",
                "the next player could score {points} with tiles you have not seen",
                reply,
            )
            return text.format(points=reply)
        # Translators: a hint, after the play: the next opponent cannot score from it.
        return self.tr._("it leaves no score for the next player")

    @staticmethod
    def _safer(hint: Hint) -> bool:
        """Whether every other play that scores as much lets the next player score more."""
        mine, theirs = hint.reply, hint.rival_reply
        return hint.plays > 1 and mine is not None and theirs is not None and theirs > mine

    def _why_this(self, hint: Hint) -> str:
        """Why this play, when the next player's answers do not set it apart: it is the
        only one, no other scores as much, or it did best over the rest of the round."""
        tr = self.tr
        if hint.plays == 1:
            # Translators: a hint: the advised play is the only one you have.
            return tr._("it is your only play")
        if hint.points and not hint.rivals:
            # Translators: a hint: the advised play scores more than any other.
            return tr._("no other play scores as much")
        if hint.points:
            # Translators: a hint: other plays score as much and leave the next player no
            # more; the advised one did best when the rest of the round was played out ("other
            # plays score as much; this one did best when the rest of the round was
            # played out").
            text = tr.ngettext(
                "another play scores as much; this one did best when the rest of the round "
                "was played out",
                "other plays score as much; this one did best when the rest of the round "
                "was played out",
                hint.rivals,
            )
            return text
        # Translators: a hint when none of your plays scores and the next player's answers
        # do not tell them apart: the advised one did best when the rest of the round was
        # played out.
        return tr._(
            "no play scores now; this one did best when the rest of the round was played out"
        )

    def _safer_than_rivals(self, hint: Hint) -> str:
        """The other plays that score as much let the next player score more: "another
        play scores as much, but the next player could answer it with 15, this one with
        at most 5"."""
        tr = self.tr
        mine = hint.reply or 0
        if hint.points:
            # Translators: a hint: other plays score as much as the advised one, but the next
            # player could answer each of them with more ("other plays score as much, but
            # the next player could answer any of them with 15 or more, this one with at most
            # 5").
            text = tr.ngettext(
                "another play scores as much, but the next player could answer it with "
                "{answer}, this one with at most {left}",
                "other plays score as much, but the next player could answer any of them "
                "with {answer} or more, this one with at most {left}",
                hint.rivals,
            )
        else:
            # Translators: a hint when none of your plays scores: the next player could
            # answer the others with more ("no play scores now, but the next player could
            # answer any other with 10 or more, this one with at most 5").
            text = tr.ngettext(
                "no play scores now, but the next player could answer your other play with "
                "{answer}, this one with at most {left}",
                "no play scores now, but the next player could answer any other with "
                "{answer} or more, this one with at most {left}",
                hint.rivals,
            )
        if not mine:
            text = self._leaves_nothing(hint)
        return text.format(answer=hint.rival_reply, left=mine)

    def _leaves_nothing(self, hint: Hint) -> str:
        """The same reason when this play leaves the next player no score at all."""
        tr = self.tr
        if hint.points:
            # Translators: a hint: other plays score as much, but only the advised one leaves
            # the next player no score ("another play scores as much, but the next player
            # could answer it with 15; this one leaves no score").
            return tr.ngettext(
                "another play scores as much, but the next player could answer it with "
                "{answer}; this one leaves no score",
                "other plays score as much, but the next player could answer any of them "
                "with {answer} or more; this one leaves no score",
                hint.rivals,
            )
        # Translators: a hint when none of your plays scores, and only the advised one
        # leaves the next player no score.
        return tr.ngettext(
            "no play scores now, but the next player could answer your other play with "
            "{answer}; this one leaves no score",
            "no play scores now, but the next player could answer any other with {answer} or "
            "more; this one leaves no score",
            hint.rivals,
        )

    def _why_not_more(self, hint: Hint, best: Move) -> str:
        """Why the hint passes up points now: what the next player could answer the
        higher-scoring play with, when that costs more than this play gives up; else
        that this play did best over the rest of the round."""
        tr, words = self.tr, self.words
        answer, mine = hint.best_reply, hint.reply
        tile, where = words.tile(best.tile), self._where(best)
        if answer is None or mine is None or hint.best_points - answer >= hint.points - mine:
            # Translators: a hint that gives up points now, when the next player's answers do
            # not explain why: the advised play did better over the rest of the round
            # ("five-one on the east end would score 10 now; this play did best when the
            # rest of the round was played out").
            text = tr._(
                "{tile} {end} would score {points} now; this play did best when the rest of "
                "the round was played out"
            )
            return text.format(tile=tile, end=where, points=hint.best_points)
        if mine:
            # Translators: a hint that gives up points now says why ("five-one on the east
            # end would score 10, but the next player could answer with 20; this play leaves
            # at most 5").
            text = tr._(
                "{tile} {end} would score {points}, but the next player could answer with "
                "{answer}; this play leaves at most {left}"
            )
        else:
            # Translators: a hint that gives up points now says why, when the advised play
            # leaves the next player no score ("five-one on the east end would score 10, but
            # the next player could answer with 20; this play leaves no score").
            text = tr._(
                "{tile} {end} would score {points}, but the next player could answer with "
                "{answer}; this play leaves no score"
            )
        return text.format(tile=tile, end=where, points=hint.best_points, answer=answer, left=mine)
