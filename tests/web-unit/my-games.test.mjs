// Unit tests of the "Your games" page's rows (web/js/pages/my-games.js):
// the user's side, whose turn, the opponent, yours first.

import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { myGameRows, sideOf } from '../../web/js/pages/my-games.js';

const me = { user: { id: 'me', name: 'me', guest: false } };
const bob = { user: { id: 'bob', name: 'bob', guest: false } };
const game = (id, players, toMove, movedAt, createdAt = 1) => ({ id, players, to_move: toMove, moved_at: movedAt, created_at: createdAt });

describe('your games', () => {
  test('the side of the user', () => {
    assert.equal(sideOf(game('a', [me, bob]), 'me'), 0);
    assert.equal(sideOf(game('a', [bob, me]), 'me'), 1);
    assert.equal(sideOf(game('a', [bob, { computer: 'easy' }]), 'me'), -1);
  });

  test('your turn first, then unknown, then theirs; the longest waiting first', () => {
    const games = [
      game('theirs', [me, bob], 1, 50),
      game('yours-late', [bob, me], 1, 40),
      game('yours-early', [me, bob], 0, 10),
      game('both', [me, bob], null, null, 5),
      game('not-mine', [bob, bob], 0, 1),
    ];
    const rows = myGameRows(games, 'me');
    assert.deepEqual(rows.map((r) => [r.game.id, r.turn]), [
      ['yours-early', 'yours'], ['yours-late', 'yours'], ['both', 'both'], ['theirs', 'theirs']]);
    assert.deepEqual(rows[0].opponent, bob);
    assert.deepEqual(rows[1].opponent, bob);
    assert.equal(rows[1].side, 1);
  });

  test('by urgency: the nearest deadline first, games without one after', () => {
    const due = (id, deadline, movedAt) => ({ ...game(id, [me, bob], 0, movedAt), deadline });
    const rows = myGameRows([due('untimed', null, 1), due('in-a-week', 7000, 2), due('tomorrow', 1000, 3), due('theirs', 10, 0)].map((g) => (g.id === 'theirs' ? { ...g, to_move: 1 } : g)), 'me');
    assert.deepEqual(rows.map((r) => r.game.id), ['tomorrow', 'in-a-week', 'untimed', 'theirs']);
  });
});
