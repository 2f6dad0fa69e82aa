"""The game screen's controller: keys in, engine actions and announcements out.

It knows nothing of prompt_toolkit: bindings call its methods, the bots'
turns (:mod:`sniff.ui.turns`) call :meth:`GameController.apply_bot`, and
everything the player hears goes through the shared :class:`~sniff.ui.base.Output`.
Every action goes through a :class:`~sniff.storage.SaveState`, so the game
can be saved at any moment and resumed exactly.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sniff.announce import Announcer, Utterance
from sniff.announce.game_ui import GameTexts, bot_name
from sniff.bots import Bot
from sniff.engine import (
    DRAW,
    PASS,
    Action,
    CallMuggins,
    Claim,
    End,
    Event,
    Game,
    Move,
    Observation,
    Phase,
    Tile,
    observe,
    tile_moves,
)
from sniff.i18n import Translator
from sniff.storage import (
    GameSnapshot,
    SaveError,
    SaveState,
    delete_save,
    record_game,
    save_game,
    save_settings,
)
from sniff.storage.settings import Settings
from sniff.ui.base import UiContext

if TYPE_CHECKING:
    from sniff.ui.game import RecordSink

__all__ = ["HUMAN", "GameController"]

HUMAN = 0  # the player at the keyboard always sits in seat 0
AUTOSAVE_EVERY = 3  # the player's actions between automatic saves
HISTORY_SAVED = 30  # messages kept in a save, for [ and ] after resuming
VERBOSITIES = ("brief", "normal", "verbose")
RATE_STEP = 20
DEFAULT_RATE = 175
_ACTIVE = (Phase.PLAY, Phase.CLAIM, Phase.MUGGINS)


class GameController:
    """One game by keys: the selection, the chosen end, claims, hints, saving."""

    def __init__(
        self,
        ctx: UiContext,
        state: SaveState,
        bots: dict[int, Bot],
        *,
        ui: dict[str, Any] | None = None,
        save_path: Path | None = None,
        record: RecordSink | None = None,
        resumed: bool = False,
    ) -> None:
        self.ctx = ctx
        self.state = state
        self.bots = bots
        self.save_path = save_path
        self.record = record
        self.resumed = resumed
        self.output = ctx.output
        self.set_translator(ctx.translator, catch_up=False)
        self.bot_states: dict[int, Any] = {
            seat: rng_of(bot).getstate() for seat, bot in bots.items()
        }
        ui = ui or {}
        self.hints_used = int(ui.get("hints", 0))
        self.human_actions = int(ui.get("human_actions", 0))
        self.selected: Tile | None = _tile_or_none(ui.get("selection"))
        self.end_index = 0
        self.claim_digits = ""
        self.pending_digit: str | None = None
        self._digit_token = 0
        self.finished = False
        self.started = False
        self.closed = False
        self.on_change: Callable[[], None] | None = None
        self.after_action: Callable[[], None] | None = None  # starts the bots' turns
        self.call_later: Callable[[float, Callable[[], None]], object] | None = None
        self.digit_timeout = 1.0
        self.new_game_factory: Callable[[], None] | None = None
        self._record_failed = False
        if self.selected not in self.hand:
            self.selected = self.hand[0] if self.hand else None

    def set_translator(self, tr: Translator, *, catch_up: bool = True) -> None:
        """Speak *tr*'s language from now on (the setup menu may change it)."""
        self.tr = tr
        self.texts = GameTexts(tr)
        names = [self.texts.you()]
        for seat in range(1, self.state.game.players):
            # The record's names (older saves named bots after their level).
            names.append(self.state.players[seat].name or bot_name(seat))
        self.names = names
        self.announcer = Announcer(
            HUMAN, tr, player_names=names, verbosity=_verbosity(self.ctx.settings.verbosity)
        )
        if catch_up:
            # The announcer follows the layout through events: let it catch up quietly.
            game = self.game
            self.announcer.on_events(game.log[game.round_start :], self.obs())

    # -- reading -----------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def hand(self) -> list[Tile]:
        return self.game.hands[HUMAN]

    def obs(self) -> Observation:
        """What the player may know now."""
        return observe(self.game, HUMAN)

    def my_turn(self) -> bool:
        return self.game.phase in _ACTIVE and self.game.current == HUMAN

    def bot_to_act(self) -> bool:
        """Whether a computer player acts next."""
        return (
            not self.closed and self.game.phase in _ACTIVE and self.game.current != HUMAN
        ) and self.game.current in self.bots

    def choices(self, tile: Tile | None = None) -> list[Move]:
        """Where the selected tile (or *tile*) may go: the Up/Down list."""
        tile = tile if tile is not None else self.selected
        if tile is None:
            return []
        game = self.game
        if self.my_turn() and game.phase is Phase.PLAY:
            return [m for m in game.legal_moves() if m.tile == tile]
        return tile_moves(game.layout, tile, game.rules)

    def choices_all(self) -> list[Move]:
        """Every legal play of the player now (empty when it is not their turn)."""
        if self.my_turn() and self.game.phase is Phase.PLAY:
            return self.game.legal_moves()
        return []

    def chosen_move(self) -> Move | None:
        moves = self.choices()
        if not moves:
            return None
        return moves[self.end_index % len(moves)]

    def ui_dict(self) -> dict[str, Any]:
        """What the interface keeps in a save."""
        return {
            "selection": None if self.selected is None else str(self.selected),
            "hints": self.hints_used,
            "human_actions": self.human_actions,
            "record": None if self.record is None else str(self.record.path),
            "history": [u.text for u in self.output.history[-HISTORY_SAVED:]],
        }

    # -- speaking ----------------------------------------------------------------------

    def say(self, utterances: Utterance | Sequence[Utterance], *, quiet: bool = False) -> None:
        self.output.say(
            utterances if isinstance(utterances, Utterance) else list(utterances), quiet=quiet
        )
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def refuse(self, utterance: Utterance) -> None:
        """Say why nothing happened, with the invalid earcon."""
        if utterance.cue != "invalid":
            utterance = Utterance(utterance.text, True, "invalid", None, 0, "refusal")
        self.say(utterance)

    def not_your_turn(self) -> None:
        self.refuse(self.announcer.turn(self.obs()))

    def start(self) -> None:
        """The first words of this game (a new one: its deal; a resumed one: where it stands)."""
        self.started = True
        self._keep_selection()
        game = self.game
        obs = self.obs()
        scores = self.announcer.scores_list(game.scores)
        if self.resumed:
            # The announcer follows the layout through events: let it catch up quietly.
            self.announcer.on_events(game.log[game.round_start :], obs)
            self.say(self.texts.resumed(game.round_no, scores))
            if obs.phase in _ACTIVE and obs.layout.lead is not None:
                self.say(self.announcer.ends(obs))  # where the table stands
            self.say(self._situation(obs))
        else:
            self.say(self._new_game_words())
            self.say(self.announcer.on_events(game.log, obs))
            self._after_events()
        self._kick()

    def _new_game_words(self) -> Utterance:
        """ "New game: you and Anna (expert), to 200 points", the partner, the muggins rule."""
        game = self.game
        introduced = [self.names[HUMAN]]
        for seat in range(1, game.players):
            level = self.state.players[seat].level
            name = self.names[seat]
            introduced.append(self.texts.with_level(name, level) if level else name)
        partner = None
        mine = game.sides[game.side_of[HUMAN]]
        if len(mine) > 1:
            partner = self.names[next(seat for seat in mine if seat != HUMAN)]
        players = self.announcer.words.join(introduced)
        return self.texts.new_game(
            players, game.target, partner=partner, muggins=game.rules.muggins
        )

    def _situation(self, obs: Observation) -> list[Utterance]:
        if obs.phase is Phase.ROUND_OVER:
            return [self.texts.next_round_prompt()]
        if obs.phase is Phase.GAME_OVER:
            return [self.texts.game_over_prompt()]
        return [self.announcer.turn(obs)]

    def where(self) -> None:
        """Back on the game screen (after a menu or a question): whose turn."""
        self.say(self._situation(self.obs()))

    # -- acting ------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Utterance]:
        letting_go = self.game.current if action == CallMuggins(False) else None
        events = self.state.apply(action)
        self._write(events)
        said = self.announcer.on_events(events, self.obs())
        if letting_go is not None:
            # Letting a wrong claim go is no event: say it here, before what follows.
            said.insert(0, self.announcer.muggins_let_go(letting_go))
        if said and said[-1].kind == "turn" and self.my_turn():
            # The muggins rule's questions say how to answer them.
            if self.game.phase is Phase.CLAIM:
                said.append(self.texts.claim_help())
            elif self.game.phase is Phase.MUGGINS:
                said.append(self.texts.muggins_help())
        return said

    def _write(self, events: Sequence[Event]) -> None:
        if self.record is None or self._record_failed:
            return
        try:
            self.record.write_all(events)
        except OSError as error:
            self._record_failed = True
            self.say(self.texts.record_failed(error.strerror or str(error)))

    def _human(self, action: Action) -> None:
        refusal = self.game.refusal(action)
        if refusal is not None:
            self.refuse(self.announcer.refusal(refusal, self.obs()))
            return
        self.say(self._apply(action))
        self.human_actions += 1
        self.end_index = 0
        self._keep_selection()
        if self.human_actions % AUTOSAVE_EVERY == 0:
            self.save(quiet=True)
        self._after_events()
        self._kick()

    def apply_bot(self, action: Action) -> list[Utterance]:
        """A computer player's action: applied, written, and its words returned."""
        said = self._apply(action)
        if self.game.phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
            said += self._end_words()
        return said

    def after_bots(self) -> None:
        """After the bots' turns: save at a round's end, finish a game."""
        self._keep_selection()
        self._after_events(speak=False)

    def _end_words(self) -> list[Utterance]:
        if self.game.phase is Phase.ROUND_OVER:
            return [self.texts.next_round_prompt()]
        return [self.texts.game_over_prompt()]

    def _after_events(self, *, speak: bool = True) -> None:
        phase = self.game.phase
        if phase is Phase.ROUND_OVER:
            if speak:
                self.say(self.texts.next_round_prompt())
            self.save(quiet=True)
        elif phase is Phase.GAME_OVER:
            if speak:
                self.say(self.texts.game_over_prompt())
            self._finish()
        self._changed()

    def _kick(self) -> None:
        if self.after_action is not None and self.bot_to_act():
            self.after_action()

    def _finish(self) -> None:
        """A game over: statistics, no more save, the record closed."""
        if self.finished:
            return
        self.finished = True
        game = self.game
        if game.winner is not None:
            # Statistics are a nicety: never stop the game for them.
            with contextlib.suppress(OSError):
                record_game(
                    game.rules.preset,
                    game.players,
                    scores=game.scores,
                    side=game.side_of[HUMAN],
                    winner=game.winner,
                    rounds=game.round_no,
                    hints=self.hints_used,
                )
        with contextlib.suppress(OSError):
            delete_save(self.save_path)
        if self.record is not None:
            self.record.close()

    # -- the keys ----------------------------------------------------------------------

    def move_selection(self, delta: int | None = None, *, to: int | None = None) -> None:
        """Left/Right (delta), Home/End (to: 0 or -1)."""
        self.cancel_digit()
        hand = self.hand
        if not hand:
            self.refuse(self.texts.empty_hand())
            return
        if to is not None:
            index = to % len(hand)
        else:
            current = hand.index(self.selected) if self.selected in hand else 0
            index = current + (delta or 0)
            if not 0 <= index < len(hand):
                # At the edge: say so rather than the same tile again.
                self.refuse(self.texts.hand_edge(last=index >= len(hand)))
                return
        self.select(hand[index])

    def select(self, tile: Tile) -> None:
        self.selected = tile
        self.end_index = 0
        said = self.announcer.tile_choice(self.obs(), tile)
        hand = self.hand
        if self.announcer.verbosity != "brief" and tile in hand and len(hand) > 1:
            where = self.texts.position(hand.index(tile) + 1, len(hand))
            said = Utterance(
                f"{said.text} {where}", said.interrupt, said.cue, said.end, said.points, said.kind
            )
        self.say(said)

    def cycle_end(self, delta: int) -> None:
        """Up/Down: the next end for the selected tile, with a preview."""
        self.cancel_digit()
        tile = self.selected
        if tile is None:
            self.refuse(self.texts.empty_hand())
            return
        moves = self.choices()
        obs = self.obs()
        if not moves:
            self.refuse(self.announcer.tile_choice(obs, tile))
            return
        if len(moves) == 1:
            # Only one end: the preview alone (it names the end and the count).
            self.end_index = 0
            self.say(self.announcer.preview(obs, moves[0]))
            return
        self.end_index = (self.end_index + delta) % len(moves)
        move = moves[self.end_index]
        preview = self.announcer.preview(obs, move)
        if move.endwise:
            preview = Utterance(
                f"{self.texts.lengthwise().capitalize()}: {preview.text}",
                True,
                preview.cue,
                preview.end,
                preview.points,
                preview.kind,
            )
        self.say(preview)

    def enter(self) -> None:
        """Enter: play, claim, call muggins, deal the next round or start a new game."""
        self.cancel_digit()
        game = self.game
        phase = game.phase
        if phase is Phase.ROUND_OVER:
            self.next_round()
        elif phase is Phase.GAME_OVER:
            self.new_game()
        elif not self.my_turn():
            self.not_your_turn()
        elif phase is Phase.CLAIM:
            self.submit_claim()
        elif phase is Phase.MUGGINS:
            self._human(CallMuggins(True))
        else:
            self.play_selected()

    def play_selected(self) -> None:
        tile = self.selected
        if tile is None:
            self.refuse(self.texts.empty_hand())
            return
        move = self.chosen_move()
        if move is None:
            layout = self.game.layout
            ends = layout.open_ends()
            end = End.LEAD if layout.lead is None or not ends else ends[0][0]
            move = Move(tile, end)
        self._human(move)

    def draw(self) -> None:
        self.cancel_digit()
        if self.game.phase in _ACTIVE and not self.my_turn():
            self.not_your_turn()
            return
        self._human(DRAW)

    def pass_turn(self) -> None:
        self.cancel_digit()
        if self.game.phase in _ACTIVE and not self.my_turn():
            self.not_your_turn()
            return
        self._human(PASS)

    def muggins(self, call: bool) -> None:
        """Y / N: call muggins on a wrong claim, or let it go."""
        if self.game.phase is not Phase.MUGGINS or not self.my_turn():
            self.refuse(self.texts.not_claiming())
            return
        self._human(CallMuggins(call))

    def next_round(self) -> None:
        game = self.game
        start = len(game.log)
        game.next_round()
        events = game.log[start:]
        self._write(events)
        self.end_index = 0
        self.say(self.announcer.on_events(events, self.obs()))
        self._keep_selection()
        self._kick()

    def new_game(self) -> None:
        """A new game with the same players and rules (asked for after a game over)."""
        if self.new_game_factory is not None:
            self.new_game_factory()

    # -- digits: jumping to a tile, typing a claim --------------------------------------------

    def digit(self, char: str) -> None:
        game = self.game
        if game.phase is Phase.CLAIM and self.my_turn():
            if len(self.claim_digits) < 3:
                self.claim_digits += char
            self.say(self.texts.claim_typed(self.claim_digits))
            return
        hand = self.hand
        if not hand:
            self.refuse(self.texts.empty_hand())
            return
        top = self.game.rules.max_pip
        if self.pending_digit is not None:
            first, self.pending_digit = int(self.pending_digit), None
            self._digit_token += 1
            second = int(char)
            if max(first, second) > top:
                self.refuse(self.texts.not_in_set(max(first, second), top))
                return
            tile = Tile.of(first, second)
            if tile in hand:
                self.select(tile)
            else:
                self.refuse(self.texts.not_holding(tile))
            return
        if int(char) > top:
            self.refuse(self.texts.not_in_set(int(char), top))
            return
        self.pending_digit = char
        self._digit_token += 1
        token = self._digit_token
        if self.call_later is not None:
            # A short echo, so the player knows the first number arrived.
            self.say(self.texts.first_digit(int(char)))
            self.call_later(self.digit_timeout, lambda: self._digit_alone(token))
        else:
            self._digit_alone(token)

    def _digit_alone(self, token: int) -> None:
        """One digit and no second in time: the first tile that shows it."""
        if token != self._digit_token or self.pending_digit is None or self.closed:
            return
        pip = int(self.pending_digit)
        self.pending_digit = None
        tiles = [t for t in self.hand if t.has(pip)]
        if not tiles:
            self.refuse(self.texts.no_tile_with(pip))
            return
        fitting = [t for t in tiles if self.choices(t)]
        self.select((fitting or tiles)[0])

    def cancel_digit(self) -> None:
        self.pending_digit = None
        self._digit_token += 1

    def backspace(self) -> bool:
        if self.game.phase is Phase.CLAIM and self.my_turn() and self.claim_digits:
            self.claim_digits = self.claim_digits[:-1]
            if self.claim_digits:
                self.say(self.texts.claim_typed(self.claim_digits))
            else:
                self.say(self.texts.claim_cleared())
            return True
        return False

    def submit_claim(self) -> None:
        points = int(self.claim_digits or "0")
        self.claim_digits = ""
        self._human(Claim(points))

    # -- settings by keys --------------------------------------------------------------

    def cycle_verbosity(self) -> None:
        current = self.announcer.verbosity
        level = VERBOSITIES[(VERBOSITIES.index(current) + 1) % len(VERBOSITIES)]
        self.announcer.verbosity = _verbosity(level)
        self._store_settings(verbosity=level)
        self.say(self.texts.verbosity(level))

    def change_rate(self, sign: int) -> None:
        voice = _voice_of(self.output.speech)
        if voice is None:
            self.refuse(self.texts.rate_fixed())
            return
        from sniff.storage.settings import RATE_RANGE

        rate = self.ctx.settings.voice_rate or DEFAULT_RATE
        rate = max(RATE_RANGE[0], min(RATE_RANGE[1], rate + sign * RATE_STEP))
        voice.set_rate(rate)
        self._store_settings(voice_rate=rate)
        self.say(self.texts.rate(rate))

    def _store_settings(self, **changes: Any) -> None:
        """Change a setting now and in the settings file (command-line values stay
        out of the file: they hold for this run only)."""
        self.ctx.settings = self.ctx.settings.with_changes(**changes)
        base = self.ctx.extra.get("file_settings")
        if isinstance(base, Settings):
            base = base.with_changes(**changes)
            self.ctx.extra["file_settings"] = base
            with contextlib.suppress(OSError):  # the change holds for this session
                save_settings(base)

    # -- saving ------------------------------------------------------------------------

    def snapshot(self) -> GameSnapshot:
        players = self.game.players
        states = tuple(self.bot_states.get(seat) for seat in range(players))
        return self.state.snapshot(bot_rng_states=states, ui=self.ui_dict())

    def save(self, *, quiet: bool = False) -> bool:
        """Write the save file; say so unless *quiet* (then only failures are said)."""
        if self.finished or self.game.phase is Phase.GAME_OVER:
            return False
        try:
            save_game(self.save_path, self.snapshot())
        except (SaveError, OSError) as error:
            detail = getattr(error, "strerror", None) or str(error)
            self.say(self.texts.save_failed(detail))
            return False
        if not quiet:
            self.say(self.texts.saved())
        return True

    def close(self) -> None:
        """Leaving the program: save a game in progress and close the record."""
        if self.closed:
            return
        self.save(quiet=True)
        self.closed = True
        if self.record is not None:
            self.record.close()

    def _keep_selection(self) -> None:
        """Keep the selection in the hand; on the player's turn, on a tile that fits.

        A drawn tile that must be played and a required lead are the only
        fitting tiles, so Enter plays them at once (on their only end, if one).
        Nothing is said: the turn prompt already tells how many tiles fit.
        """
        hand = self.hand
        if self.selected not in hand:
            self.end_index = 0
            self.selected = hand[0] if hand else None
        if not (self.my_turn() and self.game.phase is Phase.PLAY):
            return
        fitting = {m.tile for m in self.game.legal_moves()}
        if fitting and self.selected not in fitting:
            self.end_index = 0
            self.selected = next(t for t in hand if t in fitting)


def rng_of(bot: Bot) -> random.Random:
    """A bot's random generator (its state is saved with the game)."""
    rng = getattr(bot, "rng", None)
    if not isinstance(rng, random.Random):
        raise TypeError(f"a {bot.level} bot without a random generator cannot be saved")
    return rng


def _tile_or_none(value: object) -> Tile | None:
    if not isinstance(value, str):
        return None
    try:
        return Tile.parse(value)
    except ValueError:
        return None


def _verbosity(value: str) -> Any:
    return value if value in VERBOSITIES else "brief"


def _voice_of(speech: object) -> Any:
    """The speaking backend if its rate can be set, else None."""
    seen = 0
    while seen < 5:
        seen += 1
        inner = getattr(speech, "inner", None)
        if inner is not None:
            speech = inner
            continue
        active = getattr(speech, "active", None)
        if active is not None and active is not speech:
            speech = active
            continue
        break
    return speech if callable(getattr(speech, "set_rate", None)) else None
