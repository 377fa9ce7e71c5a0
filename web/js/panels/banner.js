// Over the board: the result banner once the game is over (won, lost,
// draw or game over for spectators, the rating change, a rematch for a
// player (panels/rematch.js) — in a tournament game a link back to the
// tournament instead, which pairs the players again itself —, links to a
// new game and the replay; it can be closed), and short flashes such as a goal in Chess Football
// (`moveFlash` of the game module).

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { resultText } from '../pages/common.js';
import { bannerOf } from '../game-state.js';
import { rematchControl } from './rematch.js';

/**
 * The banner; `update(state)` shows or hides it; `setTournament(link)`
 * names the tournament of the game (`{id, name}`); `destroy()` when the
 * page goes.
 */
export function resultBanner() {
  const el = h('div.result-banner', { hidden: true, role: 'status' });
  let rematch; // made once, when the banner first shows (undefined before)
  let tournament = null;
  let last = null; // the state last shown
  return {
    el,
    destroy() {
      rematch?.destroy();
    },
    setTournament(link) {
      tournament = link;
      rematch?.destroy();
      rematch = null;
      if (last) this.update(last);
    },
    update(state) {
      last = state;
      const b = bannerOf(state);
      if (!b) { el.hidden = true; return; }
      if (rematch === undefined && !tournament) rematch = rematchControl(state, { onShow: () => { el.hidden = false; } });
      const ratings = b.ratings
        ? h('p.rating-change', null, t('result.rating', { before: Math.round(b.ratings.before), after: Math.round(b.ratings.after) }))
        : null;
      el.hidden = false;
      replace(el,
        h('div.banner-inner', { id: 'result-banner' },
          h('div.banner-score', null, b.result.text),
          h('h2', null, t(b.headline)),
          h('p', null, resultText(state.game, b.result)),
          ratings,
          rematch ? rematch.el : null,
          h('div.banner-actions', null,
            tournament
              ? h('a.btn.primary#banner-tournament', { href: `/tournament/${tournament.id}` }, t('tournament.back_button'))
              : h('a.btn.primary', { href: '/' }, t('game.new_game')),
            h('a.btn.ghost', { href: `/replay/${state.id}` }, t('game.replay')),
            h('button.btn.ghost', { onclick: () => { el.hidden = true; } }, t('common.close')))));
    },
  };
}

/** A flash `{ title, text }` over the board in `host` for 1.8 seconds. */
export function boardFlash(host, { title, text }) {
  const el = h('div.goal-flash', { role: 'status' }, h('strong', null, title), h('span', null, text));
  host.append(el);
  setTimeout(() => el.remove(), 1800);
}
