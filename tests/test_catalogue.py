"""The game's own .po reader and .mo writer: what Babel makes of the real catalogues,
what GNU msgfmt leaves out, and German from a source checkout without Babel."""

from __future__ import annotations

import gettext
import io
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo as babel_write_mo
from babel.messages.pofile import read_po as babel_read_po

from sniff.catalogue import CatalogueError, compile_po, read_po

ROOT = Path(__file__).resolve().parent.parent
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
PLURAL_HEADER = HEADER + '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'


def _gnu(mo: bytes) -> gettext.GNUTranslations:
    return gettext.GNUTranslations(io.BytesIO(mo))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_message_compiles_as_babel_compiles_it(lang: str) -> None:
    po = ROOT / "locales" / lang / "LC_MESSAGES" / "sniff.po"
    ours = _gnu(compile_po(po.read_text(encoding="utf-8")))
    buffer = io.BytesIO()
    with po.open("rb") as handle:
        babel_write_mo(buffer, babel_read_po(handle, locale=lang))
    babels = _gnu(buffer.getvalue())
    mine, theirs = dict(ours._catalog), dict(babels._catalog)  # type: ignore[attr-defined]
    # Babel writes its own version into the header; every message is the same.
    del mine[""], theirs[""]
    assert len(mine) > 900 and mine == theirs
    assert ours.info()["plural-forms"] == babels.info()["plural-forms"]


def test_contexts_plurals_and_continued_lines_reach_gettext() -> None:
    text = PLURAL_HEADER + (
        '\n#. Translators: a comment\nmsgctxt "end"\nmsgid "east"\nmsgstr "Osten"\n'
        '\nmsgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} Stein"\n'
        'msgstr[1] ""\n"{n} "\n"Steine"\n'
        '\nmsgid "tab\\there"\nmsgstr "\\"zitiert\\"\\n\\\\"\n'
    )
    tr = _gnu(compile_po(text))
    assert tr.pgettext("end", "east") == "Osten"
    assert tr.gettext("east") == "east", "a context keeps its message apart"
    assert tr.ngettext("{n} tile", "{n} tiles", 1) == "{n} Stein"
    assert tr.ngettext("{n} tile", "{n} tiles", 2) == "{n} Steine"
    assert tr.gettext("tab\there") == '"zitiert"\n\\'


def test_fuzzy_obsolete_and_untranslated_messages_fall_back_to_english() -> None:
    text = HEADER + (
        '\n#, fuzzy\nmsgid "guessed"\nmsgstr "geraten"\n'
        '\n#, python-format\nmsgid "sure"\nmsgstr "sicher"\n'
        '\n#~ msgid "gone"\n#~ msgstr "weg"\n'
        '\nmsgid "open"\nmsgstr ""\n'
    )
    tr = _gnu(compile_po(text))
    assert tr.gettext("guessed") == "guessed"
    assert tr.gettext("sure") == "sicher"
    assert tr.gettext("gone") == "gone"
    assert tr.gettext("open") == "open"
    assert [m.msgid for m in read_po(text)] == ["", "guessed", "sure", "open"]


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        ('msgid "a"\nmsgstr "b\\q"\n', 2, "unknown escape"),
        ('msgid "a"\nmsgstr b\n', 2, "expected a quoted string"),
        ('"stray"\n', 1, "continues nothing"),
        ('msgid "a"\nmsgfoo "b"\n', 2, "unknown keyword"),
        ('msgstr "b"\n', 1, "msgstr before any msgid"),
    ],
)
def test_a_line_it_cannot_read_is_named(text: str, line: int, why: str) -> None:
    with pytest.raises(CatalogueError, match=f"sniff.po:{line}: .*{why}"):
        compile_po(text, name="sniff.po")


def test_a_message_without_a_translation_line_is_an_error() -> None:
    with pytest.raises(CatalogueError, match="'a' has no msgstr"):
        compile_po('msgid "a"\n\nmsgid "b"\nmsgstr "c"\n')


def test_a_source_checkout_speaks_german_without_babel(tmp_path: Path) -> None:
    # Babel made unimportable: the .po is compiled by the game's own reader.
    script = (
        "import sys\n"
        "sys.modules['babel'] = None\n"
        "from pathlib import Path\n"
        "from sniff.i18n import catalogue_paths, load_translator\n"
        "_, po = catalogue_paths('de')\n"
        "tr = load_translator('de', Path(sys.argv[1]), po)\n"
        "print(tr.gettext('your turn'))\n"
        "print('babel' in sys.modules and sys.modules['babel'] is not None)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "none.mo")],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split("\n")[:2] == ["du bist dran", "False"]
