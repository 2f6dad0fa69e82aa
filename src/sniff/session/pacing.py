"""The bots' pace: a bot plays once what was said about the last play has been heard.

A fixed second was too short for speech (announcements took 2 to 3.5 times
longer), and too long for a player who listens fast. So a bot waits for the
later of two moments: the player's pace setting (from the last announcement
on) and the end of the speech. Where the output can tell whether it still
speaks, that is asked; where it cannot (a screen reader that does not say),
the estimate of how long the words take stands in. A stuck output never
stalls the game: no wait is longer than :data:`LONGEST_WAIT`.

>>> pace = Pace(1.0)
>>> pace.remaining(started=0.0, now=0.4, speaking=False, estimate=0.0)
0.6
>>> pace.remaining(started=0.0, now=1.5, speaking=True, estimate=3.0) == POLL
True
>>> pace.remaining(started=0.0, now=1.5, speaking=None, estimate=3.0)
1.5
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LONGEST_WAIT", "POLL", "Pace"]

#: How often to look again while the output says it is still speaking.
POLL = 0.05
#: The most a bot ever waits for speech to end.
LONGEST_WAIT = 20.0


@dataclass
class Pace:
    """*minimum*: the player's pace setting, in seconds per bot turn."""

    minimum: float

    def remaining(
        self, *, started: float, now: float, speaking: bool | None, estimate: float
    ) -> float:
        """Seconds still to wait before the next bot plays (0: play now).

        *started* is when the last announcement began, *speaking* what the
        output says of itself (None: it cannot tell), *estimate* how long the
        announcement takes to say.
        """
        waited = now - started
        if waited >= LONGEST_WAIT:
            return 0.0
        floor = max(0.0, self.minimum - waited)
        if speaking:
            return max(floor, POLL)
        if speaking is None:
            floor = max(floor, estimate - waited)
        return round(max(0.0, floor), 6)
