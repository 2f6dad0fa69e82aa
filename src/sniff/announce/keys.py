"""The keys of the game, in words: their spoken names and what each one does.

Help (F1) is built from these, so every binding can say itself aloud; a key
the player presses to no effect is named with :func:`key_name`.

>>> from sniff.i18n import Translator
>>> key_name(Translator.null(), "c-s"), key_name(Translator.null(), "x")
('Control S', 'X')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sniff.announce.commands import Command
from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.enums import Cue
from sniff.i18n import Translator

__all__ = ["KeyTexts", "help_part", "invalid_key", "key_name"]


def _named_keys(tr: Translator) -> dict[str, str]:
    return {
        # Translators: the spoken name of a key, heard in help (F1) and for a key that does nothing.
        "left": tr.pgettext("key", "Left arrow"),
        # Translators: the spoken name of a key.
        "right": tr.pgettext("key", "Right arrow"),
        # Translators: the spoken name of a key.
        "up": tr.pgettext("key", "Up arrow"),
        # Translators: the spoken name of a key.
        "down": tr.pgettext("key", "Down arrow"),
        # Translators: the spoken name of a key.
        "home": tr.pgettext("key", "Home"),
        # Translators: the spoken name of a key.
        "end": tr.pgettext("key", "End"),
        # Translators: the spoken name of a key.
        "enter": tr.pgettext("key", "Enter"),
        # Translators: the spoken name of a key.
        "c-m": tr.pgettext("key", "Enter"),
        # Translators: the spoken name of a key.
        "escape": tr.pgettext("key", "Escape"),
        # Translators: the spoken name of a key.
        "space": tr.pgettext("key", "Space"),
        # Translators: the spoken name of a key.
        " ": tr.pgettext("key", "Space"),
        # Translators: the spoken name of a key.
        "tab": tr.pgettext("key", "Tab"),
        # Translators: the spoken name of a key.
        "c-i": tr.pgettext("key", "Tab"),
        # Translators: the spoken name of a key.
        "backspace": tr.pgettext("key", "Backspace"),
        # Translators: the spoken name of a key.
        "c-h": tr.pgettext("key", "Backspace"),
        # Translators: the spoken name of a key.
        "delete": tr.pgettext("key", "Delete"),
        # Translators: the spoken name of a key.
        "pageup": tr.pgettext("key", "Page up"),
        # Translators: the spoken name of a key.
        "pagedown": tr.pgettext("key", "Page down"),
        # Translators: the spoken name of a key.
        "?": tr.pgettext("key", "Question mark"),
        # Translators: the spoken name of a key.
        "[": tr.pgettext("key", "Left bracket"),
        # Translators: the spoken name of a key.
        "]": tr.pgettext("key", "Right bracket"),
        # Translators: the spoken name of a key.
        "+": tr.pgettext("key", "Plus"),
        # Translators: the spoken name of a key.
        "-": tr.pgettext("key", "Minus"),
        # Translators: the spoken name of a key.
        "digits": tr.pgettext("key", "Digits"),
        # Translators: text pasted into the game window, named like a key.
        "<bracketed-paste>": tr.pgettext("key", "Pasted text"),
    }


def key_name(tr: Translator, key: str) -> str:
    """The spoken name of a prompt_toolkit key name: "Left arrow", "F1", "Control S"."""
    named = _named_keys(tr)
    if key in named:
        return named[key]
    if key.startswith("c-") and len(key) == 3:
        # Translators: a key pressed with Control ("Control S"); {key} is the letter.
        return tr.pgettext("key", "Control {key}").format(key=key[2].upper())
    if key.startswith("s-") and key[2:] in named:
        # Translators: a key pressed with Shift ("Shift Tab").
        return tr.pgettext("key", "Shift {key}").format(key=named[key[2:]])
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    if len(key) == 1:
        return key.upper()
    return key


class KeyTexts:
    """What each key of the game does, in the player's language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    def label(self, *keys: str) -> str:
        """The spoken names of one binding's keys: "F1 or Question mark"."""
        names = [key_name(self.tr, key) for key in keys]
        if len(names) == 1:
            return names[0]
        # Translators: two keys that do the same thing ("F1 or Question mark").
        return self.tr.pgettext("keys", "{first} or {second}").format(
            first=", ".join(names[:-1]), second=names[-1]
        )

    # -- the game's keys ------------------------------------------------------------

    def of(self, command: Command, *, muggins: bool = False, online: bool = False) -> str:
        """What the key of *command* does (:func:`~sniff.announce.commands.game_keys`);
        *online*: at a table with other people (Enter between rounds says "ready")."""
        if command is Command.ENTER and online:
            return self.play_online()
        described: dict[Command, Callable[[], str]] = {
            Command.PREVIOUS_TILE: self.previous_tile,
            Command.NEXT_TILE: self.next_tile,
            Command.FIRST_TILE: self.first_tile,
            Command.LAST_TILE: self.last_tile,
            Command.PREVIOUS_END: self.previous_end,
            Command.NEXT_END: self.next_end,
            Command.ENTER: self.play,
            Command.DRAW: self.draw,
            Command.PASS: self.pass_turn,
            Command.MUGGINS_YES: self.muggins_yes,
            Command.MUGGINS_NO: self.muggins_no,
            Command.HAND: self.hand,
            Command.ENDS: self.ends,
            Command.COUNT: self.count,
            Command.LAYOUT: self.layout,
            Command.SCORES: self.scores,
            Command.ROUND: self.round_info,
            Command.BONEYARD: self.boneyard,
            Command.UNSEEN: self.unseen,
            Command.HISTORY: self.history,
            Command.SINCE: self.since_my_move,
            Command.TURN: self.turn,
            Command.HINT: self.hint,
            Command.REPEAT: self.repeat,
        }
        if command in described:
            return described[command]()
        return self.claim_digits(muggins=muggins)  # (backspace and escape edit a claim)

    def previous_tile(self) -> str:
        # Translators: help: what Left arrow does in the game.
        return self.tr._("previous tile in your hand, and where it fits")

    def next_tile(self) -> str:
        # Translators: help: what Right arrow does in the game.
        return self.tr._("next tile in your hand, and where it fits")

    def first_tile(self) -> str:
        # Translators: help: what Home does in the game.
        return self.tr._("first tile in your hand")

    def last_tile(self) -> str:
        # Translators: help: what End does in the game.
        return self.tr._("last tile in your hand")

    def previous_end(self) -> str:
        # Translators: help: what Up arrow does in the game.
        return self.tr._("the previous end for the selected tile, with the count it would make")

    def next_end(self) -> str:
        # Translators: help: what Down arrow does in the game.
        return self.tr._("the next end for the selected tile")

    def play(self) -> str:
        # Translators: help: what Enter does in the game.
        return self.tr._(
            "play the selected tile on the chosen end; between rounds, deal the next round"
        )

    def play_online(self) -> str:
        # Translators: help: what Enter does in an online game (between rounds the next
        # round is dealt once everyone is ready).
        return self.tr._(
            "play the selected tile on the chosen end; between rounds, say you are ready "
            "for the next round"
        )

    def draw(self) -> str:
        # Translators: help: what D does in the game.
        return self.tr._("draw a tile from the boneyard")

    def pass_turn(self) -> str:
        # Translators: help: what P does in the game.
        return self.tr._("pass your turn")

    def hand(self) -> str:
        # Translators: help: what H does in the game.
        return self.tr._("your hand")

    def ends(self) -> str:
        # Translators: help: what E does in the game.
        return self.tr._("the open ends")

    def count(self) -> str:
        # Translators: help: what C does in the game.
        return self.tr._("the count, how it is made, and what it scores")

    def layout(self) -> str:
        # Translators: help: what L does in the game.
        return self.tr._("the layout, arm by arm")

    def scores(self) -> str:
        # Translators: help: what S does in the game.
        return self.tr._("scores and target")

    def boneyard(self) -> str:
        # Translators: help: what B does in the game.
        return self.tr._("the boneyard and the other players' tiles")

    def unseen(self) -> str:
        # Translators: help: what T does in the game.
        return self.tr._("tiles you have not seen yet, by suit; T again for more")

    def round_info(self) -> str:
        # Translators: help: what I does in the game.
        return self.tr._("the round number, the rules and the target")

    def since_my_move(self) -> str:
        # Translators: help: what A does in the game.
        return self.tr._("what happened since your last move")

    def history(self) -> str:
        # Translators: help: what G does in the game.
        return self.tr._("this round's history")

    def turn(self) -> str:
        # Translators: help: what W does in the game.
        return self.tr._("whose turn it is, and what you can do")

    def verbosity(self) -> str:
        # Translators: help: what V does in the game.
        return self.tr._("brief, normal or verbose announcements")

    def faster(self) -> str:
        # Translators: help: what Plus does in the game.
        return self.tr._("speak faster")

    def slower(self) -> str:
        # Translators: help: what Minus does in the game.
        return self.tr._("speak slower")

    def save(self) -> str:
        # Translators: help: what Control S does in the game.
        return self.tr._("save the game")

    def hint(self) -> str:
        # Translators: help: what F2 does in the game.
        return self.tr._("a hint: the best play now, and why")

    def menu(self) -> str:
        # Translators: help: what M and F10 do in the game.
        return self.tr._("the setup menu")

    def muggins_yes(self) -> str:
        # Translators: help: what Y does in the game (muggins rule).
        return self.tr._("call muggins when an opponent claimed wrongly")

    def muggins_no(self) -> str:
        # Translators: help: what N does in the game (muggins rule).
        return self.tr._("let a wrong claim go")

    def claim_digits(self, *, muggins: bool = False) -> str:
        """What the digit keys do: jump to a tile, and under the muggins rule (only
        then) type the points a play claims."""
        if muggins:
            # Translators: help: what the digit keys do in the game under the muggins rule.
            return self.tr._(
                "type a tile's two numbers to jump to it; after your play, type the points "
                "you claim"
            )
        # Translators: help: what the digit keys do in the game ("6 4" selects six-four).
        return self.tr._("type a tile's two numbers to jump to it")

    # -- keys every screen has ------------------------------------------------------------

    def help(self) -> str:
        # Translators: help: what F1 does.
        return self.tr._("this help")

    def repeat(self) -> str:
        # Translators: help: what R does.
        return self.tr._("repeat the last announcement")

    def older(self) -> str:
        # Translators: help: what Left bracket does.
        return self.tr._("the message before")

    def newer(self) -> str:
        # Translators: help: what Right bracket does.
        return self.tr._("the message after")

    def quit(self) -> str:
        # Translators: help: what Q does.
        return self.tr._("quit")

    def yes(self) -> str:
        # Translators: help in a yes/no question: what Y and Enter do.
        return self.tr._("yes")

    def no(self) -> str:
        # Translators: help in a yes/no question: what N and Escape do.
        return self.tr._("no")


def help_part(tr: Translator, groups: Sequence[Sequence[tuple[str, str]]], index: int) -> Utterance:
    """Part *index* of the help, one group of keys: "Keys, part 1 of 4. Left arrow: ...".

    The first part says how to go on: F1 again for the next part. A help of
    one part is said whole.
    """
    groups = [group for group in groups if group]
    # Translators: one key in the help: "Left arrow: previous tile".
    item = tr._("{key}: {description}")
    if len(groups) <= 1:
        # Translators: the start of the help (F1), before the list of keys.
        parts = [tr._("keys")]
        parts.extend(
            item.format(key=label, description=desc) for label, desc in groups[0] if groups
        )
        return Utterance(sentences(*parts), interrupt=True, kind=UtteranceKind.HELP)
    index %= len(groups)
    if index == 0:
        # Translators: the start of the help (F1) when it comes in parts ("Keys, part 1 of
        # 4; F1 again for the next part").
        head = tr._("keys, part {number} of {count}; F1 again for the next part")
    else:
        # Translators: a later part of the help (F1 pressed again): "Part 2 of 4".
        head = tr._("part {number} of {count}")
    parts = [head.format(number=index + 1, count=len(groups))]
    parts.extend(item.format(key=label, description=desc) for label, desc in groups[index])
    return Utterance(sentences(*parts), interrupt=True, kind=UtteranceKind.HELP)


def invalid_key(tr: Translator, key_name: str | None = None) -> Utterance:
    """A key that does nothing here: its name and "F1 for help", with the invalid earcon."""
    if key_name:
        # Translators: the player pressed a key with no use here; {key} is its name.
        text = tr._("{key} does nothing here; F1 for help").format(key=key_name)
    else:
        # Translators: the player pressed a key with no use here.
        text = tr._("that key does nothing here; F1 for help")
    return Utterance(
        sentences(text), interrupt=True, cue=Cue.INVALID, kind=UtteranceKind.INVALID_KEY
    )
