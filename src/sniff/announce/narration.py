"""Events in words: plays, draws, passes, claims, deals, round and game ends.

A :class:`Narrator` needs only the events (as the seat may see them) and
follows the layout itself, so the same words serve the live announcer and
the replay narrator. Turn prompts, which need an observation, live in
:mod:`sniff.announce.announcer`.
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.utterance import Utterance
from sniff.engine import (
    Claimed,
    Dealt,
    Drew,
    End,
    Event,
    GameEnded,
    Layout,
    LeadRule,
    MugginsCalled,
    NoDouble,
    Passed,
    Played,
    RoundEnded,
    RoundScoring,
    RuleSet,
    Tile,
    pip_total,
    round_to_five,
)
from sniff.engine.dealing import heaviest_tile, highest_double

__all__ = ["Narrator"]


class Narrator(Phrasebook):
    """Turns events into utterances and keeps its own copy of the layout."""

    rules: RuleSet | None = None
    table: Layout | None = None  # our own copy of the layout, from the events
    # The live announcer follows a deal with "your turn to lead": the deal then
    # need not say that you lead.
    prompts_own_turn = False
    # What the last play earned (the muggins rule says it only after the claim).
    last_play_points: int | None = None

    def set_rules(self, rules: RuleSet | None) -> None:
        """The rules being played (arithmetic at round end, the lead rule)."""
        if rules is not None and rules is not self.rules:
            self.rules = rules
            if self.table is None:
                self.table = Layout.empty(rules.spinner)

    def describe(self, event: Event) -> list[Utterance]:
        """What *event* sounds like from this seat (already a public event)."""
        if isinstance(event, Played):
            return [self._played(event)]
        if isinstance(event, Drew):
            return [self._drew(event)]
        if isinstance(event, Passed):
            return [self._passed(event)]
        if isinstance(event, Dealt):
            return [self._dealt(event)]
        if isinstance(event, Claimed):
            return [self._claimed(event)]
        if isinstance(event, MugginsCalled):
            return [self._muggins(event)]
        if isinstance(event, RoundEnded):
            return [self._round_ended(event)]
        return [self._game_ended(event)]

    # -- plays ---------------------------------------------------------------------

    def _follow(self, event: Played) -> Layout | None:
        """Place the tile on our layout; None if our copy has lost track."""
        layout = self.table
        if layout is None:
            return None
        try:
            if (layout.lead is None) != (event.end is End.LEAD):
                raise ValueError("out of step")
            after = layout.place(event.tile, event.end, endwise=event.endwise)
        except (ValueError, IndexError):
            self.table = None
            return None
        if after.count != event.count:
            self.table = None
            return None
        self.table = after
        return after

    @property
    def muggins(self) -> bool:
        """Whether players must claim their points (then plays say only the count)."""
        return self.rules is not None and self.rules.muggins

    def _played(self, event: Played) -> Utterance:
        before = self.table
        after = self._follow(event)
        self.last_play_points = event.points
        # Under the muggins rule the points are the player's to claim: say the count only.
        points = 0 if self.muggins else event.points
        tr, words = self.tr, self.words
        me = self.is_me(event.player)
        tile = words.tile(event.tile)
        lead = event.end is End.LEAD
        who = "" if me else self.name(event.player)
        parts: list[str] = []
        if self.brief:
            if lead and me:
                # Translators: brief: you led a tile; {count} is the count after it.
                text = tr._("you lead {tile}, {count}")
            elif lead:
                # Translators: brief: another player led a tile ("Anna leads double five, 10").
                text = tr._("{player} leads {tile}, {count}")
            elif me:
                # Translators: brief: your play ("five-three east, 15"); {end} is the short form.
                text = tr._("{tile} {end}, {count}")
            else:
                # Translators: brief: another player's play ("Anna: five-three east, 15").
                text = tr._("{player}: {tile} {end}, {count}")
            line = text.format(
                player=who, tile=tile, end=words.short_at(event.end), count=event.count
            )
            if points:
                line += ", " + self.score_word(points)
            parts.append(line)
        else:
            if lead and me:
                # Translators: you led a tile (normal and verbose announcements).
                text = tr._("you lead {tile}")
            elif lead:
                # Translators: another player led a tile; German "{player} spielt {tile} aus".
                text = tr._("{player} leads {tile}")
            elif me:
                # Translators: your play, {end} as "on the east end"; German "Du legst ... an"
                text = tr._("you play {tile} {end}")
            else:
                # Translators: another player's play; German "{player} legt {tile} {end} an".
                text = tr._("{player} plays {tile} {end}")
            parts.append(text.format(player=who, tile=tile, end=words.at(event.end)))
            if event.endwise:
                # Translators: a double laid along the line (house rule), after the play.
                parts.append(tr._("laid lengthwise, it counts one half"))
            if (
                after is not None
                and after.sniff is event.tile
                and (before is None or not before.sniff)
            ):
                # Translators: a play that made the first double the sniff (spinner).
                parts.append(tr._("{tile} is the sniff: north and south open").format(tile=tile))
            if self.verbose and after is not None:
                count = self.arithmetic(after)
            else:
                # Translators: the count after a play ("The count is 15").
                count = tr._("the count is {count}").format(count=event.count)
            if points:
                count += ": " + self.player_points(event.player, points)
            parts.append(count)
        cue = "score" if points else "play"
        return Utterance(
            sentences(*parts),
            interrupt=me,
            cue=cue,
            end=event.end.value,
            points=points,
            kind="lead" if lead else "play",
        )

    # -- draws and passes ---------------------------------------------------------------

    def _drew(self, event: Drew) -> Utterance:
        tr = self.tr
        me = self.is_me(event.player)
        if me and event.tile is not None:
            # Translators: you drew a tile from the boneyard.
            text = tr._("you draw {tile}").format(tile=self.words.tile(event.tile))
        elif event.tile is not None:
            # Translators: replay only (a spectator sees every tile): a player drew this tile.
            text = tr._("{player} draws {tile}").format(
                player=self.name(event.player), tile=self.words.tile(event.tile)
            )
        else:
            # Translators: another player drew a tile you cannot see.
            text = tr._("{player} draws").format(player=self.name(event.player))
        return Utterance(sentences(text), interrupt=me, cue="draw", kind="draw")

    def _passed(self, event: Passed) -> Utterance:
        tr = self.tr
        me = self.is_me(event.player)
        if me:
            # Translators: you passed your turn.
            text = tr._("you pass")
        else:
            # Translators: another player passed.
            text = tr._("{player} passes").format(player=self.name(event.player))
        if not self.brief and self.table is not None and self.table.lead is not None:
            # Translators: after a pass, the ends that did not fit ("Anna passes, open: west 4").
            text = tr._("{passes}, open: {ends}").format(
                passes=text, ends=self.ends_list(self.table)
            )
        return Utterance(sentences(text), interrupt=me, cue="pass", kind="pass")

    # -- claims (muggins rule) ---------------------------------------------------------

    def _claimed(self, event: Claimed) -> Utterance:
        tr = self.tr
        me = self.is_me(event.player)
        n = event.points
        if me:
            # Translators: you claimed points for your play (muggins rule).
            text = tr.ngettext("you claim {points}", "you claim {points}", n)
        else:
            # Translators: another player claimed points for a play (muggins rule).
            text = tr.ngettext("{player} claims {points}", "{player} claims {points}", n)
        text = text.format(player=self.name(event.player), points=n)
        earned = self.last_play_points
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
        cue = "score" if event.correct and n else ("invalid" if not event.correct else None)
        return Utterance(
            sentences(f"{text}: {verdict}"),
            interrupt=me,
            cue=cue,
            points=n if event.correct else 0,
            kind="claim",
        )

    def muggins_let_go(self, player: int) -> Utterance:
        """Muggins rule: *player* did not call muggins on a wrong claim ("Anna lets it go")."""
        tr = self.tr
        if self.is_me(player):
            # Translators: muggins rule: you let another player's wrong claim go.
            text = tr._("you let it go")
        else:
            # Translators: muggins rule: another player let a wrong claim go; German "Anna
            # verzichtet".
            text = tr._("{player} lets it go").format(player=self.name(player))
        return Utterance(sentences(text), interrupt=self.is_me(player), kind="let_go")

    def _muggins(self, event: MugginsCalled) -> Utterance:
        tr = self.tr
        me = self.is_me(event.player)
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
        text = text.format(player=self.name(event.player), points=n)
        return Utterance(sentences(text), interrupt=me, cue="score", points=n, kind="muggins")

    # -- deals ----------------------------------------------------------------------------

    def _dealt(self, event: Dealt) -> Utterance:
        tr = self.tr
        self.last_play_points = None
        if self.rules is not None:
            self.table = Layout.empty(self.rules.spinner)
        if event.leader is None:
            # Translators: highest-double rules, nobody holds a double: the deal is thrown in.
            text = tr._("round {round}: nobody holds a double, the tiles are dealt again")
            return Utterance(sentences(text.format(round=event.round)), kind="redeal")
        parts: list[str] = []
        if event.redeal:
            # Translators: a round starts after a throw-in.
            parts.append(tr._("round {round}, dealt again").format(round=event.round))
        else:
            # Translators: a round starts.
            parts.append(tr._("round {round}").format(round=event.round))
        if not (self.prompts_own_turn and self.is_me(event.leader) and not self.verbose):
            parts.append(self._leader(event))
        if self.seat is None:
            for seat, hand in enumerate(event.hands):
                # Translators: replay: a player's hand at the deal.
                text = tr._("{player} holds {tiles}")
                parts.append(text.format(player=self.name(seat), tiles=self.words.tiles(hand)))
        elif not self.brief and self.seat < len(event.hands):
            hand = event.hands[self.seat]
            # Translators: at a deal, how many tiles you were dealt.
            text = tr.ngettext("you hold {n} tile", "you hold {n} tiles", len(hand))
            parts.append(text.format(n=len(hand)))
        return Utterance(sentences(*parts), kind="deal")

    def _leader(self, event: Dealt) -> str:
        tr = self.tr
        leader = event.leader
        assert leader is not None
        me = self.is_me(leader)
        rules = self.rules
        if rules is None or rules.lead is not LeadRule.HIGHEST_DOUBLE:
            if me:
                # Translators: at a deal, you lead (any tile).
                return tr._("you lead")
            # Translators: at a deal, another player leads.
            return tr._("{player} leads").format(player=self.name(leader))
        if me or self.seat is None:
            known = event.hands if self.seat is None else [event.hands[leader]]
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
            return text.format(player=self.name(leader), tile=name)
        own = event.hands[self.seat] if self.seat < len(event.hands) else ()
        if rules.no_double is NoDouble.REDEAL or any(t.is_double for t in own):
            # Translators: another player holds the highest double (not named until played).
            return tr._("{player} holds the highest double and leads it").format(
                player=self.name(leader)
            )
        # Translators: another player leads by the rule; you cannot know yet which case applies.
        text = tr._("{player} leads the highest double, or with no double the heaviest tile")
        return text.format(player=self.name(leader))

    # -- ends of rounds and games ---------------------------------------------------------

    def _round_ended(self, event: RoundEnded) -> Utterance:
        tr = self.tr
        mine = self.my_side()
        won = lost = False
        if mine is not None and event.reason != "target":
            best = max(event.points)
            if any(p != best for p in event.points):
                won = event.points[mine] == best
                lost = not won
        cue = "round_won" if won else ("round_lost" if lost else None)
        if event.reason == "target":
            # Translators: the round stops because a side reached the target score.
            text = tr._("the target is reached")
            return Utterance(sentences(text), kind="round_end")
        parts: list[str] = []
        if event.reason == "domino" and event.went_out is not None:
            if self.is_me(event.went_out):
                # Translators: you played your last tile ("domino").
                parts.append(tr._("domino! You went out"))
            else:
                # Translators: another player played the last tile.
                text = tr._("domino! {player} went out")
                parts.append(text.format(player=self.name(event.went_out)))
        else:
            # Translators: a blocked round: every player in turn has passed.
            parts.append(tr._("blocked: nobody can play"))
        parts.extend(self._hands_at_end(event.hands))
        arithmetic = self._round_arithmetic(event)
        if arithmetic:
            parts.append(arithmetic)
        gains = [self.side_points(i, p) for i, p in enumerate(event.points) if p]
        if gains:
            parts.append(", ".join(gains))
        else:
            # Translators: a round end where no side gains or loses points.
            parts.append(tr._("nobody scores"))
        # Translators: the scores after a round ("Score: you 45, Anna 30").
        parts.append(tr._("score: {scores}").format(scores=self.scores_list(event.scores)))
        return Utterance(sentences(*parts), cue=cue, points=max(event.points), kind="round_end")

    def _hands_at_end(self, hands: Sequence[Sequence[Tile]]) -> list[str]:
        """Each hand left at a round end: pips (rounded where the rules round), tiles."""
        tr = self.tr
        rounded = self.rules is not None and self.rules.round_scoring in (
            RoundScoring.SUBTRACT_OWN,
            RoundScoring.WINNER_ROUNDED_HANDS,
        )
        out = []
        for seat, hand in enumerate(hands):
            if not hand:
                continue
            pips = pip_total(tuple(hand))
            me = self.is_me(seat)
            if me:
                # Translators: at a round end, the pips left in your hand.
                text = tr.ngettext("you hold {pips} pip", "you hold {pips} pips", pips)
            else:
                # Translators: at a round end, the pips left in another player's hand.
                text = tr.ngettext("{player} holds {pips} pip", "{player} holds {pips} pips", pips)
            line = text.format(player=self.name(seat), pips=pips)
            if rounded:
                # Translators: a hand's pips rounded to the nearest five ("17 pips, rounded 15").
                line += ", " + tr._("rounded {rounded}").format(rounded=round_to_five(pips))
            if not self.brief:
                # Your own leftovers too: they are what the others score.
                line += ": " + self.words.tiles(hand)
            out.append(line)
        return out

    def _round_arithmetic(self, event: RoundEnded) -> str:
        """How the round's points were reckoned (normal and verbose)."""
        rules = self.rules
        if self.brief or rules is None:
            return ""
        tr = self.tr
        pips = [pip_total(tuple(h)) for h in event.hands]
        method = rules.round_scoring
        winner = event.went_out
        if method is RoundScoring.OPPONENTS_PIPS and winner is not None:
            side = self.side_of(winner)
            theirs = [str(p) for s, p in enumerate(pips) if self.side_of(s) != side and p]
            if len(theirs) < 2:
                return ""
            # Translators: at a round end, the opponents' pips added up ("12 and 11 make 23").
            return tr._("{numbers} make {total}").format(
                numbers=self.words.join(theirs), total=event.points[side]
            )
        if method is RoundScoring.OPPONENTS_PIPS:
            # Translators: blocked round: pips minus another's pips ("17 minus 12 is 5").
            step = tr._("{more} minus {fewer} is {difference}")
            steps = [
                step.format(more=more, fewer=mine, difference=more - mine)
                for seat, mine in enumerate(pips)
                for other, more in enumerate(pips)
                if self.side_of(other) != self.side_of(seat) and more > mine
            ]
            return ", ".join(steps) if self.verbose else ""
        if method is RoundScoring.WINNER_NET_FIVES:
            best = [i for i, p in enumerate(event.points) if p]
            if not best:
                return ""
            side = best[0]
            others = sum(p for s, p in enumerate(pips) if self.side_of(s) != side)
            own = sum(p for s, p in enumerate(pips) if self.side_of(s) == side)
            net = max(0, others - own)
            # Translators: domino-play round end ("23 minus 4 is 19, rounded 20, divided by 5: 4").
            text = tr._(
                "{others} minus {own} is {net}, rounded {rounded}, divided by {unit}: {points}"
            )
            return text.format(
                others=others,
                own=own,
                net=net,
                rounded=round_to_five(net),
                unit=rules.points_unit,
                points=event.points[side],
            )
        return ""

    def _game_ended(self, event: GameEnded) -> Utterance:
        tr = self.tr
        side = event.winner
        mine = side == self.my_side()
        team = len(self.sides[side]) > 1 if side < len(self.sides) else False
        if mine and team:
            # Translators: your team won the game.
            text = tr._("your side wins the game!")
        elif mine:
            # Translators: you won the game.
            text = tr._("you win the game!")
        elif team:
            # Translators: a team of two named players won the game.
            text = tr._("{players} win the game").format(players=self.side_name(side))
        else:
            # Translators: another player won the game.
            text = tr._("{player} wins the game").format(player=self.side_name(side))
        # Translators: the final scores ("Final score: you 205, Anna 180").
        final = tr._("final score: {scores}").format(scores=self.scores_list(event.scores))
        cue = None if self.seat is None else ("game_won" if mine else "game_lost")
        return Utterance(sentences(text, final), cue=cue, kind="game_end")
