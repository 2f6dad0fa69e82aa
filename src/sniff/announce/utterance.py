"""What the announcer hands to the speech and sound backends."""

from __future__ import annotations

from dataclasses import dataclass

from sniff.enums import Cue, values

__all__ = ["CUES", "Utterance"]

#: The earcons an utterance may ask for: every cue the sound layer has.
CUES: tuple[str, ...] = values(Cue)


@dataclass(frozen=True, slots=True)
class Utterance:
    """One announcement.

    *interrupt*: cut off what is being said (answers to the player's own keys,
    errors); otherwise it queues behind what is being said (other players'
    plays, and "your turn", so that it never swallows the plays before it).
    *cue* is the earcon (a :class:`~sniff.enums.Cue` member, so that a misspelt one
    is an error at once); *end* ("west", "east", ...) places it in space;
    *points* sets the score earcon's pitch; *kind* is a short machine tag;
    *short* is the brief form for a braille display (None: the text itself).
    """

    text: str
    interrupt: bool = False
    cue: Cue | None = None
    end: str | None = None
    points: int = 0
    kind: str = ""
    short: str | None = None
