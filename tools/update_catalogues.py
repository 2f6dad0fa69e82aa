"""Extract the game's messages and merge them into the catalogues.

    python tools/update_catalogues.py          # update locales/sniff.pot, en and de .po
    python tools/update_catalogues.py --check  # change nothing; fail if anything is stale

Messages come from ``src/sniff`` (keywords ``_``, ``ngettext``, ``pgettext``,
``npgettext``; ``# Translators:`` comments are kept) and from the tutorial's
lesson files (``src/sniff/learn/lessons/*.toml``: every title and step text,
in the context ``lesson``, with a comment saying where it is heard). English gets
msgstr = msgid; German keeps its translations, and new messages stay empty
until someone translates them (``--check`` and the tests then fail).
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "sniff"
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "sniff.pot"
LANGUAGES = ("en", "de")
KEYWORDS: dict[str, Any] = {
    "_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
COMMENT_TAG = "Translators:"
# Header lines that change on every run, or with the Babel release that wrote them (the
# test extra asks for any recent one); ignored when deciding whether a file changed.
_DATE_LINES = ('"POT-Creation-Date:', '"PO-Revision-Date:', '"Generated-By:')


def po_path(language: str) -> Path:
    """Where *language*'s catalogue lives."""
    return LOCALES / language / "LC_MESSAGES" / "sniff.po"


def extract(source: Path = SOURCE) -> Catalog:
    """Every message in the source, with its translator comments."""
    template = Catalog(
        project="sniff",
        version=_version(),
        copyright_holder="The Sniff by ear team",
        msgid_bugs_address="",
        charset="utf-8",
        fuzzy=False,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        str(source),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    ):
        path = (source / filename).relative_to(ROOT).as_posix()
        template.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    for text, context, comments, where in _lesson_texts():
        template.add(text, None, [(where, 0)], auto_comments=comments, context=context)
    return template


def _lesson_texts() -> list[tuple[str, str, list[str], str]]:
    """The lessons' texts (the lessons are data; the coach translates them)."""
    from sniff.learn.lesson import catalogue_entries, load_lessons

    return list(catalogue_entries(load_lessons()))


def _version() -> str:
    from sniff import __version__

    return __version__


def render(catalog: Catalog) -> str:
    """The .po text of *catalog* (no line numbers: they would churn on every edit)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    return buffer.getvalue().decode("utf-8")


def _without_dates(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(_DATE_LINES))


def merged(language: str, template: Catalog) -> Catalog:
    """*language*'s catalogue updated to *template*."""
    path = po_path(language)
    if path.is_file():
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain="sniff")
    else:
        catalog = Catalog(locale=language, domain="sniff", project="sniff", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.fuzzy = False
    catalog.project, catalog.version = template.project, template.version
    catalog.copyright_holder = template.copyright_holder
    catalog.last_translator = "The Sniff by ear team"
    catalog.language_team = {"en": "English", "de": "Deutsch"}.get(language, language)
    if language == "en":
        for message in catalog:
            if message.id:
                message.string = message.id if isinstance(message.id, str) else tuple(message.id)
                message.flags.discard("fuzzy")
    return catalog


def untranslated(catalog: Catalog) -> list[str]:
    """The msgids with no (complete) translation or marked fuzzy."""
    missing = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if message.fuzzy or not all(strings):
            missing.append(message.id if isinstance(message.id, str) else message.id[0])
    return missing


def update(check: bool = False) -> int:
    """Bring the template and catalogues up to date; the number of problems found."""
    template = extract()
    outputs = {TEMPLATE: render(template)}
    catalogues = {}
    for language in LANGUAGES:
        # A fresh template each time: Catalog.update shares new Message objects.
        catalogues[language] = merged(language, extract())
        outputs[po_path(language)] = render(catalogues[language])
    problems = 0
    for path, text in outputs.items():
        old = path.read_text(encoding="utf-8") if path.is_file() else ""
        if _without_dates(old) == _without_dates(text):
            continue
        if check:
            print(f"out of date: {path.relative_to(ROOT)}")
            problems += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"updated {path.relative_to(ROOT)}")
    for language in LANGUAGES:
        missing = untranslated(catalogues[language])
        for msgid in missing:
            print(f"{language}: untranslated: {msgid!r}")
        problems += len(missing)
    print(f"{len(template)} messages")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if stale")
    args = parser.parse_args(argv)
    return 1 if update(check=args.check) else 0


if __name__ == "__main__":
    sys.exit(main())
