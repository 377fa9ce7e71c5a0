// Lines of Action in the browser: reads the engine's position text, draws
// the board (Black's pieces red, as in the seed) and reads move notation
// (`b1-d3`, `b1xd3`, `pass`) into from/to points. No rules here.

import { s } from '../dom.js';
import { gridGeometry, drawGrid, parseStep, squareName } from './grid.js';

export const id = 'loa';
export const sides = ['black', 'white'];

/**
 * Read a position text: rows from the top rank down, separated by `/`,
 * `b`/`B` Black, `w`/`W` White, digits for runs of empty squares, then the
 * side to move (`b` / `w`). Returns { size, cells: Map square -> 0|1, toMove }.
 */
export function parse(text) {
  const [board, turn] = String(text).trim().split(/\s+/);
  const rows = board.split('/');
  const size = rows.length;
  const cells = new Map();
  rows.forEach((row, i) => {
    const rank = size - 1 - i;
    let file = 0;
    for (const ch of row.match(/\d+|./g) || []) {
      if (/\d/.test(ch)) file += Number(ch);
      else {
        if (/[bx]/i.test(ch)) cells.set(squareName(file, rank), 0);
        else if (/[wo]/i.test(ch)) cells.set(squareName(file, rank), 1);
        file += 1;
      }
    }
  });
  return { size, cells, toMove: /^w/i.test(turn || 'b') ? 1 : 0 };
}

/** The from/to points of a move, or none for `pass`. */
export function moveParts(text) {
  const step = parseStep(text);
  if (!step) return { action: text };
  return { from: step.from, to: step.to, kind: step.sep === 'x' ? 'capture' : 'move' };
}

export function geometry(view, flipped) {
  return gridGeometry(view.size, flipped);
}

/** What the static board depends on: its size and orientation. */
export function boardKey(view, geo) {
  return `${view.size}|${geo.flipped}`;
}

/** The squares and coordinates. */
export function drawBoard(layer, view, geo) {
  drawGrid(layer, geo, {});
}

/** The pieces, keyed by square (board/reconcile.js). */
export function pieces(view, geo) {
  const out = [];
  for (const [sq, side] of view.cells) {
    const p = geo.points.get(sq);
    if (!p) continue;
    out.push({
      key: sq,
      piece: true,
      sig: `${side}@${p.x},${p.y}`,
      make: () => s('g', { class: `piece loa-piece side-${sides[side]}`, 'data-key': sq },
        s('circle', { class: 'shadow', cx: p.x + 3, cy: p.y + 5, r: 37 }),
        s('circle', { class: 'body', cx: p.x, cy: p.y, r: 37 }),
        s('circle', { class: 'rim', cx: p.x, cy: p.y, r: 27 }),
      ),
    });
  }
  return out;
}

/** The 8x8 start position (README), for thumbnails. */
export const START = '.bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b';

export function startView() {
  return parse(START);
}

/** The piece count per side, shown next to the clocks. */
export function material(view) {
  const count = [0, 0];
  for (const side of view.cells.values()) count[side] += 1;
  return count;
}
