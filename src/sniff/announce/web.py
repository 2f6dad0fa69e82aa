"""The words of the web page (``sniff serve`` at ``/``): its labels, headings, help
and the few sentences only a browser hears, in one language.

The page itself holds no sentence of its own: the server fills its template
with these words (:mod:`sniff.server.web`) and hands it the rest as data, so
a German and an English player read and hear the same game, each in their
own words, exactly as the terminal game says it. Where a text holds a number
the page fills in (a wait in seconds), it comes as a template with a named
placeholder in braces.

>>> from sniff.i18n import Translator
>>> words = page_words(Translator.null())
>>> words["join_button"], words["voice_on"]
('Take the seat', 'Built-in voice on.')
"""

from __future__ import annotations

from sniff.announce.commands import KeyGroup, game_keys
from sniff.announce.game_ui import GameTexts
from sniff.announce.keys import KeyTexts, help_part, key_name
from sniff.announce.menu import LANGUAGE_NAMES, MenuWords
from sniff.announce.online import OnlineWords
from sniff.announce.phrases import sentences
from sniff.announce.utterance import Utterance, UtteranceKind
from sniff.announce.words import Words
from sniff.engine import PRESETS, End, Tile
from sniff.enums import BotLevel, Cue, values
from sniff.i18n import Translator

__all__ = [
    "PACE_CHOICES",
    "TIMER_CHOICES",
    "WebWords",
    "help_said",
    "page_words",
    "tile_names",
    "web_key_groups",
]

#: The turn timers the page offers, in seconds (0: none), as the protocol allows.
TIMER_CHOICES = (0, 60, 120, 300)
#: The pauses the page may make after each of the others' turns, in seconds.
PACE_CHOICES = (0.0, 0.5, 1.0, 2.0, 3.0)


def _say(
    text: str, kind: UtteranceKind, *, interrupt: bool = True, cue: Cue | None = None
) -> Utterance:
    return Utterance(sentences(text), interrupt=interrupt, cue=cue, kind=kind)


class WebWords:
    """The sentences only the web page says (the rest are the game's own)."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    def game_over_prompt(self) -> Utterance:
        """After the game, on the page: what Enter does there."""
        # Translators: the web page after the game ended: Enter leads back to the start
        # page, where a new table can be opened or joined.
        text = self.tr._(
            "the game is over. Enter: back to the start page. The game's record can be "
            "downloaded there"
        )
        return _say(text, UtteranceKind.PROMPT, interrupt=False)

    def record_ready(self) -> Utterance:
        """The game's record came from the server and is offered as a download."""
        # Translators: the web page: the finished game's record is ready to download.
        text = self.tr._("the game's record is ready: the download button keeps it")
        return _say(text, UtteranceKind.ONLINE, interrupt=False)

    def voice(self, on: bool) -> Utterance:
        """The page's own voice (the browser's speech) switched on or off."""
        if on:
            # Translators: the web page's built-in voice (the browser's speech) was switched on.
            return _say(self.tr._("built-in voice on"), UtteranceKind.SETTING)
        # Translators: the web page's built-in voice was switched off.
        return _say(self.tr._("built-in voice off"), UtteranceKind.SETTING)

    def tiles(self, count: int) -> str:
        """How many tiles a player holds, beside their name on the page ("5 tiles")."""
        # Translators: the web page: how many tiles a player holds, beside their name.
        return self.tr.ngettext("{n} tile", "{n} tiles", count).format(n=count)

    def not_a_tile(self) -> Utterance:
        """A tile asked about that the set does not have (a page that sent nonsense)."""
        return _say(
            # Translators: the web page asked about a tile that is not in this game's set.
            self.tr._("that is not a tile of this set"),
            UtteranceKind.REFUSAL,
            cue=Cue.INVALID,
        )

    def no_hint_now(self) -> Utterance:
        """F2 while a hint is already being worked out."""
        # Translators: F2 pressed again while the hint is still being worked out.
        return _say(self.tr._("the hint is on its way"), UtteranceKind.HINT)


def web_key_groups(tr: Translator, *, muggins: bool) -> list[list[tuple[str, str]]]:
    """The page's keys in groups (label, what it does), for its help page and F1: the
    game's keys (:func:`~sniff.announce.commands.game_keys`, as in the terminal), then
    the page's own."""
    keys = KeyTexts(tr)
    web = _WebKeyTexts(tr)

    def item(description: str, *names: str) -> tuple[str, str]:
        return keys.label(*names), description

    game = game_keys(tr, muggins=muggins)
    hand = [
        item(keys.of(k.command, muggins=muggins, online=True), *k.keys)
        for k in game
        if k.group is not KeyGroup.REVIEW
    ]
    hand.insert(
        -2 if muggins else len(hand), (key_name(tr, "digits"), keys.claim_digits(muggins=muggins))
    )
    review = [item(keys.of(k.command), *k.keys) for k in game if k.group is KeyGroup.REVIEW]
    page = [
        item(keys.help(), "f1", "?"),
        item(keys.repeat(), "r"),
        item(keys.older(), "["),
        item(keys.newer(), "]"),
        item(web.chat(), "/"),
        item(web.voice_key(), "v"),
        item(web.escape(), "escape"),
    ]
    return [hand, review, page]


class _WebKeyTexts:
    """What the page's own keys do (those the terminal game has not)."""

    def __init__(self, tr: Translator) -> None:
        self.tr = tr

    def chat(self) -> str:
        # Translators: help for the web page's chat key: go to the line to say something.
        return self.tr._("say something to the table: the chat line")

    def voice_key(self) -> str:
        # Translators: help for the key that switches the web page's own voice on or off;
        # a screen reader cuts the page's voice off at once, so with one it stays off.
        return self.tr._(
            "the built-in voice on or off, for playing without a screen reader: with one, "
            "leave it off"
        )

    def escape(self) -> str:
        # Translators: help for Escape on the web page: leave the help page or the chat line.
        return self.tr._("back to the game from the help page or the chat line")


def help_said(tr: Translator, *, muggins: bool, part: int) -> Utterance:
    """F1 on the page: one part of its keys, said like the terminal game's help."""
    return help_part(tr, web_key_groups(tr, muggins=muggins), part)


def page_words(tr: Translator) -> dict[str, str]:
    """Every label, heading and short text the page shows, by name."""
    _ = tr._
    texts = GameTexts(tr)
    menu = MenuWords(tr)
    words: dict[str, str] = {
        # Translators: the web page's title and main heading.
        "title": _("Sniff by ear"),
        # Translators: the web page: a sentence under the title saying what the page is.
        "intro": _(
            "Play Sniff, All Fives dominoes, with friends at a table on this server: "
            "by keyboard with a screen reader, by the page's own voice, or by mouse and touch."
        ),
        # Translators: the web page: the label of the language choice.
        "language": _("Language"),
        # Translators: the web page: the heading of the part where you sit down with a code.
        "join_heading": _("Join a table"),
        # Translators: the web page: the label of the field for your name.
        "name": _("Your name"),
        # Translators: the web page: the label of the field for a table's code.
        "code": _("The table's code"),
        # Translators: the web page: a hint under the code field.
        "code_hint": _(
            "8 letters and digits, as the host read them out; the dash may be left out."
        ),
        # Translators: the web page: the button that sits down at a table with the code.
        "join_button": _("Take the seat"),
        # Translators: the web page: the button that watches a table without playing.
        "watch_button": _("Watch"),
        # Translators: the web page: the heading of the part where you open a new table.
        "create_heading": _("Open a new table"),
        # Translators: the web page: the label of the choice of rules for a new table.
        "rules": menu.label("preset"),
        # Translators: the web page: the label of the choice of how many play.
        "players": menu.label("players"),
        # Translators: the web page: the label of one seat's choice ("Seat 2"); {number}
        # is the seat's number round the table.
        "seat": _("Seat {number}"),
        # Translators: the web page: a seat of a new table kept for a person who joins
        # with the code.
        "seat_person": _("a person, who joins with the code"),
        # Translators: the web page: a seat played by a computer player of a strength
        # ("computer: expert").
        "seat_bot": _("computer: {level}"),
        "target_label": menu.label("target"),
        "muggins_label": menu.label("muggins"),
        # Translators: the web page: a hint under the field for the points that win a new
        # table's game.
        "target_hint": _("Empty: as the rules say."),
        # Translators: the web page: the label of the turn timer choice.
        "timer": _("Turn timer"),
        # Translators: the web page: no turn timer.
        "timer_none": _("none"),
        # Translators: the web page: the button that opens the new table.
        "create_button": _("Open the table"),
        # Translators: the web page: heading while waiting for the other players.
        "waiting_heading": _("Waiting for the others"),
        # Translators: the web page: the label before the table's code while waiting.
        "code_shown": _("The table's code"),
        # Translators: the web page: the label before the link that others can open.
        "link_shown": _("The link to pass on"),
        # Translators: the web page: the button that copies the link to the clipboard.
        "copy_link": _("Copy the link"),
        # Translators: the web page: said after the link was copied.
        "copied": _("The link is copied."),
        # Translators: the web page: the heading of the list of who sits at the table.
        "seats_heading": _("At the table"),
        # Translators: the web page: a seat nobody has taken yet.
        "seat_free": _("free"),
        # Translators: the web page: a player whose connection dropped.
        "seat_away": _("away"),
        # Translators: the web page: the heading of the game part.
        "game_heading": _("The table"),
        # Translators: the web page: the name of the focusable game area that takes the
        # game's keys; a screen reader says it when it gets the focus.
        "play_area": _("The game: the keys of the game work here. F1: help"),
        # Translators: the web page: the heading above the layout.
        "layout_heading": _("The layout"),
        # Translators: the web page: the label before the list of open ends.
        "ends": _("Open ends"),
        # Translators: the web page: the heading above your tiles.
        "hand_heading": _("Your hand"),
        # Translators: the web page: the heading of the scores.
        "scores_heading": _("Scores"),
        # Translators: the web page: the heading of the messages (what happened).
        "log_heading": _("What happens"),
        # Translators: the web page: the heading of the latest answer or prompt.
        "alert_heading": _("For you"),
        # Translators: the web page: the button that plays the selected tile.
        "play_button": _("Play"),
        # Translators: the web page: the button that draws from the boneyard.
        "draw_button": _("Draw"),
        # Translators: the web page: the button that passes the turn.
        "pass_button": _("Pass"),
        # Translators: the web page: the button for a hint.
        "hint_button": _("Hint"),
        # Translators: the web page: the button for the next round.
        "ready_button": _("Next round"),
        # Translators: the web page: the button that calls muggins.
        "muggins_button": _("Call muggins"),
        # Translators: the web page: the button that lets a wrong claim go.
        "let_go_button": _("Let it go"),
        # Translators: the web page: the field for the points you claim (muggins rule).
        "claim_label": _("Points you claim"),
        # Translators: the web page: the button that sends the claim.
        "claim_button": _("Claim"),
        # Translators: the web page: the heading of the fact buttons (hand, ends, count...).
        "facts_heading": _("Ask"),
        # Translators: the web page: the label of the chat line.
        "chat_label": _("Say to the table"),
        # Translators: the web page: the button that sends a chat message.
        "chat_send": _("Say it"),
        # Translators: the web page: the button that opens the page of keys.
        "help_button": _("Keys and help"),
        # Translators: the web page: the heading of the page of keys.
        "help_heading": _("The keys"),
        # Translators: the web page: the text at the top of the page of keys.
        "help_intro": _(
            "The keys work in the game area, which has the focus while you play. With a "
            "screen reader, the game area switches it to its focus mode, so every key reaches "
            "the game. Everything the game says also appears under What happens and For you."
        ),
        # Translators: the web page: the button that leaves the page of keys.
        "help_close": _("Back to the game"),
        # Translators: the web page: the heading of the settings of the page.
        "settings_heading": _("Settings"),
        # Translators: the web page: the switch for the page's own voice (a screen reader
        # would cut it off at every key: with one it stays off).
        "voice_label": _(
            "Built-in voice (for playing without a screen reader; leave it off with one)"
        ),
        # Translators: the web page: the choice of how long the page waits after each of
        # the others' turns before the next one comes.
        "pace_label": menu.label("pace"),
        # Translators: the web page: the choice of how much the game says.
        "verbosity_label": menu.label("verbosity"),
        # Translators: the web page: heading after the game.
        "over_heading": _("The game is over"),
        # Translators: the web page: the button that downloads the game's record.
        "record_button": _("Download the game's record"),
        # Translators: the web page: the button that goes back to the start page.
        "again_button": _("Back to the start page"),
        # Translators: the web page: shown while the page connects to the server.
        "connecting": _("Connecting to the server…"),
        # Translators: the web page: the connection dropped; {seconds} until it tries again.
        "retrying": _("The connection dropped. Trying again in {seconds} seconds."),
        # Translators: the web page: the server could not be reached for 30 seconds.
        "gave_up": _("The server cannot be reached. Your seat is kept: try again."),
        # Translators: the web page: the button that tries the connection again.
        "retry_button": _("Try again"),
        # Translators: the web page: the window's title while it is your turn.
        "your_turn_title": _("Your turn"),
        # Translators: the web page: a page that needs JavaScript says so without it.
        "needs_script": _("This page needs JavaScript to play."),
        # Translators: the web page: a link that jumps to the game area.
        "skip": _("To the game"),
        # Translators: the web page: the label of a tile button that can be played now.
        "fits_now": _("{tile}, can be played"),
        "rate_label": menu.label("rate"),
        # Translators: the web page: the label of the count on the table.
        "count": texts.screen_count(),
        "round": texts.screen_round(),
        "score": texts.screen_score(),
        "target": texts.screen_target(),
        "boneyard": texts.screen_boneyard(),
        "empty_table": texts.screen_empty_table(),
        # What the page says of itself (its keys' words are the seat's presenter's).
        "voice_on": WebWords(tr).voice(True).text,
        "voice_off": WebWords(tr).voice(False).text,
        "record_ready": WebWords(tr).record_ready().text,
        # The start form refuses a name without a letter or a digit before sending it,
        # in the server's own words for it.
        "bad_name": OnlineWords(tr).cannot_sit("bad-name", "", terminal=False).text,
    }
    for name in sorted(PRESETS):
        words[f"preset_{name}"] = menu.preset(name)
    for level in values(BotLevel):
        words[f"level_{level}"] = menu.bot_level(level)
    for seconds in TIMER_CHOICES[1:]:
        words[f"timer_{seconds}"] = menu.seconds(seconds)
    for index, pause in enumerate(PACE_CHOICES):
        words[f"pace_{index}"] = menu.seconds(pause)
    for code, name in LANGUAGE_NAMES.items():
        words[f"lang_{code}"] = name
    for level in ("brief", "normal", "verbose"):
        words[f"verbosity_{level}"] = tr.pgettext("verbosity", level)
    for end in (End.WEST, End.EAST, End.NORTH, End.SOUTH):
        words[f"end_{end.value}"] = Words(tr).end(end)
    return words


def tile_names(tr: Translator, top: int) -> dict[str, str]:
    """Every tile of a set up to *top* by its spoken name, keyed ``"6-4"``."""
    words = Words(tr)
    return {
        f"{high}-{low}": words.tile(Tile.of(high, low))
        for high in range(top + 1)
        for low in range(high + 1)
    }
