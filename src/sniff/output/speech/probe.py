"""Is a program running? The screen readers' own processes, found without help.

Used before loading anything heavy: on Linux the game looks for an ``orca``
process before it loads prismatoid, so a player without a screen reader
starts as fast as ever.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

__all__ = ["orca_running", "process_running"]


def process_running(name: str) -> bool:
    proc = Path("/proc")
    if proc.is_dir():
        for entry in proc.iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if (entry / "comm").read_text().strip() == name:
                    return True
                # Orca is a Python script: its comm may be "python3".
                argv = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if any(os.path.basename(arg.decode(errors="ignore")) == name for arg in argv[:2]):
                return True
        return False
    pgrep = shutil.which("pgrep")
    if pgrep is None:
        return False
    result = subprocess.run(
        [pgrep, "-x", name], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return result.returncode == 0


def orca_running() -> bool:
    """Whether Orca runs (Linux and other systems with ``/proc``)."""
    return sys.platform.startswith("linux") and process_running("orca")
