"""What a speech synthesiser says about its voices, and choosing one for a language.

Shared by the two engines of the built-in voice (eSpeak-NG spoken to directly,
and pyttsx3 for SAPI5 and macOS).

How a voice is chosen for the game's language (``en``, ``de``):

1. The region comes from the player's locale, where it speaks that language
   (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``en_GB.UTF-8`` gives
   ``gb``; on Windows the user's regional setting), else from the system's
   default voice (Windows and macOS, through pyttsx3) where it speaks the
   language. A voice of exactly that region comes first (``en-us`` for
   ``en_US``), then one of a dialect of it (``en-gb-scotland``).
2. With no region, or none of that region, the voice the synthesiser itself
   ranks first for the bare language: eSpeak NG gives each language of a
   voice a priority (``gmw/en`` lists ``en`` at 2, the Caribbean ``gmw/en-029``
   at 10), so plain ``en`` is British English there, as eSpeak NG itself
   chooses. Never merely the first voice that lists the language.
3. Then voices of other regions, the usual ones first (British, then
   American English).

Voices that need more than the synthesiser (eSpeak NG's MBROLA voices need
the ``mbrola`` program and its data) and eSpeak NG's variants (not voices of
their own) come only after every other voice of the language.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["VoiceInfo", "choose_voice", "language_codes", "locale_region"]

#: Where a synthesiser gives no rank: between eSpeak NG's best (1-2) and its last (10+).
NO_PRIORITY = 5
# Regions tried first among other regions when the locale names none.
_USUAL_REGIONS = {"en": ("gb", "us"), "de": ("de", "at", "ch")}
_LANGUAGE_NAMES = {"en": ("english",), "de": ("german", "deutsch")}
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


@dataclass(frozen=True)
class VoiceInfo:
    """What the synthesiser tells about one of its voices.

    *priorities* go with *languages*, one each, where the synthesiser ranks its
    voices per language (eSpeak NG: lower is better); *default* marks the voice
    the system's speech settings chose (pyttsx3 on Windows and macOS).
    """

    id: str
    name: str
    languages: tuple[str, ...]
    priorities: tuple[int, ...] = ()
    default: bool = False


def _split(code: str) -> list[str]:
    """``"en_GB.UTF-8"`` -> ``["en", "gb"]``; ``"en-GB-x-rp"`` -> ``["en", "gb", "x", "rp"]``."""
    code = code.split(".")[0].split("@")[0]
    return [part for part in code.lower().replace("_", "-").split("-") if part]


def choose_voice(
    voices: Sequence[VoiceInfo], language: str, *, region: str | None = None
) -> str | None:
    """The id of the voice that best speaks *language* (``"en"``, or with a region:
    ``"en-us"``), or ``None``; *region* (``"gb"``) is the player's, from
    :func:`locale_region`.

    >>> voices = [VoiceInfo("gmw/en-029", "English (Caribbean)", ("en-029", "en"), (5, 10)),
    ...           VoiceInfo("gmw/en", "English (Great Britain)", ("en-gb", "en"), (2, 2)),
    ...           VoiceInfo("gmw/en-US", "English (America)", ("en-us", "en"), (2, 3)),
    ...           VoiceInfo("gmw/de", "German", ("de",), (5,))]
    >>> choose_voice(voices, "en"), choose_voice(voices, "en", region="us")
    ('gmw/en', 'gmw/en-US')
    >>> choose_voice(voices, "de", region="at"), choose_voice(voices, "fr")
    ('gmw/de', None)
    """
    parts = _split(language)
    if not parts:
        return None
    lang = parts[0]
    wanted = region.lower() if region else (parts[1] if len(parts) > 1 else None)
    if wanted is None:
        wanted = _default_region(voices, lang)
    best: tuple[tuple[int, ...], str] | None = None
    for index, voice in enumerate(voices):
        rank = _rank(voice, lang, wanted)
        if rank is None:
            continue
        key = (*rank, 0 if voice.default else 1, index)
        if best is None or key < best[0]:
            best = (key, voice.id)
    return None if best is None else best[1]


def _default_region(voices: Sequence[VoiceInfo], lang: str) -> str | None:
    """The region of the system's default voice, where it speaks *lang*."""
    for voice in voices:
        if voice.default:
            for code in voice.languages:
                parts = _split(code)
                if len(parts) > 1 and parts[0] == lang:
                    return parts[1]
    return None


def _rank(voice: VoiceInfo, lang: str, region: str | None) -> tuple[int, int, int] | None:
    """How well *voice* speaks *lang* of *region* (smaller is better; None: not at all):
    (needs more than the synthesiser, how near the region, the synthesiser's priority)."""
    extra = 1 if _needs_more(voice) else 0
    best: tuple[int, int, int] | None = None
    usual = _USUAL_REGIONS.get(lang, ())
    for index, code in enumerate(voice.languages):
        parts = _split(code)
        if not parts or parts[0] != lang:
            continue
        priority = voice.priorities[index] if index < len(voice.priorities) else NO_PRIORITY
        sub = parts[1:]
        if region is not None and sub[:1] == [region]:
            near = 0 if len(sub) == 1 else 1  # the region itself, or a dialect of it
        elif not sub:
            near = 2  # the language as the synthesiser ranks it
        elif sub[0] in usual:
            near = 3 + usual.index(sub[0])
        else:
            near = 3 + len(usual) + (1 if len(sub) > 1 else 0)
        rank = (extra, near, priority)
        if best is None or rank < best:
            best = rank
    if best is None:
        best = _by_name(voice, lang, extra)
    return best


def _by_name(voice: VoiceInfo, lang: str, extra: int) -> tuple[int, int, int] | None:
    """A voice that lists no language code: known by its id or its name."""
    ident = voice.id.lower()
    if ident == lang or ident.endswith(("/" + lang, "\\" + lang, "." + lang)):
        return (extra, 10, NO_PRIORITY)
    text = f"{voice.id} {voice.name}".lower()
    if any(word in text for word in _LANGUAGE_NAMES.get(lang, ())):
        return (extra, 11, NO_PRIORITY)
    return None


def _needs_more(voice: VoiceInfo) -> bool:
    """eSpeak NG's MBROLA voices (``mb/...``: they speak only where the ``mbrola``
    program and its data are installed) and its variants (``!v/...``)."""
    ident = voice.id.replace("\\", "/").lower()
    return ident.startswith(("mb/", "!v/")) or "/mb/" in ident or "/!v/" in ident


def locale_region(language: str, environ: Mapping[str, str] | None = None) -> str | None:
    """The region of the player's locale (``"gb"``, ``"us"``), where the locale is of
    *language*; None where it names no region or another language.

    >>> locale_region("en", {"LANG": "en_US.UTF-8"}), locale_region("en", {"LANG": "C.UTF-8"})
    ('us', None)
    >>> locale_region("en", {"LANG": "de_DE.UTF-8", "LANGUAGE": "de_DE:en_GB"})
    'gb'
    """
    env = os.environ if environ is None else environ
    lang = (_split(language) or [""])[0]
    candidates = [part for part in env.get("LANGUAGE", "").split(":") if part]
    candidates += [env.get(name, "") for name in _LOCALE_VARIABLES]
    if environ is None:
        candidates.append(_system_locale())
    for candidate in candidates:
        parts = _split(candidate)
        if len(parts) > 1 and parts[0] == lang and parts[1].isalpha():
            return parts[1]
    return None


def _system_locale() -> str:
    """The user's regional setting where no variable holds it (Windows: ``en_GB``)."""
    if sys.platform == "win32":
        with contextlib.suppress(Exception):
            import ctypes
            import locale

            lcid = ctypes.windll.kernel32.GetUserDefaultLCID()  # type: ignore[attr-defined]
            return str(locale.windows_locale.get(int(lcid), ""))
    return ""


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
