"""What the full screen shows: the application's layout drawn into rows of text.

Not a test module: tests import :func:`drawn` to read the screen as a sighted
player would, after the keys they pressed.
"""

from __future__ import annotations

from prompt_toolkit.application.current import set_app
from prompt_toolkit.layout.mouse_handlers import MouseHandlers
from prompt_toolkit.layout.screen import Screen, WritePosition

from sniff.ui.app import SniffApp


def drawn(app: SniffApp) -> list[str]:
    """The rows the full screen shows now (at the size of the application's output,
    which the game's table is drawn for), trailing spaces removed."""
    screen = Screen()
    application = app.application
    size = application.output.get_size()
    width, height = size.columns, size.rows
    with set_app(application):
        application.layout.container.write_to_screen(
            screen,
            MouseHandlers(),
            WritePosition(xpos=0, ypos=0, width=width, height=height),
            parent_style="",
            erase_bg=False,
            z_index=None,
        )
        screen.draw_all_floats()
    rows = []
    for y in range(height):
        row = screen.data_buffer[y]
        rows.append("".join(row[x].char for x in range(width)).rstrip())
    return rows
