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

from sniff.announce import Announcer, Utterance
from sniff.announce.catchup import CatchUpWords
from sniff.announce.game_ui import GameTexts
from sniff.announce.hints import HintWords
from sniff.announce.menu import MenuWords
from sniff.announce.online import OnlineWords
from sniff.announce.phrases import sentences
from sniff.engine import Event, Move, Observation, Phase
from sniff.enums import Cue
from sniff.i18n import Translator
from sniff.output.router import Said
from sniff.session.game import bot_name
from sniff.session.link import SeatLink
from sniff.ui.base import UiContext
from sniff.ui.game.owed import Owed

__all__ = ["GameVoice"]


class GameVoice:
    """Speaks one game for the person at the keyboard."""

    def __init__(self, ctx: UiContext, link: SeatLink) -> None:
        self.ctx = ctx
        self.link = link
        self.output = ctx.output
        self.owed = Owed(ctx.output)
        self.offers_new_game = True  # Enter after the game starts another (not online)
        # How to answer the muggins rule's questions is said once; then W and F1 say it.
        self.claim_help_given = False
        self.muggins_help_given = False
        self.set_translator(ctx.translator)

    def set_translator(self, tr: Translator) -> None:
        """Speak *tr*'s language from now on (the setup menu may change it)."""
        self.tr = tr
        self.texts = GameTexts(tr)
        self.names = self.player_names()
        self.announcer = Announcer(
            self.seat, tr, player_names=self.names, verbosity=self.ctx.settings.verbosity
        )
        self.catchup = CatchUpWords(self.announcer.book)
        self.hints = HintWords(self.announcer.book)
        self.online = OnlineWords(tr)

    def refresh_names(self) -> None:
        """The players' names changed (an online table filled up): take them anew."""
        self.set_translator(self.tr)

    @property
    def seat(self) -> int:
        return self.link.seat

    def player_names(self) -> list[str]:
        """ "You" (in the player's language) for this seat, the others by their names."""
        names = []
        for seat, player in enumerate(self.link.players):
            if seat == self.seat:
                names.append(self.texts.you())
            else:
                names.append(player.name or bot_name(seat))
        return names

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
        if utterance.cue is not Cue.INVALID:
            utterance = Utterance(utterance.text, interrupt=True, cue=Cue.INVALID, kind="refusal")
        self.say(utterance)

    def events(
        self, events: Sequence[Event], obs: Observation | None = None, *, quiet: bool = False
    ) -> list[Said]:
        """Say what *events* (one action's, or one turn of another player's) mean for
        the player; *obs* is the player's view after them.

        *quiet*: the player is pressing keys; the words go to the history only.
        """
        said = self.announcer.on_events(events, obs or self.obs(), prompt=False)
        return self.say(said, quiet=quiet)

    def catch_up(self) -> None:
        """Say again what the player has not heard of the others' plays (if anything)."""
        owed = self.owed.due()
        if not owed:
            return
        caught = self.catchup.catch_up(owed, self.link.rules)
        if caught is None:
            return  # nothing worth saying (a deal the prompt tells anyway)
        self.owed.said_again(owed, self.say(caught))

    def prompt(self, *, turn: bool = True, selected: Move | None = None) -> None:
        """The catch-up of anything not heard, then what the player is to do now
        (*turn*: False when the words just said already told it)."""
        self.catch_up()
        obs = self.obs()
        if obs.phase is Phase.ROUND_OVER:
            self.say(self.texts.next_round_prompt())
            return
        if obs.phase is Phase.GAME_OVER:
            self.say(self.texts.game_over_prompt(new_game=self.offers_new_game))
            return
        prompt = self.announcer.turn_prompt(obs, selected=selected) if turn else None
        if prompt is None:
            return
        unheard = self.owed.unheard_count()
        if unheard and obs.current == self.seat:
            prompt = replace(prompt, text=f"{prompt.text} {self.catchup.unheard(unheard)}")
        said = [prompt]
        answers = self.announcer.answers
        if obs.current == self.seat and obs.phase is Phase.CLAIM and not self.claim_help_given:
            said.append(Utterance(sentences(answers.claim_help()), kind="prompt"))
            self.claim_help_given = True
        elif (
            obs.current == self.seat and obs.phase is Phase.MUGGINS and not self.muggins_help_given
        ):
            said.append(Utterance(sentences(answers.muggins_help()), kind="prompt"))
            self.muggins_help_given = True
        self.say(said)

    def new_game_words(self) -> Utterance:
        """ "New game: you and Anna (expert); Sniff, to 200 points", the partner, the
        muggins rule."""
        texts, obs = self.texts, self.obs()
        introduced = []
        for seat, player in enumerate(self.link.players):
            name = self.names[seat]
            level = player.level if player.kind == "bot" else None
            introduced.append(texts.with_level(name, level) if level else name)
        mine = obs.sides[obs.side]
        partner = next((self.names[s] for s in mine if s != self.seat), None)
        return texts.new_game(
            self.announcer.words.join(introduced),
            self.preset_name(),
            obs.target,
            partner=partner,
            muggins=obs.rules.muggins,
        )

    def preset_name(self) -> str:
        """The rules' name as the player knows it ("Sniff, US rules")."""
        return MenuWords(self.tr).preset(self.link.rules.preset)

    def since_my_move(self) -> None:
        """The key for "what happened since my last move": it answers what the prompt
        counted as not heard."""
        events = self.link.since_my_move()
        said = self.say(self.catchup.since_my_move(events, self.link.rules))
        self.owed.said_again(list(events), said, settle=True)

    def not_your_turn(self) -> None:
        self.refuse(self.announcer.answers.turn(self.obs()))
