"""What the game's keys come to: the seat's presenter says what a key means and
what it asks for, and this does it (an action to the table, the next round, a
new game, a hint).

A key only says which action the player means; whether it is allowed is the
table's to say (it asks the engine): a refused action changes nothing and is
spoken back with its reason, an accepted one is told back as a step of the
game (see :class:`~sniff.ui.game.listening.SeatListener`).
"""

from __future__ import annotations

from collections.abc import Callable

from sniff.announce.commands import Command
from sniff.announce.presenter import Reply
from sniff.engine import Action
from sniff.session.link import SeatLink
from sniff.ui.game.cursor import HandCursor
from sniff.ui.game.hinting import Hinter
from sniff.ui.game.listening import SeatListener
from sniff.ui.game.voice import GameVoice

__all__ = ["GameActions"]


class GameActions:
    """The keys of one game, done."""

    def __init__(
        self,
        link: SeatLink,
        voice: GameVoice,
        cursor: HandCursor,
        listener: SeatListener,
        *,
        new_game: Callable[[], None],
        hinter: Hinter,
    ) -> None:
        self.link = link
        self.voice = voice
        self.cursor = cursor
        self.listener = listener
        self.new_game = new_game
        self.hinter = hinter

    def command(self, command: Command) -> bool:
        """A key of the game: said and done. False when it did nothing here."""
        if command is Command.SINCE:
            self.voice.since_my_move()  # (it settles what was not heard)
            return True
        if command is Command.HINT:
            self.hinter.allow()
        return self.perform(self.voice.presenter.command(command, self.link.view()))

    def perform(self, reply: Reply) -> bool:
        """Say *reply* and do what it asks."""
        self.voice.say(reply.said)
        if reply.action is not None:
            self.act(reply.action)
        elif reply.ready:
            self.link.next_round()
        elif reply.after_game:
            self.new_game()
        elif reply.hint:
            self.hinter.start()
        return reply.handled

    def enter(self) -> None:
        """Enter: play, claim, call muggins, deal the next round or start a new game."""
        self.command(Command.ENTER)

    def act(self, action: Action) -> None:
        """Send *action* to the table for the player (a screen around the game, such
        as a lesson's coach, may answer it instead)."""
        hooks = self.listener.hooks
        if hooks is not None and not hooks.before(action):
            return
        self.listener.acting = action
        self.link.act(action)
