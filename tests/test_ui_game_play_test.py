"""What the play-test asked of the game screen: selection, names, the table, messages."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from sniff.engine import End, Phase, Tile, preset
from sniff.storage import save_path
from sniff.ui.game.table import VERTICAL_SHOWN, table_rows
from test_ui_game_harness import Driver


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SNIFF_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_on_every_turn_of_the_player_the_selected_tile_fits_when_one_does() -> None:
    """A drawn tile to play and a required lead are selected at once: Enter plays them."""

    async def go() -> None:
        argv = ["--preset", "alle-fuenfe", "--bots", "random", "--seed", "4"]
        async with Driver(argv) as d:
            checked = forced = 0
            for _ in range(400):
                game = d.game
                if game.phase is Phase.GAME_OVER or checked >= 25:
                    break
                if d.my_turn() and game.phase is Phase.PLAY and game.legal_moves():
                    fitting = {m.tile for m in game.legal_moves()}
                    assert d.cursor.selected in fitting
                    checked += 1
                    if len(fitting) == 1:
                        forced += 1
                        # Enter alone plays the only tile that may go.
                        mark = len(game.log)
                        await d.press("enter")
                        assert len(game.log) > mark
                        continue
                assert await d.play_turn()
            assert checked >= 5

    asyncio.run(go())


def test_bots_have_names_and_the_partner_is_told() -> None:
    async def go() -> None:
        argv = ["--preset", "sniff-us", "--players", "4", "--bots", "random", "--seed", "2"]
        async with Driver(argv) as d:
            assert d.screen.voice.names[1:] == ["Anna", "Ben", "Clara"]
            first = next(t for t in d.texts if t.startswith("New game"))
            assert "Anna (random)" in first
            assert "Ben sits opposite you and is your partner." in first
            assert [p.name for p in d.session.state.players] == ["You", "Anna", "Ben", "Clara"]
            assert [p.level for p in d.session.state.players[1:]] == ["random"] * 3

    asyncio.run(go())


def test_the_new_game_message_tells_how_to_claim_under_the_muggins_rule() -> None:
    async def go() -> None:
        async with Driver(["--rule", "muggins=on", "--bots", "greedy", "--seed", "1"]) as d:
            first = next(t for t in d.texts if t.startswith("New game"))
            assert "muggins rule is on" in first
            assert "type the points you claim and press Enter" in first
            keys = {k for b in d.screen.bindings() for k in b.keys}
            assert {"y", "n"} <= keys
        save_path().unlink()  # no resume question for the next game
        async with Driver(["--bots", "greedy", "--seed", "1"]) as d:
            first = next(t for t in d.texts if t.startswith("New game"))
            assert "muggins" not in first.lower()
            keys = {k for b in d.screen.bindings() for k in b.keys}
            assert "y" not in keys  # help names no muggins keys when the rule is off

    asyncio.run(go())


def test_edges_of_the_hand_and_page_keys_for_the_history() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "5"]) as d:
            await d.press("home", "left")
            assert d.last() == "First tile."
            assert d.ctx.output.history[-1].cue == "invalid"
            await d.press("end", "right")
            assert d.last() == "Last tile."
            before = d.ctx.output.history[-2].text
            await d.press("pageup")
            assert d.last() == before
            await d.press("9")  # no 9 in a double-six set
            assert d.last() == "There is no 9 in double six."

    asyncio.run(go())


def test_the_message_area_shows_long_messages_wrapped_and_history_steps() -> None:
    async def go() -> None:
        async with Driver(["--bots", "greedy", "--seed", "5"]) as d:
            await d.press("f1")
            app = d.app.application
            # Render at 80x24 (the dummy terminal's size made 80x24) and read it back.
            from prompt_toolkit.data_structures import Size

            app.output.get_size = lambda: Size(rows=24, columns=80)  # type: ignore[method-assign]
            from prompt_toolkit.layout.mouse_handlers import MouseHandlers
            from prompt_toolkit.layout.screen import Screen, WritePosition

            screen = Screen()
            app.layout.container.write_to_screen(
                screen, MouseHandlers(), WritePosition(0, 0, 80, 24), "", False, None
            )
            screen.draw_all_floats()
            rows = [
                "".join(screen.data_buffer[y][x].char for x in range(80)).rstrip()
                for y in range(24)
            ]
            text = "\n".join(rows)
            help_text = d.ctx.output.history[-1].text
            # The end of the long help is on screen (wrapped, not cut at 80 columns).
            assert help_text[-30:].split()[-1] in text
            assert rows[-1].startswith("F1 help")

    asyncio.run(go())


def test_north_goes_up_and_south_goes_down_and_long_arms_keep_their_outer_tiles() -> None:
    from sniff.engine.layout import Layout

    layout = Layout.empty(preset("sniff").spinner)
    layout = layout.place(Tile.of(6, 6), End.LEAD)
    for tile, end in [
        (Tile.of(6, 5), End.WEST),
        (Tile.of(6, 4), End.EAST),
        (Tile.of(6, 1), End.NORTH),
        (Tile.of(1, 2), End.NORTH),
        (Tile.of(6, 3), End.SOUTH),
        (Tile.of(3, 2), End.SOUTH),
        (Tile.of(2, 0), End.SOUTH),
        (Tile.of(0, 4), End.SOUTH),
        (Tile.of(4, 5), End.SOUTH),
    ]:
        layout = layout.place(tile, end)
    rows = table_rows(layout, 80)
    main = next(i for i, row in enumerate(rows) if "[5|6]" in row)
    # North above the line, the outer tile on top; each on a row of its own.
    assert rows[main - 1].strip() == "|6|"
    assert rows[main - 3].strip() == "[2|1] N"
    assert rows[main - 2].strip() == "[1|6]"
    # South below, shortened: the outer tiles stay, "..." marks the cut.
    south = [row.strip() for row in rows[main + 2 :]]
    assert len(south) == VERTICAL_SHOWN
    assert south == ["...", "[0|4]", "[4|5] S"]
    # All vertical tiles stand in one column, under the sniff.
    column = rows[main - 1].index("|6|") + 1
    vertical = rows[: main - 1] + rows[main + 2 :]
    assert all(row.index("[") + 2 == column for row in vertical if "[" in row)
