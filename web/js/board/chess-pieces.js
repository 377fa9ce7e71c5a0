// Chess-piece drawings (King, Queen, Rook, Bishop, Knight, Pawn) in SVG,
// drawn for this site from simple geometric paths. Each piece is designed
// in a 100 x 100 box centred on (0, 0) and standing on a plinth near the
// bottom; `chessPiece` places and scales it. White pieces are light with a
// dark outline, Black pieces dark with light inner lines, so both read on
// light and dark backgrounds and at small sizes.

import { s } from '../dom.js';

/** The plinth the pieces stand on (a slab with rounded upper corners). */
const PLINTH = 'M-29 40 H29 V35 Q29 30 24 30 H-24 Q-29 30 -29 35 Z';
/** The Pawn's narrower plinth. */
const PAWN_PLINTH = 'M-25 40 H25 V35 Q25 30 20 30 H-20 Q-25 30 -25 35 Z';
/** The flared foot of the taller pieces, from a waist at y = 6 down to the plinth. */
const FOOT = 'M-14 6 C-14 16 -20 23 -23 30 H23 C20 23 14 16 14 6 Z';
/** An ellipse as a path. */
const ellipse = (cx, cy, rx, ry) => `M${cx - rx} ${cy} a${rx} ${ry} 0 1 0 ${2 * rx} 0 a${rx} ${ry} 0 1 0 ${-2 * rx} 0 Z`;
/** A collar ring where a piece's head meets its foot; dark pieces show an inner ring. */
const collar = (y, hw) => ({ d: ellipse(0, y, hw, 4.5), inset: ellipse(0, y, hw - 4, 1.6) });
/** A full circle as a path. */
const circle = (cx, cy, r) => ellipse(cx, cy, r, r);

/**
 * Each kind: `parts`, filled and outlined shapes painted in order (later
 * ones cover earlier ones; a part `{ d, inset }` also has an inner line
 * `inset`, drawn on dark pieces only); `lines`, inner lines drawn over
 * them; `dots` ([x, y, r]), small marks in the inner-line colour.
 */
const DESIGNS = {
  P: {
    parts: [
      PAWN_PLINTH,
      'M-9 -4 C-9 10 -18 20 -20 30 H20 C18 20 9 10 9 -4 Z',
      collar(-5, 14),
      circle(0, -20, 12),
    ],
    lines: ['M-17 35 H17'],
  },
  R: {
    parts: [
      PLINTH,
      'M-25 30 V24 H25 V30 Z',
      'M-17 -12 L-20 24 H20 L17 -12 Z',
      'M-23 -13 V-38 H-14 V-31 H-5 V-38 H5 V-31 H14 V-38 H23 V-13 Z',
    ],
    lines: ['M-20 35 H20', 'M-17 -20 H17', 'M-15 -6 H15', 'M-17 18 H17'],
  },
  B: {
    parts: [
      PLINTH,
      FOOT,
      collar(5, 16),
      'M0 -36 C12 -27 19 -15 15 -3 Q0 3 -15 -3 C-19 -15 -12 -27 0 -36 Z',
      circle(0, -39, 5),
    ],
    lines: ['M-20 35 H20', 'M2 -25 L10 -14', 'M-12 -6 Q0 -1 12 -6'],
  },
  N: {
    parts: [
      PLINTH,
      'M23 30 C27 8 24 -15 10 -28 L8 -42 L0 -32 L-4 -40 L-9 -29 C-14 -26 -18 -21 -21 -15 '
        + 'L-29 -3 C-32 2 -30 8 -25 8 C-21 8 -17 5 -13 4 C-10 3 -8 5 -9 8 C-14 15 -20 22 -21 30 Z',
    ],
    lines: ['M-20 35 H20', 'M6 -27 C16 -14 18 4 15 23', 'M-26 -1 L-22 -3'],
    dots: [[-10, -19, 3]],
  },
  Q: {
    parts: [
      PLINTH,
      FOOT,
      'M-15 6 L-27 -22 L-14 -10 L-13 -29 L-4 -12 L0 -33 L4 -12 L13 -29 L14 -10 L27 -22 L15 6 Z',
      collar(5, 17),
      circle(-27, -24, 4.5),
      circle(-13, -31, 4.5),
      circle(0, -36, 5),
      circle(13, -31, 4.5),
      circle(27, -24, 4.5),
    ],
    lines: ['M-20 35 H20', 'M-14 -2 Q0 2 14 -2'],
  },
  K: {
    parts: [
      PLINTH,
      FOOT,
      'M-16 6 L-22 -14 Q0 -24 22 -14 L16 6 Z',
      collar(5, 17),
      'M-3 -19 V-30 H-9 V-36 H-3 V-43 H3 V-36 H9 V-30 H3 V-19 Z',
    ],
    lines: ['M-20 35 H20', 'M-19 -6 Q0 -12 19 -6'],
  },
};

/** Paint of each colour: fill, outline, inner lines, and whether collars get an inner ring. */
const PAINT = {
  white: { fill: '#fbf8f1', stroke: '#1f2a37', line: '#1f2a37', insets: false },
  black: { fill: '#2a3441', stroke: '#0d1218', line: '#eae4d6', insets: true },
};

/**
 * An SVG group drawing the chess piece `kind` (`K`, `Q`, `R`, `B`, `N`,
 * `P`) of `colour` (`white` or `black`), centred on (x, y) and `size` units
 * tall and wide. It carries no title: the caller names it.
 */
export function chessPiece(kind, colour, x, y, size) {
  const design = DESIGNS[kind];
  const paint = PAINT[colour];
  if (!design) throw new Error(`unknown chess piece ${kind}`);
  if (!paint) throw new Error(`unknown piece colour ${colour}`);
  const k = size / 100;
  const part = (p) => (typeof p === 'string'
    ? s('path', { d: p })
    : [s('path', { d: p.d }), paint.insets ? s('path', { class: 'cp-inset', d: p.inset, fill: 'none', stroke: paint.line, 'stroke-width': 1.8 }) : null]);
  return s('g', { class: `chess-piece cp-${colour} cp-${kind}`, transform: `translate(${x} ${y}) scale(${k})` },
    s('ellipse', { class: 'cp-shadow', cx: 2, cy: 41, rx: 30, ry: 5, fill: 'rgba(0, 0, 0, .22)' }),
    s('g', { class: 'cp-body', fill: paint.fill, stroke: paint.stroke, 'stroke-width': 3.2, 'stroke-linejoin': 'round' },
      design.parts.map(part)),
    s('g', { class: 'cp-lines', fill: 'none', stroke: paint.line, 'stroke-width': 2.2, 'stroke-linecap': 'round' },
      design.lines.map((d) => s('path', { d }))),
    (design.dots || []).map(([cx, cy, r]) => s('circle', { class: 'cp-dot', cx, cy, r, fill: paint.line })),
  );
}
