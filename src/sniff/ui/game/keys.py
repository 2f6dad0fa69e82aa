"""The game screen's keys, by feature; each handler is one call.

Every binding carries its spoken label and description, so F1 can say them,
one group at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from sniff.announce.keys import KeyTexts, key_name
from sniff.ui.base import Binding
from sniff.ui.confirm import yes_keys_of

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


def load_hand_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """Choosing a tile and its end, and playing it."""
    # Every handler finds the screen's parts when the key is pressed, never before:
    # after "new game" the parts are the new game's, and no key reaches the old one.
    key = screen.key
    out = [
        _bind(texts, ("left",), texts.previous_tile, key(lambda: screen.cursor.move(-1)), "hand"),
        _bind(texts, ("right",), texts.next_tile, key(lambda: screen.cursor.move(1)), "hand"),
        _bind(texts, ("home",), texts.first_tile, key(lambda: screen.cursor.move(to=0)), "hand"),
        _bind(texts, ("end",), texts.last_tile, key(lambda: screen.cursor.move(to=-1)), "hand"),
        _bind(texts, ("up",), texts.previous_end, key(lambda: screen.cursor.cycle_end(-1)), "hand"),
        _bind(texts, ("down",), texts.next_end, key(lambda: screen.cursor.cycle_end(1)), "hand"),
        _bind(texts, ("enter", "space"), texts.play, key(lambda: screen.actions.enter()), "play"),
        _bind(texts, ("d",), texts.draw, key(lambda: screen.actions.draw()), "play"),
        _bind(texts, ("p",), texts.pass_turn, key(lambda: screen.actions.pass_turn()), "play"),
    ]
    if screen.link.rules.muggins:
        # Only with the muggins rule: otherwise help would name keys that do nothing.
        yes = yes_keys_of(screen.host.ctx.translator)
        out += [
            _bind(texts, yes, texts.muggins_yes, key(lambda: screen.actions.muggins(True)), "play"),
            _bind(
                texts, ("n",), texts.muggins_no, key(lambda: screen.actions.muggins(False)), "play"
            ),
        ]
    tr = screen.host.ctx.translator
    # Digits have no binding of their own (unbound_key takes them): help names them.
    muggins = screen.link.rules.muggins
    out.append(
        Binding(
            (),
            lambda: key_name(tr, "digits"),
            lambda: texts.claim_digits(muggins=muggins),
            _nothing,
            "play",
        )
    )
    return out


def _nothing() -> None:
    pass


def load_review_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """The information keys: each speaks one answer about the table as it is now."""
    ask = screen.ask
    return [
        _bind(texts, ("h",), texts.hand, ask(lambda a, o: a.hand(o)), "review"),
        _bind(texts, ("e",), texts.ends, ask(lambda a, o: a.ends(o)), "review"),
        _bind(texts, ("c",), texts.count, ask(lambda a, o: a.count(o)), "review"),
        _bind(texts, ("l",), texts.layout, ask(lambda a, o: a.layout(o)), "review"),
        _bind(texts, ("s",), texts.scores, ask(lambda a, o: a.scores(o)), "review"),
        _bind(
            texts,
            ("i",),
            texts.round_info,
            ask(lambda a, o: a.round_info(o, screen.voice.preset_name())),
            "review",
        ),
        _bind(texts, ("b",), texts.boneyard, ask(lambda a, o: a.boneyard(o)), "review"),
        _bind(texts, ("t",), texts.unseen, screen.key(screen.unseen), "review"),
        _bind(texts, ("g",), texts.history, ask(lambda a, o: a.history(o)), "review"),
        _bind(
            texts,
            ("a",),
            texts.since_my_move,
            screen.key(lambda: screen.voice.since_my_move()),
            "review",
        ),
        _bind(
            texts,
            ("w",),
            texts.turn,
            ask(lambda a, o: a.turn(o, help=True, selected=screen.cursor.chosen_move())),
            "review",
        ),
        _bind(texts, ("f2",), texts.hint, screen.key(lambda: screen.hinter.request()), "review"),
    ]


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
