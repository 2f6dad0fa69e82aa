"""What the player hears of the game: events, the turn prompt, answers,
refusals, and the catch-up after an interruption.

Nothing that happened may reach the player as silence. When a key cuts the
bots' plays off, their events still go to the message history, and are
kept as *missed*: before the player's next prompt a condensed catch-up says
them ("meanwhile: Anna played five-one west, 10; Ben drew 2 and passed").
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.announce import Announcer, Utterance
from sniff.announce.catchup import CatchUpWords
from sniff.announce.game_ui import GameTexts
from sniff.announce.hints import HintWords
from sniff.announce.menu import MenuWords
from sniff.announce.phrases import sentences
from sniff.engine import Event, Observation, Phase
from sniff.i18n import Translator
from sniff.session.game import GameSession, bot_name
from sniff.ui.base import UiContext

__all__ = ["GameVoice"]


class GameVoice:
    """Speaks one game for the person at the keyboard."""

    def __init__(self, ctx: UiContext, session: GameSession) -> None:
        self.ctx = ctx
        self.session = session
        self.output = ctx.output
        self.missed: list[Event] = []
        # How to answer the muggins rule's questions is said once; then W and F1 say it.
        self.claim_help_given = False
        self.muggins_help_given = False
        # Whether to say what Enter does after a round or game (a lesson's coach says it).
        self.between_rounds = True
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

    @property
    def seat(self) -> int:
        return self.session.human if self.session.human is not None else 0

    def player_names(self) -> list[str]:
        """ "You" (in the player's language), then the others by their names."""
        names = []
        for seat, player in enumerate(self.session.players):
            if seat == self.session.human:
                names.append(self.texts.you())
            else:
                names.append(player.name or bot_name(seat))
        return names

    def obs(self) -> Observation:
        return self.session.observe()

    # -- speaking ---------------------------------------------------------------------

    def say(self, utterances: Utterance | Sequence[Utterance], *, quiet: bool = False) -> None:
        self.output.say(
            utterances if isinstance(utterances, Utterance) else list(utterances), quiet=quiet
        )

    def refuse(self, utterance: Utterance) -> None:
        """Say why nothing happened, with the invalid earcon."""
        if utterance.cue != "invalid":
            utterance = Utterance(utterance.text, True, "invalid", None, 0, "refusal")
        self.say(utterance)

    def events(self, events: Sequence[Event], *, quiet: bool = False) -> None:
        """Say what *events* (one action's, or one bot turn's) mean for the player.

        *quiet*: the player is pressing keys; the words go to the history and
        the events are kept for the catch-up.
        """
        said = self.announcer.on_events(events, self.obs(), prompt=False)
        if quiet:
            self.missed.extend(events)
        self.say(said, quiet=quiet)

    def prompt(self, *, turn: bool = True) -> None:
        """The catch-up of anything missed, then what the player is to do now
        (*turn*: False when the words just said already told it)."""
        obs = self.obs()
        if self.missed:
            caught = self.catchup.catch_up(self.missed, obs.rules)
            self.missed = []
            if caught is not None:
                self.say(caught)
        if obs.phase is Phase.ROUND_OVER:
            if self.between_rounds:
                self.say(self.texts.next_round_prompt())
            return
        if obs.phase is Phase.GAME_OVER:
            if self.between_rounds:
                self.say(self.texts.game_over_prompt())
            return
        prompt = self.announcer.turn_prompt(obs) if turn else None
        if prompt is None:
            return
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
        session, texts = self.session, self.texts
        game = session.game
        introduced = []
        for seat, player in enumerate(session.players):
            name = self.names[seat]
            level = player.level if player.kind == "bot" else None
            introduced.append(texts.with_level(name, level) if level else name)
        partner = None
        if self.session.human is not None:
            mine = game.sides[game.side_of[self.session.human]]
            partner = next((self.names[s] for s in mine if s != self.session.human), None)
        return texts.new_game(
            self.announcer.words.join(introduced),
            self.preset_name(),
            game.target,
            partner=partner,
            muggins=game.rules.muggins,
        )

    def preset_name(self) -> str:
        """The rules' name as the player knows it ("Sniff, US rules")."""
        return MenuWords(self.tr).preset(self.session.rules.preset)

    def since_my_move(self) -> None:
        """The key for "what happened since my last move"."""
        events = self.session.events_since_my_move()
        self.say(self.catchup.since_my_move(events, self.session.rules))

    def not_your_turn(self) -> None:
        self.refuse(self.announcer.answers.turn(self.obs()))
