"""What the server says to a client, as typed frames: built from the engine's own
values, written to JSON at the edge, and read back (checked) by a client.

Each frame is a frozen dataclass holding what it tells (a step holds the
seat's :class:`~sniff.session.table.Update` values: its events and view), so
the server never builds a frame by hand and never reads one it made: the
words a browser hears are made from the same values (:mod:`sniff.server.words`).
:meth:`to_json` writes the protocol's object (docs/protocol.md);
:func:`read_table`, :func:`read_state`, :func:`read_step` and the others read
one back for a client, trusting nothing: every value is checked against the
table's rules (:mod:`sniff.net.codec`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from sniff.engine import (
    Action,
    CallMuggins,
    Claim,
    Draw,
    Event,
    Move,
    Observation,
    Pass,
    Reason,
    Refusal,
    RuleSet,
    Tile,
)
from sniff.enums import NewsKind, SeatKind
from sniff.net.codec import (
    Reader,
    action_json,
    event_json,
    read_event,
    read_view,
    round_history,
    rules_json,
    tile_json,
    view_json,
)
from sniff.net.wire import ErrorCode, FrameError
from sniff.session.link import News
from sniff.storage.records import PlayerInfo

__all__ = [
    "ChatFrame",
    "ErrorFrame",
    "FrameType",
    "NoticeFrame",
    "PlayerEntry",
    "RecordFrame",
    "RefusedFrame",
    "SayFrame",
    "SeatedFrame",
    "ServerFrame",
    "StateFrame",
    "StepFrame",
    "TableFrame",
    "WelcomeFrame",
    "read_notice",
    "read_refused",
    "read_state",
    "read_step",
    "read_table",
    "seat_kind_json",
]

#: How the protocol names a person's seat (records say "human": one kind, two words).
PERSON = "person"


class FrameType(str, Enum):
    """The ``type`` of every frame, both ways."""

    # client to server (read by :mod:`sniff.net.messages`)
    HELLO = "hello"
    CREATE = "create"
    JOIN = "join"
    WATCH = "watch"
    RESUME = "resume"
    ACT = "act"
    KEY = "key"
    READY = "ready"
    HEARD = "heard"
    CHAT = "chat"
    ASK = "ask"
    RECORD = "record"  # (and the server's answer)
    LEAVE = "leave"
    # server to client
    WELCOME = "welcome"
    SEATED = "seated"
    TABLE = "table"
    STATE = "state"
    STEP = "step"
    REFUSED = "refused"
    NOTICE = "notice"
    ERROR = "error"
    SAY = "say"

    def __str__(self) -> str:
        return self.value


def seat_kind_json(kind: SeatKind) -> str:
    """A seat's kind as the protocol says it: ``person`` or ``bot``."""
    return PERSON if kind is SeatKind.HUMAN else SeatKind.BOT.value


@dataclass(frozen=True)
class WelcomeFrame:
    version: int
    server: str

    def to_json(self) -> dict[str, Any]:
        return {"type": FrameType.WELCOME.value, "version": self.version, "server": self.server}


@dataclass(frozen=True)
class SeatedFrame:
    seat: int
    token: str

    def to_json(self) -> dict[str, Any]:
        return {"type": FrameType.SEATED.value, "seat": self.seat, "token": self.token}


@dataclass(frozen=True)
class PlayerEntry:
    """One seat as a ``table`` frame tells it."""

    name: str
    kind: SeatKind
    level: str | None = None
    present: bool = False
    taken: bool = True
    stand_in: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": seat_kind_json(self.kind)}
        if self.kind is SeatKind.BOT:
            out["level"] = self.level
        else:
            out.update(present=self.present, taken=self.taken, stand_in=self.stand_in)
        return out

    @property
    def player(self) -> PlayerInfo:
        """The seat as the game knows it (a record's player)."""
        return PlayerInfo(self.name or "?", self.kind, self.level)


@dataclass(frozen=True)
class TableFrame:
    """The table itself, as one seat (None: a spectator) is told it."""

    code: str
    rules: RuleSet
    players: tuple[PlayerEntry, ...]
    sides: tuple[tuple[int, ...], ...]
    seat: int | None
    target: int
    timer: int
    started: bool
    over: bool
    paces: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "type": FrameType.TABLE.value,
            "code": self.code,
            "preset": self.rules.preset,
            "rules": rules_json(self.rules),
            "players": [player.to_json() for player in self.players],
            "sides": [list(side) for side in self.sides],
            "seat": self.seat,
            "target": self.target,
            "timer": self.timer,
            "started": self.started,
            "over": self.over,
            # Whether the table waits for "heard" before a bot plays: only where a bot
            # plays (a seat's, or one standing in); among people it is no use.
            "paces": self.paces,
        }


def _views(view: Observation | None, *, history: bool) -> dict[str, Any]:
    """A frame's ``view`` (a seat's), or a spectator's public one as ``public``."""
    if view is None:
        return {"view": None}
    if view.seat < 0:
        return {"view": None, "public": view_json(view, history=history)}
    return {"view": view_json(view, history=history)}


@dataclass(frozen=True)
class StateFrame:
    """Everything a seat may know of the game so far (*view*: a spectator's is the
    public view, seat -1, sent as ``public``)."""

    at: int
    log: tuple[Event, ...]
    view: Observation | None
    #: Where the seat's connections were told up to before (a return: what came after
    #: it is what it missed); None: the seat is told the game for the first time.
    seen: int | None = None

    def to_json(self) -> dict[str, Any]:
        out = {
            "type": FrameType.STATE.value,
            "at": self.at,
            "log": [event_json(e) for e in self.log],
            **_views(self.view, history=True),
        }
        if self.seen is not None:
            out["seen"] = self.seen
        return out


@dataclass(frozen=True)
class StepFrame:
    """One step of the game as a seat may see it (*view* None: a spectator's)."""

    at: int
    actor: int | None
    bot: bool
    events: tuple[Event, ...]
    view: Observation | None

    def to_json(self) -> dict[str, Any]:
        return {
            "type": FrameType.STEP.value,
            "at": self.at,
            "actor": self.actor,
            "bot": self.bot,
            "events": [event_json(e) for e in self.events],
            # (the receiver adds the events to the round's history it has)
            **_views(self.view, history=False),
        }


@dataclass(frozen=True)
class RefusedFrame:
    refusal: Refusal

    def to_json(self) -> dict[str, Any]:
        refusal = self.refusal
        out: dict[str, Any] = {
            "type": FrameType.REFUSED.value,
            "reason": refusal.reason.value,
            "tiles": [tile_json(t) for t in refusal.tiles],
            "message": str(refusal),
        }
        if isinstance(refusal.action, Move | Draw | Pass | Claim | CallMuggins):
            out["action"] = action_json(refusal.action)
        return out


@dataclass(frozen=True)
class NoticeFrame:
    news: News

    def to_json(self) -> dict[str, Any]:
        news = self.news
        out: dict[str, Any] = {
            "type": FrameType.NOTICE.value,
            "kind": news.kind.value,
            "seat": news.seat,
        }
        if news.seat is not None:
            out["name"] = news.name
        if news.kind in (NewsKind.WAITING_READY, NewsKind.NOT_READY, NewsKind.ROUND_LIMIT):
            out["count"] = news.count
        if news.kind is NewsKind.OVER:
            out["winner"] = news.winner
        return out


@dataclass(frozen=True)
class ChatFrame:
    seat: int | None
    name: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"type": FrameType.CHAT.value, "seat": self.seat, "name": self.name,
                "text": self.text}  # fmt: skip

    @property
    def news(self) -> News:
        return News(NewsKind.CHAT, self.seat, self.name, self.text)


@dataclass(frozen=True)
class ErrorFrame:
    code: ErrorCode
    message: str
    version: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": FrameType.ERROR.value, "code": self.code.value,
                               "message": self.message}  # fmt: skip
        if self.version is not None:
            out["version"] = self.version
        return out


@dataclass(frozen=True)
class RecordFrame:
    lines: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": FrameType.RECORD.value, "lines": list(self.lines)}


@dataclass(frozen=True)
class SayFrame:
    """What a words client (a browser) is to say, and the table to draw: built by
    :mod:`sniff.server.words` from the seat's presenter. *items* are the
    utterances' JSON, *screen* the table as the page draws it
    (:mod:`sniff.announce.screen`)."""

    items: tuple[dict[str, Any], ...]
    screen: dict[str, Any] | None = None
    at: int | None = None
    selected: dict[str, Any] | None = None
    status: str | None = None
    answer: str | None = None
    more: bool | None = None
    pace: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": FrameType.SAY.value, "items": list(self.items)}
        for key in ("screen", "at", "selected", "status", "answer", "more", "pace"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out.update(self.extra)
        return out


ServerFrame = (
    WelcomeFrame
    | SeatedFrame
    | TableFrame
    | StateFrame
    | StepFrame
    | RefusedFrame
    | NoticeFrame
    | ChatFrame
    | ErrorFrame
    | RecordFrame
    | SayFrame
)


# -- reading (a client) -----------------------------------------------------------------


def read_table(data: dict[str, Any]) -> TableFrame:
    """A ``table`` frame, checked: its rules through the engine, 2 to 4 players."""
    rules_data = data.get("rules")
    if not isinstance(rules_data, dict):
        raise FrameError(ErrorCode.BAD_TABLE, "the table's rules are not readable")
    rules = RuleSet.from_json(rules_data)
    people = data.get("players")
    if not isinstance(people, list) or not 2 <= len(people) <= 4:
        raise FrameError(ErrorCode.BAD_TABLE, "a table seats 2 to 4 players")
    players = tuple(_entry(item) for item in people)
    r = Reader(data, rules, len(players), "the table")
    seat = r.get("seat", None)
    return TableFrame(
        code=str(data.get("code", ""))[:12],
        rules=rules,
        players=players,
        sides=tuple(tuple(side) for side in rules.sides(len(players))),
        seat=None if seat is None else r.seat("seat"),
        target=r.integer("target", 1, default=1),
        timer=r.integer("timer", 0, 3600, default=0),
        started=data.get("started") is True,
        over=data.get("over") is True,
        paces=data.get("paces", True) is not False,
    )


def _entry(item: Any) -> PlayerEntry:
    if not isinstance(item, dict):
        raise FrameError(ErrorCode.BAD_TABLE, "a player is an object")
    name = str(item.get("name", ""))[:40]
    bot = item.get("kind") == SeatKind.BOT.value
    level = item.get("level") if bot and isinstance(item.get("level"), str) else None
    return PlayerEntry(
        name,
        SeatKind.BOT if bot else SeatKind.HUMAN,
        level,
        present=item.get("present") is True,
        taken=bot or item.get("taken") is not False,
        stand_in=item.get("stand_in") is True,
    )


def read_state(data: dict[str, Any], rules: RuleSet, players: int) -> StateFrame:
    r = Reader(data, rules, players, "a state")
    log = r.get("log")
    if not isinstance(log, list):
        raise FrameError(ErrorCode.BAD_FIELD, "a state's log is a list")
    view, public = r.get("view", None), r.get("public", None)
    at = r.integer("at", 0)
    seen = r.get("seen", None)
    return StateFrame(
        at,
        tuple(read_event(item, rules, players) for item in log),
        read_view(view, rules, players) if view is not None
        else None if public is None else read_view(public, rules, players, public=True),
        None if seen is None else r.integer("seen", 0, at),
    )  # fmt: skip


def read_step(
    data: dict[str, Any], rules: RuleSet, players: int, history: Sequence[Event]
) -> StepFrame:
    """A ``step`` frame; its view's round history is *history* (the one the client
    keeps) with the step's events added."""
    r = Reader(data, rules, players, "a step")
    items = r.get("events")
    if not isinstance(items, list):
        raise FrameError(ErrorCode.BAD_FIELD, "a step's events are a list")
    events = tuple(read_event(item, rules, players) for item in items)
    view, public = r.get("view", None), r.get("public", None)
    actor = data.get("actor")
    after = round_history(history, events)
    return StepFrame(
        r.integer("at", 0),
        actor if type(actor) is int and 0 <= actor < players else None,
        data.get("bot") is True,
        events,
        read_view(view, rules, players, after) if view is not None
        else None if public is None else read_view(public, rules, players, after, public=True),
    )  # fmt: skip


def read_refused(data: dict[str, Any], rules: RuleSet, acting: Action | None) -> RefusedFrame:
    """A ``refused`` frame: its reason (an unknown one is a wrong phase), the tiles
    it names; *acting* is the action the client sent."""
    try:
        reason = Reason(data.get("reason"))
    except ValueError:
        reason = Reason.WRONG_PHASE
    tiles = tuple(
        Tile.of(t[0], t[1])
        for t in (data.get("tiles") or [])[:4]
        if isinstance(t, list) and len(t) == 2 and all(type(v) is int for v in t)
        and all(0 <= v <= rules.max_pip for v in t)
    )  # fmt: skip
    return RefusedFrame(Refusal(reason, str(data.get("message", ""))[:200], acting, tiles))


def read_notice(data: dict[str, Any], players: int) -> NoticeFrame | None:
    """A ``notice`` frame (None: a kind this client does not know, passed over)."""
    try:
        kind = NewsKind(data.get("kind"))
    except ValueError:
        return None
    seat = data.get("seat")
    seat = seat if type(seat) is int and 0 <= seat < players else None
    count, winner = data.get("count"), data.get("winner")
    return NoticeFrame(
        News(
            kind,
            seat,
            str(data.get("name", ""))[:40],
            count=count if type(count) is int else 0,
            winner=winner if type(winner) is int else None,
        )
    )
