// What the page keeps in the browser: the player's name and choices (pace, how
// much is said, the page's own voice and its rate), in localStorage. A browser that
// keeps nothing (private windows may refuse) still plays: the choices last until
// the page closes.

// The game's own times, as the server sent them with the page (no game-flow constant
// is written here): "pace", the seconds a step may wait to be heard before the page
// tells the server (the choice on the start page, by its index); "retry", the waits
// between tries after a dropped connection; "longest_wait", the most the table waits
// for a step to be heard; "heard_every", the least time between two "heard" messages.
// "codes": how the server reads a table's code (its characters and look-alikes).
const data = JSON.parse(document.getElementById("sniff-data").textContent);
export const timing = data.timing;
export const codes = data.codes;
export const PACE_SECONDS = timing.pace;

export const store = {
  get(key, fallback) {
    try {
      const value = window.localStorage.getItem(`sniff-${key}`);
      return value === null ? fallback : value;
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      window.localStorage.setItem(`sniff-${key}`, String(value));
    } catch {
      // settings that cannot be kept last until the page closes
    }
  },
};
