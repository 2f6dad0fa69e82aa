"""Saving and resuming a game (sniff.storage.savegame): the resumed game is the same game."""

from __future__ import annotations

import dataclasses
import errno
import json
import random
from pathlib import Path
from typing import Any

import pytest

from damaged_files import is_set_aside
from sniff.bots import GreedyBot, RandomBot
from sniff.engine import (
    CallMuggins,
    Claim,
    Claimed,
    Game,
    Move,
    MugginsCalled,
    Phase,
    observe,
    preset,
)
from sniff.storage.atomic import Problem
from sniff.storage.records import PlayerInfo
from sniff.storage.savegame import (
    GameSnapshot,
    SaveError,
    SaveState,
    action_from_text,
    action_to_text,
    delete_save,
    load_game,
    load_or_set_aside,
    restore,
    save_game,
    snapshot,
    snapshot_from_json,
    snapshot_to_json,
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    return tmp_path


Bot = RandomBot | GreedyBot


def _bots(players: int, seed: int) -> list[Bot]:
    """Bots of two levels with their own generators (their states are saved too)."""
    return [
        RandomBot(seed + seat) if seat % 2 else GreedyBot(seed + seat) for seat in range(players)
    ]


def _step(state: SaveState, bots: list[Bot]) -> None:
    """One action by the bot whose turn it is (dealing the next round first if due)."""
    game = state.game
    if game.phase is Phase.ROUND_OVER:
        game.next_round()
    seat = game.current
    state.apply(bots[seat].choose(observe(game, seat)))


def _players(count: int) -> list[PlayerInfo]:
    return [PlayerInfo("Ana", "human")] + [
        PlayerInfo(f"Bot {seat}", "bot", "random" if seat % 2 else "greedy")
        for seat in range(1, count)
    ]


def _position(game: Game) -> tuple[object, ...]:
    return (
        game.log,
        game.hands,
        game.boneyard,
        game.scores,
        game.phase,
        game.current,
        game.round_no,
        game.layout.open,
        game.layout.count,
        game.legal_actions(),
        game.forced_tile,
        game.pending_points,
        game.rng.getstate(),
    )


def _play_to_round(state: SaveState, bots: list[Bot], round_no: int, extra: int) -> None:
    """Play into round *round_no* and *extra* actions further (if the game lasts)."""
    game = state.game
    while game.round_no < round_no and game.phase is not Phase.GAME_OVER:
        _step(state, bots)
    for _ in range(extra):
        if game.phase is Phase.GAME_OVER or game.phase is Phase.ROUND_OVER:
            break
        _step(state, bots)


CASES = [
    ("sniff", 2, 11),
    ("muggins", 3, 12),  # highest double leads; thrown-in hands
    ("domino-play", 2, 13),
    ("sniff-us", 4, 14),  # partnerships; the winner leads, by lot after a block
    ("alle-fuenfe", 2, 15),  # the leader plays twice
]


@pytest.mark.parametrize(("name", "players", "seed"), CASES)
def test_a_resumed_game_is_identical_and_deals_the_same_rounds(
    home: Path, name: str, players: int, seed: int
) -> None:
    # A high target, so that rounds are dealt after the resume.
    rules = preset(name).with_changes(muggins=True, first_leader="draw-tiles", targets=400)
    original = SaveState(Game(rules, players, seed=seed), _players(players), seed=seed)
    bots = _bots(players, seed)
    _play_to_round(original, bots, 2, 5)
    assert original.game.round_no >= 2
    ui = {"selected": 3, "messages": ["Your turn."], "hints": 1, "record": "/tmp/r.jsonl"}
    path = save_game(
        None, original.snapshot(bot_rng_states=[b.rng.getstate() for b in bots], ui=ui)
    )
    assert path == home / "data" / "current-game.json"

    snap = load_game()
    game, bot_states, restored_ui = restore(snap)
    assert restored_ui == ui and snap.players == tuple(_players(players)) and snap.seed == seed
    assert _position(game) == _position(original.game)

    # Both games go on with the same bots: every later deal and action agrees,
    # which needs the game's and each bot's random generator restored.
    twins = _bots(players, 999)
    for twin, state in zip(twins, bot_states, strict=True):
        assert state is not None
        twin.rng.setstate(state)
    resumed = SaveState(game, snap.players, seed=snap.seed, actions=snap.actions)
    start_round = game.round_no
    for _ in range(3000):
        if original.game.phase is Phase.GAME_OVER:
            break
        _step(original, bots)
        _step(resumed, twins)
    assert original.game.round_no > start_round  # later rounds were dealt
    assert _position(resumed.game) == _position(original.game)
    assert resumed.actions == original.actions


def test_the_saved_actions_include_muggins_let_go() -> None:
    """A muggins call let go leaves no event, so only the action list knows it."""
    rules = preset("sniff").with_changes(muggins=True)
    state = SaveState(Game(rules, 2, seed=5), _players(2), seed=5)
    let_go = 0
    rng = random.Random(5)
    while state.game.phase is not Phase.GAME_OVER and let_go < 3:
        game = state.game
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
        elif game.phase is Phase.CLAIM:
            state.apply(Claim(0))  # always forget to claim
        elif game.phase is Phase.MUGGINS:
            let_go += 1
            state.apply(CallMuggins(False))
        else:
            state.apply(rng.choice(game.legal_actions()))
    assert let_go == 3
    log = state.game.log
    assert sum(isinstance(e, MugginsCalled) for e in log) == 0
    assert any(isinstance(e, Claimed) and not e.correct for e in log)
    game, _, _ = restore(state.snapshot())
    assert _position(game) == _position(state.game)


def test_saved_between_rounds_both_before_and_after_the_next_deal(tmp_path: Path) -> None:
    state = SaveState(Game(preset("sniff"), 2, seed=21), _players(2), seed=21)
    bots = _bots(2, 21)
    while state.game.phase is not Phase.ROUND_OVER:
        _step(state, bots)
    before = state.snapshot()
    state.game.next_round()
    after = state.snapshot()
    for snap in (before, after):
        save_game(tmp_path / "g.json", snap)
        game, _, _ = restore(load_game(tmp_path / "g.json"))
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
        assert _position(game) == _position(state.game)


def test_snapshot_survives_the_file_unchanged(tmp_path: Path) -> None:
    state = SaveState(Game(preset("alle-fuenfe"), 3, seed=2), _players(3), seed=2)
    bots = _bots(3, 2)
    _play_to_round(state, bots, 2, 3)
    snap = state.snapshot(bot_rng_states=[None, random.Random(1).getstate(), None], ui={"a": [1]})
    save_game(tmp_path / "s.json", snap)
    data = json.loads((tmp_path / "s.json").read_text())
    assert (data["format"], data["version"]) == ("sniff-save", 1)
    assert data["sides"] == [[0], [1], [2]]
    assert load_game(tmp_path / "s.json") == snap


@pytest.mark.parametrize(
    "text",
    [
        "6-4 west",
        "6-6 east endwise",
        "5-5 lead",
        "draw",
        "pass",
        "claim 10",
        "muggins",
        "no muggins",
    ],
)
def test_actions_as_text_round_trip(text: str) -> None:
    assert action_to_text(action_from_text(text)) == text


def test_bad_action_text_is_refused() -> None:
    for text in ("", "jump", "6-4", "6-4 up", "claim ten", "6-4 west sideways"):
        with pytest.raises(ValueError):
            action_from_text(text)


def _saved(tmp_path: Path) -> tuple[Path, GameSnapshot]:
    state = SaveState(Game(preset("sniff"), 2, seed=8), _players(2), seed=8)
    bots = _bots(2, 8)
    for _ in range(6):
        _step(state, bots)
    path = tmp_path / "current-game.json"
    snap = state.snapshot()
    save_game(path, snap)
    return path, snap


def test_a_save_with_a_refused_action_is_a_save_error_and_set_aside(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    data = json.loads(path.read_text())
    first = action_from_text(data["actions"][0])
    assert isinstance(first, Move)
    data["actions"][0] = "pass"  # the leader cannot pass
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="action 1 \\(pass\\)") as caught:
        restore(load_game(path))
    assert caught.value.code == "replay"

    found, problem, aside = load_or_set_aside(path)
    assert found is None and problem is not None and problem.code == "replay"
    assert is_set_aside(aside, path)
    assert aside is not None and json.loads(aside.read_text()) == data
    assert not path.exists()
    assert load_or_set_aside(path) == (None, None, None)  # no save now


def test_bad_json_and_other_versions_are_save_errors_kept_aside(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    good = json.loads(path.read_text())
    path.write_text('{"format": "sniff-save", "vers')
    with pytest.raises(SaveError, match="not JSON") as caught:
        load_game(path)
    assert caught.value.code == "corrupt"
    first = load_or_set_aside(path)
    assert first[1] is not None and is_set_aside(first[2], path)

    path.write_text(json.dumps({**good, "version": 2}))
    with pytest.raises(SaveError, match="version 2") as caught:
        load_game(path)
    assert caught.value.code == "version"
    second = load_or_set_aside(path)
    assert second[1] is not None and second[1].code == "version"
    assert is_set_aside(second[2], path) and second[2] != first[2]
    assert first[2] is not None
    assert first[2].read_text() == '{"format": "sniff-save", "vers'  # the first is kept


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("rules", {"tile_set": "double-seven"}),
        ("players", [{"kind": "bot"}]),
        ("deals", [{"hands": [["6-13"]], "boneyard": []}]),
        ("rng", [3, [1, 2], None]),
        ("actions", [7]),
        ("ui", []),
    ],
)
def test_damaged_fields_are_save_errors(tmp_path: Path, key: str, value: object) -> None:
    path, _ = _saved(tmp_path)
    data = json.loads(path.read_text())
    data[key] = value
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        load_game(path)


def test_a_deal_that_does_not_match_is_a_replay_error(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    data = json.loads(path.read_text())
    hands = data["deals"][0]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # swap a tile between hands
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        restore(load_game(path))
    assert caught.value.code == "replay"


def test_a_good_save_loads_and_delete_save_removes_it(home: Path) -> None:
    _, snap = _saved(home)
    save_game(None, snap)
    assert load_or_set_aside() == (snap, None, None)
    assert delete_save() is True
    assert delete_save() is False
    assert load_or_set_aside() == (None, None, None)


def test_a_ui_dict_that_is_not_json_cannot_be_saved(tmp_path: Path) -> None:
    _, snap = _saved(tmp_path)
    bad = GameSnapshot(**{**snap.__dict__, "ui": {"when": object()}})
    with pytest.raises(SaveError):
        save_game(tmp_path / "x.json", bad)
    assert not (tmp_path / "x.json").exists()


def test_a_resumed_save_state_goes_on_keeping_every_action(tmp_path: Path) -> None:
    path, snap = _saved(tmp_path)
    resumed = SaveState.resume(load_game(path))
    assert (resumed.players, resumed.seed, resumed.actions) == (
        snap.players,
        snap.seed,
        list(snap.actions),
    )
    game = resumed.game
    action = game.legal_actions()[0]
    game.apply(action)  # applied by the caller, then recorded
    resumed.record(action)
    assert resumed.actions == [*snap.actions, action]
    again = restore(resumed.snapshot())[0]
    assert _position(again)[1:-1] == _position(game)[1:-1]


def test_delete_save_removes_the_file_it_is_given(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    other = tmp_path / "other.json"
    other.write_text("{}")
    assert delete_save(path) is True and not path.exists()
    assert delete_save(path) is False
    assert other.exists()


def _damaged(good: dict[str, Any], **changes: Any) -> dict[str, Any]:
    data = json.loads(json.dumps(good))
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


def _good_save(tmp_path: Path) -> dict[str, Any]:
    path, _ = _saved(tmp_path)
    good: dict[str, Any] = json.loads(path.read_text())
    return good


DAMAGE = "the saved game is damaged: "
_ANA = {"name": "Ana", "kind": "human"}
_BOT = {"name": "Bot 1", "kind": "bot", "level": "random"}
FIELD_FAULTS: dict[str, tuple[dict[str, Any], str]] = {
    "no rules": ({"rules": ...}, "missing 'rules'"),
    "rules not a table": ({"rules": []}, "rules must be a table"),
    "rules that cannot be": (
        {"rules": {"spinner": "wheel"}},
        "spinner must be one of none, sniff, sniff-exposed, stubby, not 'wheel'",
    ),
    "players not a list": ({"players": {}}, "players must be a list"),
    "a player not a table": ({"players": ["Ana", _BOT]}, "not a player: 'Ana'"),
    "a blank name": (
        {"players": [{"name": "  ", "kind": "human"}, _BOT]},
        "not a player's name: '  '",
    ),
    "a name too long": (
        {"players": [{"name": "n" * 65, "kind": "human"}, _BOT]},
        "not a player's name: '" + "n" * 64 + "'",
    ),
    "a name with an escape": (
        {"players": [{"name": "a\x1bb", "kind": "human"}, _BOT]},
        "not a player's name: 'a\\x1bb'",
    ),
    "a player of another kind": (
        {"players": [{"name": "Ana", "kind": "cat"}, _BOT]},
        "a player is a human or a bot, not 'cat'",
    ),
    "a bot of no level": (
        {"players": [_ANA, {**_BOT, "level": "genius"}]},
        "not a bot level: 'genius'",
    ),
    "two people": (
        {"players": [_ANA, {"name": "Bo", "kind": "human"}]},
        "a saved game has one person at the keyboard, at most",
    ),
    "one player": ({"players": [_ANA]}, "a double-six set is played by 2 to 4 players, not 1"),
    "a seed in words": ({"seed": "8"}, "the seed must be a whole number, not '8'"),
    "a seed that is true": ({"seed": True}, "the seed must be a whole number, not True"),
    "no deals": ({"deals": ...}, "missing 'deals'"),
    "deals not a list": ({"deals": {}}, "deals must be a list"),
    "a deal not a table": ({"deals": [[]]}, "a deal must be a table"),
    "actions not a list": ({"actions": "draw"}, "actions must be a list"),
    "an action that is a number": ({"actions": [7]}, "not an action: 7"),
    "an action in other words": ({"actions": ["jump"]}, "not an action: 'jump'"),
    "bots not a list": ({"bots": {}}, "bots must be a list"),
    "more bots than players": ({"bots": [None, None, None]}, "more random states than players"),
    "a random state not a list": (
        {"rng": "x"},
        "a random state is [version, [words...], gauss]",
    ),
    "a random state of two parts": (
        {"rng": [3, [1, 2]]},
        "a random state is [version, [words...], gauss]",
    ),
    "a random state that is a table": (
        {"rng": {"version": 3, "words": [], "gauss": None}},
        "a random state is [version, [words...], gauss]",
    ),
    "a ui not a table": ({"ui": []}, "ui must be a table"),
    "a check not a table": ({"check": []}, "check must be a table"),
}


@pytest.mark.parametrize(("changes", "detail"), FIELD_FAULTS.values(), ids=FIELD_FAULTS.keys())
def test_each_damaged_field_is_named(tmp_path: Path, changes: dict[str, Any], detail: str) -> None:
    with pytest.raises(SaveError) as caught:
        snapshot_from_json(_damaged(_good_save(tmp_path), **changes))
    assert (caught.value.code, str(caught.value)) == ("corrupt", DAMAGE + detail)


def test_damaged_deals_random_states_and_checks_are_named(tmp_path: Path) -> None:
    good = _good_save(tmp_path)
    deal, rng, check = good["deals"][0], good["rng"], good["check"]
    faults = {
        "a leader in words": (
            {"deals": [{**deal, "leader": "0"}]},
            "a leader must be a seat number, not '0'",
        ),
        "a leader that is false": (
            {"deals": [{**deal, "leader": False}]},
            "a leader must be a seat number, not False",
        ),
        "hands not a list": ({"deals": [{**deal, "hands": "x"}]}, "hands must be a list"),
        "tiles not words": (
            {"deals": [{**deal, "boneyard": [[6, 6]]}]},
            "tiles are a list of strings like '6-4'",
        ),
        "a gauss value in words": (
            {"rng": [rng[0], rng[1], "g"]},
            "a random state's gauss value must be a number or null",
        ),
        "a random state too short": (
            {"rng": [rng[0], [1, 2], None]},
            "not a random state: state vector is the wrong size",
        ),
        "a phase that is a number": (
            {"check": {**check, "phase": 3}},
            "the saved phase must be a word, not 3",
        ),
        "an event count in words": (
            {"check": {**check, "events": "5"}},
            "the saved event count must be a whole number, not '5'",
        ),
        "a round that is true": (
            {"check": {**check, "round": True}},
            "the saved round must be a whole number, not True",
        ),
        "a score in words": (
            {"check": {**check, "scores": [1, "2"]}},
            "a saved score must be a whole number, not '2'",
        ),
        "scores not a list": ({"check": {**check, "scores": 3}}, "scores must be a list"),
        "a check without its phase": ({"check": {"events": 1}}, "missing 'phase'"),
    }
    found = {}
    for name, (changes, _) in faults.items():
        with pytest.raises(SaveError) as caught:
            snapshot_from_json(_damaged(good, **changes))
        found[name] = (caught.value.code, str(caught.value))
    assert found == {name: ("corrupt", DAMAGE + detail) for name, (_, detail) in faults.items()}
    bot_by_default = {"name": "Bo", "level": "greedy"}  # a player is a bot unless said
    snap = snapshot_from_json(_damaged(good, players=[_ANA, bot_by_default], bots=[None]))
    assert snap.players[1] == PlayerInfo("Bo", "bot", "greedy") and snap.bot_rng_states == (None,)
    assert snapshot_from_json(_damaged(good, check=None, seed=None)).check is None


def test_saves_that_do_not_replay_say_where(tmp_path: Path) -> None:
    good = _good_save(tmp_path)
    deal, check = good["deals"][0], good["check"]
    faults = {
        "a deal for one seat": (
            {"deals": [{**deal, "hands": deal["hands"][:1]}]},
            "the first deal does not replay: a deal for 1 seats, not 2",
        ),
        "a refused first action": (
            {"actions": ["pass", *good["actions"][1:]]},
            "action 1 (pass) is refused: you hold a tile that fits: 3-3",
        ),
        "a deal too many": (
            {"deals": [deal, deal]},
            "the save holds 2 deals but the game used 1",
        ),
        "another place to end": (
            {"check": {**check, "events": 99}},
            "the replay ends at Check(events=7, round=1, phase='play', scores=(0, 10)), the save"
            " says Check(events=99, round=1, phase='play', scores=(0, 10))",
        ),
    }
    found = {}
    for name, (changes, _) in faults.items():
        with pytest.raises(SaveError) as caught:
            restore(snapshot_from_json(_damaged(good, **changes)))
        found[name] = (caught.value.code, str(caught.value))
    assert found == {name: ("replay", detail) for name, (_, detail) in faults.items()}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("6-4", "not an action: '6-4'"),
        ("6-4 west sideways", "not an action: '6-4 west sideways'"),
        ("no", "not an action: 'no'"),
        ("claim x", "not a tile: 'claim'"),
    ],
)
def test_words_that_are_no_action_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        action_from_text(text)
    assert str(refused.value) == message


def test_a_save_is_only_checked_or_kept_as_asked(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][0] = "pass"  # reads, but does not replay
    path.write_text(json.dumps(data))
    read, problem, aside = load_or_set_aside(path, replay=False)
    assert read is not None and (problem, aside) == (None, None)
    read, problem, aside = load_or_set_aside(path, keep_aside=False)
    assert read is None and aside is None and path.exists()
    assert problem is not None and problem.code == "replay"


def test_a_save_that_cannot_be_set_aside_is_reported_and_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (As root no folder refuses a rename: the refusal is made here.)
    def refuse(path: object, **_: object) -> Path:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("sniff.storage.savegame.set_aside", refuse)
    path = tmp_path / "current-game.json"
    path.write_text("[]")
    assert load_or_set_aside(path) == (
        None,
        Problem(
            "corrupt",
            "not a Sniff saved game (could not set the file aside: Read-only file system)",
        ),
        None,
    )
    assert path.read_text() == "[]"


def test_a_save_that_breaks_the_reader_is_still_set_aside_and_told(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    data = json.loads(path.read_text())
    data["deals"] = []  # nothing to deal: the engine asks for a deal that is not there
    path.write_text(json.dumps(data))
    snap, problem, aside = load_or_set_aside(path)
    assert snap is None and aside is not None and not path.exists()
    # Told as what it is: a save whose deals do not replay.
    assert problem is not None and problem.code == "replay"
    assert "the scripted deals have run out" in problem.detail


def _two_deals(between_rounds: bool) -> GameSnapshot:
    """A save that has dealt a second round: played into it, or saved just after the deal."""
    state = SaveState(Game(preset("sniff").with_changes(targets=1000), 2, seed=3), _players(2))
    bots = _bots(2, 3)
    if between_rounds:
        while state.game.phase is not Phase.ROUND_OVER:
            _step(state, bots)
        state.game.next_round()
    else:
        _play_to_round(state, bots, 2, 2)
    return state.snapshot()


def test_later_deals_and_random_states_that_do_not_replay_say_which() -> None:
    found = []
    for between_rounds in (False, True):
        data = json.loads(json.dumps(snapshot_to_json(_two_deals(between_rounds))))
        data["deals"][1]["hands"] = data["deals"][1]["hands"][:1]  # a hand short
        with pytest.raises(SaveError) as caught:
            restore(snapshot_from_json(data))
        found.append((caught.value.code, str(caught.value)))
    assert found == [
        ("replay", "the deal before action 15 is wrong: a deal for 1 seats, not 2"),
        ("replay", "the last deal is wrong: a deal for 1 seats, not 2"),
    ]
    bad = dataclasses.replace(_two_deals(True), rng_state=(3, (1, 2), None))
    with pytest.raises(SaveError) as caught:
        restore(bad)
    assert (caught.value.code, str(caught.value)) == (
        "replay",
        "the random state is wrong: state vector is the wrong size",
    )
    game, _, _ = restore(_two_deals(True))
    assert (game.round_no, game.phase) == (2, Phase.PLAY)


def test_a_save_that_cannot_be_read_names_the_file_and_why(tmp_path: Path) -> None:
    path, _ = _saved(tmp_path)
    path.write_text("{oops")
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)  # the system refuses to open it
    found = []
    for source in (path, loop):
        with pytest.raises(SaveError) as caught:
            load_game(source)
        found.append((caught.value.code, str(caught.value)))
    assert found == [
        (
            "corrupt",
            f"{path}: the saved game is not JSON: line 1: Expecting property name enclosed in"
            " double quotes",
        ),
        ("unreadable", f"{loop}: the saved game cannot be read: Too many levels of symbolic links"),
    ]


def test_what_json_cannot_hold_is_never_saved(tmp_path: Path) -> None:
    _, snap = _saved(tmp_path)
    for ui in ({"when": object()}, {"volume": float("nan")}):
        with pytest.raises(SaveError) as caught:
            save_game(tmp_path / "x.json", dataclasses.replace(snap, ui=ui))
        assert caught.value.code == "unsaveable"
        assert str(caught.value).startswith("the game cannot be saved: ")
    assert not (tmp_path / "x.json").exists()
    with pytest.raises(TypeError, match=r"^not an action: 'jump'$"):
        action_to_text("jump")  # type: ignore[arg-type]


def test_a_snapshot_is_the_game_s_own_and_checked(tmp_path: Path) -> None:
    game = Game(preset("sniff"), 2, seed=1)
    ui = {"review": [1, 2]}
    snap = snapshot(game, _players(2), [], ui=ui)
    ui["review"].append(3)  # the caller's dict goes on changing
    assert snap.ui == {"review": [1, 2]}
    assert snap.check == (len(game.log), 1, "play", (0, 0))
    with pytest.raises(ValueError, match=r"^3 players named for a game of 2$"):
        snapshot(game, _players(3), [])


def test_an_older_save_without_bots_or_ui_still_loads(tmp_path: Path) -> None:
    good = _good_save(tmp_path)
    snap = snapshot_from_json(_damaged(good, bots=..., ui=...))
    assert (snap.bot_rng_states, snap.ui) == ((), {})


def test_names_as_long_as_allowed_and_no_level_for_a_person(tmp_path: Path) -> None:
    good = _good_save(tmp_path)
    person = {"name": "n" * 64, "kind": "human", "level": "expert"}
    snap = snapshot_from_json(_damaged(good, players=[person, _BOT]))
    assert snap.players[0] == PlayerInfo("n" * 64, "human", None)


def test_the_restored_ui_is_the_game_s_own(tmp_path: Path) -> None:
    _, snap = _saved(tmp_path)
    snap = dataclasses.replace(snap, ui={"review": [1, 2]})
    _, _, ui = restore(snap)
    ui["review"].append(3)
    assert snap.ui == {"review": [1, 2]}
