// The player bars above and below the board: the side's colour, the
// player (linked to their profile), rating (once a rated game is over,
// the rating after it with the change: `1512 (+12)`), side name and a
// "you" badge,
// the game module's extra (piece count, goals: `playerExtra`), and the
// side's clock, whose text clocks.js keeps ticking.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { sideName, seatName, botBadge } from '../pages/common.js';
import { toMoveSide, computerThinking, barRating, deltaText } from '../game-state.js';

/** A bar (`where`: `top` or `bottom`); `update(state, view, game, side)` draws it for `side`. */
export function playerBar(where) {
  const el = h(`div.player-bar.${where}`);
  return {
    el,
    update(state, view, game, side) {
      const seat = state.players[side];
      const toMove = toMoveSide(state, side);
      const thinking = toMove && computerThinking(state);
      // Guests are never rated: no rating beside their name.
      const r = barRating(state, side);
      const rating = r ? h('span.rating', { title: r.delta === null ? null : t('game.rating_after') },
        r.rating,
        r.delta === null ? null : h('span', { class: ['rating-delta', r.delta > 0 ? 'up' : r.delta < 0 ? 'down' : ''] }, ` (${deltaText(r.delta)})`)) : null;
      replace(el,
        h('span', { class: `side-dot side-${game.sides[side]} game-${game.id}` }),
        h('div.player-name', null,
          seat && seat.user ? h('a', { href: `/profile/${encodeURIComponent(seat.user.name)}` }, seat.user.name) : h('span', null, seatName(seat)),
          botBadge(seat && seat.user),
          rating,
          h('span.side-label', null, sideName(state.game, side)),
          state.you === side ? h('span.badge.you', null, t('game.you')) : null,
          thinking ? h('span.thinking-badge', { title: t('game.thinking', { side: sideName(state.game, side) }) }, h('span.dots', { 'aria-hidden': 'true' }, h('i'), h('i'), h('i'))) : null),
        game.playerExtra(view, side),
        h('div', { class: ['clock', toMove ? 'running' : ''], 'data-side': side }, '—'),
      );
      el.classList.toggle('to-move', toMove);
    },
  };
}
