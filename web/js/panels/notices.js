// The notice area of the game page: the opponent's draw offer and
// takeback request with accept/decline buttons (`offersOf` in
// game-state.js), and short-lived messages (a refused move, a lost
// connection) that fade after four seconds.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { offersOf } from '../game-state.js';

/** The area; `update(state, send)` redraws the offers, `flash(message)` shows a message. */
export function noticesPanel() {
  const el = h('div.notice-area');
  return {
    el,
    flash(message) {
      const toast = h('div.alert.toast', { role: 'alert' }, message);
      el.prepend(toast);
      setTimeout(() => toast.remove(), 4000);
    },
    update(state, send) {
      const offers = offersOf(state);
      const out = [];
      if (offers.draw) {
        out.push(h('div.card.offer#draw-offer', null, t('game.draw_offered'),
          h('button.btn.small.primary', { onclick: () => send('draw-accept') }, t('game.accept')),
          h('button.btn.small.ghost', { onclick: () => send('draw-decline') }, t('game.decline'))));
      }
      if (offers.takeback) {
        out.push(h('div.card.offer#takeback-offer', null, t('game.takeback_requested'),
          h('button.btn.small.primary', { onclick: () => send('takeback-accept') }, t('game.accept')),
          h('button.btn.small.ghost', { onclick: () => send('takeback-decline') }, t('game.decline'))));
      }
      // Messages stay; the offers are redrawn.
      for (const child of [...el.children]) if (!child.classList.contains('toast')) child.remove();
      el.append(...out);
    },
  };
}
