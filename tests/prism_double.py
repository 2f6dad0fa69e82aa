"""A screen reader for tests and benchmarks, behind the real prismatoid.

prismatoid lets a program register a backend of its own in a registry; the
game's :class:`~sniff.output.speech.prism_reader.PrismSpeech` then reaches it
through prismatoid's native registry and dispatch, exactly as it reaches NVDA
or VoiceOver. This reader writes down every call (with the time it arrived)
and can be made to quit and come back, like a screen reader restarted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import pytest

prism = pytest.importorskip("prism")


@dataclass
class ReaderLog:
    """What the reader was asked, and its state."""

    calls: list[tuple[Any, ...]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    running: bool = True
    speaking: bool = False
    voices: tuple[str, ...] = ("en-US", "de-DE")
    voice: int = 0

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [call for call in self.calls if call[0] == kind]


def reader_context(log: ReaderLog, name: str = "Test Reader") -> Any:
    """A ``prism.Context`` whose best screen reader is a recording one named *name*."""

    class Reader(prism.CustomBackend):  # type: ignore[misc,name-defined]
        def _note(self, *call: Any) -> None:
            if not log.running:
                raise RuntimeError(f"{name} is not running")
            log.times.append(time.perf_counter())
            log.calls.append(call)

        def is_supported(self) -> bool:
            return log.running

        def speak(self, text: str, interrupt: bool) -> None:
            self._note("speak", text, interrupt)

        def braille(self, text: str) -> None:
            self._note("braille", text)

        def stop(self) -> None:
            self._note("stop")

        def is_speaking(self) -> bool:
            return log.speaking

        def count_voices(self) -> int:
            return len(log.voices)

        def get_voice_name(self, voice_id: int) -> str:
            return f"voice {voice_id}"

        def get_voice_language(self, voice_id: int) -> str:
            return log.voices[voice_id]

        def get_voice(self) -> int:
            return log.voice

        def set_rate(self, rate: float) -> None:
            self._note("rate", rate)  # the game must never call it: the rate is the player's

        def set_voice(self, voice_id: int) -> None:
            self._note("voice", voice_id)
            log.voice = voice_id

    builder = prism.RegistryBuilder()
    builder.add_backend(name, Reader, priority=150)
    return prism.Context(builder.freeze())
