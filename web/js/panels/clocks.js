// The clocks in the player bars: their reading at this instant (the
// running side's time counts down between the server's reports), low
// under 20 seconds, `∞` for an untimed game. Called ten times a second.

import { formatMs, clockText } from '../pages/common.js';
import { clockMs, LOW_TIME_MS } from '../game-state.js';

/** Update every `.clock[data-side]` under `root` for `state` at `now`. */
export function drawClocks(root, state, now = Date.now()) {
  for (const el of root.querySelectorAll('.clock')) {
    const side = Number(el.dataset.side);
    const ms = clockMs(state, side, now);
    if (ms === null) {
      el.textContent = '∞';
      el.title = clockText(state.clock);
      el.classList.add('untimed');
      continue;
    }
    el.textContent = formatMs(ms);
    el.classList.toggle('low', ms < LOW_TIME_MS);
  }
}
