"""What every screen of the keyboard game shares: output, bindings, the host.

Data flows one way: keys -> a screen's binding -> a controller -> the engine;
events -> the announcer -> :class:`Output` -> speech, braille, earcons and the
message history that the screen shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from sniff.output.router import Output

if TYPE_CHECKING:
    from prompt_toolkit.layout.containers import AnyContainer

    from sniff.i18n import Translator
    from sniff.storage.settings import Settings


@dataclass(frozen=True)
class Binding:
    """One key binding of a screen, described in the player's language.

    *keys* are prompt_toolkit key names (``"left"``, ``"c-s"``, ``"f1"``,
    ``"d"``); *label* says the key aloud ("Control S"); *description* says
    what it does. Help (F1) is built from these, so every binding speaks.
    """

    keys: tuple[str, ...]
    label: Callable[[], str]
    description: Callable[[], str]
    handler: Callable[[], None]
    group: str = "game"


#: ``menu(host, on_done)``: the setup menu over the game; *on_done(settings, action)*
#: is told how it was left ("back", "new-game", "practice" or "learn").
MenuOpener = Callable[["Host", Callable[["Settings", str], None]], "Screen"]
#: ``lessons(app)``: the list of lessons; *app* is the application
#: (``sniff.ui.app.SniffApp``), whose timers and dialogs the lessons use.
LessonsOpener = Callable[[Any], "Screen"]


@dataclass
class Openers:
    """The screens opened over the game, made when they are first asked for.

    The program's entry point (``sniff.commands``) provides them and imports
    their modules only then, so the first spoken prompt does not wait for
    the setup menu, practice and the lessons to load. None: not offered here.
    """

    menu: MenuOpener | None = None
    lessons: LessonsOpener | None = None


@dataclass
class UiContext:
    """What the screens share."""

    settings: Settings
    translator: Translator
    output: Output
    extra: dict[str, object] = field(default_factory=dict)
    openers: Openers = field(default_factory=Openers)


class Screen(Protocol):
    """A screen of the app: the game, the setup menu, practice, help.

    Beside these methods a screen may have ``modal`` (no Q: a question),
    ``quit_question()`` (its own words before quitting), ``message_rows()`` (how
    tall the message area under it is) and ``shown_texts()``: what it draws
    itself of what was said (a question), which the message area then leaves
    out, so that nothing is on screen twice. Whatever a screen says, it reads
    the words from ``host.ctx.translator`` when it says them: the setup menu
    may change the language while any screen is open.
    """

    def bindings(self) -> list[Binding]:
        """Its key bindings, each with a spoken label and description."""
        ...

    def container(self) -> AnyContainer:
        """What the full-screen layout shows for it."""
        ...

    def enter(self) -> None:
        """Called when the screen is shown: say where the player is."""
        ...

    def unbound_key(self, key: str) -> bool:
        """A key no binding took (digits, letters): True if the screen used it."""
        ...


class Host(Protocol):
    """The application as the screens see it."""

    ctx: UiContext

    def show(self, screen: Screen) -> None:
        """Put *screen* on top and announce it."""
        ...

    def back(self) -> None:
        """Leave the top screen (Escape), back to the one below."""
        ...

    def exit(self) -> None:
        """End the program (after saving what must be saved)."""
        ...

    def invalidate(self) -> None:
        """Redraw the screen."""
        ...
