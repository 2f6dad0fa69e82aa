"""What the announcer hands to the speech and sound backends."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sniff.enums import Cue, values

__all__ = ["CUES", "Utterance", "UtteranceKind"]


class UtteranceKind(str, Enum):
    """What an announcement is: the machine's tag of each utterance (a browser's ``say``
    items carry it as ``kind``; the page shows and routes each by it)."""

    NONE = ""
    BAD_SAVE = "bad_save"
    BAD_SETTINGS = "bad_settings"
    BONEYARD = "boneyard"
    CATCH_UP = "catch_up"
    CHAT = "chat"
    CLAIM = "claim"
    CLAIM_TYPING = "claim_typing"
    COACH = "coach"
    COUNT = "count"
    DEAL = "deal"
    DIGIT = "digit"
    DRAW = "draw"
    ECHO = "echo"
    ENDS = "ends"
    FALLBACK = "fallback"
    GAME_END = "game_end"
    HAND = "hand"
    HELP = "help"
    HINT = "hint"
    HISTORY = "history"
    INVALID = "invalid"
    INVALID_KEY = "invalid_key"
    LAYOUT = "layout"
    LEAD = "lead"
    LET_GO = "let_go"
    MENU = "menu"
    MUGGINS = "muggins"
    NEW_GAME = "new_game"
    ONLINE = "online"
    PASS = "pass"
    PIPE_SILENT = "pipe_silent"
    PLAY = "play"
    PRACTICE = "practice"
    PREVIEW = "preview"
    PROMPT = "prompt"
    QUESTION = "question"
    READ_ONLY = "read_only"
    RECORD_FAILED = "record_failed"
    RECORD_FOREIGN = "record_foreign"
    RECORD_KEPT = "record_kept"
    RECORD_UNFINISHED = "record_unfinished"
    REDEAL = "redeal"
    REFUSAL = "refusal"
    RESUMED = "resumed"
    ROUND = "round"
    ROUND_END = "round_end"
    SAVE_FAILED = "save_failed"
    SAVED = "saved"
    SCORES = "scores"
    SETTING = "setting"
    SINCE = "since"
    STATS_FAILED = "stats_failed"
    STATS_KEPT = "stats_kept"
    STATS_UNREADABLE = "stats_unreadable"
    TILE = "tile"
    TURN = "turn"
    UNSEEN = "unseen"
    WARNING = "warning"
    WELCOME = "welcome"

    def __str__(self) -> str:
        return self.value


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
    kind: UtteranceKind = UtteranceKind.NONE
    short: str | None = None
