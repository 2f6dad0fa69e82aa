"""The table: the one game loop every way of playing drives.

Each test pins one promise of :mod:`sniff.session.table`: the engine alone
decides (turn order, stale actions), a refusal changes nothing and reaches
the acting seat only, a seat is told only what it may know, a bot's draws
come with the play that ends its turn, the next bot waits until the pacing
seats have heard the last play (and no longer than the table's limit), and
the same loop runs to its end without an event loop.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from sniff.bots import make_bot
from sniff.engine import (
    DRAW,
    Dealt,
    Drew,
    Game,
    Move,
    Observation,
    Passed,
    Phase,
    Played,
    Reason,
    Refusal,
    ScriptedDealer,
    Tile,
    observe,
    preset,
)
from sniff.engine.dealing import Deal
from sniff.session.game import GameSession, players_for
from sniff.session.link import LocalLink
from sniff.session.simulate import play_between
from sniff.session.table import Table, Update, play_now
from sniff.storage import SaveState


class Feed:
    """A seat's ears for the tests: every update and refusal, in order."""

    def __init__(self) -> None:
        self.updates: list[Update] = []
        self.refusals: list[Refusal] = []

    def update(self, update: Update) -> None:
        self.updates.append(update)

    def refused(self, refusal: Refusal, obs: Observation) -> None:
        self.refusals.append(refusal)


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(word) for word in text.split())


def _session(deal: Deal, *, level: str = "greedy", people: int = 1) -> GameSession:
    """Seat 0 a person (and seat 1 too, with *people* = 2), the others bots, this deal."""
    rules = preset("sniff")
    players = len(deal.hands)
    game = Game(rules, players, seed=1, dealer=ScriptedDealer([deal]))
    info = players_for([level] * (players - 1))
    bots = {seat: make_bot(level, seed=seat) for seat in range(people, players)}
    if people == 2:
        info = (info[0], info[0], *info[2:])
    return GameSession(SaveState(game, info, seed=1), bots, human=0)


# Seat 0 leads; seat 1 (a bot) holds no six, so after the double six it draws.
LEAD_DEAL = Deal(
    hands=(
        _tiles("6-6 6-5 4-4 3-3 2-2 5-4 5-3"),
        _tiles("0-0 1-0 2-1 3-2 4-3 4-1 3-1"),
    ),
    boneyard=_tiles("1-1 2-0 6-0 5-5 6-4 6-3 6-2 6-1 5-2 5-1 5-0 4-2 4-0 3-0"),
    leader=0,
)


def test_a_seat_acting_out_of_turn_is_refused_by_the_engine_and_nothing_changes() -> None:
    session = _session(LEAD_DEAL, people=2)
    table = Table(session)
    first, second = Feed(), Feed()
    table.listen(0, first)
    table.listen(1, second)
    log = list(session.game.log)
    assert not table.act(1, Move.parse("0-0 lead"))
    assert [r.reason for r in second.refusals] == [Reason.NOT_YOUR_TURN]
    assert first.refusals == [] and first.updates == [] and second.updates == []
    assert session.game.log == log


def test_an_action_decided_on_an_old_position_is_refused_as_stale() -> None:
    session = _session(LEAD_DEAL)
    table = Table(session)
    feed = Feed()
    table.listen(0, feed)
    decided = table.position
    assert table.act(0, Move.parse("6-6 lead"))
    table.play_now()  # the bot answers
    assert not table.act(0, Move.parse("6-5 west"), decided_at=decided)
    assert feed.refusals[-1].reason is Reason.STALE
    assert table.act(0, feed.updates[-1].obs.legal[0], decided_at=table.position)


def test_every_seat_is_told_each_step_as_it_may_see_it() -> None:
    session = _session(LEAD_DEAL)
    table = Table(session)
    mine, theirs = Feed(), Feed()
    table.listen(0, mine)
    table.listen(1, theirs)
    assert table.act(0, Move.parse("6-6 lead"))
    table.play_now()
    # Seat 1 holds nothing with a six: it draws until a tile fits, then plays it: one update.
    turn = mine.updates[-1]
    assert turn.actor == 1 and turn.by_bot
    draws = [e for e in turn.events if isinstance(e, Drew)]
    assert draws and all(e.tile is None for e in draws)  # another seat's draws hide the tile
    assert isinstance(turn.events[-1], Played | Passed)
    own = theirs.updates[-1]
    assert [e.tile for e in own.events if isinstance(e, Drew)] == list(
        LEAD_DEAL.boneyard[: len(draws)]
    )
    assert turn.obs.hand == tuple(session.game.hands[0]) and turn.obs.seat == 0
    assert own.obs.hand == tuple(session.game.hands[1])
    assert turn.position == own.position == len(session.game.log)


# Three seats: the person leads the double six, and both bots hold a six to answer it.
THREE = Deal(
    hands=(
        _tiles("6-6 0-0 1-1 2-2 3-3"),
        _tiles("6-5 5-5 5-4 5-3 5-2"),
        _tiles("6-4 4-4 4-3 4-2 4-1"),
    ),
    boneyard=_tiles("6-3 6-2 6-1 6-0 5-1 5-0 4-0 3-2 3-1 3-0 2-1 2-0 1-0"),
    leader=0,
)


def test_the_next_bot_waits_until_the_pacing_seat_has_heard() -> None:
    async def go() -> None:
        session = _session(THREE)
        table = Table(session)
        link = LocalLink(table, 0)
        feed = Feed()
        link.attach(feed)
        link.act(Move.parse("6-6 lead"))
        task = asyncio.create_task(table.run())
        for _ in range(50):
            await asyncio.sleep(0.01)
        # The first bot played at once (the player's own play is heard by them); the
        # second waits until the player says they heard the first.
        played = [u for u in feed.updates if u.by_bot]
        assert len(played) == 1 and table.running
        link.heard(played[0].position)
        await asyncio.wait_for(task, 5)
        assert [u.actor for u in feed.updates if u.by_bot] == [1, 2]

    asyncio.run(go())


def test_a_pacing_seat_that_never_answers_holds_the_bots_no_longer_than_the_limit() -> None:
    async def go() -> None:
        session = _session(THREE)
        table = Table(session)
        table.longest_wait = 0.2
        deaf = Feed()
        table.listen(0, deaf, paces=True)  # hears every step, never says so
        assert table.act(0, Move.parse("6-6 lead"))
        started = time.monotonic()
        await asyncio.wait_for(table.run(), 5)
        waited = time.monotonic() - started
        assert [u.actor for u in deaf.updates if u.by_bot] == [1, 2]
        assert 0.2 <= waited < 2.0

    asyncio.run(go())


def test_the_loop_runs_without_an_event_loop_when_nothing_waits() -> None:
    game = play_between(preset("muggins"), [make_bot("greedy", seed=s) for s in (1, 2, 3)], seed=4)
    assert game.phase is Phase.GAME_OVER and max(game.scores) >= game.target


def test_play_now_refuses_a_loop_that_would_wait() -> None:
    async def waits() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="had to wait"):
        play_now(waits())


def test_a_person_deals_the_next_round_and_a_table_of_bots_deals_by_itself() -> None:
    rules = preset("alle-fuenfe")
    session = GameSession.new(rules, ["random"], seed=3)
    table = Table(session)
    feed = Feed()
    table.listen(0, feed)
    rng = random.Random(0)
    while session.game.phase is not Phase.ROUND_OVER:
        table.play_now()
        obs = table.observe(0)
        if obs.my_turn:
            assert table.act(0, rng.choice(obs.legal))
    assert not table.needs_no_person()  # the person deals: Enter
    assert table.next_round() and feed.updates[-1].actor is None
    assert session.game.phase is Phase.PLAY and session.game.round_no == 2

    bots = GameSession.new(rules, ["random", "random"], seed=3, human=False)
    alone = Table(bots)
    alone.max_rounds = 2
    alone.play_now()
    assert bots.game.round_no == 2 and bots.game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER)


def test_the_person_s_own_action_is_one_update_and_a_refusal_says_why() -> None:
    session = _session(LEAD_DEAL)
    table = Table(session)
    feed = Feed()
    table.listen(0, feed)
    assert not table.act(0, DRAW)  # the lead first: drawing is refused, and the reason given
    assert feed.refusals[-1].reason is Reason.HOLDS_PLAYABLE and feed.updates == []
    assert table.act(0, Move.parse("5-4 lead"))
    (update,) = feed.updates
    assert update.actor == 0 and not update.by_bot
    assert [type(e) for e in update.events] == [Played]


class Checking(Feed):
    """A seat's ears that check each update's view against one built afresh."""

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__()
        self.game, self.seat = game, seat

    def update(self, update: Update) -> None:
        assert update.obs == observe(self.game, self.seat)
        # (the step's events: the same for every seat but where a draw or a deal hides)
        for event in update.events:
            if isinstance(event, Drew) and event.player != self.seat:
                assert event.tile is None
            if isinstance(event, Dealt):
                assert all(not hand for i, hand in enumerate(event.hands) if i != self.seat)
        super().update(update)


@pytest.mark.parametrize("name", ["sniff", "muggins", "alle-fuenfe", "sniff-us"])
def test_a_view_whose_history_is_kept_from_step_to_step_is_the_one_built_afresh(
    name: str,
) -> None:
    # The table extends each seat's round history by each step's events instead of
    # building it anew from the log: over whole games (new rounds, thrown-in deals,
    # bots' draws), every seat's view is still exactly what observe() builds.
    rules = preset(name)
    session = GameSession.new(rules, ["random"] * 4, seed=5, human=False)
    table = Table(session)
    feeds = [Checking(session.game, seat) for seat in range(4)]
    for seat, feed in enumerate(feeds):
        table.listen(seat, feed)
    table.play_now()
    assert session.game.phase is Phase.GAME_OVER
    assert min(len(feed.updates) for feed in feeds) > 20
