"""The coach at the session: it judges the player's action before the session takes
it, explains with the engine's answers, moves on, and a saved place rebuilds the
table exactly (or, when it no longer fits the lesson, the lesson starts again)."""

from __future__ import annotations

from sniff.announce import Announcer, Utterance
from sniff.engine import DRAW, PASS, Action, Move, Phase
from sniff.i18n import translator
from sniff.learn import Coach, LessonError, ScriptedBot, lesson_session, load_lessons
from sniff.learn.coach import ProgressHandler
from sniff.learn.table import open_lesson
from sniff.session.table import Table

LESSONS = {lesson.name: lesson for lesson in load_lessons()}


def _coach(name: str, language: str = "en", **place: object) -> tuple[Coach, list[int]]:
    lesson = LESSONS[name]
    opened = open_lesson(lesson, **place)  # type: ignore[arg-type]
    steps: list[int] = []
    progress: ProgressHandler = lambda coach: steps.append(coach.index)  # noqa: E731
    announcer = Announcer(0, translator(language), player_names=["You", "Anna"])
    coach = Coach(
        lesson,
        opened.session,
        announcer,
        number=lesson.order,
        total=len(LESSONS),
        step=opened.step,
        actions=opened.actions,
        on_progress=progress,
    )
    return coach, steps


def _play(coach: Coach, text: str) -> list[str]:
    """The player's action through the coach, as the screen does it."""
    move = Move.parse(text)
    assert coach.judge(move) is None
    coach.session.act(0, move)
    said = [u.text for u in coach.acted(move)]
    Table(coach.session).play_now()
    if not coach.finished and coach.session.observe(0).my_turn:
        said += [u.text for u in coach.after_bots()]
    return said


def test_the_step_s_play_goes_through_and_is_explained_with_the_engine_s_count() -> None:
    coach, steps = _coach("count")
    went_on = coach.proceed()
    # Enter after an explanation cuts it off: the step it goes on to interrupts.
    assert [(u.text, u.interrupt) for u in went_on] == [
        ("Lead six-four. Arrows choose the tile and the end, Enter plays it.", True)
    ]
    said = _play(coach, "6-4 lead")
    assert said[0] == (
        "The lead's two ends are 6 and 4: together 10, a multiple of five. You scored 10."
    )
    assert coach.index == 2 and steps == [1, 2]
    assert coach.actions == ["6-4 lead"]
    assert said[-1].startswith("Anna laid four-two on the east end. Press C")


def test_what_follows_an_action_queues_behind_the_game_s_own_words() -> None:
    coach, _ = _coach("count", step=1)
    move = Move.parse("6-4 lead")
    coach.session.act(0, move)
    said = coach.acted(move)
    assert said and not any(u.interrupt for u in said)


def _refused(coach: Coach, action: Action) -> Utterance | None:
    """What the coach says when the table refuses *action* (as the lesson screen asks)."""
    refusal = coach.session.refusal_for(0, action)
    assert refusal is not None
    return coach.refused(refusal, coach.session.observe(0))


def test_a_refused_play_gets_the_engine_s_reason_and_changes_nothing() -> None:
    coach, steps = _coach("count", step=3, actions=("6-4 lead",))
    log = list(coach.session.game.log)
    move = Move.parse("2-1 west")
    assert coach.judge(move) is None  # the table refuses it (one check), the coach explains
    answer = _refused(coach, move)
    assert answer is not None and answer.cue == "invalid"
    assert answer.text == (
        "Two-one does not fit west, which is 6; it fits east. Look for a count of 5, 10, "
        "15 or 20: six-three on the west end makes 3 and 2. Arrows choose the tile and "
        "the end, Enter plays it."
    )
    assert coach.judge(DRAW) is None
    refused = _refused(coach, DRAW)
    assert refused is not None
    assert refused.text.startswith("You can't draw: you hold a tile that fits")
    assert list(coach.session.game.log) == log and coach.index == 3 and steps == []


def test_another_legal_play_is_answered_with_its_what_if() -> None:
    coach, _ = _coach("count", "de", step=3, actions=("6-4 lead",))
    answer = coach.judge(Move.parse("2-1 east"))
    assert answer is not None
    assert answer.text.startswith("Zwei-Eins im Osten: 7, keine Punkte. In dieser Lektion ist ein")


def test_an_action_while_the_step_waits_for_a_key_is_not_yet() -> None:
    coach, _ = _coach("count", step=2, actions=("6-4 lead",))
    answer = coach.judge(Move.parse("6-3 west"))
    assert answer is not None
    assert answer.text.startswith("Not yet. Anna laid four-two on the east end. Press C")
    reminder = coach.key("h")
    assert reminder[0].text.startswith("Next step: Anna laid four-two")
    said = [u.text for u in coach.key("c")]
    assert said[0].startswith("Six and two make 8") and coach.index == 3


def test_drawing_and_passing_steps_take_only_their_action() -> None:
    coach, _ = _coach("drawing", step=5, actions=("draw", "draw", "5-4 west"))
    assert coach.session.game.layout.open_ends() and not coach.session.game.stock
    assert coach.judge(DRAW) is None
    refused = _refused(coach, DRAW)
    assert refused is not None and refused.text.startswith("The boneyard is empty.")
    assert coach.judge(PASS) is None


def test_a_saved_place_rebuilds_the_same_table() -> None:
    played, _ = _coach("sniff")
    played.proceed()
    played.key("e")
    _play(played, "4-2 north")
    _play(played, "6-2 north")
    coach, _ = _coach("sniff", step=played.index, actions=tuple(played.actions))
    assert coach.session.game.log == played.session.game.log
    assert coach.session.game.hands == played.session.game.hands
    assert coach.index == 4 and coach.opening()[0].text.startswith(
        "Lesson 5 of 12: The sniff and its four arms. Welcome back: step 5 of 7."
    )


def test_a_place_that_does_not_fit_the_lesson_starts_it_again() -> None:
    lesson = LESSONS["sniff"]
    for step, actions in [(4, ("4-2 north",)), (1, ("6-6 lead",)), (99, ()), (2, ("x",))]:
        opened = open_lesson(lesson, step, actions)
        assert opened.restarted and opened.step == 0 and opened.actions == ()
        assert len(opened.session.game.log) == 1 + len(lesson.setup)


def test_the_free_lesson_replays_the_gentle_bot_the_same_way() -> None:
    lesson = LESSONS["round"]
    first = lesson_session(lesson)
    mine = []
    while first.game.phase is Phase.PLAY and len(mine) < 4:
        move = first.observe().legal[0]
        first.act(0, move)
        mine.append(str(move))
        Table(first).play_now()
    again = open_lesson(lesson, 1, mine)
    assert not again.restarted
    assert again.session.game.log == first.game.log


def test_facts_of_the_round_end_are_not_known_before_it_ends() -> None:
    coach, _ = _coach("round-end")
    facts = coach.words.facts(coach.session.observe())
    assert "left" not in facts and "gained" not in facts  # Anna's hand is hidden
    coach.proceed()
    coach.key("h")
    _play(coach, "6-2 east")
    said = _play(coach, "4-0 east")
    assert said[0] == (
        "You went out, and Anna still held 28 pips. In Sniff, the player who goes out scores "
        "the pips left in all the other hands: you scored 28."
    )


def test_a_scripted_player_that_runs_out_of_script_says_so() -> None:
    lesson = LESSONS["count"]
    bot = ScriptedBot(1, ())
    session = lesson_session(lesson)
    session.act(0, Move.parse("6-4 lead"))
    try:
        bot.choose(session.observe(1))
    except LessonError as error:
        assert "no scripted action left" in str(error)
    else:
        raise AssertionError("a bot with no script must not invent a play")


def test_the_lesson_done_words_name_the_next_lesson() -> None:
    lesson = LESSONS["count"]
    coach = Coach(
        lesson,
        lesson_session(lesson),
        Announcer(0, translator("de"), player_names=["Du", "Anna"]),
        number=3,
        total=12,
        step=len(lesson.steps),
        following=LESSONS["doubles"].title,
    )
    assert coach.finished and coach.instruction().text == (
        "Lektion geschafft: Der Zählwert und wie du punktest. Eingabe: Lektion 4, Pasche "
        "zählen beide Hälften. Escape: die Liste der Lektionen."
    )
