"""The game screen's keys, by feature; each handler is one call to the controller.

Every binding carries its spoken label and description, so F1 can say them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sniff.announce import Announcer, Utterance
from sniff.announce.game_ui import GameTexts
from sniff.announce.keys import KeyTexts
from sniff.engine import Observation, Phase
from sniff.ui.app import yes_keys_of
from sniff.ui.base import Binding

if TYPE_CHECKING:
    from sniff.ui.game import GameScreen

__all__ = ["game_bindings"]


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
    act = screen.act
    out = [
        _bind(texts, ("left",), texts.previous_tile, act(lambda c: c.move_selection(-1)), "hand"),
        _bind(texts, ("right",), texts.next_tile, act(lambda c: c.move_selection(1)), "hand"),
        _bind(texts, ("home",), texts.first_tile, act(lambda c: c.move_selection(to=0)), "hand"),
        _bind(texts, ("end",), texts.last_tile, act(lambda c: c.move_selection(to=-1)), "hand"),
        _bind(texts, ("up",), texts.previous_end, act(lambda c: c.cycle_end(-1)), "hand"),
        _bind(texts, ("down",), texts.next_end, act(lambda c: c.cycle_end(1)), "hand"),
        _bind(texts, ("enter", "space"), texts.play, act(lambda c: c.enter()), "play"),
        _bind(texts, ("d",), texts.draw, act(lambda c: c.draw()), "play"),
        _bind(texts, ("p",), texts.pass_turn, act(lambda c: c.pass_turn()), "play"),
    ]
    if screen.ctl.game.rules.muggins:
        # Only with the muggins rule: otherwise help would name keys that do nothing.
        yes = yes_keys_of(screen.host.ctx.translator)
        out += [
            _bind(texts, yes, texts.muggins_yes, act(lambda c: c.muggins(True)), "play"),
            _bind(texts, ("n",), texts.muggins_no, act(lambda c: c.muggins(False)), "play"),
        ]
    return out


def _hand(announcer: Announcer, obs: Observation) -> Utterance:
    """H: the hand; after a game over, that the game is over (not the last round's tiles)."""
    if obs.phase is Phase.GAME_OVER:
        return GameTexts(announcer.tr).game_is_over()
    return announcer.hand(obs)


def load_review_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """The information keys: each speaks one answer of the announcer."""
    ask = screen.ask
    return [
        _bind(texts, ("h",), texts.hand, ask(_hand), "review"),
        _bind(texts, ("e",), texts.ends, ask(lambda a, o: a.ends(o)), "review"),
        _bind(texts, ("c",), texts.count, ask(lambda a, o: a.count(o)), "review"),
        _bind(texts, ("l",), texts.layout, ask(lambda a, o: a.layout(o)), "review"),
        _bind(texts, ("s",), texts.scores, ask(lambda a, o: a.scores(o)), "review"),
        _bind(texts, ("b",), texts.boneyard, ask(lambda a, o: a.boneyard(o)), "review"),
        _bind(texts, ("t",), texts.unseen, ask(lambda a, o: a.unseen(o)), "review"),
        _bind(texts, ("g",), texts.history, ask(lambda a, o: a.history(o)), "review"),
        _bind(texts, ("w",), texts.turn, ask(lambda a, o: a.turn(o)), "review"),
        _bind(texts, ("f2",), texts.hint, screen.hint, "review"),
    ]


def _saving(screen: GameScreen) -> Callable[[], None]:
    def save() -> None:
        screen.runner.skip()
        screen.ctl.save()

    return save


def load_setting_bindings(screen: GameScreen, texts: KeyTexts) -> list[Binding]:
    """Verbosity, speech rate, saving, the setup menu, quitting."""
    act = screen.act
    return [
        _bind(texts, ("v",), texts.verbosity, act(lambda c: c.cycle_verbosity()), "settings"),
        _bind(texts, ("+",), texts.faster, act(lambda c: c.change_rate(1)), "settings"),
        _bind(texts, ("-",), texts.slower, act(lambda c: c.change_rate(-1)), "settings"),
        _bind(texts, ("c-s",), texts.save, _saving(screen), "settings"),
        _bind(texts, ("m", "f10"), texts.menu, screen.open_menu, "settings"),
        _bind(texts, ("q", "c-c"), texts.quit, screen.quit, "settings"),
    ]


def game_bindings(screen: GameScreen) -> list[Binding]:
    """Every key of the game screen, in the order help says them."""
    texts = KeyTexts(screen.host.ctx.translator)
    out = load_hand_bindings(screen, texts)
    out += load_review_bindings(screen, texts)
    out += load_setting_bindings(screen, texts)
    return out
