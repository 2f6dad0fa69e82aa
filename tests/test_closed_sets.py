"""Closed sets are enums, not strings typed again: an earcon, a round's end, a term of
the count, a bot level, a speech mode or verbosity is named by its member
(``Cue.INVALID``, ``RoundEnd.DOMINO``, ``PartKind.END``...), so that a misspelt word
is an error at once rather than a silent earcon or a branch never taken.

The test reads the source and fails on such a word written out where the set is
meant: a ``cue=`` argument, an earcon played by name, a round end's reason or a
count part's kind compared with a word, a level, mode or verbosity compared with
one; a speech error's reason code or a speech backend's name written out. Files
being rewritten elsewhere are listed in :data:`PENDING` until then.
"""

from __future__ import annotations

import ast
from pathlib import Path

from sniff.engine import PartKind, RoundEnd
from sniff.enums import (
    BotLevel,
    Cue,
    ScreenMode,
    SpeechMode,
    SpeechOutput,
    SpeechProblem,
    Verbosity,
    values,
)

SOURCE = Path(__file__).resolve().parents[1] / "src" / "sniff"

#: Files still to be converted, and why they wait.
PENDING: set[str] = set()
PENDING_FOLDERS: tuple[str, ...] = ()

_CUES = set(values(Cue))
#: Which words a name compared with a word may not be, by the name.
_COMPARED = {
    "cue": _CUES,
    "reason": set(values(RoundEnd)) | set(values(SpeechProblem)),
    "kind": set(values(PartKind)),
    "level": set(values(BotLevel)),
    "verbosity": set(values(Verbosity)),
    "speech_mode": set(values(SpeechMode)),
    "screen_mode": set(values(ScreenMode)),
    "screen": set(values(ScreenMode)),
}
#: The errors whose second argument is a reason code, and the codes.
_REASONED = {"SpeechError", "SpeechUnavailable"}
_SPEECH_PROBLEMS = set(values(SpeechProblem))
#: A speech backend's ``name`` is the kind of output it is.
_OUTPUTS = set(values(SpeechOutput))


def _words(node: ast.expr) -> list[str]:
    """The string constants *node* is made of (a word, or a choice between words)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _words(node.body) + _words(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [word for value in node.values for word in _words(value)]
    return []


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def _written_out(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "cue":
            found += [(node.value.lineno, w) for w in _words(node.value) if w in _CUES]
        elif isinstance(node, ast.Call) and _name(node.func) == "play" and node.args:
            found += [(node.lineno, w) for w in _words(node.args[0]) if w in _CUES]
        elif isinstance(node, ast.Assign) and any(_name(t) == "cue" for t in node.targets):
            found += [(node.lineno, w) for w in _words(node.value) if w in _CUES]
        elif isinstance(node, ast.Assign) and any(_name(t) == "name" for t in node.targets):
            found += [(node.lineno, w) for w in _words(node.value) if w in _OUTPUTS]
        elif isinstance(node, ast.Call) and _name(node.func) in _REASONED:
            reasons = [*node.args[1:2], *(k.value for k in node.keywords if k.arg == "reason")]
            for reason in reasons:
                found += [(node.lineno, w) for w in _words(reason) if w in _SPEECH_PROBLEMS]
        elif isinstance(node, ast.Compare | ast.BoolOp):
            sides = [node.left, *node.comparators] if isinstance(node, ast.Compare) else node.values
            names = {_name(side) for side in sides}
            for side in sides:
                for word in _words(side):
                    if any(word in _COMPARED.get(name or "", ()) for name in names):
                        found.append((node.lineno, word))
    return found


def test_closed_sets_are_named_by_their_members() -> None:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE).as_posix()
        if relative in PENDING or relative.startswith(PENDING_FOLDERS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{relative}:{line}: {word!r}" for line, word in _written_out(tree)]
    assert not found, "use the enum member: " + "; ".join(found)


def test_the_scan_finds_a_word_written_out() -> None:
    tree = ast.parse(
        'say(text, cue="invalid")\n'
        'sound.play("score")\n'
        'if event.reason == "domino": pass\n'
        'if part.kind != "end": pass\n'
        'if level == "master": pass\n'
        'cue = x(cue="score" if n else "play")\n'
        'cue = "round_won" if won else ("round_lost" if lost else None)\n'
        'make(player.level or "expert")\n'
        'raise SpeechError("gone away", "gone")\n'
        'if change.reason == "device-lost": pass\n'
        'name = "speechd"\n'
    )
    assert sorted(_written_out(tree)) == [
        (1, "invalid"),
        (2, "score"),
        (3, "domino"),
        (4, "end"),
        (5, "master"),
        (6, "play"),
        (6, "score"),
        (7, "round_lost"),
        (7, "round_won"),
        (8, "expert"),
        (9, "gone"),
        (10, "device-lost"),
        (11, "speechd"),
    ]
