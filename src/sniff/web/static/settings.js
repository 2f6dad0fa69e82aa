// What the page keeps in the browser: the player's name and choices (pace, how
// much is said, the page's own voice and its rate), in localStorage. A browser that
// keeps nothing (private windows may refuse) still plays: the choices last until
// the page closes.

// Seconds a step waits, to be heard, before the page tells the server so (the pace
// chosen on the start page, by its index).
export const PACE_SECONDS = [0, 0.5, 1, 2, 3];

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
