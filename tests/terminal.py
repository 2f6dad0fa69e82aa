"""Run the installed ``sniff`` in a pseudo-terminal, press keys, keep all it wrote."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Sequence

from ptyplay import wait_raw

__all__ = ["run_in_terminal"]


def run_in_terminal(
    command: Sequence[str],
    env: dict[str, str],
    keys: Sequence[tuple[float, str]],
    *,
    timeout: float = 30.0,
) -> bytes:
    """Start *command* on a new pseudo-terminal; for each ``(pause, key)`` wait
    *pause* seconds, then type *key*; wait for it to end (killed after
    *timeout*); return every byte it wrote to the terminal."""
    master, slave = os.openpty()
    process = subprocess.Popen(list(command), stdin=slave, stdout=slave, stderr=slave, env=env)
    output = bytearray()

    def drain() -> None:
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                return
            if not chunk:
                return
            output.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        # The first key waits until the game reads keys one by one: typed before, the
        # terminal's line discipline would echo it and change it (Enter into Control J).
        wait_raw(slave, timeout)
        for pause, key in keys:
            time.sleep(pause)
            os.write(master, key.encode())
        process.wait(timeout=timeout)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(slave)
        reader.join(timeout=2)
        os.close(master)
    return bytes(output)
