"""A game in progress, without any interface: seats, bots, pacing, hints,
saving and recording hooks, and what happened since the player's last key.
The keyboard game, ``sniff simulate``, ``sniff replay`` and the tutorial all
play through it, so there is one game loop."""
