"""The words a browser hears, through the real server: a words client ("words": true)
gets, after each frame, the terminal game's own sentences for its seat, in its
language, with its own seat named "You"; its fact keys are answered; refusals and
errors are said; a page that comes back hears what it missed; nothing is said of
a tile the seat may not know."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from netplay import Player, server, url_of
from sniff.announce import Words
from sniff.engine import Tile
from sniff.i18n import translator
from sniff.net.codec import read_event
from sniff.server.limits import ServerLimits

#: Bots here play at once, and the players hear each step at once: more messages a
#: second than a person sends.
FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)


class Listener(Player):
    """A scripted player that asks for the words, as the web page does."""

    def __init__(self, url: str, name: str, **options: Any) -> None:
        super().__init__(url, name, words=True, **options)

    def said(self) -> list[str]:
        return [item["text"] for frame in self.of("say") for item in frame["items"]]

    async def ask(self, what: str, **extra: Any) -> dict[str, Any]:
        count = len(self.of("say"))
        await self.send({"type": "ask", "what": what, **extra})
        await self.wait_for(lambda: any(f.get("answer") == what for f in self.of("say")[count:]))
        return next(f for f in self.of("say")[count:] if f.get("answer") == what)


async def _create(
    url: str, seats: list[str], *, lang: str = "en", target: int = 30, plays: bool = True
) -> Listener:
    player = Listener(url, "Ada", language=lang, plays=plays)
    await player.open()
    await player.send(
        {"type": "create", "name": "Ada", "preset": "sniff", "seats": seats, "target": target}
    )
    await player.wait_for(lambda: player.code is not None and player.seat == 0)
    return player


def _names(language: str) -> dict[Tile, str]:
    return Words(translator(language)).all_tile_names()


def test_a_browser_hears_a_whole_game_in_the_terminal_games_words(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=5) as running:
            ada = await _create(url_of(running), ["person", "greedy"])
            await ada.wait_for(lambda: ada.over, timeout=30)
            await ada.wait_for(lambda: any("closes" in t for t in ada.said()))
            said = ada.said()
            # The start in order: the game begins, who plays, the deal (then who leads).
            assert said[0] == "Everyone is here: the game begins."
            assert said[1].startswith("New game: You and ")
            assert said[2].startswith("Round 1. You hold 7 tiles: ")
            assert any(t.startswith("You play ") for t in said)
            assert any(" wins the game. Final score: " in t or "You win" in t for t in said)
            # Every step and state is followed by its words and the table to draw.
            frames = ada.frames
            for index, frame in enumerate(frames):
                if frame["type"] in ("step", "state", "table"):
                    follow = frames[index + 1]
                    assert follow["type"] == "say" and "screen" in follow, follow
            await ada.close()

    asyncio.run(go())


def test_nothing_is_said_of_a_tile_the_seat_may_not_know(tmp_path: Path) -> None:
    """Each say frame names only tiles the seat holds or has seen on the table (until
    the round's end shows the hands)."""

    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=8) as running:
            ada = await _create(url_of(running), ["person", "random"], target=60)
            await ada.wait_for(lambda: ada.over, timeout=30)
            await ada.close()
        names = _names("en")
        assert ada.rules is not None
        known: set[Tile] = set()
        for frame in ada.frames:
            if frame["type"] in ("state", "step"):
                events = frame["log"] if frame["type"] == "state" else frame["events"]
                for data in events:
                    event = read_event(data, ada.rules, 2)
                    if type(event).__name__ == "RoundEnded":
                        known |= set(names)  # every hand is shown now
                    for tile in _tiles_of(event):
                        known.add(tile)
                view = frame["view"]
                known |= {Tile.of(*t) for t in view["hand"]}
            if frame["type"] == "say":
                text = " ".join(item["text"] for item in frame["items"])
                for tile, name in names.items():
                    if tile not in known and tile.high <= 6:
                        assert not re.search(rf"\b{re.escape(name)}\b", text), (name, text)

    asyncio.run(go())


def _tiles_of(event: Any) -> list[Tile]:
    tile = getattr(event, "tile", None)
    return [tile] if isinstance(tile, Tile) else []


def test_each_listener_hears_their_own_language_and_their_own_name(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=3) as running:
            ada = await _create(url_of(running), ["person", "person"], lang="de")
            ben = Listener(url_of(running), "Ben", language="en")
            await ben.open()
            await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
            await ada.wait_for(lambda: ada.over, timeout=30)
            await ben.wait_for(lambda: ben.over, timeout=30)
            for player in (ada, ben):
                await player.wait_for(lambda p=player: len(p.said()) > 5)
            assert any(t.startswith("Neues Spiel: Du und Ben") for t in ada.said())
            assert any(t.startswith("New game: Ada and you;") for t in ben.said())
            assert any(t.startswith("Ben legt ") for t in ada.said())
            assert any(t.startswith("Ada plays ") for t in ben.said())
            screen = next(f["screen"] for f in reversed(ada.of("say")) if "screen" in f)
            assert [p["name"] for p in screen["players"]] == ["Du", "Ben"]
            await ada.close()
            await ben.close()

    asyncio.run(go())


def test_every_fact_key_is_answered_in_the_games_words(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=2) as running:
            ada = await _create(url_of(running), ["person", "greedy"], plays=False)
            await ada.wait_for(lambda: ada.view is not None and ada.view["current"] == 0)
            hand = ada.view["hand"] if ada.view else []
            answers = {}
            for what in ("hand", "ends", "count", "layout", "scores", "round", "boneyard",
                         "unseen", "history", "since", "turn", "help"):  # fmt: skip
                frame = await ada.ask(what)
                assert frame["items"] and frame["items"][0]["text"], what
                assert frame["items"][0]["interrupt"] is True
                answers[what] = frame["items"][0]["text"]
            assert answers["hand"].startswith("7 tiles, ")
            assert answers["round"].startswith("Round 1, a game to 30 points.")
            assert answers["help"].startswith("Keys, part 1 of 3")
            assert "more" in await ada.ask("unseen", page=0)
            # A tile by two numbers, then by one: selected, said, and the page told.
            first = hand[0]
            chosen = await ada.ask("tile", tile=first)
            assert chosen["selected"]["tile"] == first
            assert "1 of 7" in chosen["items"][0]["text"]
            by_one = await ada.ask("tile", tile=[hand[1][0]])
            assert (
                by_one["selected"]["tile"][0] == hand[1][0]
                or hand[1][0] in by_one["selected"]["tile"]
            )
            refused = await ada.ask("tile", tile=[9, 9])
            assert refused["items"][0]["text"] == "There is no 9 in double six."
            preview = await ada.ask("preview", tile=first, end="lead", page=0)
            assert "the count would be" in preview["items"][0]["text"]
            again = await ada.ask("repeat")
            assert again["items"][0]["text"] == preview["items"][0]["text"]
            hint = await ada.ask("hint")
            assert hint["items"][0]["kind"] == "hint" and hint["selected"]["tile"] is not None
            await ada.close()

    asyncio.run(go())


def test_refusals_and_errors_are_said_with_their_reasons(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=2) as running:
            lost = Listener(url_of(running), "Eve")
            await lost.open()
            await lost.send({"type": "join", "code": "ZZZZ-ZZZZ", "name": "Eve"})
            await lost.wait_for(lambda: bool(lost.said()))
            assert lost.said() == ["No table has this code: check it letter by letter."]
            ada = await _create(url_of(running), ["person", "greedy"], plays=False)
            await ada.wait_for(lambda: ada.view is not None and ada.view["current"] == 0)
            count = len(ada.said())
            await ada.send({"type": "act", "action": {"kind": "pass"}, "at": ada.at})
            await ada.wait_for(lambda: len(ada.said()) > count)
            frame = ada.of("say")[-1]
            item = frame["items"][0]
            assert item["kind"] == "refusal" and item["cue"] == "invalid" and item["interrupt"]
            await lost.close()
            await ada.close()

    asyncio.run(go())


def test_a_page_that_comes_back_hears_what_it_missed(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=4) as running:
            url = url_of(running)
            ada = await _create(url, ["person", "person"], plays=False)
            ben = Player(url, "Ben", plays=False)
            await ben.open()
            await ben.send({"type": "join", "code": ada.code, "name": "Ben"})
            await ada.wait_for(lambda: ada.view is not None)
            await ben.wait_for(lambda: ben.view is not None)
            # Ada leaves when it is Ben's turn (she acts first if it is hers).
            if ada.view is not None and ada.view["current"] == 0:
                ada.plays = True
                await ada.act_if_due()
                ada.plays = False
            await ada.wait_for(lambda: ada.view is not None and ada.view["current"] == 1)
            token = ada.token
            await ada.close()
            ben.plays = True
            await ben.act_if_due()
            back = Listener(url, "Ada")
            await back.open()
            await back.send({"type": "resume", "token": token})
            await back.wait_for(lambda: len(back.said()) >= 2)
            said = back.said()
            assert said[0].startswith("Game resumed: round 1, ")
            assert said[1].startswith("Meanwhile: Ben ")
            await back.close()
            await ben.close()

    asyncio.run(go())


def test_a_spectator_hears_the_plays_in_the_third_person(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=6) as running:
            # Ada waits until the spectator is in: a quick game could end before it.
            ada = await _create(url_of(running), ["person", "greedy"], plays=False)
            watcher = Listener(url_of(running), "Zoe", plays=False)
            await watcher.open()
            await watcher.send({"type": "watch", "code": ada.code})
            await watcher.wait_for(lambda: bool(watcher.said()))
            ada.plays = True
            await ada.act_if_due()
            await ada.wait_for(lambda: ada.over, timeout=30)
            await watcher.wait_for(lambda: any(" plays " in t for t in watcher.said()))
            said = watcher.said()
            assert said[0].startswith("The table's code is ")
            assert any(t.startswith("Ada plays ") for t in said)
            assert not any(t.startswith("You ") for t in said)
            await watcher.close()
            await ada.close()

    asyncio.run(go())


def test_a_client_that_wants_no_words_gets_none_and_may_not_ask(tmp_path: Path) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=1) as running:
            plain = Player(url_of(running), "Ada")
            await plain.open()
            await plain.send(
                {"type": "create", "name": "Ada", "preset": "sniff", "seats": ["person", "greedy"]}
            )
            await plain.wait_for(lambda: plain.view is not None)
            await plain.send({"type": "ask", "what": "hand"})
            await plain.wait_for(lambda: bool(plain.of("error")))
            assert plain.of("error")[-1]["code"] == "no-words"
            assert plain.of("say") == []
            await plain.close()

    asyncio.run(go())


def test_under_the_muggins_rule_the_claim_is_asked_for_and_explained_once(
    tmp_path: Path,
) -> None:
    async def go() -> None:
        async with server(tmp_path, limits=FAST, seed=2) as running:
            ada = Listener(url_of(running), "Ada", plays=False)
            await ada.open()
            await ada.send({"type": "create", "name": "Ada", "preset": "sniff",
                            "seats": ["person", "greedy"], "rules": {"muggins": True}})  # fmt: skip
            claims = 0
            for _ in range(60):
                await ada.wait_for(lambda: ada.view is not None)
                await ada.send({"type": "heard", "at": ada.at})
                view = ada.view
                assert view is not None
                if view["phase"] == "claim" and view["current"] == 0:
                    claims += 1
                    if claims == 2:
                        break
                    await ada.send({"type": "act", "action": {"kind": "claim", "points": 0},
                                    "at": ada.at})  # fmt: skip
                elif view["current"] == 0 and view["legal"]:
                    await ada.send({"type": "act", "action": view["legal"][0], "at": ada.at})
                elif view["phase"] in ("round-over", "game-over"):
                    break
                else:
                    await asyncio.sleep(0.01)
                    continue
                count = len(ada.frames)
                await ada.wait_for(lambda c=count: len(ada.frames) > c)
            helps = [t for t in ada.said() if t.startswith("Type the points")]
            assert claims >= 1 and len(helps) == 1, ada.said()[-6:]
            await ada.close()

    asyncio.run(go())
