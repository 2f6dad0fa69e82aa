"""What every benchmark prints: one JSON object per figure, and the percentiles
of a list of times.

The benchmarks are scripts (``python benchmarks/bench_engine.py``), so this
folder is on their import path and they import from here directly.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Any


def emit(name: str, value: float, unit: str, **details: Any) -> None:
    """Print one figure as a JSON line: ``{"name", "value", "unit", "details"}``."""
    print(json.dumps({"name": name, "value": value, "unit": unit, "details": details}), flush=True)


def percentile(values: Sequence[float], share: float) -> float:
    """The value below which *share* (0..1) of *values* lie, by the nearest rank.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    2.0
    >>> percentile([1.0, 2.0, 3.0, 4.0], 0.95)
    4.0
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def time_figures(times: Sequence[float], digits: int) -> tuple[float, dict[str, float]]:
    """The p95 of decision *times* (seconds) in ms, and the median, the largest and
    the count to go with it.

    >>> time_figures([0.001, 0.002, 0.010], 1)
    (10.0, {'median_ms': 2.0, 'max_ms': 10.0, 'decisions': 3})
    """
    p95 = round(percentile(times, 0.95) * 1e3, digits)
    return p95, {
        "median_ms": round(percentile(times, 0.5) * 1e3, digits),
        "max_ms": round(max(times) * 1e3, digits),
        "decisions": len(times),
    }
