"""The words a browser hears at a hosted table: the terminal game's own sentences,
made here by the announce layer for the seat, in the connection's language.

A browser says ``"words": true`` in its hello. Then every frame its table
sends it (:meth:`HostedTable._send <sniff.server.hosted.HostedTable>`) is
followed by a ``say`` frame built here: what the terminal game would say of
that frame, item by item (``text``, ``interrupt``, ``cue``, ``kind``,
``short``), and, with the frames that change the table, ``screen`` (the
table as the page draws it, :mod:`sniff.server.webview`) and ``selected``
(the tile and end Enter would play). The page adds no sentence of its own.

:class:`TableWords` is one table's :class:`~sniff.server.hosted.WordsMaker`.
Each connection has an :class:`_Ear` that mirrors what the terminal game's
screen keeps (:mod:`sniff.ui.game`): the announcer with the seat's names
("You" for its own), the selected tile and end (the page reports each change
when it asks what a tile or end means), whether the claim and muggins help
were said, and how far the game was told. The position told is also kept per
seat, so a page that drops and comes back (or is reloaded) hears what it
missed as a catch-up.

The questions of the fact keys (``ask`` messages) are answered by
:meth:`TableWords.answer` from the seat's observation; the hint's search
runs in an executor, off the event loop.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import Any

from sniff.announce import Announcer, Utterance
from sniff.announce.catchup import CatchUpWords
from sniff.announce.events import EventWords, Scene
from sniff.announce.game_ui import GameTexts
from sniff.announce.hints import HintWords
from sniff.announce.menu import MenuWords
from sniff.announce.online import OnlineWords
from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.web import WebWords, help_said
from sniff.engine import (
    ACTIVE,
    Claimed,
    Drew,
    Event,
    Move,
    MugginsCalled,
    Observation,
    Passed,
    Phase,
    Played,
    Reason,
    Refusal,
    Tile,
    public_event,
)
from sniff.enums import Cue
from sniff.i18n import translator
from sniff.net.codec import read_event, tile_json
from sniff.net.messages import Ask
from sniff.server.codes import shown_code
from sniff.server.hosted import HostedTable
from sniff.server.seats import Channel
from sniff.server.webview import hand_view, table_view
from sniff.session.game import bot_name
from sniff.session.hints import hint_for
from sniff.session.link import moves_for

__all__ = ["TableWords", "refusal_said"]

_log = logging.getLogger(__name__)

#: The sit-down refusals, said as why the page could not sit down.
_SITTING = ("no-table", "table-full", "no-seat", "too-many-tables", "full", "bad-rules", "bad-name")
#: The player's own actions (what "since your last move" counts from).
_OWN_ACTIONS = (Played, Passed, Drew, Claimed, MugginsCalled)

Spawn = Callable[[Coroutine[Any, Any, None]], object]


def _item(said: Utterance) -> dict[str, Any]:
    item: dict[str, Any] = {"text": said.text, "interrupt": said.interrupt, "kind": said.kind}
    if said.cue:
        item["cue"] = str(said.cue)
    if said.short and said.short != said.text:
        item["short"] = said.short
    return item


def _say(items: Sequence[Utterance], **extra: Any) -> dict[str, Any]:
    return {"type": "say", "items": [_item(u) for u in items if u.text], **extra}


def refusal_said(language: str, code: str, detail: str, *, seated: bool) -> dict[str, Any]:
    """The ``say`` frame for an ``error`` frame the connection itself refused with
    (before a table, or a message the table never saw)."""
    online = OnlineWords(translator(language))
    if not seated and (code in _SITTING or code == "rate"):
        return _say([online.cannot_sit(code, detail)])
    return _say([online.refused(code)])


def _refusal(said: Utterance) -> Utterance:
    """Why nothing happened, with the invalid earcon (as the game screen says it)."""
    if said.cue == Cue.INVALID and said.kind == "refusal":
        return said
    return Utterance(said.text, True, Cue.INVALID, None, 0, "refusal", said.short)


class _Ear:
    """One connection's words (see the module docstring)."""

    def __init__(self, owner: TableWords, host: HostedTable, channel: Channel) -> None:
        self.owner = owner
        self.channel = channel
        self.seat = next((s.index for s in host.seats if s.channel is channel), None)
        self.language = channel.language
        tr = translator(channel.language)
        self.tr = tr
        self.texts = GameTexts(tr)
        self.online = OnlineWords(tr)
        self.web = WebWords(tr)
        self.names: tuple[str, ...] = ()
        self.told: int | None = None  # the game's position this connection was told up to
        self.waiting_said = False
        self.selected: Tile | None = None
        self.end_index = 0
        self.claim_help_given = False
        self.muggins_help_given = False
        self.hinting = False
        self.hints_used = 0
        self.previous: Observation | None = None
        self.last: list[Utterance] = []
        self.refresh(host)

    # -- who is who -----------------------------------------------------------------

    def refresh(self, host: HostedTable) -> None:
        """Take the players' names anew (a person sat down, the bots were named)."""
        names = tuple(
            self.texts.you() if seat.index == self.seat else (seat.name or bot_name(seat.index))
            for seat in host.seats
        )
        if names == self.names:
            return
        self.names = names
        sides = host.session.game.sides
        verbosity = self.channel.verbosity
        if self.seat is None:
            self.book = Phrasebook(
                self.tr, seat=None, player_names=names, sides=sides, verbosity=verbosity
            )
            self.events = EventWords(self.book)
        else:
            self.announcer = Announcer(self.seat, self.tr, player_names=names, verbosity=verbosity)
            self.book = self.announcer.book
            self.book.set_sides(sides)
            self.hints = HintWords(self.book)
        self.catchup = CatchUpWords(self.book)

    # -- a frame's words --------------------------------------------------------------

    def said(self, host: HostedTable, frame: dict[str, Any]) -> dict[str, Any] | None:
        kind = frame["type"]
        obs: Observation | None = None
        items: list[Utterance]
        if kind == "table":
            self.refresh(host)
            items = []
            obs = self.observe(host)
        elif kind == "state":
            obs = self.observe(host)
            items = self.state(host, frame, obs)
        elif kind == "step":
            obs = self.observe(host)
            items = self.step(host, frame, obs)
        elif kind == "refused":
            items = self.refused(host, frame)
        elif kind == "notice":
            items = self.notice(frame)
        elif kind == "chat":
            seat = frame.get("seat")
            news = self.online.news(
                "chat", str(frame.get("name", "")), mine=seat == self.seat, text=frame["text"]
            )
            items = [news] if news is not None else []
        elif kind == "error":
            items = [self.online.refused(str(frame.get("code", "")))]
        else:
            return None
        if items:
            self.last = items
        if kind in ("table", "state", "step"):
            # "at": the position the table is drawn at (frames may come late: the page
            # draws none older than what it shows).
            at = frame.get("at", host.table.position)
            selected = self.selection(obs)
            return _say(items, screen=self.screen(host, obs), at=at, **selected)
        return _say(items) if items else None

    def observe(self, host: HostedTable) -> Observation | None:
        return None if self.seat is None else host.table.observe(self.seat)

    def screen(self, host: HostedTable, obs: Observation | None) -> dict[str, Any]:
        public = obs if obs is not None else host.table.observe(0)
        chosen = None if obs is None else self.chosen_move(obs)
        view = table_view(host, public, self.book, self.names, self.seat, chosen)
        if obs is not None:
            view["hand"] = hand_view(obs, self.book, self.texts, chosen)
        return view

    def selection(self, obs: Observation | None) -> dict[str, Any]:
        """The selected tile and end for the page, and the turn line that names the
        play Enter makes with them."""
        if obs is None:
            return {}
        self.keep(obs)
        tile = None if self.selected is None else tile_json(self.selected)
        status = self.announcer.answers.turn(obs, selected=self.chosen_move(obs)).text
        return {"selected": {"tile": tile, "index": self.end_index}, "status": status}

    # -- the game told ------------------------------------------------------------------

    def state(
        self, host: HostedTable, frame: dict[str, Any], obs: Observation | None
    ) -> list[Utterance]:
        """Everything so far: the waiting room, the game's first words, or, back after a
        drop, what was missed."""
        at = int(frame["at"])
        code = shown_code(host.code)
        if self.seat is None or obs is None:
            if self.told is not None:
                return []
            self.told = at
            return [self.online.code_is(code)]
        if not host.started:
            if self.waiting_said:
                return []
            self.waiting_said = True
            missing = sum(1 for s in host.seats if s.kind == "person" and not s.taken)
            return [self.online.waiting(missing, code), self.online.code_is(code)]
        if self.told is not None:
            missed = self.since(host, self.told, at)
            self.told = self.owner.told[self.seat] = at
            if not missed:
                return []
            said = self.announcer.on_events(missed, obs, prompt=False)
            return said + (self.prompt(obs) if self.waits(obs) else [])
        game = host.session.game
        before = self.owner.told.get(self.seat)
        self.told = self.owner.told[self.seat] = at
        announcer = self.announcer
        out: list[Utterance] = []
        if before is None and not any(isinstance(e, Played) for e in game.log):
            out.append(self.new_game(host, obs))
            out += announcer.on_events(self.since(host, 0, at), obs, prompt=False)
        else:
            scores = self.book.scores_list(obs.scores)
            out.append(self.texts.resumed(obs.round, scores))
            missed = self.since(host, before, at) if before is not None else []
            caught = self.catchup.catch_up(missed, obs.rules) if missed else None
            if caught is not None:
                out.append(caught)
            if obs.phase in ACTIVE and obs.layout.lead is not None:
                out.append(announcer.answers.ends(obs))
        self.keep(obs)
        return out + (self.prompt(obs) if self.waits(obs) else [])

    def since(self, host: HostedTable, start: int, end: int) -> list[Event]:
        """The game's events from *start* to *end* as this seat may see them."""
        seat = -1 if self.seat is None else self.seat
        log = host.session.game.log[start:end]
        return [e for e in (public_event(event, seat) for event in log) if e is not None]

    def new_game(self, host: HostedTable, obs: Observation) -> Utterance:
        """ "New game: you and Anna (expert); Sniff, to 200 points" (as the game screen)."""
        introduced = []
        for seat in host.seats:
            name = self.names[seat.index]
            level = seat.level if seat.kind == "bot" else None
            introduced.append(self.texts.with_level(name, level) if level else name)
        partner = next((self.names[s] for s in obs.sides[obs.side] if s != self.seat), None)
        return self.texts.new_game(
            self.book.words.join(introduced),
            MenuWords(self.tr).preset(obs.rules.preset),
            obs.target,
            partner=partner,
            muggins=obs.rules.muggins,
        )

    def step(
        self, host: HostedTable, frame: dict[str, Any], obs: Observation | None
    ) -> list[Utterance]:
        """One step of the game: said as the game screen's listener says it."""
        game = host.session.game
        events = [read_event(e, game.rules, game.players) for e in frame["events"]]
        at = int(frame["at"])
        if self.seat is None or obs is None:
            self.told = at
            scene = Scene.of_game(game)
            told = [self.events.describe(event, scene) for event in events]
            return [u for u in told if u.text]
        previous, self.previous = self.previous, obs
        self.told = self.owner.told[self.seat] = at
        announcer = self.announcer
        out: list[Utterance] = []
        own = frame.get("actor") == self.seat and not frame.get("bot")
        let_go = (
            own
            and previous is not None
            and previous.phase is Phase.MUGGINS
            and previous.current == self.seat
            and not any(isinstance(e, MugginsCalled) for e in events)
        )
        if let_go:
            out.append(announcer.events.muggins_let_go(obs.mover))
        out += announcer.on_events(events, obs, prompt=False)
        if own:
            self.end_index = 0
        self.keep(obs)
        if self.waits(obs):
            drew = own and bool(events) and isinstance(events[0], Drew)
            # After your own draw its words say what to do next: no turn prompt on top.
            out += self.prompt(obs, turn=not drew)
        return out

    def waits(self, obs: Observation) -> bool:
        """Whether the game waits for this player now (their turn, or between rounds)."""
        return obs.current == self.seat if obs.phase in ACTIVE else True

    def prompt(self, obs: Observation, *, turn: bool = True) -> list[Utterance]:
        """What the player is to do now (the game screen's prompt)."""
        if obs.phase is Phase.ROUND_OVER:
            return [self.texts.next_round_prompt()]
        if obs.phase is Phase.GAME_OVER:
            return [self.web.game_over_prompt()]
        said = self.announcer.turn_prompt(obs, selected=self.chosen_move(obs)) if turn else None
        if said is None:
            return []
        out = [said]
        answers = self.announcer.answers
        if obs.phase is Phase.CLAIM and not self.claim_help_given:
            out.append(Utterance(sentences(answers.claim_help()), kind="prompt"))
            self.claim_help_given = True
        elif obs.phase is Phase.MUGGINS and not self.muggins_help_given:
            out.append(Utterance(sentences(answers.muggins_help()), kind="prompt"))
            self.muggins_help_given = True
        return out

    def refused(self, host: HostedTable, frame: dict[str, Any]) -> list[Utterance]:
        if self.seat is None:
            return []
        try:
            reason = Reason(frame.get("reason"))
        except ValueError:
            reason = Reason.WRONG_PHASE
        top = host.session.game.rules.max_pip
        tiles = tuple(
            Tile.of(t[0], t[1])
            for t in frame.get("tiles", [])
            if isinstance(t, list) and len(t) == 2 and all(0 <= v <= top for v in t)
        )
        action = getattr(self.channel, "acting", None)
        refusal = Refusal(reason, str(frame.get("message", "")), action, tiles)
        obs = host.table.observe(self.seat)
        return [_refusal(self.announcer.refusals.refusal(refusal, obs))]

    def notice(self, frame: dict[str, Any]) -> list[Utterance]:
        seat = frame.get("seat")
        mine = seat is not None and seat == self.seat
        name = str(frame.get("name") or "")
        if not name and isinstance(seat, int) and 0 <= seat < len(self.names):
            name = self.names[seat]
        count = frame.get("count")
        said = self.online.news(
            str(frame.get("kind", "")), name, mine=mine, count=count if type(count) is int else 0
        )
        return [said] if said is not None else []

    # -- the cursor (the page's selection, kept as the game screen keeps it) ------------

    def keep(self, obs: Observation) -> None:
        """Keep the selection in the hand; on the player's turn, on a tile that fits."""
        hand = list(obs.hand)
        if self.selected not in hand:
            self.end_index = 0
            self.selected = hand[0] if hand else None
        fitting = {a.tile for a in obs.legal if isinstance(a, Move)} if obs.my_turn else set()
        if obs.phase is Phase.PLAY and fitting and self.selected not in fitting:
            self.end_index = 0
            self.selected = next(t for t in hand if t in fitting)

    def chosen_move(self, obs: Observation) -> Move | None:
        if self.selected is None or self.selected not in obs.hand:
            return None
        moves = moves_for(obs, self.selected)
        return moves[self.end_index % len(moves)] if moves else None

    # -- questions ------------------------------------------------------------------------

    def answer(
        self, host: HostedTable, obs: Observation, ask: Ask
    ) -> tuple[list[Utterance], dict[str, Any]]:
        """The answer to one question of the page (not the hint: see :meth:`TableWords.answer`)."""
        if ask.what == "repeat":
            return [replace(u, interrupt=True) for u in self.last], {}
        said, extra = self._answer(host, obs, ask)
        self.last = [said]
        return [said], extra

    def _answer(
        self, host: HostedTable, obs: Observation, ask: Ask
    ) -> tuple[Utterance, dict[str, Any]]:
        answers = self.announcer.answers
        what = ask.what
        simple: dict[str, Callable[[Observation], Utterance]] = {
            "hand": answers.hand,
            "ends": answers.ends,
            "count": answers.count,
            "layout": answers.layout,
            "scores": answers.scores,
            "boneyard": answers.boneyard,
            "history": answers.history,
        }
        if what in simple:
            return simple[what](obs), {}
        if what == "round":
            return answers.round_info(obs, MenuWords(self.tr).preset(obs.rules.preset)), {}
        if what == "unseen":
            said, more = answers.unseen(obs, ask.page)
            return said, {"more": more}
        if what == "since":
            return self.catchup.since_my_move(self.since_my_move(host), obs.rules), {}
        if what == "turn":
            return answers.turn(obs, help=True, selected=self.chosen_move(obs)), {}
        if what == "tile":
            return self.choose_tile(obs, ask.tile), self.selection(obs)
        if what == "preview":
            return self.choose_end(obs, ask), self.selection(obs)
        return help_said(self.tr, muggins=obs.rules.muggins, part=ask.page), {}

    def since_my_move(self, host: HostedTable) -> list[Event]:
        log = host.session.game.log
        start = 0
        for index in range(len(log) - 1, -1, -1):
            event = log[index]
            if isinstance(event, _OWN_ACTIONS) and event.player == self.seat:
                start = index + 1
                break
        return self.since(host, start, len(log))

    def choose_tile(self, obs: Observation, value: Any) -> Utterance:
        """Select a tile (two numbers), or the first tile that shows one number (the
        game screen's digit keys), and say it with where it fits."""
        top = obs.rules.max_pip
        if (
            not isinstance(value, list)
            or not 1 <= len(value) <= 2
            or any(type(v) is not int or v < 0 for v in value)
        ):
            return self.web.not_a_tile()
        if max(value) > top:
            return self.texts.not_in_set(max(value), top)
        hand = list(obs.hand)
        if not hand:
            return self.texts.empty_hand()
        if len(value) == 1:
            tiles = [t for t in hand if t.has(value[0])]
            if not tiles:
                return self.texts.no_tile_with(value[0])
            fitting = [t for t in tiles if moves_for(obs, t)]
            tile = (fitting or tiles)[0]
        else:
            tile = Tile.of(value[0], value[1])
            if tile not in hand:
                return self.texts.not_holding(tile)
        self.selected = tile
        self.end_index = 0
        said = self.announcer.answers.tile_choice(obs, tile)
        if self.book.brief or len(hand) < 2:
            return said
        where = self.texts.position(hand.index(tile) + 1, len(hand))
        return replace(said, text=f"{said.text} {where}")

    def choose_end(self, obs: Observation, ask: Ask) -> Utterance:
        """The end a selected tile would go on, with what the play would make (Up and
        Down): *page* is its place among the tile's moves, *end* its name."""
        value = ask.tile
        top = obs.rules.max_pip
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(type(v) is not int or not 0 <= v <= top for v in value)
        ):
            return self.web.not_a_tile()
        tile = Tile.of(value[0], value[1])
        if tile not in obs.hand:
            return self.texts.not_holding(tile)
        self.selected = tile
        moves = moves_for(obs, tile)
        if not moves:
            self.end_index = 0
            return _refusal(self.announcer.answers.tile_choice(obs, tile))
        index = ask.page % len(moves)
        if ask.end is not None and moves[index].end.value != ask.end:
            index = next((i for i, m in enumerate(moves) if m.end.value == ask.end), index)
        self.end_index = index
        return self.announcer.answers.preview(obs, moves[index])


class TableWords:
    """One hosted table's words for its words clients (see the module docstring)."""

    def __init__(self, *, hint_playouts: int | None = None) -> None:
        self._ears: dict[int, _Ear] = {}
        #: The position each seat's connections were told up to (kept across them).
        self.told: dict[int, int] = {}
        self.hint_playouts = hint_playouts

    def _ear(self, host: HostedTable, channel: Channel) -> _Ear:
        ear = self._ears.get(id(channel))
        if ear is None or ear.channel is not channel or ear.language != channel.language:
            ear = _Ear(self, host, channel)
            self._ears[id(channel)] = ear
        return ear

    def said(
        self, host: HostedTable, channel: Channel, frame: dict[str, Any]
    ) -> dict[str, Any] | None:
        try:
            return self._ear(host, channel).said(host, frame)
        except Exception:  # words that fail must never take the table down
            _log.exception("no words for a %s frame at table %s", frame.get("type"), host.code)
            return None

    def gone(self, channel: Channel) -> None:
        self._ears.pop(id(channel), None)

    def answer(
        self, host: HostedTable, channel: Channel, seat: int, ask: Ask, spawn: Spawn
    ) -> None:
        """Answer *ask* to *channel* (the hint later, from an executor)."""
        ear = self._ear(host, channel)
        obs = host.table.observe(seat)
        if ask.what == "hint":
            self._hint(host, ear, obs, spawn)
            return
        said, extra = ear.answer(host, obs, ask)
        host.tell(channel, {**_say(said), "answer": ask.what, **extra})

    def _hint(self, host: HostedTable, ear: _Ear, obs: Observation, spawn: Spawn) -> None:
        if not obs.my_turn:
            host.tell(ear.channel, _say([_refusal(ear.texts.hint_not_now())], answer="hint"))
            return
        if ear.hinting:
            host.tell(ear.channel, _say([ear.web.no_hint_now()], answer="hint"))
            return
        ear.hinting = True
        position = host.table.position
        seed = position * 7919 + ear.hints_used
        work = functools.partial(hint_for, obs, seed=seed, playouts=self.hint_playouts)

        async def think() -> None:
            try:
                hint = await asyncio.get_running_loop().run_in_executor(None, work)
                if host.table.position != position or self._ears.get(id(ear.channel)) is not ear:
                    return  # the game moved on, or the page left: the hint is no use now
                ear.hints_used += 1
                action = hint.action
                tile = getattr(action, "tile", None)
                if tile is not None:
                    # The hint selects its tile and end: Enter then plays it.
                    ear.selected = tile
                    moves = moves_for(obs, tile)
                    ear.end_index = moves.index(action) if action in moves else 0
                said = ear.hints.hint(hint, muggins=obs.rules.muggins)
                ear.last = [said]
                host.tell(ear.channel, _say([said], answer="hint", **ear.selection(obs)))
            finally:
                ear.hinting = False

        spawn(think())
