"""The repository keeps its promises: the README's commands, CI, lint and types."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [m.strip() for m in re.findall(r"^    (python3 -m venv .+)$", text, flags=re.M)]


def test_readme_starts_with_the_two_commands() -> None:
    commands = readme_commands()
    assert len(commands) >= 2
    run, test = commands[0], commands[1]
    assert run.endswith("/sniff") and "pip install -e ." in run
    assert "pytest" in test and "[test]" in test


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    test_command = readme_commands()[1]
    assert test_command in ci.splitlines()


def _tool(name: str) -> list[str]:
    if shutil.which(name) is None and not (Path(sys.executable).parent / name).exists():
        pytest.skip(f"{name} is not installed")
    return [sys.executable, "-m", name]


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [*_tool("ruff"), "check", "src", "tests", "benchmarks", "tools"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    result = subprocess.run([*_tool("mypy")], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_and_mypy_are_pinned_and_the_pinned_ones_run() -> None:
    import sys as _sys
    from importlib.metadata import version

    if _sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = dict(
        entry.split("==", 1)
        for entry in project["project"]["optional-dependencies"]["test"]
        if "==" in entry
    )
    assert set(pins) >= {"ruff", "mypy"}
    for name in ("ruff", "mypy"):
        assert version(name) == pins[name], f"{name} {version(name)} runs, {pins[name]} is pinned"


def test_hypothesis_is_repeatable_and_keeps_no_examples_in_the_repository() -> None:
    from hypothesis import settings

    assert settings.default.derandomize and settings.default.database is None
    tracked = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout.splitlines()
    assert not [path for path in tracked if ".hypothesis" in path]
