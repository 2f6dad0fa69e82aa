"""Fill German translations into the catalogue from a Python file holding a dict ``DE``.

    python tools/fill_translations.py FILE.py

``DE`` maps each msgid (the singular for plural messages) to its German text,
or to a tuple of forms for plural messages. Only empty or fuzzy entries are
filled; the catalogue is written back in the format ``update_catalogues`` uses.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.pofile import read_po

sys.path.insert(0, str(Path(__file__).resolve().parent))
from update_catalogues import po_path, render


def main(source: str) -> int:
    wanted = runpy.run_path(source)["DE"]
    path = po_path("de")
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="de")
    filled = 0
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if not key or key not in wanted:
            continue
        current = message.string
        empty = not any(current) if isinstance(current, tuple) else not current
        if not (empty or message.fuzzy):
            continue
        text = wanted[key]
        if isinstance(message.id, tuple):
            message.string = tuple(text) if isinstance(text, tuple) else (text, text)
        else:
            message.string = text if isinstance(text, str) else text[0]
        message.flags.discard("fuzzy")
        filled += 1
    path.write_text(render(catalog), encoding="utf-8")
    print(f"filled {filled} of {len(wanted)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
