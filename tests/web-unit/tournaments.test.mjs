// Unit tests of the tournament pages' pure parts (web/js/pages/tournaments.js):
// the creation body from the form's choices, the countdown, the viewer's
// entry and button, and the standings' rows.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createBody, countdown, yourEntry, action, standingRows, DURATIONS } from '../../web/js/pages/tournaments.js';

const user = (id, guest = false) => ({ id, name: id, guest });
const standing = (id, rank, extra = {}) => ({
  rank, user: user(id), rating: 1500, points: 0, scores: [], fire: false, wins: 0, active: true, playing: null, ...extra,
});

describe('tournament pages', () => {
  test('the creation body', () => {
    assert.deepEqual(createBody({ name: '  ', game: 'loa', options: { size: '6' }, clock: [3, 2], duration: 30, start: 0 }), {
      game: 'loa', options: { size: '6' }, clock: { type: 'realtime', initial_ms: 180000, increment_ms: 2000 }, duration_ms: 1800000,
    });
    const named = createBody({ name: ' Friday ', game: 'pursuit', clock: [1, 0], duration: 10, start: 5 });
    assert.equal(named.name, 'Friday');
    assert.equal(named.start_in_ms, 300000);
    assert.deepEqual(named.options, {});
    assert.ok(DURATIONS.every((m) => m >= 10 && m <= 120), 'within the server\'s bounds');
  });

  test('the countdown to the start, then to the end', () => {
    const s = { starts_at: 10000, ends_at: 70000 };
    assert.deepEqual(countdown({ ...s, status: 'upcoming' }, 4000), { key: 'tournament.status.upcoming', ms: 6000 });
    assert.deepEqual(countdown({ ...s, status: 'running' }, 20000), { key: 'tournament.status.running', ms: 50000 });
    assert.deepEqual(countdown({ ...s, status: 'running' }, 90000), { key: 'tournament.status.running', ms: 0 });
    assert.deepEqual(countdown({ ...s, status: 'finished' }, 90000), { key: 'tournament.status.finished', ms: null });
  });

  test('the viewer\'s entry and button', () => {
    const view = { status: 'running', standings: [standing('a', 1, { playing: 'g1' }), standing('b', 2, { active: false })] };
    assert.deepEqual(yourEntry(view, 'a'), { joined: true, active: true, playing: 'g1' });
    assert.deepEqual(yourEntry(view, 'z'), { joined: false, active: false, playing: null });
    assert.equal(action(view, user('a')), 'withdraw');
    assert.equal(action(view, user('b')), 'join', 'a paused player may come back');
    assert.equal(action(view, user('z')), 'join');
    assert.equal(action(view, user('g', true)), 'signup');
    assert.equal(action(view, null), 'signup');
    assert.equal(action({ ...view, status: 'finishing' }, user('a')), null);
  });

  test('the standings\' rows mark doubled wins, streaks, pauses and the viewer', () => {
    const rows = standingRows([standing('a', 1, { points: 8, scores: [2, 2, 4], fire: true, playing: 'g2' }), standing('b', 2, { active: false, scores: [0] })], 'b');
    assert.deepEqual(rows[0].scores, [{ points: 2, doubled: false }, { points: 2, doubled: false }, { points: 4, doubled: true }]);
    assert.equal(rows[0].fire, true);
    assert.equal(rows[0].playing, 'g2');
    assert.equal(rows[0].you, false);
    assert.equal(rows[1].paused, true);
    assert.equal(rows[1].you, true);
    assert.deepEqual(standingRows(undefined, 'a'), []);
  });
});
