"""Practice drills: counting open ends by ear, built on the engine."""

from __future__ import annotations

from sniff.practice.drills import LEVELS, Drill, Question, Verdict, judge, make_question
from sniff.practice.session import Answered, PracticeSession, Summary

__all__ = [
    "LEVELS",
    "Answered",
    "Drill",
    "PracticeSession",
    "Question",
    "Summary",
    "Verdict",
    "judge",
    "make_question",
]
