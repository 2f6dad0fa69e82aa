"""A hint in words: the advised action, what it makes, and why.

"Six-four on the north end makes 20: you score 20. It leaves no score for
the next player." When the advice gives up points now, it says why: "Five-one
on the east end would score 10, but the next player could answer with 20;
this leaves at most 5."
"""

from __future__ import annotations

from sniff.announce.phrases import BookPart, sentences
from sniff.announce.utterance import Utterance
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
        if hint.gives_up_points and hint.best_move is not None and not muggins:
            parts.append(self._why_not_more(hint, hint.best_move))
        elif hint.reply is not None:
            parts.append(self._reply(hint.reply))
        return Utterance(sentences(*parts), interrupt=True, kind="hint")

    def _say(self, text: str) -> Utterance:
        return Utterance(sentences(text), interrupt=True, kind="hint")

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

    def _why_not_more(self, hint: Hint, best: Move) -> str:
        """Why the hint passes up points now: the greedy play's danger."""
        tr, words = self.tr, self.words
        answer = hint.best_reply or 0
        mine = hint.reply or 0
        # Translators: a hint that gives up points now says why ("five-one on the east end
        # would score 10, but the next player could answer with 20; this play leaves at most 5").
        text = tr._(
            "{tile} {end} would score {points}, but the next player could answer with "
            "{answer}; this play leaves at most {left}"
        )
        return text.format(
            tile=words.tile(best.tile),
            end=self._where(best),
            points=hint.best_points,
            answer=answer,
            left=mine,
        )
