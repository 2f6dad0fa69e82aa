"""Why nothing happened, in words: every engine refusal, and keys with no use here.

A refused action changes nothing; the player hears the reason with the tile
and the end concerned, and where the tile would fit instead.
"""

from __future__ import annotations

from sniff.announce.phrases import BookPart, sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import (
    PASS,
    End,
    Move,
    Observation,
    Phase,
    Reason,
    Refusal,
    fitting_ends,
)
from sniff.enums import Cue

__all__ = ["RefusalWords"]


class RefusalWords(BookPart):
    """Refusals for one seat: each an interrupting utterance with the invalid earcon."""

    def refusal(self, refusal: Refusal, obs: Observation | None = None) -> Utterance:
        """Why an action was refused, in words (every engine :class:`Reason`)."""
        tr, words = self.tr, self.words
        reason = refusal.reason
        tile = words.tile(refusal.tiles[0]) if refusal.tiles else ""
        action = refusal.action
        end = action.end if isinstance(action, Move) else None
        if reason is Reason.GAME_OVER:
            text = tr._("the game is over")
        elif reason is Reason.ROUND_OVER:
            text = tr._("the round is over")
        elif reason is Reason.WRONG_PHASE:
            if obs is not None and obs.phase is Phase.CLAIM:
                # Translators: refused: you must claim your points before anything else.
                text = tr._("not now: claim your points first")
            elif obs is not None and obs.phase is Phase.MUGGINS:
                # Translators: refused: a muggins call is awaited before anything else.
                text = tr._("not now: call muggins or let it go")
            else:
                # Translators: refused: the action does not fit this moment of the game.
                text = tr._("not now")
        elif reason is Reason.NOT_IN_HAND:
            # Translators: refused: you tried to play a tile you do not hold.
            text = tr._("you do not hold {tile}").format(tile=tile)
        elif reason is Reason.END_CLOSED:
            if end is End.LEAD:
                # Translators: refused: you tried to lead when the lead is already down.
                text = tr._("the lead is already down")
            elif obs is not None and obs.layout.lead is None:
                # Translators: refused: the first tile of a round is the lead, on no end.
                text = tr._("lead a tile first")
            else:
                # Translators: refused: the end is not open.
                text = tr._("{end} is not open").format(end=words.end(end or End.WEST))
        elif reason is Reason.DOES_NOT_FIT:
            assert end is not None
            text = self._does_not_fit(refusal, end, obs)
        elif reason is Reason.MUST_LEAD:
            # Translators: refused: the rules say this tile leads the round.
            text = tr._("{tile} must lead").format(tile=tile)
        elif reason is Reason.MUST_PLAY_DRAWN:
            # Translators: refused: you drew a tile that fits and must play it.
            text = tr._("play the tile you drew: {tile}").format(tile=tile)
        elif reason is Reason.HOLDS_PLAYABLE or reason is Reason.CAN_PLAY:
            text = self._holds_playable(refusal, obs)
        elif reason is Reason.BONEYARD_EMPTY:
            # Translators: refused draw: no tiles left to draw.
            text = tr._("the boneyard is empty")
        elif reason is Reason.DRAW_LIMIT:
            limit = obs.rules.draw_limit if obs is not None and obs.rules.draw_limit else 0
            if limit:
                # Translators: refused draw: the rules allow only so many draws per turn.
                text = tr.ngettext(
                    "you have drawn {n} tile this turn, the most allowed",
                    "you have drawn {n} tiles this turn, the most allowed",
                    limit,
                ).format(n=limit)
            else:
                # Translators: refused draw: the per-turn draw limit is reached.
                text = tr._("no more draws this turn")
        elif reason is Reason.CAN_DRAW:
            # Translators: refused pass: you may still draw from the boneyard.
            text = tr._("you can't pass: you can still draw")
        elif reason is Reason.ENDWISE:
            # Translators: refused: this tile cannot be laid along the line.
            text = tr._("{tile} cannot be laid lengthwise").format(tile=tile)
        elif reason is Reason.NOT_YOUR_TURN:
            if obs is not None:
                # Translators: refused: another player is to act ("not yet: Anna's turn").
                text = tr._("not yet: {player}'s turn").format(player=self.book.name(obs.current))
            else:
                # Translators: refused: another player is to act.
                text = tr._("not yet: it is not your turn")
        elif reason is Reason.STALE:
            # Translators: refused: the game moved on while the action was on its way
            # (online); the player hears what happened and may try again.
            text = tr._("the game moved on meanwhile: listen, then try again")
        else:  # Reason.NEGATIVE_CLAIM
            # Translators: refused: a claim below zero.
            text = tr._("a claim cannot be negative")
        return Utterance(
            sentences(text), interrupt=True, cue=Cue.INVALID, kind=UtteranceKind.REFUSAL
        )

    def _does_not_fit(self, refusal: Refusal, end: End, obs: Observation | None) -> str:
        """A tile on an end it does not match: where it would fit, or that it fits nowhere."""
        tr, words = self.tr, self.words
        tile = refusal.tiles[0] if refusal.tiles else None
        name = words.tile(tile) if tile is not None else ""
        if obs is None or obs.layout.lead is None or obs.layout.open[end.arm] < 0:
            # Translators: refused: the tile does not fit that end; {at} is the short "where"
            # form ("west"; German "im Westen").
            return tr._("{tile} does not fit {at}").format(tile=name, at=words.short_at(end))
        layout = obs.layout
        if tile is not None and not fitting_ends(layout, tile):
            pips = words.join([str(pip) for _end, pip in layout.open_ends()])
            # Translators: refused: the tile fits no open end; {pips} lists the open ends'
            # numbers ("double one fits nowhere: the ends are 2, 5 and 3").
            return tr._("{tile} fits nowhere: the ends are {pips}").format(tile=name, pips=pips)
        # Translators: refused: "five-three does not fit west, which is 4"; {at} is the short
        # "where" form ("west"; German "im Westen").
        text = tr._("{tile} does not fit {at}, which is {pips}").format(
            tile=name, at=words.short_at(end), pips=layout.open[end.arm]
        )
        if tile is not None:
            # Translators: after a refused play: where the tile does fit ("it fits east").
            text += "; " + tr._("it fits {ends}").format(
                ends=self.book.fit_ends(fitting_ends(layout, tile))
            )
        return text

    def _holds_playable(self, refusal: Refusal, obs: Observation | None) -> str:
        """Draw or pass refused because a tile fits (on the lead: any tile, or the required one)."""
        tr, words = self.tr, self.words
        if (obs is not None and obs.layout.lead is None) or not refusal.tiles:
            if obs is not None and obs.required_lead is not None:
                # Translators: refused draw or pass before the lead: this tile must lead.
                return tr._("{tile} must lead").format(tile=words.tile(obs.required_lead))
            # Translators: refused draw or pass before the lead: any tile may lead.
            return tr._("lead a tile first: any tile of your hand")
        tile = words.tile(refusal.tiles[0])
        if refusal.action == PASS:
            # Translators: refused pass: you hold a tile that fits.
            return tr._("you can't pass: you hold a tile that fits: {tile}").format(tile=tile)
        # Translators: refused draw: you hold a tile that fits (drawing is allowed only
        # when nothing fits).
        return tr._("you can't draw: you hold a tile that fits: {tile}").format(tile=tile)
