// The moves that are not made on the board (a pass, a draw declaration,
// Chess Football's team choice): the game module's `actionPanel` takes
// those it draws itself, the rest are buttons; a hint while pieces are
// to be placed from the tray (the game module's `placementHint` when it
// has a word to say about the tray, such as a piece that must wait).

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';

/** The actions area; `update(actions, legal, game, send)` redraws it. */
export function actionsPanel() {
  const el = h('div.action-area');
  return {
    el,
    /**
     * `actions`: the board's non-board moves (`{ action }`); `legal`: the
     * moves offered now; `send(text)` plays one; `view`: the position shown.
     */
    update(actions, legal, game, send, view = null) {
      const { panel, rest } = game.actionPanel(actions, send);
      const out = [];
      if (panel) out.push(panel);
      for (const m of rest) {
        out.push(h('button.btn.primary.action-btn', { dataset: { move: m.action }, onclick: () => send(m.action) }, t(`action.${game.id}.${m.action}`)));
      }
      if (legal.some((m) => m.includes('@')) && !panel) {
        const note = game.placementHint ? game.placementHint(view, legal) : null;
        if (note) out.push(h('p.hint.tray-note#tray-note', null, note));
        out.push(h('p.hint', null, t('game.placement_hint')));
      }
      replace(el, out.length ? h('div.card.actions-card', null, out) : null);
    },
  };
}
