"""Where the earcon WAV files live at run time."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[2]  # src/sniff (or the installed package)


def sounds_dir() -> Path:
    """The folder holding ``<cue>.wav``.

    A wheel carries the repository's ``sounds/`` as ``sniff/_data/sounds``;
    an editable install (src layout) finds the repository's ``sounds/``
    next to ``src/``. If neither exists the packaged path is returned and
    loading a cue from it simply finds nothing.
    """
    packaged = _PACKAGE / "_data" / "sounds"
    if packaged.is_dir():
        return packaged
    in_repo = _PACKAGE.parent.parent / "sounds"
    if in_repo.is_dir():
        return in_repo
    return packaged


def cue_path(cue: str) -> Path:
    """The WAV file for *cue* (which may not exist)."""
    return sounds_dir() / f"{cue}.wav"
