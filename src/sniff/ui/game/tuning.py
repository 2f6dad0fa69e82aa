"""Keys that change a setting during the game: verbosity (V) and the voice's rate (+ and -).

A change acts at once and is kept in the settings file; a value given on the
command line holds for this run only and stays out of the file.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from sniff.enums import Verbosity
from sniff.output.speech.base import VoiceSettings, speaking_backend
from sniff.storage import save_settings
from sniff.storage.settings import RATE_RANGE, Settings
from sniff.ui.base import UiContext
from sniff.ui.game.voice import GameVoice

__all__ = ["DEFAULT_RATE", "RATE_STEP", "Tuning"]

RATE_STEP = 20
DEFAULT_RATE = 175


class Tuning:
    """V, + and - on the game screen."""

    def __init__(self, ctx: UiContext, voice: GameVoice) -> None:
        self.ctx = ctx
        self.voice = voice

    def cycle_verbosity(self) -> None:
        levels = list(Verbosity)
        presenter = self.voice.presenter
        level = levels[(levels.index(presenter.verbosity) + 1) % len(levels)]
        presenter.verbosity = level
        self.store(verbosity=level.value)
        self.voice.say(self.voice.texts.verbosity(level.value))

    def change_rate(self, sign: int) -> None:
        voice = self.voice
        setter = _rate_setter(voice.output.speech)
        if setter is None:
            voice.refuse(voice.texts.rate_fixed())
            return
        rate = self.ctx.settings.voice_rate or DEFAULT_RATE
        rate = max(RATE_RANGE[0], min(RATE_RANGE[1], rate + sign * RATE_STEP))
        setter(rate)
        self.store(voice_rate=rate)
        voice.say(voice.texts.rate(rate))

    def store(self, **changes: Any) -> None:
        """Change a setting now and in the settings file."""
        self.ctx.settings = self.ctx.settings.with_changes(**changes)
        base = self.ctx.extra.get("file_settings")
        if isinstance(base, Settings):
            base = base.with_changes(**changes)
            self.ctx.extra["file_settings"] = base
            with contextlib.suppress(OSError):  # the change holds for this session
                save_settings(base)


def _rate_setter(speech: object) -> Callable[[int], None] | None:
    """The speaking backend's ``set_rate`` if it has a voice to tune, else None.

    A screen reader's rate is the player's own and it offers none: only a voice
    of the game's own can be made faster or slower here. The backend is the one
    that speaks now, through the line echo and the fallback chain.
    """
    backend = speaking_backend(speech)
    return backend.set_rate if isinstance(backend, VoiceSettings) else None
