"""``python -m sniff``: the same as the ``sniff`` command."""

from __future__ import annotations

import sys

from sniff.cli import main

if __name__ == "__main__":
    sys.exit(main())
