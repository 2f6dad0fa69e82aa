"""Everything the game keeps on disk: settings, the saved game, statistics.

Every write is atomic (:func:`write_atomic`); a file the game cannot read is
set aside as ``<name>.bad`` and reported, never silently overwritten. Folders
come from :mod:`platformdirs`, or from ``SNIFF_HOME`` when it is set.
"""

from __future__ import annotations

from sniff.storage.atomic import Problem, set_aside, write_atomic
from sniff.storage.paths import (
    ENV_HOME,
    config_dir,
    data_dir,
    save_path,
    settings_path,
    stats_path,
)
from sniff.storage.savegame import (
    GameSnapshot,
    SaveError,
    SaveState,
    delete_save,
    load_game,
    load_or_set_aside,
    restore,
    save_game,
    snapshot,
)
from sniff.storage.settings import LoadResult, Settings, load_settings, save_settings
from sniff.storage.stats import (
    GameTally,
    PracticeTally,
    Stats,
    StatsResult,
    load_stats,
    record_game,
    record_practice,
    reset_stats,
    save_stats,
)

__all__ = [
    "ENV_HOME",
    "GameSnapshot",
    "GameTally",
    "LoadResult",
    "PracticeTally",
    "Problem",
    "SaveError",
    "SaveState",
    "Settings",
    "Stats",
    "StatsResult",
    "config_dir",
    "data_dir",
    "delete_save",
    "load_game",
    "load_or_set_aside",
    "load_settings",
    "load_stats",
    "record_game",
    "record_practice",
    "reset_stats",
    "restore",
    "save_game",
    "save_path",
    "save_settings",
    "save_stats",
    "set_aside",
    "settings_path",
    "snapshot",
    "stats_path",
    "write_atomic",
]
