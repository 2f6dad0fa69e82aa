"""A recorded game told move by move, for ``sniff replay``.

A replay is watched as a spectator: every tile may be named, the dealt
hands, every draw. The events are replayed through the engine, so each one is
said with the table as it then stood.

The listener is not a seat, so every player is spoken of in the third
person, by the name the record gives. One name cannot be: the game records
the person at the keyboard as "You", and "You plays four-three" is not a
sentence. A seat whose recorded name is a word for the listener ("You", or
the game's word for it in the replay's language) is called by its number
instead ("Player 1 plays four-three"), and a record with a person at the
table starts by saying who sat there, so the listener knows which seat was
theirs ("At the table: Player 1 (a person; the record calls this player
You) and Anna (expert)").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sniff.announce.events import EventWords, Scene
from sniff.announce.game_ui import GameTexts
from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.words import Words
from sniff.engine import Event, RuleSet, replay
from sniff.enums import SeatKind, Verbosity
from sniff.i18n import Translator
from sniff.storage.records import PlayerInfo

__all__ = ["ReplayWords", "narrate_events", "tell_record"]

#: Recorded names that address the listener, in every language (casefolded).
_YOU = frozenset({"you"})


class ReplayWords:
    """Who is who in a replay, in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    def _addresses_the_listener(self, name: str) -> bool:
        # The game's own word for the person at the keyboard, in the replay's language too.
        here = GameTexts(self.tr).you()
        return name.strip().casefold() in _YOU | {here.casefold()}

    def names(self, players: Sequence[PlayerInfo]) -> list[str]:
        """The name each seat is spoken of by: the recorded one, or "Player 2" for a
        seat recorded as "You" (see the module docstring).

        >>> from sniff.i18n import Translator
        >>> ReplayWords(Translator.null()).names([PlayerInfo("Anna"), PlayerInfo("You", "human")])
        ['Anna', 'Player 2']
        """
        names = [player.name for player in players]
        for seat, name in enumerate(names):
            if not self._addresses_the_listener(name):
                continue
            # Translators: sniff replay: a seat the record names "You", spoken of by its
            # number instead ("Player 1 plays four-three"); German "Spieler {number}".
            neutral = self.tr._("Player {number}").format(number=seat + 1)
            taken = {n.casefold() for i, n in enumerate(names) if i != seat}
            names[seat] = neutral if neutral.casefold() not in taken else f"{neutral} ({name})"
        return names

    def table(self, players: Sequence[PlayerInfo], names: Sequence[str]) -> str | None:
        """Who sat at the table, in seat order, for a record with a person in it
        (None for a game of computer players only, whose names say it all).

        >>> from sniff.i18n import Translator
        >>> seats = [PlayerInfo("You", "human"), PlayerInfo("Anna", "bot", "expert")]
        >>> words = ReplayWords(Translator.null())
        >>> words.table(seats, words.names(seats))
        'At the table: Player 1 (a person; the record calls this player You) and Anna (expert).'
        """
        if not any(player.kind is SeatKind.HUMAN for player in players):
            return None
        tr = self.tr
        texts = GameTexts(tr)
        items = []
        for player, name in zip(players, names, strict=True):
            renamed = name != player.name
            if player.kind is SeatKind.HUMAN and renamed:
                # Translators: sniff replay, in the list of who sat at the table: a person
                # the record names "You" ({recorded}), spoken of as {name} ("Player 1").
                item = tr._("{name} (a person; the record calls this player {recorded})")
            elif player.kind is SeatKind.HUMAN:
                # Translators: sniff replay, in the list of who sat at the table: a person.
                item = tr._("{name} (a person)")
            elif renamed:
                # Translators: sniff replay, in the list of who sat at the table: a computer
                # player the record names "You" ({recorded}), spoken of as {name}; {level} is
                # its strength ("expert").
                item = tr._("{name} ({level}; the record calls this player {recorded})")
            else:
                items.append(texts.with_level(name, player.level or ""))
                continue
            level = texts.level(player.level or "")
            items.append(item.format(name=name, recorded=player.name, level=level))
        # Translators: sniff replay, the first line for a game a person played: who sat at
        # the table, in seat order ("Player 1 (a person) and Anna (expert)").
        return sentences(tr._("at the table: {players}").format(players=Words(tr).join(items)))


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


def tell_record(
    players: Sequence[PlayerInfo],
    events: Sequence[Event],
    *,
    rules: RuleSet,
    translator: Translator,
    verbosity: Verbosity | str = Verbosity.NORMAL,
    seed: int | None = None,
) -> Iterator[str]:
    """A record told from its start: who sat at the table (for a game a person
    played), then one line per event, every player in the third person."""
    words = ReplayWords(translator)
    names = words.names(players)
    table = words.table(players, names)
    if table is not None:
        yield table
    yield from narrate_events(
        events,
        rules=rules,
        player_names=names,
        translator=translator,
        verbosity=verbosity,
        seed=seed,
    )
