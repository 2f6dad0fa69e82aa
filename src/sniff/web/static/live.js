// What the page says: each item the server sent, once and in order, to a screen
// reader through two live regions, and (if chosen) through the browser's own voice.
//
// Screen readers miss live-region changes that come too close together (several in
// one tick are merged, or only the last is read, as VoiceOver does), ignore a region
// whose text did not change, and may take changes that come while they are busy in
// another order (Orca 43 read a deal before the round it belonged to). So what comes
// together is said together: the items of the game's course that arrive within a
// moment of each other (the plays of one step, "your turn" with the play that gave
// it) are gathered into one new element of the log (role="log", polite), and the
// elements follow each other a short gap apart, in the order of the game. What
// answers the player's own key (an answer, a refusal) replaces the assertive
// region's content. A screen reader stops speaking at any key; the turn's words name
// the play before it, so that play cannot be lost to the key.
//
// A window without the focus hears no live region at all with most screen readers:
// what comes meanwhile is counted, the title says when it is your turn, and on
// coming back the page asks the server what happened since your last move.

const GAP_MS = 100;
const GATHER_MS = 40;
const LOG_MOST = 200;
const HISTORY_MOST = 500;
const HINT_KEPT_MS = 4000;  // a hint said after the game's end stays this long on screen

export class Speaker {
  constructor({ log, alert, words, onAway }) {
    this.log = log;
    this.alert = alert;
    this.words = words;
    this.onAway = onAway;
    this.queue = [];
    this.over = false;  // the game is over (a hint said now does not stay)
    this.timer = null;
    this.lastAt = -Infinity;
    this.history = [];
    this.cursor = -1;
    this.voiceOn = false;
    this.rate = 1.2;
    this.lang = "en";
    this.missed = 0;
    this.baseTitle = document.title;
    window.addEventListener("focus", () => this.back());
  }

  // Items of one say frame, in order (*answer*: they answer the player's key). Items
  // of the log that arrive while an element of the log waits its turn join it.
  say(items, answer = false) {
    const now = performance.now();
    for (const item of items) {
      if (!item || !item.text) continue;
      const region = answer ? "alert" : regionOf(item);
      const last = this.queue[this.queue.length - 1];
      if (region === "log" && last && last.region === "log") {
        last.text = `${last.text} ${item.text}`;
        last.turn = last.turn || item.kind === "turn";
        continue;
      }
      this.queue.push({ ...item, region, at: now, turn: item.kind === "turn" });
    }
    this.pump();
  }

  // The player pressed a key: the page's own voice stops, as a screen reader does.
  hurry() {
    if (this.voiceOn && window.speechSynthesis) window.speechSynthesis.cancel();
  }

  pump() {
    if (this.timer !== null || this.queue.length === 0) return;
    const now = performance.now();
    const next = this.queue[0];
    const wait = Math.max(0, this.lastAt + GAP_MS - now, next.at + GATHER_MS - now);
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      return;
    }
    this.queue.shift();
    this.emit(next);
    this.lastAt = performance.now();
    if (this.queue.length > 0) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, GAP_MS);
    }
  }

  // The game is over: a hint (for a turn) is taken away from "For you", now or, for one
  // still waiting its turn, a few seconds after it is said (each is said all the same).
  gameOver() {
    this.over = true;
    for (const old of this.alert.querySelectorAll(".said-hint")) old.remove();
  }

  emit(item) {
    const line = document.createElement("p");
    line.textContent = item.text;
    if (item.kind) line.className = `said-${item.kind}`;
    if (item.region === "log") {
      this.log.append(line);
      while (this.log.childElementCount > LOG_MOST) this.log.firstElementChild.remove();
      this.log.scrollTop = this.log.scrollHeight;
    } else {
      this.alert.replaceChildren(line);
      if (this.over && item.kind === "hint") setTimeout(() => line.remove(), HINT_KEPT_MS);
    }
    this.history.push(item.text);
    if (this.history.length > HISTORY_MOST) this.history.shift();
    this.cursor = -1;
    this.speak(item.text, item.interrupt);
    if (!document.hasFocus()) {
      this.missed += 1;
      if (item.turn) document.title = `${this.words.your_turn_title} – ${this.baseTitle}`;
    }
  }

  // A message of the history again ([ and ]), into the assertive region.
  older(step) {
    if (this.history.length === 0) return;
    const last = this.history.length - 1;
    const at = this.cursor < 0 ? last : this.cursor;
    this.cursor = Math.min(last, Math.max(0, at + step));
    const text = this.history[this.cursor];
    const line = document.createElement("p");
    line.textContent = text;
    this.alert.replaceChildren(line);
    this.speak(text, true);
  }

  speak(text, interrupt) {
    const synth = window.speechSynthesis;
    if (!this.voiceOn || !synth) return;
    if (interrupt) synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = this.lang === "de" ? "de-DE" : "en-GB";
    utterance.rate = this.rate;
    synth.speak(utterance);
  }

  speaking() {
    return this.voiceOn && window.speechSynthesis ? window.speechSynthesis.speaking : false;
  }

  back() {
    document.title = this.baseTitle;
    if (this.missed > 0) {
      this.missed = 0;
      if (this.onAway) this.onAway();
    }
  }
}

// Where an item of the game's course is shown and read: whatever refuses the player
// in the assertive region, everything that happens (and whose turn it is) in the log.
export function regionOf(item) {
  if (item.kind === "refusal") return "alert";
  if (item.cue === "invalid" && item.interrupt) return "alert";
  return "log";
}
