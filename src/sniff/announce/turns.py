"""The turn prompt: what to do now, and what Enter would play.

Said after the events that make it this seat's turn, and again by the turn key
(W). Besides what may be done ("your turn, 2 fit", "play six-four", "claim your
points"), it names the play the cursor is on, which Enter would make, with the
count the engine says it would make: "Your turn, 2 fit: five-one west, 11."
"""

from __future__ import annotations

from sniff.announce.phrases import BookPart, sentences
from sniff.engine import DRAW, PASS, End, Move, Observation, Phase, Tile, what_if

__all__ = ["TurnWords"]


class TurnWords(BookPart):
    """The turn prompt for one seat (:class:`~sniff.announce.answers.Answers` says it)."""

    def claim_help(self) -> str:
        # Translators: how to claim points (muggins rule), after "claim your points".
        return self.tr._("type the points and press Enter, 0 for none")

    def muggins_help(self) -> str:
        # Translators: how to answer a muggins question, after "call muggins, or let it go?".
        return self.tr._("Y: call muggins. N: let it go")

    def prompt(self, obs: Observation, *, selected: Move | None = None) -> str:
        """What to do now, when it is this seat's turn.

        *selected* is the play the cursor is on, which Enter would make: when it is
        a legal move, the prompt names it with the count it would make (and, unless
        the muggins rule leaves the counting to the player, what it scores), so the
        player knows what Enter does before pressing it: "Your turn, 2 fit:
        five-one west, 11."
        """
        tr = self.tr
        if obs.phase is Phase.CLAIM:
            # Translators: muggins rule: you must say how many points your play earned.
            return sentences(tr._("claim your points: how many did your play earn?"))
        if obs.phase is Phase.MUGGINS:
            # Translators: muggins rule: the opponent claimed wrongly; you may take the points.
            return sentences(tr._("call muggins, or let it go?"))
        chosen = selected if selected is not None and selected in obs.legal else None
        if obs.layout.lead is None:
            return self._lead_prompt(obs, chosen)
        if obs.forced is not None:
            # Translators: you drew a tile that fits and must play it.
            text = tr._("play {tile}").format(tile=self.words.tile(obs.forced))
            return sentences(text, self._enter_plays(obs, chosen))
        tiles = {a.tile for a in obs.legal if isinstance(a, Move)}
        n = len(tiles)
        parts = []
        if obs.second_turn:
            # Translators: alle-fuenfe rules: the leader plays a second tile at once.
            parts.append(tr._("you play again"))
        if n == 0:
            if DRAW in obs.legal:
                # Translators: your turn, nothing fits, so you draw.
                parts.append(tr._("your turn, nothing fits: draw"))
            elif PASS in obs.legal:
                # Translators: your turn, nothing fits and you cannot draw, so you pass.
                parts.append(tr._("your turn, nothing fits: pass"))
            else:
                # Translators: your turn, when nothing fits and no action is open (a safeguard).
                parts.append(tr._("your turn"))
        elif self.book.brief and chosen is not None:
            # Translators: brief: your turn, how many of your tiles fit, and the play Enter
            # would make with its count ("your turn, 2 fit: five-one west, 11").
            text = tr.ngettext("your turn, {n} fits: {play}", "your turn, {n} fit: {play}", n)
            parts.append(text.format(n=n, play=self._enter_plays(obs, chosen)))
        elif self.book.brief:
            # Translators: brief: your turn and how many of your tiles fit ("your turn, 3 fit").
            parts.append(tr.ngettext("your turn, {n} fits", "your turn, {n} fit", n).format(n=n))
        else:
            # Translators: your turn, and where each tile that fits goes ("your turn: six-three
            # fits east, double five fits west or north").
            text = tr._("your turn: {fits}")
            parts.append(text.format(fits=self._what_fits(obs)))
        if self.book.verbose:
            # Translators: verbose turn prompt: the open ends ("Open ends: west 4, east 2").
            parts.append(tr._("open ends: {ends}").format(ends=self.book.ends_list(obs.layout)))
        if not self.book.brief:
            parts.append(self._enter_plays(obs, chosen))
        return sentences(*parts)

    def _lead_prompt(self, obs: Observation, chosen: Move | None) -> str:
        """Your turn to lead (a tile the rules name, or any), and what Enter would lead."""
        tr = self.tr
        if self.book.brief and chosen is not None:
            play = self._enter_plays(obs, chosen)
            if obs.required_lead is not None:
                # Translators: brief: your turn to lead the tile the rules name, with its count
                # ("your turn: lead double six, 12").
                return sentences(tr._("your turn: lead {play}").format(play=play))
            # Translators: brief: your turn to lead, and the tile Enter would lead with its
            # count ("your turn to lead: double six, 12").
            return sentences(tr._("your turn to lead: {play}").format(play=play))
        if obs.required_lead is not None:
            # Translators: your turn to lead, and the rules say which tile.
            text = tr._("your turn: lead {tile}").format(tile=self.words.tile(obs.required_lead))
        else:
            # Translators: your turn to lead any tile.
            text = tr._("your turn to lead")
        return sentences(text, self._enter_plays(obs, chosen))

    def _enter_plays(self, obs: Observation, move: Move | None) -> str:
        """What Enter would play, in the seat's verbosity ("" for no selection).

        Brief: "five-one west, 11" (", scores 15" when it scores). Normal: "Enter plays
        five-one on the west end: the count would be 11". Verbose: the arithmetic
        instead of the bare count. Under the muggins rule the count is the player's to
        make and claim, so only the tile and its end are said (as the what-if does).
        """
        if move is None:
            return ""
        tr, words, book = self.tr, self.words, self.book
        tile = words.tile(move.tile)
        muggins = obs.rules.muggins
        where = words.short_at(move.end) if book.brief else words.at(move.end)
        if move.endwise:
            # Translators: a double laid along the line (house rule), after where it goes.
            where = tr._("{where}, lengthwise").format(where=where)
        lead = move.end is End.LEAD
        if book.brief:
            if muggins:
                # Translators: brief: the play Enter would make under the muggins rule, which
                # leaves the counting to you ("five-one west").
                return tile if lead else tr._("{tile} {end}").format(tile=tile, end=where)
            result = what_if(obs.layout, move, obs.rules)
            if lead:
                # Translators: brief: the tile Enter would lead and its count ("double six,
                # 12"), in the turn prompt.
                text = tr._("{tile}, {count}").format(tile=tile, count=result.count)
            else:
                # Translators: brief: the play Enter would make and its count ("five-one
                # west, 11"), in the turn prompt.
                text = tr._("{tile} {end}, {count}").format(
                    tile=tile, end=where, count=result.count
                )
            if result.points:
                text += ", " + book.score_word(result.points)
            return text
        if muggins and lead:
            # Translators: the turn prompt names the tile Enter would lead (muggins rule: the
            # count is yours to make and claim): "Enter leads double six".
            return tr._("Enter leads {tile}").format(tile=tile)
        if muggins:
            # Translators: the turn prompt names the play Enter would make (muggins rule: the
            # count is yours to make and claim): "Enter plays five-one on the west end".
            return tr._("Enter plays {tile} {end}").format(tile=tile, end=where)
        result = what_if(obs.layout, move, obs.rules)
        score = book.earned(book.seat, result.points)
        if book.verbose:
            after = obs.layout.place(move.tile, move.end, endwise=move.endwise)
            count = book.arithmetic(after)
            if result.points:
                # Translators: the count's arithmetic, then what it earns ("... make 15: you
                # score 15").
                count = tr._("{arithmetic}: {score}").format(arithmetic=count, score=score)
        else:
            # Translators: the count a play would make, in the turn prompt ("the count would
            # be 11").
            count = tr._("the count would be {count}").format(count=result.count)
            if result.points:
                # Translators: the count a play would make, then what it scores ("the count
                # would be 15, you score 15").
                count = tr._("{count}, {score}").format(count=count, score=score)
        if lead:
            # Translators: the turn prompt names the tile Enter would lead and what it makes
            # ("Enter leads double six: the count would be 12").
            return tr._("Enter leads {tile}: {result}").format(tile=tile, result=count)
        # Translators: the turn prompt names the play Enter would make and what it makes
        # ("Enter plays five-one on the west end: the count would be 11").
        return tr._("Enter plays {tile} {end}: {result}").format(tile=tile, end=where, result=count)

    def _what_fits(self, obs: Observation) -> str:
        """ "six-three fits east, double five fits west or north" (in the hand's order)."""
        ends: dict[Tile, list[End]] = {}
        for action in obs.legal:
            if isinstance(action, Move) and not action.endwise:
                ends.setdefault(action.tile, []).append(action.end)
        # Translators: one tile that fits, in the turn prompt ("six-three fits east").
        item = self.tr._("{tile} fits {ends}")
        return ", ".join(
            item.format(tile=self.words.tile(t), ends=self.book.fit_ends(ends[t]))
            for t in obs.hand
            if t in ends
        )
