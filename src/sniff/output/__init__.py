"""What the player hears and reads: speech backends, earcons, and the router
that sends every announcement to them (with the message history)."""
