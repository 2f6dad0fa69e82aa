// What the page says: each item the server sent, once and in order, to a screen
// reader through two live regions, and (if chosen) through the browser's own voice.
//
// Screen readers miss live-region changes that come too close together (several in
// one tick are merged, or only the last is read, as VoiceOver does), and ignore a
// region whose text did not change. So every item goes through one queue: the first
// at once, each further one a short gap later, always as a new element. The game's
// course (the plays, "your turn", the news, the chat) is one stream, appended to the
// log (role="log", polite) in the order of the game and kept to a bounded length.
// What answers the player's own key (an answer, a refusal) replaces the assertive
// region's content. "Your turn" is held back until the plays said before it in the
// same batch have had time to be read; a key pressed meanwhile lets it through at
// once, after the key: a screen reader stops speaking at any key, and the turn's
// words name the play before it, so that play cannot be lost to the key.
//
// A window without the focus hears no live region at all with most screen readers:
// what comes meanwhile is counted, the title says when it is your turn, and on
// coming back the page asks the server what happened since your last move.

const GAP_MS = 100;
const LOG_MOST = 200;
const HISTORY_MOST = 500;
const READ_MS_PER_CHAR = 30;  // a screen reader at a brisk rate: about 400 words a minute
const HOLD_MOST_MS = 2500;

export class Speaker {
  constructor({ log, alert, words, onAway }) {
    this.log = log;
    this.alert = alert;
    this.words = words;
    this.onAway = onAway;
    this.queue = [];
    this.timer = null;
    this.lastAt = -Infinity;
    this.history = [];
    this.cursor = -1;
    this.voiceOn = false;
    this.rate = 1.2;
    this.lang = "en";
    this.missed = 0;
    this.turnWaiting = null;
    this.baseTitle = document.title;
    window.addEventListener("focus", () => this.back());
  }

  // Items of one say frame, in order (*answer*: they answer the player's key). How
  // long the log items before "your turn" take to read decides how long it waits.
  say(items, answer = false) {
    let before = 0;
    for (const item of items) {
      if (!item || !item.text) continue;
      const region = answer ? "alert" : regionOf(item);
      let hold = 0;
      if (item.kind === "turn" && before > 0) {
        hold = Math.min(HOLD_MOST_MS, before * READ_MS_PER_CHAR);
      }
      if (region === "log") before += item.text.length;
      this.queue.push({ ...item, region, hold });
    }
    this.pump();
  }

  // The player pressed a key: their hands are on the keys, nothing is held back.
  hurry() {
    for (const item of this.queue) item.hold = 0;
    if (this.voiceOn && window.speechSynthesis) window.speechSynthesis.cancel();
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.pump();
  }

  pump() {
    if (this.timer !== null || this.queue.length === 0) return;
    const now = performance.now();
    const next = this.queue[0];
    const wait = Math.max(0, this.lastAt + GAP_MS - now, next.hold);
    if (wait > 0) {
      next.hold = 0;
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
    }
    this.history.push(item.text);
    if (this.history.length > HISTORY_MOST) this.history.shift();
    this.cursor = -1;
    this.speak(item.text, item.interrupt);
    if (!document.hasFocus()) {
      this.missed += 1;
      if (item.kind === "turn") document.title = `${this.words.your_turn_title} – ${this.baseTitle}`;
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
