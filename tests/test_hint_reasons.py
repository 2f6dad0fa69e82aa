"""A hint says why its play is best, from the engine's answers alone.

Issue 22: the hint gave only a risk ("the next player could score 10"), never
why the play was the one to make. Each position is a scripted deal; the figures
come from :func:`sniff.session.hints.explain` (what each play scores, the most
the next player could answer it with), the words from the real announcer.
"""

from __future__ import annotations

import pytest

from helpers import move, rules_of, scripted_game
from sniff.announce import Announcer
from sniff.announce.hints import HintWords
from sniff.engine import Claim, Game, RuleSet, observe
from sniff.i18n import translator
from sniff.session.hints import Hint, explain


def _game(
    hands: tuple[str, str],
    boneyard: str,
    leader: int,
    plays: list[str],
    rules: RuleSet | None = None,
) -> Game:
    game = scripted_game(rules or rules_of("sniff"), list(hands), boneyard, leader=leader)
    for text in plays:
        game.play(move(text))
    return game


def _said(game: Game, play: str, lang: str = "en") -> tuple[Hint, str]:
    obs = observe(game, 0)
    hint = explain(obs, move(play))
    ann = Announcer(0, translator(lang), player_names=("Ada", "Ben"), verbosity="normal")
    return hint, HintWords(ann.book).hint(hint, muggins=obs.rules.muggins).text


# Ben led double six; Ada played six-three east, Ben six-one south. West 6, east 3,
# south 1: five-one south makes 20, no other play scores.
SOUTH = (
    ("2-1 4-3 5-1 4-2 3-2 6-3 4-0", "6-0 6-6 6-1 2-2 5-4 6-4 5-3"),
    "5-5 3-1 0-0 6-2 1-1 1-0 5-0 3-3 3-0 4-1 6-5 2-0 4-4 5-2",
    1,
    ["6-6 lead", "6-3 east", "6-1 south"],
)


def test_the_play_that_scores_most_says_no_other_scores_as_much() -> None:
    hint, text = _said(_game(*SOUTH), "5-1 south")
    assert (hint.points, hint.best_points, hint.rivals) == (20, 20, 0)
    assert text == (
        "Five-one on the south end makes 20: you score 20. No other play scores as much. "
        "The next player could score 25 with tiles you have not seen."
    )


def test_giving_up_points_the_answers_do_not_explain_says_the_round_was_played_out() -> None:
    # Two-one south scores nothing and still leaves 20: the next player's answers do not
    # explain passing up five-one's 20, so the hint does not pretend they do.
    hint, text = _said(_game(*SOUTH), "2-1 south")
    assert hint.gives_up_points and hint.reply == 20 and hint.best_reply == 25
    assert text == (
        "Two-one on the south end makes 17: no score. Five-one on the south end would score "
        "20 now; this play did best when the rest of the round was played out."
    )


def test_giving_up_points_for_a_safer_play_says_what_the_greedy_play_risks() -> None:
    game = _game(
        ("5-3 6-5 5-0 2-1 3-2 6-3 4-2", "4-1 3-1 6-4 6-6 5-4 1-1 4-4"),
        "2-2 5-1 6-2 5-5 3-0 3-3 6-1 1-0 4-0 6-0 0-0 5-2 4-3 2-0",
        0,
        ["6-5 lead", "6-6 west"],
    )
    _hint, text = _said(game, "5-3 east")
    assert text == (
        "Five-three on the east end makes 15: you score 15. Six-three on the north end would "
        "score 20, but the next player could answer with 25; this play leaves at most 15."
    )


def test_giving_up_points_for_a_play_that_leaves_nothing_says_so() -> None:
    game = _game(
        ("6-3 2-1 5-2 1-1 3-1 5-5 0-0", "6-6 6-0 5-0 3-3 2-0 5-1 3-2"),
        "5-4 6-1 4-0 6-4 4-3 3-0 4-4 2-2 5-3 4-2 6-2 4-1 6-5 1-0",
        1,
        ["3-3 lead", "3-1 south", "3-2 north"],
    )
    _hint, text = _said(game, "2-1 north")
    assert text == (
        "Two-one on the north end makes 8: no score. Six-three on the west end would score 15, "
        "but the next player could answer with 20; this play leaves no score."
    )


def test_a_play_scoring_as_much_as_another_but_safer_says_so() -> None:
    game = _game(
        ("3-1 4-2 3-2 5-5 5-3 4-4 5-2", "6-2 3-0 6-4 2-1 4-1 4-0 2-2"),
        "4-3 5-4 6-5 1-0 6-6 2-0 0-0 5-1 1-1 6-3 6-0 3-3 5-0 6-1",
        1,
        ["2-1 lead"],
    )
    hint, text = _said(game, "3-1 east")
    assert (hint.points, hint.rivals, hint.reply, hint.rival_reply) == (5, 1, 0, 10)
    assert text == (
        "Three-one on the east end makes 5: you score 5. Another play scores as much, but the "
        "next player could answer it with 10; this one leaves no score."
    )


def test_when_no_play_scores_the_safest_says_what_the_others_would_leave() -> None:
    game = _game(
        ("5-1 0-0 2-0 4-2 2-1 3-3 4-3", "1-0 5-5 4-0 5-0 5-3 1-1 6-6"),
        "6-3 3-1 5-2 4-1 6-5 6-4 2-2 4-4 3-2 6-2 5-4 3-0 6-1 6-0",
        0,
        ["2-1 lead", "1-1 east"],
    )
    _hint, text = _said(game, "2-0 west")
    assert text == (
        "Two-blank on the west end makes 2: no score. No play scores now, but the next player "
        "could answer any other with 10 or more, this one with at most 5."
    )


def test_a_tie_the_answers_do_not_break_is_said_plainly() -> None:
    game = _game(
        ("5-0 5-2 6-6 6-5 5-3 3-0 4-3", "4-0 3-3 6-4 6-3 6-1 1-0 2-0"),
        "5-5 4-4 6-2 2-2 5-4 3-2 1-1 2-1 0-0 4-1 6-0 5-1 4-2 3-1",
        1,
        ["3-3 lead", "3-0 west", "4-0 west"],
    )
    _hint, text = _said(game, "5-3 north")
    assert text == (
        "Five-three on the north end makes 15: you score 15. Another play scores as much; this "
        "one did best when the rest of the round was played out. The next player could score "
        "20 with tiles you have not seen."
    )


def test_the_only_play_is_called_so() -> None:
    game = _game(
        ("0-0 6-3 1-1 4-0 2-1 6-6 4-4", "5-3 2-2 5-5 5-2 3-0 5-1 4-2"),
        "6-5 6-2 3-3 2-0 4-3 6-1 3-1 4-1 3-2 6-4 1-0 5-4 5-0 6-0",
        0,
        ["6-3 lead", "5-3 east"],
    )
    _hint, text = _said(game, "6-6 west")
    assert text == (
        "Double six on the west end makes 17: no score. It is your only play. The next player "
        "could score 10 with tiles you have not seen."
    )


def test_under_the_muggins_rule_the_reasons_leave_the_points_unsaid() -> None:
    hands, boneyard, leader, _plays = SOUTH
    game = scripted_game(rules_of("sniff", muggins=True), list(hands), boneyard, leader=leader)
    for text, claim in (("6-6 lead", 0), ("6-3 east", 15), ("6-1 south", 0)):
        game.play(move(text))
        game.apply(Claim(claim))
    _hint, text = _said(game, "5-1 south")
    assert text == (
        "Five-one on the south end makes 20. The next player could score 25 with tiles you "
        "have not seen."
    )


@pytest.mark.parametrize(
    ("play", "expected"),
    [
        (
            "5-1 south",
            "Fünf-Eins im Süden ergibt 20: 20 Punkte für dich. Kein anderer Zug bringt so viel. "
            "Mit Steinen, die du noch nicht gesehen hast, könnte der nächste Spieler darauf 25 "
            "Punkte holen.",
        ),
    ],
)
def test_the_reasons_in_german(play: str, expected: str) -> None:
    _hint, text = _said(_game(*SOUTH), play, "de")
    assert text == expected
