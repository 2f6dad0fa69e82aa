"""A yes/no question: Y or Enter says yes (J too in German), N or Escape says no."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from prompt_toolkit.layout import HSplit, Window
from prompt_toolkit.layout.containers import AnyContainer
from prompt_toolkit.layout.dimension import Dimension

from sniff.announce import Utterance
from sniff.announce.keys import KeyTexts
from sniff.i18n import Translator
from sniff.ui.base import Binding
from sniff.ui.messages import WrappedText

if TYPE_CHECKING:
    from sniff.ui.app import SniffApp

__all__ = ["ConfirmScreen", "yes_keys_of"]

#: The most rows a question takes on screen (it is spoken whole in any case).
_QUESTION_ROWS = 6


class ConfirmScreen:
    """A yes/no question: Y or Enter says yes (J too in German), N or Escape says no.

    *escape* ``"yes"`` makes Escape say yes (a question whose yes keeps
    everything as it is); *others_no*: any other key says no as well.
    """

    modal = True

    def __init__(
        self,
        host: SniffApp,
        question: Utterance,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        *,
        escape: str = "no",
        others_no: bool = False,
    ) -> None:
        self.host = host
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.escape = escape
        self.others_no = others_no
        self.below = host.top  # drawn above the question, so the table stays in view

    @property
    def keys(self) -> KeyTexts:
        """Key names in the language spoken now (read, never kept)."""
        return KeyTexts(self.host.ctx.translator)

    def bindings(self) -> list[Binding]:
        keys = self.keys
        yes_keys = (*yes_keys_of(self.host.ctx.translator), "enter")
        no_keys: tuple[str, ...] = ("n",)
        if self.escape == "yes":
            yes_keys += ("escape",)
        else:
            no_keys += ("escape",)
        return [
            Binding(yes_keys, lambda: keys.label(*yes_keys), keys.yes, self._yes),
            Binding(no_keys, lambda: keys.label(*no_keys), keys.no, self._no),
        ]

    def _yes(self) -> None:
        self.host.dismiss(self, announce=False)
        self.on_yes()
        self.host.exit_if_empty()

    def _no(self) -> None:
        self.host.dismiss(self, announce=self.on_no is None)
        if self.on_no is not None:
            self.on_no()
        self.host.exit_if_empty()

    def container(self) -> AnyContainer:
        # As many rows as the question takes (a long one at a large font), at least two.
        question = Window(
            WrappedText(lambda: [("class:question", self.question.text)]),
            height=Dimension(min=2, max=_QUESTION_ROWS),
        )
        if self.below is None:
            return question
        return HSplit([self.below.container(), question])

    def message_rows(self) -> int | None:
        """The screen below's message rows, less the question's two."""
        wish = getattr(self.below, "message_rows", None)
        rows = wish() if callable(wish) else None
        return rows - 2 if isinstance(rows, int) else None

    def shown_texts(self) -> tuple[str, ...]:
        """The question is drawn here: the message area does not show it again."""
        return (self.question.text,)

    def enter(self) -> None:
        self.host.ctx.output.say(self.question)

    def unbound_key(self, key: str) -> bool:
        if self.others_no:
            self._no()
            return True
        return False


def yes_keys_of(tr: Translator) -> tuple[str, ...]:
    """The letter keys that say yes: Y, and J in German ("ja")."""
    return ("y", "j") if tr.language.startswith("de") else ("y",)
