"""Build hook: compile the gettext catalogues (locales/*.po) to .mo files.

The .mo files are build products, never committed. They are written to
``src/sniff/_locales`` so that an editable install finds them too, and the
wheel carries them as ``sniff/_locales``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def compile_catalogues(root: Path) -> list[Path]:
    """Compile every ``locales/<lang>/LC_MESSAGES/*.po`` below *root*."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written: list[Path] = []
    for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
        lang = po_path.parent.parent.name
        target = root / "src" / "sniff" / "_locales" / lang / "LC_MESSAGES" / (po_path.stem + ".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        with po_path.open("rb") as handle:
            catalog = read_po(handle, locale=lang)
        with target.open("wb") as handle:
            write_mo(handle, catalog)
        written.append(target)
    return written


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo_path in compile_catalogues(root):
            relative = mo_path.relative_to(root / "src")
            build_data["force_include"][str(mo_path)] = str(relative)
