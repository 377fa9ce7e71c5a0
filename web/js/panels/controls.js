// The game's controls card: abort, resign (confirmed), offer a draw, ask
// for a takeback while playing; replay, analysis, export and a new game
// once over;
// join, or the invitation link and cancel, while waiting. Which ones show
// is `controlsOf` (game-state.js).

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { controlsOf } from '../game-state.js';
import { confirmDialog } from './confirm.js';

/**
 * The controls; `update(state, on)` redraws them, `on` having `send(type)`
 * (a WebSocket request), `join()` and `cancel()`.
 */
export function controlsPanel() {
  const el = h('div.controls');
  return {
    el,
    update(state, on) {
      const make = {
        abort: () => h('button.btn.ghost#abort', { onclick: () => on.send('abort') }, t('game.abort')),
        resign: () => h('button.btn.ghost#resign', { onclick: () => confirmDialog(t('game.confirm_resign'), () => on.send('resign')) }, t('game.resign')),
        'offer-draw': (c) => h('button.btn.ghost#offer-draw', { disabled: c.disabled, onclick: () => on.send('draw-offer') }, t('game.offer_draw')),
        takeback: (c) => h('button.btn.ghost#takeback', { disabled: c.disabled, onclick: () => on.send('takeback-request') }, t('game.takeback')),
        replay: () => [
          h('a.btn.ghost#open-replay', { href: `/replay/${state.id}` }, t('game.replay')),
          h('a.btn.ghost#open-analysis', { href: `/analysis/${state.id}` }, t('analysis.open')),
        ],
        export: () => h('a.btn.ghost', { href: `/api/games/${state.id}/export`, download: `${state.game}-${state.id}.txt` }, t('game.export')),
        'new-game': () => h('a.btn.primary', { href: '/' }, t('game.new_game')),
        join: () => h('button.btn.primary#join-game', { onclick: () => on.join() }, t('lobby.join')),
        invite: () => h('div.invite', null, t('game.invite'), h('input.copy', { readonly: true, value: location.href, onclick: (e) => e.target.select() })),
        cancel: () => h('button.btn.ghost', { onclick: () => on.cancel() }, t('lobby.cancel')),
      };
      const btns = controlsOf(state).map((c) => make[c.id](c));
      replace(el, btns.length ? h('div.card.controls-card', null, btns) : null);
    },
  };
}
