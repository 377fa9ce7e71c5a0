// The status line (a lost connection, waiting, whose turn, the computer
// thinking, the result, a hidden placement's progress, plus the game
// module's `statusSuffix`) and the page title, marked with a dot while it
// is the viewer's turn.

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { gameTitle, sideName } from '../pages/common.js';
import { resultText, finalScore } from '../results.js';
import { GAMES } from '../games/index.js';
import { statusOf } from '../game-state.js';

/**
 * The status line; `update(state, view, mine, game, conn, opts)` redraws
 * it (`conn`: the connection, `{ offline, pending }`; `opts.invited`: the
 * viewer is the player a waiting challenge invites; see `statusOf`).
 */
export function statusLine() {
  const el = h('div.status-line#status-line', { role: 'status', 'aria-live': 'polite' });
  return {
    el,
    update(state, view, mine, game, conn = {}, opts = {}) {
      const s = statusOf(state, mine, conn, opts);
      let text;
      if (s.result) text = resultText(state.game, s.result, finalScore(GAMES[state.game], s.result, state.position, state.options));
      else if (s.key === 'game.to_move' || s.key === 'game.thinking') text = t(s.key, { side: sideName(state.game, s.side) });
      else text = t(s.key, s.params);
      if (!s.offline) text += game.statusSuffix(view, state);
      replace(el, text);
      el.classList.toggle('mine', Boolean(mine) && !s.offline);
      el.classList.toggle('offline', Boolean(s.offline));
      el.classList.toggle('thinking', Boolean(s.thinking));
      document.title = `${mine ? '● ' : ''}${gameTitle(state.game)} — Gamut`;
    },
  };
}
