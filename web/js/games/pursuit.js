// Linear Pursuit in the browser: the circular board drawn from the board
// data (positions and chords), pieces by shape and letter, and the move
// notation (`e10`, `10-18`, `10x18`, `K@o10`, `P@10`, `draw`) read into
// from/to points. No rules here.

import { s } from '../dom.js';

export const id = 'pursuit';
export const sides = ['south', 'north'];
export const KINDS = ['K', 'R', 'B', 'N', 'P'];

const SIZE = 1000;
const C = SIZE / 2;
const R_INNER = 300;
const R_OUTER = 392;
const R_LABEL = 452;
const TRAY = 150;

/** The default board, `pentagrams`: 20 positions, chords i to i+8. */
export function defaultBoard() {
  const n = 20;
  const chords = [];
  for (let i = 0; i < n; i++) {
    const j = (i + 8) % n;
    if (!chords.some(([a, b]) => (a === j && b === i))) chords.push([i, j]);
  }
  return { n, chords };
}

/**
 * A board from its text (as given in the `board` option): the number of
 * positions, then chords as `a-b` pairs, separated by spaces, commas or
 * new lines; `#` starts a comment. Anything unreadable gives the default.
 */
export function parseBoard(text) {
  if (!text || /^\s*pentagrams\s*$/i.test(text)) return defaultBoard();
  const body = String(text).replace(/#[^\n]*/g, ' ');
  const nums = body.match(/\d+\s*-\s*\d+|\d+/g) || [];
  if (!nums.length) return defaultBoard();
  const n = Number(nums[0]);
  const chords = nums.slice(1).filter((x) => x.includes('-')).map((x) => x.split('-').map((v) => Number(v.trim())));
  if (!(n >= 3) || chords.some(([a, b]) => !(a < n && b < n))) return defaultBoard();
  return { n, chords };
}

/**
 * Read a position text (`<inner>/<outer> <side> <phase> <ply>`): one
 * character per position, `.` empty, `KRBNP` South, `krbnp` North; side
 * `south`/`north`; phase `play`, `drawn` or `place:<letters in hand>`.
 */
export function parse(text, options = {}) {
  const fields = String(text).trim().split(/\s+/);
  const [innerText = '', outerText = ''] = (fields[0] || '').split('/');
  const board = parseBoard(options.board);
  const n = innerText.length || board.n;
  const { chords } = board.n === n ? board : { chords: [] };
  const ring = (str) => {
    const out = new Map();
    [...str].forEach((ch, i) => {
      if (/[KRBNP]/i.test(ch)) out.set(i, { kind: ch.toUpperCase(), side: ch === ch.toUpperCase() ? 0 : 1 });
    });
    return out;
  };
  const phase = fields[2] || 'play';
  return {
    n,
    chords,
    inner: ring(innerText),
    outer: ring(outerText),
    toMove: fields[1] === 'north' ? 1 : 0,
    phase: phase.startsWith('place:') ? 'place' : phase,
    hand: phase.startsWith('place:') ? phase.slice(6) : '',
    ply: Number(fields[3] || 0),
  };
}

/** The from/to points of a move (`o10` is the outer position 10). */
export function moveParts(text) {
  let m = /^e(\d+)$/.exec(text);
  if (m) return { from: `o${m[1]}`, to: m[1], kind: 'enter' };
  m = /^(\d+)([-x])(\d+)$/.exec(text);
  if (m) return { from: m[1], to: m[3], kind: m[2] === 'x' ? 'capture' : 'move' };
  m = /^([KRBNP])@(o?)(\d+)$/.exec(text);
  if (m) return { from: `hand:${m[1]}`, to: `${m[2]}${m[3]}`, kind: 'place', anim: 'none' };
  return { action: text };
}

function angle(i, n, flipped) {
  return ((-90 + (360 * i) / n + (flipped ? 180 : 0)) * Math.PI) / 180;
}

function trayKinds(legal) {
  const kinds = new Set();
  for (const m of legal || []) {
    const p = /^([KRBNP])@/.exec(m);
    if (p) kinds.add(p[1]);
  }
  return KINDS.filter((k) => kinds.has(k));
}

export function geometry(view, flipped, legal) {
  const points = new Map();
  const { n } = view;
  for (let i = 0; i < n; i++) {
    const a = angle(i, n, flipped);
    // `dot`: the radius of an empty target's mark (large enough to see on a phone).
    points.set(String(i), { x: C + R_INNER * Math.cos(a), y: C + R_INNER * Math.sin(a), r: 40, hit: 46, dot: 19 });
    points.set(`o${i}`, { x: C + R_OUTER * Math.cos(a), y: C + R_OUTER * Math.sin(a), r: 40, hit: 44, dot: 19 });
  }
  const tray = trayKinds(legal);
  tray.forEach((k, i) => points.set(`hand:${k}`, { x: C + (i - (tray.length - 1) / 2) * 110, y: SIZE + TRAY / 2, r: 42, hit: 50 }));
  return { viewBox: [0, 0, SIZE, SIZE + (tray.length ? TRAY : 0)], points, markRadius: 40, tray, flipped };
}

/** The outline of a piece kind, centred on (x, y). */
export function pieceShape(kind, x, y, r) {
  const poly = (pts) => s('polygon', { class: 'body', points: pts.map(([a, b]) => `${(x + a * r).toFixed(1)},${(y + b * r).toFixed(1)}`).join(' ') });
  switch (kind) {
    case 'K': {
      const pts = [];
      for (let k = 0; k < 16; k++) {
        const rad = k % 2 ? 0.72 : 1.0;
        const a = (Math.PI * 2 * k) / 16 - Math.PI / 2;
        pts.push([Math.cos(a) * rad, Math.sin(a) * rad]);
      }
      return poly(pts);
    }
    case 'R': return s('rect', { class: 'body', x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, rx: r * 0.18 });
    case 'B': return poly([[0, -1.05], [0.95, 0], [0, 1.05], [-0.95, 0]]);
    case 'N': return poly([[0, -1.0], [0.98, 0.78], [-0.98, 0.78]]);
    default: return s('circle', { class: 'body', cx: x, cy: y, r: r * 0.72 });
  }
}

/** A piece of `side` and `kind` drawn at (x, y). */
export function pieceElement(kind, side, x, y, key, r = 40) {
  return s('g', { class: `piece lp-piece side-${sides[side]} kind-${kind}`, 'data-key': key },
    pieceShape(kind, x, y, r),
    s('text', { class: 'letter', x, y: y + (kind === 'N' ? 6 : 1) }, kind),
  );
}

/** What the static board depends on: the circle's lines, orientation and tray. */
export function boardKey(view, geo) {
  return `${view.n}|${geo.flipped}|${geo.tray.join('')}|${view.chords.map(([a, b]) => `${a}-${b}`).join(',')}`;
}

/** The disc, rings, lines, position marks and numbers, and the tray's background. */
export function drawBoard(board, view, geo) {
  const { n, chords } = view;
  board.append(s('circle', { class: 'lp-disc', cx: C, cy: C, r: 488 }));
  board.append(s('circle', { class: 'lp-outer-ring', cx: C, cy: C, r: R_OUTER }));
  for (const [a, b] of chords) {
    const p = geo.points.get(String(a));
    const q = geo.points.get(String(b));
    if (p && q) board.append(s('line', { class: 'lp-chord', x1: p.x, y1: p.y, x2: q.x, y2: q.y }));
  }
  board.append(s('circle', { class: 'lp-circumference', cx: C, cy: C, r: R_INNER }));
  for (let i = 0; i < n; i++) {
    const p = geo.points.get(String(i));
    const o = geo.points.get(`o${i}`);
    board.append(s('line', { class: 'lp-entry', x1: o.x, y1: o.y, x2: p.x, y2: p.y }));
    board.append(s('circle', { class: 'lp-outer', cx: o.x, cy: o.y, r: 30 }));
    board.append(s('circle', { class: 'lp-inner', cx: p.x, cy: p.y, r: 13 }));
    const a = angle(i, n, geo.flipped ?? false);
    board.append(s('text', { class: 'coord lp-num', x: C + R_LABEL * Math.cos(a), y: C + R_LABEL * Math.sin(a) }, String(i)));
  }
  if (geo.tray.length) board.append(s('rect', { class: 'tray', x: 60, y: SIZE + 10, width: SIZE - 120, height: TRAY - 20, rx: 18 }));
}

/** The pieces (outer, inner, then the tray's) and the tray's counts, keyed (board/reconcile.js). */
export function pieces(view, geo) {
  const out = [];
  const put = (key, piece) => {
    const p = geo.points.get(key);
    if (!p) return;
    out.push({ key, piece: true, sig: `${piece.kind}${piece.side}@${p.x},${p.y}`, make: () => pieceElement(piece.kind, piece.side, p.x, p.y, key) });
  };
  for (const [i, piece] of view.outer) put(`o${i}`, piece);
  for (const [i, piece] of view.inner) put(String(i), piece);
  for (const k of geo.tray) {
    put(`hand:${k}`, { kind: k, side: view.toMove });
    const letter = view.toMove === 0 ? k : k.toLowerCase();
    const n = [...(view.hand || '')].filter((c) => c === letter).length;
    const p = geo.points.get(`hand:${k}`);
    if (n > 1) out.push({ key: `count:${k}`, sig: `${n}@${p.x},${p.y}`, make: () => s('text', { class: 'tray-count', x: p.x + 38, y: p.y + 40 }, `×${n}`) });
  }
  return out;
}

/** Put `piece` on `key` (`o4`: outer 4, `4`: inner 4), as a hidden placement shows it (taken from the hand). */
export function addPiece(view, key, piece) {
  if (key.startsWith('o')) view.outer.set(Number(key.slice(1)), piece);
  else view.inner.set(Number(key), piece);
  // Taken from the pieces still to place (South's upper case, North's lower).
  view.hand = (view.hand || '').replace(piece.side === 0 ? piece.kind : piece.kind.toLowerCase(), '');
}

/** The Classic start on `pentagrams` (README), for thumbnails. */
export const START = 'pppp...PPPPPPP...ppp/kbnr...RNBKBNR...rnb south play 0';

export function startView() {
  return parse(START);
}

export function material(view) {
  const count = [0, 0];
  for (const p of [...view.inner.values(), ...view.outer.values()]) count[p.side] += 1;
  return count;
}
