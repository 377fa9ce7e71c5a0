// The result banner's rematch (rematch.js has the logic): a "Rematch"
// button for a player of a finished game. Against the computer the new
// game starts at once and the page goes to it. Between people the offer
// waits for the opponent: the offerer sees "Rematch offered" and watches
// the new game on its own socket, going to it when it starts; the
// opponent sees "NAME offers a rematch" with Accept and Decline, read
// with `GET /api/games/{id}/rematch` when the banner shows and again
// whenever a notification (notify-feed.js) says something changed.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { api, LiveSocket } from '../api.js';
import { errorText } from '../errors.js';
import { go } from '../navigate.js';
import { onNotification, onFeedChange, answered, currentFeed } from '../notify-feed.js';
import * as R from '../rematch.js';

/**
 * The rematch part of the banner for the finished game `state`, or null
 * when the viewer may not ask for one. `{ el, destroy() }`; `onShow()` is
 * called when something the viewer should answer comes (the banner shows
 * again if it was closed).
 */
export function rematchControl(state, { onShow = () => {} } = {}) {
  const who = R.rematchOf(state);
  if (!who) return null;
  const id = state.id;
  const el = h('div.rematch#rematch-area', { 'aria-live': 'polite' });
  let phase = 'none';
  let newGame = null; // the rematch's id, once known
  let error = null;
  let watch = null; // the socket of the rematch the viewer offered
  let dead = false;
  // The latest read of the offer: only its answer is taken. A phase set
  // otherwise (the viewer's offer or answer, a notification) counts as
  // one, so that a read sent before it, answering after, cannot take the
  // page back (an offerer shown "Rematch" again, no longer watching).
  let loads = 0;

  const draw = () => {
    if (dead) return;
    const v = R.rematchView(phase, who.name);
    const buttons = {
      offer: () => h('button.btn.primary#rematch', { type: 'button', disabled: v.busy, onclick: offer }, t('game.rematch')),
      accept: () => h('button.btn.primary#rematch-accept', { type: 'button', onclick: accept }, t('game.accept')),
      decline: () => h('button.btn.ghost#rematch-decline', { type: 'button', onclick: decline }, t('game.decline')),
      open: () => h('a.btn.primary#rematch-open', { href: `/game/${newGame}` }, t('game.rematch_open')),
    };
    replace(el,
      v.text ? h('p.rematch-status#rematch-status', { class: ['rematch-status', phase] }, t(v.text, v.params)) : null,
      v.buttons.length ? h('div.rematch-buttons', null, v.buttons.map((b) => buttons[b]())) : null,
      error ? h('p.alert.rematch-error', { role: 'alert' }, error) : null);
  };

  const setPhase = (next, err = null) => {
    loads += 1;
    phase = next;
    error = err;
    if (phase === 'waiting') watchGame(); else stopWatch();
    if (phase === 'offered') onShow();
    draw();
  };

  /** The offer after this game, and the state of its game. */
  const load = async () => {
    const mine = ++loads;
    try {
      const offer = await api.rematch(id);
      let status = null;
      if (offer.game) {
        status = await api.game(offer.game).then((g) => g.status, (err) => {
          if (err.status === 404) return 'gone';
          throw err;
        });
      }
      if (dead || mine !== loads) return;
      newGame = offer.game;
      const next = R.phaseOf(offer, status, who.me);
      // A declined offer's phase stays until the viewer offers again.
      if (next === 'none' && (phase === 'declined' || phase === 'refused')) return;
      // An offer answered from the bell's list while this read was on its way.
      setPhase(next === 'offered' ? answeredPhase(currentFeed()) || next : next);
    } catch (err) {
      if (!dead && mine === loads) { error = errorText(err); draw(); }
    }
  };

  /** Watch the rematch the viewer offered: go to it when it starts. */
  const watchGame = () => {
    if (watch || !newGame) return;
    const target = newGame;
    watch = new LiveSocket(`/api/games/${target}/ws`, {
      onMessage: (msg) => {
        if (R.startedBy(msg)) {
          stopWatch();
          go(`/game/${target}`);
        }
      },
      // Deleted: the opponent declined (the notification says so too).
      onStatus: (s) => { if (s === 'unknown' && newGame === target) { watch = null; setPhase('declined'); } },
    });
  };
  const stopWatch = () => {
    watch?.close();
    watch = null;
  };

  const offer = async () => {
    setPhase('sending');
    try {
      const res = await api.offerRematch(id);
      newGame = res.game.id;
      // Against the computer (or when the opponent had offered too) it has started.
      if (res.game.status !== 'waiting') {
        go(res.url || `/game/${newGame}`);
        return;
      }
      setPhase('waiting');
    } catch (err) {
      setPhase('none', errorText(err));
    }
  };

  /** The notifications about this offer (the bell's list) are answered too. */
  const markAnswered = (outcome) => {
    for (const n of currentFeed().items) {
      if (n.kind === 'rematch' && n.game === newGame) answered(n.id, outcome);
    }
  };

  /** An answer refused (the offer was withdrawn meanwhile): say why, and read it again. */
  const failed = async (err) => {
    const message = errorText(err);
    await load();
    error = message;
    draw();
  };

  const accept = async () => {
    try {
      const res = await api.offerRematch(id);
      markAnswered('accepted');
      go(res.url || `/game/${res.game.id}`);
    } catch (err) {
      failed(err);
    }
  };

  const decline = async () => {
    try {
      await api.declineRematch(id);
      markAnswered('declined');
      setPhase('refused');
    } catch (err) {
      failed(err);
    }
  };

  const off = onNotification((n) => {
    if (who.computer) return;
    if (n.kind === 'rematch-declined' && n.game === id) setPhase('declined');
    else if (n.kind === 'rematch' && n.from?.id !== who.me) load();
  });

  /** The phase after the viewer's answer to the offer from the bell's list, or null. */
  const answeredPhase = (feed) => {
    const n = newGame && feed.items.find((x) => x.kind === 'rematch' && x.game === newGame && feed.answered[x.id]);
    if (!n) return null;
    return feed.answered[n.id] === 'declined' ? 'refused' : 'started';
  };

  // Answered from the bell's list meanwhile: the banner follows.
  const offFeed = onFeedChange((feed) => {
    if (phase !== 'offered') return;
    const next = answeredPhase(feed);
    if (next) setPhase(next);
  });

  draw();
  if (!who.computer) load();
  return {
    el,
    destroy() {
      dead = true;
      off();
      offFeed();
      stopWatch();
    },
  };
}
