"""Languages: choosing one, and a :class:`Translator` per language (gettext, domain ``sniff``).

Nothing is installed into ``builtins``: each part of the game that speaks is
handed a :class:`Translator`, so English and German can be produced side by
side in one process (tests, the language switch in the settings menu).

Catalogues live in the repository as ``locales/<lang>/LC_MESSAGES/sniff.po``.
The build hook compiles them to ``sniff/_locales/<lang>/LC_MESSAGES/sniff.mo``.
A checkout without them (or with a ``.po`` edited since) compiles the ``.po``
file in memory (:mod:`sniff.catalogue`, no Babel needed), so the game still
speaks German before any build.
"""

from __future__ import annotations

import gettext
import io
import locale
import os
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from sniff import catalogue

__all__ = [
    "DEFAULT_LANGUAGE",
    "DOMAIN",
    "SUPPORTED",
    "Translator",
    "UnknownLanguage",
    "catalogue_paths",
    "choose_language",
    "normalize_language",
    "system_language",
    "translator",
]

DOMAIN = "sniff"
#: The languages the game speaks, English first (the fallback).
SUPPORTED: tuple[str, ...] = ("en", "de")
DEFAULT_LANGUAGE = "en"

_PACKAGE_DIR = Path(__file__).resolve().parent
# src/sniff -> src -> the repository root, where a checkout keeps locales/.
_REPO_LOCALES = _PACKAGE_DIR.parent.parent / "locales"
_BUILT_LOCALES = _PACKAGE_DIR / "_locales"

# Windows and some desktops spell languages out ("German_Germany").
_LANGUAGE_NAMES = {"english": "en", "german": "de", "deutsch": "de"}


class UnknownLanguage(ValueError):
    """A language the game does not speak was asked for explicitly: *value*, as typed.
    The message is English, for logs; the player hears it in their language."""

    def __init__(self, value: str) -> None:
        super().__init__(f"unknown language {value!r}; choose one of {', '.join(SUPPORTED)}")
        self.value = value
        self.choices = SUPPORTED


def normalize_language(value: str | None) -> str | None:
    """The supported language a locale name means, or None.

    >>> normalize_language("de_DE.UTF-8"), normalize_language("en-GB"), normalize_language("C")
    ('de', 'en', None)
    >>> normalize_language("German_Germany.1252"), normalize_language("fr_FR")
    ('de', None)
    """
    if not value:
        return None
    base = value.strip().split(".")[0].split("@")[0]
    code = base.replace("-", "_").split("_")[0].lower()
    code = _LANGUAGE_NAMES.get(code, code)
    return code if code in SUPPORTED else None


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The supported language the system locale asks for, or None.

    As GNU gettext does: the locale is the first of ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set; ``LANGUAGE`` (a colon-separated priority list) is
    consulted first unless that locale is ``C``/``POSIX``.
    """
    env = os.environ if environ is None else environ
    current = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    if current.split(".")[0] in ("C", "POSIX"):
        return None
    candidates: list[str] = [part for part in env.get("LANGUAGE", "").split(":") if part]
    if current:
        candidates.append(current)
    elif environ is None:
        # No variables at all (Windows, some launchers): ask the C library.
        found = locale.getlocale()[0]
        if found:
            candidates.append(found)
    for candidate in candidates:
        code = normalize_language(candidate)
        if code is not None:
            return code
    return None


def choose_language(
    explicit: str | None = None,
    settings: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to speak: explicit (``--lang``) > settings > system locale > English.

    An unsupported explicit choice raises :class:`UnknownLanguage` (the player
    typed it and should hear why); an unsupported saved setting is skipped.

    >>> choose_language(None, "de", {"LANG": "en_US.UTF-8"})
    'de'
    >>> choose_language(None, None, {"LANG": "de_AT.UTF-8"})
    'de'
    >>> choose_language(None, "xx", {})
    'en'
    """
    if explicit:
        code = normalize_language(explicit)
        if code is None:
            raise UnknownLanguage(explicit)
        return code
    from_settings = normalize_language(settings)
    if from_settings is not None:
        return from_settings
    return system_language(environ) or DEFAULT_LANGUAGE


def catalogue_paths(language: str) -> tuple[Path, Path]:
    """Where *language*'s compiled ``.mo`` and its source ``.po`` would be."""
    mo = _BUILT_LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    po = _REPO_LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    return mo, po


def compile_po(po_path: Path, language: str) -> bytes:
    """Compile *language*'s ``.po`` file to ``.mo`` bytes in memory."""
    return catalogue.compile_po(po_path.read_text(encoding="utf-8"), name=str(po_path))


def _load(language: str, mo_path: Path, po_path: Path) -> gettext.NullTranslations:
    """The catalogue for *language*: the built ``.mo``, else the ``.po`` compiled now."""
    use_mo = mo_path.is_file()
    # A developer who edited the .po since the last build should hear the edit.
    if use_mo and po_path.is_file() and po_path.stat().st_mtime > mo_path.stat().st_mtime:
        use_mo = False
    if use_mo:
        with mo_path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    if po_path.is_file():
        return gettext.GNUTranslations(io.BytesIO(compile_po(po_path, language)))
    # No catalogue at all (a broken install): the source strings are English.
    return gettext.NullTranslations()


class Translator:
    """One language's messages: ``_``, ``ngettext``, ``pgettext``, ``npgettext``.

    >>> Translator.null().pgettext("end", "west")
    'west'
    """

    __slots__ = ("_catalog", "language")

    def __init__(self, language: str, catalog: gettext.NullTranslations) -> None:
        self.language = language
        self._catalog = catalog

    @classmethod
    def null(cls, language: str = DEFAULT_LANGUAGE) -> Translator:
        """A translator that returns the source (English) strings."""
        return cls(language, gettext.NullTranslations())

    def _(self, message: str) -> str:
        """The translation of *message*."""
        return self._catalog.gettext(message)

    gettext = _

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The translation of *singular*/*plural* for the number *n*."""
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """The translation of *message* in *context* (same words, other meaning)."""
        return self._catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` with a context."""
        return self._catalog.npgettext(context, singular, plural, n)

    def __repr__(self) -> str:
        return f"<Translator {self.language}>"


@cache
def _cached(language: str) -> Translator:
    mo_path, po_path = catalogue_paths(language)
    return Translator(language, _load(language, mo_path, po_path))


def translator(language: str | None = None) -> Translator:
    """The (cached) translator for *language*; None chooses as :func:`choose_language`."""
    code = choose_language(language) if language else choose_language()
    return _cached(code)


def load_translator(language: str, mo_path: Path, po_path: Path) -> Translator:
    """A translator read from the given files (uncached; tests and tools)."""
    return Translator(language, _load(language, mo_path, po_path))


def supported_languages() -> Iterable[str]:
    """The languages the game speaks."""
    return iter(SUPPORTED)
