// Results in words, wherever the client shows one (the game page's banner
// and status line, the replay, the analysis board, game lists): who won,
// by the side's name ("Black wins"), with the score where the game keeps
// one (Chess Football's goals: "White wins 3–0"), and why it ended. The
// server's `text` (`1-0`, `0-1`, `1/2-1/2`) stays in exported records.
//
// The score comes from the result (`result.score`, when the server sends
// it), else from the game's final position, read by its module: a game
// module may export `resultScore(view)`, the `[first, second]` score its
// position keeps (Chess Football: the goals), or null.

import { t, has } from './i18n.js';

const isSide = (x) => x === 0 || x === 1;

/**
 * The winning side of a result: its `winner`, else (an imported record,
 * whose result is what its headers say) its text, `1-0` or `0-1`; null for
 * a draw or an unknown result.
 */
export function resultWinner(result) {
  if (!result) return null;
  if (isSide(result.winner)) return result.winner;
  if (result.text === '1-0') return 0;
  if (result.text === '0-1') return 1;
  return null;
}

/**
 * The score of a finished game, `[first, second]`, or null for a game
 * without one: the result's own `score`, else what the module reads from
 * the final `position` (text) with the game's `options`.
 */
export function finalScore(mod, result, position, options) {
  const own = result?.score;
  if (Array.isArray(own) && own.length === 2 && own.every((n) => Number.isFinite(Number(n)))) return own.map(Number);
  if (!mod || typeof mod.resultScore !== 'function' || !position) return null;
  try {
    const score = mod.resultScore(mod.parse(position, options || {}));
    return Array.isArray(score) && score.length === 2 && score.every(Number.isFinite) ? score : null;
  } catch {
    return null;
  }
}

/** A score as a sports result, `3–0`: the side `first`'s count first (the winner's). */
export function scoreText(score, first = 0) {
  return `${score[first]}–${score[1 - first]}`;
}

function sideWord(game, side) {
  const key = `side.${game}.${side}`;
  return has(key) ? t(key) : String(side);
}

/**
 * Who won, in words: "Black wins", "White wins 3–0" (the winner's score
 * first), "Draw", "Draw 1–1", "Game aborted".
 */
export function resultHeadline(game, result, score = null) {
  if (!result) return '';
  if (result.reason === 'aborted') return t('result.aborted');
  const winner = resultWinner(result);
  // An imported record's own result text that is neither a win nor a draw.
  if (winner === null && result.text && result.text !== '1/2-1/2' && !result.reason) return result.text;
  const goals = score ? scoreText(score, winner ?? 0) : '';
  if (winner === null) return goals ? t('result.draw_score', { score: goals }) : t('result.draw');
  const side = sideWord(game, winner);
  return goals ? t('result.wins_score', { side, score: goals }) : t('result.wins', { side });
}

/** Why the game ended, as a phrase ("all pieces connected"), or ''. */
export function resultReason(result) {
  if (!result || !result.reason) return '';
  return has(`reason.${result.reason}`) ? t(`reason.${result.reason}`) : String(result.reason);
}

/** The result in one line: "White wins 3–0 — final score", "Game aborted". */
export function resultText(game, result, score = null) {
  if (!result) return '';
  const who = resultHeadline(game, result, score);
  const why = result.reason === 'aborted' ? '' : resultReason(result);
  return why ? `${who} — ${why}` : who;
}

/** A phrase with its first letter in upper case (a reason on a line of its own). */
export function capitalized(text) {
  return text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : '';
}
