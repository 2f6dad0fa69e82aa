"""The middle level: the most points now, without handing the next player a count.

The greedy bot looks one play ahead. Among the legal moves it takes the one
that earns the most now; among equals, the one that leaves the next player the
fewest points to make with any tile it has not seen; then the heaviest tile,
to hold few pips if the round ends. It plays rather than draws when it may.
"""

from __future__ import annotations

from sniff.bots.base import SimpleBot
from sniff.engine import (
    ARM_ENDS,
    Action,
    Layout,
    Move,
    Observation,
    RuleSet,
    Tile,
    play_points,
)


def move_points(layout: Layout, move: Move, rules: RuleSet) -> int:
    """What *move* earns on *layout*."""
    after = layout.place(move.tile, move.end, endwise=move.endwise)
    return play_points(after.count, rules.scoring, rules.points_unit)


def best_reply(layout: Layout, tiles: list[Tile], rules: RuleSet) -> int:
    """The most points one play of any of *tiles* can earn on *layout*.

    >>> from sniff.engine import End, SpinnerMode, preset
    >>> lay = Layout.empty(SpinnerMode.SNIFF).place(Tile.of(6, 4), End.LEAD)
    >>> best_reply(lay, [Tile.of(4, 1), Tile.of(6, 1)], preset("sniff"))
    5
    """
    best = 0
    scoring, unit = rules.scoring, rules.points_unit
    for arm, pip in enumerate(layout.open):
        if pip < 0:
            continue
        end = ARM_ENDS[arm]
        for tile in tiles:
            if tile.high == pip or tile.low == pip:
                points = play_points(layout.place(tile, end).count, scoring, unit)
                if points > best:
                    best = points
    return best


class GreedyBot(SimpleBot):
    """Most points now, then no scoring count for the next player, then shed pips."""

    level = "greedy"
    claim_right = 0.9
    muggins_call = 0.7

    def play(self, obs: Observation) -> Action:
        """The greedy choice in *obs* (ties broken by the bot's rng)."""
        moves = [a for a in obs.legal if isinstance(a, Move)]
        if not moves:
            return obs.legal[0]  # draw or pass: whichever the rules leave
        if len(moves) == 1:
            return moves[0]
        unseen = obs.unseen_tiles()
        rules, layout = obs.rules, obs.layout
        # After a lead in alle-fuenfe the leader plays again: no reply to fear yet.
        replies = not (obs.rules.leader_second_turn and layout.lead is None)
        best: list[Move] = []
        best_key: tuple[int, int, int] | None = None
        for move in moves:
            after = layout.place(move.tile, move.end, endwise=move.endwise)
            points = play_points(after.count, rules.scoring, rules.points_unit)
            threat = best_reply(after, unseen, rules) if replies else 0
            key = (points, -threat, move.tile.pips)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)
