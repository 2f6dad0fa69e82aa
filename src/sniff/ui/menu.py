"""The setup menu: players, bots, rules, language, speech and the rest.

A flat list of items. Up and Down move (wrapping), Left and Right change a
value, Enter takes the next choice or does an action, Home and End jump,
a letter jumps to the next item that starts with it (whatever its case and
accents: "u" reaches "Üben"), digits type a target. Escape saves the
settings atomically and goes back. The Statistics item says the statistics
an entry at a time, one more with each Enter.

R is not a letter jump: it repeats the last announcement on every screen of
the game, and a blind player relies on that key doing the same everywhere
(the Rules item is reached with Down from Players, or from Scoring with Up).
"None" is not among the speech choices: one key press must not silence the
game; ``--speech none`` still gives it for one run.

What can change at once does (language, voice rate and volume, sounds); the
game applies the rest when ``on_done(settings, action)`` tells it the menu is
finished. The voice volume never goes below 10 percent, for the same reason
speech "none" is not offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sniff.announce.errors import ErrorWords
from sniff.announce.files import FileWords
from sniff.announce.menu import DEFAULT_RATE, MenuWords
from sniff.announce.stats import stats_entries
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.engine import PRESETS, Combination, preset
from sniff.enums import BotLevel, Cue, SpeechMode, Verbosity, values
from sniff.i18n import choose_language, translator
from sniff.learn.progress import progress_lines
from sniff.output.speech.base import VoiceSettings
from sniff.storage import Settings, load_stats, save_settings
from sniff.storage.settings import TARGET_RANGE
from sniff.ui.base import Binding, Host, Screen
from sniff.ui.lists import next_by_letter
from sniff.ui.practice_screen import PracticeScreen

if TYPE_CHECKING:
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.layout.containers import AnyContainer


__all__ = ["HINT_LIMITS", "PACES", "RATES", "VOLUMES", "MenuItem", "SetupMenuScreen"]

#: ``on_done(settings, action)``; action is "back", "new-game", "practice" or "learn".
DoneCallback = Callable[["Settings", str], None]

PLAYER_CHOICES: tuple[int, ...] = (2, 3, 4)
PACES: tuple[float, ...] = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
# The voice's default sits where its speed is, so Right from "default" speeds up.
RATES: tuple[int | None, ...] = (100, 125, 150, None, 200, 225, 250, 300, 350, 400, 450)
#: The voice's loudness in tenths: one key never silences it (10 percent is the least).
VOLUMES: tuple[float, ...] = tuple(n / 10 for n in range(1, 11))
HINT_LIMITS: tuple[int | None, ...] = (0, 1, 2, 3, 5, 10, None)
LANGUAGES: tuple[str | None, ...] = (None, "en", "de")
#: The speech choices the menu offers: every mode but "none" (see the module's notes).
MENU_SPEECH_MODES: tuple[SpeechMode, ...] = tuple(m for m in SpeechMode if m is not SpeechMode.NONE)
TARGET_LIMITS = (10, 1000)  # what Left and Right reach; typed digits may go further

# Items whose change only a new game can use.
_RULE_FIELDS = ("players", "bot_levels", "preset", "scoring", "target", "hint_limit", "muggins")
_ACTIONS = ("learn", "practice", "stats", "new-game", "back")


@dataclass(frozen=True)
class MenuItem:
    """One line of the menu: a setting (*key*) or an action; *bot* numbers bots from 1."""

    key: str
    bot: int = 0

    @property
    def is_action(self) -> bool:
        return self.key in _ACTIONS


def _step(options: tuple[object, ...], current: object, delta: int, *, wrap: bool) -> object:
    """The option *delta* places from *current* (the nearest one if it is not listed)."""
    if current in options:
        index = options.index(current)
    elif isinstance(current, int | float):
        numbers = [o for o in options if isinstance(o, int | float)]
        near = min(numbers, key=lambda o: abs(float(o) - float(current)))
        index = options.index(near)
    else:
        # A value the menu does not offer (speech "none" from the command line):
        # Right takes the first choice, Left the last.
        return options[0] if delta > 0 else options[-1]
    index += delta
    index = index % len(options) if wrap else max(0, min(len(options) - 1, index))
    return options[index]


class SetupMenuScreen:
    """The setup menu as a :class:`~sniff.ui.base.Screen`."""

    def __init__(self, host: Host, *, on_done: DoneCallback | None = None) -> None:
        self.host = host
        self.ctx = host.ctx
        self.original: Settings = host.ctx.settings
        self.settings: Settings = host.ctx.settings
        self.saved_from: Settings = host.ctx.settings  # what the last save started from
        self.on_done = on_done
        self.index = 0
        self.typed = ""  # digits typed for the target
        self.stats_part = 0  # the statistics entry the next Enter on Statistics says

    # -- what the menu holds ----------------------------------------------------------

    @property
    def words(self) -> MenuWords:
        # Built per use: the language may change while the menu is open.
        return MenuWords(self.ctx.translator)

    def items(self) -> list[MenuItem]:
        """The items now: one bot item per computer player."""
        keys = [MenuItem("players")]
        keys += [MenuItem("bot", n) for n in range(1, self.settings.players)]
        keys += [
            MenuItem(key)
            for key in (
                "preset",
                "scoring",
                "target",
                "language",
                "speech",
                "rate",
                "volume",
                "verbosity",
                "sounds",
                "pace",
                "hints",
                "muggins",
                *_ACTIONS,
            )
            if key != "learn" or self._lessons() is not None
        ]
        return keys

    def _lessons(self) -> Callable[[Host], Screen] | None:
        """The lessons' screen, where the program offers it (``ctx.openers``): the
        lessons are played on the game screen, which opens this menu, so the menu
        cannot import them; without it the menu has no Learn item."""
        return self.ctx.openers.lessons

    @property
    def current(self) -> MenuItem:
        items = self.items()
        self.index = max(0, min(len(items) - 1, self.index))
        return items[self.index]

    def label(self, item: MenuItem) -> str:
        return self.words.label(item.key, item.bot)

    def value(self, item: MenuItem) -> str | None:
        """The item's value in words; None for actions."""
        s, words = self.settings, self.words
        key = item.key
        if key == "players":
            return str(s.players)
        if key == "bot":
            return words.bot_level(s.bot_level(item.bot - 1))
        if key == "preset":
            return words.preset(s.preset, raw=s.verbosity is Verbosity.VERBOSE)
        if key == "scoring":
            if s.scoring is None:
                return words.preset_default(words.combination(s.rules().scoring.value))
            return words.combination(s.scoring)
        if key == "target":
            if self.typed:
                return self.typed
            if s.target is None:
                return words.preset_default(str(self._preset_target()))
            return str(s.target)
        if key == "language":
            if s.language is None and self.ctx.translator.language != choose_language(None, None):
                # --lang for this run: say the language heard, not the system's.
                return words.language(self.ctx.translator.language, "")
            return words.language(s.language, choose_language(None, None))
        if key == "speech":
            return words.speech_mode(s.speech_mode)
        if key == "rate":
            return words.rate(s.voice_rate)
        if key == "volume":
            return words.volume(s.voice_volume)
        if key == "verbosity":
            return words.verbosity(s.verbosity)
        if key == "sounds":
            return words.on(s.sounds)
        if key == "pace":
            return words.seconds(s.pace)
        if key == "hints":
            return words.hint_limit(s.hint_limit)
        if key == "muggins":
            return words.on(s.muggins)
        return None

    def _preset_target(self) -> int:
        return preset(self.settings.preset).target(self.settings.players)

    def describe(self, item: MenuItem | None = None) -> str:
        """ "Rules: Sniff, US rules, 3 of 14"."""
        items = self.items()
        item = item or self.current
        return self.words.item(
            self.label(item), self.value(item), items.index(item) + 1, len(items)
        )

    # -- Screen ------------------------------------------------------------------------

    def bindings(self) -> list[Binding]:
        """Arrows, Enter, Home, End, Escape, Backspace, and (for help only) letters
        and digits, in two groups that F1 says one at a time: moving, and changing."""

        def bind(key: str, handler: Callable[[], None], group: str) -> Binding:
            # Label and help are looked up when read: the language may change while open.
            def label() -> str:
                return self.words.key_label(key)

            def description() -> str:
                return self.words.key_help(key)

            keys = () if handler is _typed else (key,)
            return Binding(keys, label, description, handler, group)

        return [
            bind("up", lambda: self.move(-1), "menu-move"),
            bind("down", lambda: self.move(1), "menu-move"),
            bind("home", lambda: self.jump(0), "menu-move"),
            bind("end", lambda: self.jump(len(self.items()) - 1), "menu-move"),
            bind("letters", _typed, "menu-move"),
            bind("left", lambda: self.change(-1), "menu-change"),
            bind("right", lambda: self.change(1), "menu-change"),
            bind("enter", self.activate, "menu-change"),
            bind("digits", _typed, "menu-change"),
            bind("backspace", self.backspace, "menu-change"),
            bind("escape", lambda: self.finish("back"), "menu-change"),
        ]

    def container(self) -> AnyContainer:
        """The items, one per line, the current one marked."""
        from prompt_toolkit.layout.containers import Window
        from prompt_toolkit.layout.controls import FormattedTextControl

        return Window(FormattedTextControl(self._lines, focusable=True, show_cursor=False))

    def _lines(self) -> StyleAndTextTuples:
        lines: StyleAndTextTuples = [("bold", self.words.title() + "\n\n")]
        current = self.current
        for item in self.items():
            value = self.value(item)
            text = self.label(item) + ("" if value is None else f": {value}")
            if item == current:
                lines.append(("reverse", f"> {text}\n"))
            else:
                lines.append(("", f"  {text}\n"))
        return lines

    def enter(self) -> None:
        """Say the menu's name and where the player stands."""
        self._say(f"{self.words.title()}. {self.describe()}")

    def unbound_key(self, key: str) -> bool:
        """Digits type a target; a letter jumps to the next item starting with it."""
        if len(key) != 1:
            return False
        if key.isdigit() and self.current.key == "target":
            if len(self.typed) < 5:
                self.typed += key
            self._say(self.words.typed(self.typed))
            return True
        if key.isalpha():
            self.jump_to_letter(key)
            return True
        return False

    # -- moving ------------------------------------------------------------------------

    def _say(self, text: str, *, cue: Cue | None = None) -> None:
        self.ctx.output.say(Utterance(text, interrupt=True, cue=cue, kind=UtteranceKind.MENU))
        self.host.invalidate()

    def move(self, delta: int) -> None:
        """Up (-1) or Down (+1), wrapping at either end."""
        self.jump((self.index + delta) % len(self.items()))

    def jump(self, index: int) -> None:
        """Home (0), End (the last item), a letter: to the item at *index*."""
        self.typed = ""
        self.stats_part = 0
        self.index = index
        self._say(self.describe(), cue=Cue.MENU)

    def jump_to_letter(self, letter: str) -> None:
        """To the next item whose name starts with *letter* (case and accents aside)."""
        index = next_by_letter([self.label(item) for item in self.items()], self.index, letter)
        if index is None:
            self._say(self.words.no_item(letter), cue=Cue.INVALID)
        else:
            self.jump(index)

    # -- changing ------------------------------------------------------------------------

    def activate(self) -> None:
        """Enter: do an action, confirm a typed target, or take the next choice."""
        item = self.current
        if item.is_action:
            if item.key == "stats":
                self.say_stats()
            else:
                self.finish(item.key)
            return
        if item.key == "speech":
            self.restart_speech()
            return
        if item.key == "target":
            if self.typed:
                self._set_typed_target()
            else:
                self._update(target=None)  # Enter without digits: back to the preset's target
            return
        self.change(1, wrap=True)

    def restart_speech(self) -> None:
        """Enter on Speech: start the chosen speech again (after the sound device was
        lost, or a screen reader started late). A failure is said by its own notice."""
        output = self.ctx.output
        heard = len(output.history)
        if output.restart_speech(self.settings, self.ctx.translator) and (
            len(output.history) == heard
        ):
            self._say(self.words.speech_restarted(self.value(self.current) or ""))
        elif len(output.history) == heard:
            self._say(self.describe())

    def backspace(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
            self._say(self.words.typed(self.typed))
        else:
            self._say(self.words.nothing_typed(), cue=Cue.INVALID)

    def change(self, delta: int, *, wrap: bool | None = None) -> None:
        """Left (-1) or Right (+1) on the current item."""
        item = self.current
        if item.is_action:
            self._say(self.describe(), cue=Cue.INVALID)
            return
        s = self.settings
        key = item.key
        self.typed = ""
        if key == "players":
            players = _step(PLAYER_CHOICES, s.players, delta, wrap=bool(wrap))
            assert isinstance(players, int)
            levels = s.bot_levels + (s.bot_levels[-1],) * max(0, players - 1 - len(s.bot_levels))
            self._update(players=players, bot_levels=levels[: max(1, players - 1)])
        elif key == "bot":
            bots = list(s.bot_levels)
            while len(bots) < item.bot:
                bots.append(bots[-1])
            bots[item.bot - 1] = BotLevel(
                _step(values(BotLevel), bots[item.bot - 1], delta, wrap=True)
            )
            self._update(bot_levels=tuple(bots))
        elif key == "preset":
            self._update(preset=_step(tuple(PRESETS), s.preset, delta, wrap=True))
        elif key == "scoring":
            options = (None, *(c.value for c in Combination))
            self._update(scoring=_step(options, s.scoring, delta, wrap=True))
        elif key == "target":
            self._update(target=self._stepped_target(delta))
        elif key == "language":
            self._update(language=_step(LANGUAGES, s.language, delta, wrap=True))
        elif key == "speech":
            self._update(speech_mode=_step(MENU_SPEECH_MODES, s.speech_mode, delta, wrap=True))
        elif key == "rate":
            rate = None if s.voice_rate == DEFAULT_RATE else s.voice_rate
            self._update(voice_rate=_step(RATES, rate, delta, wrap=bool(wrap)))
        elif key == "volume":
            self._update(voice_volume=_step(VOLUMES, s.voice_volume, delta, wrap=bool(wrap)))
        elif key == "verbosity":
            self._update(verbosity=_step(values(Verbosity), s.verbosity, delta, wrap=True))
        elif key == "sounds":
            self._update(sounds=not s.sounds)
        elif key == "pace":
            self._update(pace=_step(PACES, s.pace, delta, wrap=bool(wrap)))
        elif key == "hints":
            self._update(hint_limit=_step(HINT_LIMITS, s.hint_limit, delta, wrap=bool(wrap)))
        elif key == "muggins":
            self._update(muggins=not s.muggins)

    def _stepped_target(self, delta: int) -> int:
        """Steps of 10 up to 100, of 25 above."""
        current = self.settings.target or self._preset_target()
        low, high = TARGET_LIMITS
        if delta > 0:
            step = 10 if current < 100 else 25
            value = (current // step + 1) * step
        else:
            step = 10 if current <= 100 else 25
            value = (current - 1) // step * step
        return max(low, min(high, value))

    def _set_typed_target(self) -> None:
        number = int(self.typed)
        self.typed = ""
        low, high = TARGET_RANGE
        if not low <= number <= high:
            self._say(self.words.target_range(low, high), cue=Cue.INVALID)
            return
        self._update(target=number)

    def _update(self, **changes: object) -> None:
        """Change the working settings, apply what can be applied now, say the new value."""
        try:
            new = self.settings.with_changes(**changes)
        except ValueError:
            players = changes.get("players", self.settings.players)
            self._say(self.words.players_not_possible(int(str(players))), cue=Cue.INVALID)
            return
        old = self.settings
        self.settings = new
        self._apply_now(old, new)
        item = self.current
        self._say(self.words.changed(self.label(item), self.value(item) or ""))

    def _apply_now(self, old: Settings, new: Settings) -> None:
        """Language, voice rate and volume, and sounds are heard at once."""
        # A speech output with a voice to tune (text lines have none).
        speech = self.ctx.output.speech
        voice = speech if isinstance(speech, VoiceSettings) else None
        if new.language != old.language:
            language = choose_language(None, new.language)
            self.ctx.translator = translator(language)
            # The output's own notices (a speech output failing) in the new language too.
            self.ctx.output.set_translator(self.ctx.translator)
            if voice is not None:
                voice.set_language(language)
        if voice is not None and new.voice_rate != old.voice_rate:
            # Back to "default" must slow a fast voice down again, not keep it.
            voice.set_rate(new.voice_rate or DEFAULT_RATE)
        if voice is not None and new.voice_volume != old.voice_volume:
            voice.set_volume(new.voice_volume)
        if new.sounds != old.sounds:
            self.ctx.output.set_sounds(new.sounds)
        if new.speech_mode != old.speech_mode:
            # Heard at once; choosing the voice again also tries a lost sound device again.
            self.ctx.output.restart_speech(new, self.ctx.translator)

    # -- actions ---------------------------------------------------------------------------

    def say_stats(self) -> None:
        """The Statistics item: the next entry of the statistics (Enter again for
        the one after; after the last, the first again). Damaged statistics were
        kept aside: the first entry says where."""
        loaded = load_stats()
        tr = self.ctx.translator
        entries = stats_entries(tr, loaded.stats.games, loaded.stats.practice)
        entries.append(" ".join(progress_lines(tr)))  # the lessons done, as the last entry
        if loaded.set_aside is not None:
            kept = FileWords(tr).stats_kept(str(loaded.set_aside)).text
            entries[0] = f"{kept} {entries[0]}"
        part = self.stats_part % len(entries)
        self.stats_part = part + 1
        self._say(self.words.stats_part(entries[part], part + 1, len(entries)))

    def rules_changed(self) -> bool:
        return any(
            getattr(self.settings, name) != getattr(self.original, name) for name in _RULE_FIELDS
        )

    def save(self) -> bool:
        """Write the settings atomically and hand them to the context.

        When the game ran with command-line values (``ctx.extra["file_settings"]``
        holds the file's own settings), only what the menu changed goes into the
        file: a ``--speech text`` for one run must not become the default.
        """
        self.ctx.settings = self.settings
        to_file = self.settings
        base = self.ctx.extra.get("file_settings")
        if isinstance(base, Settings):
            changes = {
                name: getattr(self.settings, name)
                for name in self.settings.__dataclass_fields__
                if getattr(self.settings, name) != getattr(self.saved_from, name)
            }
            try:
                to_file = base.with_changes(**changes)
            except ValueError:
                to_file = self.settings  # the file's players no longer fit: take the whole menu
            self.ctx.extra["file_settings"] = to_file
        self.saved_from = self.settings
        try:
            save_settings(to_file)
        except OSError as error:
            reason = ErrorWords(self.ctx.translator).os_reason(error)
            self._say(self.words.not_saved(reason), cue=Cue.INVALID)
            return False
        return True

    def finish(self, action: str) -> None:
        """Escape, Back, New game or Practice: save, tell the game, leave or open practice."""
        if self.typed and self.current.key == "target":
            self._set_typed_target()
        saved = self.save()
        if saved and action not in ("practice", "learn"):
            self._say(self.words.saved(self.rules_changed() and action == "back"))
        if self.on_done is not None:
            self.on_done(self.settings, action)
        if action == "practice":
            self.host.show(PracticeScreen(self.host))
            return
        opener = self._lessons()
        if action == "learn" and opener is not None:
            self.host.show(opener(self.host))
            return
        self.original = self.settings
        self.host.back()


def _typed() -> None:
    """A help-only binding: letters and digits are typed keys, handled by ``unbound_key``."""
