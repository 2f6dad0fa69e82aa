// The page's connection to the server: the WebSocket at /ws on this same server,
// protocol 1 (docs/protocol.md); at /ws/K for a table whose code (or resume token)
// begins with K, so that a proxy in front of a server of several processes sends it
// to the table's (docs/online.md). The page says it wants the words ("words": true):
// every frame that changes the game is followed by a "say" frame with what to say
// and what to draw.
//
// The seat's resume token is kept for this tab (sessionStorage) and, per table, for
// this browser (localStorage): a reload, a dropped connection, or the table's
// address opened again after the tab was closed sits down at the same seat again
// and hears what it missed.
// A dropped connection is tried again with growing waits (about 30 seconds in
// all, as the terminal game does); then the page says so and offers to try again.

import { codes, timing } from "./settings.js";

const RETRY_WAITS = timing.retry;
const TOKEN_KEY = "sniff-seat";
const TABLE_KEY = "sniff-seat-";  // + the table's code, without its dash, in capitals

function tableKey(code) {
  return TABLE_KEY + String(code).replace(/[-\s]/g, "").toUpperCase();
}

function readSeat(storage, key) {
  try {
    const text = storage.getItem(key);
    const seat = text ? JSON.parse(text) : null;
    return seat && typeof seat.token === "string" && typeof seat.code === "string" ? seat : null;
  } catch {
    return null;
  }
}

// "/K" for a request that names a table (the first character of its code, read as
// the server reads codes, or of its resume token), "" for a new one.
function route(request) {
  let first = "";
  if (request && typeof request.code === "string") {
    first = request.code.replace(/[\s-]/g, "").slice(0, 1).toUpperCase();
    first = codes.aliases[first] || first;
  } else if (request && typeof request.token === "string") {
    first = request.token.slice(0, 1);
  }
  return first && codes.alphabet.includes(first) ? `/${first}` : "";
}

export class Link {
  constructor({ lang, verbosity, onFrame, onState }) {
    this.lang = lang;
    this.verbosity = verbosity;
    this.onFrame = onFrame;
    this.onState = onState;  // ("connecting" | "open" | "retrying" | "gave-up", seconds)
    this.ws = null;
    this.request = null;   // how to sit down: create, join, watch or resume
    this.seated = false;
    this.closing = false;
    this.tries = 0;
    this.retryTimer = null;
  }

  // -- the seat kept for this tab ------------------------------------------------

  // This tab's seat; or, for the table at *wanted* (a code), the seat this browser
  // holds there.
  static kept(wanted) {
    const mine = readSeat(window.sessionStorage, TOKEN_KEY);
    if (!wanted || (mine && tableKey(mine.code) === tableKey(wanted))) return mine;
    return readSeat(window.localStorage, tableKey(wanted));
  }

  keep(token, code) {
    const text = JSON.stringify({ token, code });
    try {
      window.sessionStorage.setItem(TOKEN_KEY, text);
      if (code) window.localStorage.setItem(tableKey(code), text);
    } catch {
      // A browser that keeps nothing: the seat is still ours until the tab closes.
    }
    this.request = { type: "resume", token };
  }

  // The seat is of no more use (the table ended, or the player left it): this tab's,
  // and this browser's at that table (*code*, or the tab's).
  static forget(code = null) {
    try {
      const seat = readSeat(window.sessionStorage, TOKEN_KEY);
      for (const table of [code, seat && seat.code]) {
        if (table) window.localStorage.removeItem(tableKey(table));
      }
      window.sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // nothing kept, nothing to forget
    }
  }

  // Another table is opened in this tab: its seat here is let go (the browser keeps it).
  static forgetTab() {
    try {
      window.sessionStorage.removeItem(TOKEN_KEY);
    } catch {
      // nothing kept, nothing to forget
    }
  }

  // -- connecting ------------------------------------------------------------------

  open(request) {
    this.request = request;
    this.closing = false;
    this.tries = 0;
    this.connect();
  }

  connect() {
    if (this.retryTimer !== null) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    this.onState("connecting");
    const ws = new WebSocket(`${scheme}//${window.location.host}/ws${route(this.request)}`);
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.send({ type: "hello", version: 1, lang: this.lang, verbosity: this.verbosity,
                  words: true, client: "sniff-web" });
      if (this.request) this.send(this.request);
    });
    ws.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame && typeof frame.type === "string") {
        if (frame.type === "seated" || frame.type === "state") {
          this.tries = 0;
          this.onState("open");
        }
        this.onFrame(frame);
      }
    });
    ws.addEventListener("close", () => {
      if (ws !== this.ws) return;
      this.ws = null;
      if (this.closing || !this.request || this.request.type !== "resume") {
        if (!this.closing) this.onState("closed");
        return;
      }
      this.retry();
    });
  }

  retry() {
    if (this.tries >= RETRY_WAITS.length) {
      this.onState("gave-up");
      return;
    }
    const wait = RETRY_WAITS[this.tries];
    this.tries += 1;
    this.onState("retrying", wait);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, wait * 1000);
  }

  // Try again now (the button, or Enter after giving up).
  again() {
    this.tries = 0;
    this.connect();
  }

  close() {
    this.closing = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close(1000, "left");
    this.ws = null;
  }

  get open_() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }
}
