"""The keyboard game with the muggins rule, in German, and in line mode."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from sniff.announce import Announcer
from sniff.engine import Claimed, Move, MugginsCalled, Phase, Played, play_points
from sniff.i18n import translator
from sniff.output.lines import WIDTH, braille_lines
from sniff.output.speech import FallbackSpeech, RecordingSpeech, TextSpeech
from sniff.storage import load_settings, save_path
from test_ui_game_harness import Driver, scores_from_log


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def scoring_play_ready(d: Driver) -> bool:
    game = d.game
    rules = game.rules
    return any(
        play_points(game.layout.place(m.tile, m.end).count, rules.scoring, rules.points_unit)
        for m in game.legal_moves()
    )


async def claim_after_scoring(d: Driver, claim: str) -> tuple[int, int]:
    """Play a scoring tile by keys, then type *claim* and Enter: (points, events before)."""
    for _ in range(400):
        if d.my_turn() and d.game.phase is Phase.PLAY and scoring_play_ready(d):
            break
        assert await d.play_turn()
    game = d.game
    rules = game.rules
    move = max(
        game.legal_moves(),
        key=lambda m: play_points(
            game.layout.place(m.tile, m.end).count, rules.scoring, rules.points_unit
        ),
    )
    await d.play_move(move)
    assert game.phase is Phase.CLAIM and game.current == 0
    points = game.pending_points
    mark = len(game.log)
    await d.press(*claim.replace("{points}", str(points)), "enter")
    return points, mark


@pytest.mark.parametrize(
    ("claim", "right"), [("{points}", True), ("9{points}", False), ("", False), ("0", False)]
)
def test_muggins_claims_by_keys(claim: str, right: bool) -> None:
    async def go() -> None:
        async with Driver(["--rule", "muggins=on", "--bots", "expert", "--seed", "6"]) as d:
            scores = list(d.game.scores)
            points, mark = await claim_after_scoring(d, claim)
            game = d.game
            events = game.log[mark:]
            claimed = events[0]
            assert isinstance(claimed, Claimed) and claimed.player == 0
            assert claimed.correct is right
            if right:
                assert game.scores[0] == scores[0] + points
                said = [t for t in d.texts if t.startswith(f"You claim {points}: right")]
                # Once claimed, the count may be said.
                assert said and "The count is" in said[0]
            else:
                # The expert takes the points the player failed to claim.
                called = next(e for e in events if isinstance(e, MugginsCalled))
                assert called == MugginsCalled(1, points)
                assert game.scores[1] >= scores[1] + points
                assert game.scores[0] == scores[0]
                assert f"Anna calls muggins and takes {points}." in d.texts
            assert scores_from_log(game) == game.scores

    asyncio.run(go())


def test_typed_claims_are_echoed_and_backspace_clears() -> None:
    async def go() -> None:
        async with Driver(["--rule", "muggins=on", "--bots", "expert", "--seed", "6"]) as d:
            for _ in range(400):
                if d.my_turn() and d.game.phase is Phase.PLAY and scoring_play_ready(d):
                    break
                assert await d.play_turn()
            game = d.game
            move = game.legal_moves()[0]
            await d.play_move(move)
            if game.phase is not Phase.CLAIM:
                return
            await d.press("1", "5")
            assert d.last() == "Claim 15."
            await d.press("backspace")
            assert d.last() == "Claim 1."
            await d.press("escape")
            assert d.last() == "Claim cleared."
            assert d.cursor.claim_digits == ""

    asyncio.run(go())


def test_the_game_speaks_german() -> None:
    async def go() -> None:
        async with Driver(["--lang", "de", "--bots", "greedy", "--seed", "4"]) as d:
            for _ in range(100):
                if d.my_turn() and d.game.layout.lead is not None:
                    break
                assert await d.play_turn()
            ann = Announcer(0, translator("de"), player_names=d.screen.voice.names)
            english = Announcer(0, translator("en"), player_names=d.screen.voice.names)
            obs = d.session.observe()
            selected = {"selected": d.cursor.chosen_move()}
            for key, query in (("h", "hand"), ("e", "ends"), ("s", "scores"), ("w", "turn")):
                await d.press(key)
                extra = selected if query == "turn" else {}
                german = getattr(ann.answers, query)(obs, **extra).text
                assert d.last() == german
                assert german != getattr(english.answers, query)(obs, **extra).text
            assert any("du bist dran" in t.lower() for t in d.texts)

    asyncio.run(go())


def test_line_mode_writes_each_announcement_once() -> None:
    lines = io.StringIO()

    async def go() -> None:
        async with Driver(
            ["--screen", "line", "--bots", "greedy", "--seed", "4"], line_stream=lines
        ) as d:
            assert not d.app.application.full_screen
            await d.press("h", "e", "right")
            spoken = [line for t in d.texts for line in braille_lines(t)]
        written = lines.getvalue().splitlines()
        assert written == spoken
        assert all(len(line) <= WIDTH for line in written)

    asyncio.run(go())


def test_endwise_doubles_get_a_lengthwise_choice() -> None:
    async def go() -> None:
        argv = ["--rule", "double_endwise=on", "--bots", "greedy", "--seed", "12"]
        async with Driver(argv) as d:
            for _ in range(600):
                if d.my_turn() and any(m.endwise for m in d.game.legal_moves()):
                    break
                if not await d.play_turn():
                    pytest.skip("no double could be laid lengthwise in this game")
            move = next(m for m in d.game.legal_moves() if m.endwise)
            await d.press("home", *["right"] * d.cursor.hand.index(move.tile))
            choices = d.cursor.choices()
            assert Move(move.tile, move.end) in choices and move in choices
            await d.press(*["down"] * choices.index(move))
            assert ", lengthwise: " in d.last()  # the preview names the tile and the way it lies
            await d.press("enter")
            played = [e for e in d.game.log if isinstance(e, Played) and e.endwise]
            assert played and played[-1].tile == move.tile

    asyncio.run(go())


def test_the_rate_keys_reach_the_voice_behind_the_line_echo_and_the_chain() -> None:
    async def go() -> None:
        voice = RecordingSpeech()
        lines = io.StringIO()
        argv = ["--bots", "greedy", "--seed", "3", "--screen", "line"]
        # Line mode: the line echo around the chain, around the voice that speaks.
        async with Driver(argv, speech=FallbackSpeech([voice]), line_stream=lines) as d:
            await d.press("+")
            assert voice.texts[-1] == "Speech rate 195."
            assert voice.rate == 195
        # Text lines that speak (the voice failed, say) have no speed to change.
        save_path().unlink()  # a new game, not the question whether to resume that one
        text = io.StringIO()
        async with Driver(argv, speech=FallbackSpeech([TextSpeech(text)]), line_stream=lines) as d:
            await d.press("+")
            said = d.ctx.output.history[-1].text
            assert said == "This speech output cannot change its speed here."

    asyncio.run(go())


def test_verbosity_and_rate_keys_change_the_settings_file() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "3", "--pace", "0"]) as d:
            await d.press("v", "v")
            assert d.last() == "Announcements: verbose."
            await d.press("+")
            assert d.last() == "Speech rate 195."
            assert d.speech.rate == 195
            await d.press("-", "-")
            assert d.speech.rate == 155
        saved = load_settings().settings
        assert saved.verbosity == "verbose"
        assert saved.voice_rate == 155
        assert saved.pace == 1.0  # --pace 0 was for that run only

    asyncio.run(go())
