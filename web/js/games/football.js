// Chess Football in the browser: the pitch with both goals, pieces, the
// ball on its holder, the placement tray, and the notation (`b1-c3`,
// `b5xe5`, `e4>c3`, `b7-b8=Q`, `K@e1`, `pick:QRN`, `pass`) read into
// from/to points. No rules here.

import { s } from '../dom.js';
import { t } from '../i18n.js';
import { chessPiece } from '../board/chess-pieces.js';
import { gridGeometry, drawGrid, drawTray, parseStep, squareName, CELL } from './grid.js';

export const id = 'football';
export const sides = ['white', 'black'];
export const KINDS = ['K', 'Q', 'R', 'B', 'N', 'P'];
export const PICKABLE = ['Q', 'R', 'B', 'N', 'P'];
export const GOALS = [['c1', 'd1', 'e1', 'f1'], ['c8', 'd8', 'e8', 'f8']];

/**
 * Read a position text: `<board> <ball> <side> <phase> <kicker> <half>
 * <actions> <score> <teams> <to-place> <last-goal>` (see the engine's
 * crate docs); the board is FEN-like, White upper case.
 */
export function parse(text) {
  const f = String(text).trim().split(/\s+/);
  const cells = new Map();
  (f[0] || '8/8/8/8/8/8/8/8').split('/').forEach((row, i) => {
    const rank = 7 - i;
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        cells.set(squareName(file, rank), { kind: ch.toUpperCase(), side: ch === ch.toUpperCase() ? 0 : 1 });
        file += 1;
      }
    }
  });
  const side = (c) => (c === 'b' ? 1 : 0);
  const pair = (v) => (v || '-/-').split('/').map((x) => (x === '-' ? '' : x));
  return {
    cells,
    ball: f[1] && f[1] !== '-' ? f[1] : null,
    toMove: side(f[2]),
    phase: f[3] || 'play',
    kickoff: side(f[4]),
    half: Number(f[5] || 1),
    actions: Number(f[6] || 0),
    score: (f[7] || '0-0').split('-').map(Number),
    teams: pair(f[8]),
    toPlace: pair(f[9]),
    lastGoal: f[10] && f[10] !== '-' ? side(f[10]) : null,
  };
}

/** The from/to points of an action; `pick:...` and `pass` are actions. */
export function moveParts(text, view) {
  const step = parseStep(text);
  if (step) {
    if (step.sep === '>') {
      const shot = GOALS.some((g) => g.includes(step.to)) && !(view && view.cells.has(step.to));
      return { from: step.from, to: step.to, kind: shot ? 'shot' : 'pass', anim: 'ball', promo: step.promo };
    }
    return { from: step.from, to: step.to, kind: step.sep === 'x' ? 'tackle' : 'move', promo: step.promo };
  }
  const m = /^([KQRBNP])@([a-h][1-8])$/.exec(text);
  if (m) return { from: `hand:${m[1]}`, to: m[2], kind: 'place', anim: 'none' };
  return { action: text };
}

function trayKinds(legal) {
  const kinds = new Set();
  for (const m of legal || []) {
    const p = /^([KQRBNP])@/.exec(m);
    if (p) kinds.add(p[1]);
  }
  return KINDS.filter((k) => kinds.has(k)).map((k) => `hand:${k}`);
}

export function geometry(view, flipped, legal) {
  return gridGeometry(8, flipped, trayKinds(legal));
}

/** A piece's name for screen readers and tooltips: `Knight (White)`. */
function pieceName(kind, side) {
  return `${t(`piece.${kind}`)} (${t(`side.football.${side}`)})`;
}

/** One chess-football piece (a chess-piece drawing, named by its title) at (x, y). */
export function pieceElement(kind, side, x, y, key) {
  return s('g', { class: `piece fb-piece side-${sides[side]} kind-${kind}`, 'data-key': key },
    s('title', null, pieceName(kind, side)),
    chessPiece(kind, sides[side], x, y, 92),
  );
}

/** The ball, drawn at the lower right of the holder's square. */
export function ballElement(x, y) {
  const r = 15;
  const bx = x + 27;
  const by = y + 27;
  const spots = [];
  for (let k = 0; k < 5; k++) {
    const a = (Math.PI * 2 * k) / 5 - Math.PI / 2;
    spots.push(s('circle', { class: 'ball-spot', cx: bx + Math.cos(a) * r * 0.85, cy: by + Math.sin(a) * r * 0.85, r: 3 }));
  }
  return s('g', { class: 'ball' },
    s('circle', { class: 'ball-body', cx: bx, cy: by, r }),
    s('polygon', { class: 'ball-patch', points: [0, 1, 2, 3, 4].map((k) => { const a = (Math.PI * 2 * k) / 5 - Math.PI / 2; return `${(bx + Math.cos(a) * 6).toFixed(1)},${(by + Math.sin(a) * 6).toFixed(1)}`; }).join(' ') }),
    spots,
  );
}

export function draw({ board, pieces }, view, geo) {
  const goalSquares = new Set(GOALS.flat());
  drawGrid(board, geo, { inside: true, extra: (f, r) => (goalSquares.has(squareName(f, r)) ? (r === 0 ? 'goal goal-white' : 'goal goal-black') : null) });
  // Goal frames (nets) in the margin beyond the goal line.
  for (const [side, goal] of GOALS.entries()) {
    const a = geo.points.get(goal[0]);
    const b = geo.points.get(goal[3]);
    const x = Math.min(a.x, b.x) - CELL / 2;
    const w = Math.abs(a.x - b.x) + CELL;
    const outward = (a.y > geo.side / 2) ? 1 : -1;
    const edge = a.y + (outward * CELL) / 2;
    const y = outward > 0 ? edge : edge - 26;
    board.append(s('rect', { class: `goal-net goal-net-${sides[side]}`, x, y, width: w, height: 26, rx: 4 }));
    board.append(s('rect', { class: 'goal-zone', x, y: a.y - CELL / 2, width: w, height: CELL }));
  }
  // Halfway line.
  const mid = geo.points.get('a4').y + (geo.flipped ? CELL / 2 : -CELL / 2);
  board.append(s('line', { class: 'halfway', x1: 34, x2: geo.side - 34, y1: mid, y2: mid }));
  const els = new Map();
  for (const [sq, piece] of view.cells) {
    const p = geo.points.get(sq);
    if (!p) continue;
    const g = pieceElement(piece.kind, piece.side, p.x, p.y, sq);
    if (view.ball === sq) g.append(ballElement(p.x, p.y));
    pieces.append(g);
    els.set(sq, g);
  }
  const tray = [...geo.points.keys()].filter((k) => k.startsWith('hand:'));
  if (tray.length) {
    drawTray(board, geo);
    for (const key of tray) {
      const p = geo.points.get(key);
      const g = pieceElement(key.slice(5), view.toMove, p.x, p.y, key);
      pieces.append(g);
      els.set(key, g);
      const n = [...(view.toPlace?.[view.toMove] || '')].filter((c) => c === key.slice(5)).length;
      if (n > 1) pieces.append(s('text', { class: 'tray-count', x: p.x + 42, y: p.y + 36 }, `×${n}`));
    }
  }
  return els;
}

export function material(view) {
  const count = [0, 0];
  for (const p of view.cells.values()) count[p.side] += 1;
  return count;
}
