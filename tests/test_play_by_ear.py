"""Playing by ear: nothing missed, every fact one key away, words that say why.

Each test is named after what a blind player needs (issue 11).
"""

from __future__ import annotations

import re

from helpers import rules_of, scripted_game, tile
from sniff.announce import Announcer
from sniff.announce.catchup import CatchUpWords
from sniff.announce.hints import HintWords
from sniff.engine import (
    Claim,
    Drew,
    End,
    Move,
    Observation,
    Passed,
    Played,
    RoundEnd,
    RoundEnded,
    observe,
    preset,
)
from sniff.i18n import translator
from sniff.session.hints import Hint, explain

NAMES = ("You", "Anna", "Ben")


def _ann(language: str = "en", verbosity: str = "normal") -> Announcer:
    return Announcer(0, translator(language), player_names=NAMES, verbosity=verbosity)


def test_catch_up_condenses_each_turn_into_one_clause() -> None:
    game = scripted_game("sniff", ["5-5 0-0 1-1", "5-1 2-2 3-3", "4-4 6-6 6-5"], "6-1 4-3 2-1")
    game.play(Move.parse("5-5 lead"))
    events = [
        Played(1, tile("5-1"), End.WEST, 11, 0),
        Drew(2, tile("6-1")),
        Drew(2, tile("4-3")),
        Passed(2),
    ]
    words = CatchUpWords(_ann().book)
    said = words.catch_up(events, game.rules)
    assert said is not None
    assert said.text == "Meanwhile: Anna played five-one west, 11; Ben drew 2 and passed."
    assert "six-one" not in said.text  # Ben's draws stay hidden
    german = CatchUpWords(_ann("de").book).catch_up(events, game.rules)
    assert german is not None and german.text.startswith("Inzwischen: Anna hat Fünf-Eins")


def test_catch_up_says_a_muggins_call_and_a_score() -> None:
    rules = preset("sniff")
    from sniff.engine import MugginsCalled

    events = [Played(1, tile("5-0"), End.NORTH, 15, 15), MugginsCalled(2, 10)]
    text = CatchUpWords(_ann().book).clauses(events, rules)
    assert text == ["Anna played five-blank north, 15, scored 15", "Ben called muggins, took 10"]


def test_others_draws_are_one_line_not_one_per_tile() -> None:
    game = scripted_game(
        "sniff",
        ["5-5 0-0 1-1 2-0 3-0", "6-2 2-2 3-3 4-1 1-0", "4-4 6-6 6-5 6-4 6-3"],
        "6-1 4-3 2-1",
    )
    game.play(Move.parse("5-5 lead"))
    ann = _ann()
    said = ann.on_events([Drew(1, None), Drew(1, None), Drew(1, None)], observe(game, 0))
    assert [u.text for u in said] == ["Anna draws 3 tiles."]


def test_the_turn_prompt_names_what_fits_and_brief_mode_counts() -> None:
    hands = ["6-3 5-5 2-2 1-0 4-0", "6-6 6-1 4-4 3-3 2-1", "5-0 5-1 5-2 5-3 5-4"]
    game = scripted_game("sniff", hands, leader=1)
    game.play(Move.parse("6-6 lead"))
    game.pass_turn()  # Ben: nothing fits, nothing to draw
    obs = observe(game, 0)
    assert _ann().answers.turn_prompt(obs) == (
        "Your turn: six-three fits west, east, north or south."
    )
    assert _ann(verbosity="brief").answers.turn_prompt(obs) == "Your turn, 1 fits."


def test_the_deal_reads_the_hand_and_brief_mode_too() -> None:
    game = scripted_game(
        "sniff", ["6-3 5-5 2-2 1-0 4-0 6-0 5-1", "6-6 6-1 4-4 3-3 2-1 2-0 3-1"], ""
    )
    said = _ann(verbosity="brief").on_events(game.log, observe(game, 0), prompt=False)
    # "Your turn to lead" follows in the prompt, so the deal need not say who leads.
    assert said[0].text.startswith("Round 1. Your tiles: six-three, double five")
    said = _ann().on_events(game.log, observe(game, 0), prompt=False)
    assert "You hold 7 tiles: six-three, double five, double two" in said[0].text


def test_brief_mode_says_when_the_sniff_is_formed() -> None:
    game = scripted_game("sniff", ["4-4 6-1", "4-2 3-3"], "")
    events = game.apply(Move.parse("4-4 lead"))
    (said, *_) = _ann(verbosity="brief").on_events(events, observe(game, 0))
    assert said.text == "You lead double four, 8. The sniff: north and south open."


def test_alle_fuenfe_announces_the_leaders_second_turn() -> None:
    game = scripted_game("alle-fuenfe", ["6-6 6-4 1-0", "5-5 2-2 3-1"], leader=0)
    game.play(Move.parse("6-6 lead"))
    events = game.apply(Move.parse("6-4 west"))
    mine = observe(game, 0)
    assert (
        _ann(verbosity="brief").on_events(events, mine)[0].text.startswith("Again: six-four west")
    )
    assert _ann().on_events(events, mine)[0].text.startswith("You play again: six-four")
    other = Announcer(1, translator("en"), player_names=("Ada", "You"), verbosity="normal")
    said = other.on_events(events, observe(game, 1))[0].text
    assert said.startswith("Ada plays again: six-four on the west end")


def test_round_end_says_the_scores_before_the_detail() -> None:
    event = RoundEnded(1, RoundEnd.BLOCKED, ((tile("6-6"),), (tile("1-0"),)), (11, 0), (11, 0))
    game = scripted_game("sniff", ["6-6 1-1", "1-0 2-2"], "")
    said = _ann().on_events([event], observe(game, 0), prompt=False)[0].text
    assert said.index("Score: you 11") < said.index("You hold double six: 12 pips")


def test_muggins_rule_keeps_your_count_unsaid_until_you_claim() -> None:
    rules = rules_of("sniff", muggins=True)
    game = scripted_game(rules, ["5-5 0-0 1-1", "5-1 2-2 3-3"], "")
    ann = _ann()
    events = game.apply(Move.parse("5-5 lead"))
    said = " ".join(u.text for u in ann.on_events(events, observe(game, 0)))
    assert "10" not in said and "Claim your points" in said
    obs = observe(game, 0)
    assert "10" not in ann.answers.history(obs).text
    assert ann.answers.count(obs).text.startswith("Add up the ends yourself")
    assert "count is" not in ann.answers.layout(obs).text
    events = game.apply(Claim(10))
    said = " ".join(u.text for u in ann.on_events(events, observe(game, 0)))
    assert "You claim 10: right, 10 points. The count is 10." in said


def test_others_right_claims_of_nothing_are_not_said_every_turn() -> None:
    rules = rules_of("sniff", muggins=True)
    game = scripted_game(rules, ["5-5 0-0 1-1", "5-1 2-2 3-3"], "")
    game.apply(Move.parse("5-5 lead"))
    game.apply(Claim(10))
    events = game.apply(Move.parse("5-1 west")) + game.apply(Claim(0))
    texts = [u.text for u in _ann().on_events(events, observe(game, 0))]
    assert not any("claims 0" in t for t in texts)


def test_the_round_key_names_the_round_rules_and_target() -> None:
    game = scripted_game("sniff-us", ["5-5 0-0 1-1 2-2 3-3 4-4 6-6", "5-1 2-1 3-1 4-1 6-1 3-2 4-2"])
    said = _ann().answers.round_info(observe(game, 0), "Sniff, US rules").text
    assert said.startswith("Round 1, a game to 250 points. Rules: Sniff, US rules. ")


def _unseen_parts(ann: Announcer, obs: Observation) -> list[str]:
    """Every part of the unseen-tiles answer, T pressed until it says no more."""
    heard: list[str] = []
    while True:
        said, more = ann.answers.unseen(obs, len(heard))
        heard.append(said.text)
        if not more:
            return heard


def test_each_suit_of_unseen_tiles_reads_as_many_tiles_as_it_says() -> None:
    """Issue 22: "Fives, 5: six-five, double five, five-four, five-blank" read four of
    five, and "Sixes, 7: double six" one of seven: a tile said under an earlier suit was
    counted but not read again. Every suit now reads every unseen tile it counts."""
    game = scripted_game("sniff", ["6-6 1-1 2-2 3-3 4-4 0-0 5-3", "6-5 6-4 6-3 6-2 6-1 6-0 5-4"])
    obs = observe(game, 0)
    ann = _ann()
    heard = _unseen_parts(ann, obs)
    assert heard[0].startswith("21 tiles unseen, by suit, fewest first.")
    assert len(heard) > 1 and all(part.endswith("T for more.") for part in heard[:-1])
    named = {name: t for t, name in ann.words.all_tile_names().items()}
    suits = {name: s for s, name in enumerate(ann.words.suits)}
    unseen = set(obs.unseen_tiles())
    groups = re.findall(r"(\w+), (\d+): ([^.]+)\.", " ".join(heard))
    assert [suits[g[0].lower()] for g in groups] == [3, 6, 5, 4, 2, 1, 0]  # fewest first
    for suit, count, tiles in groups:
        read = [named[name] for name in tiles.split(", ")]
        assert int(count) == len(read), suit
        assert set(read) == {t for t in unseen if t.has(suits[suit.lower()])}, suit


def test_suits_all_seen_are_named_first() -> None:
    # Ann holds every three but three-blank; three-blank led: nobody else holds a three.
    game = scripted_game(
        "sniff",
        ["3-0 6-3 5-3 4-3 3-3 3-2 3-1", "6-6 5-5 4-4 2-2 1-1 6-5 6-4"],
        leader=0,
    )
    game.play(Move.parse("3-0 lead"))
    obs = observe(game, 0)
    first = _ann().answers.unseen(obs)[0].text
    assert first.startswith("21 tiles unseen, by suit, fewest first. All seen: threes.")
    german = _ann("de").answers.unseen(obs)[0].text
    assert german.startswith(
        "Noch nicht gesehen: 21 Steine, nach Zahlen, die seltenste zuerst. Alle gesehen: Dreien."
    )


def test_a_hint_that_gives_up_points_says_why() -> None:
    fake = Hint(
        Move(tile("3-2"), End.EAST),
        count=7,
        points=0,
        reply=5,
        best_points=10,
        best_move=Move(tile("5-0"), End.EAST),
        best_reply=20,
    )
    assert fake.gives_up_points
    words = HintWords(_ann().book)
    text = words.hint(fake, muggins=False).text
    assert text.startswith("Three-two on the east end makes 7: no score.")
    assert "Five-blank on the east end would score 10, but the next player could answer" in text
    assert "with 20; this play leaves at most 5" in text


def test_hint_figures_come_from_the_engine() -> None:
    game = scripted_game("sniff", ["5-5 5-0 3-2 4-4", "5-1 2-1 1-0 4-3"], "6-5 6-4")
    game.play(Move.parse("5-5 lead"))
    game.play(Move.parse("5-1 west"))
    obs = observe(game, 0)
    moves = [a for a in obs.legal if isinstance(a, Move)]
    for move in moves:
        hint = explain(obs, move)
        assert hint.points <= hint.best_points
        assert hint.gives_up_points == (hint.points < hint.best_points)
