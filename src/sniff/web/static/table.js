// The visible table: drawn from the "screen" the server sends with each step (the
// layout as it lies, the open ends and the count, the players and scores, whose turn,
// the hand). Every word on it is the server's; this module only places things. The
// tiles are drawn with their pips (pips.js), for the eye only: the words say the same.

import { domino } from "./pips.js";

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The layout: the main line from west to east in one row, the sniff's arms in its
// column, north above and south below.
export function drawBoard(box, board, words) {
  box.replaceChildren();
  if (!board) {
    box.append(el("p", "empty", words.empty_table));
    return;
  }
  const grid = el("div", "grid");
  const north = board.north || [];
  const south = board.south || [];
  const row = north.length + 1;
  board.line.forEach((tile, index) => {
    const piece = domino(tile.a, tile.b, { upright: tile.cross, sniff: tile.sniff, lead: tile.lead });
    piece.style.gridRow = String(row);
    piece.style.gridColumn = String(index + 1);
    grid.append(piece);
  });
  const column = board.sniff_at === null || board.sniff_at === undefined ? 1 : board.sniff_at + 1;
  north.forEach((tile, index) => {
    // North tiles read from the table outwards: the inner half lies below.
    const piece = domino(tile.b, tile.a, { upright: !tile.cross });
    piece.style.gridRow = String(row - 1 - index);
    piece.style.gridColumn = String(column);
    grid.append(piece);
  });
  south.forEach((tile, index) => {
    const piece = domino(tile.a, tile.b, { upright: !tile.cross });
    piece.style.gridRow = String(row + 1 + index);
    piece.style.gridColumn = String(column);
    grid.append(piece);
  });
  // How much room the layout takes, in halves and in pieces each way: the style sheet
  // sizes the tiles from it so that the whole layout fits its box (sniff.css, .board).
  const across = (tile) => (tile.cross ? 1 : 2);  // a line tile; an arm's turned a quarter
  const arms = [...north, ...south];
  const sniffWide = board.line[column - 1] ? across(board.line[column - 1]) : 1;
  const armWide = Math.max(0, ...arms.map((tile) => 3 - across(tile)));
  const wide = board.line.reduce((sum, tile) => sum + across(tile), 0)
    + Math.max(0, armWide - sniffWide);
  const tall = Math.max(1, ...board.line.map((tile) => 3 - across(tile)))
    + arms.reduce((sum, tile) => sum + across(tile), 0);
  grid.style.setProperty("--wide", String(Math.max(1, wide)));
  grid.style.setProperty("--tall", String(tall));
  grid.style.setProperty("--cols", String(Math.max(1, board.line.length)));
  grid.style.setProperty("--rows", String(1 + arms.length));
  box.append(grid);
}

// Round, scores, target, boneyard and the players (whose turn, who is away).
export function drawSummary(box, screen, words) {
  box.replaceChildren();
  const facts = el("p");
  const add = (label, value) => {
    const part = el("span");
    part.append(el("span", "label", `${label} `), el("strong", "", String(value)));
    facts.append(part, document.createTextNode("   "));
  };
  add(words.round, screen.round);
  add(words.target, screen.target);
  add(words.boneyard, screen.boneyard);
  const scores = el("p");
  scores.append(el("span", "label", `${words.score}: `));
  scores.append(document.createTextNode(
    screen.scores.map((side) => `${side.name} ${side.score}`).join(", ")));
  const people = el("ul");
  for (const player of screen.players) {
    const item = el("li", "", player.name);
    if (player.turn) {
      item.classList.add("turn");
      item.setAttribute("aria-current", "true");
    }
    if (player.away) {
      // Said in words as well as in colour: forced colours and a screen show no red.
      item.classList.add("away");
      item.append(document.createTextNode(` — ${words.seat_away}`));
    }
    item.append(document.createTextNode(` (${player.tiles_text})`));
    people.append(item);
  }
  box.append(facts, scores, people);
}

// The hand as buttons: each names its tile (and that it can be played now).
export function drawHand(box, hand, selected, words, onPick) {
  const focused = document.activeElement;
  const hadFocus = box.contains(focused);
  const focusedTile = hadFocus ? focused.dataset.tile : null;
  box.replaceChildren();
  let refocus = null;
  for (const entry of hand.tiles) {
    const key = `${entry.tile[0]}-${entry.tile[1]}`;
    const button = el("button", "tile-button");
    button.type = "button";
    button.dataset.tile = key;
    const name = entry.playable ? words.fits_now.replace("{tile}", entry.name) : entry.name;
    button.setAttribute("aria-label", name);
    const chosen = selected && selected[0] === entry.tile[0] && selected[1] === entry.tile[1];
    button.setAttribute("aria-pressed", chosen ? "true" : "false");
    if (entry.playable) button.classList.add("playable");
    button.append(domino(entry.tile[0], entry.tile[1], { upright: true }));
    button.addEventListener("click", () => onPick(entry));
    box.append(button);
    if (key === focusedTile) refocus = button;
  }
  return { hadFocus, refocus };
}

// The end buttons of the selected tile: a click plays it there.
export function drawEnds(box, group, entry, onPlay) {
  box.replaceChildren();
  if (!entry || entry.moves.length === 0) {
    group.hidden = true;
    return;
  }
  entry.moves.forEach((move, index) => {
    const button = el("button", "", move.label);
    button.type = "button";
    button.addEventListener("click", () => onPlay(entry, index));
    box.append(button);
  });
  group.hidden = false;
}
