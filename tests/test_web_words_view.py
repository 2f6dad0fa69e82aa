"""Words are a seat's view like any frame: whole games through the real server with a
words client (the web page) in every seat and a words spectator who came before the
start, under the rules where the highest double leads, with partners, and with the
muggins rule. No sentence names a tile its listener may not know; no words fail
(a failure is said, never silent); a spectator hears every name, no empty hands at a
deal, and its fact keys answer from the public view."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from netplay import server, url_of
from sniff.announce.presenter import SeatPresenter
from sniff.engine import Game, preset
from sniff.enums import SeatKind
from sniff.i18n import translator
from sniff.session.table import public_view
from sniff.storage.records import PlayerInfo, read_record
from test_web_words import FAST, Listener
from wordcheck import check_words


async def _game(
    url: str, preset_name: str, people: int, lang: str
) -> tuple[Listener, list[Listener]]:
    """A game of *people* words clients and a words spectator who came first."""
    first = Listener(url, "Ada", language=lang)
    await first.open()
    await first.send({"type": "create", "name": "Ada", "preset": preset_name,
                      "seats": ["person"] * people, "target": 25})  # fmt: skip
    await first.wait_for(lambda: first.code is not None)
    spectator = Listener(url, "Eve", language=lang, plays=False)
    await spectator.open()
    await spectator.send({"type": "watch", "code": first.code})
    await spectator.wait_for(lambda: bool(spectator.of("say")))
    players = [first]
    for index in range(1, people):
        other = Listener(url, f"P{index}", language=lang)
        await other.open()
        await other.send({"type": "join", "code": first.code, "name": other.name})
        players.append(other)
    for player in players:
        await player.wait_for(lambda p=player: p.over, timeout=60)
    await spectator.wait_for(lambda: spectator.over, timeout=20)
    await spectator.wait_for(lambda: any("closes" in t or "schlie" in t for t in spectator.said()))
    return spectator, players


@pytest.mark.parametrize(
    ("preset_name", "people", "lang"),
    [("muggins", 3, "en"), ("alle-fuenfe", 2, "de"), ("sniff-us", 4, "en"),
     ("sniff-stubby", 4, "de")],
)  # fmt: skip
def test_words_name_no_hidden_tile_and_never_fail(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, preset_name: str, people: int, lang: str
) -> None:
    caplog.set_level(logging.ERROR)

    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=3) as running:
            spectator, players = await _game(url_of(running), preset_name, people, lang)
            code = (players[0].code or "").replace("-", "")
            record = read_record(running.store.record_path(code))
            for player in players:
                assert check_words(player.frames, record, player.seat, lang) > 10
            assert check_words(spectator.frames, record, None, lang) > 10
            said = spectator.said()
            names = {"Ada", *(p.name for p in players)}
            assert all(name in " ".join(said) for name in names)
            # A spectator's deal names who leads, never a hand it cannot see.
            assert not any(" holds." in t or " hält." in t for t in said), said
            for player in [*players, spectator]:
                await player.close()

    asyncio.run(go())
    assert not [r for r in caplog.records if "no words" in r.getMessage()]


def test_a_spectator_asks_the_public_facts_by_its_keys(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=4) as running:
            url = url_of(running)
            ada = Listener(url, "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "seats": ["person", "greedy"]})
            await ada.wait_for(lambda: ada.code is not None and bool(ada.of("state")))
            eve = Listener(url, "Eve", plays=False)
            await eve.open()
            await eve.send({"type": "watch", "code": ada.code})
            await eve.wait_for(lambda: bool(eve.of("say")))
            answers = {}
            for key in ("e", "s", "w", "l", "a", "c", "h", "enter"):
                count = len(eve.of("say"))
                await eve.send({"type": "key", "key": key, "at": eve.at})
                await eve.wait_for(lambda c=count: len(eve.of("say")) > c)
                answers[key] = eve.of("say")[-1]["items"][0]["text"]
            assert answers["s"].startswith("Score: Ada 0, ")
            assert answers["w"] == "Ada's turn." or "lead" in answers["w"]
            # (the table empty: nothing of a hand, the lead is not named)
            assert answers["e"] == "The table is empty." or answers["e"].startswith("West ")
            assert answers["l"] == "The table is empty." or answers["l"].startswith("The lead: ")
            assert answers["a"].startswith("Nothing has happened since you last asked")
            for key in ("h", "enter"):
                assert answers[key] == "You are watching: a spectator cannot play."
            await ada.close()
            await eve.close()

    asyncio.run(go())


def test_a_spectators_deal_names_the_leader_not_a_hidden_tile() -> None:
    rules = preset("alle-fuenfe")
    game = Game(rules, 2, seed=2)
    players = (PlayerInfo("Ada", SeatKind.HUMAN), PlayerInfo("Ben", SeatKind.HUMAN))
    watcher = SeatPresenter(translator("en"), None, players, rules)
    deal = public_view(game).history[0]
    said = watcher.watched([deal])
    assert said[0].text == (
        "Round 1. Ada leads the highest double, or with no double the heaviest tile."
    )  # (its hand is not the spectator's to know: no tile named)
