"""What the tutorial's coach says: the lessons' own texts, and its words around them.

A lesson's texts are data (``sniff/learn/lessons/*.toml``), extracted into the
catalogue by ``tools/update_catalogues.py`` with the context ``lesson``; they
are translated here, and their placeholders filled with facts the engine
gives for the table as the player sees it (:data:`FACTS`), so a number the
coach says is always the game's own.

>>> from sniff.i18n import Translator
>>> words = CoachWords(Phrasebook(Translator.null(), seat=0, player_names=("You", "Anna")))
>>> words.heading(2, 12, "Matching an end")
'Lesson 2 of 12: Matching an end.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sniff.announce.keys import key_name
from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import Observation, Played, RoundEnded, pip_total, play_points
from sniff.enums import Cue
from sniff.i18n import Translator

__all__ = ["FACTS", "CoachWords", "lessons_line"]

#: The placeholders a lesson's text may hold, each a fact of the table now:
#: ``count`` the count; ``arithmetic`` how it is made ("ends 6 and 1 make 7");
#: ``score`` what it earns ("scores 10", "no score"); ``ends`` the open ends;
#: ``scores`` the scores; ``played`` and ``points`` the last tile played and what
#: it earned; ``left`` the pips left in the other hands and ``gained`` what your
#: side gained, both once the round is over (the hands are shown then).
FACTS: tuple[str, ...] = (
    "count",
    "arithmetic",
    "score",
    "ends",
    "scores",
    "played",
    "points",
    "left",
    "gained",
)

#: The gettext context of the lessons' texts.
LESSON_CONTEXT = "lesson"


def _coach(text: str, *, interrupt: bool = False, cue: Cue | None = None) -> Utterance:
    return Utterance(sentences(text), interrupt=interrupt, cue=cue, kind=UtteranceKind.COACH)


class CoachWords:
    """The coach's words in one language, for the seat at the keyboard."""

    def __init__(self, book: Phrasebook) -> None:
        self.book = book
        self.tr: Translator = book.tr

    # -- the lessons' own texts ----------------------------------------------------

    def lesson_text(self, text: str) -> str:
        """A text of a lesson file in the player's language (placeholders not filled)."""
        return self.tr.pgettext(LESSON_CONTEXT, text)

    def facts(self, obs: Observation) -> dict[str, str]:
        """The facts a lesson's text may name, for *obs* (only those known now)."""
        book = self.book
        layout = obs.layout
        points = play_points(layout.count, obs.rules.scoring, obs.rules.points_unit)
        facts = {
            "count": str(layout.count),
            "arithmetic": book.arithmetic(layout),
            "score": book.score_word(points),
            "ends": book.ends_list(layout),
            "scores": book.scores_list(obs.scores),
        }
        played = next((e for e in reversed(obs.history) if isinstance(e, Played)), None)
        if played is not None:
            facts["played"] = book.words.tile(played.tile)
            facts["points"] = str(played.points)
        ended = next((e for e in reversed(obs.history) if isinstance(e, RoundEnded)), None)
        if ended is not None:
            others = [hand for seat, hand in enumerate(ended.hands) if seat != obs.seat]
            facts["left"] = str(sum(pip_total(hand) for hand in others))
            facts["gained"] = str(ended.points[obs.side])
        return facts

    def fill(self, text: str, facts: Mapping[str, str]) -> str:
        """*text* translated, its placeholders filled from *facts*.

        A fact not known now is said as nothing rather than breaking the
        lesson (the lessons' rehearsal test makes sure it never happens).
        """
        return self.lesson_text(text).format_map(_Known(facts))

    # -- steps ------------------------------------------------------------------------

    def heading(self, number: int, total: int, title: str) -> str:
        """ "Lesson 2 of 12: Matching an end."."""
        # Translators: the start of a lesson: its number, how many there are, its title.
        text = self.tr._("lesson {number} of {total}: {title}")
        return sentences(text.format(number=number, total=total, title=title))

    def start(self, heading: str, instruction: str, *, step: int = 0, steps: int = 0) -> Utterance:
        """A lesson begins (*step* 0) or resumes at *step* (counted from 1)."""
        if step:
            # Translators: a lesson opened again where it was left ("step 4 of 9").
            where = self.tr._("welcome back: step {step} of {steps}").format(step=step, steps=steps)
            return _coach(" ".join([heading, sentences(where), instruction]), interrupt=True)
        return _coach(f"{heading} {instruction}", interrupt=True)

    def instruction(self, text: str, *, go_on: bool, interrupt: bool = False) -> Utterance:
        """What to do now; *go_on*: an explanation, Enter goes on."""
        if go_on:
            # Translators: after an explanation of the coach: how to go on.
            text = sentences(text, self.tr._("Enter: go on"))
        return _coach(text, interrupt=interrupt)

    def with_play_keys(self, text: str) -> str:
        """A play step's words, and the keys that make the play."""
        # Translators: the coach, after a step that asks for a play: the keys that make it.
        return sentences(text, self.tr._("arrows choose the tile and the end, Enter plays it"))

    def after(self, text: str) -> Utterance:
        """What just happened, and why (queued behind the game's own words)."""
        return _coach(text)

    def not_yet(self, instruction: str) -> Utterance:
        """An action while the step asks for something else."""
        # Translators: the coach, when you act (play, draw, pass) before the step asks for it.
        return _coach(sentences(self.tr._("not yet"), instruction), interrupt=True, cue=Cue.INVALID)

    def other_play(self, preview: str, advice: str) -> Utterance:
        """A play the rules allow, but not the one the lesson asks for: what it would
        make (the engine's what-if), then the lesson's advice."""
        # Translators: the coach, after a play the rules allow but the lesson does not ask
        # for; the tile's what-if comes before, the lesson's advice after.
        why = self.tr._("in this lesson, another play is wanted")
        return _coach(sentences(preview, why, advice), interrupt=True, cue=Cue.INVALID)

    def refused(self, reason: str, advice: str) -> Utterance:
        """An action the rules refuse (the engine's reason), then the lesson's advice."""
        return _coach(sentences(reason, advice), interrupt=True, cue=Cue.INVALID)

    def next_step(self, instruction: str) -> Utterance:
        """A reminder, after another key, of what the step asks for."""
        # Translators: the coach reminds you what the step asks for, after you pressed
        # another key ("Next step: press H to hear your hand").
        text = self.tr._("next step: {instruction}").format(instruction=instruction)
        return _coach(text)

    def unknown_key(self, key: str) -> Utterance:
        """A key with no use in the lesson."""
        # Translators: a key with no use in a lesson; {key} is its spoken name.
        text = self.tr._("{key} does nothing in this lesson; F1 says its keys")
        return _coach(text.format(key=key_name(self.tr, key)), interrupt=True, cue=Cue.INVALID)

    def lesson_done(self, title: str, following: tuple[int, str] | None) -> Utterance:
        """The lesson is over: its name, and how to go on (*following*: the next
        lesson's number and title; None after the last lesson)."""
        tr = self.tr
        # Translators: the end of a lesson, with its title.
        parts = [tr._("lesson done: {title}").format(title=title)]
        if following is not None:
            number, name = following
            # Translators: after a lesson: Enter starts the next one, Escape goes back to the
            # list ("Enter: lesson 4, Doubles. Escape: the list of lessons").
            text = tr._("Enter: lesson {number}, {title}. Escape: the list of lessons")
            parts.append(text.format(number=number, title=name))
        else:
            # Translators: after the last lesson.
            parts.append(tr._("that was the last lesson. Escape: the list of lessons"))
        return _coach(sentences(*parts), cue=Cue.ROUND_WON)

    def finished_keys(self) -> Utterance:
        """A key pressed after the lesson is over, other than Enter or Escape."""
        # Translators: a key pressed after the end of a lesson.
        return _coach(self.tr._("the lesson is over: Enter or Escape"), interrupt=True)

    def restarted(self) -> Utterance:
        """The saved place no longer fits the lesson (it changed): it starts again."""
        # Translators: a lesson's saved place did not fit the lesson any more.
        text = self.tr._(
            "your place in this lesson no longer fits it: it starts from the beginning"
        )
        return _coach(text, interrupt=True)

    # -- keys --------------------------------------------------------------------------

    def help(self, items: Sequence[tuple[str, str]]) -> Utterance:
        """F1 in a lesson: its keys only, as (spoken key name, what it does) pairs."""
        tr = self.tr
        # Translators: one key in the lesson's help: "H: your hand".
        item = tr._("{key}: {description}")
        # Translators: the start of the help (F1) inside a lesson.
        parts = [tr._("keys of this lesson")]
        parts += [item.format(key=key, description=description) for key, description in items]
        return Utterance(sentences(*parts), interrupt=True, kind=UtteranceKind.HELP)

    def what_now_key(self) -> str:
        # Translators: help inside a lesson: what W does.
        return self.tr._("what to do now")

    def leave_key(self) -> str:
        # Translators: help inside a lesson: what Escape does.
        return self.tr._("leave the lesson; your place is kept")

    def digits_key(self) -> str:
        # Translators: help inside a lesson: what the digit keys do.
        return self.tr._("type a tile's two numbers to jump to it")

    def enter_key(self) -> str:
        # Translators: help inside a lesson: what Enter and Space do.
        return self.tr._("play the selected tile on the chosen end, or go on after an explanation")

    def go_on_key(self) -> str:
        # Translators: help inside a lesson: what Enter does during an explanation.
        return self.tr._("go on, after an explanation")

    def quit_question(self) -> Utterance:
        # Translators: asked after Q inside a lesson.
        text = self.tr._("quit? Your place in the lesson is kept. Y or Enter: yes. N or Escape: no")
        return Utterance(sentences(text), interrupt=True, cue=Cue.MENU, kind=UtteranceKind.QUESTION)

    # -- the list of lessons ---------------------------------------------------------------

    def list_title(self) -> str:
        # Translators: the title of the list of lessons (sniff learn).
        return self.tr._("Lessons")

    def entry(self, number: int, total: int, title: str, done: bool, step: int, steps: int) -> str:
        """A lesson in the list, with its state: *step* it goes on from (0: not begun)."""
        return self.list_item(number, total, title, self.status(done, step, steps))

    def status(self, done: bool, step: int, steps: int) -> str:
        """A lesson's state: "done", "step 4 of 9", "new"."""
        tr = self.tr
        if step:
            # Translators: a lesson begun and left: where it stands.
            return tr._("begun, step {step} of {steps}").format(step=step, steps=steps)
        if done:
            # Translators: a lesson finished.
            return tr.pgettext("lesson", "done")
        # Translators: a lesson not begun yet.
        return tr.pgettext("lesson", "new")

    def list_item(self, number: int, total: int, title: str, status: str) -> str:
        """ "Lesson 3 of 12: The count, done"."""
        # Translators: an item of the list of lessons: number, count, title and state.
        text = self.tr._("lesson {number} of {total}: {title}, {status}")
        return sentences(text.format(number=number, total=total, title=title, status=status))

    def list_intro(self, done: int, total: int) -> str:
        """What the list says when it opens."""
        # Translators: the list of lessons opens: how many are done, and the keys.
        text = self.tr.ngettext(
            "{done} of {total} lesson done. Up and Down choose, Enter starts, Escape leaves",
            "{done} of {total} lessons done. Up and Down choose, Enter starts, Escape leaves",
            total,
        )
        return sentences(text.format(done=done, total=total))

    def list_key(self, key: str) -> str:
        """What a key of the list does (its help)."""
        tr = self.tr
        helps = {
            # Translators: help in the list of lessons: what Up arrow does.
            "up": tr._("the lesson before"),
            # Translators: help in the list of lessons: what Down arrow does.
            "down": tr._("the next lesson"),
            # Translators: help in the list of lessons: what Home does.
            "home": tr._("the first lesson"),
            # Translators: help in the list of lessons: what End does.
            "end": tr._("the last lesson"),
            # Translators: help in the list of lessons: what Enter does.
            "enter": tr._("start the lesson, or go on where you left it"),
            # Translators: help in the list of lessons: what Backspace does.
            "backspace": tr._("start the lesson again from its beginning"),
            # Translators: help in the list of lessons: what Escape does.
            "escape": tr._("leave the lessons"),
        }
        return helps[key]

    def start_over(self, title: str) -> str:
        # Translators: Backspace in the list of lessons: the lesson starts from its beginning.
        return sentences(self.tr._("{title} starts from the beginning").format(title=title))

    def nothing_to_forget(self, title: str) -> str:
        # Translators: Backspace in the list on a lesson not begun: nothing to start over.
        return sentences(self.tr._("{title} has not been begun").format(title=title))

    def lessons_broken(self, detail: str) -> str:
        """The lessons could not be read (a damaged install); *detail* names the file."""
        # Translators: the lesson files of the game could not be read; {detail} names the
        # file and the fault (in English). Escape leaves.
        text = self.tr._("the lessons could not be read: {detail}. Escape leaves")
        return sentences(text.format(detail=detail))

    def goodbye(self) -> str:
        # Translators: the last words of sniff learn.
        return self.tr._("Lessons over. Goodbye!")

    # -- the progress file -------------------------------------------------------------------

    def progress_set_aside(self, where: str | None) -> Utterance:
        """The progress file was damaged (and moved to *where*)."""
        tr = self.tr
        if where:
            # Translators: the lessons' progress file was damaged and moved; {path} is where.
            text = tr._(
                "your lesson progress could not be read; it was set aside as {path}, "
                "and the lessons start afresh"
            ).format(path=where)
        else:
            # Translators: the lessons' progress file could not be read at all.
            text = tr._(
                "your lesson progress could not be read; it stays as it is, and nothing "
                "will be kept this time"
            )
        return Utterance(
            sentences(text), interrupt=False, cue=Cue.INVALID, kind=UtteranceKind.WARNING
        )

    def not_saved(self, reason: str) -> Utterance:
        # Translators: the place in a lesson could not be written to disk; {reason} says why.
        text = self.tr._("your place in the lesson could not be saved: {reason}")
        return Utterance(
            sentences(text.format(reason=reason)), cue=Cue.INVALID, kind=UtteranceKind.WARNING
        )


def lessons_line(tr: Translator, done: int, total: int) -> str:
    """The statistics' line on the lessons: "Lessons: 3 of 12 done."."""
    if not done:
        # Translators: sniff stats: no lesson finished yet; {total} lessons exist.
        return tr.ngettext(
            "Lessons: none of {total} done yet.", "Lessons: none of {total} done yet.", total
        ).format(total=total)
    # Translators: sniff stats: lessons finished, of how many.
    return tr.ngettext(
        "Lessons: {done} of {total} done.", "Lessons: {done} of {total} done.", total
    ).format(done=done, total=total)


class _Known(dict[str, str]):
    """The facts known now; an unknown one is said as nothing."""

    def __missing__(self, key: str) -> str:
        return ""
