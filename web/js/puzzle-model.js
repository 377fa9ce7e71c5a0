// Puzzles (issue 25): the pure parts of the puzzle pages (pages/puzzles.js),
// no DOM. Where a puzzle is read from (GET /api/puzzles/<game>/next,
// /daily, /api/puzzle/<id>), the request for a position of it (POST
// /api/positions), the links (a theme, the next puzzle, the analysis
// board), the names of the themes, and one try at a puzzle: the line so
// far as the server gave it (the solver's moves and its replies), the
// server's verdicts (right, solved, wrong with its refutation), giving up,
// a new try from the start, and stepping through the solution.

import { t, has } from './i18n.js';

/** How long the solver's move stays alone on the board before the opponent's reply, or a refutation, is played (ms). */
export const REPLY_MS = 500;

/**
 * The API path of the puzzle a page asks for: `{id}` one puzzle,
 * `{game, daily: true}` today's, else `{game, theme?, after?}` the next
 * one (of a theme, not the one just played).
 */
export function puzzlePath({ id, game, daily, theme, after }) {
  if (id) return `/api/puzzle/${encodeURIComponent(id)}`;
  const base = `/api/puzzles/${encodeURIComponent(game)}`;
  if (daily) return `${base}/daily`;
  const q = new URLSearchParams();
  if (theme) q.set('theme', theme);
  if (after) q.set('after', after);
  const query = q.toString();
  return `${base}/next${query ? `?${query}` : ''}`;
}

/** The page of `game`'s puzzles of `theme` (all of them without one). */
export function themeHref(game, theme) {
  return theme ? `/puzzles/${game}?${new URLSearchParams({ theme })}` : `/puzzles/${game}`;
}

/** The page of the puzzle after `puzzle` (of `theme`, if the viewer chose one). */
export function nextHref(puzzle, theme) {
  const q = new URLSearchParams();
  if (theme) q.set('theme', theme);
  q.set('after', puzzle.id);
  return `/puzzles/${puzzle.game}?${q}`;
}

/** The body of POST /api/positions for `puzzle`'s position after `moves`. */
export function positionBody(puzzle, moves) {
  const body = { game: puzzle.game, position: puzzle.position, moves };
  if (puzzle.options && Object.keys(puzzle.options).length) body.options = puzzle.options;
  return body;
}

/**
 * The analysis board at `puzzle`'s position with `moves` played
 * (pages/analysis.js reads `game`, `options` as `key=value,…`,
 * `position` and the space-separated `moves`).
 */
export function analysisHref(puzzle, moves) {
  const q = new URLSearchParams({ game: puzzle.game });
  const options = Object.entries(puzzle.options || {});
  if (options.length) q.set('options', options.map(([k, v]) => `${k}=${v}`).join(','));
  q.set('position', puzzle.position);
  if (moves.length) q.set('moves', moves.join(' '));
  return `/analysis?${q}`;
}

/** A theme's name in the current language (its id where the catalogue has none). */
export function themeName(theme) {
  const key = `puzzles.theme.${theme}`;
  return has(key) ? t(key) : theme;
}

/** A rating change as shown: `+12`, `−8` (a real minus sign), `±0`. */
export function signedChange(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return '\u00b10';
}

/** The CSS class of a rating change (`up`, `down`, or none). */
export function changeClass(change) {
  return change > 0 ? 'up' : change < 0 ? 'down' : '';
}

/** Whether a player's rating is still provisional (its deviation above 110, as the leaderboard counts it). */
export function provisional(player) {
  return Boolean(player) && player.deviation > 110;
}

// ---- one try at a puzzle ---------------------------------------------------

/**
 * Why a try is unrated before it ends, or null when it counts:
 * `'signup'` (a guest or a visitor), `'again'` (a retry, or a puzzle the
 * person has already tried).
 */
export function unratedReason(puzzle, { registered, retry }) {
  if (!registered) return 'signup';
  if (retry || puzzle.tried) return 'again';
  return null;
}

/**
 * A new try at `puzzle` from its start. `phase`: `'solving'` (the
 * solver's turn), `'checking'` (a move sent), `'replying'` (right: the
 * reply is about to be played), `'solved'`, `'failed'`. `played`: the
 * line so far as the server gave it; `wrong` and `refutation`: the wrong
 * move and the answer to it; `solution` and `outcome` once it ends;
 * `step`: how many of the solution's moves are shown (null: not shown).
 */
export function newTry(puzzle, { registered = false, retry = false } = {}) {
  return {
    phase: 'solving',
    played: [],
    wrong: null,
    refutation: [],
    solution: null,
    outcome: null,
    gaveUp: false,
    step: null,
    unrated: unratedReason(puzzle, { registered, retry }),
  };
}

/** The try once `move` is sent (no other move until the verdict comes). */
export function sent(tr) {
  return { ...tr, phase: 'checking' };
}

/** The try after the server's verdict `answer` on the solver's `move`. */
export function answered(tr, move, answer) {
  switch (answer.verdict) {
    case 'right':
      return { ...tr, phase: 'replying', played: [...tr.played, move, answer.reply] };
    case 'solved':
      return { ...tr, phase: 'solved', played: [...tr.played, move], solution: answer.solution, outcome: answer.outcome };
    default:
      return {
        ...tr,
        phase: 'failed',
        wrong: move,
        refutation: (answer.refutation || []).slice(0, 1),
        solution: answer.solution,
        outcome: answer.outcome,
      };
  }
}

/** The try once the opponent's reply is on the board: the solver's turn again. */
export function replied(tr) {
  return tr.phase === 'replying' ? { ...tr, phase: 'solving' } : tr;
}

/** The try given up (POST /api/puzzle/<id>/solution's `answer`): failed, its solution shown from its first move. */
export function gaveUp(tr, answer) {
  return { ...tr, phase: 'failed', gaveUp: true, solution: answer.solution, outcome: answer.outcome, step: Math.min(1, answer.solution.length) };
}

/** Whether the try is over (solved or failed). */
export function ended(tr) {
  return tr.phase === 'solved' || tr.phase === 'failed';
}

/** The try with the first `step` moves of its solution shown (kept within the line). */
export function showStep(tr, step) {
  if (!tr.solution) return tr;
  return { ...tr, step: Math.max(0, Math.min(tr.solution.length, step)) };
}

/**
 * The moves on the board from the puzzle's start: the solution's first
 * `step` while it is shown; else the line so far, with a wrong move and
 * its refutation (while a reply waits, the line without it).
 */
export function boardMoves(tr) {
  if (tr.step !== null && tr.solution) return tr.solution.slice(0, tr.step);
  if (tr.wrong) return [...tr.played, tr.wrong, ...tr.refutation];
  if (tr.phase === 'replying') return tr.played.slice(0, -1);
  return tr.played;
}
