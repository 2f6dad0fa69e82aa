"""A lesson's table: the game session it is played in, and the place it was left.

A lesson is played through the one game loop (:class:`GameSession`) like any
game: the lesson's deal is dealt by a :class:`~sniff.engine.ScriptedDealer`,
its setup is played by the engine, and the other seats are computer players
that play the lesson's script (:class:`ScriptedBot`), or, in a free lesson, a
real bot with a fixed seed. Because everything is fixed, the player's own
actions are all a saved place needs: replayed, they rebuild the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from sniff.bots import Bot, make_bot
from sniff.engine import (
    Action,
    Drew,
    Game,
    IllegalMove,
    Observation,
    Passed,
    Played,
    ScriptedDealer,
)
from sniff.learn.lesson import Do, Lesson, LessonError, parse_action
from sniff.session.game import GameSession, players_for
from sniff.session.table import Table
from sniff.storage import SaveState

__all__ = ["Opened", "ScriptedBot", "lesson_session", "open_lesson"]


class ScriptedBot:
    """A computer player that plays a lesson's script.

    Its n-th action of the round (after *skip* made in the setup) is the
    script's n-th: the choice is read from the observation alone, so a
    replayed lesson gets the same plays.
    """

    level = "scripted"

    def __init__(self, seat: int, script: Sequence[Action], *, skip: int = 0) -> None:
        self.seat = seat
        self.script = tuple(script)
        self.skip = skip
        # Every bot has a generator (the session keeps its state); this one draws nothing.
        self.rng = random.Random(seat)

    def choose(self, obs: Observation) -> Action:
        made = sum(
            1
            for event in obs.history
            if isinstance(event, Played | Drew | Passed) and event.player == self.seat
        )
        index = made - self.skip
        if not 0 <= index < len(self.script):
            raise LessonError(f"seat {self.seat} has no scripted action left (action {index + 1})")
        return self.script[index]


def _own_actions(lesson: Lesson, seat: int) -> int:
    """How many of the setup's actions *seat* makes (played in turn from the deal)."""
    game = _game(lesson)
    made = 0
    for action in lesson.setup:
        made += game.current == seat
        game.apply(action)
    return made


def _game(lesson: Lesson) -> Game:
    return Game(
        lesson.rules, lesson.players, seed=lesson.bot_seed, dealer=ScriptedDealer([lesson.deal])
    )


def lesson_session(lesson: Lesson, actions: Sequence[Action] = ()) -> GameSession:
    """The lesson's game with its setup played, and then the player's *actions*
    (each followed by the other seats' turns). Raises :class:`IllegalMove` or
    :class:`LessonError` if they do not fit the lesson."""
    level = lesson.bot
    players = players_for([level] * (lesson.players - 1))
    bots: dict[int, Bot] = {}
    for seat in range(1, lesson.players):
        if lesson.scripted:
            script = lesson.others[seat - 1]
            bots[seat] = ScriptedBot(seat, script, skip=_own_actions(lesson, seat))
        else:
            bots[seat] = make_bot(level, seed=lesson.bot_seed * 10 + seat)
    session = GameSession(SaveState(_game(lesson), players, seed=lesson.bot_seed), bots, human=0)
    for action in lesson.setup:
        session.state.apply(action)
    table = Table(session)
    table.play_now()
    for action in actions:
        session.act(0, action)
        table.play_now()
    return session


class Opened(NamedTuple):
    """A lesson opened: its session, the step to go on from, the player's actions so
    far, and whether a saved place had to be dropped."""

    session: GameSession
    step: int
    actions: tuple[str, ...]
    restarted: bool


def open_lesson(lesson: Lesson, step: int = 0, actions: Sequence[str] = ()) -> Opened:
    """The lesson at the place saved (*step*, *actions*), or from its beginning when
    that place does not fit the lesson (it changed since, or the file was edited)."""
    if step or actions:
        try:
            parsed = _check_place(lesson, step, actions)
            session = lesson_session(lesson, parsed)
        except (IllegalMove, LessonError, ValueError):
            pass
        else:
            return Opened(session, step, tuple(actions), False)
    return Opened(lesson_session(lesson), 0, (), bool(step or actions))


def _check_place(lesson: Lesson, step: int, actions: Sequence[str]) -> list[Action]:
    """The saved actions, checked against the steps before *step*: each acting step
    made exactly its own action; a free step made the rest."""
    if not 0 <= step < len(lesson.steps):
        raise LessonError(f"no step {step + 1}")
    parsed = [parse_action(text) for text in actions]
    rest = list(parsed)
    for index, current in enumerate(lesson.steps[: step + 1]):
        if current.do is Do.FREE:
            return parsed
        if index == step:
            break
        wanted = current.wanted()
        if not wanted:
            continue
        if not rest or rest[0] not in wanted:
            raise LessonError(f"step {index + 1} did not make its action")
        rest.pop(0)
    if rest:
        raise LessonError("more actions saved than the steps made")
    return parsed
