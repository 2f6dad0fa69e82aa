"""The tutorial's screens: the list of lessons, and a lesson at the real game table.

:class:`LessonScreen` is the game screen (:class:`~sniff.ui.game.screen.GameScreen`,
with its keys, voice, cursor and the table's one game loop) playing the
lesson's session, with the :class:`~sniff.learn.Coach` around it. It joins in
through the game screen's declared hooks (:class:`~sniff.ui.game.listening.GameHooks`):
the coach is asked before an action reaches the table, says why the table
refused one, hears each action taken and when the others have played, and
speaks the lesson's steps in between; the game's own prompts stay quiet
while a step says what to do (only free play has them). Nothing of a lesson
goes to the saved game, the records or the statistics; its place goes to the
lessons' progress file after every step.

In a lesson, F1 names the lesson's keys only, W says what to do now, Enter
goes on after an explanation (and plays, when the step is a play), Escape
leaves the lesson with its place kept. The setup menu and saving (M, F10,
Control S) are the game's, not the lesson's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from sniff.announce import Phrasebook, Utterance
from sniff.announce.coach import CoachWords
from sniff.announce.keys import KeyTexts, key_name
from sniff.announce.utterance import UtteranceKind
from sniff.engine import ACTIVE, Action, Observation, Refusal
from sniff.enums import Cue
from sniff.learn import Coach, Do, Lesson, LessonError, load_lessons, open_lesson
from sniff.learn.progress import ProgressBook
from sniff.session.local import LocalGame
from sniff.ui.base import Binding
from sniff.ui.game.screen import GameScreen

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.layout.containers import AnyContainer

    from sniff.session.game import GameSession
    from sniff.ui.app import SniffApp

__all__ = ["LessonListScreen", "LessonScreen"]

#: The game's keys a lesson leaves out (the menu and saving), or takes over.
_NOT_IN_LESSONS = {"m", "f10", "c-s", "q", "c-c", "enter", "space", "w"}
#: Keys that act (play, draw, pass): the coach judges their action, not the key.
_ACTING = {"d", "p", "y", "n"}
#: Keys that move the cursor: a select step may be done after them.
_CURSOR = {"left", "right", "home", "end", "up", "down"}


class LessonScreen:
    """One lesson: the game screen with a coach."""

    def __init__(
        self,
        host: SniffApp,
        lesson: Lesson,
        book: ProgressBook,
        *,
        number: int,
        total: int,
        following: Lesson | None = None,
        on_leave: Callable[[LessonScreen], None],
        on_next: Callable[[LessonScreen], None],
        hint_playouts: int | None = None,
    ) -> None:
        self.host = host
        self.lesson = lesson
        self.book = book
        self.on_leave = on_leave
        self.on_next = on_next
        place = book.place(lesson)
        if place is None:
            opened = open_lesson(lesson)
        else:
            opened = open_lesson(lesson, place.step, place.actions)
        self.restarted = opened.restarted
        self._session = opened.session
        free = any(step.do is Do.FREE for step in lesson.steps)
        self.game = GameScreen(
            host,
            LocalGame(opened.session, keep=False),
            hint_playouts=hint_playouts,
            hooks=self,
            hint_limit=(lambda: None) if free else None,  # free play: hints, as many as wanted
        )
        self.coach = Coach(
            lesson,
            opened.session,
            self.game.voice.announcer,
            number=number,
            total=total,
            step=opened.step,
            actions=opened.actions,
            following=following.title if following is not None else None,
            on_progress=self._progress,
        )
        self.started = False
        self._told_write = False  # a failed write of the place is said once
        self._waiting = False  # the other seats play before the coach goes on
        self._bindings = self._build_bindings()

    @property
    def session(self) -> GameSession:
        return self._session

    # -- speaking ------------------------------------------------------------------------

    def _say(self, said: Utterance | Sequence[Utterance]) -> None:
        if isinstance(said, Utterance):
            said = [said]
        if said:
            self.game.voice.say(list(said))
        self.host.invalidate()

    def _progress(self, coach: Coach) -> None:
        """After each step and action: the place (or the lesson done) to disk."""
        if coach.finished:
            problem = self.book.finish(self.lesson)
        else:
            problem = self.book.keep_place(self.lesson, coach.index, coach.actions)
        if problem is not None and not self._told_write:
            self._told_write = True
            self._say(self.coach.words.not_saved(problem))

    # -- the game's hooks (GameHooks) ----------------------------------------------------

    def prompts(self, obs: Observation) -> bool:
        """The game's own prompts only in free play while the round goes on: otherwise
        the coach's step says what to do (and which key does it)."""
        step = self.coach.step
        return step is not None and step.do is Do.FREE and obs.phase in ACTIVE

    def before(self, action: Action) -> bool:
        """The player is about to act: is it the step's action?"""
        answer = self.coach.judge(action)
        if answer is None:
            return True
        self._say(answer)
        return False

    def refused(self, refusal: Refusal, obs: Observation) -> bool:
        """The table refused the player's action: the coach says why, with its advice."""
        answer = self.coach.refused(refusal, obs)
        if answer is None:
            return False
        self._say(answer)
        return True

    def acted(self, action: Action) -> None:
        """The table took the player's action (its words are said): the coach goes on."""
        self._say(self.coach.acted(action))
        self._waiting = not self._players_move()

    def others_done(self) -> None:
        """The others have played: the coach says the next step."""
        if self._waiting:
            self._waiting = False
            self._say(self.coach.after_bots())

    def _players_move(self) -> bool:
        obs = self.game.link.view()
        return obs.phase not in ACTIVE or obs.current == obs.seat

    def _told(self, key: str, handler: Callable[[], None]) -> Callable[[], None]:
        """A key that informs or moves the cursor: after it, the coach may go on."""

        def run() -> None:
            handler()
            said = self.coach.key(key)
            if key in _CURSOR:
                said += self.coach.selected(self.game.cursor.selected)
            self._say(said)

        return run

    # -- the lesson's own keys ----------------------------------------------------------------

    def enter_key(self) -> None:
        """Enter or Space: go on after an explanation, the next lesson after the last
        step, else the game's Enter (play); never the next round."""
        coach = self.coach
        if self._waiting:
            self.game.listener.key_pressed()  # the others are playing: hurry them on
            return
        if coach.finished:
            self.close()
            self.on_next(self)
        elif coach.waits_for_enter:
            self._say(coach.proceed())
        elif self.game.link.view().phase not in ACTIVE:
            self._say(coach.instruction(interrupt=True))
        else:
            self.game.key(self.game.actions.enter)()

    def what_now(self) -> None:
        """W: the step to do, again."""
        self._say(self.coach.instruction(interrupt=True))

    def leave(self) -> None:
        """Escape: back to the list; the place is kept."""
        self.close()
        self.on_leave(self)

    def help(self) -> None:
        """F1: the lesson's keys, and the few every lesson has."""
        self._say(self.coach.words.help(self._help_items()))

    def _help_items(self) -> list[tuple[str, str]]:
        tr = self.host.ctx.translator
        words = self.coach.words
        keys = KeyTexts(tr)
        by_key = {b.keys[0]: b for b in self.game.bindings() if b.keys}
        items = []
        for key in self.lesson.keys:
            if key == "digits":
                items.append((key_name(tr, "digits"), words.digits_key()))
            elif key == "enter":
                items.append((keys.label("enter", "space"), words.enter_key()))
            elif key in by_key:
                items.append((by_key[key].label(), by_key[key].description()))
        if "enter" not in self.lesson.keys:
            items.append((keys.label("enter"), words.go_on_key()))
        items += [
            (keys.label("w"), words.what_now_key()),
            (keys.label("r"), keys.repeat()),
            (keys.label("escape"), words.leave_key()),
            (keys.label("q"), keys.quit()),
        ]
        return items

    def _build_bindings(self) -> list[Binding]:
        tr = self.host.ctx.translator
        keys = KeyTexts(tr)
        words = self.coach.words

        def own(
            keys_: tuple[str, ...], description: Callable[[], str], handler: Callable[[], None]
        ) -> Binding:
            return Binding(keys_, lambda: keys.label(*keys_), description, handler, "lesson")

        out = [
            own(("f1", "?"), keys.help, self.help),
            own(("enter", "space"), words.enter_key, self.enter_key),
            own(("w",), words.what_now_key, self.what_now),
            own(("escape",), words.leave_key, self.leave),
            own(("q", "c-c"), keys.quit, self.host.request_quit),
        ]
        for binding in self.game.bindings():
            if not binding.keys or set(binding.keys) & _NOT_IN_LESSONS:
                continue
            key = binding.keys[0]
            if key not in _ACTING:
                # The coach hears the key after the game answered it; an acting key's
                # action reaches the coach through the hooks instead.
                binding = dataclasses.replace(binding, handler=self._told(key, binding.handler))
            out.append(binding)
        return out

    # -- Screen --------------------------------------------------------------------------------

    def bindings(self) -> list[Binding]:
        return self._bindings

    def container(self) -> AnyContainer:
        return self.game.container()

    def message_rows(self) -> int:
        return self.game.message_rows()

    def enter(self) -> None:
        if self.started:
            self._say(self.coach.instruction(interrupt=True))
            return
        self.started = True
        self.game.started = True
        self.game.cursor.keep()
        if self.restarted:
            self._say(self.coach.words.restarted())
        self._say(self.coach.opening())
        self.game.link.start(self.host.spawn)

    def unbound_key(self, key: str) -> bool:
        game = self.game
        if (len(key) == 1 and key.isdigit()) or key in ("c-h", "backspace"):
            used = game.unbound_key(key)
            self._say(self.coach.selected(game.cursor.selected))
            if key.isdigit():
                # One digit alone selects after a moment: look again then.
                self.host.call_later(
                    game.cursor.digit_timeout + 0.05,
                    lambda: self._say(self.coach.selected(game.cursor.selected)),
                )
            return used
        if self.coach.finished:
            self._say(self.coach.words.finished_keys())
        else:
            self._say(self.coach.unknown_key(key))
        return True

    def quit_question(self) -> Utterance:
        return self.coach.words.quit_question()

    def close(self) -> None:
        """The lesson is left: its game stops (nothing of it is saved but the place)."""
        self.game.close()


class LessonListScreen:
    """The list of lessons: Up and Down choose, Enter starts or goes on, Backspace
    starts a lesson again, Escape leaves.

    *start*: open this lesson (its index) at once (``sniff learn --lesson``).
    *on_exit*: what Escape does (default ``host.back``); *goodbye*: say goodbye
    first (``sniff learn``, where leaving ends the program).
    """

    def __init__(
        self,
        host: SniffApp,
        *,
        lessons: Sequence[Lesson] | None = None,
        book: ProgressBook | None = None,
        start: int | None = None,
        on_exit: Callable[[], None] | None = None,
        goodbye: bool = False,
        hint_playouts: int | None = None,
    ) -> None:
        self.host = host
        self.ctx = host.ctx
        # A lesson file the game cannot read (a damaged install) is said, never a crash.
        self.broken: str | None = None
        try:
            self.lessons = tuple(lessons if lessons is not None else load_lessons())
        except LessonError as error:
            self.lessons, self.broken = (), str(error)
        self.book = book if book is not None else ProgressBook()
        self.start = start
        self.on_exit = on_exit or host.back
        self.goodbye = goodbye
        self.hint_playouts = hint_playouts
        undone = [i for i, lesson in enumerate(self.lessons) if not self.book.is_done(lesson)]
        self.index = start if start is not None else (undone[0] if undone else 0)
        self.opened = False
        self._words: CoachWords | None = None

    @property
    def words(self) -> CoachWords:
        # Kept per language: the language may change while the list is open.
        tr = self.ctx.translator
        if self._words is None or self._words.tr is not tr:
            self._words = CoachWords(Phrasebook(tr, seat=0, player_names=()))
        return self._words

    # -- what the list holds ---------------------------------------------------------------

    def describe(self, index: int | None = None) -> str:
        """ "Lesson 3 of 12: The count, done."."""
        index = self.index if index is None else index
        lesson, book, words = self.lessons[index], self.book, self.words
        title = words.lesson_text(lesson.title)
        return words.entry(
            index + 1,
            len(self.lessons),
            title,
            book.is_done(lesson),
            book.resumes_at(lesson),
            len(lesson.steps),
        )

    def _say(self, text: str, *, cue: Cue | None = None) -> None:
        self.ctx.output.say(Utterance(text, interrupt=True, cue=cue, kind=UtteranceKind.MENU))
        self.host.invalidate()

    # -- keys ---------------------------------------------------------------------------------

    def bindings(self) -> list[Binding]:
        keys = KeyTexts(self.ctx.translator)

        def bind(key: str, handler: Callable[[], None]) -> Binding:
            return Binding(
                (key,),
                lambda: keys.label(key),
                lambda: self.words.list_key(key),
                handler,
                "lessons",
            )

        return [
            bind("up", lambda: self.move(-1)),
            bind("down", lambda: self.move(1)),
            bind("home", lambda: self.jump(0)),
            bind("end", lambda: self.jump(len(self.lessons) - 1)),
            bind("enter", lambda: self.open(self.index)),
            bind("backspace", self.start_over),
            bind("escape", self.leave),
        ]

    def move(self, delta: int) -> None:
        if self._no_lessons():
            return
        self.index = (self.index + delta) % len(self.lessons)
        self._say(self.describe(), cue=Cue.MENU)

    def jump(self, index: int) -> None:
        if self._no_lessons():
            return
        self.index = index
        self._say(self.describe(), cue=Cue.MENU)

    def start_over(self) -> None:
        if self._no_lessons():
            return
        lesson = self.lessons[self.index]
        title = self.words.lesson_text(lesson.title)
        if self.book.place(lesson) is None:
            self._say(self.words.nothing_to_forget(title), cue=Cue.INVALID)
            return
        problem = self.book.forget_place(lesson)
        self._say(self.words.start_over(title))
        if problem is not None:
            self.ctx.output.say(self.words.not_saved(problem))

    def leave(self) -> None:
        if self.goodbye:
            self._say(self.words.goodbye())
        self.on_exit()

    def _no_lessons(self) -> bool:
        """Without lessons (they could not be read), every key says so."""
        if self.broken is None:
            return False
        self._say(self.words.lessons_broken(self.broken), cue=Cue.INVALID)
        return True

    def open(self, index: int) -> None:
        """Start (or go on with) the lesson at *index*."""
        if self._no_lessons():
            return
        self.index = index
        following = self.lessons[index + 1] if index + 1 < len(self.lessons) else None
        self.host.show(
            LessonScreen(
                self.host,
                self.lessons[index],
                self.book,
                number=index + 1,
                total=len(self.lessons),
                following=following,
                on_leave=self._left,
                on_next=self._next,
                hint_playouts=self.hint_playouts,
            )
        )

    def _left(self, screen: LessonScreen) -> None:
        self.host.dismiss(screen)

    def _next(self, screen: LessonScreen) -> None:
        self.host.dismiss(screen, announce=False)
        if self.index + 1 < len(self.lessons):
            self.open(self.index + 1)
        else:
            self.enter()

    # -- Screen ----------------------------------------------------------------------------------

    def container(self) -> AnyContainer:
        from prompt_toolkit.layout.containers import Window
        from prompt_toolkit.layout.controls import FormattedTextControl

        return Window(FormattedTextControl(self._lines, focusable=True, show_cursor=False))

    def _lines(self) -> StyleAndTextTuples:
        lines: StyleAndTextTuples = [("bold", self.words.list_title() + "\n\n")]
        if self.broken is not None:
            lines.append(("", self.words.lessons_broken(self.broken)))
        for index in range(len(self.lessons)):
            text = self.describe(index)
            if index == self.index:
                lines.append(("reverse", f"> {text}\n"))
            else:
                lines.append(("", f"  {text}\n"))
        return lines

    def enter(self) -> None:
        """The list opens (or a lesson was left): where the player stands."""
        words = self.words
        if self._no_lessons():
            return
        if not self.opened:
            self.opened = True
            book = self.book
            if book.problem is not None:
                where = str(book.set_aside) if book.set_aside is not None else None
                self.ctx.output.say(words.progress_set_aside(where))
            if self.start is not None:
                self.open(self.start)
                return
            intro = words.list_intro(book.done_count(self.lessons), len(self.lessons))
            self._say(f"{words.list_title()}. {intro} {self.describe()}")
            return
        self._say(self.describe())

    def unbound_key(self, key: str) -> bool:
        return False
