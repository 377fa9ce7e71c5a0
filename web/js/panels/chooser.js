// When one from/to pair stands for several moves (a promotion piece, a
// dribble or a shot into the goal), ask which one.

import { h } from '../dom.js';
import { t, has } from '../i18n.js';

function label(game, m) {
  if (m.promo) return t('choose.promote', { piece: t(`piece.${m.promo}`) });
  const key = `choose.${game.id}.${m.kind}`;
  return has(key) ? t(key) : m.text;
}

let dismissOpen = null; // closes the chooser on screen, if any

/** Resolves to the chosen move text, or null when dismissed. */
export function chooseMove(game, candidates) {
  dismissOpen?.();
  return new Promise((resolve) => {
    const done = (v) => { dismissOpen = null; dlg.close(); dlg.remove(); resolve(v); };
    dismissOpen = () => done(null);
    const dlg = h('dialog.chooser', { 'aria-label': t('choose.title') },
      h('h3', null, t('choose.title')),
      h('div.chooser-options', null, candidates.map((m) => h('button.btn.choice', { dataset: { move: m.text }, onclick: () => done(m.text) }, h('strong', null, label(game, m)), h('span.muted', null, ` ${m.text}`)))),
      h('button.btn.ghost.small', { onclick: () => done(null) }, t('common.cancel')));
    dlg.addEventListener('cancel', (e) => { e.preventDefault(); done(null); });
    document.body.append(dlg);
    dlg.showModal();
  });
}

/** Close the chooser, if open, as if dismissed (the choice is moot now). */
export function dismissChooser() {
  dismissOpen?.();
}
