"""The round key (I) says what the rules are, not only their name; help (F1) speaks of
claims only under the muggins rule.

Issue 22: I said only "Rules: Domino Play"; F1 told every player to type the
points they claim, with the muggins rule off.
"""

from __future__ import annotations

import pytest

from helpers import scripted_game
from sniff.announce import Announcer
from sniff.announce.keys import KeyTexts
from sniff.announce.menu import MenuWords
from sniff.engine import PRESETS, Game, RuleSet, observe
from sniff.i18n import translator


def _round_key(rules: RuleSet, lang: str = "en", players: int = 2) -> str:
    game = Game(rules, players, seed=1)
    ann = Announcer(0, translator(lang), player_names=("Ada", "Ben", "Cleo", "Dan"))
    name = MenuWords(translator(lang)).preset(rules.preset)
    return ann.answers.round_info(observe(game, 0), name).text


def test_the_round_key_says_what_domino_play_is() -> None:
    assert _round_key(PRESETS["domino-play"]) == (
        "Round 1, a game to 60 points. Rules: Domino Play. The first double is the sniff: it "
        "opens north and south too. A count that is a multiple of five scores a point for "
        "every 5. If nothing fits, draw up to 2 tiles, then pass. Any tile may lead; the lead "
        "passes round the table. The round's winner, who goes out or holds the fewest pips, "
        "scores the other hands' pips less their own, rounded to five, a point for every 5."
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_preset_is_told_apart_by_what_the_round_key_says(lang: str) -> None:
    said = {}
    for name, rules in PRESETS.items():
        text = _round_key(rules, lang, players=4 if rules.partnerships else 2)
        rules_part = text.split(". ", 2)[2]  # after the round and the preset's name
        assert rules_part.count(". ") >= 4, text  # the layout, scoring, drawing, lead, end
        said[name] = rules_part
    assert len(set(said.values())) == len(PRESETS)


@pytest.mark.parametrize(
    ("preset", "fact"),
    [
        ("sniff", "Who goes out scores the pips left in the other hands"),
        ("muggins", "The highest double leads; with no double, the tiles are dealt again."),
        ("alle-fuenfe", "the heaviest tile; the leader then plays a second tile."),
        ("sniff-us", "each of its halves counts while nothing lies on it"),
        ("sniff-us", "each player loses the pips left in their hand, rounded to five."),
        ("sniff-us", "Partners sit opposite and score together."),
        ("sniff-stubby", "a stubby sniff: it lies lengthwise, and north and south take one"),
    ],
)
def test_each_preset_is_said_with_its_own_rules(preset: str, fact: str) -> None:
    rules = PRESETS[preset]
    assert fact in _round_key(rules, players=4 if rules.partnerships else 2)


def test_house_rules_are_said_as_they_are_played() -> None:
    rules = PRESETS["sniff"].with_changes(
        tile_set="double-nine",
        scoring="primes",
        draw_limit=1,
        draw_while_playable=True,
        double_endwise=True,
        muggins=True,
    )
    text = _round_key(rules)
    for fact in (
        "Tiles up to double nine.",
        "A count that is a prime scores its value.",
        "If nothing fits, draw up to 1 tile, then pass; you may draw even when a tile fits.",
        "A double may be laid lengthwise, and then counts one half.",
        "The muggins rule is on.",
    ):
        assert fact in text


def test_the_round_key_in_german() -> None:
    text = _round_key(PRESETS["domino-play"], "de")
    assert text.startswith("Runde 1, gespielt wird bis 60 Punkte. Regeln: Domino Play. ")
    assert "Wenn nichts passt, ziehst du bis zu 2 Steine, dann passt du." in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_help_names_claims_for_the_digits_only_under_the_muggins_rule(lang: str) -> None:
    keys = KeyTexts(translator(lang))
    plain, muggins = keys.claim_digits(), keys.claim_digits(muggins=True)
    claim = {"en": "claim", "de": "meldest"}[lang]
    assert claim not in plain
    assert claim in muggins
    assert muggins.startswith(plain)


def test_the_round_key_names_the_round_before_the_rules() -> None:
    game = scripted_game("sniff", ["6-6 1-1", "1-0 2-2"])
    text = Announcer(0, translator("en"), player_names=("Ada", "Ben")).answers.round_info(
        observe(game, 0)
    )
    assert text.text.startswith("Round 1, a game to 200 points. The first double is the sniff")
