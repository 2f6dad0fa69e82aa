"""Small helpers for tests built from scripted deals.

Tiles are written as the rulebook writes them (``"6-4"``), hands as
space-separated tiles (``"6-4 5-5 1-0"``), moves as ``"6-4 east"``. The
boneyard is always in drawing order: its first tile is drawn first.

>>> game = scripted_game("sniff", ["4-4 6-1", "4-2 3-3"], "5-0")
>>> play(game, "4-4 lead").count
8
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.engine import (
    Deal,
    Game,
    Move,
    Played,
    RuleSet,
    ScriptedDealer,
    Tile,
    preset,
)

TilesLike = str | Sequence[Tile]


def tile(text: str) -> Tile:
    """The tile written *text*, e.g. ``"6-4"``."""
    return Tile.parse(text)


def tiles(spec: TilesLike) -> tuple[Tile, ...]:
    """Tiles from a space-separated string (``"6-4 5-5"``) or a sequence of tiles."""
    if isinstance(spec, str):
        return tuple(Tile.parse(word) for word in spec.split())
    return tuple(spec)


def move(text: str) -> Move:
    """A move from ``"6-4 east"``; add ``" endwise"`` to lay a double along the line."""
    return Move.parse(text)


def deal(hands: Sequence[TilesLike], boneyard: TilesLike = "", leader: int | None = 0) -> Deal:
    """A :class:`Deal` from hands and a boneyard written as strings (or tiles)."""
    return Deal(tuple(tiles(hand) for hand in hands), tiles(boneyard), leader)


def rules_of(preset_or_rules: str | RuleSet, **changes: object) -> RuleSet:
    """A preset by name (or a rule set as given), with optional house-rule changes."""
    rules = preset(preset_or_rules) if isinstance(preset_or_rules, str) else preset_or_rules
    return rules.with_changes(**changes) if changes else rules


def scripted_game(
    preset_or_rules: str | RuleSet,
    hands: Sequence[TilesLike],
    boneyard: TilesLike = "",
    leader: int | None = 0,
    players: int | None = None,
    *,
    later: Sequence[Deal] = (),
    seed: int = 0,
) -> Game:
    """A game whose first round is dealt exactly as given.

    *later* holds the deals of the following rounds, in order. A deal's
    *leader* of None leaves the choice to the rules (lot, rotation, winner).
    """
    rules = rules_of(preset_or_rules)
    first = deal(hands, boneyard, leader)
    dealer = ScriptedDealer([first, *later])
    return Game(rules, players if players is not None else len(hands), seed=seed, dealer=dealer)


def play(game: Game, text: str) -> Played:
    """Play the move written *text* (see :func:`move`) and return its event."""
    return game.play(move(text))


def play_all(game: Game, texts: Sequence[str]) -> list[Played]:
    """Play several moves in turn."""
    return [play(game, text) for text in texts]
