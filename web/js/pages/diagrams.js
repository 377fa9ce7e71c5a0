// Static diagrams for the rules pages and the lobby, drawn by the same
// renderers as the game page. Positions here are illustrations written
// from the rules files, not computed: the client has no rules engine.

import { h } from '../dom.js';
import { Board } from '../board/board.js';
import { gameModule } from '../games/index.js';
import { squareName } from '../games/grid.js';
import { defaultBoard } from '../games/pursuit.js';

/** Lines of Action start position on an n x n board. */
export function loaStart(n = 8) {
  const cells = new Map();
  for (let i = 1; i < n - 1; i++) {
    cells.set(squareName(i, 0), 0);
    cells.set(squareName(i, n - 1), 0);
    cells.set(squareName(0, i), 1);
    cells.set(squareName(n - 1, i), 1);
  }
  return { size: n, cells, toMove: 0 };
}

/** A Lines of Action position from lists of squares. */
export function loaPosition(n, black, white) {
  const cells = new Map();
  for (const sq of black) cells.set(sq, 0);
  for (const sq of white) cells.set(sq, 1);
  return { size: n, cells, toMove: 0 };
}

/** Linear Pursuit classic set-up on `pentagrams`. */
export function pursuitStart() {
  const { n, chords } = defaultBoard();
  const inner = new Map();
  const outer = new Map();
  const order = ['R', 'N', 'B', 'K', 'B', 'N', 'R'];
  [7, 8, 9, 10, 11, 12, 13].forEach((p, i) => { outer.set(p, { kind: order[i], side: 0 }); inner.set(p, { kind: 'P', side: 0 }); });
  [17, 18, 19, 0, 1, 2, 3].forEach((p, i) => { outer.set(p, { kind: order[i], side: 1 }); inner.set(p, { kind: 'P', side: 1 }); });
  return { n, chords, inner, outer, toMove: 0 };
}

/** A Linear Pursuit position from `{key: 'K'|'k'...}` (`o4` = outer 4). */
export function pursuitPosition(pieces) {
  const { n, chords } = defaultBoard();
  const inner = new Map();
  const outer = new Map();
  for (const [key, letter] of Object.entries(pieces)) {
    const piece = { kind: letter.toUpperCase(), side: letter === letter.toUpperCase() ? 0 : 1 };
    if (key.startsWith('o')) outer.set(Number(key.slice(1)), piece);
    else inner.set(Number(key), piece);
  }
  return { n, chords, inner, outer, toMove: 0 };
}

/** A Chess Football position from `{square: 'K'|'k'...}` and the ball holder. */
export function footballPosition(pieces, ball, extra = {}) {
  const cells = new Map();
  for (const [sq, letter] of Object.entries(pieces)) cells.set(sq, { kind: letter.toUpperCase(), side: letter === letter.toUpperCase() ? 0 : 1 });
  return { cells, ball, toMove: 0, score: [0, 0], half: 1, actions: 0, phase: 'play', kickoff: 0, ...extra };
}

/** The standard test position of the rules file. */
export function footballStandard() {
  return footballPosition({ e1: 'K', d2: 'Q', a1: 'R', e4: 'N', c3: 'P', f3: 'P', e8: 'k', d7: 'q', h8: 'r', b6: 'n', c6: 'p', f6: 'p' }, 'e4');
}

/** The start view of a game, for thumbnails (the game module's). */
export function startView(game) {
  return gameModule(game).startView();
}

/**
 * A diagram: the game's renderer with an optional selected piece, the
 * moves it can make (notation) and a last move; `caption` under it.
 */
export function diagram(game, view, { legal = [], selected = null, lastMove = null, caption = '', id } = {}) {
  const host = h('div.diagram-board');
  const board = new Board(host, gameModule(game), {}, false);
  board.update({ view, legal, lastMove, interactive: false });
  if (selected) {
    board.selected = selected;
    board.render();
  }
  if (caption) board.svg.setAttribute('aria-label', caption);
  return h('figure.diagram', { id }, host, caption ? h('figcaption', null, caption) : null);
}

/** A small start-position picture of a game. */
export function miniBoard(game) {
  const host = h('div.mini-board');
  const board = new Board(host, gameModule(game), {}, false);
  board.update({ view: startView(game), interactive: false });
  board.svg.setAttribute('aria-hidden', 'true');
  return host;
}
