// A key press as the game names it (the terminal game's names: "left", "enter",
// "f2", "d", "["), or null for a key the game has no use for.

const NAMED = {
  ArrowLeft: "left",
  ArrowRight: "right",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "home",
  End: "end",
  Enter: "enter",
  " ": "enter",
  Escape: "escape",
  Backspace: "backspace",
  F1: "f1",
  F2: "f2",
  "?": "f1",
  "[": "[",
  "]": "]",
  "/": "/",
};

export function keyOf(event) {
  if (event.key in NAMED) return NAMED[event.key];
  if (event.key.length === 1) {
    const key = event.key.toLowerCase();
    if (/^[a-z0-9]$/.test(key)) return key;
  }
  return null;
}
