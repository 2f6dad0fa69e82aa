"""Sniff by ear: the All Fives domino game, played and learnt by ear."""

from __future__ import annotations

__version__ = "0.1.0"
