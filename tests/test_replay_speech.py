"""``sniff replay`` as a listener hears it: every player in the third person
(the person the record calls "You" by a seat number), each line printed
once whatever the speech falls back to, and never a wait without end.

The speech chain is the real one: conftest points Speech Dispatcher at a
socket nobody listens on, and the sound device is the project's own
"no device" player, so the built-in voice cannot start on any machine and
the chain falls back to text lines, as on a machine without audio.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from sniff.announce.replay import ReplayWords
from sniff.cli import main
from sniff.commands.replay import speak_lines
from sniff.engine import Game, Phase, preset
from sniff.i18n import translator
from sniff.output.sound import NullPlayer
from sniff.output.speech import FallbackSpeech, RecordingSpeech
from sniff.session.game import players_for
from sniff.storage.records import PlayerInfo, RecordWriter


def _record(path: Path, players: tuple[PlayerInfo, ...], *, seed: int = 3) -> Path:
    """A whole game of first legal choices, recorded with *players* at the table."""
    game = Game(preset("sniff"), len(players), seed=seed)
    while game.phase is not Phase.GAME_OVER:
        if game.phase is Phase.ROUND_OVER:
            game.next_round()
        else:
            game.apply(game.legal_actions()[0])
    with RecordWriter(
        path, rules=game.rules, seed=seed, players=players, sides=game.sides, events=game.log
    ):
        pass
    return path


def _replay(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    status = main(["replay", *argv])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


# -- who is who --------------------------------------------------------------------------


def test_your_own_game_is_told_in_the_third_person_with_a_seat_number_for_you(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(tmp_path / "mine.jsonl", players_for(["greedy"]))
    status, lines, err = _replay(capsys, str(record), "--lang", "en")
    assert (status, err) == (0, "")
    assert lines[0] == (
        "At the table: Player 1 (a person; the record calls this player You) and Anna (greedy)."
    )
    assert lines[1].startswith("Round 1.")
    told = "\n".join(lines[1:])
    assert "Player 1 plays " in told and "Player 1 holds " in told
    assert "You " not in told and "you " not in told  # never "You plays", "You scores"


def test_your_own_game_in_german_says_spieler_1_never_you_legt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record(tmp_path / "mine.jsonl", players_for(["expert", "greedy"]))
    status, lines, _ = _replay(capsys, str(record), "--lang", "de")
    assert status == 0
    assert lines[0] == (
        "Am Tisch: Spieler 1 (ein Mensch, im Protokoll als „You“ eingetragen), "
        "Anna (Experte) und Ben (gierig)."
    )
    told = "\n".join(lines[1:])
    assert "Spieler 1 legt " in told or "Spieler 1 spielt " in told
    assert "You" not in told


def test_a_name_the_person_chose_is_told_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = (PlayerInfo("Ada", "human"), PlayerInfo("Anna", "bot", "expert"))
    status, lines, _ = _replay(capsys, str(_record(tmp_path / "ada.jsonl", players)))
    assert status == 0
    assert lines[0] == "At the table: Ada (a person) and Anna (expert)."
    assert any(line.startswith("Ada plays ") for line in lines)


def test_a_game_of_computer_players_starts_with_its_first_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = players_for(["greedy", "random"], human=False)
    status, lines, _ = _replay(capsys, str(_record(tmp_path / "bots.jsonl", players)))
    assert status == 0 and lines[0].startswith("Round 1. Bot ")


@pytest.mark.parametrize(
    ("language", "recorded", "spoken"),
    [
        ("en", ["You", "Anna"], ["Player 1", "Anna"]),
        ("en", [" you ", "Anna"], ["Player 1", "Anna"]),
        ("de", ["Anna", "Du"], ["Anna", "Spieler 2"]),  # the game's German word for "You"
        ("en", ["Du", "Anna"], ["Du", "Anna"]),  # in English, "Du" is just a name
        ("en", ["You", "Player 1"], ["Player 1 (You)", "Player 1"]),  # never two alike
    ],
)
def test_only_a_name_that_addresses_the_listener_is_replaced(
    language: str, recorded: list[str], spoken: list[str]
) -> None:
    players = [
        PlayerInfo(name, "human" if i == 0 else "bot", "greedy") for i, name in enumerate(recorded)
    ]
    assert ReplayWords(translator(language)).names(players) == spoken


# -- speech: each line once --------------------------------------------------------------


def test_voice_without_a_sound_device_prints_every_line_once_and_the_notice_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _record(tmp_path / "mine.jsonl", players_for(["greedy"]))
    lines = record.read_text().splitlines(keepends=True)
    record.write_text("".join(lines[:12]))  # stopped early: the ending is told too
    _, text, text_err = _replay(capsys, str(record), "--lang", "en")
    monkeypatch.setattr("sniff.output.sound.create_player", lambda *a, **k: NullPlayer())
    status, spoken, err = _replay(capsys, str(record), "--lang", "en", "--speech", "voice")
    assert status == 1
    assert spoken == text  # not one line more: the fallback's text lines go nowhere
    notice = "The built-in voice has no sound device; speaking as text lines instead."
    assert err.splitlines() == [notice, text_err.strip()]


# -- speech: never a wait without end -----------------------------------------------------


class NeverDone(RecordingSpeech):
    """An output that says it is busy for ever, as Speech Dispatcher does when it has
    no sound device to play to (it never reports the end of a message)."""

    busy = True


class NoKeys:
    def __init__(self, after: int | None = None, speech: RecordingSpeech | None = None) -> None:
        self.after, self.speech = after, speech

    def pressed(self) -> bool:
        return (
            self.after is not None
            and self.speech is not None
            and (len(self.speech.spoken) > self.after)
        )


def test_an_output_that_never_finishes_delays_one_line_then_the_replay_is_paced(
    capsys: pytest.CaptureFixture[str],
) -> None:
    backend = NeverDone()
    lines = [f"line {n}" for n in range(10)]
    started = time.monotonic()
    stopped = speak_lines(
        iter(lines),
        "the end",
        FallbackSpeech([backend]),
        NoKeys(),
        [],
        characters_per_second=1e6,
        patience=0.2,
    )
    took = time.monotonic() - started
    assert not stopped
    assert backend.texts == [*lines, "the end"]  # each once, in order, nothing cut off
    assert backend.silenced == 0
    assert 0.2 <= took < 1.0  # the patience once (2 s if it were once a line)
    out, err = capsys.readouterr()
    assert out.splitlines() == lines and err == "the end\n"


def test_a_key_stops_the_replay_and_silences_it(capsys: pytest.CaptureFixture[str]) -> None:
    backend = NeverDone()
    stopped = speak_lines(
        iter(["one", "two", "three"]),
        None,
        FallbackSpeech([backend]),
        NoKeys(after=1, speech=backend),
        ["a notice"],
        characters_per_second=1e6,
        patience=5.0,
    )
    assert stopped and backend.silenced == 1
    assert backend.texts == ["a notice", "one"]
    out, err = capsys.readouterr()
    assert out == "one\n" and err == "a notice\n"
