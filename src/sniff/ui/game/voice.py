"""What the player hears of the game: events, the turn prompt, answers,
refusals, and the catch-up of what was not heard.

Nothing that happened may reach the player as silence. What the others did
and the player has not surely heard to its end is kept in :attr:`GameVoice.owed`
(:mod:`sniff.ui.game.owed`); before the player's next prompt it is said
again in one condensed catch-up ("meanwhile: Anna played five-one west, 10;
Ben drew 2 and passed"), or, where the speech cannot tell what was heard,
counted in the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sniff.announce import Utterance
from sniff.announce.announcer import Announcer
from sniff.announce.catchup import CatchUpWords
from sniff.announce.commands import Command
from sniff.announce.game_ui import GameTexts
from sniff.announce.hints import HintWords
from sniff.announce.online import OnlineWords
from sniff.announce.presenter import AfterGame, SeatPresenter
from sniff.announce.selection import refusal
from sniff.announce.utterance import UtteranceKind
from sniff.engine import Observation
from sniff.i18n import Translator
from sniff.output.router import Said
from sniff.session.link import SeatLink
from sniff.ui.base import UiContext
from sniff.ui.game.owed import Owed

__all__ = ["GameVoice"]


class GameVoice:
    """Speaks one game for the person at the keyboard: the seat's presenter
    (:class:`~sniff.announce.presenter.SeatPresenter`) makes the words, this says
    them and keeps what was not heard."""

    def __init__(self, ctx: UiContext, link: SeatLink) -> None:
        self.ctx = ctx
        self.link = link
        self.output = ctx.output
        self.owed = Owed(ctx.output)
        self.tr = ctx.translator
        self.presenter = SeatPresenter(
            ctx.translator, link.seat, link.players, link.rules,
            verbosity=ctx.settings.verbosity,
        )  # fmt: skip

    @property
    def offers_new_game(self) -> bool:
        """Whether Enter after the game starts another (not online)."""
        return self.presenter.after_game is AfterGame.NEW_GAME

    @offers_new_game.setter
    def offers_new_game(self, value: bool) -> None:
        self.presenter.after_game = AfterGame.NEW_GAME if value else AfterGame.LEAVE

    def set_translator(self, tr: Translator) -> None:
        """Speak *tr*'s language from now on (the setup menu may change it)."""
        self.tr = tr
        self.presenter.set_translator(tr)

    def refresh_names(self) -> None:
        """The players' names changed (an online table filled up): take them anew."""
        self.presenter.set_players(self.link.players)

    # -- the presenter's parts, by the names the screen's parts use ------------------------

    @property
    def texts(self) -> GameTexts:
        return self.presenter.texts

    @property
    def announcer(self) -> Announcer:
        return self.presenter.announcer

    @property
    def names(self) -> list[str]:
        return self.presenter.names

    @property
    def catchup(self) -> CatchUpWords:
        return self.presenter.catchup

    @property
    def hints(self) -> HintWords:
        return self.presenter.hints

    @property
    def online(self) -> OnlineWords:
        return self.presenter.online

    @property
    def seat(self) -> int:
        return self.link.seat

    def obs(self) -> Observation:
        return self.link.view()

    # -- speaking ---------------------------------------------------------------------

    def say(
        self, utterances: Utterance | Sequence[Utterance], *, quiet: bool = False
    ) -> list[Said]:
        return self.output.say(
            utterances if isinstance(utterances, Utterance) else list(utterances), quiet=quiet
        )

    def refuse(self, utterance: Utterance) -> None:
        """Say why nothing happened, with the invalid earcon."""
        self.say(refusal(utterance))

    def catch_up(self) -> None:
        """Say again what the player has not heard of the others' plays (if anything)."""
        owed = self.owed.due()
        if not owed:
            return
        caught = self.catchup.catch_up(owed, self.link.rules)
        if caught is None:
            return  # nothing worth saying (a deal the prompt tells anyway)
        self.owed.said_again(owed, self.say(caught))

    def prompt(self, prompt: Sequence[Utterance]) -> list[Said]:
        """The catch-up of anything not heard, then *prompt* (the presenter's: what the
        player is to do now), with how many turns may not have been heard."""
        self.catch_up()
        said = list(prompt)
        unheard = self.owed.unheard_count()
        obs = self.obs()
        if said and unheard and obs.current == self.seat and said[0].kind is UtteranceKind.TURN:
            said[0] = replace(said[0], text=f"{said[0].text} {self.catchup.unheard(unheard)}")
        return self.say(said) if said else []

    def new_game_words(self) -> Utterance:
        """ "New game: you and Anna (expert); Sniff, to 200 points"..."""
        return self.presenter.new_game_words(self.obs())

    def preset_name(self) -> str:
        """The rules' name as the player knows it ("Sniff, US rules")."""
        return self.presenter.preset_name()

    def since_my_move(self) -> None:
        """The key for "what happened since my last move": it answers what the prompt
        counted as not heard."""
        said = self.say(self.presenter.command(Command.SINCE, self.obs()).said)
        self.owed.said_again(self.presenter.since_my_move(), said, settle=True)

    def not_your_turn(self) -> None:
        self.refuse(self.presenter.announcer.answers.turn(self.obs()))
