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
    public_event,
)
from sniff.i18n import Translator

__all__ = ["Announcer"]

# Events after which someone new is to act: a turn prompt may follow them.
_TURN_ENDERS = (Dealt, Played, Passed, Claimed, MugginsCalled)


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

    def on_event(self, event: Event, obs: Observation) -> list[Utterance]:
        """What this seat hears about *event*; *obs* is the seat's view after it."""
        seen = public_event(event, self.seat)
        if seen is None:
            return []
        self.set_rules(obs.rules)
        if obs.sides != self.sides:
            self.set_sides(obs.sides)
        out = self.describe(seen)
        if isinstance(seen, Drew) and seen.player == self.seat and seen.tile is not None:
            out[-1] = self._after_own_draw(out[-1], seen, obs)
        if isinstance(seen, _TURN_ENDERS):
            prompt = self._turn_prompt_once(obs)
            if prompt is not None:
                out.append(prompt)
        return out

    def on_events(self, events: Iterable[Event], obs: Observation) -> list[Utterance]:
        """:meth:`on_event` for each of *events* (all that one action caused)."""
        out: list[Utterance] = []
        for event in events:
            out.extend(self.on_event(event, obs))
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
            if obs is not None and obs.layout.open[end.arm] >= 0:
                # Translators: refused: "five-three does not fit west, which is 4".
                text = tr._("{tile} does not fit {end}, which is {pips}").format(
                    tile=tile, end=words.end(end), pips=obs.layout.open[end.arm]
                )
            else:
                text = tr._("{tile} does not fit {end}").format(tile=tile, end=words.end(end))
        elif reason is Reason.MUST_LEAD:
            # Translators: refused: the rules say this tile leads the round.
            text = tr._("{tile} must lead").format(tile=tile)
        elif reason is Reason.MUST_PLAY_DRAWN:
            # Translators: refused: you drew a tile that fits and must play it.
            text = tr._("play the tile you drew: {tile}").format(tile=tile)
        elif reason is Reason.HOLDS_PLAYABLE or reason is Reason.CAN_PLAY:
            if tile:
                # Translators: refused draw or pass: you hold a tile that fits.
                text = tr._("you hold a tile that fits: {tile}").format(tile=tile)
            else:
                text = tr._("lead a tile first")
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
            text = tr._("you can still draw")
        elif reason is Reason.ENDWISE:
            # Translators: refused: this tile cannot be laid along the line.
            text = tr._("{tile} cannot be laid lengthwise").format(tile=tile)
        else:  # Reason.NEGATIVE_CLAIM
            # Translators: refused: a claim below zero.
            text = tr._("a claim cannot be negative")
        return Utterance(sentences(text), interrupt=True, cue="invalid", kind="refusal")

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

    def fallback_notice(self, old: str, new: str) -> Utterance:
        """The speech backend *old* failed and *new* took over."""
        # Translators: a speech output failed and another took over; {old} and {new} are
        # their short names ("voice", "text").
        text = self.tr._("speech output {old} stopped working; now using {new}")
        return Utterance(sentences(text.format(old=old, new=new)), interrupt=True, kind="fallback")

    def points_phrase(self, points: int, seat: int | None = None) -> str:
        """What a count earns: for a player ("you score 15") or impersonal ("scores 15")."""
        if seat is None:
            return self.score_word(points)
        if points <= 0:
            return self.score_word(0)
        return self.player_points(seat, points)
