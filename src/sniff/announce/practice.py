"""What the counting practice and the statistics say.

Layouts are described with the game's own words (:class:`Phrasebook`): the
same end names, tile names and count arithmetic a player hears at the table.

>>> from sniff.i18n import Translator
>>> PracticeWords(Translator.null()).duration(83)
'1 minute 23 seconds'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from sniff.announce.menu import MenuWords
from sniff.announce.phrases import Phrasebook, sentences
from sniff.engine import Layout, Move, Tile, play_points
from sniff.i18n import Translator
from sniff.practice.drills import Drill, Question, parse_tile_answer
from sniff.practice.session import Answered, Summary

if TYPE_CHECKING:
    from sniff.storage.stats import GameTally, PracticeTally

__all__ = ["PracticeWords", "ResetWords", "reset_words", "stats_report"]

#: Every this many right answers in a row, the streak is said aloud.
STREAK_EVERY = 5


class PracticeWords:
    """Questions, feedback and summaries of the practice in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.book = Phrasebook(tr, seat=0, player_names=("",), verbosity="verbose")
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

    def key_help(self, key: str) -> str:
        """What a practice key does, for help (F1)."""
        tr = self.tr
        helps = {
            # Translators: help for Up in the practice menu.
            "up": tr._("previous practice setting"),
            # Translators: help for Down in the practice menu.
            "down": tr._("next practice setting"),
            # Translators: help for Left in the practice menu.
            "left": tr._("previous choice"),
            # Translators: help for Right in the practice menu.
            "right": tr._("next choice"),
            # Translators: help for Enter in the practice: start, or give the typed answer.
            "enter": tr._("start, or give your answer"),
            # Translators: help for Backspace in the practice.
            "backspace": tr._("delete the last typed character"),
            # Translators: help for R in the practice (when nothing is typed yet).
            "r": tr._("repeat the question"),
            # Translators: help for I or F3 in the practice.
            "info": tr._("your streak, answers and time"),
            # Translators: help for Escape in the practice.
            "escape": tr._("end the round, or leave the practice"),
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
        """Every open end as the game says it, with what a learner needs to count.

        Like the game's ends list ("west 4, east double five"), but a sniff at
        an end is named as the sniff, and an arm of the sniff with nothing on
        it says whether the sniff's half there counts (sniff-us) or not.
        """
        tr, words = self.tr, self.words
        parts = {p.end: p for p in layout.parts() if p.kind != "lead"}
        items = []
        for end, pip in layout.open_ends():
            part = parts.get(end)
            name = words.end(end)
            if part is None:
                # Translators: practice question: an arm of the sniff with no tile on it yet,
                # which does not count ("north empty").
                items.append(tr._("{end} empty").format(end=name))
            elif part.kind == "double":
                tile = words.tile(Tile.of(pip, pip))
                # Translators: an open end whose last tile is a double ("east double five").
                items.append(tr._("{end} {tile}").format(end=name, tile=tile))
            elif part.kind == "sniff":
                tile = words.tile(Tile.of(pip, pip))
                # Translators: practice question: the sniff lies across the end of the line
                # ("west double three, the sniff").
                items.append(tr._("{end} {tile}, the sniff").format(end=name, tile=tile))
            elif part.kind == "half":
                tile = words.tile(Tile.of(pip, pip))
                # Translators: practice question: a double lies along the line at this end.
                items.append(tr._("{end} {tile} lengthwise").format(end=name, tile=tile))
            elif part.kind == "exposed":
                items.append(
                    # Translators: practice question (sniff-us rules): an arm of the sniff with
                    # no tile on it, where the sniff's uncovered half shows {pips}.
                    tr._("{end}: the sniff's open half, {pips}").format(end=name, pips=pip)
                )
            else:
                # Translators: an open end and its pips ("west 4").
                items.append(tr._("{end} {pips}").format(end=name, pips=pip))
        if not items and layout.lead is not None:
            # Translators: practice question: only the first tile lies on the table.
            return tr._("only the lead, {tile}").format(tile=words.tile(layout.lead))
        return ", ".join(items)

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
        pips = dict(question.layout.open_ends()).get(end)
        points = 0
        if pips is not None and pips in (tile.high, tile.low):
            points = play_points(question.layout.place(tile, end).count, question.combination)
        # A play that would score is among the right answers; one that seems to score but
        # was judged wrong is one the rules forbid there.
        if pips is None or pips not in (tile.high, tile.low) or points:
            # Translators: practice "which tile scores": the typed tile cannot go there
            # ("five-one does not fit on the east end").
            return tr._("{tile} does not fit {at}").format(tile=name, at=self.words.at(end))
        return self._play_result(question.layout, Move(tile, end), points)

    def explanation(self, question: Question) -> str:
        """The arithmetic behind the right answer."""
        if question.drill is Drill.TILE:
            plays = [self._play_result(question.layout, m, p) for m, p in question.scoring_moves]
            return self.words.join(plays, choice=True)
        if question.drill is Drill.SCORE:
            return self.book.count_arithmetic(question.layout, question.combination)
        return self.book.arithmetic(question.layout)

    def feedback(self, answered: Answered, streak: int) -> str:
        """Praise (with the streak now and then) or the arithmetic of the right answer."""
        tr = self.tr
        if answered.verdict.correct:
            # Translators: a right answer in the practice.
            parts = [tr._("right!")]
            if answered.question.drill is Drill.TILE:
                parts.append(self._tile_answer(answered))
            if streak and streak % STREAK_EVERY == 0:
                # Translators: the practice streak, said every few right answers.
                parts.append(tr.ngettext("{n} in a row", "{n} in a row", streak).format(n=streak))
            return sentences(*parts)
        question = answered.question
        if question.drill is Drill.TILE:
            given = self.tile_given(question, answered.verdict.given)
            if given:
                # Translators: a wrong answer in the practice "which tile scores", then what
                # the typed play made ("no: five-one on the east end makes 12: no score").
                first = tr._("no: {given}").format(given=given)
            else:
                # Translators: a wrong answer in the practice "which tile scores".
                first = tr.pgettext("practice", "no")
            # Translators: the right answers of the practice "which tile scores", after a
            # wrong one ("right: four-one on the west end, 15; or five-blank on ...").
            right = tr._("right: {plays}").format(plays=self.right_plays(question))
            return sentences(first, right)
        return sentences(
            # Translators: a wrong answer in the practice, then the arithmetic ("no: ends 4
            # and 6 make 10").
            tr._("no: {explanation}").format(explanation=self.explanation(question))
        )

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
        # Translators: the practice results could not be written; {reason} is the system's message.
        return self.tr._("Progress could not be saved: {reason}").format(reason=reason)


# -- statistics ---------------------------------------------------------------------


def stats_report(
    tr: Translator,
    games: Mapping[tuple[str, int], GameTally],
    practice: Mapping[tuple[str, str], PracticeTally],
) -> list[str]:
    """The statistics as lines of text (``sniff stats``, the menu's Statistics).

    *games* and *practice* are :class:`sniff.storage.Stats` tallies.
    """
    words = PracticeWords(tr)
    lines: list[str] = []
    if not games:
        # Translators: sniff stats: no game has been finished yet.
        lines.append(tr._("Games: none finished yet."))
    else:
        # Translators: sniff stats: heading of the games part.
        lines.append(tr._("Games:"))
        for (name, players), tally in sorted(games.items()):
            lines.append(_game_line(words, name, players, tally))
    if not practice:
        # Translators: sniff stats: no practice answers yet.
        lines.append(tr._("Practice: no answers yet."))
    else:
        # Translators: sniff stats: heading of the practice part.
        lines.append(tr._("Practice:"))
        for (drill, level), drilled in sorted(practice.items()):
            lines.append(_practice_line(words, drill, level, drilled))
    return lines


def _game_line(words: PracticeWords, name: str, players: int, tally: GameTally) -> str:
    tr = words.tr
    played, won, hints = tally.played, tally.won, tally.hints
    average, best, margin = tally.average_points, tally.best_score, tally.best_margin
    parts: list[str] = [
        # Translators: sniff stats: one preset and player count ("sniff, 2 players: 5 played,
        # 3 won, 60 percent").
        tr.ngettext(
            "{preset}, {players} players: {played} game played, {won} won, {percent}",
            "{preset}, {players} players: {played} games played, {won} won, {percent}",
            played,
        ).format(
            preset=name,
            players=players,
            played=played,
            won=won,
            percent=words.percent(won / played if played else 0.0),
        )
    ]
    if average is not None:
        parts.append(
            # Translators: sniff stats: your average points per round.
            tr._("{points} points per round").format(points=words.menu.number(round(average, 1)))
        )
    if best is not None and margin is not None:
        # Translators: sniff stats: your best won game, its score and the lead over the next.
        parts.append(tr._("best game {score}, won by {margin}").format(score=best, margin=margin))
    # Translators: sniff stats: hints (F2) used in these games.
    parts.append(tr.ngettext("{n} hint used", "{n} hints used", hints).format(n=hints))
    return sentences(*parts)


def _practice_line(words: PracticeWords, drill: str, level: str, tally: PracticeTally) -> str:
    tr = words.tr
    answers, right, average = tally.answers, tally.right, tally.average_seconds
    try:
        drill_name = words.drill(Drill(drill))
        level_name = words.level(int(level))
    except (ValueError, KeyError):
        drill_name, level_name = drill, level
    # Translators: sniff stats: one practice drill and level ("the count, level 2, doubles:
    # 40 answers, 35 right, 88 percent").
    text = tr.ngettext(
        "{drill}, {level}: {answers} answer, {right} right, {percent}",
        "{drill}, {level}: {answers} answers, {right} right, {percent}",
        answers,
    ).format(
        drill=drill_name,
        level=level_name,
        answers=answers,
        right=right,
        percent=words.percent(right / answers if answers else 0.0),
    )
    parts = [text]
    if average is not None:
        parts.append(
            tr._("{seconds} per answer").format(seconds=words.menu.seconds(round(average, 1)))
        )
    return sentences(*parts)


class ResetWords(NamedTuple):
    """What ``sniff stats --reset`` says."""

    question: str
    yes: frozenset[str]  # the accepted answers, casefolded
    kept: str
    done: str


def reset_words(tr: Translator) -> ResetWords:
    """The texts of ``sniff stats --reset``."""
    return ResetWords(
        # Translators: sniff stats --reset asks before deleting; the player types the word yes.
        tr._("Delete all statistics? Type yes to confirm:"),
        # Translators: the accepted answers to the reset question, separated by "|"; German
        # "ja|yes".
        frozenset(tr.pgettext("confirm", "yes").casefold().split("|")) | {"yes"},
        # Translators: sniff stats --reset: the player did not confirm.
        tr._("Nothing deleted."),
        # Translators: sniff stats --reset: done.
        tr._("Statistics deleted."),
    )
