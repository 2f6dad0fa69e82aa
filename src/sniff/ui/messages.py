"""The message area under the table: what was said, newest at the bottom, and the footer.

Everything on screen is also spoken; this is for sighted and low-vision
players, and for [ and ] (Page Up, Page Down), which walk through the
history and show the message reached.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension

from sniff.announce import Utterance
from sniff.announce.game_ui import GameTexts
from sniff.i18n import Translator
from sniff.output.router import Output
from sniff.ui.base import Screen

__all__ = ["MESSAGES_SHOWN", "MessageArea"]

#: Messages handed to the message area (more than fit: it shows the newest).
MESSAGES_SHOWN = 12


class MessageArea:
    """The messages window and the footer line."""

    def __init__(
        self, output: Output, top: Callable[[], Screen | None], translator: Translator
    ) -> None:
        self.output = output
        self.top = top
        self.translator = translator

    def messages(self) -> Window:
        return Window(
            FormattedTextControl(
                self._message_text, get_cursor_position=self._message_cursor, show_cursor=False
            ),
            wrap_lines=True,
            height=self._message_height,
        )

    def footer(self) -> Window:
        return Window(FormattedTextControl(self._footer), height=1)

    def _shown_messages(self) -> list[Utterance]:
        """The messages in the message area: the newest, or up to the one [ or ] reached."""
        output = self.output
        history = output.history
        end = len(history) if output.position is None else output.position + 1
        return history[max(0, end - MESSAGES_SHOWN) : end]

    def _message_text(self) -> StyleAndTextTuples:
        shown = self._shown_messages()
        out: StyleAndTextTuples = []
        stepping = self.output.position is not None
        for i, utterance in enumerate(shown):
            last = i == len(shown) - 1
            style = "class:selected" if stepping and last else "class:message"
            out.append((style, utterance.text + ("" if last else "\n")))
        return out

    def _message_cursor(self) -> Point:
        """The end of the newest message shown: the window scrolls to keep it in view."""
        shown = self._shown_messages()
        if not shown:
            return Point(x=0, y=0)
        return Point(x=len(shown[-1].text), y=len(shown) - 1)

    def _message_height(self) -> Dimension:
        wish = getattr(self.top(), "message_rows", None)
        if callable(wish):
            rows = wish()
            if isinstance(rows, int):
                return Dimension.exact(max(2, rows))
        return Dimension(min=2, preferred=3, max=3)

    def _footer(self) -> StyleAndTextTuples:
        return [("class:footer", GameTexts(self.translator).screen_help())]
