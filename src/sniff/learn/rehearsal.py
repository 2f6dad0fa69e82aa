"""A lesson played through by the engine, as a player who follows the coach would.

:func:`rehearse` lists everything in a lesson that the engine does not bear
out: a deal that is not the whole set or has hands of the wrong size, a
leader the rules would not choose, a scripted action the rules refuse, a
count or points the lesson states and the engine does not give, a text that
names a fact not known when it is said, a script left unplayed. The tests run
it on every lesson; a lesson's author can run it too::

    python -c "from sniff.learn import load_lessons, rehearse; \\
        [print(l.name, rehearse(l)) for l in load_lessons()]"
"""

from __future__ import annotations

from collections.abc import Callable
from string import Formatter

from sniff.announce import Phrasebook
from sniff.announce.coach import CoachWords
from sniff.engine import (
    ACTIVE,
    DRAW,
    PASS,
    Action,
    Dealt,
    Drew,
    Move,
    Observation,
    Passed,
    Played,
    full_set,
    what_if,
)
from sniff.i18n import Translator
from sniff.learn.lesson import Do, Lesson, Step
from sniff.learn.table import ScriptedBot, lesson_session
from sniff.session.game import GameSession
from sniff.session.table import Table

__all__ = ["first_legal", "rehearse"]

#: The most actions a free step may take before the rehearsal gives up.
FREE_LIMIT = 400

Chooser = Callable[[Observation], Action]


def first_legal(obs: Observation) -> Action:
    """A plain strategy for free play: the first legal play, else draw, else pass."""
    moves = [a for a in obs.legal if isinstance(a, Move)]
    if moves:
        return moves[0]
    return DRAW if DRAW in obs.legal else PASS


def rehearse(lesson: Lesson, choose: Chooser = first_legal) -> list[str]:
    """Everything wrong with *lesson* under the engine (an empty list: nothing).

    *choose* plays the player's part in free steps.
    """
    problems = _check_deal(lesson)
    try:
        session = lesson_session(lesson)
    except ValueError as error:  # the engine's refusals, a deal it cannot deal, the script's end
        return [*problems, f"the lesson does not start: {error}"]
    dealt = session.game.log[0]
    if isinstance(dealt, Dealt) and dealt.leader != lesson.deal.leader:
        problems.append(f"the rules choose seat {dealt.leader} to lead, not {lesson.deal.leader}")
    table = Table(session)
    if not session.observe(0).my_turn:
        problems.append("after the setup, it is not the player's turn")
    words = CoachWords(Phrasebook(Translator.null(), seat=0, player_names=("You", "Anna")))
    for number, step in enumerate(lesson.steps, start=1):
        where = f"step {number}"
        problems += _check_facts(words, session, where, step.text, step.wrong)
        try:
            problems += _play(table, step, where, choose)
            table.play_now()
        except ValueError as error:  # IllegalMove, LessonError
            return [*problems, f"{where}: {error}"]
        if step.after:
            problems += _check_facts(words, session, where, step.after)
    problems += _check_scripts(session)
    return problems


def _check_deal(lesson: Lesson) -> list[str]:
    rules, deal = lesson.rules, lesson.deal
    problems = []
    tiles = [tile for hand in deal.hands for tile in hand] + list(deal.boneyard)
    if sorted(tiles) != sorted(full_set(rules.max_pip)):
        problems.append("the hands and the boneyard are not the whole set, each tile once")
    size = rules.hand_size(lesson.players)
    for seat, hand in enumerate(deal.hands):
        if len(hand) != size:
            problems.append(f"seat {seat} holds {len(hand)} tiles, not {size}")
    return problems


def _play(table: Table, step: Step, where: str, choose: Chooser) -> list[str]:
    """Make *step*'s action (if it has one); what did not go as the lesson says."""
    problems: list[str] = []
    session = table.session
    if step.do is Do.SELECT and step.tile not in session.observe(0).hand:
        problems.append(f"{where}: {step.tile} is not in the player's hand")
    wanted = step.wanted()
    if wanted:
        if not session.observe(0).my_turn:
            return [f"{where}: the step waits for an action, but it is not the player's turn"]
        for action in wanted:
            refusal = session.refusal_for(0, action)
            if refusal is not None:
                problems.append(f"{where}: the engine refuses {action}: {refusal}")
        if problems:
            return problems
        problems += _check_best(session, step, where)
        events = session.act(0, wanted[0])
        played = next((e for e in events if isinstance(e, Played)), None)
        if step.count is not None and (played is None or played.count != step.count):
            problems.append(f"{where}: the count is {played and played.count}, not {step.count}")
        if step.points is not None and (played is None or played.points != step.points):
            problems.append(
                f"{where}: the play earns {played and played.points}, not {step.points}"
            )
    elif step.do is Do.FREE:
        for _ in range(FREE_LIMIT):
            if session.game.phase not in ACTIVE:
                break
            if session.observe(0).my_turn:
                session.act(0, choose(session.observe(0)))
            table.play_now()
        else:
            problems.append(f"{where}: the free play did not end")
    return problems


def _check_best(session: GameSession, step: Step, where: str) -> list[str]:
    """A lesson never asks for a play that scores less than another the player could make."""
    obs = session.observe()
    wanted = [m for m in step.moves if isinstance(m, Move)]
    if not wanted:
        return []
    asked = min(what_if(obs.layout, move, obs.rules).points for move in wanted)
    better = [
        f"{move} ({points})"
        for move in obs.legal
        if isinstance(move, Move)
        and (points := what_if(obs.layout, move, obs.rules).points) > asked
    ]
    if better:
        return [f"{where}: the lesson asks for {asked} points, but {', '.join(better)} score more"]
    return []


def _check_facts(
    words: CoachWords, session: GameSession, where: str, *texts: str | None
) -> list[str]:
    """The placeholders of *texts* that name no fact known now."""
    known = words.facts(session.observe())
    problems = []
    for text in texts:
        for _literal, field, _spec, _conversion in Formatter().parse(text or ""):
            if field is not None and field not in known:
                problems.append(f"{where}: {{{field}}} is not known when {text!r} is said")
    return problems


def _check_scripts(session: GameSession) -> list[str]:
    """Every scripted seat played its whole script."""
    problems = []
    log = session.game.log
    for seat, bot in session.bots.items():
        if not isinstance(bot, ScriptedBot):
            continue
        made = sum(1 for e in log if isinstance(e, Played | Drew | Passed) and e.player == seat)
        left = bot.skip + len(bot.script) - made
        if left:
            problems.append(f"seat {seat}: {left} scripted actions were never played")
    return problems
