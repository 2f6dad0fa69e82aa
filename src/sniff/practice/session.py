"""A practice session: questions, answers, streaks, timing and the summary.

Pure logic with an injected clock, so that tests and the keyboard screen
drive the same code.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from sniff.engine import Combination
from sniff.practice.drills import Drill, Question, Verdict, judge, make_question

TIMED_SECONDS = 60.0


@dataclass(frozen=True)
class Answered:
    """One judged answer, with the time it took."""

    question: Question
    verdict: Verdict
    seconds: float


@dataclass
class Summary:
    drill: Drill
    level: int
    asked: int
    right: int
    best_streak: int
    seconds: float
    per_answer: float  # mean seconds per answer

    @property
    def accuracy(self) -> float:
        return self.right / self.asked if self.asked else 0.0


@dataclass
class PracticeSession:
    """Ask, judge, keep score. ``clock`` returns seconds (monotonic).

    *heard* holds what every question so far sounded like (:attr:`Question.heard`),
    so that none is asked twice while the level has new ones; the practice screen
    hands the same set to each round, so the whole sitting is free of repeats.
    """

    drill: Drill
    level: int
    combination: Combination = Combination.FIVES
    rng: random.Random = field(default_factory=random.Random)
    clock: Callable[[], float] = time.monotonic
    answers: list[Answered] = field(default_factory=list)
    streak: int = 0
    best_streak: int = 0
    question: Question | None = None
    started: float = 0.0
    asked_at: float = 0.0
    finished: bool = False
    heard: set[Hashable] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def next_question(self) -> Question:
        """Make the next question (the timed drill asks counts), one not heard yet."""
        question = make_question(
            self.drill.asks, self.level, self.rng, self.combination, heard=self.heard
        )
        self.heard.add(question.heard)
        self.question = question
        self.asked_at = self.clock()
        return self.question

    @property
    def time_left(self) -> float | None:
        """Seconds left in a timed round; None for untimed drills."""
        if self.drill is not Drill.TIMED:
            return None
        return max(0.0, TIMED_SECONDS - (self.clock() - self.started))

    def answer(self, text: str) -> Answered | None:
        """Judge *text* for the current question; None if it could not be read
        (the question stays, nothing is counted)."""
        if self.question is None or self.finished:
            return None
        verdict = judge(self.question, text)
        if not verdict.readable:
            return None
        now = self.clock()
        answered = Answered(self.question, verdict, now - self.asked_at)
        self.answers.append(answered)
        if verdict.correct:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        self.question = None
        left = self.time_left
        if left is not None and left <= 0:
            self.finished = True
        return answered

    def finish(self) -> Summary:
        self.finished = True
        asked = len(self.answers)
        right = sum(1 for a in self.answers if a.verdict.correct)
        seconds = self.clock() - self.started
        per_answer = sum(a.seconds for a in self.answers) / asked if asked else 0.0
        return Summary(self.drill, self.level, asked, right, self.best_streak, seconds, per_answer)
