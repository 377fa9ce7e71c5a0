// The chips under the game's title (clock, rated or casual, options that
// differ from the defaults) and the game module's extra (`infoExtra`:
// Chess Football's scoreboard).

import { h, replace } from '../dom.js';
import { t } from '../i18n.js';
import { clockText, optionsText } from '../pages/common.js';

/** The info area; `update(state, view, game)` redraws it. */
export function gameInfo() {
  const el = h('div.game-info');
  return {
    el,
    update(state, view, game) {
      const parts = [h('span.chip', null, clockText(state.clock)), h('span.chip', null, t(state.rated ? 'lobby.rated' : 'lobby.casual'))];
      const opts = optionsText(state.game, state.options);
      if (opts) parts.push(h('span.chip', null, opts));
      const extra = game.infoExtra(view, state);
      if (extra) parts.push(extra);
      replace(el, parts);
    },
  };
}
