"""The examples in the docstrings are run, so they stay true.

Every module of ``sniff`` (and the test helpers) with a ``>>>`` example is
run through :mod:`doctest`, with the game's folders in a temporary place.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import sniff

HELPERS = ("helpers", "damaged_files")


def _modules() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(sniff.__path__, "sniff.")]
    return sorted(names) + list(HELPERS)


def _has_examples(name: str) -> bool:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    return any(test.examples for test in finder.find(module))


MODULES = [name for name in _modules() if _has_examples(name)]


def test_the_examples_are_found() -> None:
    assert len(MODULES) >= 30
    assert "sniff.storage.limits" in MODULES and "sniff.engine.queries" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_docstrings_hold(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
