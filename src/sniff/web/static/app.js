// Sniff by ear in a browser: the start page (join with a code, watch, or open a
// table), the waiting room, the game by keys, mouse or touch, and the help page.
//
// The page keeps no rule, no game-flow constant and says no sentence of its own. The
// server sends the words (each "say" frame: what to say, what to draw, which tile is
// selected, whether to tell the table the step was heard) and the page's labels and
// times (the JSON in the page). The game's keys go to the server as they are pressed
// ("key" frames): the seat's presenter there keeps the selection and the digits typed
// and says what each key means, exactly as in the terminal game.

import { Speaker } from "./live.js";
import { Link } from "./net.js";
import { drawBoard, drawEnds, drawHand, drawSummary } from "./table.js";
import { keyOf } from "./keys.js";
import { PACE_SECONDS, store, timing } from "./settings.js";
import { languageChanged, setUpStart } from "./start.js";

const data = JSON.parse(document.getElementById("sniff-data").textContent);
const words = data.words;
const $ = (id) => document.getElementById(id);
const READ_MS_PER_CHAR = 30;
// The keys the page keeps for itself; every other key of the game goes to the server.
const PAGE_KEYS = new Set(["[", "]", "/", "v", "f1"]);

// -- the page's parts ----------------------------------------------------------------

const speaker = new Speaker({ log: $("log"), alert: $("alert"), words, onAway: () => away() });
speaker.lang = data.lang;

const state = {
  seat: null,
  code: "",
  at: 0,
  screen: null,
  selected: null,     // {tile: [h, l], index, claim}: the server's
  helpPage: 0,
  pending: null,      // a step to tell the server as heard
  heardAt: -Infinity, // when the server was last told
  heardTimer: null,
  record: null,
  drawnAt: 0,
  shown: "start",
  gaveUp: false,
};

const link = new Link({
  lang: data.lang,
  verbosity: store.get("verbosity", "normal"),
  onFrame: (frame) => take(frame),
  onState: (what, seconds) => connection(what, seconds),
});

// -- screens ---------------------------------------------------------------------------

function show(name, focus) {
  for (const id of ["start", "waiting", "game", "help"]) $(id).hidden = id !== name;
  state.shown = name;
  // The skip link leads to what is shown: the game area, or the screen's heading.
  $("skip").href = `#${{ game: "play", waiting: "waiting-h", help: "help-h" }[name] || "join-h"}`;
  $("chat-form").hidden = !(name === "game" || name === "waiting");
  if (focus) focus.focus();
}

function connection(what, seconds) {
  const text = $("connection-text");
  state.gaveUp = what === "gave-up";
  $("retry").hidden = !state.gaveUp;
  if (what === "connecting") text.textContent = words.connecting;
  else if (what === "retrying") text.textContent = words.retrying.replace("{seconds}", String(seconds));
  else if (what === "gave-up") text.textContent = words.gave_up;
  else text.textContent = "";
}

// -- frames from the server ----------------------------------------------------------

function take(frame) {
  switch (frame.type) {
    case "seated":
      state.seat = typeof frame.seat === "number" ? frame.seat : null;
      link.keep(frame.token, state.code);
      break;
    case "table":
      state.code = frame.code;
      state.paces = frame.paces !== false;  // a table where no bot plays waits for nobody
      if (link.request && link.request.type === "resume") link.keep(link.request.token, frame.code);
      break;
    case "state":
    case "step":
      state.at = Math.max(state.at, frame.at);
      break;
    case "say":
      said(frame);
      break;
    case "error":
      if (frame.code === "no-seat") {
        Link.forget(state.code);
        link.close();
        toStart();
      }
      break;
    case "record":
      state.record = frame.lines;
      $("record-button").disabled = false;
      speaker.say([{ text: words.record_ready, kind: "online" }]);
      break;
    default:
      break;
  }
}

// The table is drawn first (the first one moves the focus to the game area, which a
// screen reader reads), then what was said is spoken, in order, after it.
function said(frame) {
  const answer = typeof frame.answer === "string";
  if (frame.selected) {
    state.selected = frame.selected;
    $("claim").value = frame.selected.claim || "";
  }
  if (typeof frame.status === "string" && !frame.screen) $("status-line").textContent = frame.status;
  if (frame.screen && (frame.at === undefined || frame.at >= state.drawnAt)) {
    state.drawnAt = frame.at === undefined ? state.drawnAt : frame.at;
    draw(frame.screen);
  } else if (frame.selected && state.screen) {
    drawSelection();
  }
  speaker.say(frame.items || [], answer);
  // A step of the others: told as heard once it has been said and the pace has passed;
  // one that leaves the game to this seat, at once (the server says which).
  if (frame.pace === true) {
    state.pending = frame.at;
    pace(frame.items || []);
  } else if (frame.pace === false) {
    heard(frame.at);
  }
}

function pace(items) {
  const seconds = PACE_SECONDS[Number(store.get("pace", "2"))] ?? 1;
  if (seconds === 0) {
    heard(state.pending);
    return;
  }
  const chars = items.reduce((sum, item) => sum + (item.text || "").length, 0);
  const wait = Math.max(seconds * 1000, Math.min(8000, chars * READ_MS_PER_CHAR));
  const at = state.pending;
  clearTimeout(state.heardTimer);
  const started = performance.now();
  const check = () => {
    // With the page's own voice, the words are heard when it stops speaking.
    if (speaker.speaking() && performance.now() - started < timing.longest_wait * 1000) {
      state.heardTimer = setTimeout(check, 100);
      return;
    }
    heard(at);
  };
  state.heardTimer = setTimeout(check, wait);
}

// (Never more often than the server's budget of messages allows: a table of quick
// bots would otherwise outrun it.)
function heard(at) {
  clearTimeout(state.heardTimer);
  state.heardTimer = null;
  state.pending = null;
  if (at === null || state.paces === false) return;
  const wait = state.heardAt + timing.heard_every * 1000 - performance.now();
  if (wait > 0) {
    state.pending = at;
    state.heardTimer = setTimeout(() => heard(at), wait);
    return;
  }
  state.heardAt = performance.now();
  link.send({ type: "heard", at });
}

// -- drawing -------------------------------------------------------------------------

function draw(screen) {
  const was = state.screen;
  state.screen = screen;
  if (!screen.started) {
    drawWaiting(screen);
    if (state.shown !== "waiting") show("waiting", $("waiting-h"));
    return;
  }
  drawSummary($("summary"), screen, words);
  drawBoard($("board"), screen.board, words);
  $("board").setAttribute("aria-label", screen.layout);
  $("ends-text").textContent = screen.ends;
  $("count-text").textContent = screen.count === null ? "?" : String(screen.count);
  $("status-line").textContent = screen.status;
  const mine = screen.players.some((p) => p.you && p.turn);
  $("play").classList.toggle("mine", mine);
  drawSelection();
  const over = $("over");
  if (screen.over) {
    $("final-text").textContent = screen.final || "";
    if (over.hidden) {
      over.hidden = false;
      speaker.gameOver();  // (a hint is for a turn: none stays under "For you")
      $("record-button").disabled = state.record === null;
      link.send({ type: "record" });
    }
  } else {
    over.hidden = true;
  }
  if (state.shown !== "game" && state.shown !== "help") show("game", $("play"));
  else if (!was || !was.started) $("play").focus();
}

function drawSelection() {
  const inGame = $("game").contains(document.activeElement);
  drawSelectionParts();
  // A button pressed from the keyboard that went away with the redraw (Play, an end,
  // Next round) must not drop the focus to the page's body: back to the game area.
  const now = document.activeElement;
  const lost = !now || now === document.body || now.closest("[hidden]") !== null;
  if (inGame && lost && state.shown === "game") $("play").focus();
}

function drawSelectionParts() {
  const screen = state.screen;
  if (!screen || !screen.hand) {
    $("hand").replaceChildren();
    $("ends-choice").hidden = true;
    for (const id of ["play-button", "draw-button", "pass-button", "ready-button",
      "muggins-button", "let-go-button", "hint-button"]) $(id).hidden = true;
    return;
  }
  const hand = screen.hand;
  const tile = state.selected ? state.selected.tile : null;
  const { hadFocus, refocus } = drawHand($("hand"), hand, tile, words, pick);
  if (hadFocus) (refocus || $("play")).focus();
  const can = hand.can;
  // No end is offered once the round or the game is over ("the round is over" if pressed).
  const over = screen.phase === "round-over" || screen.phase === "game-over";
  drawEnds($("end-buttons"), $("ends-choice"), over ? null : selectedEntry(), playAt);
  $("play-button").hidden = !can.play;
  $("draw-button").hidden = !can.draw;
  $("pass-button").hidden = !can.pass;
  $("ready-button").hidden = !can.ready;
  $("muggins-button").hidden = !can.muggins;
  $("let-go-button").hidden = !can.muggins;
  $("hint-button").hidden = !can.play;
  $("claim-form").hidden = !can.claim;
  const active = document.activeElement;
  if (active && active.closest && active.closest("button") && active.hidden) $("play").focus();
}

function drawWaiting(screen) {
  $("code-shown").textContent = screen.code;
  const url = `${window.location.origin}/t/${screen.code}`;
  $("link-shown").textContent = url;
  $("link-shown").href = url;
  const list = $("seat-list");
  list.replaceChildren();
  for (const player of screen.players) {
    const item = document.createElement("li");
    item.textContent = player.taken ? player.name : words.seat_free;
    if (player.away) item.textContent += ` (${words.seat_away})`;
    list.append(item);
  }
}

// -- the selection and acting ------------------------------------------------------------

function entries() {
  return state.screen && state.screen.hand ? state.screen.hand.tiles : [];
}

function sameTile(a, b) {
  return a && b && a[0] === b[0] && a[1] === b[1];
}

function selectedEntry() {
  const tile = state.selected ? state.selected.tile : null;
  return entries().find((entry) => sameTile(entry.tile, tile)) || null;
}

function ask(what, extra = {}) {
  link.send({ type: "ask", what, ...extra });
}

// A key of the game: the server's presenter for the seat says and does what it means.
function key(name) {
  link.send({ type: "key", key: name, at: state.at });
}

function act(action) {
  link.send({ type: "act", action, at: state.at });
}

// A tile chosen with the mouse or a finger.
function pick(entry) {
  hurry();
  state.selected = { tile: entry.tile, index: 0 };
  drawSelection();
  ask("tile", { tile: entry.tile });
}

function playAt(entry, index) {
  hurry();
  state.selected = { tile: entry.tile, index };
  act(entry.moves[index].action);
}

function claimNow() {
  const points = $("claim").value.replace(/[^0-9]/g, "");
  $("claim").value = "";
  act({ kind: "claim", points: Number(points || "0") });
}

function hurry() {
  speaker.hurry();
  if (state.pending !== null) heard(state.pending);
}

// Back in a window that missed what was said meanwhile: what happened since the
// player's last move, from the server.
function away() {
  if (state.shown === "game" && state.screen && state.screen.started && !state.screen.over) {
    ask("since");
  }
}

function toStart() {
  Link.forget();
  link.close();
  state.screen = null;
  state.at = 0;
  state.drawnAt = 0;
  state.selected = null;
  state.record = null;
  $("over").hidden = true;
  show("start", $("join-h"));
}

// -- keys ------------------------------------------------------------------------------

function gameKey(event) {
  const name = keyOf(event);
  if (name === null) return false;
  const screen = state.screen;
  if (name !== "f1") state.helpPage = 0;
  hurry();
  if (name === "enter" && state.gaveUp) {
    link.again();
    return true;
  }
  if (name === "enter" && screen && screen.over) {
    toStart();
    return true;
  }
  if (!PAGE_KEYS.has(name)) {
    key(name);
    return true;
  }
  switch (name) {
    case "[": speaker.older(-1); break;
    case "]": speaker.older(1); break;
    case "/": $("chat").focus(); break;
    case "v": toggleVoice(); break;
    default: openHelp(); break;
  }
  return true;
}

document.addEventListener("keydown", (event) => {
  const target = event.target;
  const typing = target instanceof HTMLInputElement || target instanceof HTMLSelectElement
    || target instanceof HTMLTextAreaElement;
  if (state.shown === "help") {
    const key = keyOf(event);
    if (key === "escape") {
      closeHelp();
      event.preventDefault();
    } else if (key === "f1") {
      openHelp();
      event.preventDefault();
    }
    return;
  }
  if (typing) {
    if (event.key === "Escape" && state.shown === "game") {
      $("play").focus();
      event.preventDefault();
    }
    return;
  }
  if (state.shown !== "game") {
    if (event.key === "Enter" && state.gaveUp) link.again();
    if (keyOf(event) === "f1") {
      openHelp();
      event.preventDefault();
    }
    return;
  }
  const onButton = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
  if (onButton && (event.key === "Enter" || event.key === " ")) return;
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  if (gameKey(event)) event.preventDefault();
});

function toggleVoice() {
  speaker.voiceOn = !speaker.voiceOn;
  $("voice").checked = speaker.voiceOn;
  store.set("voice", speaker.voiceOn ? "1" : "0");
  const text = speaker.voiceOn ? words.voice_on : words.voice_off;
  speaker.say([{ text, kind: "setting", interrupt: true }], true);
}

// -- help -------------------------------------------------------------------------------

function openHelp() {
  const muggins = Boolean(state.screen && state.screen.muggins);
  const list = $("key-list");
  list.replaceChildren();
  for (const group of data.keys[muggins ? "muggins" : "plain"]) {
    const dl = document.createElement("dl");
    for (const [label, description] of group) {
      const dt = document.createElement("dt");
      dt.textContent = label;
      const dd = document.createElement("dd");
      dd.textContent = description;
      dl.append(dt, dd);
    }
    list.append(dl);
  }
  if (state.screen && state.screen.started) ask("help", { page: state.helpPage });
  state.helpPage += 1;
  if (state.shown !== "help") {
    state.before = state.shown;
    show("help", $("help-h"));
  }
}

function closeHelp() {
  state.helpPage = 0;  // (help opened again starts at its first part)
  const back = state.before || "start";
  const focus = { game: "play", waiting: "waiting-h", start: "join-h" }[back];
  show(back, $(focus));
}

// -- the start page (start.js) ---------------------------------------------------------

function sit(request) {
  link.close();
  state.code = request.code || "";
  link.open(request);
}

$("retry").addEventListener("click", () => link.again());

// -- the game's buttons --------------------------------------------------------------------

$("play-button").addEventListener("click", () => { hurry(); key("enter"); });
$("draw-button").addEventListener("click", () => { hurry(); act({ kind: "draw" }); });
$("pass-button").addEventListener("click", () => { hurry(); act({ kind: "pass" }); });
$("ready-button").addEventListener("click", () => { hurry(); link.send({ type: "ready" }); });
$("muggins-button").addEventListener("click", () => act({ kind: "muggins", call: true }));
$("let-go-button").addEventListener("click", () => act({ kind: "muggins", call: false }));
$("hint-button").addEventListener("click", () => key("f2"));
$("claim-form").addEventListener("submit", (event) => {
  event.preventDefault();
  claimNow();
});
$("record-button").addEventListener("click", download);
$("again-button").addEventListener("click", toStart);
$("help-button").addEventListener("click", openHelp);
$("help-close").addEventListener("click", closeHelp);
$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("chat").value.trim();
  $("chat").value = "";
  if (text) link.send({ type: "chat", text });
  if (state.shown === "game") $("play").focus();
});
// The fact keys as buttons: each presses its key (the server's table of them).
for (const [letter, label] of data.facts) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.setAttribute("aria-keyshortcuts", letter.toUpperCase());
  button.addEventListener("click", () => key(letter));
  $("fact-buttons").append(button);
}

function download() {
  if (!state.record) return;
  const text = state.record.map((line) => JSON.stringify(line)).join("\n") + "\n";
  const blob = new Blob([text], { type: "application/jsonl" });
  const anchor = document.createElement("a");
  anchor.href = URL.createObjectURL(blob);
  anchor.download = `sniff-${(state.code || "game").replace("-", "")}.jsonl`;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(anchor.href), 1000);
}

// -- start -------------------------------------------------------------------------------

setUpStart({ words, lang: data.lang, speaker, link, sit });
const wanted = window.location.pathname.startsWith("/t/") ? window.location.pathname.slice(3) : "";
const kept = Link.kept(wanted);
const relanguaged = languageChanged();
if (kept && (!wanted || kept.code.replace("-", "").toUpperCase() === wanted.replace("-", "").toUpperCase())) {
  state.code = kept.code;
  show("start");
  link.open({ type: "resume", token: kept.token });
} else {
  if (wanted) Link.forgetTab();  // (a seat this tab held at another table is let go here)
  $("code").value = wanted;
  // After a change of language the page was loaded anew: the focus is where it was.
  show("start", relanguaged ? $("lang") : wanted ? $("name") : null);
}
