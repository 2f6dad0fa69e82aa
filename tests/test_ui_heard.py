"""Heard to the end: what the others did reaches the player even when keys cut it off.

A fast screen-reader user walks the hand while the bots play: every key cuts
the speech off. Each play that was not said to its end stays owed and is said
again at the next quiet moment (the keys stop, or the player's turn comes),
until it is heard. These tests play the real game screen by keys through a
speech output that takes time to speak and reports what it said to the end
(:mod:`timed_speech`), and compare what was heard with the game's log.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from sniff.announce.words import Words
from sniff.engine import Played, RoundEnded
from test_ui_game_harness import Driver
from timed_speech import TimedSpeech, UnknownSpeech

QUIET = 0.15  # the listener's quiet moment, shortened for the tests


def _bot_plays(d: Driver) -> list[Played]:
    """Every play of the first round made by a bot."""
    plays = []
    for event in d.game.log:
        if isinstance(event, RoundEnded):
            break
        if isinstance(event, Played) and event.player != 0:
            plays.append(event)
    return plays


def _heard(play: Played, d: Driver, ended: Sequence[str]) -> bool:
    """Whether some text said to its end tells *play* (its player and its tile)."""
    words = Words(d.tr)
    name = d.screen.voice.names[play.player]
    tile = words.tile(play.tile)
    return any(name in text and re.search(rf"\b{re.escape(tile)}\b", text, re.I) for text in ended)


async def _until(test: Callable[[], bool], what: str, timeout: float = 20.0) -> None:
    """Wait (bounded) until *test* holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not test():
        assert loop.time() < deadline, f"waited {timeout} s for {what}"
        await asyncio.sleep(0.02)


def test_where_speech_cannot_tell_the_prompt_counts_the_plays_not_heard(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    speech = UnknownSpeech(rate=60.0)  # slow: every key comes before a play's words end

    async def go() -> None:
        argv = ["--players", "4", "--bots", "greedy", "--seed", "21"]
        async with Driver(argv, speech=speech) as d:
            d.screen.listener.quiet_after = 30.0  # no quiet moment: only the prompt tells
            while not d.my_turn():
                await d.settle()
            # Play the selected tile (Enter, without waiting for the bots)...
            before = len(speech.texts)
            d.pipe.send_text("\r")
            d.sent += 1
            # ...and while a bot's play is being said, a key cuts it off before its
            # words could end.
            for _ in range(500):
                new = speech.texts[before:]
                if any(t.startswith(("Anna:", "Ben:", "Clara:")) for t in new):
                    break
                await asyncio.sleep(0.01)
            await d.press("h")
            await d.settle()
            prompt = next(t for t in reversed(speech.texts) if "Your turn" in t)
            counted = re.search(r"(\d+) plays? since your last move: A\.", prompt)
            assert counted, prompt
            link = d.screen.link
            said = d.screen.voice.catchup.since_my_move(link.since_my_move(), link.rules)
            await d.press("a")
            assert speech.texts[-1] == said.text
            assert int(counted.group(1)) >= 1

    asyncio.run(go())


def test_a_catch_up_cut_off_is_said_again_until_it_is_heard(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    speech = TimedSpeech(rate=200.0)

    async def go() -> None:
        argv = ["--players", "3", "--bots", "greedy", "--seed", "8"]
        async with Driver(argv, speech=speech) as d:
            d.screen.listener.quiet_after = QUIET
            while not d.my_turn():
                await d.settle()
            played = len(_bot_plays(d))
            assert await d.play_turn()
            # Keys while the others play (until a bot has played meanwhile, however busy
            # the machine), then a quiet moment, then keys again that cut the catch-up,
            # then quiet: the catch-up comes again, and is heard.
            presses = 0
            while presses < 10 or len(_bot_plays(d)) == played:
                assert presses < 2000, "no bot played while the keys were pressed"
                await d.press("h")
                presses += 1
                await asyncio.sleep(0.01)

            def catchups() -> list[str]:
                return [t for t in speech.texts if t.startswith("Meanwhile")]

            await _until(lambda: bool(catchups()), "a catch-up once the keys stopped")
            await d.press("h")  # cuts the catch-up off
            await _until(
                lambda: (
                    len(catchups()) >= 2 and any(t.startswith("Meanwhile") for t in speech.ended)
                ),
                "the catch-up said again, to its end",
            )

    asyncio.run(go())


@pytest.mark.parametrize("language", ["en", "de"])
def test_through_speech_dispatcher_every_bot_play_is_said_to_its_end(
    tmp_path: Path, monkeypatch: Any, language: str
) -> None:
    """The issue's own trial, on a Speech Dispatcher stand-in that reports when each
    message ends: a key every 0.8 s (here, in time scaled by a twentieth) while the bots
    play, then a quiet moment: every bot play has been said to its end."""
    from sniff.output.speech.ssip import SpeechDispatcherSpeech
    from ssip_standin import SsipStandIn

    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    with SsipStandIn(time_scale=0.05) as sd:
        monkeypatch.setenv("SPEECHD_ADDRESS", sd.address)
        speech = SpeechDispatcherSpeech(language=language, spawn=False)

        async def go() -> None:
            argv = ["--players", "3", "--bots", "greedy", "--seed", "5", "--lang", language]
            async with Driver(argv, speech=speech) as d:
                d.screen.listener.quiet_after = QUIET
                for _ in range(4):
                    if d.game.phase.value != "play":
                        break
                    if d.my_turn():
                        assert await d.play_turn()
                    for _ in range(6):  # a key every 0.04 s: each cuts the speech off
                        d.pipe.send_text("\x1b[C")
                        d.sent += 1
                        await asyncio.sleep(0.04)
                    await d.settle()
                await asyncio.sleep(QUIET * 3)
                await d.settle()
                plays = _bot_plays(d)
                assert len(plays) >= 4
                await asyncio.to_thread(
                    sd.wait_for, lambda: all(_heard(p, d, sd.ended()) for p in plays), 10.0
                )
                assert sd.cut(), "the keys cut something off (else this proves nothing)"

        try:
            asyncio.run(go())
        finally:
            speech.close()
