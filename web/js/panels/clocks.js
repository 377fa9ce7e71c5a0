// The clocks in the player bars: their reading at this instant (the
// running side's time counts down between the server's reports), low
// under 20 seconds, `∞` for an untimed game, the initial time while a
// timed game waits for its players, stopped while the connection is lost.
// By days per move the time reads in words: the side to move's "2 days
// 3 h left" (its deadline as the title), the other's days per move.
// Called ten times a second.

import { formatMs, clockText } from '../pages/common.js';
import { clockMs, LOW_TIME_MS } from '../game-state.js';
import { isDaysPerMove, durationText, timeLeftText } from '../deadline.js';
import { language } from '../i18n.js';

/** A days-per-move clock is low in its last hour. */
const LOW_DAYS_MS = 3600000;

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
    if (isDaysPerMove(state.clock)) {
      const running = state.status === 'live' && state.clocks?.running === side;
      el.textContent = running ? timeLeftText(now + ms, now) : durationText(ms);
      el.title = running ? new Date(now + ms).toLocaleString(language()) : clockText(state.clock);
      el.classList.add('days');
      el.classList.toggle('low', running && ms < LOW_DAYS_MS);
      continue;
    }
    el.textContent = formatMs(ms);
    el.classList.toggle('low', ms < LOW_TIME_MS);
  }
}
