"""The setup menu driven by keys through a real prompt_toolkit Application."""

from __future__ import annotations

from pathlib import Path

import pytest

from sniff.announce.menu import MenuWords
from sniff.i18n import translator
from sniff.storage import Settings, load_settings, save_settings, settings_path
from sniff.ui.base import UiContext
from sniff.ui.menu import SetupMenuScreen
from uihost import TestHost, make_context, sound_of, speech_of


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path))
    return tmp_path


def drive(
    keys: list[str], ctx: UiContext | None = None
) -> tuple[UiContext, list[tuple[Settings, str]], TestHost]:
    ctx = ctx or make_context("en")
    done: list[tuple[Settings, str]] = []
    host = TestHost(ctx)
    host.run(lambda h: SetupMenuScreen(h, on_done=lambda s, a: done.append((s, a))), keys)
    return ctx, done, host


def test_every_item_is_announced_with_its_value_and_place() -> None:
    ctx, _, _ = drive(["down"] * 18)
    texts = speech_of(ctx).texts
    assert texts[0] == "Settings menu. Players: 2, 1 of 18"
    assert texts[1:] == [
        "Computer player 1: expert, 2 of 18",
        "Rules: Sniff, 3 of 18",
        "Scoring: as the rules say: fives, 4 of 18",
        "Target: as the rules say: 200, 5 of 18",
        "Language: English, 6 of 18",
        "Speech: automatic, 7 of 18",
        "Voice rate: default, about 175 words per minute, 8 of 18",
        "Voice volume: 100 percent, 9 of 18",
        "Verbosity: brief, 10 of 18",
        "Sounds: on, 11 of 18",
        "Pace: 1 second, 12 of 18",
        "Hints per game: unlimited, 13 of 18",
        "Muggins rule: off, 14 of 18",
        "Practice, 15 of 18",
        "Statistics, 16 of 18",
        "Start a new game with these settings, 17 of 18",
        "Back, 18 of 18",
        "Players: 2, 1 of 18",  # Down from the last item wraps to the first
    ]
    # The menu tick on every move.
    assert sound_of(ctx).cues == ["menu"] * 18


def test_up_wraps_home_end_and_letters_jump() -> None:
    ctx, _, _ = drive(["up", "home", "end", "p", "p", "v", "x"])
    texts = speech_of(ctx).texts[1:]
    assert texts == [
        "Back, 18 of 18",
        "Players: 2, 1 of 18",
        "Back, 18 of 18",
        "Players: 2, 1 of 18",  # the next item starting with P, after the last one
        "Pace: 1 second, 12 of 18",
        "Voice rate: default, about 175 words per minute, 8 of 18",
        "No item starts with X",
    ]


def test_changing_values_announces_them_and_escape_saves_atomically(home: Path) -> None:
    keys = ["right", "down", "right", "down", "down", "down", "right", "right"]
    # pace: from "Rules" (4 with three players) down to "Pace" (13)
    keys += ["p", "right", "right", "left", "escape"]
    ctx, done, host = drive(keys)
    texts = speech_of(ctx).texts
    assert "Players: 3" in texts  # players 2 -> 3, said with the item's name
    assert "Computer player 2: expert, 3 of 19" in texts  # a bot item per computer player
    assert "Computer player 1: master" in texts  # the level after expert
    assert texts[texts.index("Scoring: as the rules say: fives, 5 of 19") + 1 :][:2] == [
        "Scoring: fives",
        "Scoring: threes",
    ]
    assert texts[-1] == "Settings saved. Rule changes apply to the next new game."
    assert host.exited  # the menu was the only screen: going back ends the test app
    saved = load_settings().settings
    assert saved.players == 3
    assert saved.bot_levels == ("master", "expert")
    assert saved.scoring == "threes"
    assert saved.pace == 1.5
    assert done == [(saved, "back")]
    assert ctx.settings == saved
    # Atomic: only the settings file itself, no temporary file left behind.
    assert sorted(p.name for p in settings_path().parent.iterdir()) == ["settings.toml"]


def test_target_by_steps() -> None:
    ctx, _, _ = drive(["t", "right", "right", "left", "left", "left", "escape"])
    texts = speech_of(ctx).texts
    start = texts.index("Target: as the rules say: 200, 5 of 18")
    # Steps of 25 above 100, of 10 up to 100.
    assert texts[start + 1 : start + 6] == [f"Target: {n}" for n in (225, 250, 225, 200, 175)]
    assert load_settings().settings.target == 175


def test_typed_target_is_saved() -> None:
    ctx, _, _ = drive(["t", "1", "5", "0", "backspace", "5", "enter", "escape"])
    texts = speech_of(ctx).texts
    assert texts[-5:-1] == ["150", "15", "155", "Target: 155"]
    assert load_settings().settings.target == 155
    ctx, _, _ = drive(["t", "enter", "escape"])
    assert speech_of(ctx).texts[-2] == "Target: as the rules say: 200"
    assert load_settings().settings.target is None


def test_sounds_switch_at_once() -> None:
    ctx, _, _ = drive(["s", "s", "s", "right"])
    assert speech_of(ctx).texts[-1] == "Sounds: off"
    assert sound_of(ctx).enabled is False


def test_language_switch_speaks_german_at_once() -> None:
    ctx, done, _ = drive(["l", "right", "down", "escape"])
    texts = speech_of(ctx).texts
    assert texts[1] == "Language: English, 6 of 18"
    assert texts[2] == "Sprache: Deutsch"  # said in the new language at once
    assert speech_of(ctx).language == "de"
    assert ctx.translator.language == "de"
    german = MenuWords(translator("de"))
    speech = german.speech_mode("auto")
    assert texts[3] == german.item(german.label("speech"), speech, 7, 18)
    assert load_settings().settings.language == "de"
    assert done[0][1] == "back"
    # Language and voice changes are not rule changes.
    assert texts[-1] == german.saved(False)


def test_german_menu() -> None:
    ctx = make_context("de")
    ctx, _, _ = drive(["down", "right", "escape"], ctx)
    texts = speech_of(ctx).texts
    assert texts[0].startswith("Einstellungen")
    assert "von 18" in texts[0]
    assert "Computer" in texts[1] or "Gegner" in texts[1] or "Spieler" in texts[1]


def test_new_game_action() -> None:
    _ctx, done, host = drive(["end", "up", "enter"])
    assert [action for _, action in done] == ["new-game"]
    assert host.exited
    assert load_settings().settings == Settings(language="en")


def test_statistics_are_spoken_an_entry_at_a_time() -> None:
    ctx, _, _ = drive(["end", "up", "up", "enter", "enter", "enter", "enter"])
    assert speech_of(ctx).texts[-4:] == [
        "Part 1 of 3; Enter again for the next. Games: none finished yet.",
        "Part 2 of 3. Practice: no answers yet.",
        "Part 3 of 3. Lessons: none of 12 done yet.",
        "Part 1 of 3; Enter again for the next. Games: none finished yet.",  # round again
    ]


def test_practice_opens_over_the_menu_and_escape_comes_back() -> None:
    ctx, done, host = drive(["end", "up", "up", "up", "enter", "escape"])
    texts = speech_of(ctx).texts
    assert texts[-2].startswith("Counting practice.")
    assert texts[-1].startswith("Settings menu. Practice, 15 of 18")
    assert [action for _, action in done] == ["practice"]
    assert isinstance(host.stack[-1], SetupMenuScreen)


def test_settings_saved_before_keep_unknown_players_from_breaking(home: Path) -> None:
    save_settings(Settings(players=4, bot_levels=("greedy",)))
    ctx = make_context("en", load_settings().settings)
    ctx, _, _ = drive(["right", "left", "left", "left"], ctx)
    texts = speech_of(ctx).texts
    assert texts[0] == "Settings menu. Players: 4, 1 of 20"
    assert texts[1:] == [f"Players: {n}" for n in (4, 3, 2, 2)]  # clamped at 4 and at 2


def test_command_line_values_stay_out_of_the_file() -> None:
    # The game ran with --speech text --pace 0: only what the menu changes is written.
    in_file = Settings(language="en", speech_mode="voice", pace=2.0)
    save_settings(in_file)
    ctx = make_context("en", in_file.with_changes(speech_mode="text", pace=0.0))
    ctx.extra["file_settings"] = in_file
    ctx, _, _ = drive(["v", "v", "v", "right", "escape"], ctx)
    saved = load_settings().settings
    assert saved.verbosity == "normal"
    assert (saved.speech_mode, saved.pace) == ("voice", 2.0)
    assert ctx.settings.speech_mode == "text"
    assert ctx.extra["file_settings"] == saved


def test_typed_target_out_of_range_is_a_sentence_and_backspace_on_nothing() -> None:
    ctx, _, _ = drive(["t", "0", "enter", "backspace", "home", "backspace"])
    texts = speech_of(ctx).texts
    assert "The target must be a number from 1 to 10000." in texts
    assert texts[-3] == "nothing typed"  # Backspace with the typed digits gone
    assert texts[-1] == "nothing typed"  # and on an item that takes no typing
    assert sound_of(ctx).cues[-1] == "invalid"


def test_speech_none_is_not_offered_by_the_menu() -> None:
    # Six steps round the speech choices never reach "none": one key must not mute the game.
    ctx, _, _ = drive(["s", "s", "right", "right", "right", "right", "right", "left", "escape"])
    texts = speech_of(ctx).texts
    changes = [t for t in texts if t.startswith("Speech: ") and " of " not in t]
    assert changes == [
        "Speech: screen reader",
        "Speech: built-in voice",
        "Speech: text lines",
        "Speech: automatic",
        "Speech: screen reader",
        "Speech: automatic",
    ]
    assert load_settings().settings.speech_mode == "auto"


def test_speech_none_from_the_command_line_is_shown_and_left_with_a_key() -> None:
    ctx = make_context("en", Settings(language="en", speech_mode="none"))
    ctx, _, _ = drive(["s", "s", "left"], ctx)
    texts = speech_of(ctx).texts
    assert "Speech: no speech, 7 of 18" in texts
    assert texts[-1] == "Speech: text lines"


def test_voice_rate_steps_from_the_default() -> None:
    ctx, _, _ = drive(["v", "right", "left", "left"])
    texts = speech_of(ctx).texts
    assert texts[-3:] == [
        "Voice rate: 200 words per minute",  # faster than the default's 175
        "Voice rate: default, about 175 words per minute",
        "Voice rate: 150 words per minute",
    ]
    # Back at "default", the voice is told the default speed again.
    ctx, _, _ = drive(["v", "right", "left"])
    assert speech_of(ctx).rate == 175


def test_presets_have_display_names_and_verbose_adds_the_raw_name() -> None:
    ctx, _, _ = drive(["down", "down", "left", "left"])
    texts = speech_of(ctx).texts
    assert texts[-2:] == ["Rules: Alle Fünfe", "Rules: Stubby Sniff"]
    ctx = make_context("en", Settings(language="en", verbosity="verbose", preset="sniff-us"))
    ctx, _, _ = drive(["down", "down"], ctx)
    assert speech_of(ctx).texts[-1] == "Rules: Sniff, US rules (sniff-us), 3 of 18"
    german = MenuWords(translator("de"))
    assert german.preset("sniff-us") == "Sniff, amerikanische Regeln"
    assert german.preset("alle-fuenfe") == "Alle Fünfe"


def test_language_for_one_run_is_said_as_heard() -> None:
    from sniff.i18n import choose_language

    system = choose_language(None, None)
    other = "de" if system == "en" else "en"
    ctx = make_context(other, Settings(language=None))
    ctx, _, _ = drive(["down"] * 5, ctx)
    words = MenuWords(translator(other))
    name = {"en": "English", "de": "Deutsch"}[other]
    assert speech_of(ctx).texts[-1] == words.item(words.label("language"), name, 6, 18)


@pytest.mark.parametrize("letter", ["u", "U", "ü", "Ü"])
def test_first_letters_reach_items_with_umlauts_in_any_case(letter: str) -> None:
    ctx, _, _ = drive(["home", letter], make_context("de", Settings(language="de")))
    assert speech_of(ctx).texts[-1] == "Üben, 15 von 18"


def test_f1_says_the_menus_help_a_part_at_a_time() -> None:
    from test_ui_practice import drive_app

    ctx = make_context("en")
    drive_app(lambda host: SetupMenuScreen(host), ["f1", "f1", "f1", "down", "f1", "escape"], ctx)
    texts = speech_of(ctx).texts
    assert texts[1] == (
        "Keys, part 1 of 3; F1 again for the next part. Up arrow: previous item. Down arrow:"
        " next item. Home: first item. End: last item. A letter: the next item that starts"
        " with it."
    )
    assert texts[2].startswith("Part 2 of 3. Left arrow: smaller value, or the previous choice.")
    assert "Digits: on the Target item: type the points to play to, then Enter." in texts[2]
    assert "Escape: save the settings and go back." in texts[2]
    assert texts[3].startswith("Part 3 of 3. F1 or Question mark:")
    assert texts[4] == "Computer player 1: expert, 2 of 18"
    assert texts[5] == texts[1]  # another key in between: the help starts again at part 1


def test_voice_volume_is_heard_at_once_never_silent_and_saved() -> None:
    keys = ["v", "v", "left", "left", "right", *["left"] * 10, "escape"]
    ctx, _, _ = drive(keys)
    texts = speech_of(ctx).texts
    assert texts[2] == "Voice volume: 100 percent, 9 of 18"
    assert texts[3:6] == [
        "Voice volume: 90 percent",
        "Voice volume: 80 percent",
        "Voice volume: 90 percent",
    ]
    assert texts[-2] == "Voice volume: 10 percent"  # Left stops at 10 percent: never mute
    assert speech_of(ctx).volume == pytest.approx(0.1)  # the voice was told at once
    assert load_settings().settings.voice_volume == pytest.approx(0.1)
    german = MenuWords(translator("de"))
    assert german.changed(german.label("volume"), german.volume(0.8)) == (
        "Lautstärke der Stimme: 80 Prozent"
    )
