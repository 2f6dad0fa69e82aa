"""Test-wide settings.

Hypothesis runs derandomized and keeps no example database: the suite gives
the same result on every machine and every run, and nothing it finds is
written into the repository. A property test that should explore more is
run by hand with ``--hypothesis-profile=explore``.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("default", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", derandomize=False, database=None, max_examples=500)
settings.load_profile("default")
