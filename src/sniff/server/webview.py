"""The table as the web page draws it, built here so the page needs no rule.

The page shows what a sighted player expects: the layout with the lead, the
sniff and its arms, the open ends and the count, the scores, whose turn it is,
and the hand as buttons. Every name on it (a tile, an end, a player, the turn)
comes from the announce layer in the seat's language; every fact (where a
tile fits, what may be done now) from the seat's observation. The page only
draws: ``line`` is the main line from west to east, each tile as its two
halves in the order they lie, ``north`` and ``south`` the sniff's arms from
the sniff outwards, ``sniff_at`` where on the line the sniff lies.
"""

from __future__ import annotations

from typing import Any

from sniff.announce.answers import Answers
from sniff.announce.presenter import SeatPresenter
from sniff.announce.web import WebWords
from sniff.engine import (
    ACTIVE,
    DRAW,
    PASS,
    End,
    Layout,
    Move,
    Observation,
    Phase,
    Placed,
)
from sniff.net.codec import action_json, tile_json
from sniff.server.codes import shown_code
from sniff.server.hosted import HostedTable

__all__ = ["board_view", "hand_view", "table_view"]


def _half(placed: Placed, *, outward_right: bool, sniff: Any) -> dict[str, Any]:
    first, second = (placed.inner, placed.outer) if outward_right else (placed.outer, placed.inner)
    return {"a": first, "b": second, "cross": placed.crosswise, "sniff": placed.tile == sniff}


def board_view(layout: Layout) -> dict[str, Any] | None:
    """The layout as it lies (None: the table is empty)."""
    lead = layout.lead
    if lead is None:
        return None
    west, east = layout.arm(End.WEST), layout.arm(End.EAST)
    sniff = layout.sniff
    line = [_half(p, outward_right=False, sniff=sniff) for p in reversed(west)]
    open_west, open_east = layout.open[End.WEST.arm], layout.open[End.EAST.arm]
    lead_west = west[0].inner if west else (open_west if open_west >= 0 else lead.high)
    lead_east = east[0].inner if east else (open_east if open_east >= 0 else lead.low)
    line.append(
        {"a": lead_west, "b": lead_east, "cross": layout.lead_crosswise,
         "sniff": lead == sniff, "lead": True}
    )  # fmt: skip
    line += [_half(p, outward_right=True, sniff=sniff) for p in east]
    sniff_at = next((i for i, item in enumerate(line) if item["sniff"]), None)

    def arm(end: End) -> list[dict[str, Any]]:
        return [{"a": p.inner, "b": p.outer, "cross": p.crosswise} for p in layout.arm(end)]

    return {
        "line": line,
        "sniff_at": sniff_at,
        "north": arm(End.NORTH),
        "south": arm(End.SOUTH),
        "open": [{"end": end.value, "pips": pip} for end, pip in layout.open_ends()],
    }


def table_view(
    host: HostedTable, obs: Observation, presenter: SeatPresenter, seat: int | None
) -> dict[str, Any]:
    """Everything on the page but the hand: the table, the players, the scores, in the
    seat's words (the turn line names the play Enter makes with the seat's selection)."""
    game = host.session.game
    book, names = presenter.book, presenter.names
    chosen = None if seat is None else presenter.selection.chosen(obs)
    answers = Answers(book)
    counting = obs.rules.muggins and obs.phase is Phase.CLAIM and obs.current == seat
    players = []
    for place in host.seats:
        index = place.index
        players.append(
            {
                "name": names[index],
                "bot": not place.person,
                "taken": place.taken,
                "away": place.person and place.taken and not place.present,
                "stand_in": place.stand_in,
                "tiles": obs.hand_sizes[index],
                "tiles_text": WebWords(book.tr).tiles(obs.hand_sizes[index]),
                "turn": obs.phase in ACTIVE and obs.current == index,
                "you": index == seat,
            }
        )
    scores = [
        {"name": book.side_name(side), "score": score, "mine": seat is not None and seat in members}
        for side, (members, score) in enumerate(zip(obs.sides, obs.scores, strict=True))
    ]
    view: dict[str, Any] = {
        "code": shown_code(host.code),
        "started": host.started,
        # (over as well when the table ended before its game did: its host ended it, or
        # it played the most rounds; the page then shows the end and the record)
        "over": game.phase is Phase.GAME_OVER or host.ended,
        "seat": seat,
        "phase": obs.phase.value,
        "round": obs.round,
        "target": obs.target,
        "boneyard": obs.boneyard_size,
        "players": players,
        "missing": host.policy.missing,
        "scores": scores,
        "board": board_view(obs.layout),
        "ends": answers.ends(obs).text,
        "count": None if counting else obs.layout.count,
        "layout": answers.layout(obs).text,
        "status": answers.turn(obs, selected=chosen).text if seat is not None else "",
        "muggins": obs.rules.muggins,
    }
    if (game.phase is Phase.GAME_OVER or host.ended) and seat is not None:
        view["final"] = answers.scores(obs).text
    return view


def hand_view(obs: Observation, presenter: SeatPresenter) -> dict[str, Any]:
    """The seat's hand as buttons, with where each tile may go, and what may be done."""
    book, texts, selection = presenter.book, presenter.texts, presenter.selection
    chosen = selection.chosen(obs)
    mine = obs.current == obs.seat and obs.phase in ACTIVE
    playing = mine and obs.phase is Phase.PLAY
    playable = selection.playable(obs)
    layout = obs.layout
    ends = layout.open_ends()
    probe_end = End.LEAD if layout.lead is None or not ends else ends[0][0]
    tiles = []
    for tile in obs.hand:
        moves = selection.moves(obs, tile)
        labels = []
        for move in moves:
            label = book.words.end(move.end)
            if move.endwise:
                label = f"{label}, {texts.lengthwise()}"
            labels.append({"end": move.end.value, "label": label, "action": action_json(move)})
        tiles.append(
            {
                "tile": tile_json(tile),
                "name": book.words.tile(tile),
                "moves": labels,
                "playable": tile in playable,
                # Enter on a tile that goes nowhere: the table's refusal says why.
                "probe": action_json(Move(tile, probe_end)),
            }
        )
    return {
        "tiles": tiles,
        "chosen": None if chosen is None else action_json(chosen),
        "can": {
            "play": playing,
            "draw": mine and DRAW in obs.legal,
            "pass": mine and PASS in obs.legal,
            "claim": mine and obs.phase is Phase.CLAIM,
            "muggins": mine and obs.phase is Phase.MUGGINS,
            "ready": obs.phase is Phase.ROUND_OVER,
        },
    }
