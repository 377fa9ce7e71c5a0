// The status line (waiting, whose turn, the result, a hidden placement's
// progress, plus the game module's `statusSuffix`) and the page title,
// marked with a dot while it is the viewer's turn.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { gameTitle, sideName, resultText } from '../pages/common.js';
import { statusOf } from '../game-state.js';

/** The status line; `update(state, view, mine, game)` redraws it. */
export function statusLine() {
  const el = h('div.status-line', { role: 'status', 'aria-live': 'polite' });
  return {
    el,
    update(state, view, mine, game) {
      const s = statusOf(state, mine);
      let text;
      if (s.result) text = resultText(state.game, s.result);
      else if (s.key === 'game.to_move') text = t(s.key, { side: sideName(state.game, s.side) });
      else text = t(s.key, s.params);
      text += game.statusSuffix(view, state);
      replace(el, text);
      el.classList.toggle('mine', Boolean(mine));
      document.title = `${mine ? '● ' : ''}${gameTitle(state.game)} — Gamut`;
    },
  };
}
