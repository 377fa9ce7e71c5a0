// Square boards (Lines of Action, Chess Football): coordinates, geometry
// and drawing of the grid with its file letters and rank numbers.

import { s } from '../dom.js';

export const CELL = 100;
export const MARGIN = 34;
const TRAY = 130;

/** `e4` for file index 4 (0-based) and rank index 3 (0-based). */
export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

/**
 * Geometry of an n x n board: viewBox, and a point per square (`a1`...)
 * plus one per tray entry (`hand:K`...), for pieces waiting to be placed.
 */
export function gridGeometry(n, flipped, tray = []) {
  const side = n * CELL + 2 * MARGIN;
  const points = new Map();
  for (let f = 0; f < n; f++) {
    for (let r = 0; r < n; r++) {
      const col = flipped ? n - 1 - f : f;
      const row = flipped ? r : n - 1 - r;
      points.set(squareName(f, r), { x: MARGIN + col * CELL + CELL / 2, y: MARGIN + row * CELL + CELL / 2, r: CELL * 0.46, hit: CELL * 0.5 });
    }
  }
  const height = side + (tray.length ? TRAY : 0);
  const step = Math.min(CELL * 1.1, (n * CELL) / Math.max(tray.length, 1));
  const x0 = MARGIN + (n * CELL - step * (tray.length - 1)) / 2;
  tray.forEach((key, i) => points.set(key, { x: x0 + i * step, y: side + TRAY / 2 - 8, r: CELL * 0.44, hit: CELL * 0.5 }));
  return { n, flipped, side, viewBox: [0, 0, side, height], points, markRadius: CELL * 0.46, trayY: side };
}

/** Draw the squares, their colours and the coordinates. */
export function drawGrid(layer, geo, { light, dark, extra, inside = false } = {}) {
  const { n, flipped, side } = geo;
  layer.append(s('rect', { class: 'board-frame', x: 0, y: 0, width: side, height: side, rx: 14 }));
  for (let f = 0; f < n; f++) {
    for (let r = 0; r < n; r++) {
      const p = geo.points.get(squareName(f, r));
      const isLight = (f + r) % 2 === 1;
      layer.append(
        s('rect', {
          class: ['sq', isLight ? 'sq-light' : 'sq-dark', extra?.(f, r)],
          x: p.x - CELL / 2, y: p.y - CELL / 2, width: CELL, height: CELL,
          fill: isLight ? light : dark,
          'data-square': squareName(f, r),
        }),
      );
    }
  }
  for (let i = 0; i < n && inside; i++) {
    const file = flipped ? n - 1 - i : i;
    const rank = flipped ? i : n - 1 - i;
    const x = MARGIN + i * CELL;
    const y = MARGIN + i * CELL;
    layer.append(s('text', { class: 'coord coord-inside', x: x + CELL - 12, y: side - MARGIN - 13 }, String.fromCharCode(97 + file)));
    layer.append(s('text', { class: 'coord coord-inside', x: MARGIN + 11, y: y + 15 }, String(rank + 1)));
  }
  for (let i = 0; i < n && !inside; i++) {
    const file = flipped ? n - 1 - i : i;
    const rank = flipped ? i : n - 1 - i;
    const x = MARGIN + i * CELL + CELL / 2;
    layer.append(s('text', { class: 'coord', x, y: side - MARGIN / 2 + 1 }, String.fromCharCode(97 + file)));
    const y = MARGIN + i * CELL + CELL / 2;
    layer.append(s('text', { class: 'coord', x: MARGIN / 2, y }, String(rank + 1)));
  }
}

/** Background of the placement tray under the board. */
export function drawTray(layer, geo) {
  const [, , w, h] = geo.viewBox;
  layer.append(s('rect', { class: 'tray', x: MARGIN, y: geo.trayY + 10, width: w - 2 * MARGIN, height: h - geo.trayY - 16, rx: 16 }));
}

/** Parse `from-to`, `fromxto`, `from>to` notation (with optional `=Q`). */
export function parseStep(text) {
  const m = /^([a-z]\d{1,2})([-x>])([a-z]\d{1,2})(?:=([QRBN]))?$/.exec(text);
  if (!m) return null;
  return { from: m[1], to: m[3], sep: m[2], promo: m[4] || null };
}
