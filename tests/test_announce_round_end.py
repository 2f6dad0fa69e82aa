"""The end of a round by ear: the tiles left in each hand, and how the points were
reckoned, rounding included, in every verbosity and both languages.

Issue 22: "Ben holds 0 pips" sounded like an empty hand (it was the double blank),
and in domino-play the rounding was never said.
"""

from __future__ import annotations

import pytest

from helpers import play, scripted_game, tile
from sniff.announce import Announcer
from sniff.engine import PASS, PRESETS, Game, Phase, RoundEnded, observe
from sniff.i18n import translator

VERBOSITIES = ("brief", "normal", "verbose")


def _round_end(game: Game, lang: str, verbosity: str) -> str:
    assert game.phase is Phase.ROUND_OVER
    ann = Announcer(0, translator(lang), player_names=("Ada", "Ben"), verbosity=verbosity)  # type: ignore[arg-type]
    ended = [e for e in game.log if isinstance(e, RoundEnded)]
    (said,) = ann.on_events(ended, observe(game, 0))
    return said.text


def _domino(preset: str, ada: str, ben: str) -> Game:
    """Ada leads double six, Ben answers west with six-one, Ada goes out east."""
    game = scripted_game(preset, [f"6-6 {ada}", f"6-1 {ben}"])
    play(game, "6-6 lead")
    play(game, "6-1 west")
    play(game, f"{ada} east")
    return game


def _blocked(preset: str, ada: str, ben: str) -> Game:
    """Ada leads double six, Ben plays six-blank west; nothing else fits: both pass."""
    game = scripted_game(preset, [f"6-6 {ada}", f"6-0 {ben}"])
    play(game, "6-6 lead")
    play(game, "6-0 west")
    game.apply(PASS)
    game.apply(PASS)
    return game


@pytest.mark.parametrize("verbosity", VERBOSITIES)
def test_a_hand_of_the_double_blank_is_named_not_heard_as_empty(verbosity: str) -> None:
    game = _domino("sniff", "6-4", "0-0")
    assert _round_end(game, "en", verbosity).endswith("Ben holds double blank: 0 pips.")
    assert _round_end(game, "de", verbosity).endswith("Ben hat noch Nullerpasch: 0 Augen.")


@pytest.mark.parametrize("verbosity", VERBOSITIES)
def test_each_hand_left_is_said_tiles_first_then_its_pips(verbosity: str) -> None:
    text = _round_end(_blocked("sniff", "1-1", "2-2 3-3"), "en", verbosity)
    assert "You hold double one: 2 pips. Ben holds double two and double three: 10 pips." in text


@pytest.mark.parametrize("verbosity", VERBOSITIES)
def test_domino_play_says_the_rounding_and_the_point_per_five(verbosity: str) -> None:
    game = _domino("domino-play", "6-4", "5-4")
    assert _round_end(game, "en", verbosity) == (
        "Domino! You went out. You score 2. Score: you 3, Ben 0. Ben holds five-four: 9 pips. "
        "9 pips, rounded to 10: 2 points."
    )
    assert _round_end(game, "de", verbosity).endswith(
        "Ben hat noch Fünf-Vier: 9 Augen. 9 Augen, auf 10 gerundet: 2 Punkte."
    )


def test_a_blocked_domino_play_round_takes_the_winners_pips_off_first() -> None:
    game = _blocked("domino-play", "1-1", "2-2 3-3")
    assert _round_end(game, "en", "brief").endswith("10 minus 2 is 8, rounded to 10: 2 points.")
    assert _round_end(game, "de", "brief").endswith("10 minus 2 ist 8, auf 10 gerundet: 2 Punkte.")


def test_a_blocked_round_tied_for_the_fewest_pips_says_why_nobody_scores() -> None:
    game = _blocked("domino-play", "3-1", "2-2")
    assert _round_end(game, "en", "brief") == (
        "Blocked: nobody can play. Nobody scores. Score: you 0, Ben 0. You hold three-one: "
        "4 pips. Ben holds double two: 4 pips. A tie for the fewest pips."
    )


def test_hands_rounded_by_the_rules_say_their_rounding_once_it_changes_them() -> None:
    # Sniff-us: each player loses their own pips, rounded to five.
    game = _domino("sniff-us", "6-4", "5-4 1-0")
    assert _round_end(game, "en", "brief").endswith("Ben holds five-four and one-blank: 10 pips.")
    game = _domino("sniff-us", "6-4", "5-4 2-0")
    assert _round_end(game, "en", "brief").endswith(
        "Ben holds five-four and two-blank: 11 pips, rounded to 10."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Domino! Your partner went out."),
        ("de", "Domino! Dein Partner hat alle Steine gelegt."),
    ],
)
def test_a_partner_going_out_starts_a_sentence_of_its_own(lang: str, expected: str) -> None:
    ended = RoundEnded(1, "domino", ((tile("6-4"),), (), (tile("1-0"),), ()), (0, 11), (0, 11), 3)
    game = scripted_game("sniff-us", ["6-6", "5-5", "4-4", "3-3"], players=4)
    ann = Announcer(1, translator(lang), player_names=("Ada", "Ben", "Cleo", "Dan"))
    (said,) = ann.on_events([ended], observe(game, 1), prompt=False)
    assert said.text.startswith(expected)


def test_after_the_game_two_partners_won_together() -> None:
    """The scores key after the game: "Ada und Cleo haben gewonnen", not "hat"."""
    game = scripted_game(
        PRESETS["sniff-us"].with_changes(targets=(10, 10, 10)),
        ["5-5 6-6", "5-0 1-1", "4-4 2-2", "3-3 0-0"],
        players=4,
    )
    play(game, "5-5 lead")  # 10 for Ada and Cleo: the target
    assert game.phase is Phase.GAME_OVER
    for lang, expected in (("en", "Ada and Cleo won"), ("de", "Ada und Cleo haben gewonnen")):
        ann = Announcer(1, translator(lang), player_names=("Ada", "Ben", "Cleo", "Dan"))
        assert ann.answers.scores(observe(game, 1)).text.startswith(expected)
