"""Drops and returns at random moments, over whole online games on a fake clock, with
terminal-protocol seats and page seats (words clients, in English and German) and a
page spectator: every returning person is told where they were told up to
(``seen``), and their catch-up is exactly the events the record holds after it; a
table whose turn belongs to a person nobody's connection holds never waits in
silence (after the grace a bot plays); every frame a page is told comes with its
words; the server logs no error. The game itself is ``tests/dropgame.py`` (the
benchmark ``benchmarks/bench_drops.py`` plays hundreds). Real sockets on 127.0.0.1;
every loop bounded."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from dropgame import PRESETS, ErrorLog, Figures, one_game
from netplay import server, url_of
from sniff.server.limits import ServerLimits
from sniff.session.clock import FakeClock

FAST = ServerLimits(messages_per_second=1000.0, message_burst=1000)


def test_drops_and_returns_at_random_moments_are_told_exactly(tmp_path: Path) -> None:
    clock = FakeClock()

    async def go() -> Figures:
        totals = Figures()
        async with server(tmp_path, seed=31, clock=clock, limits=FAST) as running:
            for number, preset in enumerate(PRESETS):
                rng = random.Random(number)
                totals += await one_game(
                    running, url_of(running), clock, rng, preset=preset, spectator=number % 2 == 0
                )
        return totals

    with ErrorLog() as errors:
        totals = asyncio.run(go())
    print(f"\n{totals.counts()}")
    assert not errors.records, errors.described()
    assert totals.problems == [], totals.problems
    assert totals.finished == totals.games == len(PRESETS)
    assert totals.drops >= 8 and totals.returns >= 5 and totals.page_returns >= 1, totals
    assert totals.page_frames > 100
