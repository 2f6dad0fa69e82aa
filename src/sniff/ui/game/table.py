"""Drawing the game for sighted and low-vision players: the table, the hand,
scores and the last messages, in high contrast, usable at 80x24.

Tiles are drawn ``[6|4]`` with the halves in the order they lie; doubles
lying across the line stand upright over three rows. The west arm grows to
the left of the lead, the east arm to the right, north above the sniff and
south below it, one tile a row, going up and down. Long arms keep their
outer tiles (the ends that count) and the sniff, and show ``...`` where inner
tiles are left out. Nothing here is only on screen:
every part has a key that says it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sniff.engine import Layout, Phase, Placed, Tile

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples

    from sniff.ui.game.cursor import HandCursor
    from sniff.ui.game.voice import GameVoice

__all__ = ["render_game", "table_rows"]

# A piece of the main line: (top, middle, bottom) rows of equal width.
Piece = tuple[str, str, str]
_GAP = " "
_MORE: Piece = ("   ", "...", "   ")


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


#: The most tiles drawn of a north or south arm (rows above or below the line).
VERTICAL_SHOWN = 3


def _size(pieces: list[Piece]) -> int:
    return sum(len(p[1]) for p in pieces) + max(0, len(pieces) - 1) * len(_GAP)


def _shorten(arm: list[Piece], keep: int, pinned: int | None) -> list[Piece]:
    """*arm* (from the centre outward) with only *keep* pieces: the outer ones
    (the end that counts) and the sniff (*pinned*) stay; ``...`` marks the cut."""
    if keep >= len(arm):
        return list(arm)
    wanted = {len(arm) - 1 - i for i in range(max(1, keep))}
    if pinned is not None:
        wanted = {pinned} | set(sorted(wanted, reverse=True)[: max(1, keep - 1)])
    out: list[Piece] = []
    for i, piece in enumerate(arm):
        if i in wanted:
            out.append(piece)
        elif not out or out[-1] is not _MORE:
            out.append(_MORE)
    return out


def _fit(
    west: list[Piece],
    centre: list[Piece],
    east: list[Piece],
    width: int,
    pins: tuple[int | None, int | None] = (None, None),
) -> tuple[list[Piece], int]:
    """The main line's pieces within *width*, and where the centre starts.

    *west* and *east* go from the centre outward; *pins* are the sniff's
    places on them, which are never cut (north and south hang on it).
    """
    keep_w, keep_e = len(west), len(east)
    while True:
        w = list(reversed(_shorten(west, keep_w, pins[0])))
        e = _shorten(east, keep_e, pins[1])
        line = w + centre + e
        if _size(line) <= width or (keep_w <= 1 and keep_e <= 1):
            column = _size(w) + (len(_GAP) if w else 0)
            return line, column
        if keep_w >= keep_e:
            keep_w -= 1
        else:
            keep_e -= 1


def table_rows(layout: Layout, width: int = 80) -> list[str]:
    """The layout as text rows (empty when nothing has been played).

    West and east run along the line; north is drawn going up from the sniff
    and south going down, one tile a row, the outer tile furthest out.
    """
    lead = layout.lead
    if lead is None:
        return []
    west_arm, east_arm, north_arm, south_arm = layout.arms
    west = [_piece(p, False) for p in west_arm]  # from the centre outward
    east = [_piece(p, True) for p in east_arm]
    pins: list[int | None] = [None, None]
    sniff = layout.sniff
    if sniff is not None and layout.sniff_arm in (0, 1):
        arm = west_arm if layout.sniff_arm == 0 else east_arm
        pins[layout.sniff_arm] = next((i for i, p in enumerate(arm) if p.tile == sniff), None)
    centre = [_upright(lead.high) if layout.lead_crosswise else _flat(lead.high, lead.low)]
    line, column = _fit(west, centre, east, width, (pins[0], pins[1]))
    rows = ["", "", ""]
    for piece in line:
        for i in range(3):
            rows[i] += (_GAP if rows[i] else "") + piece[i]
    rows = [row.rstrip() for row in rows]
    sniff_piece: Piece | None = None
    for arm_pieces, pin in ((west, pins[0]), (east, pins[1])):
        if pin is not None:
            sniff_piece = arm_pieces[pin]
    centre_x = _sniff_centre(layout, line, column, sniff_piece)
    out: list[str] = []
    if north_arm or (sniff is not None and layout.open[2] >= 0):
        # North: the outer tile on top; each tile reads top half first.
        shown = _vertical([(p.outer, p.inner) for p in north_arm], "N")
        out.extend(_at(text, centre_x, width) for text in reversed(shown))
    out.extend(row for row in rows if row.strip())
    if south_arm or (sniff is not None and layout.open[3] >= 0):
        shown = _vertical([(p.inner, p.outer) for p in south_arm], "S")
        out.extend(_at(text, centre_x, width) for text in shown)
    return out


def _vertical(halves: list[tuple[int, int]], label: str) -> list[str]:
    """A north or south arm from the sniff outward, one tile a row; the outer
    tile is labelled, a long arm keeps its outer tiles after ``...``."""
    tiles = [f"[{a}|{b}]" for a, b in halves]
    if not tiles:
        return [f"[ ] {label}"]
    if len(tiles) > VERTICAL_SHOWN:
        tiles = [" ... ", *tiles[len(tiles) - (VERTICAL_SHOWN - 1) :]]
    tiles[-1] += f" {label}"
    return tiles


def _at(text: str, centre: int, width: int) -> str:
    """*text* with its tile centred under *centre* (its label may stick out right)."""
    start = max(0, min(centre - 2, width - len(text)))
    return " " * start + text


def _sniff_centre(layout: Layout, line: list[Piece], column: int, target: Piece | None) -> int:
    """The column of the sniff's middle on the main line, for north and south."""
    x = 0
    for piece in line:
        if target is not None and piece is target:
            return x + len(piece[1]) // 2
        x += len(piece[1]) + len(_GAP)
    lead = layout.lead
    width = 3 if layout.lead_crosswise or lead is None else len(_flat(lead.high, lead.low)[1])
    return column + width // 2


def _tile(tile: Tile) -> str:
    return f"[{tile.high}|{tile.low}]"


def render_game(
    voice: GameVoice, cursor: HandCursor, width: int, height: int
) -> StyleAndTextTuples:
    """The game screen above the messages: scores, the table, the hand, the choice."""
    texts = voice.texts
    obs = voice.obs()
    out: StyleAndTextTuples = []

    def line(text: str, style: str = "") -> None:
        out.append((style, text[:width] + "\n"))

    names = voice.announcer.book.scores_list(obs.scores)
    # Under the muggins rule the player counts their own play before claiming it.
    counting = obs.rules.muggins and obs.phase is Phase.CLAIM and obs.my_turn
    count = "?" if counting else str(obs.layout.count)
    line(
        f"{texts.screen_round()} {obs.round}  {texts.screen_count()} {count}  "
        f"{texts.screen_target()} {obs.target}",
        "class:title",
    )
    line(f"{texts.screen_score()}: {names}", "class:title")
    others = "  ".join(
        f"{voice.names[seat]} {obs.hand_sizes[seat]}"
        for seat in range(obs.players)
        if seat != obs.seat
    )
    line(f"{texts.screen_boneyard()} {obs.boneyard_size}  {others}")
    rows = table_rows(obs.layout, width)
    if not rows:
        line(texts.screen_empty_table())
    for row in rows[: max(1, height - 12)]:
        line(row, "class:table")
    _hand(voice, cursor, out, width)
    move = cursor.chosen_move()
    if move is not None and obs.phase is Phase.PLAY and not obs.rules.muggins:
        after = obs.layout.place(move.tile, move.end, endwise=move.endwise)
        extra = f", {texts.lengthwise()}" if move.endwise else ""
        short = voice.announcer.words.short_at(move.end)
        line(f"-> {short}{extra}: {after.count}", "class:choice")
    elif cursor.claim_digits:
        line(texts.claim_typed(cursor.claim_digits).text, "class:choice")
    else:
        line("")
    if out:
        last = out[-1]
        out[-1] = (last[0], last[1].rstrip("\n"))
    return out


def _hand(voice: GameVoice, cursor: HandCursor, out: StyleAndTextTuples, width: int) -> None:
    label = f"{voice.texts.screen_hand()}: "
    out.append(("class:label", label))
    used = len(label)
    playable = cursor.playable()
    for tile in cursor.hand:
        text = _tile(tile)
        if used + len(text) + 1 > width:
            out.append(("", "\n"))
            out.append(("", " " * len(label)))
            used = len(label)
        if tile == cursor.selected:
            style = "class:selected"
        elif tile in playable:
            style = "class:playable"
        else:
            style = "class:tile"
        out.append((style, text))
        out.append(("", " "))
        used += len(text) + 1
    out.append(("", "\n"))
