"""A shared table's policy, walked by hand: no event loop, no socket, a fake clock.

Each test sits people down at a :class:`~sniff.session.policy.TablePolicy`,
lets its clients say "heard" at once (as a fast client does), moves the clock
on, and reads what the policy told its outlet, in order: the start of a game,
a connection that drops (told after 2 seconds, a bot after the grace), a
return (the table, then the game, then the others told), a turn timer that
runs out (a bot plays that one turn), the next round when everyone present
is ready, a host who leaves for good, and a table nobody is at.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from dataclasses import replace
from typing import Any

import pytest

from sniff.bots import make_bot
from sniff.engine import DRAW, Event, Game, Observation, Phase, Refusal, preset
from sniff.enums import NewsKind, SeatKind
from sniff.session import policy as policy_module
from sniff.session.clock import FakeClock
from sniff.session.game import GameSession
from sniff.session.link import News
from sniff.session.policy import DROP_NOTICE, GRACE, IDLE_END, SeatState, TablePolicy
from sniff.session.table import Update, play_now
from sniff.storage import SaveState
from sniff.storage.records import PlayerInfo


class Told:
    """The policy's outlet: every item told, in order, as a short tuple; each step
    heard at once by a seat whose person is here (a client that says "heard")."""

    watching = True  # (the spectators' steps are made, and counted in items)

    def __init__(self) -> None:
        self.items: list[tuple[Any, ...]] = []
        self.policy: TablePolicy | None = None

    def show_table(self, seat: int | None) -> None:
        self.items.append(("table", seat))

    def show_state(self, seat: int | None) -> None:
        self.items.append(("state", seat))

    def step(self, seat: int, update: Update) -> None:
        self.items.append(("step", seat, update.actor, update.by_bot))
        policy = self.policy
        if policy is not None and policy.seats[seat].present:
            policy.heard(policy.seats[seat], update.position)

    def watched(self, events: Sequence[Event], update: Update) -> None:
        self.items.append(("watched", len(events)))

    def refused(self, seat: int, refusal: Refusal, obs: Observation) -> None:
        self.items.append(("refused", seat, refusal.reason))

    def not_started(self, seat: int) -> None:
        self.items.append(("not-started", seat))

    def news(self, news: News) -> None:
        self.items.append(("news", news.kind, news.seat))

    def changed(self) -> None:
        pass

    def game_started(self) -> None:
        self.items.append(("started",))

    def game_ended(self) -> None:
        self.items.append(("ended",))

    def news_of(self, kind: NewsKind) -> list[int | None]:
        return [item[2] for item in self.items if item[:2] == ("news", kind)]

    def since(self, mark: int) -> list[tuple[Any, ...]]:
        return self.items[mark:]


def _table(
    kinds: Sequence[str], *, timer: int = 0, seed: int = 3, target: int = 30
) -> tuple[TablePolicy, Told]:
    """A table whose seats are *kinds* ("person" or a bot level), as the server makes it."""
    rules = preset("sniff").with_changes(targets=(target,) * 3)
    game = Game(rules, len(kinds), seed=seed)
    players = tuple(
        PlayerInfo(f"P{i}", SeatKind.HUMAN) if k == "person" else PlayerInfo(f"B{i}", "bot", k)
        for i, k in enumerate(kinds)
    )
    bots = {i: make_bot(k, seed=seed + i) for i, k in enumerate(kinds) if k != "person"}
    session = GameSession(SaveState(game, players, seed=seed), bots, human=None)
    seats = [
        SeatState(i, SeatKind.HUMAN) if k == "person" else SeatState(i, SeatKind.BOT, k)
        for i, k in enumerate(kinds)
    ]
    told = Told()
    policy = TablePolicy(
        session, seats, told, clock=FakeClock(), spawn=_run, timer=timer,
        stand_in=lambda: make_bot("greedy", seed=seed),
    )  # fmt: skip
    told.policy = policy
    return policy, told


def _run(coroutine: Coroutine[Any, Any, None]) -> None:
    """The game loop, run here and now (bots decide at once; every seat heard at once)."""
    play_now(coroutine)


def _sit(policy: TablePolicy, index: int, name: str) -> None:
    seat = policy.seats[index]
    seat.key = f"key-{index}"
    policy.take(seat, name, "en")


def _play_people(policy: TablePolicy, most: int = 400) -> None:
    """Each present person plays their first legal action until nobody is to act."""
    game = policy.session.game
    for _ in range(most):
        if game.phase not in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
            return
        seat = policy.seats[game.current]
        if not seat.person or seat.stand_in or not seat.present:
            return
        obs = policy.table.observe(seat.index)
        policy.act(seat, obs.legal[0], policy.table.position)


def test_the_start_of_a_game_is_told_in_order() -> None:
    policy, told = _table(["person", "person", "greedy"])
    _sit(policy, 0, "Ada")
    assert told.items[:2] == [("table", 0), ("state", 0)]
    assert not policy.started and policy.missing == 1
    mark = len(told.items)
    _sit(policy, 1, "Ada")  # the same name: told apart
    assert policy.seats[1].name == "Ada 2"
    after = told.since(mark)
    # The bots are named first; then everyone is told the table, who joined, that the
    # game begins, and then the game itself, each seat and the spectators.
    assert after[0] == ("started",)
    joined = after.index(("news", NewsKind.JOINED, 1))
    began = after.index(("news", NewsKind.STARTED, None))
    states = [i for i, item in enumerate(after) if item[0] == "state"]
    assert {item[1] for item in after[1:joined] if item[0] == "table"} == {0, 1, None}
    assert joined < began < min(states)
    assert [after[i][1] for i in states] == [0, 1, None]


def test_nothing_is_played_before_every_seat_is_taken() -> None:
    policy, told = _table(["person", "person"])
    _sit(policy, 0, "Ada")
    policy.act(policy.seats[0], DRAW, policy.table.position)
    assert told.items[-1] == ("not-started", 0)
    assert policy.table.position == 1  # the deal only


def test_a_drop_is_told_after_two_seconds_and_a_bot_plays_after_the_grace() -> None:
    policy, told = _table(["person", "person"])
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    ben = policy.seats[1]
    policy.gone(ben)
    clock.advance(DROP_NOTICE - 0.5)
    assert told.news_of(NewsKind.DROPPED) == []  # a short blip is not worth a word
    clock.advance(0.5)
    assert told.news_of(NewsKind.DROPPED) == [1]
    _play_people(policy)
    position = policy.table.position
    clock.advance(GRACE)
    assert told.news_of(NewsKind.STAND_IN) == [1] and ben.stand_in
    assert 1 in policy.session.bots
    # The stand-in plays Ben's turns; the game reaches Ada again (or its end).
    game = policy.session.game
    assert policy.table.position > position or game.current == 0
    # Ben comes back: he is told the table and the game first, then the others that he
    # is back; the seat is his again.
    mark = len(told.items)
    policy.sit(ben)
    after = told.since(mark)
    assert after[:2] == [("table", 1), ("state", 1)]
    assert ("news", NewsKind.BACK, 1) in after
    assert after.index(("news", NewsKind.BACK, 1)) > 1
    assert not ben.stand_in and 1 not in policy.session.bots


def test_a_person_back_within_the_grace_keeps_the_seat_and_no_bot_plays() -> None:
    policy, told = _table(["person", "person"])
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    ben = policy.seats[1]
    policy.gone(ben)
    clock.advance(10.0)
    policy.sit(ben)
    clock.advance(GRACE * 2)
    assert told.news_of(NewsKind.STAND_IN) == []
    assert told.news_of(NewsKind.BACK) == [1]
    assert 1 not in policy.session.bots


def test_the_turn_timer_lets_a_bot_play_one_turn_then_the_seat_is_theirs_again() -> None:
    policy, told = _table(["person", "greedy"], timer=60)
    _sit(policy, 0, "Ada")
    game = policy.session.game
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    assert game.current == 0 and game.phase is Phase.PLAY  # Ada's turn (the bot moved)
    position = policy.table.position
    clock.advance(59.0)
    assert policy.table.position == position and told.news_of(NewsKind.TIMED_OUT) == []
    clock.advance(1.0)
    assert told.news_of(NewsKind.TIMED_OUT) == [0]
    assert policy.table.position > position  # a bot played her turn
    assert 0 not in policy.session.bots  # and it is hers again
    steps = [item for item in told.items if item[0] == "step" and item[1] == 0]
    assert any(item[2] == 0 and item[3] for item in steps)  # told as a bot's play


def test_the_next_round_is_dealt_when_every_present_person_is_ready() -> None:
    policy, told = _table(["person", "person"], seed=5, target=300)
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    _play_people(policy, most=2000)
    game = policy.session.game
    assert game.phase is Phase.ROUND_OVER
    round_no = game.round_no
    policy.ready(policy.seats[0])
    assert told.items[-1] == ("news", NewsKind.WAITING_READY, 0)
    assert game.phase is Phase.ROUND_OVER
    policy.ready(policy.seats[1])
    assert game.round_no == round_no + 1 and game.phase is Phase.PLAY


def test_a_host_who_leaves_is_replaced_at_once_and_an_empty_table_ends() -> None:
    policy, told = _table(["person", "greedy", "greedy"], target=300)
    _sit(policy, 0, "Ada")
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    policy.leave(policy.seats[0])
    assert told.news_of(NewsKind.LEFT) == [0]  # a bot at once, no grace
    # Bots alone play the round on; nobody is here to be ready for the next one.
    assert policy.session.game.phase is Phase.ROUND_OVER
    assert ("ended",) not in told.items
    clock.advance(IDLE_END)
    assert ("ended",) in told.items and policy.ended


def test_spectators_hear_every_step_with_no_hand() -> None:
    policy, told = _table(["person", "greedy"])
    _sit(policy, 0, "Ada")
    watched = [item for item in told.items if item[0] == "watched"]
    stepped = [item for item in told.items if item[0] == "step" and item[1] == 0]
    assert watched and len(watched) == len(stepped)


def test_a_blip_shorter_than_the_notice_is_no_news_at_all() -> None:
    policy, told = _table(["person", "person"])
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    ben = policy.seats[1]
    policy.gone(ben)
    clock.advance(0.4)
    policy.sit(ben)  # back before anyone heard he had gone: no "back" either
    clock.advance(GRACE)
    assert told.news_of(NewsKind.DROPPED) == [] and told.news_of(NewsKind.BACK) == []


def test_a_restored_table_waits_in_silence_for_nobody() -> None:
    """A table brought back by a restart: its people are away; after the grace a bot
    plays for the one whose turn it is, and everyone who comes back hears the rest."""
    policy, _told = _table(["person", "person"], target=300)
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    _play_people(policy, most=3)
    seats = [replace(seat, present=False, timers=[]) for seat in policy.seats]
    again = Told()
    restored = TablePolicy(policy.session, seats, again, clock=FakeClock(), spawn=_run,
                           started=True, stand_in=lambda: make_bot("greedy", seed=1))  # fmt: skip
    again.policy = restored
    clock = restored.clock
    assert isinstance(clock, FakeClock)
    position = restored.table.position
    clock.advance(GRACE)
    assert sorted(again.news_of(NewsKind.STAND_IN)) == [0, 1]
    assert restored.table.position > position  # the stand-ins play on
    restored.sit(seats[0])
    assert ("news", NewsKind.BACK, 0) in again.items


def test_a_person_who_leaves_is_gone_for_good_even_after_a_restart() -> None:
    policy, told = _table(["person", "person", "greedy"], target=300)
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    ben = policy.seats[1]
    policy.leave(ben)
    assert told.news_of(NewsKind.LEFT) == [1] and told.news_of(NewsKind.STAND_IN) == []
    assert ben.left and ben.stand_in and 1 in policy.session.bots
    seats = [replace(seat, present=False, stand_in=False, timers=[]) for seat in policy.seats]
    policy.session.stand_in(1, None)
    restored = TablePolicy(policy.session, seats, Told(), clock=FakeClock(), spawn=_run,
                           started=True)  # fmt: skip
    assert seats[1].stand_in and 1 in restored.session.bots  # its bot again, at once


def test_a_person_who_is_never_ready_holds_no_deal_when_the_table_has_a_timer() -> None:
    policy, told = _table(["person", "person"], timer=60, seed=5, target=300)
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    _play_people(policy, most=2000)
    game = policy.session.game
    assert game.phase is Phase.ROUND_OVER
    round_no = game.round_no
    clock = policy.clock
    assert isinstance(clock, FakeClock)
    policy.ready(policy.seats[0])  # Ben never says he is ready
    clock.advance(59.0)
    assert game.round_no == round_no
    clock.advance(1.0)
    assert told.news_of(NewsKind.NOT_READY) == [None]
    assert game.round_no == round_no + 1


def test_a_game_that_never_reaches_its_target_ends_after_so_many_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(policy_module, "MAX_ROUNDS", 2)
    policy, told = _table(["person", "person"], seed=5, target=1000)
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    game = policy.session.game
    for _ in range(3):
        _play_people(policy, most=2000)
        for seat in policy.seats:
            policy.ready(seat)
    assert policy.ended and game.round_no == 2 and game.phase is Phase.ROUND_OVER
    assert told.news_of(NewsKind.ROUND_LIMIT) == [None] and ("ended",) in told.items


def test_the_host_ends_the_table_for_everyone() -> None:
    policy, told = _table(["person", "person"])
    _sit(policy, 0, "Ada")
    _sit(policy, 1, "Ben")
    policy.end(policy.seats[0])
    assert policy.ended and told.news_of(NewsKind.ENDED) == [0] and ("ended",) in told.items
