"""The announcer and the rules a player must follow by ear: what the open ends add up to,
the muggins rule's claims, refusals, and the end of the game."""

from __future__ import annotations

import random
import re

import pytest

from announce_script import DEAL
from helpers import play, scripted_game
from sniff.announce import Announcer
from sniff.engine import (
    PRESETS,
    CallMuggins,
    Claim,
    Claimed,
    End,
    Game,
    Layout,
    Move,
    MugginsCalled,
    Phase,
    Played,
    ScriptedDealer,
    SpinnerMode,
    Tile,
    observe,
    preset,
)
from sniff.i18n import translator

T = Tile.parse
NAMES = ("Ada", "Anna", "Bob")


def _announcer(lang: str = "en", verbosity: str = "normal", seat: int = 0) -> Announcer:
    return Announcer(seat, translator(lang), player_names=NAMES, verbosity=verbosity)  # type: ignore[arg-type]


def _layout(mode: SpinnerMode, *plays: str) -> Layout:
    layout = Layout.empty(mode)
    for item in plays:
        tile, end = item.split("@")
        layout = layout.place(T(tile), End(end))
    return layout


@pytest.mark.parametrize(
    ("mode", "plays", "brief", "normal"),
    [
        (  # the play-test's seed 11: double one west, six-blank east
            SpinnerMode.SNIFF,
            ("1-0@lead", "1-1@west", "6-0@east"),
            "West double one; east 6; north and south 1, not counted.",
            "West: the sniff, double one, counts 2; east 6; north and south open on 1, "
            "not counted yet.",
        ),
        (
            SpinnerMode.SNIFF,
            ("4-4@lead", "6-4@south"),
            "Double four west and east, counts 8; south 6; north 4, not counted.",
            "The sniff, double four, counts 8, open west and east; south 6; north open on 4, "
            "not counted yet.",
        ),
        (
            SpinnerMode.SNIFF_EXPOSED,
            ("4-4@lead", "6-4@west"),
            "West 6; east double four, not counted; north 4; south 4.",
            "West 6; east: the sniff, double four, not counted yet; north: the sniff's open half "
            "counts 4; south: the sniff's open half counts 4.",
        ),
        (
            SpinnerMode.NONE,
            ("6-6@lead",),
            "Double six west and east, counts 12.",
            "The lead, double six, counts 12, open west and east.",
        ),
        (
            SpinnerMode.STUBBY,
            ("4-4@lead", "4-3@north", "4-2@east"),
            "West double four lengthwise; east 2; north closed, 3; south 4, not counted.",
            "West: the sniff, double four, lengthwise, counts 4; east 2; north closed, still "
            "counts 3; south open on 4, not counted yet.",
        ),
    ],
)
def test_open_ends_say_what_counts(
    mode: SpinnerMode, plays: tuple[str, ...], brief: str, normal: str
) -> None:
    layout = _layout(mode, *plays)
    for verbosity, expected in (("brief", brief), ("normal", normal)):
        text = _announcer(verbosity=verbosity).book.ends_list(layout)
        assert text[0].upper() + text[1:] + "." == expected


def _heard_total(text: str) -> int:
    """What the spoken open ends add up to, read as a listener would."""
    total = 0
    # Items with commas of their own (they all say "count") are set apart by semicolons.
    for item in text.split("; " if "count" in text else ", "):
        if "not counted" in item:
            continue
        each = re.search(r"count (\d+) each", item)
        counts = re.search(r"counts (\d+)", item)
        if each:
            total += 2 * int(each.group(1))
        elif counts:
            total += int(counts.group(1))
        else:
            total += int(item.rsplit(" ", 1)[1])
    return total


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_numbers_heard_add_up_to_the_count(name: str) -> None:
    ann = _announcer()
    rng = random.Random(name)
    for seed in range(12):
        game = Game(preset(name), 2, seed=seed)
        while game.phase is Phase.PLAY or game.phase is Phase.CLAIM:
            actions = game.legal_actions()
            game.apply(rng.choice(actions))
            layout = game.layout
            if layout.lead is not None and layout.open_ends():
                text = ann.book.ends_list(layout)
                assert _heard_total(text) == layout.count, (layout, text)


@pytest.mark.parametrize(
    ("plays", "lang", "expected"),
    [
        (("2-2@lead",), "en", "double two lies lengthwise and counts 2 at each end; 4 in all"),
        (
            ("2-2@lead", "6-2@north"),
            "en",
            "end 6, plus double two lies lengthwise and counts 2 at each end; 10 in all",
        ),
        (("2-2@lead",), "de", "Zweierpasch liegt längs und zählt an jedem Ende 2; zusammen 4"),
    ],
)
def test_a_lone_lengthwise_lead_is_said_once_for_both_ends(
    plays: tuple[str, ...], lang: str, expected: str
) -> None:
    """Stubby rules: the lead alone in the line counts a half at each end; it is one tile,
    and was heard twice ("double two lies lengthwise and counts 2; double two lies ...")."""
    layout = _layout(SpinnerMode.STUBBY, *plays)
    assert _announcer(lang).book.arithmetic(layout) == expected


def _muggins_game() -> Game:
    return Game(preset("sniff").with_changes(muggins=True), 3, dealer=ScriptedDealer([DEAL]))


@pytest.mark.parametrize("verbosity", ["brief", "normal", "verbose"])
def test_muggins_rule_plays_and_previews_leave_the_points_to_the_claim(verbosity: str) -> None:
    game = _muggins_game()
    ann = _announcer(verbosity=verbosity)
    ann.on_events([game.log[0]], observe(game, 0))
    # The player counts their own play: neither the preview nor the play says the count.
    preview = ann.answers.preview(observe(game, 0), Move(T("5-5"), End.LEAD))
    assert preview.text == "Double five as the lead." and preview.points == 0
    said = ann.on_events(game.apply(Move(T("5-5"), End.LEAD)), observe(game, 0))
    assert "10" not in said[0].text and "score" not in said[0].text
    assert said[0].cue == "play" and said[0].points == 0
    assert said[-1].text == "Claim your points: how many did your play earn?"


def test_muggins_claims_say_right_or_what_the_play_earned() -> None:
    game = _muggins_game()
    ann, de = _announcer(verbosity="brief"), _announcer("de", verbosity="brief")
    for a in (ann, de):
        a.on_events([game.log[0]], observe(game, 0))
    events = game.apply(Move(T("5-5"), End.LEAD)) + game.apply(Claim(10))
    said = ann.on_events(events, observe(game, 0))
    assert said[0].text == "You lead double five. The sniff: north and south open."
    assert said[1].text == "You claim 10: right, 10 points. The count is 10."
    assert said[1].cue == "score"
    de.on_events(events, observe(game, 0))
    # Anna plays five-three west (13, nothing) and claims 20: wrong, nothing to take.
    events = game.apply(Move(T("5-3"), End.WEST)) + game.apply(Claim(20))
    said = ann.on_events(events, observe(game, 0))
    assert said[0].text == "Anna: five-three west, 13."
    assert said[1].text == "Anna claims 20: wrong, the play earned nothing."
    de.on_events(events, observe(game, 0))
    # Bob plays five-two east (5) and claims 0: Ada may call muggins.
    events = game.apply(Move(T("5-2"), End.EAST)) + game.apply(Claim(0))
    said = ann.on_events(events, observe(game, 0))
    assert said[1].text == "Bob claims 0: wrong, the play earned 5."
    assert said[-1].text == "Call muggins, or let it go?"
    german = de.on_events(events, observe(game, 0))
    assert german[1].text == "Bob meldet 0 Punkte: falsch, der Stein hat 5 Punkte gebracht."
    assert game.phase is Phase.MUGGINS and game.current == 0
    assert ann.events.muggins_let_go(0).text == "You let it go."
    assert ann.events.muggins_let_go(1).text == "Anna lets it go."
    assert de.events.muggins_let_go(1).text == "Anna verzichtet."
    (called,) = game.apply(CallMuggins(True))
    assert isinstance(called, MugginsCalled)
    assert ann.on_events([called], observe(game, 0))[0].text.startswith("Muggins! You take 5.")


def test_history_marks_your_plays_and_keeps_muggins_points_for_the_claims() -> None:
    game = _muggins_game()
    ann = _announcer()
    game.apply(Move(T("5-5"), End.LEAD))
    obs = observe(game, 1)
    # Until you have claimed, your play's count stays unsaid.
    assert ann.answers.history(observe(game, 0)).text == "You: double five as the lead."
    game.apply(Claim(10))
    game.apply(Move(T("5-3"), End.WEST))
    game.apply(Claim(0))
    text = ann.answers.history(observe(game, 0)).text
    assert (
        text == "You lead double five, 10. You claim 10: right. Anna: five-three west, 13. "
        "Anna claims 0: right."
    )
    assert obs.rules.muggins
    plain = Game(preset("sniff"), 3, dealer=ScriptedDealer([DEAL]))
    for move in ("5-5@lead", "5-3@west", "5-2@east", "5-0@north"):
        tile, end = move.split("@")
        plain.apply(Move(T(tile), End(end)))
    text = ann.answers.history(observe(plain, 0)).text
    assert text.endswith("Bob: five-two east, 5, scores 5. You: five-blank north, 5, scores 5.")


def test_scores_level_and_after_the_game_who_won() -> None:
    game = Game(preset("sniff").with_changes(targets=(10,)), 2, seed=4)
    ann = Announcer(0, translator("en"), player_names=("Ada", "Expert"))
    de = Announcer(0, translator("de"), player_names=("Ada", "Expert"))
    assert (
        ann.answers.scores(observe(game, 0)).text
        == "Score: you 0, Expert 0. Target 10. Scores are level."
    )
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
        else:
            game.apply(game.legal_actions()[0])
    obs = observe(game, 0)
    mine, theirs = obs.scores
    text = ann.answers.scores(obs).text
    if mine > theirs:
        assert text == f"You won, {mine} to {theirs}."
        assert de.answers.scores(obs).text == f"Du hast gewonnen, {mine} zu {theirs}."
    else:
        assert text == f"Expert won, {theirs} to {mine}."
        assert de.answers.scores(obs).text == f"Expert hat gewonnen, {theirs} zu {mine}."
    assert "leads by" not in text


def test_claim_events_name_the_claimer_in_both_languages() -> None:
    game = _muggins_game()
    for lang in ("en", "de"):
        ann = _announcer(lang)
        ann.on_events([game.log[0]], observe(game, 0))
        ann.on_events([Played(1, T("5-5"), End.LEAD, 10, 10)], observe(game, 0))
        (u,) = ann.on_events([Claimed(1, 10, True)], observe(game, 0), prompt=False)
        assert "Anna" in u.text and "10" in u.text


@pytest.mark.parametrize(
    ("name", "english", "german"),
    [
        ("domino-play", "10 in all: scores 2.", "zusammen 10: 2 Punkte."),  # count / 5
        ("sniff", "10 in all: scores 10.", "zusammen 10: 10 Punkte."),
    ],
)
def test_the_count_key_says_the_points_the_preset_gives(
    name: str, english: str, german: str
) -> None:
    game = scripted_game(name, ["5-5 6-1", "5-0 3-2"])
    play(game, "5-5 lead")
    play(game, "5-0 east")  # west the sniff, both halves: 10; east 0
    for lang, expected in (("en", english), ("de", german)):
        said = _announcer(lang).answers.count(observe(game, 0)).text
        assert said.endswith(expected), said


def test_scores_shared_by_two_leaders_of_three_are_not_level() -> None:
    from dataclasses import replace

    game = Game(preset("sniff"), 3, seed=4)
    ann = Announcer(0, translator("en"), player_names=("Ada", "Ben", "Cleo"))
    de = Announcer(0, translator("de"), player_names=("Ada", "Ben", "Cleo"))
    obs = replace(observe(game, 0), scores=(10, 5, 10))
    assert ann.answers.scores(obs).text.endswith("You and Cleo share the lead.")
    assert de.answers.scores(obs).text.endswith("Führung geteilt: du und Cleo.")
    assert ann.answers.scores(replace(obs, scores=(5, 5, 5))).text.endswith("Scores are level.")


def test_you_in_the_middle_of_the_new_game_list_is_lower_case() -> None:
    from sniff.announce.presenter import SeatPresenter
    from sniff.enums import SeatKind
    from sniff.storage.records import PlayerInfo

    rules = preset("sniff")
    game = Game(rules, 3, seed=2)
    players = (PlayerInfo("Ed", SeatKind.HUMAN), PlayerInfo("Ada", SeatKind.HUMAN),
               PlayerInfo("Anna", SeatKind.HUMAN))  # fmt: skip
    for language, start in (("de", "Neues Spiel: Ed, du und Anna"),
                            ("en", "New game: Ed, you and Anna")):  # fmt: skip
        seat = SeatPresenter(translator(language), 1, players, rules)
        assert seat.new_game_words(observe(game, 1)).text.startswith(start)
    first = SeatPresenter(translator("de"), 0, players, rules)
    assert first.new_game_words(observe(game, 0)).text.startswith("Neues Spiel: Du, Ada und")


def test_a_wrong_claim_let_go_is_said_by_whoever_let_it_go() -> None:
    """A step with no event is a wrong claim let go (muggins rule): its actor let it go;
    each seat hears who did, the one who made the claim too."""
    from sniff.announce.presenter import SeatPresenter
    from sniff.enums import SeatKind
    from sniff.session.table import Update
    from sniff.storage.records import PlayerInfo

    rules = preset("muggins")
    game = Game(rules, 2, seed=3)
    players = (PlayerInfo("Ada", SeatKind.HUMAN), PlayerInfo("Ben", SeatKind.HUMAN))
    heard = {}
    for seat in (0, 1):
        presenter = SeatPresenter(translator("en"), seat, players, rules)
        obs = observe(game, seat)
        said = presenter.step(Update((), obs, 0, False, len(game.log))).events
        heard[seat] = said[0].text
    assert heard == {0: "You let it go.", 1: "Ada lets it go."}


def test_a_digit_waiting_for_its_second_is_cancelled_by_f2_and_r() -> None:
    """A first digit waits for a second; F2 or R meanwhile ends the wait, so the digit's
    timer selects nothing afterwards (Enter then plays what the hint named)."""
    from sniff.announce.commands import Command
    from sniff.announce.presenter import SeatPresenter
    from sniff.enums import SeatKind
    from sniff.storage.records import PlayerInfo

    rules = preset("sniff")
    game = Game(rules, 2, seed=5)
    players = (PlayerInfo("Ada", SeatKind.HUMAN), PlayerInfo("Ben", SeatKind.HUMAN))
    seat = game.current
    presenter = SeatPresenter(translator("en"), seat, players, rules)
    obs = observe(game, seat)
    presenter.selection.keep(obs)  # (as the game's opening does)
    pip = obs.hand[-1].high
    for command in (Command.HINT, Command.REPEAT):
        chosen = presenter.selection.tile
        reply = presenter.digit(str(pip), obs)
        assert reply.wait is not None  # the first digit waits for a second
        presenter.command(command, obs)
        assert presenter.digit_alone(reply.token, obs) == []  # the wait was ended
        assert presenter.selection.tile == chosen and presenter.selection.pending is None


def test_enter_plays_the_required_lead_after_a_state_without_a_step() -> None:
    """Online, the game screen can open on the view from before the start (nothing
    legal yet) and the deal's view then comes in a state frame, not a step: Enter
    still plays the double that must lead, never the tile the hand began with; and a
    tile the player chose in the view that came stays chosen, so Enter says why."""
    from dataclasses import replace

    from sniff.announce.commands import Command
    from sniff.announce.presenter import SeatPresenter
    from sniff.enums import SeatKind
    from sniff.storage.records import PlayerInfo

    rules = preset("alle-fuenfe")
    game = next(
        g
        for g in (Game(rules, 3, seed=seed) for seed in range(50))
        if observe(g, g.current).hand[0] != g.legal_actions()[0].tile
    )
    players = tuple(PlayerInfo(name, SeatKind.HUMAN) for name in ("Ada", "Ben", "Cleo"))
    seat = game.current
    presenter = SeatPresenter(translator("en"), seat, players, rules)
    obs = observe(game, seat)
    presenter.selection.keep(replace(obs, legal=()))  # the view before the start
    assert presenter.selection.tile == obs.hand[0]
    (lead,) = obs.legal
    assert presenter.command(Command.ENTER, obs).action == lead
    other = next(t for t in obs.hand if t != lead.tile)
    presenter.selection.tile = other  # chosen by the player in this view
    reply = presenter.command(Command.ENTER, obs)
    assert reply.action is not None and reply.action.tile == other  # refused with why
