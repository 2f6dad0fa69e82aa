"""What happened while the player was not listening, in one condensed utterance.

A key pressed while the bots move cuts their plays off; what happened must
still reach the player. So before the next prompt the game says a catch-up,
one clause per turn: "Anna played five-one west, 10, scored 10; Ben drew 2
and passed". The same words answer the key for "what happened since my last
move". Only public events are said (other players' draws carry no tile).
"""

from __future__ import annotations

from collections.abc import Sequence

from sniff.announce.phrases import BookPart, sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import (
    Claimed,
    Dealt,
    Drew,
    Event,
    GameEnded,
    MugginsCalled,
    Passed,
    Played,
    RoundEnd,
    RoundEnded,
    RuleSet,
    public_event,
)

__all__ = ["CatchUpWords"]


class CatchUpWords(BookPart):
    """Condensed accounts of several events, for one seat."""

    _away = False  # (set for each account: the seat's own turns were a bot's)

    def catch_up(
        self, events: Sequence[Event], rules: RuleSet, *, away: bool = False
    ) -> Utterance | None:
        """What was missed (None: nothing worth saying), said before the next prompt.
        *away*: the seat was not there, so its own actions among *events* were a bot's,
        playing for it ("a bot played five-one west for you, 10")."""
        clauses = self.clauses(events, rules, away=away)
        if not clauses:
            return None
        # Translators: said before your turn when a key cut the other players' plays off;
        # {events} is a list of what they did ("Anna played five-one west, 10; Ben passed").
        text = self.tr._("meanwhile: {events}").format(events="; ".join(clauses))
        return Utterance(sentences(text), kind=UtteranceKind.CATCH_UP)

    def since_my_move(
        self, events: Sequence[Event], rules: RuleSet, *, spectator: bool = False
    ) -> Utterance:
        """The answer to "what happened since my last move" (a *spectator*'s: since they
        last asked)."""
        clauses = self.clauses(events, rules)
        tr = self.tr
        if clauses and spectator:
            # Translators: a spectator's key for what happened since they last asked it;
            # {events} is the list ("Anna played five-one west, 10; Ben passed").
            text = tr._("since you last asked: {events}").format(events="; ".join(clauses))
        elif clauses:
            # Translators: the key for what happened since your last move; {events} is the list.
            text = tr._("since your last move: {events}").format(events="; ".join(clauses))
        elif spectator:
            # Translators: a spectator's key for what happened, when nothing has since they
            # last asked.
            text = tr._("nothing has happened since you last asked")
        else:
            # Translators: the key for what happened since your last move, when nothing did.
            text = tr._("nothing has happened since your last move")
        return Utterance(sentences(text), interrupt=True, kind=UtteranceKind.SINCE)

    def unheard(self, count: int) -> str:
        """Said after the turn prompt where the speech cannot tell what was heard:
        how many turns may have been cut off, and the key that says them."""
        # Translators: after "your turn", when keys may have cut off the others' plays and
        # the speech cannot tell; {key} is the key that says what happened since your move.
        text = self.tr.ngettext(
            "{n} play since your last move: {key}.",
            "{n} plays since your last move: {key}.",
            count,
        )
        return text.format(n=count, key="A")

    def clauses(self, events: Sequence[Event], rules: RuleSet, *, away: bool = False) -> list[str]:
        """One clause per turn (draws folded into the play or pass that ends it); *away*:
        the seat's own turns were played by a bot for it."""
        seat = self.book.seat
        self._away = away
        out: list[str] = []
        drawn: dict[int, int] = {}
        for raw in events:
            event = public_event(raw, seat) if seat is not None else raw
            if event is None:
                continue
            if isinstance(event, Drew):
                drawn[event.player] = drawn.get(event.player, 0) + 1
                continue
            clause = self._clause(event, rules, drawn)
            if clause:
                out.append(clause)
        for player, count in drawn.items():  # draws not yet followed by a play or pass
            out.append(self._drew(player, count))
        return out

    def _clause(self, event: Event, rules: RuleSet, drawn: dict[int, int]) -> str:
        tr = self.tr
        if isinstance(event, Played):
            count = drawn.pop(event.player, 0)
            clause = self._played(event, count)
            if event.points and not rules.muggins:
                # Translators: catch-up: what a play scored, after it ("..., scored 10").
                scored = tr.ngettext("scored {points}", "scored {points}", event.points)
                clause += ", " + scored.format(points=event.points)
            return clause
        if isinstance(event, Passed):
            return self._passed(event.player, drawn.pop(event.player, 0))
        if isinstance(event, MugginsCalled):
            if self.book.is_me(event.player) and self._away:
                # Translators: catch-up, back at the table: a bot called muggins for you.
                text = tr._("a bot called muggins for you, took {points}")
            elif self.book.is_me(event.player):
                # Translators: catch-up: you called muggins ("you called muggins, took 10").
                text = tr._("you called muggins, took {points}")
            else:
                # Translators: catch-up: a player called muggins ("Ben called muggins, took 10").
                text = tr._("{player} called muggins, took {points}")
            return text.format(player=self.book.name(event.player), points=event.points)
        if isinstance(event, Claimed) and not event.correct:
            if self.book.is_me(event.player) and self._away:
                # Translators: catch-up, back at the table: a bot's wrong claim for you.
                text = tr._("a bot claimed {points} for you, wrongly")
            elif self.book.is_me(event.player):
                # Translators: catch-up: your own wrong claim under the muggins rule.
                text = tr._("you claimed {points}, wrongly")
            else:
                # Translators: catch-up: another player's wrong claim under the muggins rule.
                text = tr._("{player} claimed {points}, wrongly")
            return text.format(player=self.book.name(event.player), points=event.points)
        if isinstance(event, RoundEnded):
            # Translators: catch-up: the scores after a round ("score: you 20, Ben 35").
            score = tr._("score: {scores}").format(scores=self.book.scores_list(event.scores))
            if event.reason == RoundEnd.DOMINO and event.went_out is not None:
                if self.book.is_me(event.went_out):
                    # Translators: catch-up: you went out and the round ended.
                    ended = tr._("you went out")
                else:
                    # Translators: catch-up: a player went out and the round ended.
                    ended = tr._("{player} went out")
            elif event.reason == RoundEnd.BLOCKED:
                # Translators: catch-up: the round ended blocked.
                ended = tr._("the round was blocked")
            else:
                return ""
            return ended.format(player=self.book.name(event.went_out or 0)) + ", " + score
        if isinstance(event, Dealt) and event.leader is not None:
            # Translators: catch-up: a new round was dealt.
            return tr._("round {round} was dealt").format(round=event.round)
        if isinstance(event, GameEnded):
            # Translators: catch-up: the game ended.
            return tr._("the game ended")
        return ""

    def _played(self, event: Played, drew: int) -> str:
        tr, book, words = self.tr, self.book, self.words
        me = book.is_me(event.player)
        if me and self._away and drew:
            # Translators: catch-up, back at the table: a bot played your turn while you were
            # away ("a bot drew 2 for you and played five-one west, 10").
            text = tr.ngettext(
                "a bot drew {n} for you and played {tile} {end}, {count}",
                "a bot drew {n} for you and played {tile} {end}, {count}",
                drew,
            )
        elif me and self._away:
            # Translators: catch-up, back at the table: a bot played your turn while you were
            # away ("a bot played five-one west for you, 10").
            text = tr._("a bot played {tile} {end} for you, {count}")
        elif drew and me:
            # Translators: catch-up: you drew tiles, then played ("you drew 2 and played
            # five-one west, 10").
            text = tr.ngettext(
                "you drew {n} and played {tile} {end}, {count}",
                "you drew {n} and played {tile} {end}, {count}",
                drew,
            )
        elif drew:
            # Translators: catch-up: another player drew tiles, then played.
            text = tr.ngettext(
                "{player} drew {n} and played {tile} {end}, {count}",
                "{player} drew {n} and played {tile} {end}, {count}",
                drew,
            )
        elif me:
            # Translators: catch-up: your own play ("you played five-one west, 10").
            text = tr._("you played {tile} {end}, {count}")
        else:
            # Translators: catch-up: another player's play ("Anna played five-one west, 10").
            text = tr._("{player} played {tile} {end}, {count}")
        return text.format(
            player=book.name(event.player),
            n=drew,
            tile=words.tile(event.tile),
            end=words.short_at(event.end),
            count=event.count,
        )

    def _passed(self, player: int, drew: int) -> str:
        tr, book = self.tr, self.book
        me = book.is_me(player)
        if me and self._away:
            # Translators: catch-up, back at the table: a bot passed for you while you were
            # away, after drawing {n} tiles (0: none).
            text = tr.ngettext(
                "a bot drew {n} for you and passed", "a bot drew {n} for you and passed", drew
            )
            if not drew:
                # Translators: catch-up, back at the table: a bot passed for you.
                text = tr._("a bot passed for you")
        elif drew and me:
            # Translators: catch-up: you drew tiles, then passed ("you drew 2 and passed").
            text = tr.ngettext("you drew {n} and passed", "you drew {n} and passed", drew)
        elif drew:
            # Translators: catch-up: another player drew tiles, then passed.
            text = tr.ngettext("{player} drew {n} and passed", "{player} drew {n} and passed", drew)
        elif me:
            # Translators: catch-up: you passed.
            text = tr._("you passed")
        else:
            # Translators: catch-up: another player passed.
            text = tr._("{player} passed")
        return text.format(player=book.name(player), n=drew)

    def _drew(self, player: int, count: int) -> str:
        if self.book.is_me(player) and self._away:
            # Translators: catch-up, back at the table: a bot drew for you ("a bot drew 2
            # for you").
            text = self.tr.ngettext("a bot drew {n} for you", "a bot drew {n} for you", count)
        elif self.book.is_me(player):
            # Translators: catch-up: you drew tiles ("you drew 2").
            text = self.tr.ngettext("you drew {n}", "you drew {n}", count)
        else:
            # Translators: catch-up: another player drew tiles ("Ben drew 2").
            text = self.tr.ngettext("{player} drew {n}", "{player} drew {n}", count)
        return text.format(player=self.book.name(player), n=count)
