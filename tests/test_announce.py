"""The announcer: every event and refusal in words, priorities, queries, replay."""

from __future__ import annotations

import pytest

from announce_script import DEAL
from sniff.announce import Announcer, Utterance, narrate_events
from sniff.announce.keys import invalid_key
from sniff.engine import (
    DRAW,
    PASS,
    CallMuggins,
    Claim,
    Claimed,
    Combination,
    Dealt,
    Drew,
    End,
    Game,
    GameEnded,
    Layout,
    Move,
    MugginsCalled,
    Passed,
    Played,
    Reason,
    Refusal,
    RoundEnd,
    RoundEnded,
    ScriptedDealer,
    SpinnerMode,
    Tile,
    observe,
    preset,
)
from sniff.i18n import translator

NAMES = ("Ada", "Anna", "Bob")
T = Tile.parse


def _game(**changes: object) -> Game:
    return Game(preset("sniff").with_changes(**changes), 3, dealer=ScriptedDealer([DEAL]))


def _announcer(lang: str = "en", verbosity: str = "brief", seat: int = 0) -> Announcer:
    return Announcer(seat, translator(lang), player_names=NAMES, verbosity=verbosity)  # type: ignore[arg-type]


def test_tile_and_end_names_in_english_and_german() -> None:
    en, de = _announcer("en").words, _announcer("de").words
    assert [en.tile(T(t)) for t in ("5-3", "6-6", "6-0", "0-0")] == [
        "five-three",
        "double six",
        "six-blank",
        "double blank",
    ]
    assert [de.tile(T(t)) for t in ("5-3", "6-6", "6-0")] == [
        "Fünf-Drei",
        "Sechserpasch",
        "Sechs-Null",
    ]
    assert de.at(End.EAST) == "im Osten" and en.end(End.NORTH) == "north"


def test_other_players_plays_queue_and_your_own_interrupt() -> None:
    game = _game()
    ann = _announcer()
    ann.on_events([game.log[0]], observe(game, 0))
    mine = ann.on_events(game.apply(Move(T("5-5"), End.LEAD)), observe(game, 0))
    theirs = ann.on_events(game.apply(Move(T("5-3"), End.WEST)), observe(game, 0))
    assert mine[0].interrupt and mine[0].cue == "score" and mine[0].points == 10
    assert not theirs[0].interrupt and theirs[0].text == "Anna: five-three west, 13."
    assert theirs[0].end == "west"


def test_your_turn_is_said_once_and_counts_the_fitting_tiles() -> None:
    game = _game()
    ann = _announcer()
    said = ann.on_events([game.log[0]], observe(game, 0))
    assert said[-1].kind == "turn" and said[-1].cue == "turn"
    game.apply(Move(T("5-5"), End.LEAD))
    game.apply(Move(T("5-3"), End.WEST))
    events = game.apply(Move(T("5-2"), End.EAST))
    out = ann.on_events(events, observe(game, 0))
    turns = [u for u in out if u.kind == "turn"]
    assert [u.text for u in turns] == ["Your turn, 3 fit."] and out[-1] is turns[0]
    assert not turns[0].interrupt  # it must not cut off Bob's play before it
    assert [u.kind for u in ann.on_events(events, observe(game, 0), prompt=False)] == ["play"]


def test_others_draws_never_name_the_tile() -> None:
    ann = _announcer("de")
    game = _game()
    raw = Drew(1, T("6-5"))
    (u,) = ann.on_events([raw], observe(game, 0))
    assert u.text == "Anna zieht einen Stein." and "Sechs" not in u.text


def test_every_event_type_is_announced() -> None:
    game = _game()
    obs = observe(game, 0)
    hands = ((T("1-0"),), (), (T("6-6"),))
    events = [
        Dealt(1, DEAL.hands, DEAL.boneyard, 0),
        Dealt(2, DEAL.hands, DEAL.boneyard, None),
        Played(0, T("5-5"), End.LEAD, 10, 10),
        Drew(1, None),
        Drew(0, T("0-0")),
        Passed(2),
        Claimed(1, 5, False),
        MugginsCalled(0, 10),
        RoundEnded(1, RoundEnd.DOMINO, hands, (13, 0, 0), (13, 0, 0), 0),
        RoundEnded(1, RoundEnd.BLOCKED, hands, (0, 0, 0), (0, 0, 0), None),
        RoundEnded(1, RoundEnd.TARGET, hands, (0, 0, 0), (200, 0, 0), None),
        GameEnded(0, (200, 10, 5)),
    ]
    for lang in ("en", "de"):
        ann = _announcer(lang, "normal")
        for event in events:
            said = ann.on_events([event], obs)
            assert said and all(isinstance(u, Utterance) and u.text for u in said), event


def _refusal(reason: Reason, action: object, tiles: tuple[Tile, ...] = ()) -> Refusal:
    return Refusal(reason, "engine text", action, tiles)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_reason_has_a_spoken_refusal(lang: str) -> None:
    game = _game()
    game.apply(Move(T("5-5"), End.LEAD))
    obs = observe(game, 1)
    ann = _announcer(lang)
    samples = {
        Reason.NOT_IN_HAND: (Move(T("6-0"), End.WEST), (T("6-0"),)),
        Reason.END_CLOSED: (Move(T("5-3"), End.LEAD), ()),
        Reason.DOES_NOT_FIT: (Move(T("2-1"), End.WEST), (T("2-1"),)),
        Reason.MUST_LEAD: (Move(T("2-1"), End.LEAD), (T("6-6"),)),
        Reason.MUST_PLAY_DRAWN: (Move(T("2-1"), End.WEST), (T("5-3"),)),
        Reason.HOLDS_PLAYABLE: (DRAW, (T("5-3"),)),
        Reason.CAN_PLAY: (PASS, (T("5-3"),)),
        Reason.ENDWISE: (Move(T("6-6"), End.WEST, True), (T("6-6"),)),
        Reason.NEGATIVE_CLAIM: (Claim(-1), ()),
        Reason.WRONG_PHASE: (CallMuggins(True), ()),
    }
    texts = set()
    for reason in Reason:
        action, tiles = samples.get(reason, (DRAW, ()))
        u = ann.refusals.refusal(_refusal(reason, action, tiles), obs)
        assert u.interrupt and u.cue == "invalid" and u.text
        assert "engine text" not in u.text
        texts.add(u.text)
    assert len(texts) == len(Reason)
    fit = ann.refusals.refusal(
        _refusal(Reason.DOES_NOT_FIT, Move(T("2-1"), End.WEST), (T("2-1"),)), obs
    )
    nowhere = {
        "en": "Two-one fits nowhere: the ends are 5, 5, 5 and 5.",
        "de": "Zwei-Eins passt nirgends: Die offenen Enden sind 5, 5, 5 und 5.",
    }
    assert fit.text == nowhere[lang]
    elsewhere = ann.refusals.refusal(
        _refusal(Reason.DOES_NOT_FIT, Move(T("6-5"), End.WEST), (T("6-5"),)), observe(_west(), 2)
    )
    expected = {
        "en": "Six-five does not fit west, which is 3; it fits east, north or south.",
        "de": "Sechs-Fünf passt im Westen nicht, dort ist die 3 offen; er passt im Osten, "
        "im Norden oder im Süden.",
    }
    assert elsewhere.text == expected[lang]


def _west() -> Game:
    """Ada leads double five, Anna plays five-three west: the ends are 3 and 5."""
    game = _game()
    game.apply(Move(T("5-5"), End.LEAD))
    game.apply(Move(T("5-3"), End.WEST))
    return game


def test_refused_draw_and_pass_say_why_and_agree_on_the_lead() -> None:
    ann = _announcer()
    game = _game()
    obs = observe(game, 0)
    draw, pass_ = game.refusal(DRAW), game.refusal(PASS)
    assert draw is not None and pass_ is not None
    lead_first = "Lead a tile first: any tile of your hand."
    assert (
        ann.refusals.refusal(draw, obs).text == ann.refusals.refusal(pass_, obs).text == lead_first
    )
    required = Game(preset("alle-fuenfe"), 2, seed=1)
    obs = observe(required, required.current)
    lead = required.required_lead
    refused = required.refusal(PASS)
    assert lead is not None and refused is not None
    assert (
        ann.refusals.refusal(refused, obs).text == f"{ann.words.tile(lead).capitalize()} must lead."
    )
    game.apply(Move(T("5-5"), End.LEAD))
    obs = observe(game, 1)
    refused = game.refusal(PASS)
    assert refused is not None and refused.tiles
    tile = ann.words.tile(refused.tiles[0])
    assert (
        ann.refusals.refusal(refused, obs).text
        == f"You can't pass: you hold a tile that fits: {tile}."
    )
    can_draw = _refusal(Reason.CAN_DRAW, PASS)
    assert ann.refusals.refusal(can_draw, obs).text == "You can't pass: you can still draw."


def test_count_arithmetic_names_doubles_and_the_exposed_sniff() -> None:
    ann = _announcer()
    lay = (
        Layout.empty(SpinnerMode.SNIFF_EXPOSED).place(T("4-4"), End.LEAD).place(T("6-4"), End.WEST)
    )

    text = ann.book.count_arithmetic(lay, Combination.FIVES)
    assert text == (
        "end 6, plus the sniff's open half north counts 4, plus the sniff's open half south "
        "counts 4; 14 in all: no score"
    )
    lay = Layout.empty(SpinnerMode.NONE).place(T("5-5"), End.LEAD).place(T("5-3"), End.EAST)
    assert (
        ann.book.count_arithmetic(lay) == "end 3, plus double five counts 10; 13 in all: no score"
    )
    assert ann.book.earned(1, 15) == "Anna scores 15"


def test_partner_is_your_partner_and_points_go_to_your_side() -> None:
    game = Game(preset("sniff-us"), 4, seed=3)
    ann = Announcer(0, translator("de"), player_names=["A", "B", "C", "D"], verbosity="normal")
    obs = observe(game, 0)
    ann.on_events([game.log[0]], obs)
    (u,) = ann.on_events([Drew(2, None)], obs)
    assert u.text == "Dein Partner zieht einen Stein."
    assert ann.book.earned(2, 10) == "10 Punkte für deinen Partner"
    assert "du und C 0" in ann.answers.scores(obs).text


def test_queries_answer_from_the_observation() -> None:
    game = _game()
    game.apply(Move(T("5-5"), End.LEAD))
    obs = observe(game, 0)
    ann = _announcer()
    assert (
        ann.answers.ends(obs).text
        == "Double five west and east, counts 10; north and south 5, not counted."
    )
    assert (
        ann.answers.tile_choice(obs, T("5-0")).text
        == "Five-blank, fits west, east, north or south."
    )
    preview = ann.answers.preview(obs, Move(T("5-0"), End.WEST)).text
    assert preview == "Five-blank west: 10, you score 10."
    assert invalid_key(ann.tr, "F5").text == "F5 does nothing here; F1 for help."
    assert ann.welcome().interrupt
    a = ann.answers
    assert all(
        q(obs).interrupt for q in (a.hand, a.count, a.layout, a.boneyard, lambda o: a.unseen(o)[0])
    )


def test_replay_names_every_tile_as_a_spectator() -> None:
    game = _game()
    while game.legal_actions():
        game.apply(game.legal_actions()[0])
    lines = list(
        narrate_events(game.log, player_names=NAMES, translator=translator("en"), rules=game.rules)
    )
    assert lines[0].startswith("Round 1. Ada leads. Ada holds double five, five-blank")
    assert "Anna holds six-four, five-three, two-one, double six and one-blank" in lines[0]
    drawn = [line for line in lines if " draws " in line]
    assert all(any(w in line for w in ("-", "double")) for line in drawn)
    assert len(lines) == len(game.log)


@pytest.mark.parametrize("language", ["en", "de"])
def test_count_key_under_the_muggins_rule_leaves_the_scoring_to_the_player(
    language: str,
) -> None:
    rules = preset("sniff").with_changes(muggins=True)
    game = Game(rules, 3, dealer=ScriptedDealer([DEAL]))
    game.play(Move(Tile.of(5, 5), End.LEAD))  # counts 10: it would score 10
    names = ["You", "Anna", "Bob"]
    ann = Announcer(0, translator(language), player_names=names, verbosity="normal")
    plain = Announcer(0, translator(language), player_names=names, verbosity="normal")
    # While your claim is open the count key leaves the adding up to you.
    claiming = ann.answers.count(observe(game, 0)).text
    assert claiming.startswith(("Add up the ends yourself", "Zähl die Enden selbst"))
    game.claim(10)
    # After the claim: the arithmetic, but not what it scores.
    said = ann.answers.count(observe(game, 0)).text
    assert "10" in said
    without_rule = Game(preset("sniff"), 3, dealer=ScriptedDealer([DEAL]))
    without_rule.play(Move(Tile.of(5, 5), End.LEAD))
    scored = plain.answers.count(observe(without_rule, 0)).text
    assert said != scored and said.rstrip(".") in scored
