"""The middle level: the most points now, without handing the next player a count.

The greedy bot looks one play ahead. Among the legal moves it takes the one
that earns the most now; among equals, the one that leaves the next player the
fewest points to make with any tile it has not seen; then the heaviest tile,
to hold few pips if the round ends. It plays rather than draws when it may.
"""

from __future__ import annotations

from sniff.bots.base import SimpleBot
from sniff.engine import Action, Move, Observation, best_reply, plays_again, what_if
from sniff.enums import BotLevel


class GreedyBot(SimpleBot):
    """Most points now, then no scoring count for the next player, then shed pips."""

    level = BotLevel.GREEDY
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
        best: list[Move] = []
        best_key: tuple[int, int, int] | None = None
        for move in moves:
            points = what_if(layout, move, rules).points
            threat = 0  # (where the mover plays again, nobody answers yet)
            if not plays_again(move, rules):
                after = layout.place(move.tile, move.end, endwise=move.endwise)
                threat = best_reply(after, unseen, rules)
            key = (points, -threat, move.tile.pips)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return best[0] if len(best) == 1 else self.rng.choice(best)
