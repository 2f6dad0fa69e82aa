"""Events in words: plays, draws, passes, claims, deals, round and game ends.

:class:`EventWords` says one event (as the seat may see it) against a
:class:`Scene`: the table as the event left it, the rules, and what the last
play earned. The live announcer builds the scene from the seat's
observation, the replay narrator from the replayed game, so the same words
serve both and neither keeps a copy of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from sniff.announce.phrases import BookPart, Phrasebook, sentences
from sniff.announce.round_end import RoundEndWords
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import (
    Claimed,
    Dealt,
    Drew,
    End,
    Event,
    Game,
    GameEnded,
    Layout,
    MugginsCalled,
    NoDouble,
    Observation,
    Passed,
    Played,
    RoundEnded,
    RuleSet,
    lead_is_named,
    plays_again,
)
from sniff.engine.dealing import heaviest_tile, highest_double
from sniff.enums import Cue

__all__ = ["EventWords", "Scene"]


@dataclass(frozen=True)
class Scene:
    """What an event is said against: the rules, the table as the event left it,
    and what the round's last play earned (claims are judged against it)."""

    rules: RuleSet
    layout: Layout
    history: tuple[Event, ...] = ()  # this round so far, as the seat sees it

    @classmethod
    def of(cls, obs: Observation) -> Scene:
        """The scene a seat sees (its observation after the events)."""
        return cls(obs.rules, obs.layout, obs.history)

    @classmethod
    def of_game(cls, game: Game) -> Scene:
        """The scene a spectator sees (a replay sees the whole game)."""
        return cls(game.rules, game.layout, tuple(game.log[game.round_start :]))

    @property
    def last_points(self) -> int | None:
        """What the round's last play earned (claims are judged against it)."""
        for event in reversed(self.history):
            if isinstance(event, Played):
                return event.points
        return None

    def second_turn(self, event: Played) -> bool:
        """Whether *event* is the leader's second turn: the round's second play, by the
        leader, whose lead the engine says is played again after (alle-fuenfe)."""
        plays = [e for e in self.history if isinstance(e, Played)]
        if len(plays) < 2 or plays[1] != event:
            return False
        lead = plays[0]
        return lead.player == event.player and plays_again(lead.move, self.rules)


class EventWords(BookPart):
    """Turns events into utterances, for one seat (or a spectator)."""

    def __init__(self, book: Phrasebook, *, prompts_own_turn: bool = False) -> None:
        super().__init__(book)
        # The live announcer follows a deal with "your turn to lead": the deal then
        # need not say that you lead.
        self.prompts_own_turn = prompts_own_turn
        self.round_end = RoundEndWords(book)

    def describe(self, event: Event, scene: Scene) -> Utterance:
        """What *event* sounds like from this seat (already a public event)."""
        if isinstance(event, Played):
            return self._played(event, scene)
        if isinstance(event, Drew):
            return self._drew(event)
        if isinstance(event, Passed):
            return self._passed(event, scene)
        if isinstance(event, Dealt):
            return self._dealt(event, scene.rules)
        if isinstance(event, Claimed):
            return self._claimed(event, scene)
        if isinstance(event, MugginsCalled):
            return self._muggins(event)
        if isinstance(event, RoundEnded):
            return self.round_end.said(event, scene.rules)
        return self._game_ended(event)

    # -- plays ---------------------------------------------------------------------

    def _played(self, event: Played, scene: Scene) -> Utterance:
        after = scene.layout if scene.layout.count == event.count else None
        me = self.book.is_me(event.player)
        # Under the muggins rule the points are the player's to claim, and the player's
        # own count stays unsaid until the claim: others' plays say the count only.
        points = 0 if scene.rules.muggins else event.points
        secret = scene.rules.muggins and me
        lead = event.end is End.LEAD
        sniff = after is not None and after.sniff is event.tile
        if self.book.brief:
            parts = [self._brief_play(event, scene, secret)]
            if points:
                parts[0] += ", " + self.book.score_word(points)
            if sniff:
                # Translators: brief: a play made the first double the sniff (spinner).
                parts.append(self.tr._("the sniff: north and south open"))
        else:
            parts = self._full_play(event, scene, after, points, secret, sniff)
        cue = Cue.SCORE if points else Cue.PLAY
        return Utterance(
            sentences(*parts),
            interrupt=me,
            cue=cue,
            end=event.end.value,
            points=points,
            kind=UtteranceKind.LEAD if lead else UtteranceKind.PLAY,
        )

    def _brief_play(self, event: Played, scene: Scene, secret: bool) -> str:
        tr, words = self.tr, self.words
        me = self.book.is_me(event.player)
        lead = event.end is End.LEAD
        again = scene.second_turn(event)
        if lead and me and secret:
            # Translators: brief: you led a tile whose points you claim (muggins rule).
            text = tr._("you lead {tile}")
        elif lead and me:
            # Translators: brief: you led a tile; {count} is the count after it.
            text = tr._("you lead {tile}, {count}")
        elif lead:
            # Translators: brief: another player led a tile ("Anna leads double five, 10").
            text = tr._("{player} leads {tile}, {count}")
        elif me and secret:
            # Translators: brief: your play whose points you claim (muggins rule), said
            # without the count ("five-three east").
            text = tr._("{tile} {end}")
        elif me and again:
            # Translators: brief: your second turn as the leader (alle-fuenfe).
            text = tr._("again: {tile} {end}, {count}")
        elif me:
            # Translators: brief: your play ("five-three east, 15"); {end} is the short form.
            text = tr._("{tile} {end}, {count}")
        elif again:
            # Translators: brief: the leader's second turn (alle-fuenfe): "Anna again: ...".
            text = tr._("{player} again: {tile} {end}, {count}")
        else:
            # Translators: brief: another player's play ("Anna: five-three east, 15").
            text = tr._("{player}: {tile} {end}, {count}")
        return text.format(
            player=self.book.name(event.player),
            tile=words.tile(event.tile),
            end=words.short_at(event.end),
            count=event.count,
        )

    def _full_play(
        self,
        event: Played,
        scene: Scene,
        after: Layout | None,
        points: int,
        secret: bool,
        sniff: bool,
    ) -> list[str]:
        tr, words = self.tr, self.words
        me = self.book.is_me(event.player)
        lead = event.end is End.LEAD
        again = scene.second_turn(event)
        tile = words.tile(event.tile)
        if lead and me:
            # Translators: you led a tile (normal and verbose announcements).
            text = tr._("you lead {tile}")
        elif lead:
            # Translators: another player led a tile; German "{player} spielt {tile} aus".
            text = tr._("{player} leads {tile}")
        elif me and again:
            # Translators: your second turn as the leader (alle-fuenfe rules).
            text = tr._("you play again: {tile} {end}")
        elif me:
            # Translators: your play, {end} as "on the east end"; German "Du legst ... an"
            text = tr._("you play {tile} {end}")
        elif again:
            # Translators: the leader's second turn (alle-fuenfe rules): "Anna plays again:
            # six-four on the east end".
            text = tr._("{player} plays again: {tile} {end}")
        else:
            # Translators: another player's play; German "{player} legt {tile} {end} an".
            text = tr._("{player} plays {tile} {end}")
        parts = [
            text.format(player=self.book.name(event.player), tile=tile, end=words.at(event.end))
        ]
        if event.endwise:
            # Translators: a double laid along the line (house rule), after the play.
            parts.append(tr._("laid lengthwise, it counts one half"))
        if sniff:
            # Translators: a play that made the first double the sniff (spinner).
            parts.append(tr._("{tile} is the sniff: north and south open").format(tile=tile))
        if secret:
            return parts
        if self.book.verbose and after is not None:
            count = self.book.arithmetic(after)
        else:
            # Translators: the count after a play ("The count is 15").
            count = tr._("the count is {count}").format(count=event.count)
        if points:
            count += ": " + self.book.player_points(event.player, points)
        parts.append(count)
        return parts

    # -- draws and passes ---------------------------------------------------------------

    def draws(self, player: int, count: int) -> Utterance:
        """Another player's run of draws, in one line ("Anna draws 3 tiles")."""
        return Utterance(
            sentences(self.book.draws(player, count)), cue=Cue.DRAW, kind=UtteranceKind.DRAW
        )

    def _drew(self, event: Drew) -> Utterance:
        tr = self.tr
        me = self.book.is_me(event.player)
        if me and event.tile is not None:
            # Translators: you drew a tile from the boneyard.
            text = tr._("you draw {tile}").format(tile=self.words.tile(event.tile))
        elif event.tile is not None:
            # Translators: replay only (a spectator sees every tile): a player drew this tile.
            text = tr._("{player} draws {tile}").format(
                player=self.book.name(event.player), tile=self.words.tile(event.tile)
            )
        else:
            text = self.book.draws(event.player, 1)
        return Utterance(sentences(text), interrupt=me, cue=Cue.DRAW, kind=UtteranceKind.DRAW)

    def _passed(self, event: Passed, scene: Scene) -> Utterance:
        tr = self.tr
        me = self.book.is_me(event.player)
        if me:
            # Translators: you passed your turn.
            text = tr._("you pass")
        else:
            # Translators: another player passed.
            text = tr._("{player} passes").format(player=self.book.name(event.player))
        if not self.book.brief and scene.layout.lead is not None:
            # Translators: after a pass, the ends that did not fit ("Anna passes, open: west 4").
            text = tr._("{passes}, open: {ends}").format(
                passes=text, ends=self.book.ends_list(scene.layout)
            )
        return Utterance(sentences(text), interrupt=me, cue=Cue.PASS, kind=UtteranceKind.PASS)

    # -- claims (muggins rule) ---------------------------------------------------------

    def _claimed(self, event: Claimed, scene: Scene) -> Utterance:
        tr = self.tr
        me = self.book.is_me(event.player)
        n = event.points
        if event.correct and not n and not me:
            # Another player's right claim of nothing, after every play: not worth a word.
            return Utterance("", kind=UtteranceKind.CLAIM)
        if me:
            # Translators: you claimed points for your play (muggins rule).
            text = tr.ngettext("you claim {points}", "you claim {points}", n)
        else:
            # Translators: another player claimed points for a play (muggins rule).
            text = tr.ngettext("{player} claims {points}", "{player} claims {points}", n)
        text = text.format(player=self.book.name(event.player), points=n)
        earned = scene.last_points
        if event.correct and n:
            # Translators: a right claim (muggins rule): the points are scored ("You claim 10:
            # right, 10 points.").
            verdict = tr.ngettext("right, {points} point", "right, {points} points", n)
        elif event.correct:
            # Translators: a right claim of nothing (muggins rule).
            verdict = tr._("right")
        elif earned is None:
            # Translators: a wrong claim (muggins rule); what the play earned is not known.
            verdict = tr._("wrong")
        elif earned:
            # Translators: a wrong claim (muggins rule), and what the play really earned ("You
            # claim 20: wrong, the play earned 10.").
            verdict = tr.ngettext(
                "wrong, the play earned {points}", "wrong, the play earned {points}", earned
            )
        else:
            # Translators: a wrong claim for a play that earned nothing (muggins rule).
            verdict = tr._("wrong, the play earned nothing")
        verdict = verdict.format(points=n if event.correct else earned)
        cue = Cue.SCORE if event.correct and n else (Cue.INVALID if not event.correct else None)
        parts = [f"{text}: {verdict}"]
        if me and scene.layout.lead is not None:
            # Now that you have claimed, the count may be said.
            parts.append(tr._("the count is {count}").format(count=scene.layout.count))
        return Utterance(
            sentences(*parts),
            interrupt=me,
            cue=cue,
            points=n if event.correct else 0,
            kind=UtteranceKind.CLAIM,
        )

    def muggins_let_go(self, player: int) -> Utterance:
        """Muggins rule: *player* did not call muggins on a wrong claim ("Anna lets it go")."""
        tr = self.tr
        if self.book.is_me(player):
            # Translators: muggins rule: you let another player's wrong claim go.
            text = tr._("you let it go")
        else:
            # Translators: muggins rule: another player let a wrong claim go; German "Anna
            # verzichtet".
            text = tr._("{player} lets it go").format(player=self.book.name(player))
        return Utterance(
            sentences(text), interrupt=self.book.is_me(player), kind=UtteranceKind.LET_GO
        )

    def _muggins(self, event: MugginsCalled) -> Utterance:
        tr = self.tr
        me = self.book.is_me(event.player)
        n = event.points
        if me:
            # Translators: you called muggins and took unclaimed points.
            text = tr.ngettext("muggins! You take {points}", "muggins! You take {points}", n)
        else:
            # Translators: another player called muggins and took unclaimed points.
            text = tr.ngettext(
                "{player} calls muggins and takes {points}",
                "{player} calls muggins and takes {points}",
                n,
            )
        text = text.format(player=self.book.name(event.player), points=n)
        return Utterance(
            sentences(text), interrupt=me, cue=Cue.SCORE, points=n, kind=UtteranceKind.MUGGINS
        )

    # -- deals ----------------------------------------------------------------------------

    def _dealt(self, event: Dealt, rules: RuleSet) -> Utterance:
        tr = self.tr
        if event.leader is None:
            # Translators: highest-double rules, nobody holds a double: the deal is thrown in.
            text = tr._("round {round}: nobody holds a double, the tiles are dealt again")
            return Utterance(sentences(text.format(round=event.round)), kind=UtteranceKind.REDEAL)
        parts: list[str] = []
        if event.redeal:
            # Translators: a round starts after a throw-in.
            parts.append(tr._("round {round}, dealt again").format(round=event.round))
        else:
            # Translators: a round starts.
            parts.append(tr._("round {round}").format(round=event.round))
        if not (self.prompts_own_turn and self.book.is_me(event.leader) and not self.book.verbose):
            parts.append(self._leader(event, rules))
        if self.book.seat is None:
            for seat, hand in enumerate(event.hands):
                if not hand:
                    continue  # a spectator's deal: the hands are hidden
                # Translators: replay: a player's hand at the deal.
                text = tr._("{player} holds {tiles}")
                parts.append(text.format(player=self.book.name(seat), tiles=self.words.tiles(hand)))
        elif self.book.seat < len(event.hands):
            hand = event.hands[self.book.seat]
            tiles = self.words.tiles(hand)
            if self.book.brief:
                # Translators: brief, at a deal: your new hand ("your tiles: double six, ...").
                parts.append(tr._("your tiles: {tiles}").format(tiles=tiles))
            else:
                # Translators: at a deal: how many tiles you were dealt, and which.
                text = tr.ngettext(
                    "you hold {n} tile: {tiles}", "you hold {n} tiles: {tiles}", len(hand)
                )
                parts.append(text.format(n=len(hand), tiles=tiles))
        return Utterance(sentences(*parts), kind=UtteranceKind.DEAL)

    def _leader(self, event: Dealt, rules: RuleSet) -> str:
        tr = self.tr
        leader = event.leader
        assert leader is not None
        me = self.book.is_me(leader)
        if not lead_is_named(rules):
            if me:
                # Translators: at a deal, you lead (any tile).
                return tr._("you lead")
            # Translators: at a deal, another player leads.
            return tr._("{player} leads").format(player=self.book.name(leader))
        hidden = self.book.seat is None and not any(event.hands)  # a spectator's deal
        if me or (self.book.seat is None and not hidden):
            known = event.hands if self.book.seat is None else [event.hands[leader]]
            found = highest_double(known)
            tile = found[1] if found else heaviest_tile(known)[1]
            name = self.words.tile(tile)
            if tile.is_double and me:
                # Translators: highest-double rules: you hold it and must lead it.
                return tr._("you hold the highest double and lead it: {tile}").format(tile=name)
            if me:
                # Translators: nobody holds a double: you hold the heaviest tile and lead it.
                return tr._("you hold the heaviest tile and lead it: {tile}").format(tile=name)
            if tile.is_double:
                # Translators: replay: a player holds the highest double and leads it.
                text = tr._("{player} holds the highest double and leads it: {tile}")
            else:
                # Translators: replay: a player holds the heaviest tile and leads it.
                text = tr._("{player} holds the heaviest tile and leads it: {tile}")
            return text.format(player=self.book.name(leader), tile=name)
        seat = self.book.seat
        own = event.hands[seat] if seat is not None and seat < len(event.hands) else ()
        if rules.no_double is NoDouble.REDEAL or any(t.is_double for t in own):
            # Translators: another player holds the highest double (not named until played).
            return tr._("{player} holds the highest double and leads it").format(
                player=self.book.name(leader)
            )
        # Translators: another player leads by the rule; you cannot know yet which case applies.
        text = tr._("{player} leads the highest double, or with no double the heaviest tile")
        return text.format(player=self.book.name(leader))

    # -- the end of the game (a round's end: RoundEndWords) ------------------------------

    def _game_ended(self, event: GameEnded) -> Utterance:
        tr = self.tr
        side = event.winner
        mine = side == self.book.my_side()
        team = len(self.book.sides[side]) > 1 if side < len(self.book.sides) else False
        if mine and team:
            # Translators: your team won the game.
            text = tr._("your side wins the game!")
        elif mine:
            # Translators: you won the game.
            text = tr._("you win the game!")
        elif team:
            # Translators: a team of two named players won the game.
            text = tr._("{players} win the game").format(players=self.book.side_name(side))
        else:
            # Translators: another player won the game.
            text = tr._("{player} wins the game").format(player=self.book.side_name(side))
        # Translators: the final scores ("Final score: you 205, Anna 180").
        final = tr._("final score: {scores}").format(scores=self.book.scores_list(event.scores))
        cue = None if self.book.seat is None else (Cue.GAME_WON if mine else Cue.GAME_LOST)
        return Utterance(sentences(text, final), cue=cue, kind=UtteranceKind.GAME_END)
