"""The coach: it walks the player through a lesson's steps, at the real table.

The coach never plays and never works out a rule. The game screen does
everything a key does; the coach is asked before an action reaches the
session (:meth:`Coach.judge`: is it the step's action?) and told after
(:meth:`Coach.acted`, :meth:`Coach.key`, :meth:`Coach.selected`,
:meth:`Coach.after_bots`). Its reasons come from the engine: a refused
action is explained with the engine's refusal, another legal play with the
engine's what-if, and every number in a lesson's text is filled in from the
table (:meth:`sniff.announce.coach.CoachWords.facts`).

Each method returns what the coach says, in order; the screen speaks it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from sniff.announce import Announcer, Utterance
from sniff.announce.coach import CoachWords
from sniff.engine import ACTIVE, Action, Move, Observation, Refusal, Tile
from sniff.learn.lesson import Do, Lesson, Step, action_text
from sniff.session.game import GameSession

__all__ = ["Coach"]

#: ``on_progress(coach)``: the coach moved on (a step done, an action made).
ProgressHandler = Callable[["Coach"], None]


class Coach:
    """One lesson's coach, for the person in seat 0 of *session*."""

    def __init__(
        self,
        lesson: Lesson,
        session: GameSession,
        announcer: Announcer,
        *,
        number: int,
        total: int,
        step: int = 0,
        actions: tuple[str, ...] = (),
        following: str | None = None,
        on_progress: ProgressHandler | None = None,
    ) -> None:
        self.lesson = lesson
        self.session = session
        self.announcer = announcer
        self.words = CoachWords(announcer.book)
        self.number = number
        self.total = total
        self.index = step
        self.actions: list[str] = list(actions)
        self.following = following  # the next lesson's title (None: this is the last)
        self.on_progress = on_progress

    # -- where the lesson stands -----------------------------------------------------

    @property
    def step(self) -> Step | None:
        """The step now (None: the lesson is over)."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def waits_for_enter(self) -> bool:
        """Whether Enter is the coach's (to go on), not the game's."""
        step = self.step
        return step is None or step.do is Do.SAY

    def title(self) -> str:
        return self.words.lesson_text(self.lesson.title)

    def text(self, text: str) -> str:
        """A lesson text in the player's language, with the table's facts now."""
        return self.words.fill(text, self.words.facts(self.session.observe(0)))

    def asks(self, step: Step, text: str | None = None) -> str:
        """What *step* asks for (its *text*, by default its own), and the key that does
        it where the lesson's words do not name it: a play step says that Enter plays."""
        source = text or step.text
        said = self.text(source)
        if step.do is Do.PLAY and "enter" not in source.lower():
            said = self.words.with_play_keys(said)
        return said

    # -- what the coach says ------------------------------------------------------------

    def opening(self) -> list[Utterance]:
        """The lesson's first words: its name, and the step to do (or, resumed, where)."""
        heading = self.words.heading(self.number, self.total, self.title())
        step = self.step
        if step is None:
            return [self.words.start(heading, ""), self._done_words()]
        said = self.instruction()
        resumed = self.index + 1 if self.index or self.actions else 0
        return [self.words.start(heading, said.text, step=resumed, steps=len(self.lesson.steps))]

    def instruction(self, *, interrupt: bool = False) -> Utterance:
        """What to do now; *interrupt*: it answers a key of its own (W, Enter), so it
        cuts off what is being said instead of queueing behind it."""
        step = self.step
        if step is None:
            return self._done_words()
        return self.words.instruction(self.asks(step), go_on=step.do is Do.SAY, interrupt=interrupt)

    def _done_words(self) -> Utterance:
        following = None
        if self.following is not None:
            following = (self.number + 1, self.words.lesson_text(self.following))
        return self.words.lesson_done(self.title(), following)

    def unknown_key(self, key: str) -> Utterance:
        return self.words.unknown_key(key)

    # -- the player's keys ------------------------------------------------------------

    def proceed(self) -> list[Utterance]:
        """Enter during an explanation: go on to the next step."""
        step = self.step
        if step is None or step.do is not Do.SAY:
            return []
        said = self._complete(step)
        # Enter goes on at once: the explanation need not be heard to its end.
        return [dataclasses.replace(said[0], interrupt=True), *said[1:]] if said else said

    def key(self, key: str) -> list[Utterance]:
        """A key of the lesson was pressed (and did what it does in the game)."""
        step = self.step
        if step is None or step.do is not Do.KEY:
            return []
        if key in step.keys:
            return self._complete(step)
        return [self.words.next_step(self.asks(step))]

    def selected(self, tile: Tile | None) -> list[Utterance]:
        """The cursor moved: done when it reached the step's tile."""
        step = self.step
        if step is None or step.do is not Do.SELECT or tile != step.tile:
            return []
        return self._complete(step)

    def judge(self, action: Action) -> Utterance | None:
        """Before *action* reaches the session: None lets it through; otherwise the
        coach's answer, and the step stays."""
        step = self.step
        if step is None:
            return self.words.finished_keys()
        if step.do is Do.FREE:
            return None  # the game itself answers a refused action
        wanted = step.wanted()
        if action in wanted:
            return None
        advice = self.asks(step, step.wrong)
        if not wanted:
            return self.words.not_yet(self.asks(step))
        obs = self.session.observe(0)
        if action not in obs.legal:
            return None  # the table refuses it, and the coach adds its advice (refused)
        if isinstance(action, Move):
            preview = self.announcer.answers.preview(obs, action).text
            return self.words.other_play(preview, advice)
        return self.words.not_yet(advice)

    def refused(self, refusal: Refusal, obs: Observation) -> Utterance | None:
        """The table refused the player's action: why, and what the step asks instead
        (None: in free play, or after the lesson, the game's own words say it)."""
        step = self.step
        if step is None or step.do is Do.FREE:
            return None
        reason = self.announcer.refusals.refusal(refusal, obs).text
        return self.words.refused(reason, self.asks(step, step.wrong))

    def acted(self, action: Action) -> list[Utterance]:
        """The session took the player's *action* (the game has said what happened)."""
        self.actions.append(action_text(action))
        step = self.step
        if step is None:
            return []
        if step.do is Do.FREE and self.session.game.phase in ACTIVE:
            self._progress()
            return []
        return self._complete(step)

    def after_bots(self) -> list[Utterance]:
        """The other seats have played: the step to do next (or, in free play, nothing
        until the round is over)."""
        step = self.step
        if step is None:
            return []
        if step.do is Do.FREE:
            if self.session.game.phase in ACTIVE:
                return []
            return self._complete(step)
        return [self.instruction()]

    # -- moving on -----------------------------------------------------------------------

    def _complete(self, step: Step) -> list[Utterance]:
        """*step* is done: what it says after, then the next step (unless the other
        seats play first: then :meth:`after_bots` says it)."""
        said = [self.words.after(self.text(step.after))] if step.after else []
        self.index += 1
        self._progress()
        if self.finished:
            said.append(self._done_words())
        elif not self.session.bot_to_act():
            said.append(self.instruction())
        return said

    def _progress(self) -> None:
        if self.on_progress is not None:
            self.on_progress(self)
