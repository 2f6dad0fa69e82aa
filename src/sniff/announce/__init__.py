"""Events and one seat's observation in, utterances out. Every gettext call lives here.

>>> from sniff.i18n import translator
>>> from sniff.engine import Tile
>>> Words(translator("de")).tile(Tile.of(6, 6))
'Sechserpasch'
"""

from __future__ import annotations

from sniff.announce.announcer import Announcer
from sniff.announce.phrases import Phrasebook, sentences
from sniff.announce.replay import narrate_events
from sniff.announce.utterance import CUES, Utterance
from sniff.announce.words import Words

__all__ = [
    "CUES",
    "Announcer",
    "Phrasebook",
    "Utterance",
    "Words",
    "narrate_events",
    "sentences",
]
