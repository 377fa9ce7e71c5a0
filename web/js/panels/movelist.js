// The move list shared by the game and replay pages: numbered pairs when
// the sides alternate, otherwise (placement phases) one ply per row with
// a dot of the side that played it, read from the position texts. Each
// move is written in words where the game module says how (`moveLabel`:
// Chess Football's "White picks Q R N", "Q to e4"), its notation kept as
// the title and in `data-move`.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';

/** Which side played each ply, from the position before it. */
export function plySides(mod, rec) {
  return rec.moves.map((_, i) => {
    const before = i === 0 ? rec.start : rec.positions[i - 1];
    if (!before) return null;
    try { return mod.parse(before, rec.options).toMove; } catch { return null; }
  });
}

/**
 * Fill `list` (an <ol>) with the moves of `rec` ({start, positions,
 * moves, options}); `current` is the ply shown; `onPick(ply)` on click;
 * `marks` (optional, from a game review: per ply `{mark, symbol, best}` or
 * null) adds ?! ? ?? with the better move as its title.
 */
export function drawMoveList(list, mod, rec, current, onPick, marks = null) {
  const sides = plySides(mod, rec);
  const alternating = sides.every((s, i) => s === null || s === i % 2);
  list.classList.toggle('single', !alternating);
  const label = (m, side) => (mod.moveLabel ? mod.moveLabel(m, side) : m);
  const items = rec.moves.map((m, i) => {
    const side = sides[i] ?? i % 2;
    const num = alternating
      ? h('span.ply-num', null, i % 2 === 0 ? `${i / 2 + 1}.` : '')
      : [h('span.ply-num', null, `${i + 1}.`), h('span', { class: `side-dot mini side-${mod.sides[side]} game-${mod.id}` })];
    return h('li', {
      class: ['move', i + 1 === current ? 'current' : ''],
      dataset: { ply: i + 1, move: m },
      title: label(m, side) === m ? null : m,
      tabindex: '0',
      onclick: () => onPick(i + 1),
      onkeydown: (e) => { if (e.key === 'Enter') onPick(i + 1); },
    }, num, label(m, side), markBadge(marks?.[i]));
  });
  replace(list, items.length ? items : h('li.empty-row', null, t('game.no_moves')));
  const cur = list.querySelector('.current');
  if (cur) list.scrollTop = Math.max(0, cur.offsetTop - list.clientHeight / 2);
}

/** A review's mark after a move: its symbol, the better move on hover (title) and for screen readers. */
function markBadge(mark) {
  if (!mark) return null;
  const better = mark.best ? t('review.better', { move: mark.best }) : '';
  return h('span', { class: `move-mark mark-${mark.mark}`, title: better, 'aria-label': `${t(`review.mark.${mark.mark}`)} ${better}` }, mark.symbol);
}
