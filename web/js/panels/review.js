// The game review (issue 15) of a finished game: a "Review" button that
// asks the server to run the engine over every position (POST
// /api/games/{id}/review, then GET until done), then an SVG evaluation
// graph (the first player's win probability after each ply; click a
// point to go to that ply), each player's accuracy and the current ply's
// verdict. The marks (?! ? ??) go to the move list (`plyMarks`).

import { h, s, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { sideName } from '../pages/common.js';

/** The symbol of each mark. */
export const MARK_SYMBOL = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** Per ply (index ply - 1): `{mark, symbol, best, loss}` for a marked move, else null. */
export function plyMarks(review) {
  return review.plies.map((p) => (p.mark ? { mark: p.mark, symbol: MARK_SYMBOL[p.mark], best: p.best, loss: p.loss } : null));
}

/** The graph's points: one per position (ply 0 is the start), x across `width`, y down from 100 %. */
export function graphPoints(review, width, height) {
  const n = review.positions.length - 1;
  return review.positions.map((p, i) => ({ ply: i, x: n ? (i / n) * width : width / 2, y: height * (1 - p.win / 100) }));
}

const W = 300;
const H = 80;

/** The evaluation graph: an area above/below 50 %, a dot per position (marked plies coloured), the current ply. */
function graph(review, current, onPick) {
  const pts = graphPoints(review, W, H);
  const line = pts.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const area = `0,${H} ${line} ${W},${H}`;
  const cur = pts[Math.min(current, pts.length - 1)];
  return s('svg', { class: 'review-graph', id: 'review-graph', viewBox: `-4 -4 ${W + 8} ${H + 8}`, role: 'img', 'aria-label': t('review.graph') },
    s('rect', { class: 'review-bg', x: 0, y: 0, width: W, height: H }),
    s('polygon', { class: 'review-area', points: area }),
    s('line', { class: 'review-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }),
    s('polyline', { class: 'review-line', points: line }),
    cur ? s('line', { class: 'review-cursor', x1: cur.x, y1: 0, x2: cur.x, y2: H }) : null,
    pts.map((p) => {
      const ply = review.plies[p.ply - 1];
      const mark = ply?.mark;
      return s('circle', {
        class: ['review-point', mark ? `mark-${mark}` : ''], cx: p.x, cy: p.y, r: mark ? 3.5 : 2.2,
        dataset: { ply: p.ply }, tabindex: '0',
        onclick: () => onPick(p.ply),
        onkeydown: (e) => { if (e.key === 'Enter') onPick(p.ply); },
      }, s('title', null, t('review.point', { n: p.ply, win: review.positions[p.ply].win })));
    }));
}

/**
 * The review card of game `gameId` (kind `game`): `onPick(ply)` goes to a
 * ply, `onReview(review)` when the review is there (to mark the move
 * list). `update(ply)` shows the ply on the graph.
 */
export function reviewPanel({ gameId, game, onPick, onReview }) {
  const body = h('div.review-body');
  const button = h('button.btn.ghost#review-button', { onclick: () => start() }, t('review.button'));
  const el = h('div.card.review-card#review-card', null, h('h2', null, t('review.title')), button, body);
  let review = null;
  let current = 0;
  let timer = null;
  let closed = false;
  // The latest request: only its answer is shown (the first read, sent
  // before a click on Review, may answer "none" after the review began).
  let asked = 0;
  const ask = (call, failed = (err) => fail(err)) => {
    const mine = ++asked;
    call(gameId).then((v) => { if (mine === asked) show(v); }, (err) => { if (mine === asked) failed(err); });
  };
  const draw = () => {
    if (!review) return;
    const ply = review.plies[current - 1];
    const verdict = ply
      ? h('p.review-verdict#review-verdict', null,
        ply.mark
          ? t(`review.verdict.${ply.mark}`, { move: ply.played, best: ply.best ?? '—', loss: ply.loss })
          : t('review.verdict.good', { move: ply.played }))
      : null;
    replace(body,
      graph(review, current, onPick),
      h('p.review-accuracy#review-accuracy', null,
        [0, 1].map((side) => h('span', { class: 'review-acc', dataset: { side } },
          t('review.accuracy', { side: sideName(game, side), acc: review.accuracy[side] ?? '—' })))),
      verdict);
  };
  const show = (v) => {
    if (closed) return;
    if (v.state === 'done' && v.review) {
      review = v.review;
      button.hidden = true;
      draw();
      onReview(review);
      return;
    }
    if (v.state === 'none') {
      button.hidden = false;
      button.disabled = false;
      return;
    }
    button.hidden = false;
    button.disabled = true;
    const p = v.progress;
    replace(body, h('p.review-progress#review-progress', null, p ? t('review.progress', { done: p.done, total: p.total }) : t('review.queued')));
    timer = setTimeout(() => ask(api.review), 700);
  };
  const fail = (err) => {
    if (closed) return;
    button.disabled = false;
    replace(body, h('p.error', null, err?.message || String(err)));
  };
  const start = () => {
    button.disabled = true;
    ask(api.startReview);
  };
  // A review stored already shows at once.
  ask(api.review, () => {});
  return {
    el,
    update(ply) { current = ply; draw(); },
    close() { closed = true; clearTimeout(timer); },
  };
}
