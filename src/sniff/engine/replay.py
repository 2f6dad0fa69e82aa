"""Replaying a recorded game through the engine, event by event.

A record (shared/RECORD.md) holds every event of a game. :func:`replay` deals
the recorded deals, takes each recorded action, and checks that the engine
produces exactly the recorded events; it yields the game after each one, so
a narrator can say each event with the table as it then stood, and a
checker can stop at the first line the rules would not have produced.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from enum import Enum

from sniff.engine.dealing import Deal, ScriptedDealer
from sniff.engine.events import (
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    Claimed,
    Dealt,
    Drew,
    Event,
    GameEnded,
    IllegalMove,
    MugginsCalled,
    Passed,
    Played,
    RoundEnd,
    RoundEnded,
    event_fields,
)
from sniff.engine.layout import End
from sniff.engine.leading import chance_decides_leader
from sniff.engine.phase import Phase
from sniff.engine.refusals import Refusal
from sniff.engine.rules import RuleSet
from sniff.engine.state import Game
from sniff.engine.tiles import Tile

__all__ = [
    "EVENT_NAMES",
    "ReplayError",
    "ReplayProblem",
    "action_of",
    "describe",
    "replay",
    "replay_all",
    "scripted_deals",
]

#: Each event's name, as a record's ``type`` field names it.
EVENT_NAMES: dict[type, str] = {
    Dealt: "deal",
    Played: "play",
    Drew: "draw",
    Passed: "pass",
    Claimed: "claim",
    MugginsCalled: "muggins",
    RoundEnded: "round_end",
    GameEnded: "game_end",
}


class ReplayProblem(str, Enum):
    """Why a recorded event is not what the rules produce: a stable code that the
    words layer says in the player's language, with :attr:`ReplayError.values`."""

    NO_DEAL_FIRST = "no-deal-first"  # the events do not start with a deal
    HAND_SIZE = "hand-size"  # size: the tiles each hand must hold
    RECORD_STOPS = "record-stops"  # expected: the event the rules go on with
    OTHER_LINE = "other-line"  # recorded, expected: events of different kinds
    OTHER_VALUE = "other-value"  # line, field, recorded, expected: one field differs
    GAME_OVER = "game-over"  # an event after the game's end
    DEAL_NEXT = "deal-next"  # the round is over and the event is not a deal
    NOT_AN_ACTION = "not-an-action"  # line, seat: a line no player's action makes
    NOT_THEIR_TURN = "not-their-turn"  # seat, current
    REFUSED = "refused"  # refusal: the engine's Refusal, with its own reason code
    ENGINE = "engine"  # detail: the engine could not take the action (English)


class ReplayError(ValueError):
    """A recorded event the rules would not have produced; *index* is its place in
    the events (``len(events)``: the rules go on where the events stop).

    The message is English, for logs; *problem* and *values* (the events, fields
    and seats concerned) are what a player is told, in their language.
    """

    def __init__(self, message: str, index: int, problem: ReplayProblem, **values: object) -> None:
        super().__init__(message)
        self.message = message
        self.index = index
        self.problem = problem
        self.values = values


def action_of(event: Event) -> Action | None:
    """The action that caused *event* (None for what the rules do by themselves)."""
    if isinstance(event, Played):
        return event.move
    if isinstance(event, Drew):
        return DRAW
    if isinstance(event, Passed):
        return PASS
    if isinstance(event, Claimed):
        return Claim(event.points)
    if isinstance(event, MugginsCalled):
        return CallMuggins(True)
    return None


def scripted_deals(rules: RuleSet, events: Sequence[Event]) -> list[Deal]:
    """The recorded deals, in order. A recorded leader is kept only where the
    rules leave the leader to chance; elsewhere the engine decides and the
    replay compares its choice with the record."""
    deals: list[Deal] = []
    previous_reason: RoundEnd | None = None
    for event in events:
        if isinstance(event, RoundEnded):
            previous_reason = event.reason
        elif isinstance(event, Dealt):
            chance = chance_decides_leader(rules, event.round, previous_reason)
            deals.append(Deal(event.hands, event.boneyard, event.leader if chance else None))
    return deals


def replay(
    rules: RuleSet, players: int, events: Sequence[Event], *, seed: int | None = None
) -> Iterator[tuple[int, Game]]:
    """Play *events* through the engine; yield ``(index, game)`` for each event.

    The game is the state after the action the event belongs to (one action
    may cause several events: a play, the round's end, the game's end), and
    is the same object throughout: read it before asking for the next event.
    Raises :class:`ReplayError` at the first event the rules would not produce.
    """
    if not events or not isinstance(events[0], Dealt):
        raise ReplayError("a game starts with a deal", 0, ReplayProblem.NO_DEAL_FIRST)
    size = rules.hand_size(players)
    for index, event in enumerate(events):
        if isinstance(event, Dealt) and any(len(hand) != size for hand in event.hands):
            raise ReplayError(
                f"each hand must hold {size} tiles", index, ReplayProblem.HAND_SIZE, size=size
            )
    matched = 0
    try:
        dealer = ScriptedDealer(scripted_deals(rules, events))
        game = Game(rules, players, rng=random.Random(seed), dealer=dealer)
        while True:
            while matched < len(game.log):
                actual = game.log[matched]
                if matched >= len(events):
                    raise ReplayError(
                        f"the record stops, but the rules go on with {describe(actual)}",
                        matched,
                        ReplayProblem.RECORD_STOPS,
                        expected=actual,
                    )
                if events[matched] != actual:
                    raise _difference(events[matched], actual, matched)
                yield matched, game
                matched += 1
            if matched >= len(events):
                return
            _step(game, events[matched], matched)
    except ReplayError:
        raise
    except Refusal as refusal:
        raise ReplayError(
            f"the rules refuse this: {refusal}", matched, ReplayProblem.REFUSED, refusal=refusal
        ) from None
    except (IllegalMove, LookupError, ValueError) as error:
        raise ReplayError(
            f"the engine cannot replay this: {error}",
            matched,
            ReplayProblem.ENGINE,
            detail=str(error),
        ) from None


def replay_all(
    rules: RuleSet, players: int, events: Sequence[Event], *, seed: int | None = None
) -> Game:
    """:func:`replay` to the last event; the game as the events leave it."""
    game: Game | None = None
    for _index, game in replay(rules, players, events, seed=seed):  # noqa: B007 - the last one
        pass
    assert game is not None  # a replay yields at least the first deal
    return game


def _step(game: Game, event: Event, index: int) -> None:
    """Take the action that *event* records (or the rules' own next step)."""
    if game.phase is Phase.GAME_OVER:
        raise ReplayError("the game is already over", index, ReplayProblem.GAME_OVER)
    if game.phase is Phase.ROUND_OVER:
        if not isinstance(event, Dealt):
            raise ReplayError(
                "the round is over: a deal must come next", index, ReplayProblem.DEAL_NEXT
            )
        game.next_round()
        return
    if game.phase is Phase.MUGGINS and not isinstance(event, MugginsCalled):
        game.call_muggins(False)  # letting the points go leaves no line
        return
    action = action_of(event)
    if action is None:
        line = EVENT_NAMES[type(event)]
        raise ReplayError(
            f"a {line} line where seat {game.current} must act",
            index,
            ReplayProblem.NOT_AN_ACTION,
            line=line,
            seat=game.current,
        )
    actor = getattr(event, "player", game.current)
    if actor != game.current:
        raise ReplayError(
            f"seat {actor} acts, but it is seat {game.current}'s turn",
            index,
            ReplayProblem.NOT_THEIR_TURN,
            seat=actor,
            current=game.current,
        )
    refusal = game.refusal(action)
    if refusal is not None:
        raise ReplayError(
            f"the rules refuse this: {refusal}", index, ReplayProblem.REFUSED, refusal=refusal
        )
    game.apply(action)


def describe(event: Event) -> str:
    """An event in a few words: ``play (player 1, tile 6-4, end east, ...)``."""
    shown = ", ".join(f"{name} {_show(value)}" for name, value in event_fields(event).items())
    return f"{EVENT_NAMES[type(event)]} ({shown})"


def _difference(recorded: Event, actual: Event, index: int) -> ReplayError:
    """How a recorded event differs from the one the engine produced."""
    if type(recorded) is not type(actual):
        return ReplayError(
            f"the record has a {EVENT_NAMES[type(recorded)]} line, "
            f"but the rules give {describe(actual)}",
            index,
            ReplayProblem.OTHER_LINE,
            recorded=recorded,
            expected=actual,
        )
    theirs = event_fields(actual)
    for name, mine in event_fields(recorded).items():
        if mine != theirs[name]:
            return ReplayError(
                f"{name} is {_show(mine)} in the record, but the rules give {_show(theirs[name])}",
                index,
                ReplayProblem.OTHER_VALUE,
                line=EVENT_NAMES[type(actual)],
                field=name,
                recorded=mine,
                expected=theirs[name],
            )
    raise AssertionError("equal events differ")  # pragma: no cover - the caller compared them


def _show(value: object) -> str:
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, End):
        return value.value
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
