"""What the counting practice says: questions, feedback, progress and summaries.

Layouts are described with the game's own words (:class:`Phrasebook`): the
same end names, tile names and count arithmetic a player hears at the table.

>>> from sniff.i18n import Translator
>>> PracticeWords(Translator.null()).duration(83)
'1 minute 23 seconds'
"""

from __future__ import annotations

from sniff.announce.menu import MenuWords
from sniff.announce.phrases import Phrasebook, sentences
from sniff.engine import (
    ARM_ENDS,
    Combination,
    End,
    Layout,
    Move,
    Part,
    PartKind,
    Tile,
    move_fits,
    play_points,
)
from sniff.enums import Verbosity
from sniff.i18n import Translator
from sniff.practice.drills import Drill, Question, parse_tile_answer
from sniff.practice.reasons import why_it_scores
from sniff.practice.session import Answered, Summary

__all__ = ["PracticeWords"]

#: Every this many right answers in a row, the streak is said aloud.
STREAK_EVERY = 5


def _sniff_ends(layout: Layout, end: End) -> bool:
    """Whether the sniff is the last tile of the line on *end* (west or east)."""
    placed = layout.arm(end)
    if placed:
        return placed[-1].tile == layout.sniff
    return layout.lead is not None and layout.lead == layout.sniff


class PracticeWords:
    """Questions, feedback and summaries of the practice in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.book = Phrasebook(tr, seat=0, player_names=("",), verbosity=Verbosity.VERBOSE)
        self.words = self.book.words
        self.menu = MenuWords(tr)

    # -- names ----------------------------------------------------------------------

    def drill(self, drill: Drill) -> str:
        tr = self.tr
        names = {
            # Translators: practice drill 1: type the count of the open ends.
            Drill.COUNT: tr.pgettext("drill", "the count"),
            # Translators: practice drill 2: type the points the count scores (0 for none).
            Drill.SCORE: tr.pgettext("drill", "does it score"),
            # Translators: practice drill 3: which of your tiles scores, and on which end.
            Drill.TILE: tr.pgettext("drill", "which tile scores"),
            # Translators: practice drill 4: as many counts as you can in 60 seconds.
            Drill.TIMED: tr.pgettext("drill", "timed counts"),
        }
        return names[drill]

    def level(self, level: int) -> str:
        tr = self.tr
        names = {
            # Translators: practice level 1: layouts with two plain ends.
            1: tr.pgettext("level", "two plain ends"),
            # Translators: practice level 2: layouts with doubles at the ends.
            2: tr.pgettext("level", "doubles"),
            # Translators: practice level 3: the sniff (spinner) and its arms.
            3: tr.pgettext("level", "the sniff and its arms"),
            # Translators: practice level 4: uncovered halves of the sniff count (sniff-us rules).
            4: tr.pgettext("level", "exposed sniff halves"),
            # Translators: practice level 5: double-nine sets, up to four ends.
            5: tr.pgettext("level", "larger sets"),
        }
        # Translators: a practice level, its number and name ("level 2, doubles").
        return tr._("level {number}, {name}").format(number=level, name=names[level])

    def level_item(self, level: int) -> str:
        """The level as the practice menu says it: "Level 1, two plain ends"."""
        text = self.level(level)
        return text[:1].upper() + text[1:]

    def menu_label(self, key: str) -> str:
        tr = self.tr
        labels = {
            # Translators: practice menu item: which drill.
            "drill": tr.pgettext("practice menu", "Drill"),
            # Translators: practice menu item: how hard.
            "level": tr.pgettext("practice menu", "Level"),
            # Translators: practice menu item: which counts score.
            "scoring": tr.pgettext("practice menu", "Scoring"),
            # Translators: practice menu action: begin the questions.
            "start": tr.pgettext("practice menu", "Start"),
        }
        return labels[key]

    def key_help(self, key: str, *, asking: bool = False) -> str:
        """What a practice key does, for help (F1); Enter, Escape and R do one thing
        while a question is asked (*asking*) and another in the practice menu."""
        tr = self.tr
        if asking:
            now = {
                # Translators: help for Enter while a practice question is asked.
                "enter": tr._("give your answer"),
                # Translators: help for Escape while a practice question is asked.
                "escape": tr._("end the round and hear how it went"),
                # Translators: help for R while a practice question is asked (in the tile
                # drill, once typing has begun, R is the letter of "north" instead).
                "r": tr._("repeat the question"),
            }
        else:
            now = {
                # Translators: help for Enter in the practice menu.
                "enter": tr._("start a round with these settings"),
                # Translators: help for Escape in the practice menu.
                "escape": tr._("leave the practice"),
                # Translators: help for R in the practice menu.
                "r": tr._("say the current item again"),
            }
        helps = {
            **now,
            # Translators: help for Up in the practice menu.
            "up": tr._("previous practice setting"),
            # Translators: help for Down in the practice menu.
            "down": tr._("next practice setting"),
            # Translators: help for Home in the practice menu.
            "home": tr._("first practice setting"),
            # Translators: help for End in the practice menu.
            "end": tr._("last practice setting, Start"),
            # Translators: help for typing a letter in a menu.
            "letters": tr._("the next item that starts with it"),
            # Translators: help for Left in the practice menu.
            "left": tr._("previous choice"),
            # Translators: help for Right in the practice menu.
            "right": tr._("next choice"),
            # Translators: help for typing an answer in the practice.
            "typing": tr._("type your answer: a number, or in the tile drill a tile and an end"),
            # Translators: help for Backspace in the practice.
            "backspace": tr._("delete the last typed character"),
            # Translators: help for I or F3 in the practice.
            "info": tr._("your streak, answers and time"),
        }
        return helps[key]

    def title(self) -> str:
        # Translators: heard when the practice opens, before its first menu item.
        return self.tr._("Counting practice. Enter starts, Escape leaves.")

    def intro(self, drill: Drill, level: int) -> str:
        """Before the first question when the drill was chosen on the command line."""
        # Translators: sniff practice --drill ...: heard just before the first question
        # ("Counting practice: the count, level 1, two plain ends.").
        return self.tr._("Counting practice: {drill}, {level}.").format(
            drill=self.drill(drill), level=self.level(level)
        )

    def back_in_menu(self, item: str) -> str:
        """After the summary: the practice menu is back, on *item* (Start)."""
        # Translators: after a practice summary; {item} is the menu item now chosen
        # ("Start, 4 of 4").
        return self.tr._(
            "Practice menu, {item}. Enter starts another round, Up and Down reach the drill, "
            "level and scoring, Escape leaves the practice."
        ).format(item=item)

    def goodbye(self) -> str:
        # Translators: sniff practice ends (Escape in the practice menu).
        return self.tr._("Practice over. Goodbye!")

    # -- questions -------------------------------------------------------------------

    def layout_ends(self, layout: Layout) -> str:
        """Every open end, with what lies there: all a learner needs to count, and no sum.

        The game's own words for ends and tiles ("west 4, east double five"),
        but never what an end counts: that is the question. Each open end is
        said with its pips, so the tile drill can be answered too: the sniff
        where it ends the line ("west double three, the sniff"), alone in the
        line ("the sniff, double one, with nothing west or east of it"), or
        hidden inside it, where its empty arms still tell its pips ("north and
        south open on 1, not counted yet"). In sniff-us rules an uncovered
        half says its pips ("north: the sniff's open half, 4") and the sniff
        at the end of the line says it is not counted yet.
        """
        lead = layout.lead
        if lead is None:
            return ""
        parts = {p.end: p for p in layout.parts()}
        items: list[str] = []
        ends = list(ARM_ENDS)
        lone = lead.is_double and not layout.arms[End.WEST.arm] and not layout.arms[End.EAST.arm]
        if lone and (End.LEAD in parts or End.WEST not in parts):
            items.append(self._lone_lead(layout, parts.get(End.LEAD)))
            ends = [End.NORTH, End.SOUTH]
        empty_arms: list[End] = []
        empty_at = 0
        for end in ends:
            pip = layout.open[end.arm]
            part = parts.get(end)
            if end in (End.NORTH, End.SOUTH) and not layout.arm(end):
                if layout.sniff is None or pip < 0:
                    continue  # no arm here (two-armed rules)
                if part is None:
                    # Empty arms are said together, where the first of them stands.
                    empty_at = empty_at if empty_arms else len(items)
                    empty_arms.append(end)
                    continue
            items.append(self._end_item(layout, end, part, pip))
        if empty_arms:
            # Translators: open ends: arms of the sniff with no tile on them yet count
            # nothing until a tile lies there ("north and south open on 4, not counted yet").
            text = self.tr._("{ends} open on {pips}, not counted yet")
            names = self.words.join([self.words.end(e) for e in empty_arms])
            items.insert(empty_at, text.format(ends=names, pips=layout.open[empty_arms[0].arm]))
        # Items that hold commas of their own are set apart more strongly.
        apart = any("," in item or ":" in item for item in items)
        return ("; " if apart else ", ").join(items)

    def _lone_lead(self, layout: Layout, part: Part | None) -> str:
        """A double alone in the line: one tile at both ends, said once."""
        tr = self.tr
        lead = layout.lead
        assert lead is not None
        tile = self.words.tile(lead)
        if lead is not layout.sniff:
            # Translators: practice question: only the first tile, a double, lies on the table
            # ("only the lead, double five").
            return tr._("only the lead, {tile}").format(tile=tile)
        if part is None:
            # Translators: practice question (sniff-us rules): the sniff is the only tile of the
            # line; its halves count on north and south instead, while those are open.
            text = tr._("the sniff, {tile}, with nothing west or east of it, not counted there")
        else:
            # Translators: practice question: the sniff is the only tile of the line (tiles may
            # lie on its north and south arms): "the sniff, double one, with nothing west or
            # east of it".
            text = tr._("the sniff, {tile}, with nothing west or east of it")
        return text.format(tile=tile)

    def _end_item(self, layout: Layout, end: End, part: Part | None, pip: int) -> str:
        """One end and what lies there, without what it counts."""
        tr, words = self.tr, self.words
        name = words.end(end)
        double = words.tile(Tile.of(max(pip, 0), max(pip, 0)))
        if pip < 0:
            assert part is not None
            # Translators: open ends: a stubby sniff's arm that is closed but counts.
            return tr._("{end} closed, {pips}").format(end=name, pips=part.pips)
        if part is None:
            # Translators: practice question (sniff-us rules): the sniff ends the line here but
            # counts nothing while its own arms are open ("east double four, the sniff, not
            # counted yet").
            return tr._("{end} {tile}, the sniff, not counted yet").format(end=name, tile=double)
        kind = part.kind
        if kind is PartKind.EXPOSED:
            # Translators: practice question (sniff-us rules): an arm of the sniff with no tile
            # on it, where the sniff's uncovered half shows {pips}.
            return tr._("{end}: the sniff's open half, {pips}").format(end=name, pips=pip)
        if kind is PartKind.DOUBLE:
            # Translators: an open end whose last tile is a double ("east double five").
            return tr._("{end} {tile}").format(end=name, tile=double)
        if kind is PartKind.SNIFF:
            # Translators: practice question: the sniff lies across the end of the line
            # ("west double three, the sniff").
            return tr._("{end} {tile}, the sniff").format(end=name, tile=double)
        if kind is PartKind.HALF:
            if layout.sniff is not None and layout.sniff.high == pip and _sniff_ends(layout, end):
                # Translators: practice question (stubby rules): the sniff lies along the line
                # at this end ("west double four, the sniff, lengthwise").
                return tr._("{end} {tile}, the sniff, lengthwise").format(end=name, tile=double)
            # Translators: practice question: a double lies along the line at this end.
            return tr._("{end} {tile} lengthwise").format(end=name, tile=double)
        # Translators: an open end and its pips ("west 4").
        return tr._("{end} {pips}").format(end=name, pips=pip)

    def question(self, question: Question) -> str:
        """The question, spoken: the ends, then what to type."""
        tr = self.tr
        ends = self.layout_ends(question.layout)
        if question.drill is Drill.SCORE:
            # Translators: practice drill "does it score": type the points (0 for none);
            # {combination} is e.g. "threes".
            ask = tr._("scoring {combination}: how many points?").format(
                combination=self.menu.combination(question.combination.value)
            )
        elif question.drill is Drill.TILE:
            # Translators: practice drill "which tile scores": your tiles, then the question.
            ask = tr._("your tiles: {tiles}. Which one scores {combination}, and where?").format(
                tiles=self.words.tiles(question.hand),
                combination=self.menu.combination(question.combination.value),
            )
        else:
            # Translators: practice: asks for the count of the ends just said.
            ask = tr._("the count?")
        return sentences(ends, ask)

    # -- answers -----------------------------------------------------------------------

    def typed_char(self, char: str) -> str:
        """A typed character, said back."""
        if char == " ":
            # Translators: the space key was typed in a practice answer.
            return self.tr.pgettext("typed", "space")
        return char

    def echo(self, typed: str) -> str:
        """What was typed so far (after Backspace), or "empty"."""
        return typed if typed else self.menu.typed("")

    def unreadable(self, drill: Drill) -> str:
        tr = self.tr
        if drill is Drill.TILE:
            # Translators: the tile answer could not be read; shows how to type one.
            return tr._("Type a tile and an end, like 5 1 east, then Enter.")
        # Translators: the number answer could not be read.
        return tr._("Type a number, then Enter.")

    def _play_result(self, layout: Layout, move: Move, points: int) -> str:
        after = layout.place(move.tile, move.end, endwise=move.endwise)
        # Translators: practice "which tile scores": a scoring play and its result ("five-one
        # on the east end makes 15: scores 15").
        return self.tr._("{tile} {at} makes {count}: {score}").format(
            tile=self.words.tile(move.tile),
            at=self.words.at(move.end),
            count=after.count,
            score=self.book.score_word(points),
        )

    def right_plays(self, question: Question) -> str:
        """The tile drill's right answers as a clear list: "four-one on the west end, 15;
        or five-blank on the north end, 10"."""
        tr = self.tr
        plays = [
            # Translators: one right answer of the practice "which tile scores": the tile,
            # where, and its points ("four-one on the west end, 15").
            tr._("{tile} {at}, {points}").format(
                tile=self.words.tile(move.tile), at=self.words.at(move.end), points=points
            )
            for move, points in question.scoring_moves
        ]
        # Translators: between right answers in the practice "which tile scores" ("four-one
        # on the west end, 15; or five-blank on the north end, 10").
        return tr._("; or ").join(plays)

    def tile_given(self, question: Question, given: str) -> str:
        """What a wrong tile answer did: "five-one on the east end makes 12: no score"."""
        tr = self.tr
        parsed = parse_tile_answer(given)
        if parsed is None:
            return ""
        tile, end = parsed
        name = self.words.tile(tile)
        if tile not in question.hand:
            # Translators: practice "which tile scores": the typed tile is not among yours.
            return tr._("you do not hold {tile}").format(tile=name)
        count = self._typed_count(question, given)
        if count is None:
            # Translators: practice "which tile scores": the typed tile cannot go there
            # ("five-one does not fit on the east end").
            return tr._("{tile} does not fit {at}").format(tile=name, at=self.words.at(end))
        points = play_points(count, question.combination)
        return self._play_result(question.layout, Move(tile, end), points)

    def explanation(self, question: Question) -> str:
        """The arithmetic behind the right answer."""
        if question.drill is Drill.TILE:
            plays = [self._play_result(question.layout, m, p) for m, p in question.scoring_moves]
            return self.words.join(plays, choice=True)
        if question.drill is Drill.SCORE:
            return self.book.count_arithmetic(question.layout, question.combination)
        return self.book.arithmetic(question.layout)

    def reason(self, count: int, combination: Combination) -> str:
        """Why *count* scores or not with primes or Fibonacci numbers ("13 is prime",
        "14 is not a Fibonacci number: the row goes 8, 13, 21"); "" for other scorings,
        whose rule the learner checks by dividing."""
        why = why_it_scores(count, combination)
        if why is None:
            return ""
        tr = self.tr
        if why.combination is Combination.PRIMES:
            if why.scores:
                # Translators: practice feedback with the scoring "primes": why the count scores.
                return tr._("{n} is prime").format(n=count)
            if why.factors is None:
                # Translators: practice feedback with the scoring "primes": 1 is not a prime.
                return tr._("{n} is not prime").format(n=count)
            low, high = why.factors
            # Translators: practice feedback with the scoring "primes": why the count does not
            # score, with its smallest factor ("14 is not prime: 2 times 7").
            return tr._("{n} is not prime: {low} times {high}").format(n=count, low=low, high=high)
        if why.scores:
            # Translators: practice feedback with the scoring "Fibonacci numbers": why the
            # count scores.
            return tr._("{n} is a Fibonacci number").format(n=count)
        # Translators: practice feedback with the scoring "Fibonacci numbers": why the count
        # does not score, with the Fibonacci numbers around it ("14 is not a Fibonacci
        # number: the row goes 8, 13, 21").
        return tr._("{n} is not a Fibonacci number: the row goes {numbers}").format(
            n=count, numbers=", ".join(str(f) for f in why.around)
        )

    def feedback(self, answered: Answered, streak: int) -> str:
        """Praise (with the streak now and then) or the arithmetic of the right answer;
        with primes and Fibonacci numbers, why the count scores or not."""
        tr = self.tr
        question = answered.question
        typed = self._typed_count(question, answered.verdict.given)
        if answered.verdict.correct:
            # Translators: a right answer in the practice.
            parts = [tr._("right!")]
            if question.drill is Drill.TILE:
                parts.append(self._tile_answer(answered))
            if question.drill is Drill.SCORE:
                parts.append(self.reason(question.count, question.combination))
            elif typed is not None:
                parts.append(self.reason(typed, question.combination))
            if streak and streak % STREAK_EVERY == 0:
                # Translators: the practice streak, said every few right answers.
                parts.append(tr.ngettext("{n} in a row", "{n} in a row", streak).format(n=streak))
            return sentences(*parts)
        if question.drill is Drill.TILE:
            given = self.tile_given(question, answered.verdict.given)
            if given:
                # Translators: a wrong answer in the practice "which tile scores", then what
                # the typed play made ("no: five-one on the east end makes 12: no score").
                first = tr._("no: {given}").format(given=given)
            else:
                # Translators: a wrong answer in the practice "which tile scores".
                first = tr.pgettext("practice", "no")
            why = "" if typed is None else self.reason(typed, question.combination)
            # Translators: the right answers of the practice "which tile scores", after a
            # wrong one ("right: four-one on the west end, 15; or five-blank on ...").
            right = tr._("right: {plays}").format(plays=self.right_plays(question))
            return sentences(first, why, right)
        why = (
            self.reason(question.count, question.combination) if question.drill.uses_scoring else ""
        )
        return sentences(
            # Translators: a wrong answer in the practice, then the arithmetic ("no: ends 4
            # and 6 make 10").
            tr._("no: {explanation}").format(explanation=self.explanation(question)),
            why,
        )

    def _typed_count(self, question: Question, given: str) -> int | None:
        """The count a typed tile answer makes, if that tile is held and fits there."""
        if question.drill is not Drill.TILE:
            return None
        parsed = parse_tile_answer(given)
        if parsed is None or parsed[0] not in question.hand:
            return None
        tile, end = parsed
        if not move_fits(question.layout, Move(tile, end)):
            return None
        return question.layout.place(tile, end).count

    def _tile_answer(self, answered: Answered) -> str:
        question = answered.question
        parsed = parse_tile_answer(answered.verdict.given)
        for move, points in question.scoring_moves:
            if parsed is not None and (move.tile, move.end) == parsed:
                return self._play_result(question.layout, move, points)
        return ""

    # -- progress ---------------------------------------------------------------------

    def duration(self, seconds: float) -> str:
        """ "1 minute 23 seconds", "45 seconds"."""
        total = round(seconds)
        minutes, secs = divmod(total, 60)
        # Translators: a duration's seconds part.
        sec_text = self.tr.ngettext("{n} second", "{n} seconds", secs).format(n=secs)
        if not minutes:
            return sec_text
        # Translators: a duration's minutes part.
        min_text = self.tr.ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes)
        if not secs:
            return min_text
        # Translators: minutes and seconds together ("1 minute 23 seconds").
        return self.tr._("{minutes} {seconds}").format(minutes=min_text, seconds=sec_text)

    def status(
        self, streak: int, answers: int, right: int, seconds: float, time_left: float | None
    ) -> str:
        """The info key: the streak, the answers so far and the time taken."""
        tr = self.tr
        parts = [
            # Translators: practice info key: right answers in a row now.
            tr._("streak {n}").format(n=streak),
            # Translators: practice info key: answers given so far and how many were right.
            tr.ngettext("{n} answer, {right} right", "{n} answers, {right} right", answers).format(
                n=answers, right=right
            ),
            # Translators: practice info key: time since the session began.
            tr._("time {duration}").format(duration=self.duration(seconds)),
        ]
        if time_left is not None:
            # Translators: practice info key in the timed drill: time left.
            parts.append(tr._("{duration} left").format(duration=self.duration(time_left)))
        return sentences(*parts)

    def time_up(self) -> str:
        # Translators: the timed drill's 60 seconds are over.
        return self.tr._("Time is up.")

    def too_late(self) -> str:
        """A key meant for an answer after the timed round ran out."""
        # Translators: the player typed or pressed Enter for an answer after the timed
        # drill's minute was over: the answer is not counted, and Enter did not start a new
        # round by itself.
        return self.tr._("The time was up: that answer is not counted. Enter starts another round.")

    def late_typing(self) -> str:
        """The first key typed for an answer after the timed round ran out."""
        # Translators: the player typed on after the timed drill's minute was over; the
        # keys typed are said back after it, and Enter will say whether the answer was right.
        return self.tr._("The time was up: this answer will not count.")

    def late_answer(self, answered: Answered) -> str:
        """An answer finished after the timed round ran out: right or wrong (with the
        arithmetic, as any answer), not counted, and what Enter does now."""
        tr = self.tr
        return sentences(
            # Translators: an answer given after the timed drill's minute was over, before
            # whether it was right ("Too late, not counted. Right!").
            tr._("too late, not counted"),
            self.feedback(answered, 0),
            # Translators: after a late answer in the timed drill: the practice menu is back.
            tr._("Enter starts another round"),
        )

    def percent(self, fraction: float) -> str:
        # Translators: a share in percent ("80 percent").
        return self.tr._("{n} percent").format(n=round(fraction * 100))

    def summary(self, summary: Summary) -> str:
        """The end of a session: asked, right, accuracy, best streak, time per answer."""
        tr = self.tr
        if not summary.asked:
            # Translators: a practice session ended before any answer.
            return sentences(tr._("session over, no answers given"))
        return sentences(
            # Translators: practice summary: questions answered, right ones, accuracy.
            tr.ngettext(
                "session over: {asked} question, {right} right, {percent}",
                "session over: {asked} questions, {right} right, {percent}",
                summary.asked,
            ).format(
                asked=summary.asked, right=summary.right, percent=self.percent(summary.accuracy)
            ),
            # Translators: practice summary: the longest run of right answers.
            tr._("best streak {n}").format(n=summary.best_streak),
            # Translators: practice summary: mean time per answer ("4.2 seconds per answer").
            tr._("{seconds} per answer").format(
                seconds=self.menu.seconds(round(summary.per_answer, 1))
            ),
        )

    def saved_problem(self, reason: str) -> str:
        # Translators: the practice results could not be written; {reason} says why (the
        # system's reason, in words: "no space left on device").
        return self.tr._("Progress could not be saved: {reason}").format(reason=reason)
