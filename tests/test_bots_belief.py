"""The master's belief: guessed deals weighed by how well they explain the other
players' choices, and resampled in proportion; when each guessed tile came."""

from __future__ import annotations

import random

from sniff.bots.belief import PlayModel
from sniff.bots.master import MasterBot
from sniff.bots.sampler import Sampler
from sniff.engine import (
    Deal,
    Drew,
    End,
    Game,
    Move,
    Phase,
    ScriptedDealer,
    Tile,
    full_set,
    observe,
    preset,
)

T = Tile.parse


def _game(mine: str, theirs: str, boneyard: str = "") -> Game:
    """Seat 0 leads *mine*'s first tile; the rest of the set after *boneyard* is drawn last."""
    hands = (tuple(map(T, mine.split())), tuple(map(T, theirs.split())))
    first = tuple(map(T, boneyard.split()))
    rest = tuple(t for t in full_set() if t not in hands[0] + hands[1] + first)
    return Game(preset("sniff"), 2, dealer=ScriptedDealer([Deal(hands, first + rest, 0)]))


def test_a_deal_in_which_the_opponent_passed_up_points_weighs_less() -> None:
    # Seat 0 leads 6-4 (10). Seat 1 answers 4-2 east: the count 8 earns nothing.
    game = _game("6-4 3-3 2-0", "4-2 6-1 5-5 1-0 3-1 2-1 0-0")
    game.play(Move(T("6-4"), End.LEAD))
    game.play(Move(T("4-2"), End.EAST))
    obs = observe(game, 0)
    model = PlayModel(obs, per_point=0.4, per_pip=0.15)
    assert len(model.choices) == 1
    # 6-1 west would have counted 1 + 4 = 5: a hand holding it explains 4-2 badly.
    with_five = [[], [T("6-1"), T("2-1"), T("1-1"), T("0-0"), T("3-1"), T("5-5")]]
    without = [[], [T("5-2"), T("2-1"), T("1-1"), T("0-0"), T("3-1"), T("5-5")]]
    dealt = [[], [0] * 6]
    assert model.weight(with_five, dealt) < model.weight(without, dealt)


def test_a_drawn_tile_played_at_once_is_no_choice() -> None:
    # Seat 1 cannot answer 6-6, draws 6-3 (first in the boneyard) and must play it.
    game = _game("6-6 6-5 6-4 6-2 6-1 6-0 3-0", "5-4 2-1 5-5 1-0 3-1 4-4 2-0", "6-3")
    game.play(Move(T("6-6"), End.LEAD))
    game.draw()
    assert game.forced_tile == T("6-3")
    game.play(Move(T("6-3"), End.WEST))
    model = PlayModel(observe(game, 0), per_point=0.4, per_pip=0.15)
    assert model.choices == []


def test_each_guessed_tile_knows_when_it_came_into_the_hand() -> None:
    game = _game("6-6 6-5 6-4 6-2 6-1 6-0 3-0", "5-4 2-1 5-5 1-0 3-1 4-4 2-0", "3-2 6-3")
    game.play(Move(T("6-6"), End.LEAD))
    game.draw()  # 3-2 does not fit
    game.draw()  # 6-3 does: played at once
    game.play(Move(T("6-3"), End.WEST))
    obs = observe(game, 0)
    draw_at = next(i for i, e in enumerate(obs.history) if isinstance(e, Drew))
    hands, _boneyard, came = Sampler(obs).sample_with_times(random.Random(1))
    assert len(hands[1]) == len(came[1]) == 8
    assert sorted(came[1]) == [0] * 7 + [draw_at]  # seven dealt, one drawn (the other was played)


def test_likely_deals_are_drawn_in_proportion_to_their_weight() -> None:
    game = _game("6-4 3-3 2-0", "4-2 6-1 5-5 1-0 3-1 2-1 0-0")
    game.play(Move(T("6-4"), End.LEAD))
    game.play(Move(T("4-2"), End.EAST))
    obs = observe(game, 0)
    assert obs.phase is Phase.PLAY and obs.my_turn
    bot = MasterBot(4, deals=300)
    kept = bot.likely_deals(obs, 300)
    guessed = [Sampler(obs).sample(random.Random(s))[0] for s in range(300)]
    # Fewer kept deals give seat 1 the 6-1 it would have scored 5 with than plain guesses do.
    share_kept = sum(T("6-1") in hands[1] for (hands, _), _weight in kept) / len(kept)
    share_guessed = sum(T("6-1") in hands[1] for hands in guessed) / len(guessed)
    assert share_kept < share_guessed
