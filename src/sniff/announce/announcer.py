"""The announcer: one seat's ears. Events and observations in, utterances out.

It speaks only from what the seat may know: every event goes through
:func:`sniff.engine.public_event` first, and everything else comes from the
seat's :class:`~sniff.engine.Observation`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sniff.announce.narration import Narrator
from sniff.announce.phrases import sentences
from sniff.announce.queries import Queries
from sniff.announce.utterance import Utterance, Verbosity
from sniff.engine import (
    DRAW,
    PASS,
    Claimed,
    Dealt,
    Drew,
    End,
    Event,
    Move,
    MugginsCalled,
    Observation,
    Passed,
    Phase,
    Played,
    Reason,
    Refusal,
    fitting_ends,
    public_event,
)
from sniff.i18n import Translator

__all__ = ["Announcer"]

# Events after which someone new is to act: a turn prompt may follow them.
_TURN_ENDERS = (Dealt, Played, Passed, Claimed, MugginsCalled)


def _leads_to_prompt(rest: Sequence[Event]) -> bool:
    """Whether an event after the first of *rest* could still carry the turn prompt."""
    return any(isinstance(e, _TURN_ENDERS) for e in rest[1:])


class Announcer(Narrator, Queries):
    """Everything one seat hears.

    >>> from sniff.engine import Game, preset, observe
    >>> from sniff.i18n import Translator
    >>> game = Game(preset("sniff"), 2, seed=1)
    >>> ann = Announcer(0, Translator.null(), player_names=["Ada", "Anna"])
    >>> [u.kind for u in ann.on_event(game.log[0], observe(game, 0))][:1]
    ['deal']
    """

    def __init__(
        self,
        seat: int,
        translator: Translator,
        *,
        player_names: Sequence[str],
        verbosity: Verbosity = "brief",
    ) -> None:
        super().__init__(translator, seat=seat, player_names=player_names, verbosity=verbosity)
        self.seat: int = seat
        self.prompts_own_turn = True
        self._prompted: tuple[int, int, int, str] | None = None

    # -- events ----------------------------------------------------------------------

    def on_event(self, event: Event, obs: Observation, *, prompt: bool = True) -> list[Utterance]:
        """What this seat hears about *event*; *obs* is the seat's view after it.

        *prompt*: follow it with "your turn" when the seat is to act (False
        for all but the last of a batch of events that share *obs*).
        """
        seen = public_event(event, self.seat)
        if seen is None:
            return []
        self.set_rules(obs.rules)
        if obs.sides != self.sides:
            self.set_sides(obs.sides)
        out = self.describe(seen)
        if isinstance(seen, Drew) and seen.player == self.seat and seen.tile is not None:
            out[-1] = self._after_own_draw(out[-1], seen, obs)
        if prompt and isinstance(seen, _TURN_ENDERS):
            said = self._turn_prompt_once(obs)
            if said is not None:
                out.append(said)
        return out

    def on_events(self, events: Iterable[Event], obs: Observation) -> list[Utterance]:
        """:meth:`on_event` for each of *events* (all that one action caused)."""
        out: list[Utterance] = []
        batch = list(events)
        for i, event in enumerate(batch):
            # The prompt belongs after the whole batch: *obs* is the view after its last event.
            last = i == len(batch) - 1
            out.extend(self.on_event(event, obs, prompt=last or not _leads_to_prompt(batch[i:])))
        return out

    def _after_own_draw(self, said: Utterance, event: Drew, obs: Observation) -> Utterance:
        """Your draw, and whether the drawn tile fits (and what to do if not)."""
        tr = self.tr
        assert event.tile is not None
        ends = [a.end for a in obs.legal if isinstance(a, Move) and a.tile == event.tile]
        if ends:
            if obs.forced == event.tile:
                # Translators: after your draw: the tile fits and must be played now.
                extra = tr._("it fits {ends}: play it").format(ends=self.fit_ends(ends))
            else:
                # Translators: after your draw: the tile fits these ends.
                extra = tr._("it fits {ends}").format(ends=self.fit_ends(ends))
        elif DRAW in obs.legal:
            # Translators: after your draw: the tile does not fit, draw again.
            extra = tr._("no fit, draw again")
        elif PASS in obs.legal:
            # Translators: after your draw: no fit and no more drawing: pass.
            extra = tr._("no fit, pass")
        else:
            # Translators: after your draw: the tile does not fit.
            extra = tr._("no fit")
        text = sentences(said.text.rstrip("."), extra)
        return Utterance(text, interrupt=True, cue=said.cue, kind=said.kind)

    def _turn_prompt_once(self, obs: Observation) -> Utterance | None:
        """ "Your turn", once per turn: a batch of events shares one observation."""
        if obs.current != self.seat or obs.phase not in (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS):
            return None
        key = (obs.round, len(obs.history), obs.current, obs.phase.value)
        if key == self._prompted:
            return None
        self._prompted = key
        # Queued, not interrupting: it must not cut off the plays just before it.
        return Utterance(self.turn_prompt(obs), cue="turn", kind="turn")

    # -- refusals and the interface ---------------------------------------------------------

    def refusal(self, refusal: Refusal, obs: Observation | None = None) -> Utterance:
        """Why an action was refused, in words (every engine :class:`Reason`)."""
        tr, words = self.tr, self.words
        reason = refusal.reason
        tile = words.tile(refusal.tiles[0]) if refusal.tiles else ""
        action = refusal.action
        end = action.end if isinstance(action, Move) else None
        if reason is Reason.GAME_OVER:
            text = tr._("the game is over")
        elif reason is Reason.ROUND_OVER:
            text = tr._("the round is over")
        elif reason is Reason.WRONG_PHASE:
            if obs is not None and obs.phase is Phase.CLAIM:
                # Translators: refused: you must claim your points before anything else.
                text = tr._("not now: claim your points first")
            elif obs is not None and obs.phase is Phase.MUGGINS:
                # Translators: refused: a muggins call is awaited before anything else.
                text = tr._("not now: call muggins or let it go")
            else:
                # Translators: refused: the action does not fit this moment of the game.
                text = tr._("not now")
        elif reason is Reason.NOT_IN_HAND:
            # Translators: refused: you tried to play a tile you do not hold.
            text = tr._("you do not hold {tile}").format(tile=tile)
        elif reason is Reason.END_CLOSED:
            if end is End.LEAD:
                # Translators: refused: you tried to lead when the lead is already down.
                text = tr._("the lead is already down")
            elif obs is not None and obs.layout.lead is None:
                # Translators: refused: the first tile of a round is the lead, on no end.
                text = tr._("lead a tile first")
            else:
                # Translators: refused: the end is not open.
                text = tr._("{end} is not open").format(end=words.end(end or End.WEST))
        elif reason is Reason.DOES_NOT_FIT:
            assert end is not None
            text = self._does_not_fit(refusal, end, obs)
        elif reason is Reason.MUST_LEAD:
            # Translators: refused: the rules say this tile leads the round.
            text = tr._("{tile} must lead").format(tile=tile)
        elif reason is Reason.MUST_PLAY_DRAWN:
            # Translators: refused: you drew a tile that fits and must play it.
            text = tr._("play the tile you drew: {tile}").format(tile=tile)
        elif reason is Reason.HOLDS_PLAYABLE or reason is Reason.CAN_PLAY:
            text = self._holds_playable(refusal, obs)
        elif reason is Reason.BONEYARD_EMPTY:
            # Translators: refused draw: no tiles left to draw.
            text = tr._("the boneyard is empty")
        elif reason is Reason.DRAW_LIMIT:
            limit = obs.rules.draw_limit if obs is not None and obs.rules.draw_limit else 0
            if limit:
                # Translators: refused draw: the rules allow only so many draws per turn.
                text = tr.ngettext(
                    "you have drawn {n} tile this turn, the most allowed",
                    "you have drawn {n} tiles this turn, the most allowed",
                    limit,
                ).format(n=limit)
            else:
                # Translators: refused draw: the per-turn draw limit is reached.
                text = tr._("no more draws this turn")
        elif reason is Reason.CAN_DRAW:
            # Translators: refused pass: you may still draw from the boneyard.
            text = tr._("you can't pass: you can still draw")
        elif reason is Reason.ENDWISE:
            # Translators: refused: this tile cannot be laid along the line.
            text = tr._("{tile} cannot be laid lengthwise").format(tile=tile)
        else:  # Reason.NEGATIVE_CLAIM
            # Translators: refused: a claim below zero.
            text = tr._("a claim cannot be negative")
        return Utterance(sentences(text), interrupt=True, cue="invalid", kind="refusal")

    def _does_not_fit(self, refusal: Refusal, end: End, obs: Observation | None) -> str:
        """A tile on an end it does not match: where it would fit, or that it fits nowhere."""
        tr, words = self.tr, self.words
        tile = refusal.tiles[0] if refusal.tiles else None
        name = words.tile(tile) if tile is not None else ""
        if obs is None or obs.layout.lead is None or obs.layout.open[end.arm] < 0:
            # Translators: refused: the tile does not fit that end; {at} is the short "where"
            # form ("west"; German "im Westen").
            return tr._("{tile} does not fit {at}").format(tile=name, at=words.short_at(end))
        layout = obs.layout
        if tile is not None and not fitting_ends(layout, tile):
            pips = words.join([str(pip) for _end, pip in layout.open_ends()])
            # Translators: refused: the tile fits no open end; {pips} lists the open ends'
            # numbers ("double one fits nowhere: the ends are 2, 5 and 3").
            return tr._("{tile} fits nowhere: the ends are {pips}").format(tile=name, pips=pips)
        # Translators: refused: "five-three does not fit west, which is 4"; {at} is the short
        # "where" form ("west"; German "im Westen").
        text = tr._("{tile} does not fit {at}, which is {pips}").format(
            tile=name, at=words.short_at(end), pips=layout.open[end.arm]
        )
        if tile is not None:
            # Translators: after a refused play: where the tile does fit ("it fits east").
            text += "; " + tr._("it fits {ends}").format(
                ends=self.fit_ends(fitting_ends(layout, tile))
            )
        return text

    def _holds_playable(self, refusal: Refusal, obs: Observation | None) -> str:
        """Draw or pass refused because a tile fits (on the lead: any tile, or the required one)."""
        tr, words = self.tr, self.words
        if (obs is not None and obs.layout.lead is None) or not refusal.tiles:
            if obs is not None and obs.required_lead is not None:
                # Translators: refused draw or pass before the lead: this tile must lead.
                return tr._("{tile} must lead").format(tile=words.tile(obs.required_lead))
            # Translators: refused draw or pass before the lead: any tile may lead.
            return tr._("lead a tile first: any tile of your hand")
        tile = words.tile(refusal.tiles[0])
        if refusal.action == PASS:
            # Translators: refused pass: you hold a tile that fits.
            return tr._("you can't pass: you hold a tile that fits: {tile}").format(tile=tile)
        # Translators: refused draw: you hold a tile that fits (drawing is allowed only
        # when nothing fits).
        return tr._("you can't draw: you hold a tile that fits: {tile}").format(tile=tile)

    def invalid_key(self, key_name: str | None = None) -> Utterance:
        """A key that does nothing here."""
        tr = self.tr
        if key_name:
            # Translators: the player pressed a key with no use here; {key} is its name.
            text = tr._("{key} does nothing here; F1 for help").format(key=key_name)
        else:
            # Translators: the player pressed a key with no use here.
            text = tr._("that key does nothing here; F1 for help")
        return Utterance(sentences(text), interrupt=True, cue="invalid", kind="invalid_key")

    def welcome(self) -> Utterance:
        """The first words of the game."""
        # Translators: the first words heard when the game starts.
        text = self.tr._("Welcome to Sniff. Press F1 for help at any time.")
        return Utterance(text, interrupt=True, kind="welcome")

    def speech_mode_name(self, mode: str) -> str:
        """A speech setting as a player knows it: "screen reader", "built-in voice"."""
        tr = self.tr
        names = {
            # Translators: the speech output through the running screen reader (NVDA, Orca...).
            "screenreader": tr.pgettext("speech", "screen reader"),
            # Translators: the speech output through the game's own voice (espeak-ng).
            "voice": tr.pgettext("speech", "built-in voice"),
            # Translators: the speech output as lines of text (for braille or a terminal reader).
            "text": tr.pgettext("speech", "text lines"),
            # Translators: the speech setting that chooses the output by itself.
            "auto": tr.pgettext("speech", "automatic"),
            # Translators: the speech setting with no speech at all.
            "none": tr.pgettext("speech", "no speech"),
        }
        return names.get(mode, mode)

    def fallback_notice(self, old: str, new: str, started: bool = True) -> Utterance:
        """The speech output *old* failed and *new* took over.

        *old* and *new* are setting names ("screenreader", "text"); they are
        said by their display names. ``started=False``: *old* never started
        (see :meth:`speech_unavailable`).
        """
        if not started:
            return self.speech_unavailable(old, new)
        # Translators: a speech output failed during the game and another took over; {old} and
        # {new} are display names ("built-in voice", "text lines").
        text = self.tr._("the {old} stopped working; speaking as {new} instead")
        text = text.format(old=self.speech_mode_name(old), new=self.speech_mode_name(new))
        return Utterance(sentences(text), interrupt=True, kind="fallback")

    def speech_unavailable(self, mode: str, new: str) -> Utterance:
        """The chosen speech output could not start, and *new* is used instead."""
        tr = self.tr
        if mode == "screenreader":
            # Translators: at start, no screen reader was found; {new} is a display name
            # ("No screen reader is running; speaking as text lines instead.").
            text = tr._("no screen reader is running; speaking as {new} instead")
        else:
            # Translators: at start, a speech output could not start; {old} and {new} are
            # display names ("The built-in voice could not start; speaking as text lines
            # instead.").
            text = tr._("the {old} could not start; speaking as {new} instead")
        text = text.format(old=self.speech_mode_name(mode), new=self.speech_mode_name(new))
        return Utterance(sentences(text), interrupt=True, kind="fallback")

    def points_phrase(self, points: int, seat: int | None = None) -> str:
        """What a count earns: for a player ("you score 15") or impersonal ("scores 15")."""
        if seat is None:
            return self.score_word(points)
        if points <= 0:
            return self.score_word(0)
        return self.player_points(seat, points)
