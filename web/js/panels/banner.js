// Over the board: the result banner once the game is over (won, lost,
// draw or game over for spectators, the rating change, a rematch for a
// player (panels/rematch.js) — in a tournament game a link back to the
// tournament instead, which pairs the players again itself —, links to a
// new game and the replay; it can be closed), and short flashes such as a goal in Chess Football
// (`moveFlash` of the game module).

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { resultHeadline, resultReason, finalScore, capitalized } from '../results.js';
import { GAMES } from '../games/index.js';
import { bannerOf } from '../game-state.js';
import { rematchControl } from './rematch.js';

/**
 * The banner; `update(state)` shows or hides it; `setTournament(link)`
 * names the tournament of the game (`{id, name}`); `destroy()` when the
 * page goes. Closed (its Close button, or `close()`: the page of a game
 * that was over before it opened shows it only on request), it stays
 * closed until `open()` or something the viewer should answer comes (a
 * rematch offer); `onToggle()` is called when it opens or closes so.
 */
export function resultBanner({ onToggle = () => {} } = {}) {
  const el = h('div.result-banner', { hidden: true, role: 'status' });
  let rematch; // made once, when the banner first shows (undefined before)
  let tournament = null;
  let last = null; // the state last shown
  let closed = false;
  return {
    el,
    destroy() {
      rematch?.destroy();
    },
    close() {
      const was = closed;
      closed = true;
      el.hidden = true;
      if (!was && last?.result) onToggle();
    },
    open() {
      closed = false;
      if (last) this.update(last);
    },
    get closed() {
      return closed;
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
      if (rematch === undefined && !tournament) rematch = rematchControl(state, { onShow: () => { const was = closed; closed = false; el.hidden = false; if (was) onToggle(); } });
      const ratings = b.ratings
        ? h('p.rating-change', null, t('result.rating', { before: Math.round(b.ratings.before), after: Math.round(b.ratings.after) }))
        : null;
      el.hidden = closed;
      // Who won in words, with the score where the game keeps one ("White
      // wins 3–0"); not twice when the headline says it already ("Draw").
      const words = resultHeadline(state.game, b.result, finalScore(GAMES[state.game], b.result, state.position, state.options));
      replace(el,
        h('div.banner-inner', { id: 'result-banner' },
          words === t(b.headline) ? null : h('div.banner-score', null, words),
          h('h2', null, t(b.headline)),
          b.result.reason === 'aborted' ? null : h('p.banner-reason', null, capitalized(resultReason(b.result))),
          ratings,
          rematch ? rematch.el : null,
          h('div.banner-actions', null,
            tournament
              ? h('a.btn.primary#banner-tournament', { href: `/tournament/${tournament.id}` }, t('tournament.back_button'))
              : h('a.btn.primary', { href: '/' }, t('game.new_game')),
            h('a.btn.ghost', { href: `/replay/${state.id}` }, t('game.replay')),
            h('button.btn.ghost', { onclick: () => this.close() }, t('common.close')))));
    },
  };
}

/** A flash `{ title, text }` over the board in `host` for 1.8 seconds. */
export function boardFlash(host, { title, text }) {
  const el = h('div.goal-flash', { role: 'status' }, h('strong', null, title), h('span', null, text));
  host.append(el);
  setTimeout(() => el.remove(), 1800);
}
