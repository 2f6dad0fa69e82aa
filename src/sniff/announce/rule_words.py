"""A rule set in words: what the rules of the game being played are.

The round key (I) names the preset and then says what it means at the table:
the sniff or none, which counts score and what they earn, how to draw, who
leads, and how a round's end is scored ("The first double is the sniff: it
opens north and south too. A count that is a multiple of five scores a point
for every 5. If nothing fits, draw up to 2 tiles, then pass."). Each sentence
names a field of the :class:`~sniff.engine.RuleSet`; none of them decides
anything, so a house rule is said as it is played.
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.announce.words import Words
from sniff.engine import (
    Combination,
    LeadRule,
    NextLeader,
    NoDouble,
    RoundScoring,
    RuleSet,
    Tile,
)
from sniff.engine import SpinnerMode as Mode
from sniff.i18n import Translator

__all__ = ["RuleWords"]


class RuleWords:
    """Sentences that say what a rule set means, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.words = Words(tr)

    def describe(self, rules: RuleSet, sides: Sequence[Sequence[int]] = ()) -> list[str]:
        """The rules as sentence fragments (each to be said as one sentence), in the
        order a player needs them: the layout, scoring, drawing, leading, the round's
        end, then the house rules that change a turn. *sides*: who scores together."""
        parts = [self._set(rules), self.spinner(rules.spinner), self.scoring(rules)]
        parts += [self.drawing(rules), self.leading(rules), self.round_end(rules.round_scoring)]
        if any(len(side) > 1 for side in sides):
            # Translators: the round key (I): four players in two sides.
            parts.append(self.tr._("partners sit opposite and score together"))
        if rules.double_endwise:
            # Translators: the round key (I): the house rule that lets a double lie along the
            # line.
            parts.append(self.tr._("a double may be laid lengthwise, and then counts one half"))
        return [part for part in parts if part]

    def _set(self, rules: RuleSet) -> str:
        if rules.max_pip == 6:
            return ""  # the usual set goes without saying
        top = Tile.of(rules.max_pip, rules.max_pip)
        # Translators: the round key (I): a larger set of tiles than double six; {top} is the
        # set's top double ("tiles up to double nine").
        return self.tr._("tiles up to {top}").format(top=self.words.tile(top))

    def spinner(self, mode: Mode) -> str:
        """What the first double does: "the first double is the sniff: ..."."""
        tr = self.tr
        if mode is Mode.NONE:
            # Translators: the round key (I): rules without a sniff (spinner).
            return tr._("no sniff: the line has two ends")
        if mode is Mode.SNIFF:
            # Translators: the round key (I): the first double is the sniff (spinner).
            return tr._("the first double is the sniff: it opens north and south too")
        if mode is Mode.SNIFF_EXPOSED:
            # Translators: the round key (I): sniff-us rules, where the sniff's uncovered
            # halves count.
            return tr._(
                "the first double is the sniff: it opens north and south too, and each of "
                "its halves counts while nothing lies on it"
            )
        # Translators: the round key (I): stubby rules, where the sniff lies along the line
        # and its two side arms take one tile each.
        return tr._(
            "the first double is a stubby sniff: it lies lengthwise, and north and south "
            "take one tile each"
        )

    def scoring(self, rules: RuleSet) -> str:
        """Which counts score, and what they earn."""
        tr = self.tr
        kinds = {
            # Translators: the round key (I): which counts score, in "a count that is a
            # multiple of five scores it".
            Combination.FIVES: tr.pgettext("count is", "a multiple of five"),
            # Translators: the round key (I): which counts score (scoring threes).
            Combination.THREES: tr.pgettext("count is", "a multiple of three"),
            # Translators: the round key (I): which counts score (scoring threes and fives).
            Combination.THREES_FIVES: tr.pgettext("count is", "a multiple of three or of five"),
            # Translators: the round key (I): which counts score (scoring primes).
            Combination.PRIMES: tr.pgettext("count is", "a prime"),
            # Translators: the round key (I): which counts score (scoring Fibonacci numbers).
            Combination.FIBS: tr.pgettext("count is", "a Fibonacci number"),
        }
        kind = kinds[rules.scoring]
        if rules.points_unit == 1:
            # Translators: the round key (I): what a scoring count earns ("a count that is a
            # multiple of five scores its value").
            return tr._("a count that is {kind} scores its value").format(kind=kind)
        # Translators: the round key (I): what a scoring count earns when points come in
        # units (domino-play: "a count that is a multiple of five scores a point for every 5").
        return tr._("a count that is {kind} scores a point for every {unit}").format(
            kind=kind, unit=rules.points_unit
        )

    def drawing(self, rules: RuleSet) -> str:
        """When and how much to draw, and what a drawn tile that fits must do."""
        tr = self.tr
        limit = rules.draw_limit
        if limit is None and rules.must_play_drawn:
            # Translators: the round key (I): draw until a tile fits, and play it.
            text = tr._("if nothing fits, draw until a tile fits, and play it")
        elif limit is None:
            # Translators: the round key (I): draw until a tile fits; it may be kept.
            text = tr._("if nothing fits, draw until a tile fits; you need not play it")
        else:
            # Translators: the round key (I): drawing is limited ("if nothing fits, draw up
            # to 2 tiles, then pass").
            text = tr.ngettext(
                "if nothing fits, draw up to {n} tile, then pass",
                "if nothing fits, draw up to {n} tiles, then pass",
                limit,
            ).format(n=limit)
        if rules.draw_while_playable:
            # Translators: the round key (I): the house rule that lets you draw while a tile
            # fits, after the drawing rule.
            text = tr._("{rule}; you may draw even when a tile fits").format(rule=text)
        return text

    def leading(self, rules: RuleSet) -> str:
        """Who leads a round, and with what (the alle-fuenfe leader plays twice)."""
        tr = self.tr
        if rules.lead is LeadRule.HIGHEST_DOUBLE and rules.no_double is NoDouble.HEAVIEST:
            # Translators: the round key (I): alle-fuenfe's lead.
            text = tr._("the highest double leads; with no double, the heaviest tile")
        elif rules.lead is LeadRule.HIGHEST_DOUBLE:
            # Translators: the round key (I): muggins' lead; with no double the hands are
            # dealt again.
            text = tr._("the highest double leads; with no double, the tiles are dealt again")
        elif rules.next_leader is NextLeader.WINNER:
            # Translators: the round key (I): sniff-us: who went out leads next.
            text = tr._("any tile may lead; who went out leads the next round")
        else:
            # Translators: the round key (I): the lead passes round the table.
            text = tr._("any tile may lead; the lead passes round the table")
        if rules.leader_second_turn:
            # Translators: the round key (I): alle-fuenfe: the leader plays again at once.
            text = tr._("{rule}; the leader then plays a second tile").format(rule=text)
        return text

    def round_end(self, method: RoundScoring) -> str:
        """How a round's end is scored."""
        tr = self.tr
        if method is RoundScoring.OPPONENTS_PIPS:
            # Translators: the round key (I): sniff and muggins round ends.
            return tr._(
                "who goes out scores the pips left in the other hands; in a blocked round, "
                "each player scores the difference to every hand with more pips"
            )
        if method is RoundScoring.WINNER_NET_FIVES:
            # Translators: the round key (I): domino-play round ends.
            return tr._(
                "the round's winner, who goes out or holds the fewest pips, scores the other "
                "hands' pips less their own, rounded to five, a point for every 5"
            )
        if method is RoundScoring.SUBTRACT_OWN:
            # Translators: the round key (I): sniff-us round ends.
            return tr._(
                "at the round's end, each player loses the pips left in their hand, rounded to five"
            )
        # Translators: the round key (I): alle-fuenfe round ends.
        return tr._(
            "the round's winner, who goes out or holds the fewest pips, scores the other "
            "hands' pips, each hand rounded to five"
        )
