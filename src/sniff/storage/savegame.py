"""Saving a game in progress and resuming it, exactly as it was.

A save holds what is needed to rebuild the game through the real engine, not
a dump of its insides: the rules, the players, every deal so far and every
action taken. Resuming deals those deals again with a ``ScriptedDealer``,
applies the actions in order, then hands the game a ``RandomDealer`` and the
random generator's saved state, so the rounds dealt after resuming are the
ones that would have been dealt without the save. Each bot's generator state
and a free-form ``ui`` dict (selected tile, hints used...) ride along.

The file is versioned JSON (``{"format": "sniff-save", "version": 1, ...}``)
written atomically, and read back with limits (:mod:`sniff.storage.limits`):
every field is checked for its type and range before the engine sees it. A
save that cannot be read or does not replay raises :class:`SaveError`;
:func:`load_or_set_aside` moves such a file aside. The save holds every
tile of every deal, the hidden ones too: it is the game, not one seat's view.
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from sniff.engine import (
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    Deal,
    Dealt,
    Draw,
    End,
    Event,
    Game,
    IllegalMove,
    Move,
    Pass,
    Phase,
    RandomDealer,
    RuleSet,
    ScriptedDealer,
    Tile,
)
from sniff.enums import BotLevel, SeatKind, values
from sniff.storage.atomic import Problem, StrPath, set_aside, write_atomic
from sniff.storage.limits import DataError, has_controls, parse_json, read_bounded
from sniff.storage.paths import save_path
from sniff.storage.records import PlayerInfo

FORMAT = "sniff-save"
VERSION = 1

#: The largest save read back. A game of 200 rounds with the double-twelve set
#: and eight players saves about 2 MB; anything far beyond is not a save.
SAVE_LIMIT = 16 * 1024 * 1024
#: The longest player name a save may hold.
NAME_LIMIT = 64

# What a damaged save can raise while its fields are read or replayed: each is
# turned into a SaveError, so that the file is set aside instead of crashing.
_DAMAGE = (
    KeyError,
    TypeError,
    ValueError,
    LookupError,  # (a save with fewer deals than its actions need: the dealer runs out)
    IndexError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)

#: What ``random.Random.getstate()`` returns: (version, 625 words, gauss_next).
RngState = tuple[Any, ...]


class SaveError(ValueError):
    """A save that cannot be read, is of another version, or does not replay.

    *code* is short and stable (``unreadable``, ``corrupt``, ``version``,
    ``replay``) for the UI to translate; the message says what was wrong.
    """

    def __init__(self, message: str, code: str = "corrupt") -> None:
        super().__init__(message)
        self.code = code


class Check(NamedTuple):
    """Where the saved game stood, to confirm that the replay arrives there."""

    events: int
    round: int
    phase: str
    scores: tuple[int, ...]

    @classmethod
    def of(cls, game: Game) -> Check:
        return cls(len(game.log), game.round_no, game.phase.value, tuple(game.scores))


@dataclass(frozen=True)
class GameSnapshot:
    """Everything a save holds. *actions* are every action applied, in order
    (including muggins calls let go, which leave no event)."""

    rules: RuleSet
    players: tuple[PlayerInfo, ...]
    seed: int | None
    deals: tuple[Deal, ...]
    actions: tuple[Action, ...]
    rng_state: RngState
    bot_rng_states: tuple[RngState | None, ...] = ()
    ui: dict[str, Any] = field(default_factory=dict)
    check: Check | None = None

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(side) for side in self.rules.sides(len(self.players)))


def snapshot(
    game: Game,
    players: Sequence[PlayerInfo],
    actions: Sequence[Action],
    *,
    seed: int | None = None,
    bot_rng_states: Sequence[RngState | None] = (),
    ui: dict[str, Any] | None = None,
) -> GameSnapshot:
    """A snapshot of *game*, given every action applied to it so far.

    The deals are read from the ``Dealt`` events of ``game.log`` (which must be
    the whole log, not a look-ahead copy's).
    """
    if len(players) != game.players:
        raise ValueError(f"{len(players)} players named for a game of {game.players}")
    deals = tuple(
        Deal(event.hands, event.boneyard, event.leader)
        for event in game.log
        if isinstance(event, Dealt)
    )
    return GameSnapshot(
        rules=game.rules,
        players=tuple(players),
        seed=seed,
        deals=deals,
        actions=tuple(actions),
        rng_state=game.rng.getstate(),
        bot_rng_states=tuple(bot_rng_states),
        ui=copy.deepcopy(ui) if ui is not None else {},
        check=Check.of(game),
    )


class SaveState:
    """A game and the actions applied to it: what the UI keeps to save at any time.

    Apply actions through :meth:`apply` (or call :meth:`record` after applying
    one yourself) so that the list stays complete.
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[PlayerInfo],
        *,
        seed: int | None = None,
        actions: Sequence[Action] = (),
    ) -> None:
        self.game = game
        self.players = tuple(players)
        self.seed = seed
        self.actions: list[Action] = list(actions)

    def apply(self, action: Action) -> list[Event]:
        """Apply *action* to the game and remember it (only if the engine accepts it)."""
        events = self.game.apply(action)
        self.actions.append(action)
        return events

    def record(self, action: Action) -> None:
        """Remember an action already applied to the game."""
        self.actions.append(action)

    def snapshot(
        self,
        *,
        bot_rng_states: Sequence[RngState | None] = (),
        ui: dict[str, Any] | None = None,
    ) -> GameSnapshot:
        """The current position as a :class:`GameSnapshot`."""
        return snapshot(
            self.game,
            self.players,
            self.actions,
            seed=self.seed,
            bot_rng_states=bot_rng_states,
            ui=ui,
        )

    @classmethod
    def resume(cls, snap: GameSnapshot) -> SaveState:
        """The state a snapshot describes, rebuilt through the engine (see :func:`restore`)."""
        game, _, _ = restore(snap)
        return cls(game, snap.players, seed=snap.seed, actions=snap.actions)


# -- replaying -----------------------------------------------------------------------


def restore(snap: GameSnapshot) -> tuple[Game, tuple[RngState | None, ...], dict[str, Any]]:
    """Rebuild the saved game: (game, each bot's rng state, the ui dict).

    Raises :class:`SaveError` (code ``replay``) if the deals or actions do not
    replay through the engine to the saved position.
    """
    deals = list(snap.deals)
    try:
        # Scripted deals carry the recorded leader, so the replay draws nothing
        # from the generator; it gets the saved state once the replay is done.
        game = Game(
            snap.rules, len(snap.players), rng=random.Random(0), dealer=ScriptedDealer(deals)
        )
    except _DAMAGE as exc:
        raise SaveError(f"the first deal does not replay: {exc}", "replay") from exc
    for number, action in enumerate(snap.actions, 1):
        try:
            if game.phase is Phase.ROUND_OVER:
                game.next_round()
            game.apply(action)
        except IllegalMove as exc:
            raise SaveError(
                f"action {number} ({action_to_text(action)}) is refused: {exc}", "replay"
            ) from exc
        except _DAMAGE as exc:
            raise SaveError(f"the deal before action {number} is wrong: {exc}", "replay") from exc
    try:
        # Saved between rounds after the next deal was made: make it again.
        while game.phase is Phase.ROUND_OVER and _dealt(game) < len(deals):
            game.next_round()
    except _DAMAGE as exc:
        raise SaveError(f"the last deal is wrong: {exc}", "replay") from exc
    if _dealt(game) != len(deals):
        raise SaveError(
            f"the save holds {len(deals)} deals but the game used {_dealt(game)}", "replay"
        )
    if snap.check is not None and Check.of(game) != snap.check:
        raise SaveError(
            f"the replay ends at {Check.of(game)}, the save says {snap.check}", "replay"
        )
    rng = random.Random()
    try:
        rng.setstate(snap.rng_state)
    except _DAMAGE as exc:
        raise SaveError(f"the random state is wrong: {exc}", "replay") from exc
    game.rng = rng
    game.dealer = RandomDealer()
    return game, snap.bot_rng_states, copy.deepcopy(snap.ui)


def _dealt(game: Game) -> int:
    return sum(1 for event in game.log if isinstance(event, Dealt))


# -- actions as text -------------------------------------------------------------------


def action_to_text(action: Action) -> str:
    """One action as a short phrase: ``6-4 west``, ``6-6 east endwise``,
    ``draw``, ``pass``, ``claim 10``, ``muggins``, ``no muggins``.

    >>> action_to_text(Move(Tile.of(4, 6), End.WEST))
    '6-4 west'
    """
    if isinstance(action, Move):
        return f"{action.tile} {action.end.value}" + (" endwise" if action.endwise else "")
    if isinstance(action, Draw | Pass):
        return str(action)  # the engine's word: "draw", "pass"
    if isinstance(action, Claim):
        return f"claim {action.points}"
    if isinstance(action, CallMuggins):
        return "muggins" if action.call else "no muggins"
    raise TypeError(f"not an action: {action!r}")


#: :func:`action_to_text`, each action's text kept (a snapshot writes every action of
#: the game, and a server writes one after every step of every table).
_action_text = functools.lru_cache(maxsize=4096)(action_to_text)


@functools.lru_cache(maxsize=1024)
def _deal_tiles(deal: Deal) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """A deal's hands and boneyard as tiles' texts, kept (a game has a few deals, and
    each snapshot writes them all); tuples, so that what is kept cannot be changed."""
    return tuple(tuple(_tiles(hand)) for hand in deal.hands), tuple(_tiles(deal.boneyard))


def _deal_json(deal: Deal) -> dict[str, Any]:
    hands, boneyard = _deal_tiles(deal)
    return {
        "hands": [list(hand) for hand in hands],
        "boneyard": list(boneyard),
        "leader": deal.leader,
    }


def action_from_text(text: str) -> Action:
    """Read :func:`action_to_text` back; :class:`ValueError` if it is not an action."""
    words = text.split()
    if words == [str(DRAW)]:
        return DRAW
    if words == [str(PASS)]:
        return PASS
    if words == ["muggins"]:
        return CallMuggins(True)
    if words == ["no", "muggins"]:
        return CallMuggins(False)
    if len(words) == 2 and words[0] == "claim" and words[1].isdigit():
        return Claim(int(words[1]))
    if len(words) in (2, 3) and (len(words) == 2 or words[2] == "endwise"):
        return Move(Tile.parse(words[0]), End(words[1]), len(words) == 3)
    raise ValueError(f"not an action: {text!r}")


# -- JSON --------------------------------------------------------------------------------


def rng_state_to_json(state: RngState) -> list[Any]:
    """A ``random.Random`` state as JSON values."""
    version, words, gauss = state
    return [version, list(words), gauss]


def rng_state_from_json(value: Any) -> RngState:
    """Read :func:`rng_state_to_json` back, checked by loading it into a generator."""
    if not isinstance(value, list) or len(value) != 3 or not isinstance(value[1], list):
        raise ValueError("a random state is [version, [words...], gauss]")
    version, words, gauss = value
    if gauss is not None and not isinstance(gauss, float):
        raise ValueError("a random state's gauss value must be a number or null")
    state = (version, tuple(words), gauss)
    try:
        random.Random().setstate(state)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"not a random state: {exc}") from None
    return state


def _tiles(tiles: Sequence[Tile]) -> list[str]:
    return [str(tile) for tile in tiles]


def _read_tiles(value: Any) -> tuple[Tile, ...]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise ValueError("tiles are a list of strings like '6-4'")
    return tuple(Tile.parse(text) for text in value)


def snapshot_to_json(snap: GameSnapshot) -> dict[str, Any]:
    """The save file's content as JSON values."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": snap.rules.to_json(),
        "players": [player.to_json() for player in snap.players],
        "seed": snap.seed,
        "sides": [list(side) for side in snap.sides],
        "deals": [_deal_json(deal) for deal in snap.deals],
        "actions": [_action_text(action) for action in snap.actions],
        "rng": rng_state_to_json(snap.rng_state),
        "bots": [None if s is None else rng_state_to_json(s) for s in snap.bot_rng_states],
        "check": None if snap.check is None else snap.check._asdict(),
        "ui": snap.ui,
    }


def snapshot_from_json(data: Any, *, people: int = 1) -> GameSnapshot:
    """Read :func:`snapshot_to_json` output; :class:`SaveError` if it is not one.
    *people*: the most seats a person may hold (1 at the keyboard; a server's table
    may seat every player)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a Sniff saved game")
    version = data.get("version")
    if version != VERSION:
        raise SaveError(
            f"a saved game of version {version!r}; this game reads {VERSION}", "version"
        )
    try:
        return _snapshot_fields(data, people)
    except SaveError:
        raise
    except _DAMAGE as exc:
        detail = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise SaveError(f"the saved game is damaged: {detail}") from exc


def _snapshot_fields(data: dict[str, Any], people: int) -> GameSnapshot:
    rules = RuleSet.from_json(_table(data["rules"], "rules"))
    players = tuple(_player(p) for p in _list(data["players"], "players"))
    rules.check_players(len(players))
    if sum(1 for p in players if p.kind is SeatKind.HUMAN) > people:
        raise ValueError("a saved game has one person at the keyboard, at most")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    deals = []
    for deal in _list(data["deals"], "deals"):
        deal = _table(deal, "a deal")
        leader = deal.get("leader")
        if leader is not None and (isinstance(leader, bool) or not isinstance(leader, int)):
            raise ValueError(f"a leader must be a seat number, not {leader!r}")
        hands = tuple(_read_tiles(hand) for hand in _list(deal["hands"], "hands"))
        deals.append(Deal(hands, _read_tiles(deal["boneyard"]), leader))
    actions = []
    for text in _list(data["actions"], "actions"):
        if not isinstance(text, str):
            raise ValueError(f"not an action: {text!r}")
        actions.append(action_from_text(text))
    bots = tuple(
        None if s is None else rng_state_from_json(s) for s in _list(data.get("bots", []), "bots")
    )
    if len(bots) > len(players):
        raise ValueError("more random states than players")
    return GameSnapshot(
        rules=rules,
        players=players,
        seed=seed,
        deals=tuple(deals),
        actions=tuple(actions),
        rng_state=rng_state_from_json(data["rng"]),
        bot_rng_states=bots,
        ui=_table(data.get("ui", {}), "ui"),
        check=_check(data.get("check")),
    )


def _table(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a table")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list")
    return value


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    return value


def _check(value: Any) -> Check | None:
    if value is None:
        return None
    table = _table(value, "check")
    phase = table["phase"]
    if not isinstance(phase, str):
        raise ValueError(f"the saved phase must be a word, not {phase!r}")
    return Check(
        _whole(table["events"], "the saved event count"),
        _whole(table["round"], "the saved round"),
        phase,
        tuple(_whole(score, "a saved score") for score in _list(table["scores"], "scores")),
    )


def _player(value: Any) -> PlayerInfo:
    if not isinstance(value, dict) or not isinstance(value.get("name"), str):
        raise ValueError(f"not a player: {value!r}")
    name = value["name"]
    # The names are spoken and printed: no terminal control, nothing absurd.
    if not name.strip() or len(name) > NAME_LIMIT or has_controls(name):
        raise ValueError(f"not a player's name: {name[:NAME_LIMIT]!r}")
    kind = value.get("kind", "bot")
    if kind not in ("human", "bot"):
        raise ValueError(f"a player is a human or a bot, not {kind!r}")
    level = value.get("level")
    if kind == "bot" and level not in values(BotLevel):
        raise ValueError(f"not a bot level: {level!r}")
    return PlayerInfo(name, kind, level if kind == "bot" else None)


# -- files ----------------------------------------------------------------------------------


def save_game(path: StrPath | None, snap: GameSnapshot) -> Path:
    """Write *snap* atomically to *path* (None: the default save); return the path.

    Raises :class:`SaveError` if the ``ui`` dict is not JSON-safe.
    """
    target = Path(path) if path is not None else save_path()
    try:
        text = json.dumps(snapshot_to_json(snap), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"the game cannot be saved: {exc}", "unsaveable") from exc
    write_atomic(target, text + "\n")
    return target


def load_game(path: StrPath | None = None, *, people: int = 1) -> GameSnapshot:
    """Read a save (None: the default save). Raises :class:`SaveError` if it is
    unreadable, not JSON, of another version or damaged; FileNotFoundError if
    there is none. Does not replay it: :func:`restore` does."""
    source = Path(path) if path is not None else save_path()
    try:
        data = parse_json(read_bounded(source, SAVE_LIMIT, "the saved game"), "the saved game")
    except DataError as exc:
        raise SaveError(f"{source}: {exc}", exc.code) from exc
    return snapshot_from_json(data, people=people)


def load_or_set_aside(
    path: StrPath | None = None, *, replay: bool = True, keep_aside: bool = True, people: int = 1
) -> tuple[GameSnapshot | None, Problem | None, Path | None]:
    """The saved game if there is a good one: (snapshot, problem, set-aside path).

    No save: (None, None, None). A save that cannot be read or (with *replay*)
    does not replay is moved aside as ``<name>.<time>.bad`` (never overwritten)
    and reported: (None, Problem(code, detail), new path). One the system will
    not let the game read is moved aside too: a new game saved over it would
    lose it. With *keep_aside* False (a read-only run) nothing is moved.
    """
    source = Path(path) if path is not None else save_path()
    try:
        snap = load_game(source, people=people)
        if replay:
            restore(snap)
    except FileNotFoundError:
        return None, None, None
    except SaveError as exc:
        problem = Problem(exc.code, str(exc))
    except Exception as exc:  # the last guard: no save may stop the game from starting
        problem = Problem("corrupt", f"the saved game could not be read: {exc!r}")
    else:
        return snap, None, None
    if not keep_aside:
        return None, problem, None
    try:
        aside: Path | None = set_aside(source)
    except OSError as move_error:
        aside = None
        problem = Problem(
            problem.code,
            f"{problem.detail} (could not set the file aside: {move_error.strerror})",
        )
    return None, problem, aside


def delete_save(path: StrPath | None = None) -> bool:
    """Remove the save after a finished game; False if there was none."""
    target = Path(path) if path is not None else save_path()
    try:
        target.unlink()
    except FileNotFoundError:
        return False
    return True
