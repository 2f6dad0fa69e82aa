"""A rule set in words, in the player's language: what the rules mean at the
table, and each rule by its name and value.

Two uses, one vocabulary. The round key (I) names the preset and then says
what it means at the table (:meth:`RuleWords.describe`): the sniff or none,
which counts score and what they earn, how to draw, who leads, and how a
round's end is scored ("The first double is the sniff: it opens north and
south too. A count that is a multiple of five scores a point for every 5. If
nothing fits, draw up to 2 tiles, then pass."). ``sniff rules PRESET`` prints
every field by its name and value (:meth:`RuleWords.rule_set`), followed by
what to type after ``--rule`` to choose it (the field's own name and value,
which the command line and game records use in every language); ``sniff
simulate`` names the house rules of its games (:meth:`RuleWords.house_rules`),
and an error names a set or a direction (:meth:`RuleWords.value`). Each
sentence names a field of the :class:`~sniff.engine.RuleSet`; none of them
decides anything, so a house rule is said as it is played.

>>> from sniff.i18n import Translator
>>> from sniff.engine import preset
>>> words = RuleWords(Translator.null())
>>> words.field(preset("sniff-us"), "targets")
'Target: 250 with 2 players, 200 with 3, 200 with 4 or more (targets=250,200,200)'
>>> words.house_rules(preset("sniff").with_changes(targets=30, muggins=True))
['target: 30', 'muggins rule: on']
>>> words.spinner(preset("sniff").spinner)
'the first double is the sniff: it opens north and south too'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from sniff.announce.menu import MenuWords
from sniff.announce.words import Words
from sniff.engine import (
    PRESETS,
    Combination,
    LeadRule,
    NextLeader,
    NoDouble,
    RoundScoring,
    RuleSet,
    Tile,
    preset,
)
from sniff.engine import SpinnerMode as Mode
from sniff.i18n import Translator

__all__ = ["RuleWords", "typed"]


def typed(value: object) -> str:
    """A field's value as ``--rule`` takes it: ``on``, ``none``, ``7,5,5``."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "none"
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value)


class RuleWords:
    """The rules in words, in one language: sentences that say what a rule set
    means at the table, and rule fields with their values."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.words = Words(tr)
        self.menu = MenuWords(tr)

    # -- the round key (I): what the rules mean at the table ------------------------------

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

    # -- sniff rules ---------------------------------------------------------------------

    def presets(self) -> list[str]:
        """``sniff rules``: each preset by its name to type and its name in words."""
        tr = self.tr
        # Translators: sniff rules: the heading above the list of presets.
        lines = [tr._("Presets:")]
        lines += [
            # Translators: sniff rules: one preset, its name to type and its name in words
            # ("sniff-us: Sniff, US rules").
            tr._("{typed}: {name}").format(typed=name, name=self.menu.preset(name))
            for name in PRESETS
        ]
        # Translators: sniff rules: the last line; keep the command, PRESET as its --help says.
        lines.append(tr._("Show one with: sniff rules {preset}").format(preset=self._preset()))
        return lines

    def _preset(self) -> str:
        # Translators: in --help, the placeholder for a rule preset's name (--preset PRESET).
        return self.tr.pgettext("placeholder", "PRESET")

    def rule_set(self, rules: RuleSet) -> list[str]:
        """``sniff rules PRESET``: the preset's name, then every field, one a line."""
        # Translators: sniff rules PRESET, the first line: the preset's name in words and as
        # typed ("Rules: Sniff, US rules (sniff-us)").
        head = self.tr._("Rules: {name}").format(name=self.menu.preset(rules.preset, raw=True))
        names = [f.name for f in dataclasses.fields(rules) if f.name != "preset"]
        return [head, *(self.field(rules, name) for name in names)]

    def field(self, rules: RuleSet, name: str) -> str:
        """One field: its name and value in words, and how ``--rule`` writes it."""
        value = rules.to_json()[name]
        label = self.label(name)
        # Translators: sniff rules PRESET: one rule, its name, its value in words and what
        # --rule takes for it ("Spinner: the sniff, open on four sides (spinner=sniff)").
        return self.tr._("{label}: {value} ({typed})").format(
            label=label[:1].upper() + label[1:],  # it starts the line
            value=self.value(name, value),
            typed=f"{name}={typed(value)}",
        )

    def house_rules(self, rules: RuleSet) -> list[str]:
        """The fields in which *rules* differ from their preset, each "name: value"."""
        base = preset(rules.preset).to_json()
        changed = rules.to_json()
        return [
            # Translators: a house rule, its name and value ("target: 30").
            self.tr._("{label}: {value}").format(
                label=self.label(name), value=self.value(name, changed[name])
            )
            for name in changed
            if changed[name] != base[name]
        ]

    # -- names -----------------------------------------------------------------------------

    def label(self, name: str) -> str:
        """A rule field's name in words."""
        tr = self.tr
        labels = {
            # Translators: a rule's name (sniff rules): the domino set.
            "tile_set": tr.pgettext("rule", "tile set"),
            # Translators: a rule's name: how many tiles each hand holds.
            "hand_sizes": tr.pgettext("rule", "hand sizes"),
            # Translators: a rule's name: what the first double (the sniff) is.
            "spinner": tr.pgettext("rule", "spinner"),
            # Translators: a rule's name: which counts score.
            "scoring": tr.pgettext("rule", "scoring"),
            # Translators: a rule's name: a scoring play earns the count divided by this.
            "points_unit": tr.pgettext("rule", "points unit"),
            # Translators: a rule's name: how many tiles a turn may draw.
            "draw_limit": tr.pgettext("rule", "draw limit"),
            # Translators: a rule's name: drawing allowed while a tile fits.
            "draw_while_playable": tr.pgettext("rule", "draw while a tile fits"),
            # Translators: a rule's name: a drawn tile that fits must be played at once.
            "must_play_drawn": tr.pgettext("rule", "play the tile drawn"),
            # Translators: a rule's name: what a round's first tile may be.
            "lead": tr.pgettext("rule", "lead"),
            # Translators: a rule's name: what happens when nobody holds a double to lead.
            "no_double": tr.pgettext("rule", "nobody holds a double"),
            # Translators: a rule's name: who leads the first round.
            "first_leader": tr.pgettext("rule", "first leader"),
            # Translators: a rule's name: who leads the later rounds.
            "next_leader": tr.pgettext("rule", "next leader"),
            # Translators: a rule's name: the leader plays again at once.
            "leader_second_turn": tr.pgettext("rule", "leader's second turn"),
            # Translators: a rule's name: how a round's end is scored.
            "round_scoring": tr.pgettext("rule", "round-end scoring"),
            # Translators: a rule's name: the points that win the game.
            "targets": tr.pgettext("rule", "target"),
            # Translators: a rule's name: four players play as two teams.
            "partnerships": tr.pgettext("rule", "partnerships"),
            # Translators: a rule's name: which way play goes round the table.
            "direction": tr.pgettext("rule", "direction"),
            # Translators: a rule's name: a double may be laid lengthwise.
            "double_endwise": tr.pgettext("rule", "doubles lengthwise"),
            # Translators: a rule's name: players claim their own points.
            "muggins": tr.pgettext("rule", "muggins rule"),
        }
        return labels.get(name, name)

    def value(self, name: str, value: object) -> str:
        """A rule field's value (as ``RuleSet.to_json`` gives it) in words."""
        if isinstance(value, bool):
            return self.menu.on(value)
        if name in ("hand_sizes", "targets") and isinstance(value, list):
            return self._per_players(value)
        if name == "draw_limit":
            return self._draw_limit(value)
        if name == "scoring":
            return self.menu.combination(str(value))
        words = self._choices().get(name)
        if words is not None:
            said = words.get(str(value))
            if said is not None:
                return said()
        return str(value)

    def _per_players(self, numbers: list[object]) -> str:
        if len(set(numbers)) == 1:
            return str(numbers[0])
        # Translators: a rule with one number for each count of players ("7 with 2 players,
        # 6 with 3, 5 with 4 or more").
        return self.tr._("{two} with 2 players, {three} with 3, {four} with 4 or more").format(
            two=numbers[0], three=numbers[1], four=numbers[2]
        )

    def _draw_limit(self, value: object) -> str:
        if value is None:
            # Translators: the draw limit rule: draw until a tile fits.
            return self.tr.pgettext("rule", "no limit, draw until a tile fits")
        n = int(str(value))
        # Translators: the draw limit rule: the most tiles one turn may draw.
        return self.tr.ngettext("{n} tile a turn", "{n} tiles a turn", n).format(n=n)

    def _choices(self) -> dict[str, dict[str, Callable[[], str]]]:
        tr = self.tr
        return {
            "tile_set": {
                # Translators: a domino set, from double blank to double six (28 tiles).
                "double-six": lambda: tr.pgettext("rule", "double six"),
                # Translators: a domino set, to double nine (55 tiles).
                "double-nine": lambda: tr.pgettext("rule", "double nine"),
                # Translators: a domino set, to double twelve (91 tiles).
                "double-twelve": lambda: tr.pgettext("rule", "double twelve"),
            },
            "spinner": {
                # Translators: spinner rule: no double is a sniff; the line has two ends.
                "none": lambda: tr.pgettext("rule", "none, two ends"),
                # Translators: spinner rule: the first double is the sniff, open on four sides.
                "sniff": lambda: tr.pgettext("rule", "the sniff, open on four sides"),
                # Translators: spinner rule (US): as sniff, its free halves count.
                "sniff-exposed": lambda: tr.pgettext("rule", "the sniff, its free halves count"),
                # Translators: spinner rule: the sniff lies in line, one tile on each side.
                "stubby": lambda: tr.pgettext("rule", "the stubby sniff"),
            },
            "lead": {
                # Translators: lead rule: the leader may lead any tile.
                "any": lambda: tr.pgettext("rule", "any tile"),
                # Translators: lead rule: the holder of the highest double leads it.
                "highest-double": lambda: tr.pgettext("rule", "the highest double"),
            },
            "no_double": {
                # Translators: nobody holds a double: the hands are dealt again.
                "redeal": lambda: tr.pgettext("rule", "deal again"),
                # Translators: nobody holds a double: the heaviest tile leads.
                "heaviest": lambda: tr.pgettext("rule", "the heaviest tile leads"),
            },
            "first_leader": {
                # Translators: the first leader is chosen at random.
                "lot": lambda: tr.pgettext("rule", "by lot"),
                # Translators: each player draws a tile, the heaviest leads first.
                "draw-tiles": lambda: tr.pgettext("rule", "the heaviest tile drawn"),
            },
            "next_leader": {
                # Translators: the lead passes to the next player round the table.
                "rotate": lambda: tr.pgettext("rule", "round the table"),
                # Translators: who went out leads the next round.
                "winner": lambda: tr.pgettext("rule", "who went out"),
            },
            "round_scoring": {
                # Translators: round-end scoring: who went out scores the pips in the
                # opponents' hands (a blocked round: the differences).
                "opponents-pips": lambda: tr.pgettext("rule", "the opponents' pips"),
                # Translators: round-end scoring (Domino Play): the winner scores the opponents'
                # pips less their own side's, rounded, in fives.
                "winner-net-fives": lambda: tr.pgettext("rule", "the winner's net pips, in fives"),
                # Translators: round-end scoring (US): each side loses its own pips, rounded.
                "subtract-own": lambda: tr.pgettext("rule", "each side loses its own pips"),
                # Translators: round-end scoring (Alle Fünfe): the winner scores the opponents'
                # hands, each rounded to five.
                "winner-rounded-hands": lambda: tr.pgettext(
                    "rule", "the opponents' hands, rounded, to the winner"
                ),
            },
            "direction": {
                # Translators: play goes clockwise round the table.
                "clockwise": lambda: tr.pgettext("rule", "clockwise"),
                # Translators: play goes counter-clockwise round the table.
                "counter-clockwise": lambda: tr.pgettext("rule", "counter-clockwise"),
            },
        }
