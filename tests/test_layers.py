"""The folder tree is the architecture: the import graph keeps to its layers.

docs/architecture.md draws the layers; this test reads every module's imports
(those inside functions and under ``TYPE_CHECKING`` too) and fails on:

- the engine importing anything else of sniff (it is pure rules);
- an import upward (a lower layer reaching into a higher one, e.g. storage
  into bots, or announce into output);
- a cycle between sniff's top-level packages;
- an import of another part of sniff hidden inside a function, except in the
  entry points (``cli.py``, ``__main__.py`` and ``commands/``), which import
  lazily to keep start-up fast. A package may still load one of its own
  modules late when that module pulls in a heavy library (the miniaudio
  mixer, the eSpeak voice): that dodges no cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "sniff"

#: Each top-level part of sniff and its layer; a part may import its own layer and below.
LAYERS: dict[str, int] = {
    "__init__": 0,
    "enums": 0,
    "i18n": 0,
    "catalogue": 0,
    "engine": 0,
    "bots": 1,
    "practice": 1,
    "storage": 2,
    "session": 3,
    "announce": 4,
    "net": 4,
    "output": 5,
    "server": 5,
    "learn": 6,
    "ui": 7,
    "commands": 8,
    "cli": 9,
    "__main__": 10,
}
ENTRY_POINTS = ("cli", "__main__", "commands")


def _part(module: str) -> str:
    """``sniff.storage.records`` -> ``storage``; ``sniff`` -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE.parent).with_suffix("")
        names = list(relative.parts)
        if names[-1] == "__init__" and len(names) > 1:
            names.pop()
        yield ".".join(names), path


class _Imports(ast.NodeVisitor):
    """Every ``sniff`` import of a module, with whether it sits inside a function."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.found: list[tuple[str, bool, int]] = []
        self._depth = 0

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name, node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:  # relative: resolve against this module's package
            base = self.module.split(".")[: -node.level]
            name = ".".join([*base, node.module] if node.module else base)
        else:
            name = node.module or ""
        self._add(name, node.lineno)

    def _add(self, name: str, line: int) -> None:
        if name == "sniff" or name.startswith("sniff."):
            self.found.append((name, self._depth > 0, line))


def _graph() -> list[tuple[str, str, bool, str]]:
    """(importing module, imported module, inside a function, where)."""
    edges = []
    for module, path in _modules():
        visitor = _Imports(module)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        for name, nested, line in visitor.found:
            edges.append((module, name, nested, f"{path.relative_to(SOURCE)}:{line}"))
    return edges


EDGES = _graph()


def test_every_part_of_sniff_has_a_layer() -> None:
    parts = {_part(module) for module, _ in _modules()}
    assert parts <= set(LAYERS), sorted(parts - set(LAYERS))


def test_the_engine_imports_nothing_else_of_sniff() -> None:
    bad = [
        (where, name)
        for module, name, _, where in EDGES
        if _part(module) == "engine" and _part(name) != "engine"
    ]
    assert not bad, bad


def test_no_layer_imports_a_higher_one() -> None:
    bad = [
        f"{where}: {_part(module)} imports {name}"
        for module, name, _, where in EDGES
        if LAYERS[_part(name)] > LAYERS[_part(module)]
    ]
    assert not bad, "\n".join(bad)


def test_no_cycle_between_top_level_packages() -> None:
    graph: dict[str, set[str]] = {}
    for module, name, _, _ in EDGES:
        a, b = _part(module), _part(name)
        if a != b:
            graph.setdefault(a, set()).add(b)
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            pytest.fail("cycle: " + " -> ".join([*path[path.index(node) :], node]))
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, [*path, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])


def _package_of(module: str) -> str:
    """The package a module belongs to: itself if it is a package, else its parent."""
    if (SOURCE.parent / Path(*module.split("."))).is_dir():
        return module
    return module.rsplit(".", 1)[0]


def _own_package(module: str, name: str) -> bool:
    """Whether *name* lies inside *module*'s own sub-package (``sniff.output.speech``
    loading ``sniff.output.speech.voice``), below the top-level parts."""
    package = _package_of(module)
    return package.count(".") >= 2 and name.startswith(package + ".")


def test_only_entry_points_import_sniff_inside_functions() -> None:
    bad = [
        f"{where}: {name}"
        for module, name, nested, where in EDGES
        if nested and _part(module) not in ENTRY_POINTS and not _own_package(module, name)
    ]
    assert not bad, "\n".join(bad)


def test_the_checker_sees_imports_inside_functions_and_upward() -> None:
    source = "def f():\n    from sniff.ui.app import SniffApp\n"
    visitor = _Imports("sniff.storage.settings")
    visitor.visit(ast.parse(source))
    assert visitor.found == [("sniff.ui.app", True, 2)]
    assert LAYERS[_part("sniff.ui.app")] > LAYERS[_part("sniff.storage.settings")]


#: Who may make the game go on: the one game loop (the table), the session it drives,
#: and where its bots think (a thinker the table hands each decision to).
GAME_LOOP = {"sniff.session.table", "sniff.session.game", "sniff.server.thinking"}


def test_only_the_table_plays_the_game_on() -> None:
    """One driver of the game: no other module lets a bot decide, applies a bot's
    decision or deals the next round itself, and the interface imports no bot."""
    found = []
    for module, path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in ("decide", "apply_bot", "play_bots")
                and module not in GAME_LOOP
            ):
                found.append(f"{module}:{node.lineno} uses .{node.attr}")
        if _part(module) in ("ui", "output", "announce"):
            visitor = _Imports(module)
            visitor.visit(tree)
            found += [
                f"{module}:{line} imports {name}"
                for name, _inside, line in visitor.found
                if name == "sniff.bots" or name.startswith("sniff.bots.")
            ]
    assert found == []
