// The game's controls card: abort, resign (confirmed), offer a draw, ask
// for a takeback while playing; replay, analysis, export and a new game
// once over;
// join, or the invitation link (with a button that copies it) and
// cancel, while waiting. Which ones show is `controlsOf` (game-state.js);
// once over, "Result" shows the result banner again if it was closed.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { controlsOf } from '../game-state.js';
import { confirmDialog } from './confirm.js';

/**
 * Copy `text` to the clipboard (`navigator.clipboard`; where it is
 * missing or refused, the field `input` is selected and the browser's
 * copy command tried). Resolves true when copied; false leaves the text
 * selected for the player to copy.
 */
export async function copyText(text, input) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    try {
      return Boolean(document.execCommand?.('copy'));
    } catch {
      return false;
    }
  }
}

/**
 * The controls; `update(state, on, opts)` redraws them, `on` having
 * `send(type)` (a WebSocket request), `join()`, `cancel()` and, once the
 * game is over, `showResult()` (shown when `opts.resultClosed`); `opts`
 * also passes `invited` on to `controlsOf`.
 */
export function controlsPanel() {
  const el = h('div.controls');
  let copied = 0; // when the link was last copied (the button says so a moment)
  let copyFailed = false;
  return {
    el,
    update(state, on, opts = {}) {
      const copyLink = () => {
        const input = h('input.copy#invite-link', { readonly: true, value: location.href, 'aria-label': t('game.invite'), onclick: (e) => e.target.select() });
        const fresh = Date.now() - copied < 2500;
        const button = h('button#copy-link', {
          type: 'button',
          class: ['btn', 'small', 'copy-button', fresh && !copyFailed ? 'done' : ''],
          onclick: async () => {
            const ok = await copyText(location.href, input);
            copied = Date.now();
            copyFailed = !ok;
            button.textContent = t(ok ? 'game.copied' : 'game.copy_selected');
            button.classList.toggle('done', ok);
            setTimeout(() => { if (Date.now() - copied >= 2400 && button.isConnected) { button.textContent = t('game.copy_link'); button.classList.remove('done'); } }, 2500);
          },
        }, t(fresh ? (copyFailed ? 'game.copy_selected' : 'game.copied') : 'game.copy_link'));
        return h('div.copy-row', null, input, button);
      };
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
        invite: () => h('div.invite', null, t('game.invite'), copyLink()),
        cancel: () => h('button.btn.ghost#cancel-game', { onclick: () => on.cancel() }, t('lobby.cancel')),
      };
      const btns = controlsOf(state, { invited: opts.invited }).map((c) => make[c.id](c));
      if (state.status === 'finished' && opts.resultClosed && on.showResult) {
        btns.unshift(h('button.btn.ghost#show-result', { type: 'button', onclick: () => on.showResult() }, t('game.show_result')));
      }
      replace(el, btns.length ? h('div.card.controls-card', null, btns) : null);
    },
  };
}
