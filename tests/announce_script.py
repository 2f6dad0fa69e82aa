"""A scripted round for the golden transcripts and the benchmark (shared by tests)."""

from __future__ import annotations

from sniff.announce import Announcer, Utterance
from sniff.engine import (
    PASS,
    Deal,
    Drew,
    Game,
    Move,
    Phase,
    ScriptedDealer,
    Tile,
    observe,
    preset,
)
from sniff.i18n import translator


def _tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in text.split())


DEAL = Deal(
    hands=(
        _tiles("5-5 5-0 4-1 6-2 3-3"),
        _tiles("6-4 5-3 2-1 6-6 1-0"),
        _tiles("4-4 6-3 2-0 3-1 5-2"),
    ),
    boneyard=_tiles("0-0 6-5 1-1 4-3 3-0 2-2 4-0 3-2 4-2 5-1 5-4 6-0 6-1"),
    leader=0,
)


def greedy(game: Game) -> object:
    """The fixed policy of the script: the first move that scores, else the first move."""
    moves = game.legal_moves()
    if moves:
        return max(moves, key=lambda m: game.layout.place(m.tile, m.end).count % 5 == 0)
    actions = game.legal_actions()
    return actions[0] if actions else PASS


def line(u: Utterance) -> str:
    """One transcript line: kind, interrupt mark, cue with its end and points, text."""
    cue = u.cue or "-"
    if u.end:
        cue += "@" + u.end
    if u.points:
        cue += f":{u.points}"
    return f"{u.kind:<10} {'!' if u.interrupt else '.'} {cue:<16} | {u.text}"


def transcript(language: str, verbosity: str) -> list[str]:
    """Seat 0's announcements of the scripted round, with queries at fixed points."""
    game = Game(preset("sniff"), 3, dealer=ScriptedDealer([DEAL]), seed=0)
    names = ("Ada", "Anna", "Bob")
    ann = Announcer(0, translator(language), player_names=names, verbosity=verbosity)  # type: ignore[arg-type]
    out: list[str] = []

    def say(us: list[Utterance]) -> None:
        out.extend(line(u) for u in us)

    say(ann.on_events([game.log[0]], observe(game, 0)))
    queried = False
    while game.phase is Phase.PLAY:
        obs = observe(game, 0)
        if obs.my_turn and obs.layout.lead is not None and not queried:
            queried = True
            say(
                [
                    ann.answers.hand(obs),
                    ann.answers.ends(obs),
                    ann.answers.count(obs),
                    ann.answers.layout(obs),
                ]
            )
            say([ann.answers.tile_choice(obs, t) for t in obs.hand])
            say([ann.answers.preview(obs, m) for m in obs.legal if isinstance(m, Move)])
            refused = game.refusal(PASS)
            if refused is not None:
                say([ann.refusals.refusal(refused, obs)])
        # A bot's turn is said at once, its draws folded into the play or pass that ends
        # it (as the game's bot runner does); the player's own actions one by one.
        actor = game.current
        events = game.apply(greedy(game))  # type: ignore[arg-type]
        while actor != 0 and game.phase is Phase.PLAY and game.current == actor and events:
            if not isinstance(events[-1], Drew):
                break
            events += game.apply(greedy(game))  # type: ignore[arg-type]
        say(ann.on_events(events, observe(game, 0)))
    obs = observe(game, 0)
    say(
        [
            ann.answers.scores(obs),
            ann.answers.boneyard(obs),
            ann.answers.unseen(obs)[0],
            ann.answers.history(obs),
            ann.answers.turn(obs),
        ]
    )
    return out
