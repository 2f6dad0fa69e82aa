"""What a new game is made of, from the settings and the command line."""

from __future__ import annotations

from pathlib import Path

from sniff.engine import RuleSet
from sniff.enums import ScreenMode
from sniff.storage import LoadResult, Settings
from sniff.storage.lock import FolderLock

__all__ = ["GameOptions"]


class GameOptions:
    """Everything a game needs, from the settings and the command line."""

    def __init__(
        self,
        settings: Settings,
        file_settings: Settings,
        loaded: LoadResult,
        rules: RuleSet,
        levels: tuple[str, ...],
        *,
        seed: int | None = None,
        language: str = "en",
        transcript: Path | None = None,
        record: Path | None = None,
        audio_out: Path | None = None,
        screen: str = ScreenMode.FULL,
        playouts: int | None = None,
        hint_playouts: int | None = None,
        save_path: Path | None = None,
        lock: FolderLock | None = None,
    ) -> None:
        self.settings = settings
        self.file_settings = file_settings
        self.loaded = loaded
        self.rules = rules
        self.levels = levels
        self.seed = seed
        self.language = language
        self.transcript = transcript
        self.record = record
        self.audio_out = audio_out
        self.screen = screen
        self.playouts = playouts
        self.hint_playouts = hint_playouts
        self.save_path = save_path
        # The data folder's lock, taken by whoever runs the game (None: not taken).
        self.lock = lock
