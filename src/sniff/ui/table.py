"""Drawing the game for sighted and low-vision players: the table, the hand,
scores and the last messages, in high contrast, usable at 80x24.

Tiles are drawn ``[6|4]`` with the halves in the order they lie; doubles
lying across the line stand upright over three rows. The west arm grows to
the left of the lead, the east arm to the right, north above the sniff and
south below it. Long arms keep their outer tiles (the ends that count) and
show ``...`` where inner tiles are left out. Nothing here is only on screen:
every part has a key that says it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sniff.engine import Layout, Phase, Placed, Tile

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples

    from sniff.ui.controller import GameController

__all__ = ["render_game", "table_rows"]

# A piece of the main line: (top, middle, bottom) rows of equal width.
Piece = tuple[str, str, str]
_GAP = " "
_MORE: Piece = ("   ", "...", "   ")
MESSAGES_SHOWN = 6


def _flat(left: int, right: int) -> Piece:
    text = f"[{left}|{right}]"
    blank = " " * len(text)
    return (blank, text, blank)


def _upright(pip: int) -> Piece:
    half = f"|{pip}|"
    return (half, "|" + "-" * (len(half) - 2) + "|", half)


def _piece(placed: Placed, outward_right: bool) -> Piece:
    if placed.crosswise:
        return _upright(placed.inner)
    if outward_right:
        return _flat(placed.inner, placed.outer)
    return _flat(placed.outer, placed.inner)


def _fit(
    west: list[Piece], centre: list[Piece], east: list[Piece], width: int
) -> tuple[list[Piece], int, bool]:
    """The main line's pieces within *width*, and where the centre starts."""

    def size(pieces: list[Piece]) -> int:
        return sum(len(p[1]) for p in pieces) + max(0, len(pieces) - 1) * len(_GAP)

    keep_w, keep_e = len(west), len(east)
    while True:
        w = west[:keep_w] + ([_MORE] if keep_w < len(west) else [])
        e = ([_MORE] if keep_e < len(east) else []) + east[len(east) - keep_e :]
        line = w + centre + e
        if size(line) <= width or (keep_w == 0 and keep_e == 0):
            column = size(w) + (len(_GAP) if w else 0)
            return line, column, keep_w < len(west) or keep_e < len(east)
        if keep_w >= keep_e:
            keep_w -= 1
        else:
            keep_e -= 1


def table_rows(layout: Layout, width: int = 80) -> list[str]:
    """The layout as text rows (empty when nothing has been played)."""
    lead = layout.lead
    if lead is None:
        return []
    west_arm, east_arm, north_arm, south_arm = layout.arms
    # West: outermost first, each tile's outer half on the left.
    west = [_piece(p, False) for p in reversed(west_arm)]
    east = [_piece(p, True) for p in east_arm]
    centre = [_upright(lead.high) if layout.lead_crosswise else _flat(lead.high, lead.low)]
    line, column, _ = _fit(west, centre, east, width)
    rows = ["", "", ""]
    for piece in line:
        for i in range(3):
            rows[i] += (_GAP if rows[i] else "") + piece[i]
    rows = [row.rstrip() for row in rows]
    sniff_column = _sniff_column(layout, line, column)
    out: list[str] = []
    if north_arm or (layout.sniff is not None and layout.open[2] >= 0):
        out.append(_spur("N", north_arm, sniff_column, width))
    out.extend(row for row in rows if row.strip())
    if south_arm or (layout.sniff is not None and layout.open[3] >= 0):
        out.append(_spur("S", south_arm, sniff_column, width))
    return out


def _sniff_column(layout: Layout, line: list[Piece], column: int) -> int:
    """Where the sniff is drawn on the main line, for the north and south rows."""
    sniff = layout.sniff
    if sniff is None or layout.sniff_arm == -1:
        return column
    looks = (_upright(sniff.high), _flat(sniff.high, sniff.low))
    x = 0
    for piece in line:
        if piece in looks:
            return x
        x += len(piece[1]) + len(_GAP)
    return column  # cut out of a long arm: the centre will do


def _spur(label: str, arm: tuple[Placed, ...], column: int, width: int) -> str:
    tiles = " ".join(f"[{p.inner}|{p.outer}]" for p in arm) or "[ ]"
    text = f"{label} {tiles}"
    start = max(0, min(column, width - len(text)))
    if len(text) > width:
        text = f"{label} ... " + " ".join(f"[{p.inner}|{p.outer}]" for p in arm[-2:])
        start = 0
    return " " * start + text


def _tile(tile: Tile) -> str:
    return f"[{tile.high}|{tile.low}]"


def render_game(ctl: GameController, width: int, height: int) -> StyleAndTextTuples:
    """Everything on the game screen, as prompt_toolkit formatted text."""
    texts = ctl.texts
    game = ctl.game
    out: StyleAndTextTuples = []

    def line(text: str, style: str = "") -> None:
        out.append((style, text[:width] + "\n"))

    names = ctl.announcer.scores_list(game.scores)
    line(
        f"{texts.screen_round()} {game.round_no}  {texts.screen_count()} {game.layout.count}  "
        f"{texts.screen_score()}: {names}  {texts.screen_target()} {game.target}",
        "class:title",
    )
    others = "  ".join(
        f"{ctl.names[seat]} {len(game.hands[seat])}" for seat in range(1, game.players)
    )
    line(f"{texts.screen_boneyard()} {len(game.stock)}  {others}")
    line("")
    rows = table_rows(game.layout, width)
    if not rows:
        line(texts.screen_empty_table())
    for row in rows[: max(1, height - 16)]:
        line(row, "class:table")
    line("")
    _hand(ctl, out, width)
    move = ctl.chosen_move()
    if move is not None and game.phase is Phase.PLAY:
        after = game.layout.place(move.tile, move.end, endwise=move.endwise)
        extra = f", {texts.lengthwise()}" if move.endwise else ""
        line(f"-> {ctl.announcer.words.short_at(move.end)}{extra}: {after.count}", "class:choice")
    elif ctl.claim_digits:
        line(ctl.texts.claim_typed(ctl.claim_digits).text, "class:choice")
    else:
        line("")
    line("")
    for utterance in ctl.output.recent(MESSAGES_SHOWN):
        line(utterance.text, "class:message")
    line(texts.screen_help(), "class:footer")
    return out


def _hand(ctl: GameController, out: StyleAndTextTuples, width: int) -> None:
    label = f"{ctl.texts.screen_hand()}: "
    out.append(("class:label", label))
    used = len(label)
    playable = {m.tile for m in ctl.choices_all()} if ctl.my_turn() else set()
    for tile in ctl.hand:
        text = _tile(tile)
        if used + len(text) + 1 > width:
            out.append(("", "\n"))
            out.append(("", " " * len(label)))
            used = len(label)
        if tile == ctl.selected:
            style = "class:selected"
        elif tile in playable:
            style = "class:playable"
        else:
            style = "class:tile"
        out.append((style, text))
        out.append(("", " "))
        used += len(text) + 1
    out.append(("", "\n"))
