"""Why an action is refused: a reason code, the tiles concerned, and a message.

The game state (:mod:`sniff.engine.state`) asks these functions before it
acts; the announcer turns the :class:`Reason` into words in the player's
language. Everything here reads the game through its public properties.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from sniff.engine.events import DRAW, PASS, Action, Claim, IllegalMove, Move
from sniff.engine.layout import End
from sniff.engine.phase import Phase
from sniff.engine.tiles import Tile

if TYPE_CHECKING:
    from sniff.engine.position import Position

__all__ = [
    "Reason",
    "Refusal",
    "claim_refusal",
    "draw_refusal",
    "move_refusal",
    "pass_refusal",
    "phase_refusal",
    "stale_refusal",
    "turn_refusal",
]


class Reason(str, Enum):
    """Why an action is refused: a code the announcer turns into words."""

    GAME_OVER = "game-over"
    ROUND_OVER = "round-over"
    WRONG_PHASE = "wrong-phase"
    NOT_IN_HAND = "not-in-hand"
    END_CLOSED = "end-closed"
    DOES_NOT_FIT = "does-not-fit"
    MUST_LEAD = "must-lead"
    MUST_PLAY_DRAWN = "must-play-drawn"
    HOLDS_PLAYABLE = "holds-playable"
    BONEYARD_EMPTY = "boneyard-empty"
    DRAW_LIMIT = "draw-limit"
    CAN_DRAW = "can-draw"
    CAN_PLAY = "can-play"
    ENDWISE = "endwise"
    NEGATIVE_CLAIM = "negative-claim"
    NOT_YOUR_TURN = "not-your-turn"
    STALE = "stale"


class Refusal(IllegalMove):
    """:class:`IllegalMove` with a machine-readable reason and the tiles concerned."""

    def __init__(
        self, reason: Reason, message: str, action: object = None, tiles: tuple[Tile, ...] = ()
    ) -> None:
        super().__init__(message, action)
        self.reason = reason
        self.tiles = tiles


def phase_refusal(game: Position, action: object) -> Refusal:
    """The refusal for an action that does not fit the game's phase."""
    if game.phase is Phase.GAME_OVER:
        return Refusal(Reason.GAME_OVER, "the game is over", action)
    if game.phase is Phase.ROUND_OVER:
        return Refusal(Reason.ROUND_OVER, "the round is over", action)
    return Refusal(Reason.WRONG_PHASE, f"not now: the game waits for a {game.phase.value}", action)


def turn_refusal(game: Position, seat: int, action: object) -> Refusal | None:
    """Why *seat* may not act now (None: the seat is to act, or the phase decides)."""
    if game.phase in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS) and seat != game.current:
        return Refusal(Reason.NOT_YOUR_TURN, f"it is seat {game.current}'s turn", action)
    return None


def stale_refusal(action: object, decided_at: int, now: int) -> Refusal:
    """The refusal for an action decided when the game stood at *decided_at* events,
    when it has *now*: something happened in between, so it may no longer mean
    what its player meant."""
    return Refusal(
        Reason.STALE,
        f"the game has moved on since (decided at event {decided_at}, now {now})",
        action,
    )


def move_refusal(game: Position, move: Move) -> Refusal | None:
    """Why *move* is refused now (None: it is allowed); the message names tile and end."""
    if game.phase is not Phase.PLAY:
        return phase_refusal(game, move)
    tile, end, endwise = move
    found = _move_problem(game, tile, end, endwise)
    if found is None:
        return None
    reason, why, tiles = found
    where = "as the lead" if end is End.LEAD else f"on {end.value}"
    return Refusal(reason, f"cannot play {tile} {where}: {why}", move, tiles)


def _move_problem(
    game: Position, tile: Tile, end: End, endwise: bool
) -> tuple[Reason, str, tuple[Tile, ...]] | None:
    if tile not in game.hands[game.current]:
        return Reason.NOT_IN_HAND, "it is not in your hand", (tile,)
    layout = game.layout
    forced = game.forced_tile
    if forced is not None and tile != forced:
        return Reason.MUST_PLAY_DRAWN, f"you must play the tile you drew, {forced}", (forced,)
    if layout.lead is None:
        lead = game.required_lead
        if lead is not None and tile != lead:
            return Reason.MUST_LEAD, f"{lead} must lead", (lead,)
        if end is not End.LEAD:
            return Reason.END_CLOSED, "the first tile is the lead", (tile,)
    else:
        if end is End.LEAD:
            return Reason.END_CLOSED, "the lead is already down", (tile,)
        pip = layout.open[end.arm]
        if pip < 0:
            return Reason.END_CLOSED, f"{end.value} is not open", (tile,)
        if not tile.has(pip):
            return Reason.DOES_NOT_FIT, f"it does not fit {end.value}, which is {pip}", (tile,)
    if endwise and (
        not game.rules.double_endwise
        or not tile.is_double
        or end is End.LEAD  # the lead always lies across
        or layout.becomes_sniff(tile)
    ):
        return Reason.ENDWISE, "it cannot be laid endwise", (tile,)
    return None


def draw_refusal(game: Position, holds_playable: bool | None = None) -> Refusal | None:
    """Why drawing is refused now (None: the player may draw)."""
    if game.phase is not Phase.PLAY:
        return phase_refusal(game, DRAW)
    forced = game.forced_tile
    if forced is not None:
        return Refusal(Reason.MUST_PLAY_DRAWN, f"play the tile you drew, {forced}", DRAW, (forced,))
    if not game.stock:
        return Refusal(Reason.BONEYARD_EMPTY, "the boneyard is empty", DRAW)
    limit = game.rules.draw_limit
    if limit is not None and game.draws_this_turn >= limit:
        noun = "tile" if limit == 1 else "tiles"
        return Refusal(Reason.DRAW_LIMIT, f"you have drawn {limit} {noun} this turn", DRAW)
    if game.layout.lead is None:
        return Refusal(Reason.HOLDS_PLAYABLE, "lead a tile first", DRAW)
    if not game.rules.draw_while_playable:
        if holds_playable is None:
            holds_playable = bool(game.legal_moves())
        if holds_playable:
            tiles = tuple(game.playable_tiles())
            return Refusal(
                Reason.HOLDS_PLAYABLE, f"you hold a tile that fits: {tiles[0]}", DRAW, tiles
            )
    return None


def pass_refusal(game: Position, holds_playable: bool | None = None) -> Refusal | None:
    """Why passing is refused now (None: the player may pass)."""
    if game.phase is not Phase.PLAY:
        return phase_refusal(game, PASS)
    if holds_playable is None:
        holds_playable = bool(game.legal_moves())
    if holds_playable:
        tiles = tuple(game.playable_tiles())
        return Refusal(Reason.CAN_PLAY, f"you hold a tile that fits: {tiles[0]}", PASS, tiles)
    if draw_refusal(game, False) is None:
        return Refusal(Reason.CAN_DRAW, "you can still draw", PASS)
    return None


def claim_refusal(game: Position, action: Action) -> Refusal | None:
    """Why a claim or a muggins call is refused now (None: allowed)."""
    if isinstance(action, Claim):
        if game.phase is not Phase.CLAIM:
            return phase_refusal(game, action)
        if action.points < 0:
            return Refusal(Reason.NEGATIVE_CLAIM, "a claim cannot be negative", action)
        return None
    if game.phase is not Phase.MUGGINS:
        return phase_refusal(game, action)
    return None
