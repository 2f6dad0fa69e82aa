"""Where the game keeps its files.

Settings live in the user's config folder, saved games and statistics in the
data folder (both from :mod:`platformdirs`). The environment variable
``SNIFF_HOME`` replaces both with one folder holding ``config/`` and
``data/``, so that tests and scripted runs never touch the real home.

>>> settings_path().name, save_path().parent == stats_path().parent
('settings.toml', True)
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "sniff"
ENV_HOME = "SNIFF_HOME"

SETTINGS_FILE = "settings.toml"
SAVE_FILE = "current-game.json"
STATS_FILE = "stats.json"


def _home() -> Path | None:
    value = os.environ.get(ENV_HOME, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """The folder for settings (not created here: writing creates it)."""
    home = _home()
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder for saved games and statistics (not created here)."""
    home = _home()
    if home is not None:
        return home / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    """The settings file, ``settings.toml`` in the config folder."""
    return config_dir() / SETTINGS_FILE


def save_path() -> Path:
    """The saved game in progress, ``current-game.json`` in the data folder."""
    return data_dir() / SAVE_FILE


def stats_path() -> Path:
    """The statistics, ``stats.json`` in the data folder."""
    return data_dir() / STATS_FILE
