"""Gettext catalogues without Babel: read a ``.po`` file, write the ``.mo`` gettext reads.

The game needs this at two moments: when a wheel (or an editable install) is
built, ``hatch_build.py`` compiles ``locales/*/LC_MESSAGES/sniff.po`` with it;
and a source checkout whose ``.po`` is newer than its ``.mo`` compiles the
``.po`` in memory (:mod:`sniff.i18n`). Babel, a large library, is then only a
tool of the people who extract and merge messages (``tools/``), never a
player's dependency.

It reads what ``tools/update_catalogues.py`` writes, and what GNU gettext
accepts besides: comments, ``msgctxt``, ``msgid_plural`` with ``msgstr[n]``,
strings continued over several lines, the escapes ``\\n \\t \\r \\" \\\\``,
fuzzy entries (left out, as ``msgfmt`` leaves them) and obsolete ``#~`` ones
(ignored). Untranslated messages are left out, so gettext falls back to the
English source. A line it cannot read raises :class:`CatalogueError` naming
the file's line.

>>> mo = compile_po('msgid ""\\nmsgstr "Content-Type: text/plain; charset=utf-8\\\\n"\\n'
...                 'msgctxt "end"\\nmsgid "east"\\nmsgstr "Osten"\\n')
>>> import gettext, io
>>> gettext.GNUTranslations(io.BytesIO(mo)).pgettext("end", "east")
'Osten'

This module imports nothing of the game, so the build hook can load it by
its path before the package is installed.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

__all__ = ["CatalogueError", "Message", "compile_po", "read_po", "write_mo"]

#: The magic number that opens a little-endian ``.mo`` file.
MO_MAGIC = 0x950412DE
#: The separator gettext puts between a context and its message id.
CONTEXT_SEPARATOR = "\x04"

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


class CatalogueError(ValueError):
    """A ``.po`` file this reader cannot make sense of; the message names the line."""


@dataclass
class Message:
    """One entry of a catalogue: its id (with the plural id and context, if any) and
    its translations, one per plural form."""

    msgid: str = ""
    context: str | None = None
    plural: str | None = None
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> str:
        """The id gettext looks the message up by."""
        ident = self.msgid if self.plural is None else f"{self.msgid}\0{self.plural}"
        return ident if self.context is None else f"{self.context}{CONTEXT_SEPARATOR}{ident}"

    @property
    def translation(self) -> str:
        """The translations as gettext stores them: the plural forms joined by NUL."""
        return "\0".join(self.strings[n] for n in sorted(self.strings))

    @property
    def translated(self) -> bool:
        return any(self.strings.values())


def _unquote(text: str, where: str) -> str:
    """The value of one quoted ``.po`` string, escapes resolved."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogueError(f"{where}: expected a quoted string, not {text!r}")
    out: list[str] = []
    body = text[1:-1]
    i = 0
    while i < len(body):
        char = body[i]
        if char == "\\":
            escaped = body[i + 1 : i + 2]
            if escaped not in _ESCAPES:
                raise CatalogueError(f"{where}: unknown escape \\{escaped}")
            out.append(_ESCAPES[escaped])
            i += 2
        elif char == '"':
            raise CatalogueError(f"{where}: a bare quote inside a string")
        else:
            out.append(char)
            i += 1
    return "".join(out)


def read_po(text: str, *, name: str = "<po>") -> list[Message]:
    """Every entry of the ``.po`` source *text*, the header (``msgid ""``) first if
    there is one. *name* names the file in errors."""
    messages: list[Message] = []
    current: Message | None = None
    fuzzy = False
    # The keyword the last string belongs to: "msgctxt", "msgid", "msgid_plural" or a form.
    target: str | int | None = None

    def finish() -> None:
        nonlocal current, target
        if current is not None:
            if not current.strings:
                raise CatalogueError(f"{name}: message {current.msgid!r} has no msgstr")
            messages.append(current)
        current = None
        target = None

    def append(value: str) -> None:
        assert current is not None
        if target == "msgctxt":
            current.context = (current.context or "") + value
        elif target == "msgid":
            current.msgid += value
        elif target == "msgid_plural":
            current.plural = (current.plural or "") + value
        elif isinstance(target, int):
            current.strings[target] += value

    for number, raw in enumerate(text.splitlines(), start=1):
        where = f"{name}:{number}"
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                fuzzy = fuzzy or "fuzzy" in (flag.strip() for flag in line[2:].split(","))
            continue  # comments, references, flags and obsolete (#~) entries
        if line.startswith('"'):
            if current is None or target is None:
                raise CatalogueError(f"{where}: a string continues nothing")
            append(_unquote(line, where))
            continue
        keyword, _, rest = line.partition(" ")
        # A msgctxt, or a msgid not after its msgctxt, opens the next entry.
        if keyword == "msgctxt" or (keyword == "msgid" and target != "msgctxt"):
            finish()
            current = Message(fuzzy=fuzzy)
            fuzzy = False
        if current is None:
            raise CatalogueError(f"{where}: {keyword} before any msgid")
        value = _unquote(rest, where)
        if keyword == "msgctxt":
            target, current.context = "msgctxt", value
        elif keyword == "msgid":
            target, current.msgid = "msgid", value
        elif keyword == "msgid_plural":
            target, current.plural = "msgid_plural", value
        elif keyword == "msgstr":
            target = 0
            current.strings[0] = value
        elif keyword.startswith("msgstr[") and keyword.endswith("]") and keyword[7:-1].isdigit():
            target = int(keyword[7:-1])
            current.strings[target] = value
        else:
            raise CatalogueError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return messages


def write_mo(messages: list[Message]) -> bytes:
    """The ``.mo`` file of *messages*: the header always, then every translated
    entry that is not fuzzy, sorted by id as gettext's lookup expects (UTF-8)."""
    table: dict[bytes, bytes] = {}
    for message in messages:
        header = message.msgid == "" and message.context is None
        if header or (message.translated and not message.fuzzy):
            table[message.key.encode("utf-8")] = message.translation.encode("utf-8")
    keys = sorted(table)
    count = len(keys)
    originals_at = 7 * 4  # after the seven numbers of the header
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    ids = b"".join(key + b"\0" for key in keys)
    strings = b"".join(table[key] + b"\0" for key in keys)
    originals: list[int] = []
    translations: list[int] = []
    offset = data_at
    for key in keys:
        originals += [len(key), offset]
        offset += len(key) + 1
    for key in keys:
        translations += [len(table[key]), offset]
        offset += len(table[key]) + 1
    head = struct.pack("<7I", MO_MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    pairs = struct.pack(f"<{4 * count}I", *originals, *translations)
    return head + pairs + ids + strings


def compile_po(text: str, *, name: str = "<po>") -> bytes:
    """The ``.mo`` bytes of the ``.po`` source *text*."""
    return write_mo(read_po(text, name=name))
