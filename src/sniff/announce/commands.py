"""The game's keys, once: which key means which command, for every client.

The terminal game binds its keys from :func:`game_keys` (``ui/game/keys.py``),
the web page's help lists them from it (:func:`sniff.announce.web.web_key_groups`),
and the server answers a page's ``key`` message through it: a key changed
here changes everywhere. What a command does is the presenter's
(:meth:`~sniff.announce.presenter.SeatPresenter.command`); what each key is
called and does, in words, is :class:`~sniff.announce.keys.KeyTexts`'.

The fact commands' values are the protocol's ``ask`` words (``hand``,
``ends``...), so a page's question and its key are one command.

>>> from sniff.i18n import Translator
>>> command_for("right", Translator.null(), muggins=False)
<Command.NEXT_TILE: 'next-tile'>
>>> command_for("y", Translator.null(), muggins=False) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sniff.i18n import Translator

__all__ = [
    "FACTS",
    "PUBLIC_FACTS",
    "Command",
    "GameKey",
    "KeyGroup",
    "command_for",
    "game_keys",
    "yes_keys_of",
]


class Command(str, Enum):
    """What a key of the game asks for."""

    PREVIOUS_TILE = "previous-tile"
    NEXT_TILE = "next-tile"
    FIRST_TILE = "first-tile"
    LAST_TILE = "last-tile"
    PREVIOUS_END = "previous-end"
    NEXT_END = "next-end"
    ENTER = "enter"
    DRAW = "draw"
    PASS = "pass"
    MUGGINS_YES = "muggins-yes"
    MUGGINS_NO = "muggins-no"
    HAND = "hand"
    ENDS = "ends"
    COUNT = "count"
    LAYOUT = "layout"
    SCORES = "scores"
    ROUND = "round"
    BONEYARD = "boneyard"
    UNSEEN = "unseen"
    HISTORY = "history"
    SINCE = "since"
    TURN = "turn"
    HINT = "hint"
    REPEAT = "repeat"  # the page's R (the terminal's is its message history's)
    BACKSPACE = "backspace"  # a claim's last digit taken back
    ESCAPE = "escape"  # a claim typed cleared

    def __str__(self) -> str:
        return self.value


#: The information keys: each answers from the seat's view, changing nothing.
FACTS = (
    Command.HAND, Command.ENDS, Command.COUNT, Command.LAYOUT, Command.SCORES,
    Command.ROUND, Command.BONEYARD, Command.UNSEEN, Command.HISTORY, Command.SINCE,
    Command.TURN,
)  # fmt: skip
#: The facts anyone at the table may ask, a spectator too (no hand, nothing unseen).
PUBLIC_FACTS = tuple(c for c in FACTS if c not in (Command.HAND, Command.UNSEEN))


class KeyGroup(str, Enum):
    """Where a key stands in the help: choosing, acting, asking."""

    HAND = "hand"
    PLAY = "play"
    REVIEW = "review"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class GameKey:
    """One binding of the game: its keys (the terminal's names), what they ask for,
    and its group in the help."""

    keys: tuple[str, ...]
    command: Command
    group: KeyGroup


def yes_keys_of(tr: Translator) -> tuple[str, ...]:
    """The letter keys that say yes: Y, and J in German ("ja")."""
    return ("y", "j") if tr.language.startswith("de") else ("y",)


def game_keys(tr: Translator, *, muggins: bool) -> tuple[GameKey, ...]:
    """Every key of the game, in the order help says them (the muggins keys only
    under the muggins rule: otherwise help would name keys that do nothing)."""
    hand, play, review = KeyGroup.HAND, KeyGroup.PLAY, KeyGroup.REVIEW
    out = [
        GameKey(("left",), Command.PREVIOUS_TILE, hand),
        GameKey(("right",), Command.NEXT_TILE, hand),
        GameKey(("home",), Command.FIRST_TILE, hand),
        GameKey(("end",), Command.LAST_TILE, hand),
        GameKey(("up",), Command.PREVIOUS_END, hand),
        GameKey(("down",), Command.NEXT_END, hand),
        GameKey(("enter", "space"), Command.ENTER, play),
        GameKey(("d",), Command.DRAW, play),
        GameKey(("p",), Command.PASS, play),
    ]
    if muggins:
        out += [
            GameKey(yes_keys_of(tr), Command.MUGGINS_YES, play),
            GameKey(("n",), Command.MUGGINS_NO, play),
        ]
    out += [
        GameKey(("h",), Command.HAND, review),
        GameKey(("e",), Command.ENDS, review),
        GameKey(("c",), Command.COUNT, review),
        GameKey(("l",), Command.LAYOUT, review),
        GameKey(("s",), Command.SCORES, review),
        GameKey(("i",), Command.ROUND, review),
        GameKey(("b",), Command.BONEYARD, review),
        GameKey(("t",), Command.UNSEEN, review),
        GameKey(("g",), Command.HISTORY, review),
        GameKey(("a",), Command.SINCE, review),
        GameKey(("w",), Command.TURN, review),
        GameKey(("f2",), Command.HINT, review),
    ]
    return tuple(out)


#: Keys every client has besides the bound ones: claim editing, and the page's R.
_EXTRA = {"backspace": Command.BACKSPACE, "escape": Command.ESCAPE, "r": Command.REPEAT}


def command_for(key: str, tr: Translator, *, muggins: bool) -> Command | None:
    """The command *key* (the terminal's name of a key) stands for, or None."""
    for item in game_keys(tr, muggins=muggins):
        if key in item.keys:
            return item.command
    return _EXTRA.get(key)
