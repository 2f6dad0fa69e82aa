"""A finished game told move by move, for ``sniff replay``.

A replay is watched as a spectator: every tile may be named, the dealt
hands, every draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from sniff.announce.narration import Narrator
from sniff.announce.utterance import Verbosity
from sniff.engine import Event, RuleSet
from sniff.i18n import Translator

__all__ = ["narrate_events"]


def narrate_events(
    events: Iterable[Event],
    *,
    player_names: Sequence[str],
    translator: Translator,
    verbosity: Verbosity = "normal",
    rules: RuleSet | None = None,
) -> Iterator[str]:
    """One line per event of a recorded game, as a spectator hears it.

    With *rules* (the record's rule set) the narration also says the count's
    arithmetic, the lead rule and how round points were reckoned; without,
    it says what the events say.

    >>> from sniff.engine import Game, preset
    >>> from sniff.i18n import Translator
    >>> game = Game(preset("sniff"), 2, seed=3)
    >>> next(narrate_events(game.log, player_names=["Ada", "Bo"], translator=Translator.null()))[:8]
    'Round 1.'
    """
    narrator = Narrator(
        translator,
        seat=None,
        player_names=player_names,
        verbosity=verbosity,
        sides=rules.sides(len(player_names)) if rules is not None else None,
    )
    narrator.set_rules(rules)
    for event in events:
        for utterance in narrator.describe(event):
            yield utterance.text
