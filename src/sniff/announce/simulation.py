"""What ``sniff simulate`` says: the progress of a run and its summary, in lines
that are easy to hear one by one.

>>> from sniff.i18n import Translator
>>> SimulationWords(Translator.null()).progress(12, 100)
'12 of 100 games played'
"""

from __future__ import annotations

from sniff.announce.menu import MenuWords
from sniff.announce.rule_words import RuleWords
from sniff.engine import RuleSet
from sniff.i18n import Translator
from sniff.session.simulate import Summary

__all__ = ["SimulationWords"]


class SimulationWords:
    """A simulation's words in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr
        self.menu = MenuWords(tr)

    def progress(self, done: int, total: int) -> str:
        """How far a run is: "12 of 100 games played"."""
        # Translators: sniff simulate, on the terminal while bots play many games; {done} and
        # {total} are numbers of games.
        return self.tr.ngettext(
            "{done} of {total} game played", "{done} of {total} games played", total
        ).format(done=done, total=total)

    def _decimal(self, value: float) -> str:
        # Translators: the decimal separator in numbers such as 1.5 seconds; German ",".
        return f"{value:.2f}".replace(".", self.tr.pgettext("decimal separator", "."))

    def _bot(self, seat: int) -> str:
        # Translators: sniff simulate: a computer player named by its seat ("Bot 2").
        return self.tr._("Bot {number}").format(number=seat + 1)

    def _side(self, summary: Summary, side: int) -> str:
        # Translators: sniff simulate: two partners of one side ("Bot 1 and Bot 3").
        both = self.tr._("{first} and {second}")
        names = [self._bot(seat) for seat in summary.sides[side]]
        text = names[0]
        for name in names[1:]:
            text = both.format(first=text, second=name)
        return text

    def summary(self, summary: Summary, rules: RuleSet | None = None) -> list[str]:
        """The figures of a run as plain lines; *rules*, the rules played, name the
        house rules that changed the preset."""
        tr, menu = self.tr, self.menu
        data = summary.to_json()
        levels = ", ".join(menu.bot_level(level) for level in summary.levels)
        lines = [
            # Translators: sniff simulate, first line of the summary; {preset} is a rule
            # preset's name, {levels} the bots' levels ("greedy, random").
            tr.ngettext(
                "Rules: {preset}, {players} player, bots: {levels}.",
                "Rules: {preset}, {players} players, bots: {levels}.",
                summary.players,
            ).format(
                preset=menu.preset(summary.preset, raw=True), players=summary.players, levels=levels
            ),
        ]
        changed = RuleWords(tr).house_rules(rules) if rules is not None else []
        if changed:
            # Translators: sniff simulate, after the rules: the house rules that changed the
            # preset ("House rules: target: 30; muggins rule: on.").
            lines.append(tr._("House rules: {rules}.").format(rules="; ".join(changed)))
        lines += [
            # Translators: sniff simulate: how many games, from which seed, how many ended;
            # the unfinished ones were stopped after {max_rounds} rounds.
            tr._(
                "Games: {games}, from seed {seed}. Finished: {finished}. "
                "Unfinished (stopped after {max_rounds} rounds): {unfinished}."
            ).format(
                games=summary.games,
                seed=summary.seed,
                finished=data["finished"],
                max_rounds=summary.max_rounds,
                unfinished=summary.unfinished,
            ),
            # Translators: sniff simulate: each bot's wins; {wins} lists "Bot 1 (greedy): 3".
            tr._("Wins per seat: {wins}.").format(
                wins=", ".join(
                    self._seat_figure(seat, summary.levels[seat], str(wins))
                    for seat, wins in enumerate(data["wins_per_seat"])
                )
            ),
        ]
        partners = any(len(side) > 1 for side in summary.sides)
        if partners:
            wins = ", ".join(
                self._figure(self._side(summary, side), str(won))
                for side, won in enumerate(data["wins_per_side"])
            )
            # Translators: sniff simulate, partnerships: each side's wins; {wins} lists
            # "Bot 1 and Bot 3: 4".
            lines.append(tr._("Wins per side: {wins}.").format(wins=wins))
        points = ", ".join(
            self._figure(self._side(summary, side), self._decimal(value))
            for side, value in enumerate(summary.points_per_round())
        )
        lines += [
            # Translators: sniff simulate: each side's average score per round; {points}
            # lists "Bot 1: 12.50".
            tr._("Average points per round: {points}.").format(points=points),
            # Translators: sniff simulate: tiles played, and turns (plays and passes), per
            # round on average.
            tr._("Plays per round: {plays}. Turns per round: {turns}.").format(
                plays=self._decimal(data["plays_per_round"]),
                turns=self._decimal(data["turns_per_round"]),
            ),
            # Translators: sniff simulate: rounds per game on average.
            tr._("Rounds per game: {rounds}.").format(
                rounds=self._decimal(data["rounds_per_game"])
            ),
        ]
        return lines

    def _seat_figure(self, seat: int, level: str, value: str) -> str:
        # Translators: sniff simulate: one bot, its level and a figure ("Bot 1 (greedy): 3").
        return self.tr._("{bot} ({level}): {value}").format(
            bot=self._bot(seat), level=self.menu.bot_level(level), value=value
        )

    def _figure(self, name: str, value: str) -> str:
        # Translators: sniff simulate: a name and its figure ("Bot 1 and Bot 3: 4").
        return self.tr._("{name}: {value}").format(name=name, value=value)
