"""Saving and resuming a game (sniff.storage.savegame): the resumed game is the same game."""

from __future__ import annotations

import json
import random
from pathlib import Path

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
