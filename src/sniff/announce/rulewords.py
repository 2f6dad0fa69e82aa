"""A rule set in words: what ``sniff rules PRESET`` prints, and the house rules
``sniff simulate`` names in its summary.

Each field is said by name and value in the player's language, followed by
what to type after ``--rule`` to choose it (the field's own name and value,
which the command line and game records use in every language).

>>> from sniff.i18n import Translator
>>> from sniff.engine import preset
>>> words = RuleWords(Translator.null())
>>> words.field(preset("sniff-us"), "targets")
'Target: 250 with 2 players, 200 with 3, 200 with 4 or more (targets=250,200,200)'
>>> words.house_rules(preset("sniff").with_changes(targets=30, muggins=True))
['target: 30', 'muggins rule: on']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from sniff.announce.menu import MenuWords
from sniff.engine import PRESETS, RuleSet, preset
from sniff.i18n import Translator

__all__ = ["RuleWords"]


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
    """Rule fields and their values in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.menu = MenuWords(tr)

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
