"""Reading a game record line by line (RECORD.md): each fault named with its line.

(tests/test_record.py writes records of whole simulated games and replays
them; this file pins the reader: what every kind of bad line is told, and
what it reads from a good one.)
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from sniff.engine import Claim, Claimed, Dealt, Drew, Game, Phase, RoundEnd, RoundEnded, preset
from sniff.storage.records import (
    LINE_LIMIT,
    LINES_LIMIT,
    SIZE_LIMIT,
    PlayerInfo,
    RecordError,
    RecordWriter,
    header_json,
    line_of,
    parse_record,
    record_lines,
    record_target,
    verify,
)

PLAYERS = [PlayerInfo("Ana", "human"), PlayerInfo("Bo", "bot", "greedy")]


def _game(seed: int, **changes: Any) -> Game:
    """A round of random play (claims now right, now wrong, under the muggins rule)."""
    game = Game(preset("sniff").with_changes(**changes), 2, seed=seed)
    rng = random.Random(seed)
    while game.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
        actions = game.legal_actions()
        if game.phase is Phase.CLAIM:
            actions = [Claim(game.pending_points), Claim(game.pending_points + 5)]
        game.apply(rng.choice(actions))
    return game


def _lines(game: Game, seed: int) -> list[str]:
    header = header_json(game.rules, seed, PLAYERS, game.rules.sides(2))
    return [json.dumps(header)] + [line_of(event).rstrip("\n") for event in game.log]


GAME = _game(39)  # deals, plays, draws and passes, to a blocked end
LINES = _lines(GAME, 39)


def test_a_record_reads_back_as_the_game_s_events() -> None:
    record = parse_record(LINES)
    assert record.events == tuple(GAME.log)
    assert record.lines == tuple(range(2, len(LINES) + 1))
    assert (record.preset, record.rules, record.seed) == ("sniff", GAME.rules, 39)
    assert (record.players, record.sides) == (tuple(PLAYERS), ((0,), (1,)))
    assert verify(record).scores == GAME.scores
    with_blanks = [LINES[0], "", "   ", *LINES[1:]]
    assert parse_record(with_blanks).lines == tuple(range(4, len(LINES) + 3))


def test_claims_are_read_right_or_wrong_against_the_play_before() -> None:
    game = _game(0, muggins=True, hand_sizes=5)
    record = parse_record(_lines(game, 0))
    assert record.events == tuple(game.log)
    claims = [e for e in record.events if isinstance(e, Claimed)]
    assert {c.correct for c in claims} == {True, False}
    assert verify(record).scores == game.scores


def test_a_deal_read_again_for_the_same_round_is_a_redeal() -> None:
    dealt = next(e for e in GAME.log if isinstance(e, Dealt))
    again = line_of(dealt).rstrip("\n")
    events = parse_record([LINES[0], LINES[1], again]).events
    assert [e.redeal for e in events] == [False, True]  # type: ignore[union-attr]


def test_who_went_out_is_read_from_the_last_play() -> None:
    ended = line_of(RoundEnded(1, RoundEnd.DOMINO, ((), ()), (0, 0), (0, 0))).rstrip("\n")
    events = parse_record([*LINES[:4], ended]).events
    assert events[-1].went_out == events[-2].player  # type: ignore[union-attr]
    blocked = ended.replace('"domino"', '"blocked"')
    assert parse_record([*LINES[:4], blocked]).events[-1].went_out is None  # type: ignore[union-attr]
    assert parse_record([*LINES[:2], ended]).events[-1].went_out is None  # type: ignore[union-attr]


def _first(kind: str) -> int:
    return next(i for i, line in enumerate(LINES) if json.loads(line)["type"] == kind)


def _edit(kind: str, **changes: Any) -> list[str]:
    """The record with the first *kind* line changed (a value of ``...`` drops the key)."""
    lines = list(LINES)
    index = _first(kind)
    data = json.loads(lines[index])
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    lines[index] = json.dumps(data)
    return lines


def _bot(**fields: Any) -> list[dict[str, Any]]:
    return [{"name": "Ana", "kind": "human"}, {"name": "Bo", **fields}]


DRAW, PASS, END = _first("draw") + 1, _first("pass") + 1, len(LINES)
FAULTS = {
    "not JSON": (
        [*LINES[:2], "{oops"],
        "line 3: not JSON (Expecting property name enclosed in double quotes)",
    ),
    "not an object": ([*LINES[:2], "[1, 2]"], "line 3: each line must be a JSON object"),
    "nested too deep": (
        [*LINES[:2], "[" * 40 + "]" * 40],
        "line 3: the line nests deeper than 32 levels",
    ),
    "nothing": ([], "the record is empty"),
    "blank lines only": (["", "  "], "the record is empty"),
    "no game line": (LINES[1:], "line 1: the first line must be the 'game' line"),
    "the game line later": (
        ["", LINES[0]],
        "line 2: the first line must be the 'game' line",
    ),
    "another format": (
        _edit("game", format="sniff-record/2"),
        "line 1: the format is \"sniff-record/2\", not 'sniff-record/1'",
    ),
    "a preset not text": (_edit("game", preset=3), "line 1: 'preset' must be a string"),
    "rules not an object": (
        _edit("game", rules=[]),
        "line 1: 'rules' must be an object of rule fields",
    ),
    "rules that cannot be": (
        _edit("game", rules={"spinner": "wheel"}),
        "line 1: spinner must be one of none, sniff, sniff-exposed, stubby, not 'wheel'",
    ),
    "a seed in words": (
        _edit("game", seed="7"),
        "line 1: 'seed' must be a whole number, not \"7\"",
    ),
    "players not a list": (_edit("game", players={}), "line 1: 'players' must be a list"),
    "a player without a name": (
        _edit("game", players=[{"kind": "human"}, *_bot(kind="bot", level="greedy")[1:]]),
        "line 1: each player needs a 'name' string",
    ),
    "a player not a table": (
        _edit("game", players=["Ana", "Bo"]),
        "line 1: each player needs a 'name' string",
    ),
    "a player of another kind": (
        _edit("game", players=_bot(kind="cat")),
        "line 1: a player's kind is 'human' or 'bot', not \"cat\"",
    ),
    "a bot without a level": (
        _edit("game", players=_bot(kind="bot")),
        "line 1: the bot 'Bo' needs a 'level' string",
    ),
    "one player": (
        _edit("game", players=_bot(kind="bot", level="greedy")[:1]),
        "line 1: a double-six set is played by 2 to 4 players, not 1",
    ),
    "sides not lists": (
        _edit("game", sides=[0, 1]),
        "line 1: 'sides' must be a list of lists of seats",
    ),
    "a seat on two sides": (
        _edit("game", sides=[[0], [0]]),
        "line 1: 'sides' must hold every seat exactly once",
    ),
    "a seat in words": (
        _edit("game", sides=[["0"], [1]]),
        "line 1: 'sides' must hold every seat exactly once",
    ),
    "a deal without its round": (_edit("deal", round=...), "line 2: a deal line needs 'round'"),
    "a round in words": (
        _edit("deal", round="1"),
        "line 2: 'round' must be a whole number, not \"1\"",
    ),
    "one hand for two seats": (
        _edit("deal", hands=[[[6, 6]]]),
        "line 2: 'hands' must list one hand for each of the 2 seats",
    ),
    "a boneyard not a list": (
        _edit("deal", boneyard={}),
        "line 2: 'boneyard' must be a list of tiles",
    ),
    "a tile of three halves": (
        _edit("deal", boneyard=[[6, 6, 6]]),
        "line 2: 'boneyard' must hold tiles as [a, b], not [6, 6, 6]",
    ),
    "a tile that is true": (
        _edit("deal", boneyard=[[True, 1]]),
        "line 2: 'boneyard' must hold tiles as [a, b], not [true, 1]",
    ),
    "a tile past the set": (
        _edit("deal", boneyard=[[7, 1]]),
        "line 2: [7, 1] is not a tile of a double-6 set",
    ),
    "a tile below the set": (
        _edit("deal", boneyard=[[1, -1]]),
        "line 2: [1, -1] is not a tile of a double-6 set",
    ),
    "a deal short of the set": (
        _edit("deal", boneyard=[]),
        "line 2: a deal must hold the whole double-six set",
    ),
    "a tile dealt twice": (
        _edit("deal", boneyard=[[6, 6], *json.loads(LINES[1])["boneyard"]]),
        "line 2: the tile 6-6 appears twice",
    ),
    "a leader past the seats": (
        _edit("deal", leader=2),
        "line 2: 'leader' is 2, but the seats are 0 to 1",
    ),
    "a leader below the seats": (
        _edit("deal", leader=-1),
        "line 2: 'leader' is -1, but the seats are 0 to 1",
    ),
    "an end that is not one": (_edit("play", end="up"), 'line 3: no end called "up"'),
    "endwise in words": (_edit("play", endwise="yes"), "line 3: 'endwise' must be true or false"),
    "a player in words": (
        _edit("play", player="0"),
        "line 3: 'player' must be a whole number, not \"0\"",
    ),
    "a play without its count": (_edit("play", count=...), "line 3: a play line needs 'count'"),
    "a draw without a tile": (
        _edit("draw", tile=None),
        f"line {DRAW}: 'tile' must hold tiles as [a, b], not null",
    ),
    "a seat that is not there": (
        _edit("pass", player=5),
        f"line {PASS}: 'player' is 5, but the seats are 0 to 1",
    ),
    "a round ended otherwise": (
        _edit("round_end", reason="tired"),
        f'line {END}: a round ends by domino, blocked, target, not "tired"',
    ),
    "points for one side": (
        _edit("round_end", points=[1]),
        f"line {END}: 'points' must be 2 whole numbers, one per side",
    ),
    "a score in words": (
        _edit("round_end", scores=[1, "2"]),
        f"line {END}: 'scores' must be 2 whole numbers, one per side",
    ),
    "an unknown line": ([*LINES[:2], '{"type": "dance"}'], 'line 3: unknown line type "dance"'),
    "a winner past the sides": (
        [*LINES, '{"type": "game_end", "winner": 2, "scores": [1, 2]}'],
        f"line {END + 1}: the winner is a side, 0 to 1, not 2",
    ),
    "a winner below the sides": (
        [*LINES, '{"type": "game_end", "winner": -1, "scores": [1, 2]}'],
        f"line {END + 1}: the winner is a side, 0 to 1, not -1",
    ),
}


@pytest.mark.parametrize(("lines", "message"), FAULTS.values(), ids=FAULTS.keys())
def test_each_fault_is_named_with_its_line(lines: list[str], message: str) -> None:
    with pytest.raises(RecordError) as refused:
        parse_record(lines)
    assert str(refused.value) == message
    line_no = int(message.split(":")[0].split()[1]) if message.startswith("line ") else 0
    assert refused.value.line_no == line_no
    assert refused.value.message == message.split(": ", 1)[1] if line_no else message


def test_sides_the_rules_do_not_seat_are_refused_by_verify() -> None:
    record = parse_record(_edit("game", sides=[[1], [0]]))
    with pytest.raises(RecordError, match=r"^line 1: the sides do not match the rules' seating$"):
        verify(record)


def test_a_record_that_stops_early_is_told_at_the_line_after_its_last() -> None:
    record = parse_record([*LINES[:-1], "", ""])  # no round_end line (blank lines after)
    with pytest.raises(RecordError) as refused:
        verify(record)
    assert refused.value.line_no == len(LINES)  # the first line the rules would write
    assert refused.value.message.startswith("the record stops, but the rules go on with ")


def test_a_record_file_may_be_as_large_as_the_limit_and_no_larger(tmp_path: Path) -> None:
    path = tmp_path / "large.jsonl"
    line = b"x" * (LINE_LIMIT - 1) + b"\n"  # the longest line allowed
    path.write_bytes(line * (SIZE_LIMIT // LINE_LIMIT))
    assert path.stat().st_size == SIZE_LIMIT
    assert sum(1 for _ in record_lines(path)) == SIZE_LIMIT // LINE_LIMIT
    with path.open("ab") as more:
        more.write(b"\n")
    with pytest.raises(RecordError) as refused:
        next(record_lines(path))
    assert str(refused.value) == (
        f"the file holds {SIZE_LIMIT + 1} bytes; a record holds at most {SIZE_LIMIT}"
    )


def test_a_line_too_long_is_named_by_its_number(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_bytes(LINES[0].encode() + b"\n" + b"x" * LINE_LIMIT + b"\n")
    with pytest.raises(RecordError) as refused:
        list(record_lines(path))
    assert str(refused.value) == f"line 2: the line is longer than {LINE_LIMIT} bytes"


def test_names_are_written_as_they_are_spelled() -> None:
    stream = io.StringIO()
    players = [PlayerInfo("Zoë", "human"), PLAYERS[1]]
    RecordWriter(stream, rules=GAME.rules, seed=39, players=players, sides=((0,), (1,)))
    header = stream.getvalue().rstrip("\n")
    assert '"players": [{"name": "Zoë", "kind": "human"}, ' in header
    assert parse_record([header, *LINES[1:]]).players[0].name == "Zoë"


def test_a_record_is_never_made_in_a_folder_that_is_not_there(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "game.jsonl"
    with pytest.raises(FileNotFoundError) as refused:
        record_target(missing)
    assert (refused.value.errno, refused.value.strerror, refused.value.filename) == (
        errno.ENOENT,
        "its folder does not exist",
        str(missing),
    )
    assert not missing.parent.exists()


def test_what_a_record_may_hold_as_nothing_and_what_it_may_not() -> None:
    record = parse_record([json.dumps({**json.loads(LINES[0]), "seed": None}), *LINES[1:]])
    assert record.seed is None
    person = {"name": "Ana", "kind": "human", "level": "expert"}
    header = {**json.loads(LINES[0]), "players": [person, json.loads(LINES[0])["players"][1]]}
    assert parse_record([json.dumps(header), *LINES[1:]]).players[0] == PlayerInfo("Ana", "human")
    for lines, message in (
        (_edit("deal", round=None), "line 2: 'round' must be a whole number, not null"),
        (_edit("play", player=None), "line 3: 'player' must be a whole number, not null"),
    ):
        with pytest.raises(RecordError) as refused:
            parse_record(lines)
        assert str(refused.value) == message
    with pytest.raises(ValueError, match=r"^a record holds every draw with its tile"):
        line_of(Drew(0, None))


def test_a_byte_order_mark_is_read_on_the_first_line_only(tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join(LINES).encode() + b"\n")
    assert parse_record(record_lines(path)).events == tuple(GAME.log)
    path.write_bytes(LINES[0].encode() + b"\n\xef\xbb\xbf" + LINES[1].encode() + b"\n")
    with pytest.raises(RecordError, match=r"^line 2: not JSON"):
        parse_record(record_lines(path))
    path.write_bytes(LINES[0].encode() + b"\n" + LINES[1].encode() + b"\n\xff\n")
    with pytest.raises(RecordError) as refused:
        list(record_lines(path))
    assert str(refused.value) == "line 3: the line is not UTF-8 text"


def test_a_record_may_have_as_many_lines_as_allowed_and_no_more(tmp_path: Path) -> None:
    path = tmp_path / "many.jsonl"
    path.write_bytes(b"\n" * (LINES_LIMIT + 1))
    read = 0
    with pytest.raises(RecordError) as refused:
        for _ in record_lines(path):
            read += 1
    assert read == LINES_LIMIT  # every line up to the limit was given
    assert str(refused.value) == f"line {LINES_LIMIT + 1}: a record has at most {LINES_LIMIT} lines"


def test_a_pipe_is_read_up_to_the_size_allowed_and_no_further(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    line = b"x" * (LINE_LIMIT - 1) + b"\n"

    def write() -> None:
        with contextlib.suppress(BrokenPipeError), pipe.open("wb") as out:
            out.write(line * (SIZE_LIMIT // LINE_LIMIT) + b"one more\n")

    writer = threading.Thread(target=write)
    writer.start()
    count = 0
    with pytest.raises(RecordError) as refused:
        for _ in record_lines(pipe):
            count += 1
    writer.join(timeout=10)
    assert count == SIZE_LIMIT // LINE_LIMIT  # every line up to the limit was read
    assert str(refused.value) == (f"line {count + 1}: a record holds at most {SIZE_LIMIT} bytes")


def test_a_double_laid_endwise_is_read_as_endwise() -> None:
    endwise = dict(json.loads(LINES[2]), endwise=True)
    played = parse_record([*LINES[:2], json.dumps(endwise)]).events[-1]
    assert played.endwise is True  # type: ignore[union-attr]


def test_a_record_of_its_header_alone_is_told_where_its_deal_should_be() -> None:
    with pytest.raises(RecordError) as refused:
        verify(parse_record(LINES[:1]))
    assert str(refused.value) == "line 2: a game starts with a deal"
