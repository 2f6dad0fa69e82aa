// The start page: join a table by its code, watch one, or open a new one (the rules,
// the seats, a turn timer), and the player's choices (name, pace, how much is said,
// the page's own voice). Everything it asks for goes through *sit*.

import { PACE_SECONDS, store } from "./settings.js";

const $ = (id) => document.getElementById(id);
const LANGUAGE_CHANGED = "sniff-language-changed";
// A name the server takes: one letter or digit at least (any script).
const NAMED = /[\p{L}\p{N}]/u;

// Whether this page was loaded by a change of language (asked once: the mark goes).
export function languageChanged() {
  try {
    const changed = window.sessionStorage.getItem(LANGUAGE_CHANGED) !== null;
    window.sessionStorage.removeItem(LANGUAGE_CHANGED);
    return changed;
  } catch {
    return false;
  }
}

export function setUpStart({ words, lang, speaker, link, sit }) {
  fillStart(words, lang, speaker, link);
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (nameRefused(words, speaker)) return;
    sit({ type: "join", code: $("code").value.trim(), name: name() });
  });
  $("watch").addEventListener("click", () => {
    // The spectator's chat is signed with the name, when it has a letter or a digit.
    const request = { type: "watch", code: $("code").value.trim() };
    if (NAMED.test(name())) request.name = name();
    sit(request);
  });
  $("create-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (nameRefused(words, speaker)) return;
    const seats = ["person", ...[...$("seats").querySelectorAll("select")].map((s) => s.value)];
    const request = { type: "create", name: name(), preset: $("preset").value, seats,
                      timer: Number($("timer").value) };
    if ($("muggins-rule").checked) request.rules = { muggins: true };
    const target = Number($("target").value);
    if (target >= 10 && target <= 1000) request.target = Math.round(target);
    sit(request);
  });
  $("name").addEventListener("input", () => {
    if (NAMED.test($("name").value)) showNameError(null);
  });
  $("copy").addEventListener("click", () => {
    const text = $("link-shown").textContent;
    const done = () => speaker.say([{ text: words.copied, kind: "online", interrupt: true }], true);
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, () => {});
  });
}

function fillStart(words, lang, speaker, link) {
  const preset = $("preset");
  for (const key of Object.keys(words).filter((k) => k.startsWith("preset_"))) {
    const option = new Option(words[key], key.slice("preset_".length));
    preset.append(option);
  }
  preset.value = "sniff";
  const timer = $("timer");
  timer.append(new Option(words.timer_none, "0"));
  for (const seconds of [60, 120, 300]) timer.append(new Option(words[`timer_${seconds}`], String(seconds)));
  const pace = $("pace");
  PACE_SECONDS.forEach((_, index) => pace.append(new Option(words[`pace_${index}`], String(index))));
  pace.value = store.get("pace", "2");
  pace.addEventListener("change", () => store.set("pace", pace.value));
  const verbosity = $("verbosity");
  verbosity.value = store.get("verbosity", "normal");
  verbosity.addEventListener("change", () => {
    store.set("verbosity", verbosity.value);
    link.verbosity = verbosity.value;
  });
  const voice = $("voice");
  speaker.voiceOn = store.get("voice", "0") === "1";
  voice.checked = speaker.voiceOn;
  voice.addEventListener("change", () => {
    speaker.voiceOn = voice.checked;
    store.set("voice", voice.checked ? "1" : "0");
  });
  const rate = $("rate");
  rate.value = store.get("rate", "1.2");
  speaker.rate = Number(rate.value);
  rate.addEventListener("change", () => {
    speaker.rate = Number(rate.value);
    store.set("rate", rate.value);
  });
  $("players").addEventListener("change", () => seats(words));
  seats(words);
  $("name").value = store.get("name", "");
  const choice = $("lang");
  choice.value = lang;
  choice.addEventListener("change", () => {
    try {
      window.sessionStorage.setItem(LANGUAGE_CHANGED, "1");
    } catch {
      // (nothing kept: the page starts as any other time)
    }
    const url = new URL(window.location.href);
    url.searchParams.set("lang", choice.value);
    window.location.assign(url.toString());
  });
}

function seats(words) {
  const box = $("seats");
  const count = Number($("players").value);
  const kept = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let seat = 2; seat <= count; seat += 1) {
    const field = document.createElement("p");
    field.className = "field";
    const label = document.createElement("label");
    label.htmlFor = `seat-${seat}`;
    label.textContent = words.seat.replace("{number}", String(seat));
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    select.append(new Option(words.seat_person, "person"));
    for (const level of ["random", "greedy", "expert", "master"]) {
      select.append(new Option(words.seat_bot.replace("{level}", words[`level_${level}`]), level));
    }
    select.value = kept[seat - 2] || (seat === 2 ? "person" : "expert");
    field.append(label, select);
    box.append(field);
  }
}

function name() {
  const value = $("name").value.trim();
  store.set("name", value);
  return value;
}

// A name the server would refuse is refused here, before anything is sent, in the
// server's words: written under the field (its description, and marked invalid) and
// said once: where the answers go if the focus is in the field, else by the field's
// description when the focus moves there (and by the page's own voice, if it is on).
function nameRefused(words, speaker) {
  if (NAMED.test($("name").value)) {
    showNameError(null);
    return false;
  }
  showNameError(words.bad_name);
  const field = $("name");
  const inField = document.activeElement === field;
  if (!inField) field.focus();
  if (inField || speaker.voiceOn) {
    speaker.say([{ text: words.bad_name, kind: "refusal", interrupt: true }], true);
  }
  return true;
}

function showNameError(text) {
  const field = $("name");
  const error = $("name-error");
  error.textContent = text || "";
  error.hidden = !text;
  if (text) {
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", "name-error");
  } else {
    field.removeAttribute("aria-invalid");
    field.removeAttribute("aria-describedby");
  }
}
