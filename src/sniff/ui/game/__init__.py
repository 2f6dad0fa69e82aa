"""The game screen, split by job: the voice (what is said), the cursor (tile and
end), the acting keys, the bots' turns and hints, the keys, the drawing, and
the screen that ties them together."""
