"""sniff-record/1: writing, reading back, and refusing records the rules did not produce."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

from sniff.bots import make_bot
from sniff.engine import (
    PRESETS,
    CallMuggins,
    Claim,
    Deal,
    Dealt,
    End,
    Game,
    GameEnded,
    MugginsCalled,
    Phase,
    Played,
    RuleSet,
    ScriptedDealer,
    Tile,
    full_set,
    observe,
    preset,
)
from sniff.session.simulate import record_paths, simulate
from sniff.storage.records import (
    FORMAT,
    PlayerInfo,
    RecordError,
    RecordWriter,
    event_to_json,
    parse_record,
    read_record,
    verify,
)


def _play(game: Game, levels: list[str], seed: int, max_rounds: int = 30) -> Game:
    bots = [make_bot(level, seed=seed * 16 + seat) for seat, level in enumerate(levels)]
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            if game.round_no >= max_rounds:
                break
            game.next_round()
            continue
        game.apply(bots[game.current].choose(observe(game, game.current)))
    return game


def _write(path: Path, game: Game, seed: int = 7) -> None:
    infos = [PlayerInfo(f"P{i}", "bot", "greedy") for i in range(game.players)]
    with RecordWriter(path, rules=game.rules, seed=seed, players=infos, sides=game.sides) as out:
        out.write_all(game.log)


@pytest.fixture
def recorded(tmp_path: Path) -> Path:
    """A finished two-player sniff game between greedy bots, on disk."""
    game = _play(Game(preset("sniff"), 2, seed=7), ["greedy", "greedy"], 7)
    path = tmp_path / "game.jsonl"
    _write(path, game)
    return path


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _tampered(path: Path, lines: list[str]) -> Path:
    out = path.with_name("tampered.jsonl")
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return out


# -- writing and reading back -------------------------------------------------------


def test_round_trip_gives_the_engine_events_back(tmp_path: Path) -> None:
    for name in ("sniff", "sniff-us", "alle-fuenfe"):
        game = _play(Game(preset(name), 4, seed=3), ["greedy"] * 4, 3)
        path = tmp_path / f"{name}.jsonl"
        _write(path, game, seed=3)
        record = read_record(path)
        assert list(record.events) == game.log
        assert record.rules == game.rules
        assert record.seed == 3
        assert record.sides == game.sides
        assert record.players == tuple(PlayerInfo(f"P{i}", "bot", "greedy") for i in range(4))
        assert record.finished


def test_header_and_play_lines_follow_record_md_key_order(recorded: Path) -> None:
    lines = [json.loads(line) for line in _lines(recorded)]
    header = lines[0]
    assert list(header) == ["type", "format", "preset", "rules", "seed", "players", "sides"]
    assert header["format"] == FORMAT
    assert header["rules"] == preset("sniff").to_json()
    assert header["players"][0] == {"name": "P0", "kind": "bot", "level": "greedy"}
    keys = {
        "deal": ["type", "round", "hands", "boneyard", "leader"],
        "play": ["type", "player", "tile", "end", "count", "points"],
        "draw": ["type", "player", "tile"],
        "pass": ["type", "player"],
        "round_end": ["type", "round", "reason", "hands", "points", "scores"],
        "game_end": ["type", "winner", "scores"],
    }
    for line in lines[1:]:
        assert list(line) == keys[line["type"]]
    assert lines[-1]["type"] == "game_end"
    # The exact separators of the house: ", " and ": ", one object per line.
    assert _lines(recorded)[1].startswith('{"type": "deal", "round": 1, "hands": [[[')


def test_lead_is_written_west_then_east_and_endwise_only_when_true() -> None:
    lead = event_to_json(Played(0, Tile.of(4, 6), End.LEAD, 10, 10))
    assert lead["tile"] == [6, 4]
    assert "endwise" not in lead
    endwise = event_to_json(Played(1, Tile.of(3, 3), End.EAST, 9, 0, True))
    assert endwise["endwise"] is True
    assert list(endwise)[-1] == "endwise"


def test_writer_to_a_stream_writes_the_same_bytes_as_to_a_file(recorded: Path) -> None:
    record = read_record(recorded)
    stream = io.StringIO()
    writer = RecordWriter(
        stream, rules=record.rules, seed=record.seed, players=record.players, sides=record.sides
    )
    writer.write_all(record.events)
    writer.close()
    assert not stream.closed
    assert stream.getvalue() == recorded.read_text(encoding="utf-8")


def test_every_line_is_on_disk_before_the_writer_is_closed(tmp_path: Path) -> None:
    game = Game(preset("sniff"), 2, seed=1)
    path = tmp_path / "live.jsonl"
    infos = [PlayerInfo("You", "human"), PlayerInfo("Bot", "bot", "random")]
    writer = RecordWriter(path, rules=game.rules, seed=1, players=infos, sides=game.sides)
    assert len(_lines(path)) == 1  # the header, renamed into place at once
    writer.write_all(game.log)
    move = game.legal_moves()[0]
    writer.write_all(game.apply(move))
    assert len(_lines(path)) == 1 + len(game.log)  # flushed, not yet closed
    assert json.loads(_lines(path)[0])["players"][0] == {"name": "You", "kind": "human"}
    writer.close()
    assert [p.name for p in tmp_path.iterdir()] == ["live.jsonl"]  # no temp file left


def test_thrown_in_deal_has_no_leader_and_the_round_is_dealt_again(tmp_path: Path) -> None:
    tiles = full_set(6)
    plain = [t for t in tiles if not t.is_double]
    doubles = [t for t in tiles if t.is_double]
    thrown = Deal((tuple(plain[:7]), tuple(plain[7:14])), tuple(plain[14:] + doubles))
    again = Deal((tuple(tiles[:7]), tuple(tiles[7:14])), tuple(tiles[14:]))
    game = Game(preset("muggins"), 2, seed=5, dealer=ScriptedDealer([thrown, again]))
    path = tmp_path / "thrown.jsonl"
    _write(path, game)
    deals = [json.loads(line) for line in _lines(path)[1:3]]
    assert [d["round"] for d in deals] == [1, 1]
    assert deals[0]["leader"] is None
    assert deals[1]["leader"] is not None
    record = read_record(path)
    assert list(record.events) == game.log
    first, second = record.events[:2]
    assert isinstance(first, Dealt) and isinstance(second, Dealt)
    assert (first.redeal, second.redeal) == (False, True)
    verify(record)


# -- verify accepts what the engine plays ------------------------------------------------


@pytest.mark.parametrize("name", list(PRESETS))
def test_verify_accepts_every_simulated_record(name: str, tmp_path: Path) -> None:
    for players in (2, 3, 4):
        for level in ("random", "greedy"):
            base = tmp_path / f"{players}{level}.jsonl"
            simulate(preset(name), [level] * players, games=2, seed=11, record=base, max_rounds=8)
            for path in record_paths(base, 2):
                record = read_record(path)
                game = verify(record)
                assert game.log == list(record.events)
                assert record.finished == (game.phase is Phase.GAME_OVER)


def _muggins_game(call: bool) -> Game:
    """Players under the muggins rule who never claim; the opponent calls (or not)."""
    rules = preset("sniff").with_changes(muggins=True, targets=60)
    game = Game(rules, 2, seed=4)
    rng = random.Random(4)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
        elif game.phase is Phase.CLAIM:
            game.apply(Claim(0))
        elif game.phase is Phase.MUGGINS:
            game.apply(CallMuggins(call))
        else:
            game.apply(rng.choice(game.legal_actions()))
        if game.round_no > 40:
            break
    return game


@pytest.mark.parametrize("call", [True, False])
def test_verify_follows_claims_and_muggins_calls(call: bool, tmp_path: Path) -> None:
    game = _muggins_game(call)
    path = tmp_path / "muggins.jsonl"
    _write(path, game)
    record = read_record(path)
    assert list(record.events) == game.log
    called = any(isinstance(e, MugginsCalled) for e in record.events)
    assert called == call
    verify(record)


# -- verify refuses tampered records, naming the line ------------------------------------


def _first(lines: list[str], kind: str, where: int = 0) -> int:
    """Index of the first line of *kind* after index *where*."""
    return next(i for i, line in enumerate(lines) if i > where and f'"type": "{kind}"' in line)


def _refusal(path: Path) -> RecordError:
    with pytest.raises(RecordError) as caught:
        verify(read_record(path))
    return caught.value


def test_a_changed_count_is_refused_on_its_line(recorded: Path) -> None:
    lines = _lines(recorded)
    i = _first(lines, "play")
    data = json.loads(lines[i])
    data["count"] += 1
    lines[i] = json.dumps(data, separators=(", ", ": "))
    error = _refusal(_tampered(recorded, lines))
    assert error.line_no == i + 1
    assert "count" in str(error)


def test_changed_points_are_refused(recorded: Path) -> None:
    lines = _lines(recorded)
    i = _first(lines, "round_end")
    data = json.loads(lines[i])
    data["points"][0] += 5
    lines[i] = json.dumps(data, separators=(", ", ": "))
    assert _refusal(_tampered(recorded, lines)).line_no == i + 1


def test_a_swapped_tile_is_refused(recorded: Path) -> None:
    lines = _lines(recorded)
    i = _first(lines, "play", _first(lines, "play"))  # not the lead: any tile may lead
    data = json.loads(lines[i])
    # A tile the other seat was dealt: never in this player's hand.
    data["tile"] = json.loads(lines[1])["hands"][1 - data["player"]][0]
    lines[i] = json.dumps(data, separators=(", ", ": "))
    error = _refusal(_tampered(recorded, lines))
    assert error.line_no == i + 1
    assert "not in your hand" in str(error)


def test_a_dropped_line_is_refused(recorded: Path) -> None:
    lines = _lines(recorded)
    i = _first(lines, "play", _first(lines, "play"))
    del lines[i]
    assert _refusal(_tampered(recorded, lines)).line_no == i + 1


def test_a_forged_winner_is_refused(recorded: Path) -> None:
    lines = _lines(recorded)
    data = json.loads(lines[-1])
    data["winner"] = 1 - data["winner"]
    lines[-1] = json.dumps(data, separators=(", ", ": "))
    assert _refusal(_tampered(recorded, lines)).line_no == len(lines)


def _read_error(tmp_path: Path, lines: list[str]) -> RecordError:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    return caught.value


def test_bad_json_names_its_line(recorded: Path, tmp_path: Path) -> None:
    lines = _lines(recorded)
    lines[3] = lines[3][:-5]
    error = _read_error(tmp_path, lines)
    assert error.line_no == 4
    assert "not JSON" in str(error)


def test_wrong_format_and_missing_header_are_refused(recorded: Path, tmp_path: Path) -> None:
    lines = _lines(recorded)
    error = _read_error(tmp_path, [lines[0].replace(FORMAT, "sniff-record/2"), *lines[1:]])
    assert error.line_no == 1 and "format" in str(error)
    assert _read_error(tmp_path, lines[1:]).line_no == 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(type="dance"), "unknown line type"),
        (lambda d: d.pop("count"), "needs 'count'"),
        (lambda d: d.update(count="14"), "whole number"),
        (lambda d: d.update(player=True), "whole number"),
        (lambda d: d.update(player=5), "seats"),
        (lambda d: d.update(tile=[7, 1]), "not a tile"),
        (lambda d: d.update(tile=[1]), "tiles as [a, b]"),
        (lambda d: d.update(end="up"), "no end"),
    ],
)
def test_malformed_play_lines_are_refused(
    recorded: Path, tmp_path: Path, change: object, words: str
) -> None:
    lines = _lines(recorded)
    i = _first(lines, "play")
    data = json.loads(lines[i])
    change(data)  # type: ignore[operator]
    lines[i] = json.dumps(data)
    error = _read_error(tmp_path, lines)
    assert error.line_no == i + 1
    assert words in str(error)


def test_a_deal_must_be_the_whole_set_once(recorded: Path, tmp_path: Path) -> None:
    lines = _lines(recorded)
    deal = json.loads(lines[1])
    short = dict(deal, boneyard=deal["boneyard"][1:])
    assert "whole" in str(_read_error(tmp_path, [lines[0], json.dumps(short)]))
    twice = dict(deal, boneyard=[deal["hands"][0][0], *deal["boneyard"][1:]])
    assert "twice" in str(_read_error(tmp_path, [lines[0], json.dumps(twice)]))


def test_unknown_keys_are_ignored(recorded: Path) -> None:
    lines = [line[:-1] + ', "comment": "hi"}' for line in _lines(recorded)]
    record = parse_record(lines)
    assert record.events == read_record(recorded).events
    assert record.rules == RuleSet()
    verify(record)


def test_a_stopped_game_has_no_game_end_and_still_verifies(recorded: Path) -> None:
    lines = _lines(recorded)
    cut = _first(lines, "round_end")
    record = parse_record(lines[: cut + 1])
    assert not record.finished
    game = verify(record)
    assert game.phase is Phase.ROUND_OVER
    assert not any(isinstance(e, GameEnded) for e in record.events)


def test_a_leader_out_of_turn_is_refused(recorded: Path) -> None:
    # In sniff the lead rotates: the second round's leader is not the record's to choose.
    lines = _lines(recorded)
    i = _first(lines, "deal", 1)
    data = json.loads(lines[i])
    data["leader"] = 1 - data["leader"]
    lines[i] = json.dumps(data, separators=(", ", ": "))
    error = _refusal(_tampered(recorded, lines))
    assert error.line_no == i + 1
    assert "leader" in str(error)
