"""Hints: the strongest bot's choice for the person, and why.

A hint is worked out from the person's own observation only, by a fresh bot
with its own seed, so asking for one never changes the game or the bots'
generators. Its reason is reckoned from the engine's answers: what the play
scores, the most any play scores now, and the most the next player could
answer with a tile the person has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from sniff.bots import make_bot
from sniff.engine import Action, Move, Observation, best_reply, plays_again, what_if
from sniff.enums import BotLevel

__all__ = ["Hint", "explain", "hint_for"]


@dataclass(frozen=True)
class Hint:
    """The advised action and the figures behind it.

    For a play: *count* and *points* after it; *reply* the most the next
    player could score after it (None: nobody answers, e.g. the leader plays
    again); *best_points* the most any play scores now, and *best_move* one
    play that scores it, with *best_reply* its own reply figure. When
    ``points < best_points`` the hint gives up points now, and says why.
    *plays* is how many plays there are; *rivals* how many other plays score
    as much as this one, and *rival_reply* the least any of them leaves the
    next player (None: no rival, or nobody answers), so the hint can say why
    it prefers this play to the ones that score the same.
    """

    action: Action
    count: int = 0
    points: int = 0
    reply: int | None = None
    best_points: int = 0
    best_move: Move | None = None
    best_reply: int | None = None
    plays: int = 1
    rivals: int = 0
    rival_reply: int | None = None

    @property
    def gives_up_points(self) -> bool:
        """Whether the advised play scores less than another play would now."""
        return isinstance(self.action, Move) and self.points < self.best_points


def hint_for(obs: Observation, *, seed: int, playouts: int | None = None) -> Hint:
    """The hint for the person to act in *obs* (which must be their turn)."""
    tuning = {} if playouts is None else {"playouts": playouts}
    action = make_bot(BotLevel.EXPERT.value, seed=seed, **tuning).choose(obs)
    return explain(obs, action)


def explain(obs: Observation, action: Action) -> Hint:
    """The figures that explain *action* in *obs*."""
    if not isinstance(action, Move):
        return Hint(action)
    rules, layout = obs.rules, obs.layout
    unseen = obs.unseen_tiles()

    def reply_after(move: Move) -> int | None:
        if plays_again(move, rules):
            return None
        after = layout.place(move.tile, move.end, endwise=move.endwise)
        return best_reply(after, unseen, rules) if after.open_arms else 0

    chosen = what_if(layout, action, rules)
    best_move: Move | None = None
    best_points = chosen.points
    plays = [move for move in obs.legal if isinstance(move, Move)]
    rival_replies: list[int] = []
    rivals = 0
    for move in plays:
        points = what_if(layout, move, rules).points
        if points > best_points:
            best_move, best_points = move, points
        elif points == chosen.points and move != action:
            rivals += 1
            reply = reply_after(move)
            if reply is not None:
                rival_replies.append(reply)
    return Hint(
        action,
        count=chosen.count,
        points=chosen.points,
        reply=reply_after(action),
        best_points=best_points,
        best_move=best_move,
        best_reply=reply_after(best_move) if best_move is not None else None,
        plays=len(plays),
        rivals=rivals,
        rival_reply=min(rival_replies, default=None),
    )
