"""The words a browser hears at a hosted table: each seat's presenter, fed from the
table's own values, and its answers sent as ``say`` frames.

A browser says ``"words": true`` in its hello. Then every frame its table
sends it (:meth:`HostedTable._send <sniff.server.hosted.HostedTable>`) is
followed by a ``say`` frame built here: what the seat hears of that frame
(``items``: ``text``, ``interrupt``, ``cue``, ``kind``, ``short``), and, with
the frames that change the table, ``screen`` (the table as the page draws it,
:mod:`sniff.server.webview`), ``selected`` and ``status`` (the tile and end
Enter would play, and the turn line that names it), and ``pace`` (whether the
page tells the table it has heard the step once it has been said).

The words are not made here: each connection has a
:class:`~sniff.announce.presenter.SeatPresenter`, the same one the terminal
game uses, handed the typed frame's values (a step's events and view, a
refusal, a piece of news) — never a frame read back. The page's keys (``key``
messages) go to that presenter too (:meth:`TableWords.key`): it keeps the
selection and the digits, and says what each key means; what it asks for (an
action, the next round, a hint) is done here. A page that drops and comes back
(or is reloaded) hears what it missed as one catch-up: its state says where the
seat was told up to (``seen``, kept with the table).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from sniff.announce import Utterance
from sniff.announce.commands import FACTS, Command, command_for
from sniff.announce.keys import invalid_key, key_name
from sniff.announce.online import OnlineWords
from sniff.announce.presenter import AfterGame, Reply, SeatPresenter
from sniff.announce.web import WebWords, help_said
from sniff.engine import Event, Observation, Played, Tile, public_event
from sniff.enums import NewsKind
from sniff.i18n import translator
from sniff.net.codec import tile_json
from sniff.net.frames import (
    ChatFrame,
    ErrorFrame,
    NoticeFrame,
    RefusedFrame,
    SayFrame,
    ServerFrame,
    StateFrame,
    StepFrame,
    TableFrame,
)
from sniff.net.messages import Ask, Key
from sniff.net.wire import ErrorCode
from sniff.server.codes import shown_code
from sniff.server.hosted import HostedTable
from sniff.server.seats import Channel
from sniff.server.webview import hand_view, table_view
from sniff.session.hints import hint_for
from sniff.session.table import Update
from sniff.storage.records import PlayerInfo

__all__ = ["TableWords", "refusal_said"]

_log = logging.getLogger(__name__)

#: The sit-down refusals, said as why the page could not sit down.
_SITTING = (
    ErrorCode.NO_TABLE, ErrorCode.TABLE_FULL, ErrorCode.NO_SEAT, ErrorCode.TOO_MANY_TABLES,
    ErrorCode.FULL, ErrorCode.BAD_RULES, ErrorCode.BAD_NAME, ErrorCode.RATE,
    ErrorCode.TOO_LONG,
)  # fmt: skip

Spawn = Callable[[Coroutine[Any, Any, None]], object]


def _item(said: Utterance) -> dict[str, Any]:
    item: dict[str, Any] = {"text": said.text, "interrupt": said.interrupt, "kind": said.kind}
    if said.cue:
        item["cue"] = str(said.cue)
    if said.short and said.short != said.text:
        item["short"] = said.short
    return item


def _say(items: Sequence[Utterance], **fields: Any) -> SayFrame:
    return SayFrame(tuple(_item(u) for u in items if u.text), **fields)


def refusal_said(language: str, code: ErrorCode, detail: str, *, seated: bool) -> SayFrame:
    """The ``say`` frame for an ``error`` frame the connection itself refused with
    (before a table, or a message the table never saw)."""
    online = OnlineWords(translator(language))
    if not seated and code in _SITTING:
        return _say([online.cannot_sit(code.value, detail, terminal=False)])
    return _say([online.refused(code.value)])


def players_of(host: HostedTable) -> tuple[PlayerInfo, ...]:
    """Who sits where, as the seats' presenters name them (a free seat has no name)."""
    return tuple(PlayerInfo(seat.name, seat.kind, seat.level) for seat in host.seats)


#: The news that ends a table before its game ends.
_ENDING = (NewsKind.ROUND_LIMIT, NewsKind.ENDED)


class _Ear:
    """One connection's words: its seat's presenter, and how far it was told."""

    def __init__(self, owner: TableWords, host: HostedTable, channel: Channel) -> None:
        self.owner = owner
        self.channel = channel
        self.seat = host.seat_index(channel)
        self.language = channel.language
        tr = translator(channel.language)
        self.online = OnlineWords(tr)
        self.presenter = SeatPresenter(
            tr, self.seat, players_of(host), host.session.rules,
            verbosity=channel.verbosity, after_game=AfterGame.START_PAGE,
        )  # fmt: skip
        self.told: int | None = None  # the game's position this connection was told up to
        self.waiting_said = False
        self.help_page = 0

    # -- a frame's words --------------------------------------------------------------

    def said(self, host: HostedTable, frame: ServerFrame) -> SayFrame | None:
        presenter = self.presenter
        if isinstance(frame, TableFrame):
            presenter.set_players(players_of(host))
            return self.drawn(host, [], frame_at=host.table.position)
        if isinstance(frame, StateFrame):
            return self.drawn(host, self.state(host, frame), frame_at=frame.at)
        if isinstance(frame, StepFrame):
            if self.seat is None or frame.view is None:
                self.told = frame.at
                watched = presenter.watched(frame.events, actor=frame.actor)
                return self.drawn(host, watched, frame_at=frame.at)
            self.told = frame.at
            update = Update(frame.events, frame.view, frame.actor, frame.bot, frame.at)
            told = presenter.step(update)
            # The page tells the table it heard a step of the others once said (and its
            # pause passed); one that leaves it to act is heard at once.
            pace = None if told.own else not told.waits
            return self.drawn(host, told.said, frame_at=frame.at, pace=pace)
        items: list[Utterance] = []
        if isinstance(frame, RefusedFrame) and self.seat is not None:
            items = [presenter.refused(frame.refusal, host.table.observe(self.seat))]
        elif isinstance(frame, NoticeFrame | ChatFrame):
            said = presenter.news(frame.news)
            items = [] if said is None else [said]
            if isinstance(frame, NoticeFrame) and frame.news.kind in _ENDING:
                # The table ended before its game did: the page is drawn as over.
                return self.drawn(host, items, frame_at=host.table.position)
        elif isinstance(frame, ErrorFrame):
            items = [self.online.refused(frame.code.value)]
        return _say(items) if items else None

    def drawn(
        self, host: HostedTable, items: list[Utterance], *, frame_at: int, pace: bool | None = None
    ) -> SayFrame:
        """*items*, with the table to draw at position *frame_at* (a frame that comes late
        is not drawn over a newer one) and the selection."""
        obs = host.table.observe(self.seat)  # (a spectator's: the public view)
        screen = table_view(host, obs, self.presenter, self.seat)
        if self.seat is not None:
            screen["hand"] = hand_view(obs, self.presenter)
        return _say(items, screen=screen, at=frame_at, pace=pace, **self.selection(obs))

    def selection(self, obs: Observation) -> dict[str, Any]:
        """The selected tile and end for the page, and the turn line that names the
        play Enter makes with them (a spectator selects nothing)."""
        if self.seat is None:
            return {}
        presenter = self.presenter
        selection = presenter.selection
        tile = None if selection.tile is None else tile_json(selection.tile)
        status = presenter.announcer.answers.turn(obs, selected=selection.chosen(obs)).text
        return {"selected": {"tile": tile, "index": selection.end_index}, "status": status}

    def state(self, host: HostedTable, frame: StateFrame) -> list[Utterance]:
        """Everything so far: the waiting room, the game's first words, or, back after a
        drop, what was missed."""
        presenter = self.presenter
        code = shown_code(host.code)
        obs = frame.view
        if self.seat is None or obs is None:
            presenter.watched(frame.log[len(presenter.log) :], quiet=True)  # (its history)
            if self.told is not None:
                return []
            self.told = frame.at
            return [self.online.code_is(code)]
        if not host.started:
            if self.waiting_said:
                return []
            self.waiting_said = True
            return [self.online.waiting(host.policy.missing, code), self.online.code_is(code)]
        if self.told is not None:  # this connection was told: what came since
            missed = self.since(host, self.told, frame.at)
            self.told = frame.at
            if not missed:
                return []
            update = Update(tuple(missed), obs, None, True, frame.at, missed=True)
            return presenter.step(update).said
        # A new connection: a page that came back (the seat was told up to *seen*), or
        # the game's first words.
        self.told = frame.at
        missed = self.since(host, frame.seen, frame.at) if frame.seen is not None else []
        resumed = bool(missed) or any(isinstance(e, Played) for e in frame.log)
        return presenter.opening(obs, frame.log, resumed=resumed, missed=missed).said

    def since(self, host: HostedTable, start: int, end: int) -> list[Event]:
        """The game's events from *start* to *end* as this seat may see them."""
        seat = -1 if self.seat is None else self.seat
        log = host.session.game.log[start:end]
        return [e for e in (public_event(event, seat) for event in log) if e is not None]

    # -- the page's keys and questions ----------------------------------------------------

    def reply(
        self, host: HostedTable, seat: int | None, reply: Reply, at: int, answer: str
    ) -> None:
        """Say *reply* to the page and do what it asks (a spectator's asks nothing)."""
        obs = host.table.observe(seat)
        host.tell(self.channel, _say(reply.said, answer=answer, **self.selection(obs)))
        if seat is None:
            return
        state = host.seats[seat]
        if reply.action is not None:
            self.channel.acting = reply.action
            host.act(state, reply.action, at)
        elif reply.ready:
            host.ready(state)

    def ask(self, obs: Observation, ask: Ask) -> Reply:
        """The answer to one question of the page (not the hint: see :meth:`TableWords.answer`)."""
        reply = self._ask(obs, ask)
        if reply.said and ask.what != "repeat":
            self.presenter.last = list(reply.said)
        return reply

    def _ask(self, obs: Observation, ask: Ask) -> Reply:
        presenter = self.presenter
        what = ask.what
        if self.seat is None and what in ("tile", "preview"):
            return Reply([presenter.online.refused(ErrorCode.SPECTATOR.value)])
        if what == "tile":
            value = ask.tile
            if not _pips(value, 1, 2):
                return Reply([WebWords(presenter.tr).not_a_tile()])
            assert value is not None
            return Reply([presenter.selection.pick(obs, tuple(value))])
        if what == "preview":
            value = ask.tile
            top = obs.rules.max_pip
            if not _pips(value, 2, 2) or max(value or [0]) > top:
                return Reply([WebWords(presenter.tr).not_a_tile()])
            assert value is not None
            tile = Tile.of(value[0], value[1])
            return Reply([presenter.selection.choose_end(obs, tile, ask.page, ask.end)])
        if what == "help":
            return Reply([help_said(presenter.tr, muggins=obs.rules.muggins, part=ask.page)])
        command = Command(what)
        if command in FACTS:
            page = ask.page if command is Command.UNSEEN else None
            return Reply([presenter.fact(command, obs, page=page)])
        return presenter.command(command, obs)


def _pips(value: Any, least: int, most: int) -> bool:
    return (
        isinstance(value, list)
        and least <= len(value) <= most
        and all(type(v) is int and 0 <= v <= 99 for v in value)
    )


class TableWords:
    """One hosted table's words for its words clients (see the module docstring)."""

    def __init__(self, *, hint_playouts: int | None = None) -> None:
        self._ears: dict[int, _Ear] = {}
        self.hint_playouts = hint_playouts

    def _ear(self, host: HostedTable, channel: Channel) -> _Ear:
        ear = self._ears.get(id(channel))
        if ear is None or ear.channel is not channel or ear.language != channel.language:
            ear = _Ear(self, host, channel)
            self._ears[id(channel)] = ear
        return ear

    def said(self, host: HostedTable, channel: Channel, frame: ServerFrame) -> SayFrame | None:
        try:
            return self._ear(host, channel).said(host, frame)
        except Exception:  # words that fail must never take the table down, nor be silent
            _log.exception("no words for a %s at table %s", type(frame).__name__, host.code)
            return _say([OnlineWords(translator(channel.language)).words_failed()])

    def gone(self, channel: Channel) -> None:
        self._ears.pop(id(channel), None)

    def answer(
        self, host: HostedTable, channel: Channel, seat: int | None, ask: Ask, spawn: Spawn
    ) -> None:
        """Answer *ask* to *channel* (the hint later, from an executor)."""
        ear = self._ear(host, channel)
        obs = host.table.observe(seat)
        if ask.what == "hint":
            reply = ear.presenter.command(Command.HINT, obs)
            if reply.hint:
                self._hint(host, ear, obs, spawn)
            else:
                host.tell(channel, _say(reply.said, answer="hint"))
            return
        reply = ear.ask(obs, ask)
        if ask.what == "unseen":
            more = ear.presenter.unseen_page != 0
            host.tell(channel, _say(reply.said, answer=ask.what, more=more))
            return
        ear.reply(host, seat, reply, host.table.position, ask.what)

    def key(
        self, host: HostedTable, channel: Channel, seat: int | None, key: Key, spawn: Spawn
    ) -> None:
        """A key of the page: said by the seat's presenter, and done."""
        ear = self._ear(host, channel)
        presenter = ear.presenter
        obs = host.table.observe(seat)
        if key.key.isdigit() and len(key.key) == 1 and seat is None:
            reply = Reply([presenter.online.refused(ErrorCode.SPECTATOR.value)])
        elif key.key.isdigit() and len(key.key) == 1:
            reply = presenter.digit(key.key, obs)
            if reply.wait is not None:
                token = reply.token

                def alone() -> None:
                    if self._ears.get(id(channel)) is ear and not host.ended:
                        now = host.table.observe(seat)
                        said = presenter.digit_alone(token, now)
                        if said:
                            host.tell(channel, _say(said, answer="key", **ear.selection(now)))

                host.clock.call_later(reply.wait, alone)
        else:
            command = command_for(key.key, presenter.tr, muggins=obs.rules.muggins)
            if command is None:
                said = invalid_key(presenter.tr, key_name(presenter.tr, key.key))
                host.tell(channel, _say([said], answer="key"))
                return
            reply = presenter.command(command, obs)
            if reply.hint:
                self._hint(host, ear, obs, spawn)
                return
            if not reply.handled:
                return
        ear.reply(host, seat, reply, key.at, "key")

    def _hint(self, host: HostedTable, ear: _Ear, obs: Observation, spawn: Spawn) -> None:
        """The hint's search (the presenter allowed it), off the event loop."""
        presenter = ear.presenter
        position = host.table.position
        work = functools.partial(
            hint_for, obs, seed=presenter.hint_seed(position), playouts=self.hint_playouts
        )

        async def think() -> None:
            try:
                hint = await asyncio.get_running_loop().run_in_executor(None, work)
                if host.table.position != position or self._ears.get(id(ear.channel)) is not ear:
                    return  # the game moved on, or the page left: the hint is no use now
                said = presenter.hinted(hint, obs)
                host.tell(ear.channel, _say([said], answer="hint", **ear.selection(obs)))
            finally:
                presenter.hinting = False

        spawn(think())
