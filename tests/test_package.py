"""The package as a player installs it: an sdist and a wheel built with ``python -m build``,
the wheel installed into a fresh virtual environment, where it speaks German and
finds its sounds with nothing of the repository beside it.

Everything runs offline: the build uses this environment's hatchling and Babel
(``--no-isolation``), and the fresh environment gets sniff's dependencies from
wheels packed here from the installed copies, through pip's ordinary resolver
(``--no-index --find-links``), so the wheel's own dependency list is what is
tested.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
SOUNDS = sorted(path.name for path in (ROOT / "sounds").glob("*.wav"))
#: The web page's files (``sniff serve`` answers them from inside the package).
WEB_FILES = sorted(path.name for path in (ROOT / "src" / "sniff" / "web" / "static").iterdir())
# One worker builds and installs once: the module's fixtures, split across workers, would
# each build the wheel and make a virtual environment again.
pytestmark = pytest.mark.xdist_group("package")
# What pip writes at install time; a packed wheel must not carry it.
_INSTALL_ONLY = {"INSTALLER", "REQUESTED", "direct_url.json", "RECORD"}


def _dependencies(name: str, seen: set[str]) -> Iterator[metadata.Distribution]:
    """*name*'s installed dependencies, with theirs, each once (markers of this machine)."""
    environment = dict(default_environment())
    for line in metadata.requires(name) or []:
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate({**environment, "extra": ""}):
            continue
        key = canonicalize_name(requirement.name)
        if key in seen:
            continue
        seen.add(key)
        yield metadata.distribution(requirement.name)
        yield from _dependencies(requirement.name, seen)


def _record_line(name: str, data: bytes) -> list[str]:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return [name, f"sha256={digest}", str(len(data))]


def _pack(dist: metadata.Distribution, folder: Path) -> Path:
    """An installed distribution back into a wheel (its files, its own tags)."""
    files = [f for f in dist.files or [] if f.parts[0] != ".." and "__pycache__" not in f.parts]
    info = next(f for f in files if f.parts[0].endswith(".dist-info")).parts[0]
    tags = re.findall(r"^Tag: (\S+)$", dist.read_text("WHEEL") or "", flags=re.M)
    # The file name holds every tag, compressed: py2-none-any + py3-none-any -> py2.py3-none-any.
    parts = [".".join(dict.fromkeys(tag.split("-")[i] for tag in tags)) for i in range(3)]
    name = canonicalize_name(dist.metadata["Name"]).replace("-", "_")
    target = folder / f"{name}-{dist.version}-{'-'.join(parts)}.whl"
    rows = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as wheel:
        for file in files:
            path = file.as_posix()
            if file.parts[0] == info and file.name in _INSTALL_ONLY:
                continue
            data = Path(str(dist.locate_file(file))).read_bytes()
            wheel.writestr(path, data)
            rows.append(_record_line(path, data))
        record = io.StringIO()
        csv.writer(record, lineterminator="\n").writerows([*rows, [f"{info}/RECORD", "", ""]])
        wheel.writestr(f"{info}/RECORD", record.getvalue())
    return target


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``python -m build``: the sdist, and the wheel built from it."""
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (sdist,) = out.glob("sniff-*.tar.gz")
    (wheel,) = out.glob("sniff-*-py3-none-any.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def installed(built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment (no system packages) with the wheel installed by pip."""
    base = tmp_path_factory.mktemp("fresh")
    wheelhouse = base / "wheelhouse"
    wheelhouse.mkdir()
    for dist in _dependencies("sniff", set()):
        _pack(dist, wheelhouse)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = _bin(venv, "python")
    done = subprocess.run(
        [
            *(str(python), "-m", "pip", "install", "--isolated", "--disable-pip-version-check"),
            *("--no-index", "--find-links", str(wheelhouse), str(built["wheel"])),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return venv


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


def _run(venv: Path, *argv: str, cwd: Path) -> str:
    """Run a command of the fresh environment, away from the repository."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update({"VIRTUAL_ENV": str(venv), "SNIFF_HOME": str(cwd / "home"), "LANG": "C.UTF-8"})
    done = subprocess.run(
        [str(_bin(venv, argv[0])), *argv[1:]],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_sdist_carries_what_a_wheel_is_built_from(built: dict[str, Path]) -> None:
    with tarfile.open(built["sdist"]) as sdist:
        names = {name.partition("/")[2] for name in sdist.getnames()}
    for needed in ("LICENSE", "README.md", "pyproject.toml", "hatch_build.py"):
        assert needed in names
    assert "locales/de/LC_MESSAGES/sniff.po" in names
    assert {f"sounds/{sound}" for sound in SOUNDS} <= names
    assert not any(name.endswith(".mo") for name in names), "catalogues are compiled per build"


def test_the_wheel_carries_catalogues_sounds_and_licence(built: dict[str, Path]) -> None:
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        meta = wheel.read("sniff-0.1.0.dist-info/METADATA").decode("utf-8")
    for language in ("de", "en"):
        assert f"sniff/_locales/{language}/LC_MESSAGES/sniff.mo" in names
    assert {f"sniff/_data/sounds/{sound}" for sound in SOUNDS} <= names
    assert "sniff-0.1.0.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in meta
    assert "sniff/__main__.py" in names and "sniff/py.typed" in names
    assert {f"sniff/web/static/{name}" for name in WEB_FILES} <= names
    assert not any(name.startswith(("tests/", "locales/", "src/")) for name in names)


def test_the_installed_wheel_speaks_german_with_nothing_of_the_repository(
    installed: Path, tmp_path: Path
) -> None:
    where = _run(
        installed,
        "python",
        "-c",
        "import sniff, sniff.i18n as i; print(sniff.__file__); print(*i.catalogue_paths('de'))",
        cwd=tmp_path,
    ).split()
    package, mo, po = (Path(line) for line in where)
    assert package.is_relative_to(installed), "sniff comes from the fresh environment"
    assert mo.is_file() and not po.exists(), "German comes from the wheel's compiled catalogue"

    assert _run(installed, "sniff", "--version", cwd=tmp_path).strip() == "sniff 0.1.0"
    assert _run(installed, "python", "-m", "sniff", "--version", cwd=tmp_path).startswith("sniff")
    help_text = _run(installed, "sniff", "--lang", "de", "--help", cwd=tmp_path)
    assert help_text.startswith("Aufruf: sniff ") and "Befehle:" in help_text
    _run(installed, "sniff", "simulate", "--seed", "2", "--record", "game.jsonl", cwd=tmp_path)
    told = _run(installed, "sniff", "--lang", "de", "replay", "game.jsonl", cwd=tmp_path)
    assert told.startswith("Runde 1. Bot ")
    assert " gewinnt " in told or "Sieg" in told


def test_the_installed_wheel_finds_and_reads_every_sound(installed: Path, tmp_path: Path) -> None:
    script = (
        "from sniff.announce import CUES\n"
        "from sniff.output.sound import cue_path, sounds_dir\n"
        "from sniff.output.sound.mixer import load_wav\n"
        "print(sounds_dir())\n"
        "for cue in CUES:\n"
        "    left, right, rate = load_wav(cue_path(cue))\n"
        "    print(cue, len(left), rate)\n"
    )
    lines = _run(installed, "python", "-c", script, cwd=tmp_path).splitlines()
    assert Path(lines[0]).is_relative_to(installed)
    assert sorted(f"{line.split()[0]}.wav" for line in lines[1:]) == SOUNDS
    assert all(int(line.split()[1]) > 0 for line in lines[1:]), "every sound has samples"


def test_the_installed_wheel_serves_the_web_page(installed: Path, tmp_path: Path) -> None:
    script = (
        "from sniff.server.web import STATIC, WebPages\n"
        "pages = WebPages()\n"
        "print(STATIC)\n"
        "print(*sorted(pages.files))\n"
        "print(b'<html lang=\"de\">' in pages.render('de'))\n"
    )
    folder, files, german = _run(installed, "python", "-c", script, cwd=tmp_path).splitlines()
    assert Path(folder).is_relative_to(installed)
    assert files.split() == [name for name in WEB_FILES if name != "index.html"]
    assert german == "True"


def test_the_installed_dependencies_are_consistent(installed: Path, tmp_path: Path) -> None:
    said = _run(
        installed, "python", "-m", "pip", "check", "--disable-pip-version-check", cwd=tmp_path
    )
    assert "No broken requirements found" in said


def test_the_wheel_installs_only_what_the_game_uses(
    built: dict[str, Path], installed: Path, tmp_path: Path
) -> None:
    # Babel is a tool of the message maintainers (the build compiles with the game's own
    # reader); accessible-output2 is the second way to a screen reader on Windows and macOS.
    with zipfile.ZipFile(built["wheel"]) as wheel:
        meta = wheel.read("sniff-0.1.0.dist-info/METADATA").decode("utf-8")
    requires = [
        line
        for line in re.findall(r"^Requires-Dist: (.+)$", meta, flags=re.M)
        if "extra ==" not in line  # the test extra brings Babel for the tools
    ]
    assert not any(line.lower().startswith("babel") for line in requires)
    (reader,) = [line for line in requires if line.startswith("accessible-output2")]
    assert "sys_platform == 'win32'" in reader and "sys_platform == 'darwin'" in reader
    found = _run(
        installed,
        "python",
        "-c",
        "from importlib.util import find_spec as f; print(f('babel'), f('accessible_output2'))",
        cwd=tmp_path,
    ).split()
    assert found[0] == "None", "no Babel at run time"
    if sys.platform.startswith("linux"):
        assert found[1] == "None", "no accessible-output2 on Linux"


def test_nothing_the_game_says_points_at_a_file_an_installed_game_lacks() -> None:
    """The wheel carries no docs folder (see above): a sentence of the game that sent the
    player to docs/speech.md would send them nowhere. Commands and the words to type are
    fine; a path of the repository is not."""
    from babel.messages.pofile import read_po

    with (ROOT / "locales" / "sniff.pot").open("rb") as handle:
        template = read_po(handle)
    pointing = re.compile(r"\bdocs/|\b\w+\.md\b|\bshared/")
    for message in template:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            assert not pointing.search(text), f"points at a file: {text!r}"
