"""What the setup menu says: item names, values, positions and confirmations.

The menu screen (:mod:`sniff.ui.menu`) knows the items and their values as
data; every word the player hears about them is made here.

>>> from sniff.i18n import Translator
>>> words = MenuWords(Translator.null())
>>> words.item("Rules", "Sniff, US rules", 3, 14)
'Rules: Sniff, US rules, 3 of 14'
>>> words.changed("Scoring", "threes")
'Scoring: threes'
>>> words.seconds(1.5)
'1.5 seconds'
"""

from __future__ import annotations

from sniff.announce.notices import NoticeWords
from sniff.enums import BotLevel, Verbosity
from sniff.i18n import Translator

__all__ = ["DEFAULT_RATE", "LANGUAGE_NAMES", "MenuWords"]

#: Each language named in itself, so a player who cannot read the current
#: language still recognises their own.
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "de": "Deutsch"}

#: The built-in voice's own speed (espeak-ng's default), in words per minute.
DEFAULT_RATE = 175


class MenuWords:
    """The setup menu's words in one language."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    # -- numbers ------------------------------------------------------------------

    def number(self, value: float) -> str:
        """A number as the language writes it: "1.5", German "1,5"."""
        text = f"{value:g}"
        # Translators: the decimal separator in numbers such as 1.5 seconds; German ",".
        return text.replace(".", self.tr.pgettext("decimal separator", "."))

    def seconds(self, value: float) -> str:
        """ "1.5 seconds", "1 second"."""
        # ngettext wants a whole number: 1 is singular, 0.5 and 1.5 are not.
        n = int(value) if float(value).is_integer() else 2
        # Translators: a time in seconds in the settings menu (the pace of computer players).
        return self.tr.ngettext("{seconds} second", "{seconds} seconds", n).format(
            seconds=self.number(value)
        )

    # -- the frame ------------------------------------------------------------------

    def title(self) -> str:
        # Translators: heard when the settings menu opens, before its first item.
        return self.tr._("Settings menu")

    def item(self, label: str, value: str | None, position: int, total: int) -> str:
        """An item with its value and place: "Rules: Sniff, US rules, 3 of 14"."""
        if value is None:
            # Translators: a menu item without a value (an action) and its place in the menu,
            # e.g. "Back, 17 of 17".
            return self.tr._("{label}, {position} of {total}").format(
                label=label, position=position, total=total
            )
        # Translators: a menu item, its value and its place in the menu: "Rules: Sniff, US
        # rules, 3 of 14".
        return self.tr._("{label}: {value}, {position} of {total}").format(
            label=label, value=value, position=position, total=total
        )

    def changed(self, label: str, value: str) -> str:
        """A value just changed, with the item's name: "Scoring: threes"."""
        # Translators: a menu value just changed with Left, Right or Enter, said with the
        # item's name ("Scoring: threes").
        return self.tr._("{label}: {value}").format(label=label, value=value)

    def speech_restarted(self, value: str) -> str:
        """Enter on the Speech item started the speech output again."""
        # Translators: Enter on the Speech item of the menu started the speech output again
        # (e.g. after the sound device was lost); {value} is the setting ("built-in voice").
        return self.tr._("speech started again: {value}").format(value=value)

    def on(self, flag: bool) -> str:
        if flag:
            # Translators: a setting that is switched on (sounds, the muggins rule).
            return self.tr.pgettext("setting", "on")
        # Translators: a setting that is switched off.
        return self.tr.pgettext("setting", "off")

    # -- labels ----------------------------------------------------------------------

    def label(self, key: str, bot: int = 0) -> str:
        """The name of the menu item *key* (see :mod:`sniff.ui.menu`)."""
        tr = self.tr
        if key == "bot":
            # Translators: settings menu item: the strength of one computer player, by number.
            return tr._("Computer player {number}").format(number=bot)
        labels = {
            # Translators: settings menu item: how many play (2 to 4).
            "players": tr.pgettext("menu", "Players"),
            # Translators: settings menu item: the rule preset (sniff, muggins, sniff-us...).
            "preset": tr.pgettext("menu", "Rules"),
            # Translators: settings menu item: which counts score (fives, threes...).
            "scoring": tr.pgettext("menu", "Scoring"),
            # Translators: settings menu item: the points needed to win a game.
            "target": tr.pgettext("menu", "Target"),
            # Translators: settings menu item: the language of the game.
            "language": tr.pgettext("menu", "Language"),
            # Translators: settings menu item: where speech goes (screen reader, voice...).
            "speech": tr.pgettext("menu", "Speech"),
            # Translators: settings menu item: how fast the built-in voice speaks.
            "rate": tr.pgettext("menu", "Voice rate"),
            # Translators: settings menu item: how loud the built-in voice speaks.
            "volume": tr.pgettext("menu", "Voice volume"),
            # Translators: settings menu item: how much the game says (brief, normal, verbose).
            "verbosity": tr.pgettext("menu", "Verbosity"),
            # Translators: settings menu item: earcons on or off.
            "sounds": tr.pgettext("menu", "Sounds"),
            # Translators: settings menu item: how long a computer player's turn takes.
            "pace": tr.pgettext("menu", "Pace"),
            # Translators: settings menu item: how many hints (F2) a game allows.
            "hints": tr.pgettext("menu", "Hints per game"),
            # Translators: settings menu item: the muggins rule (claiming points) on or off.
            "muggins": tr.pgettext("menu", "Muggins rule"),
            # Translators: settings menu action: open the lessons that teach the game.
            "learn": tr.pgettext("menu", "Learn to play"),
            # Translators: settings menu action: open the counting practice.
            "practice": tr.pgettext("menu", "Practice"),
            # Translators: settings menu action: hear your statistics.
            "stats": tr.pgettext("menu", "Statistics"),
            # Translators: settings menu action: leave the menu and start a new game.
            "new-game": tr.pgettext("menu", "Start a new game with these settings"),
            # Translators: settings menu action: leave the menu, back to the game.
            "back": tr.pgettext("menu", "Back"),
        }
        return labels[key]

    # -- values -------------------------------------------------------------------------

    def bot_level(self, level: str) -> str:
        """A computer player's strength in words (the one place these are named)."""
        names: dict[str, str] = {
            # Translators: a computer player's strength: plays any legal tile at random.
            BotLevel.RANDOM: self.tr.pgettext("bot", "random"),
            # Translators: a computer player's strength: always takes the most points now.
            BotLevel.GREEDY: self.tr.pgettext("bot", "greedy"),
            # Translators: a computer player's strength: strong; German "Experte".
            BotLevel.EXPERT: self.tr.pgettext("bot", "expert"),
            # Translators: a computer player's strength: the strongest of all; German "Meister".
            BotLevel.MASTER: self.tr.pgettext("bot", "master"),
        }
        return names.get(level, level)

    def combination(self, value: str) -> str:
        names = {
            # Translators: scoring combination: counts that are multiples of five.
            "fives": self.tr.pgettext("combination", "fives"),
            # Translators: scoring combination: counts that are multiples of three.
            "threes": self.tr.pgettext("combination", "threes"),
            # Translators: scoring combination: multiples of three or of five.
            "threes-fives": self.tr.pgettext("combination", "threes and fives"),
            # Translators: scoring combination: counts that are prime numbers.
            "primes": self.tr.pgettext("combination", "primes"),
            # Translators: scoring combination: counts that are Fibonacci numbers.
            "fibs": self.tr.pgettext("combination", "Fibonacci numbers"),
        }
        return names.get(value, value)

    def preset(self, name: str, *, raw: bool = False) -> str:
        """A rule preset's display name ("Sniff, US rules"); *raw* adds its command-line name."""
        tr = self.tr
        names = {
            # Translators: rule preset name (the classic game, scoring fives).
            "sniff": tr.pgettext("preset", "Sniff"),
            # Translators: rule preset name (no sniff; points must be claimed).
            "muggins": tr.pgettext("preset", "Muggins"),
            # Translators: rule preset name (the game called Domino Play).
            "domino-play": tr.pgettext("preset", "Domino Play"),
            # Translators: rule preset name: Sniff as played in the United States.
            "sniff-us": tr.pgettext("preset", "Sniff, US rules"),
            # Translators: rule preset name: Stubby Sniff (the sniff has no side arms).
            "sniff-stubby": tr.pgettext("preset", "Stubby Sniff"),
            # Translators: rule preset name: the German "Alle Fünfe" (All Fives); German
            # "Alle Fünfe".
            "alle-fuenfe": tr.pgettext("preset", "Alle Fünfe"),
        }
        shown = names.get(name, name)
        if raw and shown != name:
            # Translators: a preset's display name and, in verbose mode, the name the
            # command line uses ("Sniff, US rules (sniff-us)").
            return tr._("{name} ({raw})").format(name=shown, raw=name)
        return shown

    def preset_default(self, value: str) -> str:
        """A value taken from the preset: "as the rules say: fives"."""
        # Translators: a setting left to the rule preset, with the preset's value ("as the rules
        # say: 200").
        return self.tr._("as the rules say: {value}").format(value=value)

    def language(self, code: str | None, system: str) -> str:
        if code is None:
            # Translators: the language setting follows the system; {language} is what that is,
            # named in itself ("English", "Deutsch"); German "Systemsprache, {language}".
            return self.tr._("system, {language}").format(
                language=LANGUAGE_NAMES.get(system, system)
            )
        return LANGUAGE_NAMES.get(code, code)

    def speech_mode(self, mode: str) -> str:
        """A speech setting by its name ("built-in voice"), as the notices say it too."""
        return NoticeWords(self.tr).speech_mode_name(mode)

    def rate(self, rate: int | None) -> str:
        if rate is None:
            # Translators: voice rate setting: the voice's own speed, with what that is, so
            # that the next step (150 or 200) is no surprise.
            return self.tr._("default, about {rate} words per minute").format(rate=DEFAULT_RATE)
        # Translators: voice rate setting in words per minute.
        return self.tr._("{rate} words per minute").format(rate=rate)

    def volume(self, volume: float) -> str:
        """The voice volume setting: "80 percent"."""
        # Translators: voice volume setting, in percent of full loudness ("80 percent").
        return self.tr._("{n} percent").format(n=round(volume * 100))

    def verbosity(self, value: str) -> str:
        names: dict[str, str] = {
            # Translators: verbosity setting: the shortest announcements.
            Verbosity.BRIEF: self.tr.pgettext("verbosity", "brief"),
            # Translators: verbosity setting: announcements with a little more detail.
            Verbosity.NORMAL: self.tr.pgettext("verbosity", "normal"),
            # Translators: verbosity setting: the count's arithmetic and more.
            Verbosity.VERBOSE: self.tr.pgettext("verbosity", "verbose"),
        }
        return names.get(value, value)

    def hint_limit(self, limit: int | None) -> str:
        if limit is None:
            # Translators: hints per game: no limit.
            return self.tr.pgettext("hints", "unlimited")
        if limit == 0:
            # Translators: hints per game: hints are switched off.
            return self.tr.pgettext("hints", "none")
        return str(limit)

    # -- what happens ------------------------------------------------------------------

    def typed(self, digits: str) -> str:
        """The digits typed so far for a number."""
        if not digits:
            # Translators: the typed number was deleted completely.
            return self.tr._("empty")
        return digits

    def nothing_typed(self) -> str:
        # Translators: Backspace was pressed with nothing typed to delete.
        return self.tr._("nothing typed")

    def target_range(self, low: int, high: int) -> str:
        # Translators: a typed target outside what the game allows.
        return self.tr._("The target must be a number from {low} to {high}.").format(
            low=low, high=high
        )

    def players_not_possible(self, players: int) -> str:
        # Translators: the chosen rules cannot be played by this many players.
        return self.tr._("{players} players cannot play these rules").format(players=players)

    def saved(self, rules_changed: bool) -> str:
        # Translators: heard when the settings menu closes and the settings are written.
        text = self.tr._("Settings saved.")
        if rules_changed:
            # Translators: after changing rules in the settings menu: the game under way keeps
            # its rules.
            text += " " + self.tr._("Rule changes apply to the next new game.")
        return text

    def not_saved(self, reason: str) -> str:
        # Translators: the settings file could not be written; {reason} is the system's message.
        return self.tr._("Settings could not be saved: {reason}").format(reason=reason)

    def stats_part(self, entry: str, number: int, count: int) -> str:
        """One entry of the spoken statistics, with its place when there are more."""
        if count <= 1:
            return entry
        if number == 1:
            # Translators: the first part of the statistics in the settings menu ("Part 1 of 4;
            # Enter again for the next."), said before it.
            head = self.tr._("Part {number} of {count}; Enter again for the next.")
        else:
            # Translators: a later part of the statistics in the settings menu ("Part 2 of 4.").
            head = self.tr._("Part {number} of {count}.")
        return f"{head.format(number=number, count=count)} {entry}"

    def no_item(self, letter: str) -> str:
        # Translators: a typed letter matches no menu item.
        return self.tr._("No item starts with {letter}").format(letter=letter.upper())

    # -- key help ------------------------------------------------------------------------

    def key_label(self, key: str) -> str:
        """A key's spoken name, for help (F1)."""
        tr = self.tr
        names = {
            # Translators: a key's name in the help list.
            "up": tr.pgettext("key", "Up arrow"),
            # Translators: a key's name in the help list.
            "down": tr.pgettext("key", "Down arrow"),
            # Translators: a key's name in the help list.
            "left": tr.pgettext("key", "Left arrow"),
            # Translators: a key's name in the help list.
            "right": tr.pgettext("key", "Right arrow"),
            # Translators: a key's name in the help list.
            "enter": tr.pgettext("key", "Enter"),
            # Translators: a key's name in the help list.
            "home": tr.pgettext("key", "Home"),
            # Translators: a key's name in the help list.
            "end": tr.pgettext("key", "End"),
            # Translators: a key's name in the help list.
            "escape": tr.pgettext("key", "Escape"),
            # Translators: a key's name in the help list.
            "backspace": tr.pgettext("key", "Backspace"),
            # Translators: a key's name in the help list; German "R".
            "r": tr.pgettext("key", "R"),
            # Translators: a key's name in the help list: the letter I or the F3 key.
            "info": tr.pgettext("key", "I or F3"),
            # Translators: in the help list: typing any letter (it jumps to an item).
            "letters": tr.pgettext("key", "A letter"),
            # Translators: in the help list: typing digits (a number).
            "digits": tr.pgettext("key", "Digits"),
            # Translators: in the help list of the practice: typing an answer.
            "typing": tr.pgettext("key", "Digits and letters"),
        }
        return names[key]

    def key_help(self, key: str) -> str:
        """What a settings menu key does, for help (F1)."""
        tr = self.tr
        helps = {
            # Translators: help for the settings menu's Up key.
            "up": tr._("previous item"),
            # Translators: help for the settings menu's Down key.
            "down": tr._("next item"),
            # Translators: help for the settings menu's Left key.
            "left": tr._("smaller value, or the previous choice"),
            # Translators: help for the settings menu's Right key.
            "right": tr._("larger value, or the next choice"),
            # Translators: help for the settings menu's Enter key.
            "enter": tr._("next choice, or do the action"),
            # Translators: help for the settings menu's Home key.
            "home": tr._("first item"),
            # Translators: help for the settings menu's End key.
            "end": tr._("last item"),
            # Translators: help for the settings menu's Escape key.
            "escape": tr._("save the settings and go back"),
            # Translators: help for Backspace while typing a number in the settings menu.
            "backspace": tr._("delete the last typed digit"),
            # Translators: help for typing a letter in a menu.
            "letters": tr._("the next item that starts with it"),
            # Translators: help for typing digits in the settings menu.
            "digits": tr._("on the Target item: type the points to play to, then Enter"),
        }
        return helps[key]
