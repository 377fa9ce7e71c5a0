// Unit tests of correspondence by days per move in the client
// (web/js/deadline.js): the deadline from a game's clocks, a time left in
// words, the control's name, and the days the form offers.

import { test, describe, before } from 'node:test';
import assert from 'node:assert/strict';
import { useEnglish } from './english.mjs';
import { DAYS_PER_MOVE, isDaysPerMove, deadlineOf, durationText, timeLeftText, daysPerMoveText } from '../../web/js/deadline.js';
import { clockText } from '../../web/js/pages/common.js';
import { clockMs } from '../../web/js/game-state.js';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

before(useEnglish);

describe('days per move', () => {
  test('the days the server accepts', () => {
    assert.deepEqual(DAYS_PER_MOVE, [1, 2, 3, 5, 7, 10, 14]);
    assert.equal(isDaysPerMove({ type: 'correspondence', days_per_move: 3 }), true);
    assert.equal(isDaysPerMove({ type: 'untimed' }), false);
    assert.equal(isDaysPerMove(undefined), false);
  });

  test('the deadline is the running clock running out', () => {
    assert.equal(deadlineOf({ ms: [3 * D, 2 * D], running: 1, at: 1000, placing: [false, false] }), 1000 + 2 * D);
    assert.equal(deadlineOf({ ms: [3 * D, 2 * D], running: null, at: 1000, placing: [false, false] }), null);
    assert.equal(deadlineOf({ ms: [H, 2 * H], running: null, at: 0, placing: [true, true] }), H, 'the earlier while both place');
    assert.equal(deadlineOf(null), null);
  });

  test('a time left reads in its two largest units', () => {
    assert.equal(durationText(2 * D + 3 * H + 59 * MIN), '2 days 3 h');
    assert.equal(durationText(D), '1 day');
    assert.equal(durationText(5 * H + 12 * MIN + 30 * S), '5 h 12 min');
    assert.equal(durationText(3 * H), '3 h');
    assert.equal(durationText(12 * MIN + 59 * S), '12 min');
    assert.equal(durationText(45 * S + 900), '45 s');
    assert.equal(durationText(-5), '0 s');
    assert.equal(timeLeftText(10 * D + 2 * D + 3 * H, 10 * D), '2 days 3 h left');
  });

  test('the control is named by its days', () => {
    const three = { type: 'correspondence', days_per_move: 3 };
    assert.equal(daysPerMoveText(three), '3 days per move');
    assert.equal(clockText({ type: 'correspondence', days_per_move: 1 }), '1 day per move');
    assert.equal(clockText({ type: 'untimed' }), 'Untimed');
    // A waiting game's clocks show each side's days for its first move.
    assert.equal(clockMs({ clock: three, clocks: null, status: 'waiting' }, 0, 0), 3 * D);
  });
});
