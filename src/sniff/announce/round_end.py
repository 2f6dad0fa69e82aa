"""The end of a round in words: how it ended, the points, the hands, the reckoning.

"Domino! You went out. You score 2. Score: you 4, Ben 2. Ben holds three-blank,
double blank and double three: 9 pips. 9 pips, rounded to 10: 2 points." The
points come from the engine's :class:`~sniff.engine.RoundEnded`; what is said
here only shows how the rules reckoned them (the sums, the rounding, who won a
blocked round), from the same hands.
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.announce.phrases import BookPart, sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import RoundEnd, RoundEnded, RoundScoring, RuleSet, Tile, pip_total, round_to_five
from sniff.engine.scoring import lowest_hand
from sniff.enums import Cue

__all__ = ["RoundEndWords"]


class RoundEndWords(BookPart):
    """A round's end, for one seat (or a spectator)."""

    def said(self, event: RoundEnded, rules: RuleSet) -> Utterance:
        """The end of a round: how it ended, what each side gains, the scores, the
        hands left, and how the points were reckoned."""
        tr = self.tr
        mine = self.book.my_side()
        won = lost = False
        if mine is not None and event.reason != RoundEnd.TARGET:
            best = max(event.points)
            if any(p != best for p in event.points):
                won = event.points[mine] == best
                lost = not won
        cue = Cue.ROUND_WON if won else (Cue.ROUND_LOST if lost else None)
        if event.reason == RoundEnd.TARGET:
            # Translators: the round stops because a side reached the target score.
            text = tr._("the target is reached")
            return Utterance(sentences(text), kind=UtteranceKind.ROUND_END)
        parts: list[str] = []
        if event.reason == RoundEnd.DOMINO and event.went_out is not None:
            # Translators: a round ends because a player laid the last tile of their hand;
            # who it was follows as a sentence of its own ("Domino! Your partner went out.").
            parts.append(tr._("domino!"))
            if self.book.is_me(event.went_out):
                # Translators: at a round end, after "Domino!": you laid your last tile.
                parts.append(tr._("you went out"))
            else:
                # Translators: at a round end, after "Domino!": another player laid their last
                # tile ("Anna went out", "your partner went out").
                text = tr._("{player} went out")
                parts.append(text.format(player=self.book.name(event.went_out)))
        else:
            # Translators: a blocked round: every player in turn has passed.
            parts.append(tr._("blocked: nobody can play"))
        # What the round brought and the scores first; how it was reckoned after.
        gains = [self.book.side_points(i, p) for i, p in enumerate(event.points) if p]
        if gains:
            parts.append(", ".join(gains))
        else:
            # Translators: a round end where no side gains or loses points.
            parts.append(tr._("nobody scores"))
        # Translators: the scores after a round ("Score: you 45, Anna 30").
        parts.append(tr._("score: {scores}").format(scores=self.book.scores_list(event.scores)))
        parts.extend(self._hands_at_end(event.hands, rules))
        arithmetic = self._round_arithmetic(event, rules)
        if arithmetic:
            parts.append(arithmetic)
        return Utterance(
            sentences(*parts), cue=cue, points=max(event.points), kind=UtteranceKind.ROUND_END
        )

    def _hands_at_end(self, hands: Sequence[Sequence[Tile]], rules: RuleSet) -> list[str]:
        """Each hand left at a round end: its tiles, then its pips (rounded where the
        rules round each hand). The tiles always come first, so a hand of the double
        blank is never heard as "0 pips" alone, like an empty one."""
        tr = self.tr
        rounded = rules.round_scoring in (
            RoundScoring.SUBTRACT_OWN,
            RoundScoring.WINNER_ROUNDED_HANDS,
        )
        out = []
        for seat, hand in enumerate(hands):
            if not hand:
                continue
            pips = pip_total(tuple(hand))
            # Translators: the pips left in a hand at a round end ("12 pips").
            pip_text = tr.ngettext("{pips} pip", "{pips} pips", pips).format(pips=pips)
            if rounded and round_to_five(pips) != pips:
                # Translators: a hand's pips rounded to the nearest five ("17 pips, rounded
                # to 15").
                pip_text = tr._("{pips}, rounded to {rounded}").format(
                    pips=pip_text, rounded=round_to_five(pips)
                )
            if self.book.is_me(seat):
                # Translators: at a round end, the tiles left in your hand and their pips
                # ("you hold six-four and double blank: 10 pips").
                text = tr._("you hold {tiles}: {pips}")
            else:
                # Translators: at a round end, the tiles left in another player's hand and
                # their pips ("Ben holds double blank: 0 pips").
                text = tr._("{player} holds {tiles}: {pips}")
            out.append(
                text.format(
                    player=self.book.name(seat), tiles=self.words.tiles(hand), pips=pip_text
                )
            )
        return out

    def _round_arithmetic(self, event: RoundEnded, rules: RuleSet) -> str:
        """How the round's points were reckoned: in normal and verbose words, and in
        brief too where the points are not the pips themselves (domino-play rounds
        the difference and counts a point per five)."""
        method = rules.round_scoring
        if method is RoundScoring.WINNER_NET_FIVES:
            return self._net_fives(event, rules)
        if self.book.brief:
            return ""
        tr = self.tr
        pips = [pip_total(tuple(h)) for h in event.hands]
        winner = event.went_out
        if method is RoundScoring.OPPONENTS_PIPS and winner is not None:
            side = self.book.side_of(winner)
            theirs = [p for s, p in enumerate(pips) if self.book.side_of(s) != side and p]
            return self._sum(theirs)
        if method is RoundScoring.OPPONENTS_PIPS:
            # Translators: blocked round: pips minus another's pips ("17 minus 12 is 5").
            step = tr._("{more} minus {fewer} is {difference}")
            steps = [
                step.format(more=more, fewer=mine, difference=more - mine)
                for seat, mine in enumerate(pips)
                for other, more in enumerate(pips)
                if self.book.side_of(other) != self.book.side_of(seat) and more > mine
            ]
            return ", ".join(steps) if self.book.verbose else ""
        if method is RoundScoring.WINNER_ROUNDED_HANDS:
            best = self._round_winner(event, pips)
            if best is None:
                return self._tie(event)
            theirs = [
                round_to_five(p) for s, p in enumerate(pips) if self.book.side_of(s) != best and p
            ]
            return self._sum(theirs)
        return ""

    def _sum(self, numbers: Sequence[int]) -> str:
        """ "12 and 11 make 23" ("" for fewer than two numbers)."""
        if len(numbers) < 2:
            return ""
        # Translators: at a round end, the opponents' pips added up ("12 and 11 make 23").
        return self.tr._("{numbers} make {total}").format(
            numbers=self.words.join([str(n) for n in numbers]), total=sum(numbers)
        )

    def _round_winner(self, event: RoundEnded, pips: Sequence[int]) -> int | None:
        """The side that wins the round: who went out, or the fewest pips (None: a tie)."""
        if event.went_out is not None:
            return self.book.side_of(event.went_out)
        seat = lowest_hand(pips, {s: self.book.side_of(s) for s in range(len(pips))})
        return None if seat is None else self.book.side_of(seat)

    def _tie(self, event: RoundEnded) -> str:
        if event.reason != RoundEnd.BLOCKED:
            return ""
        # Translators: a blocked round where players of different sides hold the fewest
        # pips alike, so nobody wins it.
        return self.tr._("a tie for the fewest pips")

    def _net_fives(self, event: RoundEnded, rules: RuleSet) -> str:
        """Domino-play: the others' pips less the winner's, rounded to five, a point per
        five: "9 pips, rounded to 10: 2 points"; "23 minus 4 is 19, rounded to 20: 4
        points"."""
        tr = self.tr
        pips = [pip_total(tuple(h)) for h in event.hands]
        side = self._round_winner(event, pips)
        if side is None:
            return self._tie(event)
        theirs = [p for s, p in enumerate(pips) if self.book.side_of(s) != side and p]
        others = sum(theirs)
        own = sum(p for s, p in enumerate(pips) if self.book.side_of(s) == side)
        net = max(0, others - own)
        clauses = []
        summed = self._sum(theirs)
        if summed:
            clauses.append(summed)
        if own:
            # Translators: domino-play round end: the others' pips less the winner's ("23
            # minus 4 is 19").
            text = tr._("{others} minus {own} is {net}")
            clauses.append(text.format(others=others, own=own, net=net))
        elif not summed:
            # Translators: domino-play round end: the pips the winner scores for ("9 pips").
            clauses.append(tr.ngettext("{pips} pip", "{pips} pips", net).format(pips=net))
        reckoned = ", ".join(clauses)
        rounded = round_to_five(net)
        if rounded != net:
            # Translators: domino-play round end: the pips rounded to the nearest five ("9
            # pips, rounded to 10").
            reckoned = tr._("{pips}, rounded to {rounded}").format(pips=reckoned, rounded=rounded)
        points = event.points[side]
        # Translators: domino-play round end: the points, a point for every five pips ("9
        # pips, rounded to 10: 2 points").
        text = tr.ngettext("{reckoned}: {points} point", "{reckoned}: {points} points", points)
        return text.format(reckoned=reckoned, points=points)
