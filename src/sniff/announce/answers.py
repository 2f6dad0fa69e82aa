"""Answers to the information keys: hand, ends, count, layout, scores, boneyard,
unseen tiles, history, whose turn, a tile's fit, a what-if preview.

Each answer is one interrupting :class:`Utterance` built from an
:class:`~sniff.engine.Observation` alone.
"""

from __future__ import annotations

from sniff.announce.phrases import BookPart, Phrasebook, sentences
from sniff.announce.rule_words import RuleWords
from sniff.announce.turns import TurnWords
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import (
    Claimed,
    Drew,
    End,
    Layout,
    Move,
    MugginsCalled,
    Observation,
    Passed,
    Phase,
    Played,
    Tile,
    fitting_ends,
    move_fits,
    pip_total,
    what_if,
)
from sniff.enums import Cue

__all__ = ["UNSEEN_PAGE", "Answers"]

#: About how many tile names one press of the unseen-tiles key says (a tile of two
#: suits is named under each).
UNSEEN_PAGE = 12


def _answer(text: str, kind: UtteranceKind, **extra: object) -> Utterance:
    return Utterance(text, interrupt=True, kind=kind, **extra)  # type: ignore[arg-type]


class Answers(BookPart):
    """The information keys. Every method returns one interrupting utterance."""

    def __init__(self, book: Phrasebook) -> None:
        super().__init__(book)
        self._turns = TurnWords(book)

    def hand(self, obs: Observation) -> Utterance:
        """Your tiles in order, how many, their pips (verbose: which fit where)."""
        tr = self.tr
        hand = obs.hand
        if obs.phase is Phase.GAME_OVER:
            # Translators: H (your hand) pressed after the game ended.
            text = tr._("the game is over. Press Enter for a new game, or Q to quit")
            return Utterance(
                sentences(text), interrupt=True, cue=Cue.INVALID, kind=UtteranceKind.HAND
            )
        if not hand:
            # Translators: the hand key when you hold no tiles.
            return _answer(sentences(tr._("your hand is empty")), UtteranceKind.HAND)
        # Translators: the hand key: how many tiles you hold.
        count = tr.ngettext("{n} tile", "{n} tiles", len(hand)).format(n=len(hand))
        pips = pip_total(hand)
        # Translators: the hand key: the pips in your hand.
        pip_text = tr.ngettext("{pips} pip", "{pips} pips", pips).format(pips=pips)
        # Translators: the hand key: "7 tiles, 34 pips: double six, six-four, ...".
        text = tr._("{count}, {pips}: {tiles}").format(
            count=count, pips=pip_text, tiles=", ".join(self.words.tile(t) for t in hand)
        )
        parts = [text]
        if self.book.verbose and obs.layout.lead is not None:
            fitting = [
                self._fits(t, fitting_ends(obs.layout, t))
                for t in hand
                if fitting_ends(obs.layout, t)
            ]
            if fitting:
                parts.extend(fitting)
            else:
                # Translators: verbose hand key: none of your tiles fits an open end.
                parts.append(tr._("none fits"))
        return _answer(sentences(*parts), UtteranceKind.HAND)

    def _fits(self, tile: Tile, ends: list[End]) -> str:
        if ends == [End.LEAD]:
            # Translators: a tile that may be led (the table is empty).
            return self.tr._("{tile} can lead").format(tile=self.words.tile(tile))
        if ends:
            # Translators: where a tile fits ("five-three fits east or north").
            return self.tr._("{tile} fits {ends}").format(
                tile=self.words.tile(tile), ends=self.book.fit_ends(ends)
            )
        # Translators: a tile that fits no open end.
        return self.tr._("{tile} does not fit").format(tile=self.words.tile(tile))

    def ends(self, obs: Observation) -> Utterance:
        """The open ends and their pips: "west 4, east double five, north 2"."""
        if obs.layout.lead is None:
            return _answer(sentences(self._empty_table(obs)), UtteranceKind.ENDS)
        return _answer(sentences(self.book.ends_list(obs.layout)), UtteranceKind.ENDS)

    def _empty_table(self, obs: Observation) -> str:
        if obs.required_lead is not None:
            # Translators: the table is empty and you must lead this tile.
            return self.tr._("the table is empty: lead {tile}").format(
                tile=self.words.tile(obs.required_lead)
            )
        # Translators: nothing has been played yet this round.
        return self.tr._("the table is empty")

    def count(self, obs: Observation) -> Utterance:
        """The count, its arithmetic and what it scores (not under the muggins rule)."""
        rules = obs.rules
        if obs.layout.lead is None:
            return _answer(sentences(self._empty_table(obs)), UtteranceKind.COUNT)
        if self.counting(obs):
            # Translators: the count key while you must claim your own play's points (muggins
            # rule): you add up the ends yourself; {ends} lists them ("west 4, east 6").
            text = self.tr._("add up the ends yourself, then claim: {ends}")
            return _answer(
                sentences(text.format(ends=self.book.ends_list(obs.layout))), UtteranceKind.COUNT
            )
        if rules.muggins:
            # Under the muggins rule, whether and what a count scores is the
            # player's to work out and claim: say the arithmetic only.
            text = self.book.arithmetic(obs.layout)
        else:
            text = self.book.count_arithmetic(obs.layout, rules.scoring, rules.points_unit)
        return _answer(sentences(text), UtteranceKind.COUNT, points=obs.layout.count)

    def counting(self, obs: Observation) -> bool:
        """Whether the seat is to claim its own play's points (muggins rule): then
        nothing may say the count before the claim."""
        return obs.rules.muggins and obs.phase is Phase.CLAIM and obs.current == obs.seat

    def layout(self, obs: Observation) -> Utterance:
        """The layout arm by arm, from the lead outwards."""
        tr, words = self.tr, self.words
        lay = obs.layout
        if lay.lead is None:
            return _answer(sentences(self._empty_table(obs)), UtteranceKind.LAYOUT)

        def name(tile: Tile) -> str:
            if tile is lay.sniff:
                # Translators: marks the sniff in the layout ("double four, the sniff").
                return tr._("{tile}, the sniff").format(tile=words.tile(tile))
            return words.tile(tile)

        # Translators: the layout key: the first tile of the round.
        parts = [tr._("the lead: {tile}").format(tile=name(lay.lead))]
        arms = [End.WEST, End.EAST]
        if lay.sniff is not None:
            arms += [End.NORTH, End.SOUTH]
        for end in arms:
            placed = lay.arm(end)
            pip = lay.open[end.arm]
            tiles = ", ".join(name(p.tile) for p in placed)
            if placed and pip >= 0:
                # Translators: the layout key: an arm's tiles from the centre out, and its open end.
                text = tr._("{end}: {tiles}, open {pips}")
            elif placed:
                # Translators: the layout key: an arm that takes no more tiles (stubby sniff).
                text = tr._("{end}: {tiles}, closed")
            else:
                # Translators: the layout key: an arm with no tile on it yet, and its open end.
                text = tr._("{end}: empty, open {pips}")
            parts.append(text.format(end=words.end(end), tiles=tiles, pips=pip))
        if not self.book.brief and not self.counting(obs):
            # Translators: the layout key ends with the count ("The count is 15").
            parts.append(tr._("the count is {count}").format(count=lay.count))
        return _answer(sentences(*parts), UtteranceKind.LAYOUT)

    def scores(self, obs: Observation) -> Utterance:
        """Each side's score, the target, and who leads the game."""
        tr = self.tr
        if obs.sides != self.book.sides:
            self.book.set_sides(obs.sides)  # side names come from the book: keep them true
        # Translators: the scores key ("Score: you 45, Anna 30. Target 200").
        parts = [
            tr._("score: {scores}").format(scores=self.book.scores_list(obs.scores)),
            # Translators: the score that wins the game.
            tr._("target {target}").format(target=obs.target),
        ]
        ranked = sorted(range(len(obs.scores)), key=lambda i: obs.scores[i], reverse=True)
        top = ranked[0]
        lead = obs.scores[top] - obs.scores[ranked[1]] if len(ranked) > 1 else 0
        if obs.phase is Phase.GAME_OVER:
            parts = [self._final_scores(obs.scores, top, ranked)]
        elif lead == 0 and all(score == obs.scores[top] for score in obs.scores):
            # Translators: the scores key when every side has the same score.
            parts.append(tr._("scores are level"))
        elif lead == 0:
            leaders = [self.book.side_name(i) for i in ranked if obs.scores[i] == obs.scores[top]]
            # Translators: the scores key when some sides (not all) share the best score
            # ("you and Anna share the lead"; three sides or more).
            text = tr._("{players} share the lead")
            parts.append(text.format(players=self.words.join(leaders)))
        else:
            mine = top == self.book.my_side()
            team = len(obs.sides[top]) > 1
            if mine and team:
                # Translators: the scores key: your team is ahead by {points}.
                text = tr.ngettext(
                    "your side leads by {points}", "your side leads by {points}", lead
                )
            elif mine:
                # Translators: the scores key: you are ahead by {points}.
                text = tr.ngettext("you lead by {points}", "you lead by {points}", lead)
            elif team:
                # Translators: the scores key: two named players are ahead by {points}.
                text = tr.ngettext("{players} lead by {points}", "{players} lead by {points}", lead)
            else:
                # Translators: the scores key: a named player is ahead by {points}.
                text = tr.ngettext("{player} leads by {points}", "{player} leads by {points}", lead)
            name = self.book.side_name(top)
            parts.append(text.format(points=lead, player=name, players=name))
        return _answer(sentences(*parts), UtteranceKind.SCORES)

    def _final_scores(self, scores: tuple[int, ...], top: int, ranked: list[int]) -> str:
        """After the game: who won, and by what ("Anna won, 212 to 174")."""
        tr = self.tr
        if len(ranked) == 2:
            # Translators: the final scores of two sides, the winner's first ("212 to 174").
            figures = tr._("{first} to {second}").format(
                first=scores[ranked[0]], second=scores[ranked[1]]
            )
        else:
            # More sides: name each score, or the numbers would not say whose they are.
            figures = self.book.scores_list(scores)
        if top == self.book.my_side():
            if len(self.book.sides[top]) > 1:
                # Translators: the scores key after the game: your side won ("your side won,
                # 212 to 174").
                text = tr._("your side won, {scores}")
            else:
                # Translators: the scores key after the game: you won ("you won, 212 to 174").
                text = tr._("you won, {scores}")
        elif len(self.book.sides[top]) > 1:
            # Translators: the scores key after the game: two named partners won ("Anna and
            # Clara won, 212 to 174").
            text = tr._("{players} won, {scores}")
        else:
            # Translators: the scores key after the game: a player won ("Anna won, 212 to
            # 174").
            text = tr._("{player} won, {scores}")
        name = self.book.side_name(top)
        return text.format(player=name, players=name, scores=figures)

    def boneyard(self, obs: Observation) -> Utterance:
        """Tiles in the boneyard and in each other hand."""
        tr = self.tr
        n = obs.boneyard_size
        # Translators: the boneyard key: tiles left to draw.
        parts = [
            tr.ngettext("{n} tile in the boneyard", "{n} tiles in the boneyard", n).format(n=n)
        ]
        others = []
        for seat, size in enumerate(obs.hand_sizes):
            if seat == obs.seat:
                continue
            # Translators: the boneyard key: how many tiles another player holds.
            text = tr.ngettext("{player} holds {n}", "{player} holds {n}", size)
            others.append(text.format(player=self.book.name(seat), n=size))
        parts.append(", ".join(others))
        return _answer(sentences(*parts), UtteranceKind.BONEYARD)

    def unseen(self, obs: Observation, page: int = 0) -> tuple[Utterance, bool]:
        """Tiles not yet seen (in other hands or the boneyard), a part at a time.

        Grouped by suit, the suits with fewest unseen tiles first (the ends the
        others are least likely to answer), each suit with every unseen tile that
        shows its number, so the number said and the tiles read agree: a tile with
        two suits is read in both. Suits with none left unseen are named first. About
        :data:`UNSEEN_PAGE` tiles a part, a suit never split. Returns the part and
        whether more follows (T again).
        """
        tr, words = self.tr, self.words
        unseen = obs.unseen_tiles()
        if not unseen:
            # Translators: the unseen-tiles key when every tile has been seen.
            return _answer(sentences(tr._("you have seen every tile")), UtteranceKind.UNSEEN), False
        suits = range(obs.rules.max_pip + 1)
        groups = {s: sorted((t for t in unseen if t.has(s)), reverse=True) for s in suits}
        order = sorted((s for s in suits if groups[s]), key=lambda s: (len(groups[s]), -s))
        pages: list[list[int]] = [[]]
        size = 0
        for suit in order:
            if size >= UNSEEN_PAGE:
                pages.append([])
                size = 0
            pages[-1].append(suit)
            size += len(groups[suit])
        page %= len(pages)
        parts: list[str] = []
        if page == 0:
            # Translators: the unseen-tiles key: how many tiles you have not seen yet, and
            # how the list goes on: each suit, the one with the fewest unseen tiles first.
            text = tr.ngettext(
                "{n} tile unseen, by suit, fewest first",
                "{n} tiles unseen, by suit, fewest first",
                len(unseen),
            )
            parts.append(text.format(n=len(unseen)))
            gone = [words.suits[s] for s in sorted(suits, reverse=True) if not groups[s]]
            if gone:
                # Translators: the unseen-tiles key: suits of which you have seen every tile,
                # so no other player can answer them ("all seen: threes and blanks").
                text = tr._("all seen: {suits}")
                parts.append(text.format(suits=words.join(gone)))
        for suit in pages[page]:
            # Translators: one suit in the unseen-tiles list: how many of its tiles are
            # unseen, and which ("fives, 3: six-five, five-four, five-blank").
            text = tr._("{suit}, {n}: {tiles}")
            names = ", ".join(words.tile(t) for t in groups[suit])
            parts.append(text.format(suit=words.suits[suit], n=len(groups[suit]), tiles=names))
        more = page + 1 < len(pages)
        if more:
            # Translators: the unseen-tiles list goes on: press T again.
            parts.append(tr._("T for more"))
        return _answer(sentences(*parts), UtteranceKind.UNSEEN), more

    def round_info(self, obs: Observation, preset_name: str = "") -> Utterance:
        """The round, the target, and the rules: their name and what they are ("Round
        3, a game to 200 points. Rules: Sniff. The first double is the sniff: ...")."""
        tr = self.tr
        # Translators: the round key: the round number and the game's target ("round 3, a
        # game to 200 points").
        text = tr._("round {round}, a game to {target} points")
        parts = [text.format(round=obs.round, target=obs.target)]
        if preset_name:
            # Translators: the round key: the rules played ("rules: Sniff, US").
            parts.append(tr._("rules: {name}").format(name=preset_name))
        parts.extend(RuleWords(tr).describe(obs.rules, obs.sides))
        if obs.rules.muggins:
            # Translators: the round key: the muggins rule is on.
            parts.append(tr._("the muggins rule is on"))
        return _answer(sentences(*parts), UtteranceKind.ROUND)

    def history(self, obs: Observation) -> Utterance:
        """This round: who played what where, who drew, who passed on which ends."""
        tr, words = self.tr, self.words
        layout = Layout.empty(obs.rules.spinner)
        lines: list[str] = []
        # While the seat is to claim its own last play (muggins rule), its count stays unsaid.
        secret = obs.history[-1] if self.counting(obs) and obs.history else None
        drawn: list[tuple[int, int, str]] = []  # another player's run of draws, said as one
        for event in obs.history:
            if isinstance(event, Played):
                layout = layout.place(event.tile, event.end, endwise=event.endwise)
                me = self.book.is_me(event.player)
                tile = words.tile(event.tile)
                if event is secret:
                    # Translators: the history key: your play whose points you are to claim
                    # (muggins rule), said without its count ("you: five-three east").
                    text = tr._("you: {tile} {end}")
                    lines.append(text.format(tile=tile, end=words.short_at(event.end)))
                    continue
                if event.end is End.LEAD:
                    if me:
                        text = tr._("you lead {tile}, {count}")
                    else:
                        text = tr._("{player} leads {tile}, {count}")
                elif me:
                    # Translators: the history key: your own play ("You: five-three east, 15").
                    text = tr._("you: {tile} {end}, {count}")
                else:
                    text = tr._("{player}: {tile} {end}, {count}")
                line = text.format(
                    player=self.book.name(event.player),
                    tile=tile,
                    end=words.short_at(event.end),
                    count=event.count,
                )
                # Under the muggins rule the claims say the points.
                if event.points and not obs.rules.muggins:
                    line += ", " + self.book.score_word(event.points)
                lines.append(line)
            elif isinstance(event, Drew):
                if self.book.is_me(event.player) and event.tile is not None:
                    lines.append(tr._("you draw {tile}").format(tile=words.tile(event.tile)))
                elif drawn and drawn[-1][0] == event.player and lines and lines[-1] == drawn[-1][2]:
                    player, count, _ = drawn.pop()
                    lines[-1] = self.book.draws(player, count + 1)
                    drawn.append((player, count + 1, lines[-1]))
                else:
                    lines.append(self.book.draws(event.player, 1))
                    drawn.append((event.player, 1, lines[-1]))
            elif isinstance(event, Passed):
                if self.book.is_me(event.player):
                    text = tr._("you pass")
                else:
                    text = tr._("{player} passes").format(player=self.book.name(event.player))
                lines.append(
                    tr._("{passes}, open: {ends}").format(
                        passes=text, ends=self.book.ends_list(layout)
                    )
                )
            elif isinstance(event, Claimed):
                if self.book.is_me(event.player):
                    text = tr.ngettext("you claim {points}", "you claim {points}", event.points)
                else:
                    text = tr.ngettext(
                        "{player} claims {points}", "{player} claims {points}", event.points
                    )
                line = text.format(player=self.book.name(event.player), points=event.points)
                # Translators: the history key: a claim was right or wrong ("you claim 10: right").
                verdict = tr._("right") if event.correct else tr._("wrong")
                lines.append(f"{line}: {verdict}")
            elif isinstance(event, MugginsCalled):
                if self.book.is_me(event.player):
                    text = tr.ngettext(
                        "muggins! You take {points}", "muggins! You take {points}", event.points
                    )
                else:
                    text = tr.ngettext(
                        "{player} calls muggins and takes {points}",
                        "{player} calls muggins and takes {points}",
                        event.points,
                    )
                lines.append(text.format(player=self.book.name(event.player), points=event.points))
        if not lines:
            # Translators: the history key before anything was played this round.
            return _answer(sentences(tr._("nothing played yet this round")), UtteranceKind.HISTORY)
        return _answer(sentences(*lines), UtteranceKind.HISTORY)

    def turn(
        self, obs: Observation, *, help: bool = False, selected: Move | None = None
    ) -> Utterance:
        """Whose turn it is (yours: what you can do, and what Enter would play: see
        :meth:`turn_prompt`; with *help*, how to answer a claim or a muggins question
        too)."""
        tr = self.tr
        if obs.phase is Phase.GAME_OVER:
            # Translators: the turn key after the game ended.
            return _answer(sentences(tr._("the game is over")), UtteranceKind.TURN)
        if obs.phase is Phase.ROUND_OVER:
            # Translators: the turn key between rounds.
            return _answer(sentences(tr._("the round is over")), UtteranceKind.TURN)
        if obs.current == obs.seat:
            text = self.turn_prompt(obs, selected=selected)
            if help and obs.phase is Phase.CLAIM:
                text = sentences(text, self.claim_help())
            elif help and obs.phase is Phase.MUGGINS:
                text = sentences(text, self.muggins_help())
            return _answer(text, UtteranceKind.TURN, cue=Cue.TURN)
        # Translators: the turn key while another player is to act ("Anna's turn").
        text = tr._("{player}'s turn").format(player=self.book.name(obs.current))
        return _answer(sentences(text), UtteranceKind.TURN)

    def claim_help(self) -> str:
        """How to claim points (muggins rule), said after the first claim prompt."""
        return self._turns.claim_help()

    def muggins_help(self) -> str:
        """How to answer a muggins question, said after the first one."""
        return self._turns.muggins_help()

    def turn_prompt(self, obs: Observation, *, selected: Move | None = None) -> str:
        """What to do now, when it is this seat's turn; *selected*, the play the cursor
        is on, is named with what it would make when it is legal
        (:meth:`TurnWords.prompt <sniff.announce.turns.TurnWords.prompt>`)."""
        return self._turns.prompt(obs, selected=selected)

    def tile_choice(self, obs: Observation, tile: Tile) -> Utterance:
        """A tile as the player moves onto it: "five-three, fits east or north"."""
        tr, words = self.tr, self.words
        name = words.tile(tile)
        lay = obs.layout
        if obs.forced is not None and tile != obs.forced:
            # Translators: choosing a tile while you must play the one you drew.
            text = tr._("{tile}: you must play {forced}").format(
                tile=name, forced=words.tile(obs.forced)
            )
        elif lay.lead is None and obs.required_lead is not None and tile != obs.required_lead:
            # Translators: choosing a tile while another tile must lead.
            text = tr._("{tile}: {required} must lead").format(
                tile=name, required=words.tile(obs.required_lead)
            )
        else:
            ends = fitting_ends(lay, tile)
            if ends == [End.LEAD]:
                # Translators: choosing a tile when the table is empty.
                text = tr._("{tile}, can lead").format(tile=name)
            elif ends:
                # Translators: choosing a tile: where it fits ("five-three, fits east or north").
                text = tr._("{tile}, fits {ends}").format(tile=name, ends=self.book.fit_ends(ends))
            else:
                # Translators: choosing a tile that fits nowhere.
                text = tr._("{tile}, does not fit").format(tile=name)
        return _answer(sentences(text), UtteranceKind.TILE)

    def preview(self, obs: Observation, move: Move) -> Utterance:
        """What a move would do, naming the tile: "six-four on the north end: the count
        would be 20, you score 20". Under the muggins rule the player counts the play
        themselves, so only where it goes is said."""
        tr, words = self.tr, self.words
        lay = obs.layout
        tile = words.tile(move.tile)
        if not move_fits(lay, move):
            # Translators: a what-if for a tile on an end where it does not fit; {at} is the
            # short "where" form ("west"; German "im Westen").
            text = tr._("{tile} does not fit {at}").format(tile=tile, at=words.short_at(move.end))
            return _answer(sentences(text), UtteranceKind.PREVIEW, cue=Cue.INVALID)
        where = words.short_at(move.end) if self.book.brief else words.at(move.end)
        if move.endwise:
            # Translators: a double laid along the line (house rule), after where it goes.
            where = tr._("{where}, lengthwise").format(where=where)
        if obs.rules.muggins:
            # Translators: what-if under the muggins rule, which leaves the counting to you:
            # the tile and where it would go ("six-four on the north end").
            text = tr._("{tile} {end}").format(tile=tile, end=where)
            return _answer(sentences(text), UtteranceKind.PREVIEW, end=move.end.value)
        after = lay.place(move.tile, move.end, endwise=move.endwise)
        points = what_if(lay, move, obs.rules).points
        score = self.book.earned(self.book.seat, points) if points else self.book.score_word(0)
        if self.book.brief:
            # Translators: brief what-if: "six-four north: 20, you score 20".
            text = tr._("{tile} {end}: {count}, {score}").format(
                tile=tile, end=where, count=after.count, score=score
            )
        elif self.book.verbose:
            # Translators: verbose what-if, with the arithmetic ("six-four on the north end:
            # ends 4, 6 and 5 make 15: you score 15").
            text = tr._("{tile} {end}: {arithmetic}: {score}").format(
                tile=tile, end=where, arithmetic=self.book.arithmetic(after), score=score
            )
        else:
            # Translators: what-if: "six-four on the north end: the count would be 20, you
            # score 20".
            text = tr._("{tile} {end}: the count would be {count}, {score}").format(
                tile=tile, end=where, count=after.count, score=score
            )
        return _answer(sentences(text), UtteranceKind.PREVIEW, points=points, end=move.end.value)
