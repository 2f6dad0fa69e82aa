"""A recorded game told move by move, for ``sniff replay``.

A replay is watched as a spectator: every tile may be named, the dealt
hands, every draw. The events are replayed through the engine, so each one is
said with the table as it then stood.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sniff.announce.events import EventWords, Scene
from sniff.announce.phrases import Phrasebook
from sniff.engine import Event, RuleSet, replay
from sniff.enums import Verbosity
from sniff.i18n import Translator

__all__ = ["narrate_events"]


def narrate_events(
    events: Sequence[Event],
    *,
    rules: RuleSet,
    player_names: Sequence[str],
    translator: Translator,
    verbosity: Verbosity | str = Verbosity.NORMAL,
    seed: int | None = None,
) -> Iterator[str]:
    """One line per event of a recorded game, as a spectator hears it.

    The events must replay under *rules* (a record that :func:`verify` passed);
    otherwise :class:`~sniff.engine.ReplayError` ends the narration.

    >>> from sniff.engine import Game, preset
    >>> from sniff.i18n import Translator
    >>> game = Game(preset("sniff"), 2, seed=3)
    >>> lines = narrate_events(
    ...     game.log, rules=game.rules, player_names=["Ada", "Bo"], translator=Translator.null()
    ... )
    >>> next(lines)[:8]
    'Round 1.'
    """
    players = len(player_names)
    book = Phrasebook(
        translator,
        seat=None,
        player_names=player_names,
        verbosity=verbosity,
        sides=rules.sides(players),
    )
    words = EventWords(book)
    for index, game in replay(rules, players, events, seed=seed):
        yield words.describe(events[index], Scene.of_game(game)).text
