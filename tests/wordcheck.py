"""The leak check for words: does any sentence a words client (the web page) was sent
name a tile its seat may not know?

A browser's ``say`` frames are a seat's view like any other frame: its items,
its turn line and the table drawn (the open ends, the layout, the hand). The
truth is the game's record, as for the frames (:mod:`leakcheck`): a tile is
named in a round only if the seat may know it then (its own dealt and drawn
tiles, every tile played); once the round's end has shown every hand, any
tile may be named until the next deal.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from leakcheck import Leak, allowed_tiles
from sniff.announce import Words
from sniff.i18n import translator

__all__ = ["check_words", "texts_of"]


def _pattern(language: str) -> tuple[re.Pattern[str], dict[str, tuple[int, int]]]:
    names = {
        name.casefold(): (tile.high, tile.low)
        for tile, name in Words(translator(language)).all_tile_names().items()
    }
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])", re.IGNORECASE), names


def texts_of(frame: dict[str, Any]) -> list[str]:
    """Every text a ``say`` frame carries: what is said, and what is drawn with words."""
    out = [item["text"] for item in frame.get("items", ())]
    out += [item.get("short", "") for item in frame.get("items", ())]
    if isinstance(frame.get("status"), str):
        out.append(frame["status"])
    screen = frame.get("screen") or {}
    for key in ("ends", "layout", "status", "final"):
        if isinstance(screen.get(key), str):
            out.append(screen[key])
    for tile in (screen.get("hand") or {}).get("tiles", ()):
        out.append(tile["name"])
    return out


def check_words(
    frames: Iterable[dict[str, Any]], record: Any, seat: int | None, language: str
) -> int:
    """Raise :class:`~leakcheck.Leak` at the first ``say`` frame that names a tile *seat*
    (None: a spectator) may not know then; the number of ``say`` frames checked."""
    allowed = allowed_tiles(record, seat)
    pattern, names = _pattern(language)
    round_no, shown, checked = 1, False, 0  # (a seat sits down in the first round)
    for number, frame in enumerate(frames):
        if frame["type"] in ("step", "state"):
            for event in frame["events"] if frame["type"] == "step" else frame["log"]:
                if event["type"] == "deal":
                    round_no, shown = event["round"], False
                elif event["type"] == "round_end":
                    shown = True
            continue
        if frame["type"] != "say" or shown:
            continue
        checked += 1
        known = allowed.get(round_no, set())
        for text in texts_of(frame):
            for found in pattern.findall(text):
                if names[found.casefold()] not in known:
                    raise Leak(f"seat {seat}, frame {number}: round {round_no} says {text!r}")
    return checked
