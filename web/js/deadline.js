// Correspondence by days per move ({"type": "correspondence",
// "days_per_move": N}): the choices the create-game form offers, the
// deadline of the side to move from a game's clocks, and a time left as
// words ("2 days 3 h left"), for the game page, "Your games" and the
// your-turn notification. Pure, unit-tested in tests/web-unit.

import { t } from './i18n.js';

/** The days per move the server accepts (docs/api.md, "Clock control"). */
export const DAYS_PER_MOVE = [1, 2, 3, 5, 7, 10, 14];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** True for a days-per-move clock control. */
export function isDaysPerMove(clock) {
  return clock?.type === 'correspondence';
}

/**
 * When the running clock of `clocks` runs out (server time, ms): the
 * earliest of the running sides' `at + ms`; null when none runs.
 */
export function deadlineOf(clocks) {
  if (!clocks) return null;
  const running = [0, 1].filter((side) => clocks.running === side || clocks.placing?.[side]);
  if (!running.length) return null;
  return Math.min(...running.map((side) => clocks.at + Math.max(0, clocks.ms[side])));
}

/**
 * A duration as its two largest units, rounded down: "2 days 3 h",
 * "5 h 12 min", "12 min", "45 s" (none below zero).
 */
export function durationText(ms) {
  const v = Math.max(0, ms);
  const days = Math.floor(v / DAY);
  const hours = Math.floor((v % DAY) / HOUR);
  const minutes = Math.floor((v % HOUR) / MINUTE);
  if (days) return hours ? `${t('time.days', { n: days })} ${t('time.hours', { n: hours })}` : t('time.days', { n: days });
  if (hours) return minutes ? `${t('time.hours', { n: hours })} ${t('time.minutes', { n: minutes })}` : t('time.hours', { n: hours });
  if (minutes) return t('time.minutes', { n: minutes });
  return t('time.seconds', { n: Math.floor(v / SECOND) });
}

/** The time left until `deadline` at `now`, in words: "2 days 3 h left". */
export function timeLeftText(deadline, now) {
  return t('deadline.left', { time: durationText(deadline - now) });
}

/** A days-per-move control's name: "3 days per move". */
export function daysPerMoveText(clock) {
  return t('clock.days_per_move', { n: clock.days_per_move });
}
