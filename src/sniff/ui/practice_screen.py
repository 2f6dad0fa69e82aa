"""The counting practice: a small menu, then spoken questions and typed answers.

The logic lives in :mod:`sniff.practice`; this screen turns keys into
answers and the session's results into speech. Three stages:

- ``menu``: drill, level, scoring (Up/Down, Home/End, a first letter;
  Left/Right change); Enter starts.
- ``asking``: the ends are spoken, the player types and presses Enter;
  R (with nothing typed) repeats, I or F3 tells the progress, Escape ends.
- after Escape, the summary is spoken and the practice menu is back, on
  Start: Enter starts another round, Up and Down reach the drill, level and
  scoring, Escape leaves the practice (back to the setup menu, or, run as
  ``sniff practice``, the program ends with a goodbye).

When the timed drill's minute runs out, the answer being typed is too late.
It may still be finished: the first key typed for it says it will not count,
the keys after it are echoed as usual, and its Enter says whether it was right
and that it was not counted, instead of starting a new round; the next Enter
does that (see :attr:`PracticeScreen.late`). A late answer costs no key the
player did not mean to press.

Progress is saved after every answer, so closing the window loses nothing;
the screen remembers how many answers of the session are saved already, so
nothing is counted twice.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from sniff.announce.errors import ErrorWords
from sniff.announce.files import FileWords
from sniff.announce.practice import PracticeWords
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import Combination
from sniff.enums import Cue
from sniff.practice import (
    LEVELS,
    Answered,
    Drill,
    PracticeSession,
    Question,
    Summary,
    judge,
)
from sniff.storage import record_practice
from sniff.ui.base import Binding, Host
from sniff.ui.lists import next_by_letter
from sniff.ui.messages import WrappedText

if TYPE_CHECKING:
    import asyncio

    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.layout.containers import AnyContainer

__all__ = ["PracticeScreen"]


def _nothing() -> None:
    """A help-only binding: its keys are typed, and handled by ``unbound_key``."""


def _grouped(group: str, bindings: list[Binding]) -> list[Binding]:
    """*bindings* as one group of help (F1 says a group at a time)."""
    return [dataclasses.replace(binding, group=f"practice-{group}") for binding in bindings]


_MENU = ("drill", "level", "scoring", "start")
_ANSWER_CHARS = set("0123456789 -,")
_MAX_TYPED = 20


class PracticeScreen:
    """Counting practice as a :class:`~sniff.ui.base.Screen`.

    *start*: skip the menu and ask at once (``sniff practice --drill ...``).
    *on_exit*: what Escape in the menu does (default ``host.back``); *goodbye*:
    say goodbye first (``sniff practice``, where leaving ends the program).
    *clock* and *seed* make sessions reproducible in tests.
    """

    def __init__(
        self,
        host: Host,
        *,
        drill: Drill = Drill.COUNT,
        level: int = 1,
        combination: Combination = Combination.FIVES,
        seed: int | None = None,
        start: bool = False,
        on_exit: Callable[[], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        record: bool = True,
        goodbye: bool = False,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"no practice level {level}; choose 1 to {len(LEVELS)}")
        self.host = host
        self.ctx = host.ctx
        self.drill = drill
        self.level = level
        self.combination = combination
        self.rng = random.Random(seed)
        self.clock = clock
        self.record = record
        self.on_exit = on_exit or host.back
        self.goodbye = goodbye
        self.start_at_once = start
        self.index = 0  # menu item
        self.session: PracticeSession | None = None
        self.typed = ""
        self.last_feedback = ""
        self.last_summary: Summary | None = None
        self.saved = 0  # answers of this session already in the statistics
        self._save_failed = False  # said once per session, not after every answer
        self._timer: asyncio.TimerHandle | None = None
        # The timed round ran out: keys typed for the answer that was too late, and the
        # Enter that gives it, finish that answer (judged, not counted) instead of
        # starting a new round.
        self.late = False
        self._late_told = False
        self._late_typed = ""
        self._late_question: Question | None = None
        # What every question of this sitting sounded like: no round repeats one.
        self.heard: set[Hashable] = set()

    @property
    def words(self) -> PracticeWords:
        return PracticeWords(self.ctx.translator)

    @property
    def asking(self) -> bool:
        return self.session is not None and not self.session.finished

    # -- speaking -------------------------------------------------------------------

    def _say(self, text: str, *, cue: Cue | None = None, interrupt: bool = True) -> None:
        self.ctx.output.say(
            Utterance(text, interrupt=interrupt, cue=cue, kind=UtteranceKind.PRACTICE)
        )
        self.host.invalidate()

    def _menu_value(self, key: str) -> str | None:
        words = self.words
        if key == "drill":
            return words.drill(self.drill)
        if key == "level":
            return words.level(self.level)
        if key == "scoring":
            return words.menu.combination(self.combination.value)
        return None

    def _menu_text(self, key: str) -> str:
        """An item with its value: "Drill: the count", "Level 1, two plain ends"."""
        if key == "level":
            return self.words.level_item(self.level)
        value = self._menu_value(key)
        label = self.words.menu_label(key)
        return label if value is None else self.words.menu.changed(label, value)

    def describe_item(self) -> str:
        key = _MENU[self.index]
        return self.words.menu.item(self._menu_text(key), None, self.index + 1, len(_MENU))

    # -- Screen -----------------------------------------------------------------------

    def bindings(self) -> list[Binding]:
        """The keys, in two groups for help (F1), the group of what the player is
        doing now first: choosing in the menu (with Enter to start and Escape to
        leave), or answering (with Enter to answer and Escape to end the round)."""
        b = self._binding
        choosing = [
            b(("up",), "up", lambda: self.move(-1)),
            b(("down",), "down", lambda: self.move(1)),
            b(("home",), "home", lambda: self.jump(0)),
            b(("end",), "end", lambda: self.jump(len(_MENU) - 1)),
            b((), "letters", _nothing),  # typed letters reach unbound_key
            b(("left",), "left", lambda: self.change(-1)),
            b(("right",), "right", lambda: self.change(1)),
        ]
        enter = b(("enter",), "enter", self.enter_key)
        escape = b(("escape",), "escape", self.escape)
        answering = [
            b((), "typing", _nothing),  # typed digits and letters reach unbound_key
            b(("backspace",), "backspace", self.backspace),
            b(("r",), "r", self.repeat),
            b(("i", "f3"), "info", self.info),
        ]
        if self.asking:
            return _grouped("answer", [*answering, enter, escape]) + _grouped("menu", choosing)
        return _grouped("menu", [*choosing, enter, escape]) + _grouped("answer", answering)

    def _binding(self, keys: tuple[str, ...], name: str, handler: Callable[[], None]) -> Binding:
        # Looked up when help is read: the language, and what Enter does, may have changed.
        def label() -> str:
            return self.words.menu.key_label(name)

        def description() -> str:
            return self.words.key_help(name, asking=self.asking)

        return Binding(keys, label, description, handler)

    def container(self) -> AnyContainer:
        from prompt_toolkit.layout.containers import Window

        # Broken between words: a long summary or question is never cut at the edge.
        return Window(WrappedText(self._lines))

    def shown_texts(self) -> tuple[str, ...]:
        """The last answer's feedback, or the summary, is drawn here: the message area
        does not show it again."""
        return (self.last_feedback,) if self.last_feedback else ()

    def _lines(self) -> StyleAndTextTuples:
        words = self.words
        lines: StyleAndTextTuples = [("bold", words.title() + "\n\n")]
        session = self.session
        if self.asking and session is not None and session.question is not None:
            lines.append(("", words.question(session.question) + "\n\n"))
            lines.append(("reverse", f"> {self.typed}_\n\n"))
        else:
            for i, key in enumerate(_MENU):
                text = self._menu_text(key)
                lines.append(
                    (
                        "reverse" if i == self.index else "",
                        f"{'>' if i == self.index else ' '} {text}\n",
                    )
                )
            lines.append(("", "\n"))
        if self.last_feedback:
            lines.append(("", self.last_feedback + "\n"))
        return lines  # fmt: skip

    def enter(self) -> None:
        """Say where the player is; with *start*, ask the first question at once."""
        if self.start_at_once and self.session is None:
            # Straight into the questions: no "Enter starts" before a question that is
            # already being asked.
            self.start(intro=self.words.intro(self.drill, self.level))
            return
        self._say(f"{self.words.title()} {self.describe_item()}")

    def unbound_key(self, key: str) -> bool:
        """Typed characters of an answer (digits; letters and spaces for tiles); in
        the menu, a letter jumps to the next item that starts with it."""
        if len(key) != 1:
            return False
        if not self.asking:
            return self._unbound_in_menu(key)
        char = key.lower()
        allowed = char in _ANSWER_CHARS or (self.drill is Drill.TILE and char.isalpha())
        if not allowed:
            return False
        if len(self.typed) < _MAX_TYPED:
            self.typed += char
        # The whole answer so far ("11", not "1" twice): a space alone says "space".
        self._say(self.words.typed_char(char) if char == " " else self.typed)
        return True

    def _unbound_in_menu(self, key: str) -> bool:
        if self.late and (key in _ANSWER_CHARS or key.isalpha()):
            # Typing on for the answer the time cut off: it is finished as usual.
            if len(self._late_typed) < _MAX_TYPED:
                self._late_typed += key.lower()
            echo = self.words.typed_char(key) if key == " " else self._late_typed
            if self._late_told:
                self._say(echo)
            else:
                self._late_told = True
                self._say(f"{self.words.late_typing()} {echo}", cue=Cue.INVALID)
            return True
        if not key.isalpha():
            return False
        labels = [self._menu_text(k) for k in _MENU]
        index = next_by_letter(labels, self.index, key)
        if index is None:
            self._say(self.words.menu.no_item(key), cue=Cue.INVALID)
        else:
            self.jump(index)
        return True

    # -- the menu ---------------------------------------------------------------------------

    def move(self, delta: int) -> None:
        """Up (-1) or Down (+1), wrapping."""
        self.jump((self.index + delta) % len(_MENU))

    def jump(self, index: int) -> None:
        """Home, End, a first letter: to the item at *index*."""
        if self.asking:
            self._say(self.last_question_text(), cue=Cue.INVALID)
            return
        self.late = False
        self.index = index
        self._say(self.describe_item(), cue=Cue.MENU)

    def change(self, delta: int) -> None:
        if self.asking:
            self._say(self.last_question_text(), cue=Cue.INVALID)
            return
        self.late = False
        key = _MENU[self.index]
        if key == "drill":
            drills = list(Drill)
            self.drill = drills[(drills.index(self.drill) + delta) % len(drills)]
        elif key == "level":
            self.level = max(1, min(len(LEVELS), self.level + delta))
        elif key == "scoring":
            combos = list(Combination)
            self.combination = combos[(combos.index(self.combination) + delta) % len(combos)]
        else:
            self._say(self.describe_item(), cue=Cue.INVALID)
            return
        self._say(self._menu_text(key))

    # -- the questions ---------------------------------------------------------------------

    def start(self, *, intro: str = "") -> None:
        """A new session with the menu's drill, level and scoring; the first question.

        *intro* is said in the same breath, before the question.
        """
        self.session = PracticeSession(
            self.drill,
            self.level,
            self.combination,
            rng=self.rng,
            clock=self.clock,
            heard=self.heard,
        )
        self.late = False
        self.saved = 0
        self._save_failed = False
        self.typed = ""
        self.last_feedback = ""
        self._ask(interrupt=True, intro=intro)
        if self.drill is Drill.TIMED:
            # The minute runs from the first question, not from building the session.
            self.session.started = self.session.asked_at
            self._start_timer()

    def _ask(self, *, interrupt: bool, intro: str = "") -> None:
        assert self.session is not None
        self.session.next_question()
        question = self.last_question_text()
        self._say(f"{intro} {question}" if intro else question, interrupt=interrupt)

    def last_question_text(self) -> str:
        session = self.session
        if session is None or session.question is None:
            return ""
        return self.words.question(session.question)

    def enter_key(self) -> None:
        """Enter: start from the menu, or give the typed answer; after the timed
        round ran out, the first Enter finishes the late answer: whether it was
        right, and that it is not counted (a new round waits for the next Enter)."""
        if self.late:
            self._finish_late_answer()
            return
        if not self.asking:
            self.start()
            return
        assert self.session is not None
        if not self.typed.strip():
            self._say(self.words.unreadable(self.drill), cue=Cue.INVALID)
            return
        answered = self.session.answer(self.typed)
        if answered is None:
            self.typed = ""
            self._say(self.words.unreadable(self.drill), cue=Cue.INVALID)
            return
        self.typed = ""
        cue = Cue.PRACTICE_RIGHT if answered.verdict.correct else Cue.PRACTICE_WRONG
        self.last_feedback = self.words.feedback(answered, self.session.streak)
        self._say(self.last_feedback, cue=cue)
        self._save_pending()
        if self.session.finished:  # the timed round ran out with this answer
            self._say(self.words.time_up(), interrupt=False)
            self.end_session(timed_out=True)
            return
        self._ask(interrupt=False)

    def _finish_late_answer(self) -> None:
        """The Enter of an answer the timed round's end cut off: judged, not counted."""
        self.late = False
        question, typed = self._late_question, self._late_typed.strip()
        self._late_question, self._late_typed = None, ""
        verdict = judge(question, typed) if question is not None and typed else None
        if question is None or verdict is None or not verdict.readable:
            self._say(self.words.too_late(), cue=Cue.INVALID)
            return
        answered = Answered(question, verdict, 0.0)
        self._say(self.words.late_answer(answered), cue=Cue.INVALID)

    def backspace(self) -> None:
        if self.late and self._late_typed:
            self._late_typed = self._late_typed[:-1]
            self._say(self.words.echo(self._late_typed))
            return
        if not self.asking or not self.typed:
            self._say(self.words.menu.nothing_typed(), cue=Cue.INVALID)
            return
        self.typed = self.typed[:-1]
        self._say(self.words.echo(self.typed))

    def repeat(self) -> None:
        """R: the question again (a letter of the answer once typing has begun)."""
        if self.asking and self.typed and self.drill is Drill.TILE:
            self.unbound_key("r")
            return
        if self.asking:
            self._say(self.last_question_text())
        else:
            self.late = False  # a deliberate key: the next Enter is meant
            self._say(self.describe_item())

    def info(self) -> None:
        """I or F3: streak, answers, time taken (and time left when timed)."""
        session = self.session
        if not self.asking:
            self.late = False  # a deliberate key: the next Enter is meant
        if session is None:
            self._say(self.words.status(0, 0, 0, 0.0, None))
            return
        right = sum(1 for a in session.answers if a.verdict.correct)
        seconds = self.clock() - session.started
        self._say(
            self.words.status(
                session.streak, len(session.answers), right, seconds, session.time_left
            )
        )

    def escape(self) -> None:
        """End the round (summary, saved), or leave the practice from its menu."""
        if self.asking:
            self.end_session()
        else:
            self.late = False
            self._cancel_timer()
            if self.goodbye:
                self._say(self.words.goodbye())
            self.on_exit()

    def end_session(self, *, timed_out: bool = False) -> Summary:
        """Finish: speak the summary, save what is not saved yet, back to the menu on Start.

        *timed_out*: the timed round's minute is over (see :attr:`late`)."""
        assert self.session is not None
        self.late = timed_out
        self._late_told = False
        # What was typed when the time ran out is the start of the late answer.
        self._late_typed = self.typed if timed_out else ""
        self._late_question = self.session.question if timed_out else None
        self._cancel_timer()
        session = self.session
        summary = session.finish()
        self.last_summary = summary
        self.typed = ""
        self._save_pending()
        text = self.words.summary(summary)
        self.last_feedback = text
        self._say(text, interrupt=False)
        self.index = _MENU.index("start")
        self._say(self.words.back_in_menu(self.describe_item()), interrupt=False)
        return summary

    def _save_pending(self) -> None:
        """Add the session's answers not yet in the statistics (atomic write).

        Called after every answer and at the summary; what a failed write left
        out is tried again next time, and the problem is said once per session.
        """
        session = self.session
        if not self.record or session is None or self.saved >= len(session.answers):
            return
        pending = session.answers[self.saved :]
        try:
            result = record_practice(
                session.drill.value,
                session.level,
                scoring=session.combination.value if session.drill.uses_scoring else None,
                answers=len(pending),
                right=sum(1 for a in pending if a.verdict.correct),
                seconds=sum(a.seconds for a in pending),
            )
        except OSError as error:
            self._save_problem(error)
            return
        self.saved = len(session.answers)
        if result.set_aside is not None:
            # Damaged statistics were kept aside and start again: say where, once.
            self.ctx.output.say(FileWords(self.ctx.translator).stats_kept(str(result.set_aside)))
        elif result.problem is not None and result.problem.code == "unreadable":
            cause = result.problem.cause
            self._save_problem(cause if cause is not None else result.problem.detail)

    def _save_problem(self, problem: BaseException | str) -> None:
        """Say once per session why the progress could not be saved, in the player's
        language (the system's error in words; a bare English detail as it is)."""
        if not self._save_failed:
            self._save_failed = True
            tr = self.ctx.translator
            reason = ErrorWords(tr).why(problem) if isinstance(problem, BaseException) else problem
            self._say(self.words.saved_problem(reason), cue=Cue.INVALID, interrupt=False)

    def close(self) -> None:
        """The program ends (Q, the window closed): nothing answered is lost."""
        self._cancel_timer()
        if self.asking and self.session is not None:
            self.last_summary = self.session.finish()
        self._save_pending()

    # -- the timed drill ---------------------------------------------------------------------

    def _start_timer(self) -> None:
        """Ring when the 60 seconds are over, even if no key is pressed."""
        import asyncio

        assert self.session is not None
        left = self.session.time_left or 0.0
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop (driven without an application): answers still end the round
        self._timer = loop.call_later(left + 0.05, self._time_check)

    def _time_check(self) -> None:
        self._timer = None
        session = self.session
        if session is None or session.finished:
            return
        left = session.time_left
        if left is not None and left > 0:
            self._start_timer()  # the clock is not the wall clock (tests): look again later
            return
        self._say(self.words.time_up())
        self.end_session(timed_out=True)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
