// Chess Football in the browser: the pitch with both goals, pieces, the
// ball on its holder, the placement tray, and the notation (`b1-c3`,
// `b5xe5`, `e4>c3`, `b7-b8=Q`, `K@e1`, `pick:QRN`, `pass`) read into
// from/to points; and the game page's hooks (games/index.js): goals by
// the players' names, the scoreboard, the phase in the status line, the
// goal flash, the team picker, the moves in words for the move list, a
// goal by dribble or shot played without asking which, and the King
// shown waiting in the tray (with a note saying why) while the first
// piece to place must be the one that kicks off. No rules here: what is
// legal comes from the server's list.

import { h, s } from '../dom.js';
import { t, has } from '../i18n.js';
import { teamPicker } from '../pages/team-picker.js';
import { chessPiece } from '../board/chess-pieces.js';
import { gridGeometry, drawGrid, drawTray, parseStep, squareName, CELL } from './grid.js';

export const id = 'football';
export const sides = ['white', 'black'];
export const KINDS = ['K', 'Q', 'R', 'B', 'N', 'P'];
export const PICKABLE = ['Q', 'R', 'B', 'N', 'P'];
export const GOALS = [['c1', 'd1', 'e1', 'f1'], ['c8', 'd8', 'e8', 'f8']];
/** Each side's kick-off square. */
export const KICKOFF = ['e4', 'e5'];

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

/**
 * Whether the King waits in the tray: the side to move still has it to
 * place, but every placement offered (`legal`) is a piece on its
 * kick-off square, which the King may not take (the piece placed there
 * kicks off with the ball; the engine offers the King afterwards).
 */
export function kingWaits(view, legal) {
  const places = (legal || []).filter((m) => /^[KQRBNP]@/.test(m));
  if (!places.length || !view || places.some((m) => m.startsWith('K@'))) return false;
  if (!places.every((m) => m.endsWith(`@${KICKOFF[view.toMove]}`))) return false;
  return (view.toPlace?.[view.toMove] || '').includes('K');
}

function trayKinds(legal, view) {
  const kinds = new Set();
  for (const m of legal || []) {
    const p = /^([KQRBNP])@/.exec(m);
    if (p) kinds.add(p[1]);
  }
  if (kingWaits(view, legal)) kinds.add('K');
  return KINDS.filter((k) => kinds.has(k)).map((k) => `hand:${k}`);
}

export function geometry(view, flipped, legal) {
  const geo = gridGeometry(8, flipped, trayKinds(legal, view));
  // The tray's entries that cannot be placed yet (drawn greyed, not movable).
  geo.waiting = new Set(kingWaits(view, legal) ? ['hand:K'] : []);
  return geo;
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

/** What the static board depends on: its orientation and the tray's entries. */
export function boardKey(view, geo) {
  return `${geo.flipped}|${[...geo.points.keys()].filter((k) => k.startsWith('hand:')).join(',')}`;
}

/** The pitch: squares with the goal areas, nets, halfway line and the tray's background. */
export function drawBoard(board, view, geo) {
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
  if ([...geo.points.keys()].some((k) => k.startsWith('hand:'))) drawTray(board, geo);
}

/** The pieces (the ball on its holder), the tray's pieces and counts, keyed (board/reconcile.js). */
export function pieces(view, geo) {
  const out = [];
  for (const [sq, piece] of view.cells) {
    const p = geo.points.get(sq);
    if (!p) continue;
    const ball = view.ball === sq;
    out.push({
      key: sq,
      piece: true,
      sig: `${piece.kind}${piece.side}${ball ? '*' : ''}@${p.x},${p.y}`,
      make: () => {
        const g = pieceElement(piece.kind, piece.side, p.x, p.y, sq);
        if (ball) g.append(ballElement(p.x, p.y));
        return g;
      },
    });
  }
  for (const key of [...geo.points.keys()].filter((k) => k.startsWith('hand:'))) {
    const p = geo.points.get(key);
    const kind = key.slice(5);
    const waits = Boolean(geo.waiting?.has(key));
    out.push({
      key,
      piece: true,
      sig: `${kind}${view.toMove}${waits ? 'w' : ''}@${p.x},${p.y}`,
      make: () => {
        const g = pieceElement(kind, view.toMove, p.x, p.y, key);
        if (waits) {
          g.classList.add('tray-waiting');
          const title = g.querySelector('title');
          if (title) title.textContent = t('football.king_waits', { square: KICKOFF[view.toMove] });
        }
        return g;
      },
    });
    const n = [...(view.toPlace?.[view.toMove] || '')].filter((c) => c === kind).length;
    if (n > 1) out.push({ key: `count:${kind}`, sig: `${n}@${p.x},${p.y}`, make: () => s('text', { class: 'tray-count', x: p.x + 42, y: p.y + 36 }, `×${n}`) });
  }
  return out;
}

/** Put `piece` on square `key`, as a hidden placement shows it (taken from the side's pieces to place). */
export function addPiece(view, key, piece) {
  view.cells.set(key, piece);
  const left = view.toPlace?.[piece.side];
  if (left && left.includes(piece.kind)) {
    view.toPlace = [...view.toPlace];
    view.toPlace[piece.side] = left.replace(piece.kind, '');
  }
}

/** The standard test position (README), for thumbnails. */
export const START = '4k2r/3q4/1np2p2/8/4N3/2P2P2/3Q4/R3K3 e4 w kickoff w 1 0 0-0 QRN/QRN -/- -';

export function startView() {
  return parse(START);
}

// ---- game-page hooks (games/index.js) ----------------------------------

/** The score a result names (results.js): the goals, `[White, Black]`. */
export function resultScore(view) {
  return Array.isArray(view.score) && view.score.length === 2 ? view.score : null;
}

/** The goals scored, beside each player's name. */
export function playerExtra(view, side) {
  return h('span.score-pill', { title: t('football.score') }, String(view.score?.[side] ?? 0));
}

/** The scoreboard: score, half and the moves left in the game. */
export function infoExtra(view, state) {
  const halfLength = Number(state.options['half-length'] || 45);
  const left = Math.max(0, halfLength * 2 - (view.actions || 0));
  return h('div.scoreboard#scoreboard', null,
    h('span.score-team.white', null, sideLabel(0)),
    h('span.score-num', null, `${view.score[0]} : ${view.score[1]}`),
    h('span.score-team.black', null, sideLabel(1)),
    h('span.score-meta', null, t('football.half', { n: view.half }), ' · ', t('football.moves_left', { n: left })),
  );
}

/** The phase (team choice, placement, kick-off) after the status, until the game is over. */
export function statusSuffix(view, state) {
  if (state.result || !view.phase || view.phase === 'play') return '';
  return ` · ${t(`football.phase.${view.phase}`)}`;
}

/** A goal: a cheer and the scorer's name over the board. */
export function moveFlash(view) {
  if (view.lastGoal === undefined || view.lastGoal === null) return null;
  return { sound: 'goal', title: t('football.goal'), text: sideLabel(view.lastGoal) };
}

/**
 * A move in words for the move list: `pick:QRN` is "White picks Q R N",
 * `Q@e4` "Q to e4", `pass` "no action"; the other actions stay in
 * notation (`e4>c3`).
 */
export function moveLabel(text, side) {
  const pick = /^pick:([QRBNP]{3})$/.exec(text);
  if (pick) return t('football.move.pick', { side: sideLabel(side), pieces: [...pick[1]].join(' ') });
  const place = /^([KQRBNP])@([a-h][1-8])$/.exec(text);
  if (place) return t('football.move.place', { piece: place[1], square: place[2] });
  if (text === 'pass') return t('football.move.no_action');
  return text;
}

/**
 * When one from/to pair stands for several moves that all score (the
 * ball holder dribbling into the goal it attacks, or shooting there; a
 * Pawn's promotions on the way), they end the same: a goal. The move to
 * play without asking (the shot if there is one), else null (ask).
 */
export function autoChoice(candidates, view) {
  if (!view || !candidates?.length) return null;
  const goal = GOALS[1 - view.toMove];
  const scores = (m) => m.from === view.ball && goal.includes(m.to) && (m.kind === 'shot' || m.kind === 'move');
  if (!candidates.every(scores)) return null;
  return (candidates.find((m) => m.kind === 'shot') || candidates[0]).text;
}

/** The placement note: why the King waits (`kingWaits`), else null (the usual hint). */
export function placementHint(view, legal) {
  return kingWaits(view, legal) ? t('football.king_waits', { square: KICKOFF[view.toMove] }) : null;
}

/** The team choice (`pick:...` moves) gets its own panel. */
export function actionPanel(actions, send) {
  const picks = actions.filter((m) => m.action.startsWith('pick:'));
  return {
    panel: picks.length ? teamPicker(picks.map((m) => m.action), send) : null,
    rest: actions.filter((m) => !m.action.startsWith('pick:')),
  };
}

function sideLabel(side) {
  return has(`side.football.${side}`) ? t(`side.football.${side}`) : String(side);
}

export function material(view) {
  const count = [0, 0];
  for (const p of view.cells.values()) count[p.side] += 1;
  return count;
}
