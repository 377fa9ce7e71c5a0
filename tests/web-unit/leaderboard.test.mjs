// Unit tests of the leaderboard page's pure parts (web/js/pages/leaderboard.js):
// the choice read from the path and checked against the catalogue, the
// path and API query made from it, and the table's rows from the API's
// entries.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { selection, leaderboardPath, leaderboardQuery, tableRows, ALL, LIMIT } from '../../web/js/pages/leaderboard.js';

const CATALOGUE = {
  games: [{ name: 'loa' }, { name: 'pursuit' }, { name: 'football' }],
  speeds: ['bullet', 'blitz', 'rapid', 'classical', 'correspondence'],
};

describe('the leaderboard choice', () => {
  test('from the path, checked against the catalogue', () => {
    assert.deepEqual(selection([], CATALOGUE), { game: 'loa', speed: ALL });
    assert.deepEqual(selection(['football'], CATALOGUE), { game: 'football', speed: ALL });
    assert.deepEqual(selection(['pursuit', 'blitz'], CATALOGUE), { game: 'pursuit', speed: 'blitz' });
    assert.deepEqual(selection(['chess', 'blitz'], CATALOGUE), { game: 'loa', speed: 'blitz' }, 'an unknown game: the first');
    assert.deepEqual(selection(['loa', 'hyper'], CATALOGUE), { game: 'loa', speed: ALL }, 'an unknown speed: every speed');
    assert.deepEqual(selection([undefined, undefined], CATALOGUE), { game: 'loa', speed: ALL });
  });

  test('the path and the API query', () => {
    assert.equal(leaderboardPath({ game: 'loa', speed: ALL }), '/leaderboard/loa');
    assert.equal(leaderboardPath({ game: 'football', speed: 'rapid' }), '/leaderboard/football/rapid');
    assert.deepEqual(leaderboardQuery({ game: 'loa', speed: ALL }), { limit: String(LIMIT) });
    assert.deepEqual(leaderboardQuery({ game: 'loa', speed: 'blitz' }), { speed: 'blitz', limit: String(LIMIT) });
    assert.ok(LIMIT >= 1 && LIMIT <= 100, 'within the API\'s limit');
    // Each choice's path reads back as the same choice.
    for (const game of ['loa', 'football']) {
      for (const speed of [ALL, ...CATALOGUE.speeds]) {
        const parts = leaderboardPath({ game, speed }).split('/').slice(2);
        assert.deepEqual(selection(parts, CATALOGUE), { game, speed });
      }
    }
  });
});

describe('the leaderboard table', () => {
  const entries = [
    { rank: 1, name: 'alice', speed: 'blitz', rating: 1662.49, deviation: 210.26, games: 3 },
    { rank: 2, name: 'bob', speed: 'rapid', rating: 1337.5, deviation: 290.4, games: 1 },
  ];

  test('ratings rounded, margins twice the deviation, the viewer marked', () => {
    assert.deepEqual(tableRows(entries, { name: 'bob', guest: false }), [
      { rank: 1, name: 'alice', rating: 1662, margin: 421, games: 3, speed: 'blitz', you: false },
      { rank: 2, name: 'bob', rating: 1338, margin: 581, games: 1, speed: 'rapid', you: true },
    ]);
  });

  test('nobody is marked for a guest or nobody signed in; no entries give no rows', () => {
    assert.ok(tableRows(entries, null).every((r) => !r.you));
    assert.ok(tableRows(entries, { name: 'alice', guest: true }).every((r) => !r.you));
    assert.deepEqual(tableRows([], null), []);
    assert.deepEqual(tableRows(undefined, null), []);
  });
});
