"""The game screen's keys, by feature; each handler is one call.

Every binding carries its spoken label and description, so F1 can say them,
one group at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from sniff.announce.commands import KeyGroup, game_keys
from sniff.announce.keys import KeyTexts, key_name
from sniff.ui.base import Binding

if TYPE_CHECKING:
    from sniff.ui.game.screen import GameScreen

__all__ = ["TableTalk", "game_bindings"]


@runtime_checkable
class TableTalk(Protocol):
    """A game with people at the table to talk to (online): the chat key opens a line."""

    def open_chat(self, host: Any) -> None: ...

    def chat_key(self) -> str: ...


def _bind(
    texts: KeyTexts,
    keys: tuple[str, ...],
    description: Callable[[], str],
    handler: Callable[[], None],
    group: str,
) -> Binding:
    return Binding(keys, lambda: texts.label(*keys), description, handler, group)


def _game_bindings(screen: GameScreen, texts: KeyTexts, *groups: KeyGroup) -> list[Binding]:
    """The game's own keys of *groups* (:func:`~sniff.announce.commands.game_keys`, the
    table the web page's keys come from too): each asks the seat's presenter."""
    muggins = screen.link.rules.muggins
    online = isinstance(screen.game, TableTalk)
    tr = screen.host.ctx.translator
    out = []
    for item in game_keys(tr, muggins=muggins):
        if item.group in groups:
            describe = functools.partial(texts.of, item.command, muggins=muggins, online=online)
            handler = screen.command(item.command)
            out.append(_bind(texts, item.keys, describe, handler, item.group.value))
    return out


def load_hand_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """Choosing a tile and its end, and playing it."""
    # Every handler finds the screen's parts when the key is pressed, never before:
    # after "new game" the parts are the new game's, and no key reaches the old one.
    out = _game_bindings(screen, texts, KeyGroup.HAND, KeyGroup.PLAY)
    tr = screen.host.ctx.translator
    # Digits have no binding of their own (unbound_key takes them): help names them.
    muggins = screen.link.rules.muggins
    out.append(
        Binding(
            (),
            lambda: key_name(tr, "digits"),
            lambda: texts.claim_digits(muggins=muggins),
            _nothing,
            KeyGroup.PLAY.value,
        )
    )
    return out


def _nothing() -> None:
    pass


def load_review_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """The information keys: each speaks one answer about the table as it is now."""
    return _game_bindings(screen, texts, KeyGroup.REVIEW)


def load_table_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """Online only: a line to say to the table (slash, or Control T)."""
    game = screen.game
    if not isinstance(game, TableTalk):
        return []
    return [
        _bind(
            texts,
            ("/", "c-t"),
            game.chat_key,
            screen.key(lambda: game.open_chat(screen.host)),
            "review",
        ),
    ]


def load_setting_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """Verbosity, speech rate, saving, the setup menu, quitting."""
    key = screen.key
    return [
        _bind(
            texts, ("v",), texts.verbosity, key(lambda: screen.tuning.cycle_verbosity()), "settings"
        ),
        _bind(texts, ("+",), texts.faster, key(lambda: screen.tuning.change_rate(1)), "settings"),
        _bind(texts, ("-",), texts.slower, key(lambda: screen.tuning.change_rate(-1)), "settings"),
        _bind(texts, ("c-s",), texts.save, key(screen.save_now), "settings"),
        _bind(texts, ("m", "f10"), texts.menu, key(screen.open_menu), "settings"),
        _bind(texts, ("q", "c-c"), texts.quit, key(screen.quit), "settings"),
    ]


def game_bindings(screen: GameScreen) -> list[Binding]:
    """Every key of the game screen, in the order help says them."""
    texts = KeyTexts(screen.host.ctx.translator)
    out = load_hand_bindings(screen, texts)
    out += load_review_bindings(screen, texts)
    out += load_table_bindings(screen, texts)
    out += load_setting_bindings(screen, texts)
    return out
