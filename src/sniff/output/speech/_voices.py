"""What a speech synthesiser says about its voices, and choosing one for a language.

Shared by the two engines of the built-in voice (eSpeak-NG spoken to directly,
and pyttsx3 for SAPI5 and macOS).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["VoiceInfo", "choose_voice", "language_codes"]


@dataclass(frozen=True)
class VoiceInfo:
    """What the synthesiser tells about one of its voices."""

    id: str
    name: str
    languages: tuple[str, ...]


# Regions tried first when a bare language is asked for; eSpeak-NG's own
# English default is British, and its German voice is plain "de".
_PREFERRED_REGIONS = {"en": ("en-gb", "en-us"), "de": ("de-de",)}
_LANGUAGE_NAMES = {"en": ("english",), "de": ("german", "deutsch")}


def choose_voice(voices: Sequence[VoiceInfo], language: str) -> str | None:
    """Pick the id of the voice that best speaks ``language``, or ``None``.

    >>> voices = [VoiceInfo("gmw/en", "English", ("en-gb",)),
    ...           VoiceInfo("gmw/de", "German", ("de",))]
    >>> choose_voice(voices, "de")
    'gmw/de'
    """
    lang = language.lower().replace("_", "-").split("-")[0]
    best: tuple[int, str] | None = None
    for voice in voices:
        score = _score(voice, lang)
        if score is not None and (best is None or score < best[0]):
            best = (score, voice.id)
    return None if best is None else best[1]


def _score(voice: VoiceInfo, lang: str) -> int | None:
    codes = [code.lower().replace("_", "-") for code in voice.languages]
    preferred = _PREFERRED_REGIONS.get(lang, ())
    if lang in codes:
        return 0
    for index, region in enumerate(preferred):
        if region in codes:
            return 1 + index
    if any(code.startswith(lang + "-") for code in codes):
        return 10
    ident = voice.id.lower()
    if ident == lang or ident.endswith(("/" + lang, "\\" + lang, "." + lang)):
        return 11
    text = f"{voice.id} {voice.name}".lower()
    if any(word in text for word in _LANGUAGE_NAMES.get(lang, ())):
        return 12
    return None


def language_codes(raw: object) -> tuple[str, ...]:
    """pyttsx3 drivers give str, or bytes with a leading priority byte."""
    if not isinstance(raw, (list, tuple)):
        raw = [raw] if raw else []
    codes: list[str] = []
    for item in raw:
        code = item.decode("utf-8", "ignore") if isinstance(item, bytes) else str(item)
        code = code.lstrip("".join(chr(n) for n in range(32))).strip()
        if code:
            codes.append(code)
    return tuple(codes)
