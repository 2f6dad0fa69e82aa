"""The turn prompt says what Enter would play: the selected play, its count, and
(unless the muggins rule leaves the counting to the player) what it scores.

Built on engine positions and the real announcer, in English and German.
"""

from __future__ import annotations

import pytest

from helpers import move, play, rules_of, scripted_game
from sniff.announce import Announcer
from sniff.engine import Claim, Game, Observation, observe
from sniff.i18n import translator

NAMES = ("Ada", "Ben")


def _announcer(lang: str, verbosity: str) -> Announcer:
    return Announcer(0, translator(lang), player_names=NAMES, verbosity=verbosity)  # type: ignore[arg-type]


def _table(preset: str = "sniff") -> Game:
    """Ada to play on double five (lead, the sniff) and five-three west: her five-blank
    fits east, north or south, her double three fits west."""
    game = scripted_game(preset, ["5-5 5-0 4-1 6-2 3-3", "6-4 5-3 2-1 6-6 1-0"], "0-0 6-5 1-1 4-3")
    play(game, "5-5 lead")
    play(game, "5-3 west")
    return game


def _prompt(obs: Observation, lang: str, verbosity: str, selected: str | None) -> str:
    said = _announcer(lang, verbosity).turn_prompt(
        obs, selected=None if selected is None else move(selected)
    )
    assert said is not None
    return said.text


@pytest.mark.parametrize(
    ("lang", "verbosity", "selected", "expected"),
    [
        ("en", "brief", "5-0 north", "Your turn, 2 fit: five-blank north, 13."),
        ("en", "brief", "3-3 west", "Your turn, 2 fit: double three west, 16."),
        ("en", "brief", "5-0 east", "Your turn, 2 fit: five-blank east, 3."),
        (
            "en",
            "normal",
            "5-0 north",
            "Your turn: five-blank fits east, north or south, double three fits west. "
            "Enter plays five-blank on the north end: the count would be 13.",
        ),
        (
            "en",
            "verbose",
            "3-3 west",
            "Your turn: five-blank fits east, north or south, double three fits west. "
            "Open ends: west 3; east: the sniff, double five, counts 10; north and south "
            "open on 5, not counted yet. Enter plays double three on the west end: double "
            "three counts 6, plus the sniff, double five, counts 10; 16 in all.",
        ),
        ("de", "brief", "5-0 north", "Du bist dran, 2 Steine passen: Fünf-Null im Norden, 13."),
        (
            "de",
            "normal",
            "3-3 west",
            "Du bist dran: Fünf-Null passt im Osten, im Norden oder im Süden, Dreierpasch "
            "passt im Westen. Eingabe legt Dreierpasch im Westen an: Der Zählwert wäre 16.",
        ),
    ],
)
def test_the_turn_prompt_names_the_play_enter_would_make(
    lang: str, verbosity: str, selected: str, expected: str
) -> None:
    assert _prompt(observe(_table(), 0), lang, verbosity, selected) == expected


@pytest.mark.parametrize(
    ("lang", "verbosity", "expected"),
    [
        ("en", "brief", "Your turn, 1 fits: five-two north, 15, scores 15."),
        (
            "en",
            "normal",
            "Your turn: five-two fits east, north or south. Enter plays five-two on the north "
            "end: the count would be 15, you score 15.",
        ),
        ("de", "brief", "Du bist dran, 1 Stein passt: Fünf-Zwei im Norden, 15, 15 Punkte."),
    ],
)
def test_a_scoring_selection_says_its_points(lang: str, verbosity: str, expected: str) -> None:
    # West 3, the sniff east (10): five-two north makes 3 + 10 + 2 = 15.
    game = scripted_game("sniff", ["5-5 5-2 4-1", "6-4 5-3"], "0-0 6-5 1-1 4-3")
    play(game, "5-5 lead")
    play(game, "5-3 west")
    assert _prompt(observe(game, 0), lang, verbosity, "5-2 north") == expected


def test_without_a_selection_or_with_an_illegal_one_the_old_words_stay() -> None:
    obs = observe(_table(), 0)
    plain = "Your turn, 2 fit."
    assert _prompt(obs, "en", "brief", None) == plain
    assert _prompt(obs, "en", "brief", "6-2 west") == plain  # six-two fits nowhere
    assert _prompt(obs, "en", "brief", "3-3 east") == plain  # double three fits west only
    assert _prompt(obs, "en", "normal", None).endswith("double three fits west.")


def test_the_turn_key_repeats_the_selected_play() -> None:
    obs = observe(_table(), 0)
    ann = _announcer("en", "brief")
    said = ann.answers.turn(obs, selected=move("3-3 west"))
    assert said.text == "Your turn, 2 fit: double three west, 16."
    assert ann.answers.turn(obs).text == "Your turn, 2 fit."


def test_the_events_that_pass_the_turn_end_with_the_selected_play() -> None:
    game = scripted_game("sniff", ["5-5 5-0 4-1 6-2 3-3", "6-4 5-3 2-1 6-6 1-0"], "0-0 6-5")
    play(game, "5-5 lead")
    start = len(game.log)
    play(game, "5-3 west")
    ann = _announcer("en", "brief")
    said = ann.on_events(game.log[start:], observe(game, 0), selected=move("5-0 north"))
    assert [u.text for u in said] == [
        "Ben: five-three west, 13.",
        "Your turn, 2 fit: five-blank north, 13.",
    ]
    # Its brief form for a braille display names the play too.
    normal = _announcer("en", "normal").turn_prompt(observe(game, 0), selected=move("5-0 north"))
    assert normal is not None and normal.short == "Your turn, 2 fit: five-blank north, 13."


@pytest.mark.parametrize(
    ("lang", "verbosity", "expected"),
    [
        ("en", "brief", "Your turn to lead: double five, 10, scores 10."),
        (
            "en",
            "normal",
            "Your turn to lead. Enter leads double five: the count would be 10, you score 10.",
        ),
        ("de", "brief", "Du spielst aus: Fünferpasch, 10, 10 Punkte."),
        (
            "de",
            "normal",
            "Du bist dran und spielst aus. Eingabe spielt Fünferpasch aus: Der Zählwert "
            "wäre 10, 10 Punkte für dich.",
        ),
    ],
)
def test_the_lead_prompt_names_the_tile_enter_would_lead(
    lang: str, verbosity: str, expected: str
) -> None:
    game = scripted_game("sniff", ["5-5 5-0 4-1 6-2 3-3", "6-4 5-3 2-1 6-6 1-0"], "0-0 6-5")
    assert _prompt(observe(game, 0), lang, verbosity, "5-5 lead") == expected


@pytest.mark.parametrize(
    ("verbosity", "expected"),
    [
        ("brief", "Your turn, 2 fit: five-blank north."),
        (
            "normal",
            "Your turn: five-blank fits east, north or south, double three fits west. "
            "Enter plays five-blank on the north end.",
        ),
    ],
)
def test_under_the_muggins_rule_the_prompt_names_the_play_but_leaves_the_count(
    verbosity: str, expected: str
) -> None:
    """As the what-if does: the player makes the count, and claims it."""
    game = scripted_game(
        rules_of("sniff", muggins=True),
        ["5-5 5-0 4-1 6-2 3-3", "6-4 5-3 2-1 6-6 1-0"],
        "0-0 6-5 1-1 4-3",
    )
    game.apply(move("5-5 lead"))
    game.apply(Claim(10))
    game.apply(move("5-3 west"))
    game.apply(Claim(0))
    obs = observe(game, 0)
    assert _prompt(obs, "en", verbosity, "5-0 north") == expected
