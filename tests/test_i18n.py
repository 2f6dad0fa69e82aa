"""Languages: the choice order, the fallback compile, and the catalogues themselves."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from sniff.i18n import (
    UnknownLanguage,
    catalogue_paths,
    choose_language,
    load_translator,
    system_language,
    translator,
)

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
sys.path.insert(0, str(ROOT / "tools"))
import update_catalogues  # noqa: E402

_FIELD = re.compile(r"\{(\w*)\}")


def test_explicit_beats_settings_beats_locale_beats_english() -> None:
    env = {"LANG": "de_DE.UTF-8"}
    assert choose_language("en", "de", env) == "en"
    assert choose_language(None, "en", env) == "en"
    assert choose_language(None, None, env) == "de"
    assert choose_language(None, None, {}) == "en"
    assert choose_language(None, "fr", {"LANG": "fr_FR.UTF-8"}) == "en"


def test_system_locale_follows_gettext_order() -> None:
    assert system_language({"LANGUAGE": "fr:de", "LANG": "en_US.UTF-8"}) == "de"
    assert system_language({"LC_ALL": "de_AT.UTF-8", "LANG": "en_GB"}) == "de"
    assert system_language({"LC_MESSAGES": "en_US", "LANG": "de_DE"}) == "en"
    # The C locale means "no language": LANGUAGE is ignored then, as GNU gettext does.
    assert system_language({"LANGUAGE": "de", "LC_ALL": "C"}) is None


def test_an_unknown_explicit_language_is_an_error() -> None:
    with pytest.raises(UnknownLanguage, match="en, de"):
        choose_language("klingon")


def test_english_and_german_side_by_side() -> None:
    en, de = translator("en"), translator("de")
    assert en.pgettext("end", "east") == "east" and de.pgettext("end", "east") == "Osten"
    assert de.ngettext("{n} tile", "{n} tiles", 1) == "{n} Stein"
    assert de.ngettext("{n} tile", "{n} tiles", 3) == "{n} Steine"


def test_a_missing_mo_is_compiled_from_the_po(tmp_path: Path) -> None:
    _, po = catalogue_paths("de")
    tr = load_translator("de", tmp_path / "missing.mo", po)
    assert tr.pgettext("tile", "double six") == "Sechserpasch"


def test_a_built_mo_is_used_when_fresh(tmp_path: Path) -> None:
    _, po = catalogue_paths("de")
    with po.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    catalog.get("your turn").string = "MO-DATEI"
    mo = tmp_path / "sniff.mo"
    with mo.open("wb") as handle:
        write_mo(handle, catalog)
    os.utime(mo, (0, 0))  # an old build: the edited .po wins
    assert load_translator("de", mo, po).gettext("your turn") == "du bist dran"
    os.utime(mo, None)  # a fresh build is used as it is
    assert load_translator("de", mo, po).gettext("your turn") == "MO-DATEI"


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALES / lang / "LC_MESSAGES" / "sniff.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def _forms(value: object) -> list[str]:
    return list(value) if isinstance(value, (list, tuple)) else [str(value)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_catalogue_is_complete_with_matching_placeholders(lang: str) -> None:
    catalog = _catalog(lang)
    assert len(catalog) > 100
    for message in catalog:
        if not message.id:
            continue
        ids = _forms(message.id)
        strings = _forms(message.string)
        assert not message.fuzzy, message.id
        assert all(strings), f"{lang}: untranslated {message.id!r}"
        wanted = {f for i in ids for f in _FIELD.findall(i)}
        for s in strings:
            fields = set(_FIELD.findall(s))
            assert "" not in fields, f"positional placeholder in {s!r}"
            assert fields == wanted, f"{lang}: {message.id!r} -> {s!r}"
        assert message.auto_comments, f"no Translators: comment for {message.id!r}"


def test_german_plural_header() -> None:
    assert _catalog("de").plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_catalogue_compiles(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, _catalog(lang))
    assert buffer.getvalue()[:4] in (b"\xde\x12\x04\x95", b"\x95\x04\x12\xde")


def test_template_is_up_to_date_with_the_source() -> None:
    extracted = {(m.context, _forms(m.id)[0]) for m in update_catalogues.extract() if m.id}
    with (LOCALES / "sniff.pot").open("rb") as handle:
        template = read_po(handle)
    committed = {(m.context, _forms(m.id)[0]) for m in template if m.id}
    assert extracted == committed, "run python tools/update_catalogues.py"
    for lang in ("en", "de"):
        in_po = {(m.context, _forms(m.id)[0]) for m in _catalog(lang) if m.id}
        assert in_po == committed, f"{lang}: run python tools/update_catalogues.py"
