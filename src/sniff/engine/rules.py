"""Rule systems as data: one frozen :class:`RuleSet`, six named presets.

Every option that shared/RULES.md names is a field here. A preset is simply a
named ``RuleSet``; a house rule is ``preset.with_changes(field=value)``.
Field values are plain strings, numbers and tuples so that a rule set writes
itself into a game record as JSON without any translation table.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from sniff.engine.tiles import SET_SIZES


class SpinnerMode(str, Enum):
    """How the first double (the sniff) lies and what it counts."""

    NONE = "none"
    SNIFF = "sniff"
    SNIFF_EXPOSED = "sniff-exposed"
    STUBBY = "stubby"


class Combination(str, Enum):
    """Which counts score."""

    FIVES = "fives"
    THREES = "threes"
    THREES_FIVES = "threes-fives"
    PRIMES = "primes"
    FIBS = "fibs"


class LeadRule(str, Enum):
    """Who leads a round, and with what."""

    ANY = "any"  # the leader (see next_leader) may lead any tile
    HIGHEST_DOUBLE = "highest-double"  # the holder of the highest double leads it


class NoDouble(str, Enum):
    """With ``LeadRule.HIGHEST_DOUBLE``: what happens when nobody holds a double."""

    REDEAL = "redeal"
    HEAVIEST = "heaviest"  # the holder of the heaviest tile leads it


class FirstLeader(str, Enum):
    """How the first leader of a game is chosen (with ``LeadRule.ANY``)."""

    LOT = "lot"
    DRAW_TILES = "draw-tiles"  # each draws a tile, the heaviest leads


class NextLeader(str, Enum):
    """Who leads the following rounds (with ``LeadRule.ANY``)."""

    ROTATE = "rotate"  # the next player round the table
    WINNER = "winner"  # who went out; after a blocked round, by lot


class RoundScoring(str, Enum):
    """How a round that ends by domino or block is scored."""

    OPPONENTS_PIPS = "opponents-pips"  # sniff, muggins
    WINNER_NET_FIVES = "winner-net-fives"  # domino-play
    SUBTRACT_OWN = "subtract-own"  # sniff-us, sniff-stubby
    WINNER_ROUNDED_HANDS = "winner-rounded-hands"  # alle-fuenfe


class Direction(str, Enum):
    """Which way play goes round the table. Seats are numbered clockwise round the
    table; the turn passes to seat + 1 (clockwise) or seat - 1 (counter-clockwise),
    and the lead's rotation and the muggins call go the same way."""

    CLOCKWISE = "clockwise"
    COUNTER_CLOCKWISE = "counter-clockwise"


class RulesProblem(str, Enum):
    """What is wrong with a rule set, a preset name or a player count: a stable code
    that the words layer (``sniff.announce.errors``) says in the player's language,
    with the :attr:`RulesError.values` it names."""

    UNKNOWN_PRESET = "unknown-preset"  # name, choices
    UNKNOWN_RULE = "unknown-rule"  # name
    UNKNOWN_TILE_SET = "unknown-tile-set"  # value, choices
    NOT_A_CHOICE = "not-a-choice"  # name, value, choices
    NOT_NUMBERS = "not-numbers"  # name, value
    ONE_OR_THREE = "one-or-three"  # name
    NOT_ON_OFF = "not-on-off"  # name, value
    NOT_WHOLE = "not-whole"  # name, value
    DRAW_LIMIT_VALUE = "draw-limit-value"  # value
    HAND_SIZES = "hand-sizes"  # (three positive numbers)
    TARGETS = "targets"  # (three positive numbers)
    POINTS_UNIT = "points-unit"  # (at least 1)
    DRAW_LIMIT = "draw-limit"  # (at least 1)
    PLAYERS = "players"  # tile_set, most, players
    TOO_FEW_TILES = "too-few-tiles"  # players, hand_size


class RulesError(ValueError):
    """A rule set, preset name or player count that cannot be played.

    The message is English, for logs; *problem* and *values* (the names and
    numbers concerned) are what a player is told, in their language.

    >>> try:
    ...     preset("nope")
    ... except RulesError as error:
    ...     refused = error
    >>> refused.problem.value, refused.values["name"]
    ('unknown-preset', 'nope')
    """

    def __init__(self, message: str, problem: RulesProblem, **values: object) -> None:
        super().__init__(message)
        self.problem = problem
        self.values = values


@dataclass(frozen=True)
class RuleSet:
    """Every rule of a Sniff game.

    ``hand_sizes`` and ``targets`` are indexed by player count: the first entry
    is for 2 players, the second for 3, the third for 4 or more.
    """

    preset: str = "sniff"
    tile_set: str = "double-six"
    hand_sizes: tuple[int, int, int] = (7, 5, 5)
    spinner: SpinnerMode = SpinnerMode.SNIFF
    scoring: Combination = Combination.FIVES
    points_unit: int = 1  # a scoring play earns count // points_unit (5 in domino-play)
    draw_limit: int | None = None  # None: draw until a tile plays; 2 in domino-play
    draw_while_playable: bool = False
    must_play_drawn: bool = True
    lead: LeadRule = LeadRule.ANY
    no_double: NoDouble = NoDouble.REDEAL
    first_leader: FirstLeader = FirstLeader.LOT
    next_leader: NextLeader = NextLeader.ROTATE
    leader_second_turn: bool = False
    round_scoring: RoundScoring = RoundScoring.OPPONENTS_PIPS
    targets: tuple[int, int, int] = (200, 200, 200)
    partnerships: bool = False
    direction: Direction = Direction.CLOCKWISE
    double_endwise: bool = False
    muggins: bool = False

    def __post_init__(self) -> None:
        if self.tile_set not in SET_SIZES:
            raise RulesError(
                f"unknown tile set {self.tile_set!r}",
                RulesProblem.UNKNOWN_TILE_SET,
                value=self.tile_set,
                choices=tuple(SET_SIZES),
            )
        if any(size < 1 for size in self.hand_sizes) or len(self.hand_sizes) != 3:
            raise RulesError("hand sizes must be three positive numbers", RulesProblem.HAND_SIZES)
        if len(self.targets) != 3 or any(t < 1 for t in self.targets):
            raise RulesError("targets must be three positive numbers", RulesProblem.TARGETS)
        if self.points_unit < 1:
            raise RulesError("the points unit must be at least 1", RulesProblem.POINTS_UNIT)
        if self.draw_limit is not None and self.draw_limit < 1:
            raise RulesError("the draw limit must be at least 1", RulesProblem.DRAW_LIMIT)

    @property
    def max_pip(self) -> int:
        return SET_SIZES[self.tile_set]

    @property
    def max_players(self) -> int:
        """Larger sets admit more players: 4, 6 or 8 for double-six, -nine, -twelve."""
        return {6: 4, 9: 6, 12: 8}[self.max_pip]

    def hand_size(self, players: int) -> int:
        return self.hand_sizes[min(players, 4) - 2]

    def target(self, players: int) -> int:
        return self.targets[min(players, 4) - 2]

    def sides(self, players: int) -> list[list[int]]:
        """Who scores together: partners sit opposite with 4 players."""
        if self.partnerships and players == 4:
            return [[0, 2], [1, 3]]
        return [[seat] for seat in range(players)]

    def check_players(self, players: int) -> None:
        """Raise :class:`RulesError` unless *players* can play this rule set."""
        if not 2 <= players <= self.max_players:
            raise RulesError(
                f"a {self.tile_set} set is played by 2 to {self.max_players} players, "
                f"not {players}",
                RulesProblem.PLAYERS,
                tile_set=self.tile_set,
                most=self.max_players,
                players=players,
            )
        tiles = (self.max_pip + 1) * (self.max_pip + 2) // 2
        if players * self.hand_size(players) > tiles:
            raise RulesError(
                f"{players} hands of {self.hand_size(players)} need more tiles",
                RulesProblem.TOO_FEW_TILES,
                players=players,
                hand_size=self.hand_size(players),
            )

    def with_changes(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed; strings are turned into the field's enum."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        converted: dict[str, Any] = {}
        for name, value in changes.items():
            if name not in fields:
                raise RulesError(f"unknown rule {name!r}", RulesProblem.UNKNOWN_RULE, name=name)
            converted[name] = _convert(name, value, getattr(self, name))
        return dataclasses.replace(self, **converted)

    def to_json(self) -> dict[str, Any]:
        """Every rule field by name, as JSON values."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RuleSet:
        """Read :meth:`to_json` output back; unknown keys are ignored."""
        base = PRESETS.get(str(data.get("preset", "sniff")), RuleSet())
        known = {f.name for f in dataclasses.fields(cls)}
        return base.with_changes(**{k: v for k, v in data.items() if k in known})


def _convert(name: str, value: Any, current: Any) -> Any:
    if isinstance(current, Enum) and not isinstance(value, Enum):
        try:
            return type(current)(value)
        except ValueError:
            choices = tuple(m.value for m in type(current))
            raise RulesError(
                f"{name} must be one of {', '.join(choices)}, not {value!r}",
                RulesProblem.NOT_A_CHOICE,
                name=name,
                value=value,
                choices=choices,
            ) from None
    if isinstance(current, tuple):
        # One number stands for 2, 3 and 4+ players alike; "7,6,5" gives each.
        if isinstance(value, str):
            value = [v for v in value.replace(" ", ",").split(",") if v]
        if isinstance(value, int):
            value = [value]
        try:
            numbers = tuple(int(v) for v in value)
        except (TypeError, ValueError):
            raise RulesError(
                f"{name} must be numbers, not {value!r}",
                RulesProblem.NOT_NUMBERS,
                name=name,
                value=value,
            ) from None
        if len(numbers) == 1:
            numbers = numbers * 3
        if len(numbers) != 3:
            raise RulesError(
                f"{name} takes one number or three (for 2, 3 and 4 players)",
                RulesProblem.ONE_OR_THREE,
                name=name,
            )
        return numbers
    if isinstance(current, bool):
        if isinstance(value, str):
            if value.lower() in ("1", "true", "yes", "on"):
                return True
            if value.lower() in ("0", "false", "no", "off"):
                return False
            raise RulesError(
                f"{name} must be on or off, not {value!r}",
                RulesProblem.NOT_ON_OFF,
                name=name,
                value=value,
            )
        return bool(value)
    if name == "draw_limit":
        if value in (None, "none", "unlimited", 0, "0"):
            return None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise RulesError(
                f"draw_limit must be a whole number, or none for no limit, not {value!r}",
                RulesProblem.DRAW_LIMIT_VALUE,
                value=value,
            ) from None
    if name == "preset":
        if value not in PRESETS:
            raise RulesError(
                f"preset must be one of {', '.join(PRESETS)}, not {value!r}",
                RulesProblem.NOT_A_CHOICE,
                name=name,
                value=value,
                choices=tuple(PRESETS),
            )
        return value
    if isinstance(current, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise RulesError(
                f"{name} must be a whole number, not {value!r}",
                RulesProblem.NOT_WHOLE,
                name=name,
                value=value,
            ) from None
    return value


_SNIFF = RuleSet()

PRESETS: dict[str, RuleSet] = {
    "sniff": _SNIFF,
    "muggins": dataclasses.replace(
        _SNIFF, preset="muggins", spinner=SpinnerMode.NONE, lead=LeadRule.HIGHEST_DOUBLE
    ),
    "domino-play": dataclasses.replace(
        _SNIFF,
        preset="domino-play",
        hand_sizes=(7, 6, 5),
        points_unit=5,
        draw_limit=2,
        round_scoring=RoundScoring.WINNER_NET_FIVES,
        targets=(60, 60, 60),
    ),
    "sniff-us": dataclasses.replace(
        _SNIFF,
        preset="sniff-us",
        hand_sizes=(7, 6, 5),
        spinner=SpinnerMode.SNIFF_EXPOSED,
        next_leader=NextLeader.WINNER,
        round_scoring=RoundScoring.SUBTRACT_OWN,
        targets=(250, 200, 200),
        partnerships=True,
    ),
    "sniff-stubby": dataclasses.replace(
        _SNIFF,
        preset="sniff-stubby",
        hand_sizes=(7, 6, 5),
        spinner=SpinnerMode.STUBBY,
        next_leader=NextLeader.WINNER,
        round_scoring=RoundScoring.SUBTRACT_OWN,
        targets=(250, 200, 200),
        partnerships=True,
    ),
    "alle-fuenfe": dataclasses.replace(
        _SNIFF,
        preset="alle-fuenfe",
        spinner=SpinnerMode.NONE,
        lead=LeadRule.HIGHEST_DOUBLE,
        no_double=NoDouble.HEAVIEST,
        leader_second_turn=True,
        round_scoring=RoundScoring.WINNER_ROUNDED_HANDS,
        targets=(100, 100, 100),
    ),
}


def preset(name: str) -> RuleSet:
    """The preset called *name*.

    >>> preset("sniff-us").spinner.value
    'sniff-exposed'
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(
            f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}",
            RulesProblem.UNKNOWN_PRESET,
            name=name,
            choices=tuple(PRESETS),
        ) from None
