// A domino drawn as a domino: two halves, each with its pips, for the eye only. Every
// fact the drawing shows is also in words (a hand button's name, the layout's label),
// so the drawing is hidden from screen readers (aria-hidden on the whole tile).
//
// The pips are SVG circles filled with currentColor: in a forced-colours (high
// contrast) theme they take the system's text colour on its background, as the
// tile's words do. Their places follow the usual faces, 0 to 12 (the double-twelve
// set), on a half 100 units square; a half lying across has them turned a quarter.

const SVG = "http://www.w3.org/2000/svg";
const LOW = 22;
const MID = 50;
const HIGH = 78;
// Four rows for 10 to 12 (three columns of four at most).
const ROWS = [17, 39, 61, 83];

// Each face as [column, row] places on an upright half (halves one above the other).
const FACES = (() => {
  const c = [MID, MID];
  const tl = [LOW, LOW];
  const tr = [HIGH, LOW];
  const ml = [LOW, MID];
  const mr = [HIGH, MID];
  const bl = [LOW, HIGH];
  const br = [HIGH, HIGH];
  const tm = [MID, LOW];
  const bm = [MID, HIGH];
  const sides = ROWS.flatMap((y) => [[LOW, y], [HIGH, y]]);
  return [
    [],
    [c],
    [tl, br],
    [tl, c, br],
    [tl, tr, bl, br],
    [tl, tr, c, bl, br],
    [tl, tr, ml, mr, bl, br],
    [tl, tr, ml, c, mr, bl, br],
    [tl, tm, tr, ml, mr, bl, bm, br],
    [tl, tm, tr, ml, c, mr, bl, bm, br],
    [...sides, [MID, ROWS[1]], [MID, ROWS[2]]],
    [...sides, [MID, LOW], c, [MID, HIGH]],
    [...sides, ...ROWS.map((y) => [MID, y])],
  ];
})();

// The places of *pips* on a half (across: turned a quarter, rows become columns).
export function pipPlaces(pips, across) {
  const face = FACES[pips] || [];
  return across ? face.map(([x, y]) => [y, 100 - x]) : face;
}

function half(pips, across) {
  const box = document.createElement("span");
  box.className = "half";
  box.dataset.pips = String(pips);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "pips");
  const radius = pips > 9 ? "8.5" : "11";
  for (const [x, y] of pipPlaces(pips, across)) {
    const dot = document.createElementNS(SVG, "circle");
    dot.setAttribute("cx", String(x));
    dot.setAttribute("cy", String(y));
    dot.setAttribute("r", radius);
    dot.setAttribute("fill", "currentColor");
    svg.append(dot);
  }
  box.append(svg);
  return box;
}

// One domino: its halves side by side (upright: one above the other), hidden from
// the accessibility tree (its words are elsewhere).
export function domino(a, b, { upright = false, sniff = false, lead = false } = {}) {
  const node = document.createElement("span");
  node.className = "domino";
  node.setAttribute("aria-hidden", "true");
  node.dataset.tile = `${a}-${b}`;
  if (upright) node.classList.add("upright");
  if (sniff) node.classList.add("sniff");
  if (lead) node.classList.add("lead");
  node.append(half(a, !upright), half(b, !upright));
  return node;
}
