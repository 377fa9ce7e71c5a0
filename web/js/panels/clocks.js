// The clocks in the player bars: their reading at this instant (the
// running side's time counts down between the server's reports), low
// under 20 seconds, `∞` for an untimed game, the initial time while a
// timed game waits for its players, stopped while the connection is lost.
// Called ten times a second.

import { formatMs, clockText } from '../pages/common.js';
import { clockMs, LOW_TIME_MS } from '../game-state.js';

/**
 * Update every `.clock[data-side]` under `root` for `state` at `now`;
 * `stopped` (the connection is lost): the clocks show their reading at
 * `now` and are marked stopped.
 */
export function drawClocks(root, state, now = Date.now(), stopped = false) {
  for (const el of root.querySelectorAll('.clock')) {
    const side = Number(el.dataset.side);
    const ms = clockMs(state, side, now);
    el.classList.toggle('stopped', stopped);
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
