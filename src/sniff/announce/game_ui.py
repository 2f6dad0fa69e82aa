"""What the game screen says beyond the announcer: questions, saving, hints,
claims, settings changed by keys, and the words drawn on the screen.

>>> from sniff.i18n import Translator
>>> GameTexts(Translator.null()).with_level("Anna", "expert")
'Anna (expert)'
"""

from __future__ import annotations

from sniff.announce.menu import MenuWords
from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.announce.words import Words
from sniff.engine import Tile
from sniff.enums import Cue, Verbosity
from sniff.i18n import Translator

__all__ = ["GameTexts"]


def _say(
    text: str, kind: UtteranceKind, *, cue: Cue | None = None, interrupt: bool = True
) -> Utterance:
    return Utterance(sentences(text), interrupt=interrupt, cue=cue, kind=kind)


class GameTexts:
    """The game screen's own messages, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.words = Words(tr)

    # -- names -------------------------------------------------------------------------

    def level(self, level: str) -> str:
        """A computer player's strength in words: "expert", "greedy", "random"."""
        return MenuWords(self.tr).bot_level(level)

    def with_level(self, name: str, level: str) -> str:
        """A computer player introduced with its strength: "Anna (expert)"."""
        # Translators: a computer player and its strength, in the new-game message.
        return self.tr._("{name} ({level})").format(name=name, level=self.level(level))

    def you(self) -> str:
        # Translators: the player at the keyboard, as a name on the screen.
        return self.tr.pgettext("name", "You")

    def no_menu_here(self) -> Utterance:
        """M where the setup menu is not offered (a lesson, a game run by a test)."""
        return _say(
            # Translators: M or F10 where the setup menu cannot be opened.
            self.tr._("the setup menu is not available here"),
            UtteranceKind.INVALID,
            cue=Cue.INVALID,
        )

    # -- questions ---------------------------------------------------------------------

    def yes_no(self) -> str:
        # Translators: how to answer a yes/no question.
        return self.tr._("Y or Enter: yes. N or Escape: no.")

    def quit_question(self) -> Utterance:
        """Asked before quitting a game in progress."""
        return _say(
            # Translators: asked when you press Q during a game.
            self.tr._("quit? The game is saved.") + " " + self.yes_no(),
            UtteranceKind.QUESTION,
        )

    def quit_plain(self) -> Utterance:
        """Asked before quitting when there is no game to save."""
        # Translators: asked when you press Q outside a game.
        return _say(self.tr._("quit Sniff?") + " " + self.yes_no(), UtteranceKind.QUESTION)

    def staying(self) -> Utterance:
        """N at the question before quitting (Q or Control C): nothing was left."""
        # Translators: said after N at the question "Quit?": the program goes on.
        return _say(self.tr._("not quitting"), UtteranceKind.NONE)

    def resume_question(self, round_no: int, scores: str) -> Utterance:
        """Asked at start when a saved game exists."""
        # Translators: asked at start; {scores} is "you 45, Expert 30".
        text = self.tr._("a saved game was found: round {round}, {scores}. Resume it?").format(
            round=round_no, scores=scores
        )
        # Translators: how to answer the question whether to resume a saved game.
        keys = self.tr._("Y, Enter or Escape: resume. N: start a new game.")
        return _say(text + " " + keys, UtteranceKind.QUESTION)

    def new_game_question(self) -> Utterance:
        """Asked after N at the resume question: nothing is lost by one key."""
        # Translators: asked after you chose not to resume a saved game.
        text = self.tr._("start a new game? The saved game will be lost.")
        # Translators: how to answer "start a new game?" after declining to resume.
        keys = self.tr._("Y: start a new game. Any other key: resume the saved game.")
        return _say(text + " " + keys, UtteranceKind.QUESTION)

    def resumed(self, round_no: int, scores: str) -> Utterance:
        # Translators: a saved game was resumed; {scores} is "you 45, Expert 30".
        text = self.tr._("game resumed: round {round}, {scores}").format(
            round=round_no, scores=scores
        )
        return _say(text, UtteranceKind.RESUMED)

    def new_game(
        self,
        players: str,
        rules_name: str,
        target: int,
        *,
        partner: str | None = None,
        muggins: bool = False,
    ) -> Utterance:
        """The first words of a game: who plays, the rules, the target, the partner, the
        muggins rule. It queues behind what was said before (the welcome)."""
        tr = self.tr
        # Translators: a new game starts; {players} is "you and Anna (expert)", {rules} the
        # preset's name ("Sniff").
        first = tr._("new game: {players}; {rules}, to {target} points")
        parts = [first.format(players=players, rules=rules_name, target=target)]
        if partner is not None:
            # Translators: four players in two sides: who your partner is.
            parts.append(tr._("{name} sits opposite you and is your partner").format(name=partner))
        if muggins:
            # Translators: the new-game message when the muggins rule is on: how to claim.
            rule = tr._(
                "The muggins rule is on: after each of your plays, type the points you "
                "claim and press Enter"
            )
            parts.append(rule)
        return Utterance(sentences(*parts), kind=UtteranceKind.NEW_GAME)

    def discard_game_question(self) -> Utterance:
        """Asked when a new game is chosen while one is being played."""
        # Translators: asked when you choose "new game" in the menu during a game.
        text = self.tr._("start a new game? The game in progress will be lost.")
        return _say(text + " " + self.yes_no(), UtteranceKind.QUESTION)

    def menu_offer(self) -> str:
        # Translators: on first start, after the welcome: how to open the setup menu.
        return self.tr._("Press M for the setup menu.")

    def saved(self) -> Utterance:
        # Translators: after Control S.
        return _say(self.tr._("game saved"), UtteranceKind.SAVED)

    def save_failed(self, detail: str) -> Utterance:
        # Translators: saving failed; {detail} says why (the system's reason, in words).
        text = self.tr._("the game could not be saved: {detail}").format(detail=detail)
        return _say(text, UtteranceKind.SAVE_FAILED, cue=Cue.INVALID)

    def stats_failed(self, detail: str) -> Utterance:
        # Translators: the finished game could not be added to the statistics; {detail} says why.
        text = self.tr._("the statistics could not be saved: {detail}").format(detail=detail)
        return _say(text, UtteranceKind.STATS_FAILED, cue=Cue.INVALID)

    def next_round_prompt(self) -> Utterance:
        return _say(
            # Translators: after a round ended.
            self.tr._("press Enter for the next round"),
            UtteranceKind.PROMPT,
            interrupt=False,
        )

    def game_over_prompt(self, *, new_game: bool = True) -> Utterance:
        if new_game:
            # Translators: after the game ended.
            text = self.tr._("press Enter for a new game, or Q to quit")
        else:
            # Translators: after a game that has no next one here (online): only quitting.
            text = self.tr._("press Q to leave the table")
        return _say(text, UtteranceKind.PROMPT, interrupt=False)

    # -- keys that change settings -----------------------------------------------------

    def verbosity(self, level: str) -> Utterance:
        tr = self.tr
        names: dict[str, str] = {
            # Translators: the verbosity level, said after pressing V.
            Verbosity.BRIEF: tr.pgettext("verbosity", "brief"),
            # Translators: the verbosity level, said after pressing V.
            Verbosity.NORMAL: tr.pgettext("verbosity", "normal"),
            # Translators: the verbosity level, said after pressing V.
            Verbosity.VERBOSE: tr.pgettext("verbosity", "verbose"),
        }
        # Translators: after V: the new verbosity ("announcements: verbose").
        text = tr._("announcements: {level}").format(level=names.get(level, level))
        return _say(text, UtteranceKind.SETTING)

    def rate(self, rate: int) -> Utterance:
        # Translators: after Plus or Minus: the speech rate in words per minute.
        return _say(self.tr._("speech rate {rate}").format(rate=rate), UtteranceKind.SETTING)

    def rate_fixed(self) -> Utterance:
        # Translators: Plus or Minus with a speech output whose speed the game cannot set.
        text = self.tr._("this speech output cannot change its speed here")
        return _say(text, UtteranceKind.SETTING, cue=Cue.INVALID)

    # -- choosing tiles ----------------------------------------------------------------

    def lengthwise(self) -> str:
        # Translators: an end choice for a double laid along the line (house rule).
        return self.tr._("lengthwise")

    def no_tile_with(self, pip: int) -> Utterance:
        # Translators: a digit was typed but no tile in the hand shows that number.
        text = self.tr._("no tile with {pips}").format(pips=pip)
        return _say(text, UtteranceKind.REFUSAL, cue=Cue.INVALID)

    def not_holding(self, tile: Tile) -> Utterance:
        # Translators: two digits were typed for a tile you do not hold.
        text = self.tr._("you do not hold {tile}").format(tile=self.words.tile(tile))
        return _say(text, UtteranceKind.REFUSAL, cue=Cue.INVALID)

    def not_in_set(self, pip: int, top: int) -> Utterance:
        """A digit higher than the set's highest number ("there is no 9 in double-six")."""
        # Translators: a digit typed that no tile of this set shows; {set} is "double six".
        text = self.tr._("there is no {pips} in {set}").format(
            pips=pip, set=self.words.tile(Tile.of(top, top))
        )
        return _say(text, UtteranceKind.REFUSAL, cue=Cue.INVALID)

    def first_digit(self, pip: int) -> Utterance:
        """The short echo of the first digit of a jump ("5 and"), the other number to come.
        In words, not dots: a screen reader reading the terminal says "5 dot dot dot"."""
        # Translators: the echo of the first number typed to jump to a tile, the second
        # number still to come ("5 and"; German "5 und"). No dots: screen readers read them.
        return _say(self.tr._("{pips} and").format(pips=pip), UtteranceKind.DIGIT)

    def hand_edge(self, *, last: bool) -> Utterance:
        """Left at the first tile or Right at the last."""
        if last:
            # Translators: Right arrow at the last tile of the hand.
            return _say(self.tr._("last tile"), UtteranceKind.HAND, cue=Cue.INVALID)
        # Translators: Left arrow at the first tile of the hand.
        return _say(self.tr._("first tile"), UtteranceKind.HAND, cue=Cue.INVALID)

    def position(self, number: int, total: int) -> str:
        """Where the selected tile is in the hand ("3 of 7")."""
        # Translators: the place of the selected tile in the hand ("3 of 7").
        return self.tr._("{number} of {total}.").format(number=number, total=total)

    def empty_hand(self) -> Utterance:
        # Translators: a hand key with no tiles in the hand.
        return _say(self.tr._("your hand is empty"), UtteranceKind.HAND, cue=Cue.INVALID)

    # -- claims (muggins rule) ---------------------------------------------------------

    def claim_typed(self, digits: str) -> Utterance:
        # Translators: echo of the points typed for a claim ("claim 15").
        return _say(self.tr._("claim {points}").format(points=digits), UtteranceKind.CLAIM_TYPING)

    def claim_cleared(self) -> Utterance:
        # Translators: the typed claim was cleared.
        return _say(self.tr._("claim cleared"), UtteranceKind.CLAIM_TYPING)

    def not_claiming(self) -> Utterance:
        return _say(
            # Translators: Y or N pressed when there is no muggins question.
            self.tr._("there is nothing to call muggins on"),
            UtteranceKind.REFUSAL,
            cue=Cue.INVALID,
        )

    def hint_not_now(self) -> Utterance:
        # Translators: F2 when it is not your turn.
        return _say(self.tr._("a hint is given on your turn"), UtteranceKind.HINT, cue=Cue.INVALID)

    def hints_used_up(self, limit: int) -> Utterance:
        # Translators: F2 after all hints of this game were used.
        text = self.tr.ngettext(
            "no hints left: {n} hint per game", "no hints left: {n} hints per game", limit
        )
        return _say(text.format(n=limit), UtteranceKind.HINT, cue=Cue.INVALID)

    def screen_hand(self) -> str:
        # Translators: a label on the screen before your tiles.
        return self.tr.pgettext("screen", "Hand")

    def screen_score(self) -> str:
        # Translators: a label on the screen before the scores.
        return self.tr.pgettext("screen", "Score")

    def screen_target(self) -> str:
        # Translators: a label on the screen before the target.
        return self.tr.pgettext("screen", "Target")

    def screen_boneyard(self) -> str:
        # Translators: a label on the screen before the boneyard count.
        return self.tr.pgettext("screen", "Boneyard")

    def screen_round(self) -> str:
        # Translators: a label on the screen before the round number.
        return self.tr.pgettext("screen", "Round")

    def screen_count(self) -> str:
        # Translators: a label on the screen before the count.
        return self.tr.pgettext("screen", "Count")

    def screen_empty_table(self) -> str:
        # Translators: shown where the layout would be before the first tile.
        return self.tr.pgettext("screen", "The table is empty.")

    def screen_help(self) -> str:
        # Translators: the last line of the screen.
        return self.tr.pgettext("screen", "F1 help  Q quit")
