"""The engine's values as JSON on the wire, and back, checked.

Tiles are ``[high, low]``; actions are objects with a ``kind``; events are as
in a ``sniff-record/1`` line, as the seat may see them (another seat's draw
has ``"tile": null``, a deal shows the seat's own hand only); a seat's view
(:class:`~sniff.engine.Observation`) is sent with this round's public history,
from which the receiver rebuilds the layout through the engine, so a view can
never show a layout its history does not explain.

Reading never trusts: every value is checked for its type and range against
the table's rules, and a bad one raises :class:`~sniff.net.wire.FrameError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sniff.engine import (
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    Dealt,
    End,
    Event,
    Layout,
    Move,
    Observation,
    Phase,
    Played,
    RoundEnd,
    RulesError,
    RuleSet,
    Tile,
)
from sniff.enums import values
from sniff.net.wire import ErrorCode, FrameError
from sniff.storage.event_codec import EVENT_FIELDS, event_from, event_to_json

__all__ = [
    "Reader",
    "action_json",
    "event_json",
    "read_action",
    "read_event",
    "read_view",
    "round_history",
    "rules_json",
    "tile_json",
    "view_json",
]

#: The most points, scores or counts a value may hold (far beyond any game).
MOST = 1_000_000


# -- writing -----------------------------------------------------------------------


def tile_json(tile: Tile) -> list[int]:
    return [tile.high, tile.low]


def _tiles(tiles: Iterable[Tile]) -> list[list[int]]:
    return [tile_json(t) for t in tiles]


def action_json(action: Action) -> dict[str, Any]:
    """``{"kind": "play", "tile": [6, 4], "end": "east"}``, ``{"kind": "draw"}``..."""
    if isinstance(action, Move):
        out: dict[str, Any] = {"kind": "play", "tile": tile_json(action.tile)}
        out["end"] = action.end.value
        if action.endwise:
            out["endwise"] = True
        return out
    if action == DRAW:
        return {"kind": "draw"}
    if action == PASS:
        return {"kind": "pass"}
    if isinstance(action, Claim):
        return {"kind": "claim", "points": action.points}
    assert isinstance(action, CallMuggins)
    return {"kind": "muggins", "call": action.call}


def event_json(event: Event) -> dict[str, Any]:
    """An event as the wire sends it: a record's line as a seat may see it (a hidden
    draw with ``"tile": null``), written by the records' own writer.

    >>> from sniff.engine import Drew
    >>> event_json(Drew(1, None))
    {'type': 'draw', 'player': 1, 'tile': None}
    """
    return event_to_json(event, seen=True)


def rules_json(rules: RuleSet) -> dict[str, Any]:
    return rules.to_json()


def view_json(obs: Observation, *, history: bool = True) -> dict[str, Any]:
    """A seat's view: what it may know, and nothing its history does not explain.

    Without *history*, the round's events are left out: a step's view, whose receiver
    has the history already and adds the step's events to it (:func:`round_history`)."""
    out: dict[str, Any] = {
        "seat": None if obs.seat < 0 else obs.seat,  # (a spectator's: no seat)
        "round": obs.round,
        "phase": obs.phase.value,
        "current": obs.current,
        "leader": obs.leader,
        "hand": _tiles(obs.hand),
        "hand_sizes": list(obs.hand_sizes),
        "boneyard": obs.boneyard_size,
        "scores": list(obs.scores),
        "target": obs.target,
    }
    if history:  # (a step's view leaves out the round so far: not encoded to be dropped)
        out["history"] = [event_json(e) for e in obs.history]
    out |= {
        "legal": [action_json(a) for a in obs.legal],
        "forced": None if obs.forced is None else tile_json(obs.forced),
        "required_lead": None if obs.required_lead is None else tile_json(obs.required_lead),
        "draws": obs.draws_this_turn,
        "passes": obs.passes_in_row,
        "second_turn": obs.second_turn,
        "pending": obs.pending_points,
        "mover": obs.mover,
    }
    return out


def round_history(history: Sequence[Event], events: Sequence[Event]) -> tuple[Event, ...]:
    """This round's history after *events*: a deal starts a new one (a thrown-in deal,
    with no leader, is no part of it), every other event is added.

    >>> from sniff.engine import Passed
    >>> round_history((Passed(0),), (Passed(1),))
    (Passed(player=0), Passed(player=1))
    """
    out = list(history)
    for event in events:
        if isinstance(event, Dealt):
            if event.leader is not None:
                out = [event]
        else:
            out.append(event)
    return tuple(out)


# -- reading -----------------------------------------------------------------------


class Reader:
    """Checked reading of one JSON object against a table's *rules* and *players*."""

    def __init__(self, data: Any, rules: RuleSet, players: int, what: str = "frame") -> None:
        if not isinstance(data, dict):
            raise FrameError(ErrorCode.BAD_FIELD, f"{what} must be an object")
        self.data = data
        self.rules = rules
        self.players = players
        self.what = what

    def only(self, *keys: str) -> Reader:
        """Fail on any key but *keys* (and ``type``)."""
        extra = set(self.data) - {*keys, "type"}
        if extra:
            name = sorted(extra)[0][:40]
            raise FrameError(ErrorCode.UNKNOWN_FIELD, f"{self.what} has no field {name!r}")
        return self

    def get(self, key: str, default: Any = ...) -> Any:
        if key not in self.data:
            if default is not ...:
                return default
            raise FrameError(ErrorCode.MISSING_FIELD, f"{self.what} needs {key!r}")
        return self.data[key]

    def integer(self, key: str, low: int = 0, high: int = MOST, default: Any = ...) -> int:
        value = self.get(key, default)
        return _integer(value, key, low, high)

    def maybe_integer(self, key: str, low: int = 0, high: int = MOST) -> int | None:
        value = self.get(key, None)
        return None if value is None else _integer(value, key, low, high)

    def seat(self, key: str) -> int:
        return self.integer(key, 0, self.players - 1)

    def boolean(self, key: str, default: Any = ...) -> bool:
        value = self.get(key, default)
        if not isinstance(value, bool):
            raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} must be true or false")
        return value

    def text(self, key: str, *, most: int, default: Any = ...) -> str:
        value = self.get(key, default)
        if not isinstance(value, str):
            raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} must be a string")
        if len(value) > most:
            raise FrameError(ErrorCode.TOO_LONG, f"{key!r} may be at most {most} characters")
        return value

    def choice(self, key: str, choices: Sequence[str], default: Any = ...) -> str:
        value = self.get(key, default)
        if value not in choices:
            raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} must be one of {', '.join(choices)}")
        return str(value)

    def tile(self, value: Any, key: str = "tile") -> Tile:
        top = self.rules.max_pip
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(type(v) is not int or not 0 <= v <= top for v in value)
        ):
            raise FrameError(
                ErrorCode.BAD_FIELD, f"{key!r} must be a tile: two numbers from 0 to {top}"
            )
        return Tile.of(value[0], value[1])

    def maybe_tile(self, key: str) -> Tile | None:
        value = self.get(key, None)
        return None if value is None else self.tile(value, key)

    def tiles(self, key: str, most: int | None = None) -> tuple[Tile, ...]:
        value = self.get(key)
        limit = most if most is not None else (self.rules.max_pip + 1) * (self.rules.max_pip + 2)
        if not isinstance(value, list) or len(value) > limit:
            raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} must be a list of tiles")
        return tuple(self.tile(item, key) for item in value)

    def numbers(self, key: str, size: int, low: int = -MOST) -> tuple[int, ...]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) != size:
            raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} must be a list of {size} numbers")
        return tuple(_integer(item, key, low, MOST) for item in value)

    def end(self, key: str = "end") -> End:
        value = self.get(key)
        try:
            return End(value)
        except ValueError:
            raise FrameError(
                ErrorCode.BAD_FIELD, f"{key!r} must be an end: lead, west, east, north, south"
            ) from None


def _integer(value: Any, key: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise FrameError(
            ErrorCode.BAD_FIELD, f"{key!r} must be a whole number from {low} to {high}"
        )
    return value


def read_action(data: Any, rules: RuleSet, players: int) -> Action:
    """An action from the wire (its legality is the table's to judge, not this)."""
    r = Reader(data, rules, players, "the action")
    kind = r.choice("kind", ("play", "draw", "pass", "claim", "muggins"))
    if kind == "play":
        r.only("kind", "tile", "end", "endwise")
        return Move(r.tile(r.get("tile")), r.end(), r.boolean("endwise", False))
    if kind == "draw":
        r.only("kind")
        return DRAW
    if kind == "pass":
        r.only("kind")
        return PASS
    if kind == "claim":
        r.only("kind", "points")
        return Claim(r.integer("points", 0, 999))
    r.only("kind", "call")
    return CallMuggins(r.boolean("call"))


def read_event(data: Any, rules: RuleSet, players: int) -> Event:
    """An event from the wire, checked (for a client: the server is not trusted either),
    by the one event codec (:func:`sniff.storage.event_codec.event_from`)."""
    fields = _WireEvent(Reader(data, rules, players, "an event"), rules, players)
    return event_from(fields.r.get("type"), fields)


class _WireEvent:
    """The wire's :class:`~sniff.storage.event_codec.EventFields`: every field checked
    by the frame's reader, and no field but the event's own."""

    def __init__(self, r: Reader, rules: RuleSet, players: int) -> None:
        self.r = r
        self.sides = len(rules.sides(players))

    def fields(self, kind: str) -> None:
        self.r.only(*EVENT_FIELDS[kind])

    def number(self, key: str, *, least: int = 0) -> int:
        return self.r.integer(key, least)

    def seat(self, key: str) -> int:
        return self.r.seat(key)

    def maybe_seat(self, key: str) -> int | None:
        return None if self.r.get(key, None) is None else self.r.seat(key)

    def tile(self, key: str) -> Tile:
        return self.r.tile(self.r.get(key), key)

    def drawn(self, key: str) -> Tile | None:
        return self.r.maybe_tile(key)

    def tiles(self, key: str) -> tuple[Tile, ...]:
        return self.r.tiles(key)

    def hands(self, key: str) -> tuple[tuple[Tile, ...], ...]:
        hands = self.r.get(key)
        if not isinstance(hands, list) or len(hands) != self.r.players:
            raise FrameError(ErrorCode.BAD_FIELD, f"{key!r} holds one hand per seat")
        return tuple(_hand(self.r, hand) for hand in hands)

    def numbers(self, key: str) -> tuple[int, ...]:
        return self.r.numbers(key, self.sides)

    def end(self, key: str) -> End:
        return self.r.end(key)

    def flag(self, key: str) -> bool:
        return self.r.boolean(key, False)

    def reason(self, key: str) -> RoundEnd:
        return RoundEnd(self.r.choice(key, values(RoundEnd)))

    def side(self, key: str) -> int:
        return self.r.integer(key, 0, self.sides - 1)

    def dealt(self, hands: tuple[tuple[Tile, ...], ...], boneyard: tuple[Tile, ...]) -> None:
        pass  # (a seat's deal shows its own hand only: the view's reader checks the rest)

    def redeal(self, round_no: int) -> bool:
        return self.r.boolean("redeal", False)

    def correct(self, points: int) -> bool:
        return self.r.boolean("correct")

    def went_out(self, reason: RoundEnd) -> int | None:
        return self.maybe_seat("went_out")

    def unknown(self, kind: object) -> Exception:
        return FrameError(ErrorCode.BAD_FIELD, f"{str(kind)[:40]!r} is no event's type")


def _hand(r: Reader, value: Any) -> tuple[Tile, ...]:
    if not isinstance(value, list) or len(value) > r.rules.max_pip * 3 + 12:
        raise FrameError(ErrorCode.BAD_FIELD, "a hand is a list of tiles")
    return tuple(r.tile(item, "hands") for item in value)


def read_view(
    data: Any,
    rules: RuleSet,
    players: int,
    history: Sequence[Event] | None = None,
    *,
    public: bool = False,
) -> Observation:
    """A seat's view from the wire; its layout rebuilt from its history by the engine.
    A view without its history (a step's) takes *history*, the one its receiver keeps.
    *public*: a spectator's view (no seat, no hand, nothing to do), read as seat -1."""
    r = Reader(data, rules, players, "the view")
    r.only(
        "seat", "round", "phase", "current", "leader", "hand", "hand_sizes", "boneyard",
        "scores", "target", "history", "legal", "forced", "required_lead", "draws",
        "passes", "second_turn", "pending", "mover",
    )  # fmt: skip
    legal_data = r.get("legal")
    if not isinstance(legal_data, list):
        raise FrameError(ErrorCode.BAD_FIELD, "the view's legal actions are a list")
    if "history" in r.data or history is None:
        history_data = r.get("history")
        if not isinstance(history_data, list):
            raise FrameError(ErrorCode.BAD_FIELD, "the view's history is a list")
        history = tuple(read_event(item, rules, players) for item in history_data)
    history = tuple(history)
    layout = layout_of(history, rules)
    hand = r.tiles("hand", 91)
    if len(set(hand)) != len(hand) or set(hand) & set(layout.tiles()):
        raise FrameError(ErrorCode.BAD_VIEW, "a tile held twice, or held and on the table")
    if public and (r.get("seat") is not None or hand or legal_data or r.get("forced")
                   or r.get("required_lead")):  # fmt: skip
        raise FrameError(ErrorCode.BAD_VIEW, "a spectator's view holds no seat, hand or action")
    sides = tuple(tuple(side) for side in rules.sides(players))
    try:
        phase = Phase(r.get("phase"))
    except ValueError:
        raise FrameError(ErrorCode.BAD_FIELD, "'phase' is not a phase of the game") from None
    return Observation(
        seat=-1 if public else r.seat("seat"),
        rules=rules,
        players=players,
        sides=sides,
        round=r.integer("round", 1),
        phase=phase,
        current=r.seat("current"),
        leader=r.seat("leader"),
        hand=hand,
        hand_sizes=r.numbers("hand_sizes", players, 0),
        boneyard_size=r.integer("boneyard"),
        layout=layout,
        scores=r.numbers("scores", len(sides)),
        target=r.integer("target", 1),
        history=history,
        legal=tuple(read_action(item, rules, players) for item in legal_data),
        forced=r.maybe_tile("forced"),
        required_lead=r.maybe_tile("required_lead"),
        draws_this_turn=r.integer("draws"),
        passes_in_row=r.integer("passes"),
        second_turn=r.boolean("second_turn"),
        pending_points=r.integer("pending"),
        mover=r.seat("mover"),
    )


def layout_of(history: Sequence[Event], rules: RuleSet) -> Layout:
    """The layout this round's *history* lays out, through the engine's own layout.

    Raises FrameError when a play does not fit the layout it goes on: a view
    whose history is not a game is refused."""
    layout = Layout.empty(rules.spinner)
    laid: set[Tile] = set()
    for event in history:
        if not isinstance(event, Played):
            continue
        if event.tile in laid:
            raise FrameError(ErrorCode.BAD_VIEW, f"{event.tile} is played twice")
        laid.add(event.tile)
        open_ends = dict(layout.open_ends())
        if event.end is End.LEAD:
            if layout.lead is not None:
                raise FrameError(ErrorCode.BAD_VIEW, "a second lead in one round")
        elif event.end not in open_ends or not event.tile.has(open_ends[event.end]):
            raise FrameError(ErrorCode.BAD_VIEW, f"{event.tile} does not fit {event.end.value}")
        try:
            layout = layout.place(event.tile, event.end, endwise=event.endwise)
        except (RulesError, ValueError, IndexError):
            raise FrameError(ErrorCode.BAD_VIEW, "a play the layout cannot take") from None
    return layout
