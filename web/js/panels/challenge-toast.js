// A challenge that comes while the player is anywhere in the app pops up
// as a toast (bottom right; the width of the screen on a phone): "alice
// challenges you", the game's terms, and Accept, Decline and View. It goes
// by itself after a while (not while the pointer or the focus is on it),
// or when clicked; not shown on the challenge's own page (which asks
// itself) nor once its game no longer waits; it goes too once the
// challenge is seen in the bell's list or answered anywhere. The feed is
// notify-feed.js; the bell keeps the same challenge with the same buttons.
//
// Names come from the server: they are put in the page as text nodes only.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { api } from '../api.js';
import { go } from '../navigate.js';
import { errorText } from '../errors.js';
import { onNotification, onFeedChange, answered, currentFeed } from '../notify-feed.js';
import { challengeTerms } from '../pages/challenge.js';

/** How long a toast stays, in ms. */
export const TOAST_MS = 15000;

let stack = null;
const open = new Map(); // notification id → its toast's close()

function host() {
  if (!stack) stack = h('div.toast-stack#toast-stack', { 'aria-live': 'polite' });
  if (!stack.isConnected) document.body.append(stack);
  return stack;
}

const onItsPage = (n) => location.pathname === `/game/${n.game}`;

/** Seen in the bell's list, or answered, meanwhile. */
function handled(n) {
  const feed = currentFeed();
  return Boolean(feed.answered[n.id] || feed.items.find((m) => m.id === n.id)?.seen);
}

/** Show the toast of challenge `n` if its game still waits. */
async function show(n) {
  if (open.has(n.id) || onItsPage(n)) return;
  let game;
  try {
    game = await api.game(n.game);
  } catch {
    return; // gone, or no connection: the bell has it
  }
  if (game.status !== 'waiting' || onItsPage(n) || open.has(n.id) || handled(n)) return;
  const who = n.from?.name ?? t('notification.someone');
  const [before, after] = t('notification.challenge', { name: '\u0000' }).split('\u0000');
  const error = h('p.alert.toast-error', { role: 'alert', hidden: true });
  let timer = null;
  let busy = false;
  const el = h('section.card.challenge-toast', {
    dataset: { game: n.game, id: n.id },
    'aria-label': t('notification.challenge', { name: who }),
    // A click anywhere on it (not on a button) puts it away.
    onclick: (e) => { if (!e.target.closest('button')) close(); },
    onpointerenter: () => clearTimeout(timer),
    onpointerleave: () => arm(),
    onfocusin: () => clearTimeout(timer),
    onfocusout: (e) => { if (!el.contains(e.relatedTarget)) arm(); },
  },
    h('p.toast-title', null, before, h('strong', null, who), after ?? ''),
    h('p.toast-terms.muted.small', null, challengeTerms(game)),
    h('div.toast-actions', null,
      h('button.btn.small.primary.toast-accept', { type: 'button', onclick: () => act('accept') }, t('game.accept')),
      h('button.btn.small.ghost.toast-decline', { type: 'button', onclick: () => act('decline') }, t('game.decline')),
      h('button.btn.small.ghost.toast-view', { type: 'button', onclick: () => { close(); go(`/game/${n.game}`); } }, t('notification.view'))),
    error);

  function arm() {
    clearTimeout(timer);
    timer = setTimeout(close, TOAST_MS);
  }
  function close() {
    clearTimeout(timer);
    el.remove();
    open.delete(n.id);
  }
  async function act(what) {
    if (busy) return;
    busy = true;
    for (const b of el.querySelectorAll('button')) b.disabled = true;
    try {
      if (what === 'accept') {
        await api.join(n.game);
        answered(n.id, 'accepted');
        close();
        go(`/game/${n.game}`);
      } else {
        await api.decline(n.game);
        answered(n.id, 'declined');
        close();
      }
    } catch (err) {
      error.hidden = false;
      error.textContent = errorText(err);
      for (const b of el.querySelectorAll('button')) b.disabled = false;
      arm();
    } finally {
      busy = false;
    }
  }

  open.set(n.id, close);
  host().prepend(el);
  arm();
}

/** Toast the challenges that come from now on (called once at boot). */
export function startChallengeToasts() {
  onNotification((n) => {
    if (n.kind === 'challenge' && n.game) show(n);
  });
  // Answered elsewhere (the bell, the challenge's page), or seen in the
  // bell's list: its toast goes.
  onFeedChange((feed) => {
    for (const [id, close] of [...open]) if (handled({ id })) close();
  });
  // Going to the challenge's page: the page asks; its toast goes.
  addEventListener('popstate', () => {
    for (const el of document.querySelectorAll('.challenge-toast')) {
      if (location.pathname === `/game/${el.dataset.game}`) open.get(el.dataset.id)?.();
    }
  });
}
