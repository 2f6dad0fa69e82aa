"""The message area under the table: what was said, newest at the bottom, and the footer.

Everything on screen is also spoken; this is for sighted and low-vision
players, and for [ and ] (Page Up, Page Down), which walk through the
history and show the message reached. Long messages break between words
(:class:`WrappedText`): prompt_toolkit's own wrapping cuts a word at the
window's edge, which a low-vision reader with a large font meets on every
line. A screen that shows a text in its own drawing (the question of a
yes/no screen) names it in ``shown_texts()``, and the message area leaves
it out, so nothing is on screen twice.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl, UIContent, UIControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.utils import get_cwidth

from sniff.announce import Utterance
from sniff.announce.game_ui import GameTexts
from sniff.i18n import Translator
from sniff.output.router import Output
from sniff.ui.base import Screen

__all__ = ["MESSAGES_SHOWN", "MessageArea", "WrappedText", "wrap_rows"]

#: Messages handed to the message area (more than fit: it shows the newest).
MESSAGES_SHOWN = 12


def wrap_rows(text: str, width: int) -> list[tuple[int, int]]:
    """Where one line of *text* breaks to fit *width* columns: ``(start, end)`` of
    each row. A row ends between words (the spaces there are not shown); only a
    word wider than a row is cut. A hyphen does not break: "five-three" is the
    name of one tile.

    >>> text = "Anna plays five-three on the west end"
    >>> [text[a:b] for a, b in wrap_rows(text, 16)]
    ['Anna plays', 'five-three on', 'the west end']
    """
    if width < 1 or get_cwidth(text) <= width:
        return [(0, len(text))]
    rows: list[tuple[int, int]] = []
    start = 0
    while start < len(text):
        used, index, cut = 0, start, None
        while index < len(text):
            used += get_cwidth(text[index])
            if used > width:
                break
            if text[index] == " ":
                cut = index  # the row may end before this space
            index += 1
        if index >= len(text):
            rows.append((start, len(text)))
            break
        if text[index] == " ":
            cut = index
        elif cut is None or cut <= start:
            cut = index  # a word wider than the row: cut it
        rows.append((start, len(text[start:cut].rstrip(" ")) + start))
        start = cut
        while start < len(text) and text[start] == " ":
            start += 1
    return rows


def _rows_of(line: StyleAndTextTuples, width: int) -> list[StyleAndTextTuples]:
    """One line of styled fragments as rows that fit *width*, styles kept."""
    text = "".join(fragment[1] for fragment in line)
    styles = [fragment[0] for fragment in line for _ in fragment[1]]
    rows: list[StyleAndTextTuples] = []
    for start, end in wrap_rows(text, width):
        row: StyleAndTextTuples = []
        for index in range(start, end):
            if row and row[-1][0] == styles[index]:
                row[-1] = (styles[index], row[-1][1] + text[index])
            else:
                row.append((styles[index], text[index]))
        rows.append(row)
    return rows


class WrappedText(UIControl):
    """Styled text broken between words at the window's width, the view kept on its
    end (the newest message) when it is taller than the window. Each line of the
    text (a message) is shown whole or not at all, but for the last: the top of
    the window never shows the stray end of an older message."""

    def __init__(self, text: Callable[[], StyleAndTextTuples]) -> None:
        self.text = text

    def _lines(self, width: int) -> list[list[StyleAndTextTuples]]:
        """The text's lines, each as the rows it takes at *width* columns."""
        lines: list[StyleAndTextTuples] = [[]]
        for style, text, *_ in self.text():
            for number, part in enumerate(text.split("\n")):
                if number:
                    lines.append([])
                if part:
                    lines[-1].append((style, part))
        return [_rows_of(line, width) for line in lines]

    def rows(self, width: int, height: int | None = None) -> list[StyleAndTextTuples]:
        """The rows shown at *width* columns: within *height*, whole lines from the end."""
        lines = self._lines(width)
        if height is not None:
            while len(lines) > 1 and sum(len(line) for line in lines) > height:
                lines.pop(0)
        return [row for line in lines for row in line]

    def create_content(self, width: int, height: int | None) -> UIContent:
        rows = self.rows(width, height)
        last = len(rows) - 1
        end = Point(x=sum(len(text) for _, text, *_ in rows[last]) if rows else 0, y=max(0, last))
        return UIContent(
            get_line=lambda number: rows[number],
            line_count=len(rows),
            cursor_position=end,
            show_cursor=False,
        )

    def preferred_height(
        self,
        width: int,
        max_available_height: int,
        wrap_lines: bool,
        get_line_prefix: object,
    ) -> int | None:
        return len(self.rows(width))


class MessageArea:
    """The messages window and the footer line."""

    def __init__(
        self,
        output: Output,
        top: Callable[[], Screen | None],
        translator: Callable[[], Translator],
    ) -> None:
        self.output = output
        self.top = top
        # Asked at each drawing: the language may change while the game runs.
        self.translator = translator

    def messages(self) -> Window:
        return Window(WrappedText(self._message_text), height=self._message_height)

    def footer(self) -> Window:
        return Window(FormattedTextControl(self._footer), height=1)

    def _shown_messages(self) -> list[Utterance]:
        """The messages in the message area: the newest, or up to the one [ or ] reached;
        not those the screen on top shows itself (a question), unless [ or ] reached one."""
        output = self.output
        history = output.history
        if output.position is not None:
            end = output.position + 1
            return history[max(0, end - MESSAGES_SHOWN) : end]
        own = getattr(self.top(), "shown_texts", None)
        shown = set(own()) if callable(own) else set()
        recent = history[-MESSAGES_SHOWN - len(shown) :]
        return [u for u in recent if u.text not in shown][-MESSAGES_SHOWN:]

    def _message_text(self) -> StyleAndTextTuples:
        shown = self._shown_messages()
        out: StyleAndTextTuples = []
        stepping = self.output.position is not None
        for i, utterance in enumerate(shown):
            last = i == len(shown) - 1
            style = "class:selected" if stepping and last else "class:message"
            out.append((style, utterance.text + ("" if last else "\n")))
        return out

    def _message_height(self) -> Dimension:
        wish = getattr(self.top(), "message_rows", None)
        if callable(wish):
            rows = wish()
            if isinstance(rows, int):
                return Dimension.exact(max(2, rows))
        return Dimension(min=2, preferred=3, max=3)

    def _footer(self) -> StyleAndTextTuples:
        return [("class:footer", GameTexts(self.translator()).screen_help())]
