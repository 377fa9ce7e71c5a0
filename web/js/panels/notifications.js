// The header's bell (docs/api.md, "Notifications"): a badge with the
// unseen count, and a list that opens under it: challenges and rematch
// offers with Accept and Decline (while their game waits), declined
// challenges and rematches, one's turn and the end of correspondence
// games, each with its link. Opening the list marks everything seen. The
// live feed is notify-feed.js; what each kind shows is notifications.js.
//
// Names come from the server: they are put in the page as text nodes only.

import { h, replace } from '../dom.js';
import { t, language } from '../i18n.js';
import { api } from '../api.js';
import { icon } from '../icons.js';
import { errorText } from '../errors.js';
import { currentUser } from '../session.js';
import { go } from '../navigate.js';
import { gameTitle, clockText } from '../pages/common.js';
import { timeLeftText } from '../deadline.js';
import { currentFeed, onFeedChange, markAllSeen, refresh, answered } from '../notify-feed.js';
import * as N from '../notifications.js';

/** What is known of the games of challenges and rematch offers, by id: a game state, or 'gone'. */
const games = new Map();

/**
 * The finished game a rematch offer `n` follows (its notification names
 * the new game only), or null: among the viewer's last finished games
 * against the offerer, the one whose pending rematch is `n.game`.
 */
async function rematchSource(n) {
  const me = currentUser();
  if (!me || !n.from) return null;
  const { games: list } = await api.userGames(me.name);
  for (const id of N.rematchCandidates(list, me.id, n.from.id)) {
    const offer = await api.rematch(id).catch(() => null);
    if (offer && offer.game === n.game) return id;
  }
  return null;
}

/** The bell and its list (closed), for the header's tools. */
export function notificationBell() {
  const badge = h('span.notify-badge#notify-badge', { hidden: true, 'aria-hidden': 'true' });
  const button = h('button.icon-btn.notify-button#notify-button', {
    type: 'button',
    'aria-expanded': 'false',
    'aria-controls': 'notify-panel',
    onclick: () => setOpen(panel.hidden),
  }, icon('bell'), badge);
  const list = h('ul.notify-list#notify-list');
  const panel = h('div.notify-panel#notify-panel', { hidden: true, role: 'region', 'aria-label': t('notification.title') },
    h('div.notify-head', null, h('h2', null, t('notification.title'))),
    list);
  const menu = h('div.notify-menu', null, button, panel);
  const errors = new Map(); // notification id → the refusal of its answer
  const busy = new Set();

  const drawBadge = (feed) => {
    const n = N.unseenCount(feed);
    badge.hidden = !n;
    badge.textContent = N.badgeText(n);
    const label = n ? t('notification.unseen', { n }) : t('notification.title');
    button.title = label;
    button.setAttribute('aria-label', label);
    button.classList.toggle('has-unseen', n > 0);
  };

  const act = async (n, what) => {
    busy.add(n.id);
    errors.delete(n.id);
    drawList();
    try {
      if (what === 'accept') {
        // A challenge, or a rematch offer: joining its waiting game starts it.
        await api.join(n.game);
        answered(n.id, 'accepted');
        setOpen(false);
        go(`/game/${n.game}`);
      } else if (n.kind === 'rematch') {
        const source = await rematchSource(n);
        if (source) await api.declineRematch(source);
        else await api.decline(n.game);
        answered(n.id, 'declined');
      } else {
        await api.decline(n.game);
        answered(n.id, 'declined');
      }
    } catch (err) {
      errors.set(n.id, errorText(err));
      if (err.status === 404 || err.status === 409) games.set(n.game, 'gone');
    } finally {
      busy.delete(n.id);
      drawList();
    }
  };

  const item = (n, now, lang) => {
    const game = n.game ? games.get(n.game) : undefined;
    const d = N.describe(n, { answered: currentFeed().answered[n.id], game });
    const who = d.name ?? t('notification.someone');
    const [before, after] = t(d.key, { name: '\u0000' }).split('\u0000');
    const text = h('span.notify-text', null, before, h('strong', null, who), after ?? '');
    const detail = game && game !== 'gone' && game.game
      ? h('span.notify-detail.muted.small', null, `${gameTitle(game.game)} · ${clockText(game.clock)}${game.rated ? ` · ${t('lobby.rated')}` : ''}`)
      : null;
    const time = h('time.notify-time.muted.small', { datetime: new Date(n.at).toISOString() }, N.agoText(n.at, now, lang));
    const main = d.href
      ? h('a.notify-link', { href: d.href, onclick: () => setOpen(false) }, text, detail)
      : h('span.notify-link', null, text, detail);
    const buttons = d.actions.length
      ? h('div.notify-actions', null,
          h('button.btn.small.primary.notify-accept', { type: 'button', disabled: busy.has(n.id), onclick: () => act(n, 'accept') }, t('game.accept')),
          h('button.btn.small.ghost.notify-decline', { type: 'button', disabled: busy.has(n.id), onclick: () => act(n, 'decline') }, t('game.decline')))
      : null;
    return h('li.notify-item', { class: ['notify-item', n.seen ? '' : 'unseen'], dataset: { id: n.id, kind: n.kind, game: n.game || '' } },
      main, time,
      d.note ? h('span.notify-note.small', null, t(d.note)) : null,
      d.deadline > now ? h('span.notify-deadline.small', null, timeLeftText(d.deadline, now)) : null,
      buttons,
      errors.has(n.id) ? h('p.alert.notify-error', { role: 'alert' }, errors.get(n.id)) : null);
  };

  const drawList = () => {
    if (panel.hidden) return;
    const feed = currentFeed();
    const now = Date.now();
    const lang = language();
    replace(list, feed.items.length
      ? feed.items.map((n) => item(n, now, lang))
      : h('li.notify-empty.muted', null, t('notification.empty')));
  };

  /** Read the games that can still be answered (whether they still wait, what they are). */
  const readGames = () => {
    for (const n of currentFeed().items) {
      if (!['challenge', 'rematch'].includes(n.kind) || !n.game || games.has(n.game) || currentFeed().answered[n.id]) continue;
      games.set(n.game, undefined);
      // An answer refused meanwhile may have found the game gone: kept so.
      const asked = () => games.has(n.game) && games.get(n.game) === undefined;
      api.game(n.game).then((g) => { if (asked()) games.set(n.game, g); }, (err) => {
        if (!asked()) return;
        if (err.status === 404) games.set(n.game, 'gone'); else games.delete(n.game);
      }).then(drawList);
    }
  };

  function setOpen(open) {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('open', open);
    if (!open) return;
    drawList();
    markAllSeen();
    refresh();
    readGames();
  }
  menu.close = () => setOpen(false);

  drawBadge(currentFeed());
  const off = onFeedChange((feed) => {
    // A header drawn again (the user or the language changed) has a new bell.
    if (!menu.isConnected) { off(); return; }
    drawBadge(feed);
    if (!panel.hidden) {
      // What comes while the list is open is seen.
      if (N.unseenCount(feed)) markAllSeen();
      readGames();
      drawList();
    }
  });
  return menu;
}

// One listener for the page: a press outside the open list, or Escape, closes it.
if (typeof document !== 'undefined' && document.addEventListener) {
  document.addEventListener('pointerdown', (e) => {
    const menu = document.querySelector('.notify-menu');
    if (menu && menu.classList.contains('open') && !menu.contains(e.target)) menu.close();
  });
  document.addEventListener('keydown', (e) => {
    const menu = document.querySelector('.notify-menu');
    if (e.key !== 'Escape' || !menu || !menu.classList.contains('open')) return;
    menu.close();
    menu.querySelector('#notify-button').focus();
  });
}
