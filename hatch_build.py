"""Build hook: compile the gettext catalogues (locales/*.po) to .mo files.

The .mo files are build products, never committed. They are written to
``src/sniff/_locales`` so that an editable install finds them too, and the
wheel carries them as ``sniff/_locales``. The compiler is the game's own
(``src/sniff/catalogue.py``, loaded by its path: the package is not installed
while it is being built), so building needs nothing but hatchling.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _catalogue(root: Path) -> ModuleType:
    """``sniff.catalogue`` of the tree at *root*, without importing the package."""
    path = root / "src" / "sniff" / "catalogue.py"
    spec = importlib.util.spec_from_file_location("_sniff_catalogue", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load the catalogue compiler from {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (a dataclass looks its module up while being made)
    spec.loader.exec_module(module)
    return module


def compile_catalogues(root: Path) -> list[Path]:
    """Compile every ``locales/<lang>/LC_MESSAGES/*.po`` below *root*."""
    catalogue = _catalogue(root)
    written: list[Path] = []
    for po_path in sorted((root / "locales").glob("*/LC_MESSAGES/*.po")):
        lang = po_path.parent.parent.name
        target = root / "src" / "sniff" / "_locales" / lang / "LC_MESSAGES" / (po_path.stem + ".mo")
        target.parent.mkdir(parents=True, exist_ok=True)
        text = po_path.read_text(encoding="utf-8")
        target.write_bytes(catalogue.compile_po(text, name=str(po_path)))
        written.append(target)
    return written


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        for mo_path in compile_catalogues(root):
            relative = mo_path.relative_to(root / "src")
            build_data["force_include"][str(mo_path)] = str(relative)
